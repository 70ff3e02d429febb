"""Apply the fixes of lint's findings to one values file's text, until none is left to apply.

Each round lints the current text, asks each finding's rule for its fix, applies
every fix whose edits do not touch another's, and lints again: a fix that makes
another finding appear (or unblocks one) is taken up in the next round. The
rounds stop when nothing applies, so a second run changes nothing.

A fix its rule declares safe is applied without ``unsafe`` only when rendering before and
after shows its effect is exactly what it says (``chartgen.fixing.effect``); otherwise it
waits for ``unsafe``, its description saying why.
"""

from __future__ import annotations

from collections.abc import Collection

from chartgen.arguments import each, given
from chartgen.diagnostics import Diagnostic, Location, Path, dotted
from chartgen.fixing.master_keys import fix_master_spelling
from chartgen.fixing.rounds import Rounds
from chartgen.records import field, record
from chartgen.releases import LATEST, RELEASE_ARGUMENT
from chartgen.yamlio.edit import CannotFix, Document, Edit, Fix, apply

# Every fix removes or settles a finding; more rounds than this would mean two fixes undo each other.
MAX_ROUNDS = 16
#: What the public functions that edit a values file take, as their ``TypeError`` says.
TEXT = "text as a string (the values file's text)"
FILE = "file as a string (the name findings point at)"
_PATH = "path as a tuple of keys (strings) and list indexes (ints)"


@record(frozen=True)
class Applied:
    """A fix that was made: where the finding was (in the text given to ``fix``) and what changed."""

    rule: str
    path: Path
    description: str
    location: Location | None
    safe: bool


@record
class FixResult:
    """The new text, the fixes made, and the findings left (lint of the new text)."""

    text: str
    applied: list[Applied] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    # Fixes left for ``unsafe``: what each would do, for the user to decide.
    unsafe_left: list[Applied] = field(default_factory=list)
    # Where a place in the text given is in ``text``, and back.
    rounds: Rounds = field(default_factory=Rounds, compare=False, repr=False)

    @property
    def changed(self) -> bool:
        return bool(self.applied)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.remaining)


@record(frozen=True)
class _Candidate:
    fix: Fix
    safe: bool
    location: Location | None


def _applied(candidate: _Candidate, rounds: Rounds) -> Applied:
    """The fix ``candidate`` offers in the last round's text, located in the text given."""
    made = candidate.fix
    return Applied(
        made.rule, made.path, made.description, rounds.in_given(candidate.location), candidate.safe
    )


def lint_text(text: str, file: str, app_version: str) -> list[Diagnostic]:
    """What ``chartgen lint`` finds in ``text`` alone; YAML problems come back as findings."""
    from chartgen.diagnostics import ChartgenError
    from chartgen.validation.runner import run_rules
    from chartgen.values.load import from_text, load_sources

    try:
        values = load_sources([from_text(text, file)], app_version=app_version)
    except ChartgenError as exc:
        return exc.diagnostics
    return run_rules(values)


def _duplicates(doc: Document, file: str) -> list[_Candidate]:
    """Earlier copies of a key written twice: Helm keeps the last, so they never took effect."""
    out = []
    for path, entry in doc.duplicates():
        description = f"removed an earlier `{dotted(path)}`: Helm keeps only the last one written"
        where = entry.key.start_mark
        fix = Fix("yaml-duplicate-key", path, description, tuple(doc.remove_entry(entry)), safe=False)
        out.append(_Candidate(fix, False, Location(file, where.line + 1, where.column + 1)))
    return out


def candidates(
    text: str, file: str, app_version: str, *, also_safe: Collection[str] = ()
) -> tuple[list[_Candidate], list[Diagnostic]]:
    """The fixes lint's findings offer for ``text``, and the findings.

    ``also_safe`` names rules whose fixes count as safe for this caller (``migrate``
    removes keys the target release does not read: that keeps what the file means there).
    """
    from chartgen.validation.registry import all_rules
    from chartgen.yamlio import YamlError
    from chartgen.yamlio.read import MAX_INPUT_BYTES

    if len(text) > MAX_INPUT_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        return [], lint_text(text, file, app_version)  # input-too-large: not parsed, nothing fixed
    try:
        doc = Document.parse(text, file)
    except YamlError:
        return [], lint_text(text, file, app_version)
    duplicated = _duplicates(doc, file)
    if duplicated:
        return duplicated, lint_text(text, file, app_version)
    rules = {rule.rule: rule for rule in all_rules()}
    found = lint_text(text, file, app_version)
    out: list[_Candidate] = []
    for diagnostic in found:
        rule = rules.get(diagnostic.rule)
        if rule is None or rule.fix is None:
            continue
        if diagnostic.location is not None and diagnostic.location.file != file:
            continue
        try:
            fix = rule.fix(diagnostic, doc) or fix_master_spelling(diagnostic, doc)
        except CannotFix:
            continue
        if fix is None or not fix.edits:
            continue
        safe = (rule.safe if fix.safe is None else fix.safe) or rule.rule in also_safe
        out.append(_Candidate(fix, safe, diagnostic.location))
    return _checked(out, text, file, app_version), found


