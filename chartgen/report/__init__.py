"""Turn diagnostics into text for people (``FILE:LINE:COL: error[rule] message``) or JSON for tools.

Text is one finding per line, then its hint indented under it, so editors, CI
log parsers and ``grep`` read it like a compiler's. User text reaches messages
(key names, file names), so control characters are escaped: a newline cannot
forge a finding and an escape sequence cannot colour or rewrite a terminal.
There is no colour at all, on a TTY or not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from chartgen.diagnostics import Diagnostic

HINT_PREFIX = "  hint: "

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or f"\\u{ord(char):04x}"


def printable(text: str) -> str:
    """``text`` on one line with no terminal control characters in it."""
    return _CONTROL.sub(_escape_char, text)


def text_line(d: Diagnostic) -> str:
    where = f"{d.location}: " if d.location else ""
    line = printable(f"{where}{d.severity.value}[{d.rule}] {d.message}")
    if d.hint:
        line += f"\n{HINT_PREFIX}{printable(d.hint)}"
    return line


def ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """By file, line, column and rule; each finding once (layers shared by several runs repeat)."""
    return sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)


def as_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "".join(text_line(d) + "\n" for d in ordered(diagnostics))


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
