"""Helm's values semantics: user sources merge in order, then coalesce with the chart.

Reproduces Helm 3.17 (the version the conformance corpus was rendered with):
only maps merge, scalars and lists replace, and a user ``null`` deletes a chart
default while a null for a key the chart does not define survives, as does a
chart default that is itself null. Helm 4 differs on nulls: since 4.1 a user
null over a nested chart null is kept, and since 4.2 chart-default nulls are
dropped (tests/unit/values/test_merge.py pins both).

Helm logs a type conflict (the user's value wins) except for a scalar or list
replacing a top-level map; chartgen reports every conflict as a
``values-type-conflict`` warning.
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted
from chartgen.hints import typing

HELM_VERSION = "3.17"


def merge_maps(base: dict[str, typing.Any], override: dict[str, typing.Any]) -> dict[str, typing.Any]:
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
    user: dict[str, typing.Any], chart: dict[str, typing.Any], path: Path = ()
) -> tuple[dict[str, typing.Any], list[Diagnostic]]:
    """Fill user values with chart defaults, as ``helm template`` does before rendering.

    The result shares nothing with either input, so callers may change it freely.
    """
    out: dict[str, typing.Any] = {}
    notes: list[Diagnostic] = []
    for key, value in user.items():
        here = (*path, key)
        default = chart.get(key)
        if key not in chart:
            out[key] = copied(value)
        elif value is None:
            continue
        elif isinstance(value, dict) and isinstance(default, dict):
            out[key], more = coalesce(value, default, here)
            notes.extend(more)
        else:
            if default is not None and isinstance(value, dict) != isinstance(default, dict):
                notes.append(_conflict(here, value, default))
            out[key] = copied(value)
    for key, default in chart.items():
        if key not in user:
            out[key] = copied(default)
    return out, notes


def copied(value: typing.Any) -> typing.Any:
    """A deep copy of plain data (dicts, lists and scalars), without importing ``copy``."""
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    return value


def _kind(value: typing.Any) -> str:
    if isinstance(value, dict):
        return "map"
    if isinstance(value, list):
        return "list"
    return "scalar"


def _conflict(path: Path, value: typing.Any, default: typing.Any) -> Diagnostic:
    return Diagnostic(
        "values-type-conflict",
        f"{dotted(path)}: your {_kind(value)} replaces the chart's {_kind(default)} default"
        " (Helm keeps your value and ignores the default)",
        severity=Severity.WARNING,
        path=path,
    )
