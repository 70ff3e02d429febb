"""The chart version a GitOps object pins, as the release chartgen checks against.

Argo CD (``targetRevision`` of a Helm source), Flux (``chart.spec.version``) and helmfile
(``version``) all hand the pin to Helm's chart resolution, which reads it as a constraint of
Masterminds/semver v3 (``constraints.go``): ``0.37.0`` exactly, ``0.38.x`` / ``0.38.*`` / ``0.38``
a wildcard, ``~0.37`` (``>=0.37.0 <0.38.0``), ``^0.37.1`` (``>=0.37.1 <0.38.0`` below 1.0),
comparisons (``>=0.37.0``, ``<0.38``), ``A - B`` ranges, ``,`` or a space for "and", ``||`` for
"or". The newest supported release the pin allows is the one installed; a pin that allows none
chartgen knows is a finding at the pin, and the nearest supported release is checked instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.releases import SUPPORTED, release_key

RULE = "chart-version-unknown"
_PART = r"(?:0|[1-9][0-9]*|[xX*])"
_VERSION = re.compile(
    rf"v?({_PART})(?:\.({_PART}))?(?:\.({_PART}))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?"
)
#: An operator takes the blanks after it; a version begins where neither can, so no run of blanks
#: is read again from each of its characters.
_CONSTRAINT = re.compile(r"(?:(!=|>=|=>|<=|=<|~>|>|<|=|~|\^)\s*)?([^\s<>=!~^]+)")

_Bound = tuple[int, int, int]
_Test = Callable[[_Bound], bool]


def resolve(pin: str, at: Location) -> tuple[str, Diagnostic | None]:
    """The release ``pin`` installs, and the finding when chartgen knows none it allows."""
    allowed = _allowed(pin)
    if allowed is None:
        return SUPPORTED[-1], Diagnostic(
            RULE,
            f"chart version {pin!r} is not a version or a version range Helm reads "
            "(X.Y.Z, X.Y.x, ~X.Y, ^X.Y.Z, >=X.Y.Z, …), so no chart can be installed from it",
            Severity.ERROR,
            at,
        )
    matching = [release for release in SUPPORTED if allowed(_key(release))]
    if matching:
        return matching[-1], None
    nearest = _nearest(allowed)
    return nearest, Diagnostic(
        RULE,
        f"chart version {pin!r} allows no release chartgen knows ({', '.join(SUPPORTED)}), "
        f"so the values were checked against {nearest}, the nearest",
        Severity.WARNING,
        at,
        hint="pin one of the supported releases, or update chartgen if this release is newer",
    )


def _key(version: str) -> _Bound:
    major, minor, patch = release_key(version)[:3]
    return major, minor, patch


def _nearest(allowed: _Test) -> str:
    """The supported release nearest what the pin allows: the newest at or below the oldest
    version it allows (the oldest supported when it allows only older ones, or nothing)."""
    major, minor, _ = _key(SUPPORTED[-1])
    probes = [(a, b, c) for a in range(major + 3) for b in range(minor + 30) for c in range(30)]
    first = next((probe for probe in probes if allowed(probe)), None)
    if first is None:
        return SUPPORTED[-1]
    below = [release for release in SUPPORTED if _key(release) <= first]
    return below[-1] if below else SUPPORTED[0]


def _allowed(pin: str) -> _Test | None:
    """A test of a version ``(major, minor, patch)`` against ``pin``; None when it is not one."""
    text = pin.strip()
    if not text or text in ("*", "x", "X"):
        return lambda version: True
    groups = []
    for alternative in text.split("||"):
        tests = _group(alternative.strip())
        if tests is None:
            return None
        groups.append(tests)

    def allowed(version: _Bound) -> bool:
        return any(all(test(version) for test in tests) for tests in groups)

    return allowed


def _group(text: str) -> list[_Test] | None:
    """The tests of one ``||`` alternative: constraints joined by commas or spaces."""
    hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", text)
    if hyphen:
        low, high = _parse(hyphen.group(1)), _parse(hyphen.group(2))
        if low is None or high is None:
            return None
        return [_test(">=", low), _test("<=", high)]
    tests: list[_Test] = []
    for match in _CONSTRAINT.finditer(text.replace(",", " ")):
        operator, written = match.group(1) or "=", match.group(2)
        parsed = _parse(written)
        if parsed is None:
            return None
        tests.append(_test(operator, parsed))
    return tests or None


def _parse(written: str) -> tuple[list[int | None], int] | None:
    """A version's parts (None: a wildcard or missing) and how many were written."""
    match = _VERSION.fullmatch(written)
    if not match:
        return None
    given = [part for part in match.groups() if part is not None]
    parts: list[int | None] = [None if p in ("x", "X", "*") else int(p) for p in given]
    # Parts after a wildcard are wildcards too (``1.x.3`` is ``1.x``).
    for index, part in enumerate(parts):
        if part is None:
            parts[index:] = [None] * (len(parts) - index)
            break
    return parts + [None] * (3 - len(parts)), len(given)


def _test(operator: str, parsed: tuple[list[int | None], int]) -> _Test:
    parts, _ = parsed
    fixed = [p for p in parts if p is not None]
    floor = (*fixed, *([0] * (3 - len(fixed))))
    low: _Bound = (floor[0], floor[1], floor[2])

    def above_wildcard() -> _Bound:
        if not fixed:
            return (1 << 30, 0, 0)
        bumped = [*fixed]
        bumped[-1] += 1
        padded = (*bumped, *([0] * (3 - len(bumped))))
        return padded[0], padded[1], padded[2]

    # Past what the written parts fix: ``0.38`` → ``0.39.0``, ``0.38.1`` → ``0.38.2`` (versions
    # are whole numbers, so ``< 0.38.2`` is ``<= 0.38.1``).
    high = above_wildcard()
    if operator == "=":
        return lambda v: low <= v < high
    if operator == "!=":
        return lambda v: not (low <= v < high)
    if operator in (">=", "=>"):
        return lambda v: v >= low
    if operator == ">":
        return lambda v: v >= high
    if operator == "<":
        return lambda v: v < low
    if operator in ("<=", "=<"):
        return lambda v: v < high
    if operator in ("~", "~>"):
        # ~1.2.3 and ~1.2: the minor line; ~1: the major line.
        top = (low[0] + 1, 0, 0) if len(fixed) == 1 else (low[0], low[1] + 1, 0)
        return lambda v: low <= v < top
    # ^: nothing left of the first non-zero part changes.
    if low[0] > 0 or len(fixed) == 1:
        caret: _Bound = (low[0] + 1, 0, 0)
    elif low[1] > 0 or len(fixed) == 2:
        caret = (0, low[1] + 1, 0)
    else:
        caret = (0, 0, low[2] + 1)
    return lambda v: low <= v < caret
