"""Rewrite a values file written for one Determined release so it means the same on another.

What differs between releases is read from their generated schemas
(the release's schema in ``chartgen.data``: the keys each reads, ``x-other-releases``,
``x-renamed``, enum values a release ignores) through lint's findings on the target
release, and the release list from ``chartgen.releases``: no release number is
written here. Keys the target reads under another name are renamed; keys it does
not read are removed and reported; a value it ignores (``defaultScheduler:
preemption`` where the target has no such scheduler) is removed only as an unsafe
fix, since what the cluster does changes. Values the target requires that the file
lacks are left as errors: migrate never invents them.

A key the source ignored and the target reads is kept and pointed out. Where the first
``helm upgrade`` with it acts on what the old release set up (``chartgen diff``'s hazards of
upgrading from the file on the source to the migrated file on the target, found with the key
and not without it), the note is that hazard, an error: a 0.35 file's
``db.restoreSnapshotSuffix`` makes the chart of 0.38.0 on render a claim restored from the
snapshot in place of the database's own, which Helm then deletes. The objects are named as
for ``helm install determined`` in namespace ``default``.
"""

from __future__ import annotations

from chartgen.arguments import given
from chartgen.diagnostics import Diagnostic, Location, Path, Severity, dotted
from chartgen.fixing.engine import FILE, TEXT, Applied, fix, lint_text
from chartgen.fixing.rounds import Rounds
from chartgen.hints import TYPE_CHECKING
from chartgen.records import field, record

if TYPE_CHECKING:
    from chartgen.diffing.model import Hazard

# Findings that depend on the release a file is read for.
_RELEASE_RULES = frozenset({"key-not-in-release", "invalid-enum", "no-effect"})


@record
class MigrateResult:
    """The migrated text, the fixes made, what could not be carried over, and lint on the target."""

    text: str
    source: str
    target: str
    applied: list[Applied] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    unsafe_left: list[Applied] = field(default_factory=list)
    # Where a place in the text given is in ``text``, and back.
    rounds: Rounds = field(default_factory=Rounds, compare=False, repr=False)

    @property
    def changed(self) -> bool:
        return bool(self.applied)

    @property
    def ok(self) -> bool:
        """No error left, and no note that the first upgrade loses what the old release set up."""
        return not any(d.is_error for d in [*self.remaining, *self.notes])


def guess_source(text: str, file: str) -> str:
    """The release the file reads most naturally for: the fewest release-dependent findings (earliest on ties)."""
    from chartgen.releases import SUPPORTED

    def score(release: str) -> int:
        return sum(1 for d in lint_text(text, file, release) if d.rule in _RELEASE_RULES)

    return min(SUPPORTED, key=lambda release: (score(release), SUPPORTED.index(release)))


def _written(text: str, file: str) -> dict[Path, Location]:
    """Where each key of ``text`` is written (nothing if it does not parse)."""
    from chartgen.yamlio import YamlError
    from chartgen.yamlio.edit import Document

    try:
        doc = Document.parse(text, file)
    except YamlError:
        return {}
    return {
        path: Location(file, found[-1].key.start_mark.line + 1, found[-1].key.start_mark.column + 1)
        for path, found in doc.entries.items()
    }


