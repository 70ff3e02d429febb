"""chartgen's JSON Schema as a chart's ``values.schema.json``: Helm enforces it, and it names itself.

The live part needs the upstream chart, which is never committed: ``CHARTGEN_UPSTREAM_CHART``
names a release's ``helm/charts/determined`` directory (CI does not fetch it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml

from chartgen.gen import schema_path
from chartgen.releases import SUPPORTED

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM = os.environ.get("CHARTGEN_UPSTREAM_CHART", "")


@pytest.mark.parametrize("release", SUPPORTED)
def test_each_published_schema_has_its_own_absolute_id(release: str) -> None:
    document = json.loads(schema_path(release).read_text())
    assert document["$id"].endswith(f"/{release}") and ":" in document["$id"]
    ids = {json.loads(schema_path(r).read_text())["$id"] for r in SUPPORTED}
    assert len(ids) == len(SUPPORTED)


@pytest.mark.skipif(
    not UPSTREAM,
    reason="CHARTGEN_UPSTREAM_CHART is unset: point it at the upstream helm/charts/determined directory",
)
def test_helm_enforces_the_schema_as_the_charts_values_schema(tmp_path: Path) -> None:
    helm = shutil.which("helm", path=str(ROOT / ".tools")) or shutil.which("helm")
    assert helm, "make tools installs helm into .tools/"
    release = str(yaml.safe_load((Path(UPSTREAM) / "Chart.yaml").read_text())["appVersion"]).lstrip("v")
    chart = tmp_path / "determined"
    shutil.copytree(UPSTREAM, chart)
    shutil.copy(schema_path(release), chart / "values.schema.json")

    def template(values: str) -> subprocess.CompletedProcess[str]:
        command = [helm, "template", "det", str(chart), "-f", str(ROOT / "examples" / values)]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    good = template("values.yaml")
    assert good.returncode == 0, good.stderr
    bad = template("values-typo.yaml")
    assert bad.returncode != 0
    assert "values don't meet the specifications of the schema" in bad.stderr
    assert "bukcet" in bad.stderr


# Lint's structural rules: what the schema can say too.
STRUCTURAL = frozenset(
    {"unknown-key", "wrong-type", "invalid-enum", "out-of-range", "invalid-format", "key-not-in-release"}
    | {"quantity-unit", "misplaced-key", "missing-key"}
)
CORPUS = ROOT / "tests" / "conformance" / "corpus" / "cases"


def _values_files() -> list[tuple[Path, str]]:
    corpus = [(path, path.parent.parent.name) for path in sorted(CORPUS.glob("*/*/values.yaml"))]
    real = [(path, "0.38.1") for path in sorted((ROOT / "tests" / "data" / "real-world").glob("*.yaml"))]
    return corpus + real


def _schema_paths(error: jsonschema.ValidationError) -> set[tuple[str | int, ...]]:
    """Where an error is: an unexpected property at the property, anything else where it was found."""
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties":
        extra = set(error.instance) - set(error.schema.get("properties", {}))
        return {(*path, key) for key in extra}
    return {path}


def _near(a: tuple[str | int, ...], b: tuple[str | int, ...]) -> bool:
    return a[: len(b)] == b or b[: len(a)] == a


@pytest.mark.parametrize(("path", "release"), _values_files(), ids=lambda v: str(v)[-60:])
def test_the_schema_and_lint_find_the_same_structural_errors(path: Path, release: str) -> None:
    """Every structural error of lint is a schema error at (or around) the same key, and back;
    a key lint calls foreign (a warning: another chart's) the schema refuses, as editors should."""
    from chartgen import api
    from chartgen.yamlio import YamlError, load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"), str(path)).data or {}
    except YamlError:
        pytest.skip("not YAML: neither reads it")
    found = api.lint([str(path)], app_version=release).diagnostics
    lint = {d.path for d in found if d.rule in STRUCTURAL and d.is_error}
    foreign = {d.path for d in found if d.rule == "foreign-key"}
    validator = jsonschema.Draft202012Validator(json.loads(schema_path(release).read_text()))
    schema = {p for e in validator.iter_errors(data) for p in _schema_paths(e)} - foreign
    assert all(any(_near(p, q) for q in schema) for p in lint), (sorted(lint), sorted(schema, key=str))
    assert all(any(_near(p, q) for q in lint) for p in schema), (sorted(lint), sorted(schema, key=str))
