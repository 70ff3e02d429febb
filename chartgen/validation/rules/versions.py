"""The Determined version the master image is pulled at: a release or a published commit."""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy

COMMIT = r"[0-9a-f]{40}"
IMAGE_PULL_BACK_OFF = (
    "Determined publishes no images for non-released versions, so the master pod would never start "
    "(ImagePullBackOff)"
)


def version_problem(text: str) -> str | None:
    """Why ``text`` is not an image tag Determined publishes, or None if it is one."""
    if re.fullmatch(COMMIT, text):
        return None
    import semver

    if "dev" in text.lower():
        return f"is a development version: {IMAGE_PULL_BACK_OFF}"
    if semver.Version.is_valid(text):
        version = semver.Version.parse(text)
        if version.prerelease is None and version.build is None:
            return None
        return f"is not a release: use X.Y.Z (such as {version.finalize_version()}) or a commit hash"
    if text[:1] in "vV" and semver.Version.is_valid(text[1:]):
        return f"has a leading {text[0]!r}: Determined's image tags are plain X.Y.Z, such as {text[1:]}"
    return (
        "is neither a release X.Y.Z nor a 40-character commit hash: it is the master image's tag, and a "
        "tag that does not exist ends in ImagePullBackOff"
    )


@rule("det-version")
def det_version(ctx: Context) -> Iterator[Diagnostic]:
    """``detVersion`` overrides the master image tag; it must be a release ``X.Y.Z`` or a 40-hex commit.

    A development version such as ``0.38.2-dev0`` has no published image: the
    chart installs it anyway and the master pod ends in ImagePullBackOff.

    pass: ``detVersion: 0.37.0``
    fail: ``detVersion: 0.38.2-dev0``
    """
    value = ctx.get("detVersion")
    if not (truthy(value) and isinstance(value, str)):
        return  # a number or boolean is the structure rules' type error
    problem = version_problem(value)
    if problem is not None:
        yield ctx.diag("det-version", ("detVersion",), f"detVersion {value!r} {problem}")
