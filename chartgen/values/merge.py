"""Helm's values semantics: user sources merge in order, then coalesce with the chart.

Reproduces Helm 3 (the version the conformance corpus was rendered with):
only maps merge, scalars and lists replace, and a user ``null`` deletes a chart
default while a null for a key the chart does not define survives.
"""

from __future__ import annotations

from typing import Any

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted

HELM_VERSION = "3.17"


def merge_maps(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Merge two user sources (``-f a -f b``): maps merge deeply, anything else replaces."""
    out = dict(base)
    for key, value in override.items():
        current = out.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            out[key] = merge_maps(current, value)
        else:
            out[key] = value
    return out


def coalesce(
    user: dict[str, Any], chart: dict[str, Any], path: Path = ()
) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Fill user values with chart defaults, as ``helm template`` does before rendering."""
    out = dict(user)
    notes: list[Diagnostic] = []
    for key, default in chart.items():
        here = (*path, key)
        if key not in out:
            out[key] = default
            continue
        value = out[key]
        if value is None:
            del out[key]
        elif isinstance(value, dict):
            if isinstance(default, dict):
                out[key], more = coalesce(value, default, here)
                notes.extend(more)
            elif default is not None:
                notes.append(_conflict(here, "a map replaces the chart's non-map default"))
        elif isinstance(default, dict):
            notes.append(_conflict(here, "a non-map value replaces the chart's map default"))
    return out, notes


def _conflict(path: Path, what: str) -> Diagnostic:
    return Diagnostic(
        "values-type-conflict",
        f"{dotted(path)}: {what}; Helm keeps your value and warns",
        severity=Severity.WARNING,
        path=path,
    )
