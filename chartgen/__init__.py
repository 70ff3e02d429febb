"""chartgen: validate and render the Determined Helm chart without Helm.

The public API is loaded on first use so that ``import chartgen`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chartgen.api import LintResult, RenderResult, lint, render_release, validate
    from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
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
}

__all__ = [
    "ChartgenError",
    "Diagnostic",
    "LintResult",
    "LoadedValues",
    "Location",
    "RenderResult",
    "SetFlags",
    "Severity",
    "UsageError",
    "lint",
    "load_values",
    "render_release",
    "validate",
]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'chartgen' has no attribute {name!r}")


# ``validate`` names both the API function and a subpackage. Importing a subpackage
# binds its name on this package, which would hide the function after the first
# validation; load the subpackage now (its __init__ is empty) and drop that
# binding, so ``chartgen.validate`` always reaches the function through __getattr__.
import chartgen.validate  # noqa: E402, F401

del globals()["validate"]
