"""Generators: every file derived from the values model, rewritten by ``python -m chartgen.gen``.

Never edit their outputs by hand; a test fails when they drift from the model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chartgen._data import module_text, release_module
from chartgen.releases import LATEST, SUPPORTED

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "chartgen"


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def schema_path(release: str) -> Path:
    """Where the published schema of ``release`` lives: the latest is ``values.schema.json``."""
    name = "values.schema.json" if release == LATEST else f"values-{release}.schema.json"
    return ROOT / "values_schema" / name


def outputs() -> dict[Path, str]:
    """Every generated file and the text it must hold."""
    from chartgen.gen import docs, rules, schema, templates, writes
    from chartgen.validation.editor_schema import for_editors

    full = schema.full_schema()
    annotated = {r: schema.release_schema(full, r) for r in SUPPORTED}
    files: dict[Path, str] = {}
    for release, tree in annotated.items():
        public = schema.public_schema(tree, release)
        files[PACKAGE / "data" / f"{release_module(release)}.py"] = module_text(
            "The JSON Schema lint walks for one release (``SCHEMA``) and its chart's values.yaml (``DEFAULTS``).",
            {"SCHEMA": public, "DEFAULTS": schema.chart_defaults(tree)},
        )
        files[schema_path(release)] = _json(for_editors(public))
    files[ROOT / "docs" / "values.md"] = docs.render(full, annotated)
    files[ROOT / "docs" / "rules.md"] = rules.render()
    files[PACKAGE / "rendering" / "compiled.py"] = templates.compiled_module()
    files[PACKAGE / "data" / "writes.py"] = module_text(
        "How the chart writes each value (``chartgen.gen.writes``).", {"WRITES": writes.writes()}
    )
    return files
