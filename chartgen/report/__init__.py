"""Turn diagnostics into text for people (``FILE:LINE:COL: error[rule] message``) or JSON for tools.

Text is one finding per line, then its hint indented under it, so editors, CI
log parsers and ``grep`` read it like a compiler's. User text reaches messages
(key names, file names), so control characters are escaped: a newline cannot
forge a finding and an escape sequence cannot colour or rewrite a terminal.
There is no colour at all, on a TTY or not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from chartgen.diagnostics import Diagnostic
from chartgen.printable import printable

HINT_PREFIX = "  hint: "

__all__ = ["FORMATS", "HINT_PREFIX", "as_json", "as_text", "ordered", "printable"]


def ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """By file, line, column and rule; each finding once (layers shared by several runs repeat)."""
    return sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)


def as_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "".join(f"{d}\n" for d in ordered(diagnostics))


def as_json(diagnostics: Iterable[Diagnostic]) -> str:
    """A JSON list whose keys never change: absent facts are ``null``, never missing."""
    import json

    rows = []
    for d in ordered(diagnostics):
        loc = d.location
        rows.append(
            {
                "file": loc.file if loc else None,
                "line": (loc.line or None) if loc else None,
                "column": (loc.column or None) if loc else None,
                "severity": d.severity.value,
                "rule": d.rule,
                "message": d.message,
                "hint": d.hint or None,
                "path": list(d.path),
            }
        )
    return json.dumps(rows, indent=2) + "\n"


FORMATS: dict[str, Callable[[Iterable[Diagnostic]], str]] = {"text": as_text, "json": as_json}
