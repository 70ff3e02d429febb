"""Inline suppression: ``# chartgen: ignore[rule-id, …]`` silences those rules' findings there.

A comment at the end of a line covers that line; a comment alone on its line
covers the next line too (put it above the key). A suppression that silences
nothing is itself reported (``unused-suppression``), so stale ones do not pile
up: as ruff's ``RUF100`` does for ``noqa``. Only the comment's own position is
ever shown, never the values around it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.records import record

RULE = "unused-suppression"
MARK = "chartgen:"
# Only the opening: the closing bracket is found by ``str.find``, since a pattern running on
# to it would rescan the rest of the line from every opening (quadratic time on one long line).
_OPENING = re.compile(r"#\s*chartgen:\s*ignore\[")


@record(frozen=True)
class Directive:
    file: str
    line: int
    column: int
    rules: tuple[str, ...]
    lines: frozenset[int]


def directives(text: str, file: str) -> list[Directive]:
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if MARK not in line:
            continue
        match = _OPENING.search(line)
        while match is not None:
            close = line.find("]", match.end())
            if close < 0:
                break  # no later opening on this line has a closing bracket either
            names = line[match.end() : close].split(",")
            rules = tuple(name.strip() for name in names if name.strip())
            alone = not line[: match.start()].strip()
            covered = frozenset({number, number + 1} if alone else {number})
            found.append(Directive(file, number, match.start() + 1, rules, covered))
            match = _OPENING.search(line, close + 1)
    return found


def apply(
    diagnostics: Iterable[Diagnostic],
    texts: Mapping[str, str],
    *,
    known: Callable[[str], bool],
    enabled: Callable[[str], bool],
) -> list[Diagnostic]:
    """``diagnostics`` without the suppressed ones, plus a finding for each suppression that did nothing.

    ``texts`` are the files whose comments count; ``known`` says whether a rule id exists,
    ``enabled`` whether its findings are reported at all (a suppression of a rule turned
    off by configuration is not stale).
    """
    table = [d for file, text in texts.items() for d in directives(text, file)]
    # The first directive that names a rule on a line, by (file, line, rule): each finding looks
    # up its own, however many directives and findings a file has.
    first: dict[tuple[str, int, str], Directive] = {}
    for directive in table:
        for line in directive.lines:
            for rule in directive.rules:
                first.setdefault((directive.file, line, rule), directive)
    used: set[tuple[Directive, str]] = set()
    kept = []
    report_unused = enabled(RULE)
    for d in diagnostics:
        loc = d.location
        hit = None if loc is None or loc.line is None else first.get((loc.file, loc.line, d.rule))
        if hit is None:
            kept.append(d)
        else:
            used.add((hit, d.rule))
    for directive in table if report_unused else ():
        where = Location(directive.file, directive.line, directive.column)
        if not directive.rules:
            kept.append(_unused(where, "names no rule: write # chartgen: ignore[rule-id]"))
        for rule in directive.rules:
            if not known(rule):
                kept.append(_unused(where, f"names {rule!r}, which is not a rule (chartgen rule --list)"))
            elif (directive, rule) not in used and enabled(rule):
                kept.append(_unused(where, f"ignore[{rule}] suppresses nothing here: remove it"))
    return kept


def _unused(where: Location, message: str) -> Diagnostic:
    return Diagnostic(RULE, f"this suppression {message}", Severity.WARNING, where)


def texts_of(files: Iterable[str]) -> dict[str, str]:
    """The text of each file that holds a suppression comment (standard input, read once, is not reread).

    A file too large to be read as values (``input-too-large``) is not scanned for comments either.
    """
    from chartgen.yamlio.read import MAX_INPUT_BYTES

    texts = {}
    for file in dict.fromkeys(files):
        if file == "-":
            continue
        try:
            with open(file, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
        except OSError:
            continue
        if len(data) > MAX_INPUT_BYTES:
            continue
        text = data.decode("utf-8", errors="replace")
        if MARK in text:
            texts[file] = text
    return texts
