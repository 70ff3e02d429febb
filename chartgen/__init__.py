"""chartgen: validate and render the Determined Helm chart without Helm.

The public API is loaded on first use so that ``import chartgen`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chartgen.api import LintResult, RenderResult, lint, render_release, validate
    from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
    from chartgen.diff.model import DiffResult
    from chartgen.diff.sources import ManifestSource, ValuesSource, diff
    from chartgen.fix.engine import FixResult, fix, set_value
    from chartgen.fix.migrate import MigrateResult, migrate
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
    "diff": "chartgen.diff.sources",
    "ValuesSource": "chartgen.diff.sources",
    "ManifestSource": "chartgen.diff.sources",
    "DiffResult": "chartgen.diff.model",
    "fix": "chartgen.fix.engine",
    "FixResult": "chartgen.fix.engine",
    "set_value": "chartgen.fix.engine",
    "migrate": "chartgen.fix.migrate",
    "MigrateResult": "chartgen.fix.migrate",
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


# ``validate``, ``diff`` and ``fix`` name both an API function and a subpackage. Importing
# a subpackage binds its name on this package, which would hide the function after the
# first use; load the subpackages now (their __init__ are empty) and drop those
# bindings, so ``chartgen.validate``, ``chartgen.diff`` and ``chartgen.fix`` always reach
# the functions through __getattr__.
import chartgen.diff  # noqa: E402
import chartgen.fix  # noqa: E402
import chartgen.validate  # noqa: E402, F401

del globals()["validate"]
del globals()["diff"]
del globals()["fix"]
