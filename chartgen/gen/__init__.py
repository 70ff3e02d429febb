"""Generators: every file derived from the values model, rewritten by ``python -m chartgen.gen``.

Never edit their outputs by hand; a test fails when they drift from the model.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from chartgen.release_data import module_text
from chartgen.releases import LATEST, SUPPORTED

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "chartgen"
SCHEMAS = PACKAGE / "data" / "schemas.py"
COMPILED = PACKAGE / "rendering" / "compiled.py"
WRITES = PACKAGE / "data" / "writes.py"
CEL_PARSER = PACKAGE / "data" / "cel_parser.py"


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def schema_path(release: str) -> Path:
    """Where the published schema of ``release`` lives: the latest is ``values.schema.json``."""
    name = "values.schema.json" if release == LATEST else f"values-{release}.schema.json"
    return ROOT / "values_schema" / name


def outputs() -> dict[Path, str]:
    """Every generated file and the text it must hold, in the order they depend on each other:
    ``writes.py`` comes from rendering and validating, so from the schemas and templates made
    before it, which this process runs from their new text rather than the modules on disk."""
    from chartgen.gen import cel_parser, docs, fold, rules, schema, templates
    from chartgen.validation.editor_schema import for_editors

    full = schema.full_schema()
    annotated = {r: schema.release_schema(full, r) for r in SUPPORTED}
    files: dict[Path, str] = {}
    trees: dict[str, dict[str, Any]] = {"SCHEMA": {}, "DEFAULTS": {}}
    for release, tree in annotated.items():
        public = schema.public_schema(tree, release)
        trees["SCHEMA"][release] = public
        trees["DEFAULTS"][release] = schema.chart_defaults(tree)
        files[schema_path(release)] = _json(for_editors(public))
    folded = {name: fold.fold(by_release) for name, by_release in trees.items()}
    constants = {name: tree for name, (tree, _) in folded.items()}
    constants["SPINES"] = {name: spine for name, (_, spine) in folded.items()}
    files[SCHEMAS] = module_text(
        "Each release's JSON Schema lint walks (``SCHEMA``) and chart values.yaml (``DEFAULTS``), folded "
        "(``chartgen.gen.fold``): ``{(release, ...): value}`` where they differ, found by ``SPINES``.",
        constants,
        blocks=True,
    )
    files[ROOT / "docs" / "values.md"] = docs.render(full, annotated)
    files[ROOT / "docs" / "rules.md"] = rules.render()
    files[COMPILED] = templates.compiled_module()
    files[CEL_PARSER] = cel_parser.module()
    with _running({"chartgen.data.schemas": files[SCHEMAS], "chartgen.rendering.compiled": files[COMPILED]}):
        files[WRITES] = _writes()
    return files


def _writes() -> str:
    """``chartgen/data/writes.py``, regenerated until it reproduces itself: validation reads it
    too (it decides which cases count), so a change can change it once more."""
    from chartgen.gen import writes

    text = WRITES.read_text(encoding="utf-8") if WRITES.exists() else module_text("", {"WRITES": {}})
    for _ in range(3):
        with _running({"chartgen.data.writes": text}):
            found = module_text(
                "How the chart writes each value (``chartgen.gen.writes``).", {"WRITES": writes.writes()}
            )
        if found == text:
            return found
        text = found
    raise RuntimeError("chartgen/data/writes.py changes each time it is regenerated")


@contextmanager
def _running(texts: dict[str, str]) -> Iterator[None]:
    """Run with the modules named made from ``texts`` instead of those on disk, and without
    what was cached from the ones before (rendering's templates, the projected schemas)."""
    from chartgen import release_data
    from chartgen.rendering import chart, engine

    def forget() -> None:
        release_data._PROJECTED.clear()
        engine.environment.cache_clear()
        chart.manifest_templates.cache_clear()

    before = {name: sys.modules.get(name) for name in texts}
    for name, text in texts.items():
        module = ModuleType(name)
        module.__file__ = str(PACKAGE.parent / (name.replace(".", "/") + ".py"))
        exec(compile(text, module.__file__, "exec"), module.__dict__)
        _install(name, module)
    forget()
    try:
        yield
    finally:
        for name, earlier in before.items():
            _install(name, earlier)
        forget()


def _install(name: str, module: ModuleType | None) -> None:
    """Make ``name`` import as ``module`` (None: as if never imported), by either import form."""
    parent_name, _, child = name.rpartition(".")
    parent = importlib.import_module(parent_name)
    if module is None:
        sys.modules.pop(name, None)
        if hasattr(parent, child):
            delattr(parent, child)
    else:
        sys.modules[name] = module
        setattr(parent, child, module)