def _checked(offered: list[_Candidate], text: str, file: str, app_version: str) -> list[_Candidate]:
    """``offered``, each safe one still safe only if its rendered effect is exactly what it says;
    else it says why not, and waits for ``--unsafe-fixes``."""
    from chartgen.fixing.effect import DEFERRED, EffectCheck
    from chartgen.records import replace

    safe = [index for index, candidate in enumerate(offered) if candidate.safe]
    if not safe:
        return offered
    verdicts = EffectCheck(text, file, app_version).judge([offered[index].fix for index in safe])
    out = list(offered)
    for index, why in zip(safe, verdicts, strict=True):
        if why is None:
            continue
        fix = offered[index].fix
        if why != DEFERRED:
            fix = replace(fix, description=f"{fix.description} (not safe: {why})")
        out[index] = _Candidate(replace(fix, safe=False), False, offered[index].location)
    return out


def fix(
    text: str,
    *,
    file: str = "values.yaml",
    app_version: str = LATEST,
    unsafe: bool = False,
    also_safe: Collection[str] = (),
) -> FixResult:
    """Apply every safe fix (and with ``unsafe`` every fix) to ``text``; nothing else changes.

    ``file`` names the text in findings. Raises ``UsageError`` for an unsupported release.
    """
    from chartgen.releases import check_release

    given(text, str, "fix()", TEXT)
    given(file, str, "fix()", FILE)
    given(app_version, str, "fix()", f"app_version as {RELEASE_ARGUMENT}")
    given(unsafe, bool, "fix()", "unsafe as True or False")
    each(also_safe, str, "fix()", "also_safe as a collection of rule ids (strings)", sets=True)
    release = check_release(app_version)
    result = FixResult(text, rounds=Rounds(file, [text]))
    for _ in range(MAX_ROUNDS):
        offered, found = candidates(result.text, file, release, also_safe=also_safe)
        chosen: list[_Candidate] = []
        edits: list[Edit] = []
        for candidate in offered:
            if not (candidate.safe or unsafe):
                continue
            if any(new.overlaps(old) for new in candidate.fix.edits for old in edits):
                continue
            chosen.append(candidate)
            edits.extend(candidate.fix.edits)
        if edits and _duplicated(apply(result.text, edits)) > _duplicated(result.text):
            chosen, edits = _without_collisions(result.text, chosen)
        new_text = apply(result.text, edits) if edits else result.text
        if new_text == result.text:
            result.remaining = found
            if not unsafe:
                result.unsafe_left = [_applied(c, result.rounds) for c in offered if not c.safe]
            return result
        result.applied.extend(_applied(c, result.rounds) for c in chosen)
        result.rounds.add(edits, new_text)
        result.text = new_text
    result.remaining = lint_text(result.text, file, release)
    return result


def _duplicated(text: str) -> int:
    """How many entries of ``text`` a later one of the same mapping overrides."""
    from chartgen.yamlio import YamlError

    try:
        return len(Document.parse(text).duplicates())
    except YamlError:
        return 0


def _without_collisions(text: str, chosen: list[_Candidate]) -> tuple[list[_Candidate], list[Edit]]:
    """The fixes of one round, each kept only if it writes no key the text (with the fixes kept
    before it) already has: two renames to one key (``defaultPassword`` and a misspelt
    ``initialUserPasword``) would leave a duplicate, and Helm would keep another value."""
    kept: list[_Candidate] = []
    edits: list[Edit] = []
    before = _duplicated(text)
    for candidate in chosen:
        trial = [*edits, *candidate.fix.edits]
        if _duplicated(apply(text, trial)) <= before:
            kept.append(candidate)
            edits = trial
    return kept, edits


def set_value(
    text: str, path: Path, value: str | int | float | bool | None, *, file: str = "values.yaml"
) -> str:
    """``text`` with the scalar at ``path`` set to ``value`` and every other byte kept, for tooling
    that writes a value into a file people maintain (``maxSlotsPerPod`` from an inventory, say).

    Raises ``ChartgenError`` for a file that does not parse, ``ValueError`` when the value cannot
    be written without reformatting (inside a flow mapping, over a non-scalar, through an alias).
    """
    from chartgen.diagnostics import ChartgenError
    from chartgen.yamlio import YamlError

    given(text, str, "set_value()", TEXT)
    given(path, tuple, "set_value()", _PATH)
    each(path, (str, int), "set_value()", _PATH)
    given(value, (str, int, float, type(None)), "set_value()", "value as a str, int, float, bool or None")
    given(file, str, "set_value()", FILE)
    try:
        doc = Document.parse(text, file)
    except YamlError as exc:
        raise ChartgenError([exc.diagnostic]) from None
    if doc.root is None and path and all(isinstance(part, str) for part in path):
        from chartgen.yamlio.emit import dump

        nested: object = value
        for part in reversed(path):
            nested = {part: nested}
        lead = "" if not text or text.endswith("\n") else doc.newline
        return text + lead + dump(nested).replace("\n", doc.newline)
    try:
        return apply(text, doc.set_scalar(path, value))
    except CannotFix as exc:
        raise ValueError(f"cannot set {dotted(path)} in place: {exc}") from None
