"""Turn diagnostics into text for people (``FILE:LINE:COL: error[rule] message``) or JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Iterable

from chartgen.diagnostics import Diagnostic


def text_line(d: Diagnostic) -> str:
    where = f"{d.location}: " if d.location else ""
    line = f"{where}{d.severity.value}[{d.rule_id}] {d.message}"
    if d.hint:
        line += f"\n  hint: {d.hint}"
    return line


def as_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "".join(text_line(d) + "\n" for d in sorted(diagnostics, key=Diagnostic.sort_key))


def as_json(diagnostics: Iterable[Diagnostic]) -> str:
    rows = [
        {
            "file": d.location.file if d.location else None,
            "line": d.location.line if d.location else None,
            "column": d.location.col if d.location else None,
            "severity": d.severity.value,
            "rule": d.rule_id,
            "message": d.message,
            "hint": d.hint or None,
            "path": list(d.path),
        }
        for d in sorted(diagnostics, key=Diagnostic.sort_key)
    ]
    return json.dumps(rows, indent=2) + "\n"


FORMATS = {"text": as_text, "json": as_json}
