"""A pinned chart version read as Helm reads it (Masterminds/semver v3 constraints: its README's
table — ``~1.2.3`` is ``>=1.2.3 <1.3.0``, ``^0.2.3`` is ``>=0.2.3 <0.3.0``, ``1.2.x`` is
``>=1.2.0 <1.3.0``, ``1.2 - 1.4.5`` is ``>=1.2 <=1.4.5``, a missing part a wildcard) → the newest
supported release it allows."""

from __future__ import annotations

import pytest

from chartgen.diagnostics import Location, Severity
from chartgen.gitops.versions import resolve
from chartgen.releases import SUPPORTED

AT = Location("app.yaml", 9, 21)


@pytest.mark.parametrize(
    ("pin", "release"),
    [
        ("0.37.0", "0.37.0"),
        ("v0.37.0", "0.37.0"),
        ("=0.36.0", "0.36.0"),
        ("0.38.x", "0.38.1"),
        ("0.38.*", "0.38.1"),
        ("0.38", "0.38.1"),
        ("0.35", "0.35.1"),
        ("~0.37", "0.37.0"),
        ("~0.38.0", "0.38.1"),
        ("^0.35.0", "0.35.1"),
        ("^0", "0.38.1"),
        (">=0.37.0", "0.38.1"),
        (">0.37", "0.38.1"),
        (">0.38.0", "0.38.1"),
        ("<0.38", "0.37.0"),
        ("<=0.36", "0.36.0"),
        ("!=0.38.1", "0.38.0"),
        (">=0.35.0 <0.37.0", "0.36.0"),
        (">=0.35.0, <0.37.0", "0.36.0"),
        ("0.35.0 - 0.36.0", "0.36.0"),
        ("0.35.1 || 0.37.0", "0.37.0"),
        ("*", "0.38.1"),
        ("", "0.38.1"),
    ],
)
def test_a_pin_installs_the_newest_supported_release_it_allows(pin: str, release: str) -> None:
    assert resolve(pin, AT) == (release, None)


@pytest.mark.parametrize(
    ("pin", "nearest"), [("0.39.0", SUPPORTED[-1]), ("0.34.0", SUPPORTED[0]), ("^0.37.1", "0.37.0")]
)
def test_a_pin_allowing_no_known_release_is_a_warning_at_it(pin: str, nearest: str) -> None:
    release, finding = resolve(pin, AT)
    assert release == nearest
    assert finding is not None and (finding.rule, finding.severity, finding.location) == (
        "chart-version-unknown",
        Severity.WARNING,
        AT,
    )


@pytest.mark.parametrize("pin", ["0.38.x.y", "latest", ">=", "0.38.1-"])
def test_a_pin_that_is_no_version_is_an_error(pin: str) -> None:
    _, finding = resolve(pin, AT)
    assert finding is not None and (finding.rule, finding.severity) == (
        "chart-version-unknown",
        Severity.ERROR,
    )
