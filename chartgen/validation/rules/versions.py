"""The Determined version the master image is pulled at: a release or a published commit."""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy

COMMIT = r"[0-9a-f]{40}"
# Semantic Versioning 2.0.0 (semver.org): numbers without leading zeros, then optional
# pre-release and build identifiers. Groups: major, minor, patch, pre-release, build.
_IDENTIFIER = r"(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)"
_BUILD = r"[0-9a-zA-Z-]+"
SEMVER = (
    r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)"
    rf"(?:-({_IDENTIFIER}(?:\.{_IDENTIFIER})*))?(?:\+({_BUILD}(?:\.{_BUILD})*))?"
)
IMAGE_PULL_BACK_OFF = (
    "Determined publishes no images for non-released versions, so the master pod would never start "
    "(ImagePullBackOff)"
)


def version_problem(text: str) -> str | None:
    """Why ``text`` is not an image tag Determined publishes, or None if it is one."""
    if re.fullmatch(COMMIT, text):
        return None
    if "dev" in text.lower():
        return f"is a development version: {IMAGE_PULL_BACK_OFF}"
    version = re.fullmatch(SEMVER, text)
    if version is not None:
        major, minor, patch, prerelease, build = version.groups()
        if prerelease is None and build is None:
            return None
        return f"is not a release: use X.Y.Z (such as {major}.{minor}.{patch}) or a commit hash"
    if text[:1] in "vV" and re.fullmatch(SEMVER, text[1:]):
        return f"has a leading {text[0]!r}: Determined's image tags are plain X.Y.Z, such as {text[1:]}"
    return (
        "is neither a release X.Y.Z nor a 40-character commit hash: it is the master image's tag, and a "
        "tag that does not exist ends in ImagePullBackOff"
    )


@rule("det-version")
def det_version(ctx: Context) -> Iterator[Diagnostic]:
    """``detVersion`` overrides the master image tag; Determined publishes images for releases
    ``X.Y.Z`` and 40-hex commits only.

    A development version such as ``0.38.2-dev0`` has no published image: unless the registry
    (``imageRegistry``) holds that tag, the master pod ends in ImagePullBackOff. The chart and the
    API server take any tag, and chartgen cannot see the registry, so this is a warning; a tag that
    no image reference can hold (``detVersion: "a b"``) is ``invalid-image-name``'s error instead.

    pass: ``detVersion: 0.37.0``
    fail (warning): ``detVersion: 0.38.2-dev0``
    """
    value = ctx.get("detVersion")
    if not (truthy(value) and isinstance(value, str)):
        return  # a number or boolean is the structure rules' type error
    from chartgen.images import image_problem

    problem = version_problem(value)
    if problem is not None and image_problem(f"x/y:{value}") is None:
        yield ctx.diag(
            "det-version", ("detVersion",), f"detVersion {value!r} {problem}", severity=Severity.WARNING
        )