def migrate(
    text: str,
    *,
    to: str,
    source: str | None = None,
    file: str = "values.yaml",
    unsafe: bool = False,
) -> MigrateResult:
    """Migrate ``text`` from ``source`` (guessed when None) to the release ``to``.

    Raises ``UsageError`` for an unsupported release.
    """
    from chartgen.releases import RELEASE_ARGUMENT, check_release

    given(text, str, "migrate()", TEXT)
    given(to, str, "migrate()", f"to as {RELEASE_ARGUMENT}")
    given(source, (str, type(None)), "migrate()", f"source as {RELEASE_ARGUMENT}, or None to guess it")
    given(file, str, "migrate()", FILE)
    given(unsafe, bool, "migrate()", "unsafe as True or False")
    target = check_release(to)
    origin = check_release(source) if source is not None else guess_source(text, file)
    before = lint_text(text, file, origin)
    ignored_before = {d.path for d in before if d.rule == "key-not-in-release"}
    fixed = fix(text, file=file, app_version=target, unsafe=unsafe, also_safe={"key-not-in-release"})
    result = MigrateResult(
        fixed.text, origin, target, fixed.applied, [], fixed.remaining, fixed.unsafe_left, fixed.rounds
    )
    where = _written(text, file)
    for made in fixed.applied:
        if (
            made.rule == "key-not-in-release"
            and made.path not in ignored_before
            and made.description.startswith("removed")
        ):
            result.notes.append(
                Diagnostic(
                    "migrate-dropped",
                    f"`{dotted(made.path)}` is not carried over: {origin} reads it, {target} does not",
                    Severity.WARNING,
                    where.get(made.path),
                    made.path,
                )
            )
    ignored_after = {d.path for d in fixed.remaining if d.rule == "key-not-in-release"}
    still_there = _written(fixed.text, file)
    taking_effect = [
        path for path in sorted(ignored_before - ignored_after, key=dotted) if path in still_there
    ]
    hazards = _upgrade_hazards(text, origin, fixed.text, target, file, taking_effect)
    for path in taking_effect:
        hazard = hazards.get(path)
        if hazard is None:
            result.notes.append(
                Diagnostic(
                    "migrate-takes-effect",
                    f"`{dotted(path)}` was ignored by {origin} and takes effect on {target}: check it is meant",
                    Severity.WARNING,
                    where.get(path),
                    path,
                )
            )
            continue
        since = _first_reading(fixed.text, file, origin, target, path)
        hint = f"remove `{dotted(path)}` unless that is meant"
        result.notes.append(
            Diagnostic(  # ``chartgen diff``'s hazard, as the note of the key that causes it
                hazard.rule,
                f"`{dotted(path)}` was ignored by {origin} and is read {since}: the first helm upgrade to "
                f"{target} with it acts on what the {origin} release set up: {hazard.object}: "
                f"{hazard.category.value.replace('-', ' ')}: {hazard.message}",
                Severity.ERROR,
                where.get(path),
                path,
                hint=f"{hint}; {hazard.hint}" if hazard.hint else hint,
            )
        )
    result.notes.sort(key=Diagnostic.sort_key)
    return result


def _first_reading(text: str, file: str, origin: str, target: str, path: Path) -> str:
    """Which release on the way from ``origin`` to ``target`` reads ``path`` first ("from 0.38.0 on")."""
    from chartgen.releases import SUPPORTED, release_key

    if release_key(target) < release_key(origin):
        return f"by {target}"
    between = [v for v in SUPPORTED if release_key(origin) < release_key(v) <= release_key(target)]
    for version in between:
        if not any(d.rule == "key-not-in-release" and d.path == path for d in lint_text(text, file, version)):
            return f"from {version} on"
    return f"by {target}"


def _upgrade_hazards(
    text: str, origin: str, migrated: str, target: str, file: str, paths: list[Path]
) -> dict[Path, Hazard]:
    """For each of ``paths`` (keys ``origin`` ignored that ``target`` reads), the first error
    ``chartgen diff`` finds upgrading a release installed from ``text`` on ``origin`` to
    ``migrated`` on ``target`` that upgrading without that key does not have: what the key does
    to what the old release set up (a ``db.restoreSnapshotSuffix`` replaces the database's claim)."""
    from chartgen.fixing.effect import upgrade_hazards, user_values, without

    if not paths:
        return {}
    old, new = user_values(text, file), user_values(migrated, file)
    if old is None or new is None:
        return {}
    with_all = upgrade_hazards(old, origin, new, target, file=file)
    if not with_all:
        return {}
    out: dict[Path, Hazard] = {}
    for path in paths:
        rest = upgrade_hazards(old, origin, without(new, path), target, file=file)
        if rest is None:
            continue
        known = {(h.rule, h.object) for h in rest}
        caused = [h for h in with_all if h.severity is Severity.ERROR and (h.rule, h.object) not in known]
        if caused:
            out[path] = caused[0]
    return out
