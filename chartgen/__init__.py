"""chartgen: validate and render the Determined Helm chart without Helm.

The public API is loaded on first use so that ``import chartgen`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chartgen.api import LintResult, RenderResult, lint, render_release, validate
    from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
    from chartgen.diffing.model import DiffResult
    from chartgen.diffing.sources import ManifestSource, ValuesSource, diff
    from chartgen.fixing.engine import FixResult, fix, set_value
    from chartgen.fixing.migrate import MigrateResult, migrate
    from chartgen.values.load import LoadedValues, SetFlags, load_values

_EXPORTS = {
    "lint": "chartgen.api",
    "validate": "chartgen.api",
    "render_release": "chartgen.api",
    "LintResult": "chartgen.api",
    "RenderResult": "chartgen.api",
    "load_values": "chartgen.values.load",
    "LoadedValues": "chartgen.values.load",
    "SetFlags": "chartgen.values.load",
    "Diagnostic": "chartgen.diagnostics",
    "Location": "chartgen.diagnostics",
    "Severity": "chartgen.diagnostics",
    "ChartgenError": "chartgen.diagnostics",
    "UsageError": "chartgen.diagnostics",
    "diff": "chartgen.diffing.sources",
    "ValuesSource": "chartgen.diffing.sources",
    "ManifestSource": "chartgen.diffing.sources",
    "DiffResult": "chartgen.diffing.model",
    "fix": "chartgen.fixing.engine",
    "FixResult": "chartgen.fixing.engine",
    "set_value": "chartgen.fixing.engine",
    "migrate": "chartgen.fixing.migrate",
    "MigrateResult": "chartgen.fixing.migrate",
}

__all__ = [
    "ChartgenError",
    "Diagnostic",
    "DiffResult",
    "FixResult",
    "LintResult",
    "LoadedValues",
    "Location",
    "ManifestSource",
    "MigrateResult",
    "RenderResult",
    "SetFlags",
    "Severity",
    "UsageError",
    "ValuesSource",
    "diff",
    "fix",
    "lint",
    "load_values",
    "migrate",
    "render_release",
    "set_value",
    "validate",
]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'chartgen' has no attribute {name!r}")
