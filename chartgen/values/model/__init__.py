"""The typed model of every value the Determined chart reads: the single source of truth.

The JSON Schema of each release, ``defaults.json`` and the values reference are
generated from it (``python -m chartgen.gen``). Importing this package imports
pydantic; ``lint`` never does (it walks the generated schema instead).
"""

from __future__ import annotations

from typing import Any

from chartgen.releases import check_release
from chartgen.values.model.root import Values

__all__ = ["Values", "parse_values"]


def parse_values(values: dict[str, Any], release: str) -> Values:
    """Typed values of ``release``; raises ``pydantic.ValidationError`` on keys or values it does not take."""
    return Values.model_validate(values, context={"release": check_release(release)})
