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
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic, Location, Path, Severity, dotted
from chartgen.fixing.engine import Applied, fix, lint_text
from chartgen.fixing.rounds import Rounds
from chartgen.records import field, record

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
        return not any(d.is_error for d in self.remaining)


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
    from chartgen.releases import check_release

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
    for path in sorted(ignored_before - ignored_after, key=dotted):
        if path in still_there:
            result.notes.append(
                Diagnostic(
                    "migrate-takes-effect",
                    f"`{dotted(path)}` was ignored by {origin} and takes effect on {target}: check it is meant",
                    Severity.WARNING,
                    where.get(path),
                    path,
                )
            )
    result.notes.sort(key=Diagnostic.sort_key)
    return result
