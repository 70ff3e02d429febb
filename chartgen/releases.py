"""The Determined releases whose chart chartgen reproduces."""

from __future__ import annotations

from chartgen.diagnostics import UsageError

SUPPORTED: tuple[str, ...] = ("0.35.0", "0.38.1")
LATEST = SUPPORTED[-1]


def check_release(app_version: str) -> str:
    if app_version not in SUPPORTED:
        raise UsageError(
            f"unsupported --app-version {app_version!r}: chartgen reproduces the chart of "
            f"Determined {', '.join(SUPPORTED)}"
        )
    return app_version


def release_key(version: str) -> tuple[int, ...]:
    """Order releases numerically, for rules that apply from or until a release."""
    return tuple(int(part) for part in version.split("."))
