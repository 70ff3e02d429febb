"""``chartgen diff`` results as text for people or JSON for pipelines; secrets (and URL credentials) arrive withheld.

Text lists each changed object with its changed fields, then the hazards (one
``KIND NAMESPACE/NAME: error[rule] category: message`` line each, its hint under it,
as lint prints findings), then notes and a summary line. Every piece of user text
goes through ``printable``, so a value cannot forge a line or drive the terminal.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from chartgen.diffing.model import DiffResult, FieldChange, Hazard, ObjectChange
from chartgen.hints import typing
from chartgen.report import HINT_PREFIX, printable

MAX_SHOWN = 160
_CATEGORY = {
    "upgrade-fails": "upgrade fails",
    "data-loss": "data loss",
    "breaks": "breaks Determined",
    "breaks-restore": "breaks a restore",
    "surprise": "surprise",
}


def _value(value: typing.Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def field_line(change: FieldChange) -> str:
    where = f"{change.file}: {change.path}" if change.file else change.path
    if change.secret:
        return f"{where}: {change.action} (secret: value not shown)"
    if change.action == "added":
        return f"{where}: added {_value(change.new)}"
    if change.action == "removed":
        return f"{where}: removed (was {_value(change.old)})"
    return f"{where}: {_value(change.old)} -> {_value(change.new)}"


def object_lines(change: ObjectChange) -> list[str]:
    lines = [printable(f"{change.id}: {change.action}")]
    lines.extend(printable(f"    {field_line(f)}") for f in change.fields)
    lines.extend(printable(f"    {note}") for note in change.notes)
    return lines


def hazard_line(hazard: Hazard) -> str:
    category = _CATEGORY[hazard.category.value]
    line = printable(f"{hazard.object}: {hazard.severity.value}[{hazard.rule}] {category}: {hazard.message}")
    if hazard.hint:
        line += f"\n{HINT_PREFIX}{printable(hazard.hint)}"
    return line


def summary(result: DiffResult) -> str:
    if not result.changes:
        return "no changes"
    counts = {
        action: sum(c.action == action for c in result.changes) for action in ("changed", "added", "removed")
    }
    parts = [f"{n} {action}" for action, n in counts.items() if n]
    errors, warnings = len(result.errors), len(result.warnings)
    verdict = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    objects = len(result.changes)
    return f"{', '.join(parts)} ({objects} object{'s' * (objects != 1)}); {verdict}"


def as_text(result: DiffResult) -> str:
    lines: list[str] = []
    for change in result.changes:
        lines.extend(object_lines(change))
    if result.hazards:
        lines.append("")
        lines.extend(hazard_line(h) for h in result.hazards)
    if result.notes:
        lines.append("")
        lines.extend(printable(f"note: {note}") for note in dict.fromkeys(result.notes))
    if lines:
        lines.append("")
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def _plain(value: typing.Any) -> typing.Any:
    """JSON has no infinity or NaN (YAML's ``.inf``, ``.nan``): those travel as their YAML text."""
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else ("-.inf" if value < 0 else ".inf")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _object(ident: typing.Any) -> dict[str, typing.Any]:
    return {"kind": ident.kind, "namespace": ident.namespace or None, "name": ident.name}


def as_json(result: DiffResult) -> str:
    """One object whose keys never change: absent facts are ``null``, never missing."""
    document = {
        "changes": [
            {
                **_object(c.id),
                "apiVersion": c.api_version,
                "action": c.action,
                "fields": [
                    {
                        "path": f.path,
                        "file": f.file or None,
                        "action": f.action,
                        "old": _plain(f.old),
                        "new": _plain(f.new),
                        "secret": f.secret,
                    }
                    for f in c.fields
                ],
                "notes": list(c.notes),
            }
            for c in result.changes
        ],
        "hazards": [
            {
                **_object(h.object),
                "rule": h.rule,
                "severity": h.severity.value,
                "category": h.category.value,
                "path": h.path or None,
                "message": h.message,
                "hint": h.hint or None,
            }
            for h in result.hazards
        ],
        "notes": list(dict.fromkeys(result.notes)),
        "summary": {
            "added": sum(c.action == "added" for c in result.changes),
            "removed": sum(c.action == "removed" for c in result.changes),
            "changed": sum(c.action == "changed" for c in result.changes),
            "errors": len(result.errors),
            "warnings": len(result.warnings),
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n"


FORMATS: dict[str, Callable[[DiffResult], str]] = {"text": as_text, "json": as_json}
