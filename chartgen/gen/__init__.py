"""Generators: every file derived from the values model, rewritten by ``python -m chartgen.gen``.

Never edit their outputs by hand; a test fails when they drift from the model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
        files[PACKAGE / "data" / release / "schema.json"] = _json(public)
        files[PACKAGE / "data" / release / "defaults.json"] = _json(schema.chart_defaults(tree))
        files[schema_path(release)] = _json(for_editors(public))
    files[ROOT / "docs" / "values.md"] = docs.render(full, annotated)
    files[ROOT / "docs" / "rules.md"] = rules.render()
    files[PACKAGE / "rendering" / "compiled.py"] = templates.compiled_module()
    files[PACKAGE / "data" / "writes.json"] = _json(writes.writes())
    return files
