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


#: helm 3.17 and helm 4, both fetched by ``make tools``.
HELMS = ["helm", "helm4"]


def _helm(name: str) -> str:
    found = shutil.which(name, path=str(ROOT / ".tools"))
    assert found, f"make tools installs {name} into .tools/"
    return found


def _chart(directory: Path, name: str, schema: Path | None, chart_yaml: str = "") -> Path:
    """A chart of our own: the schema, and one template showing a value went through."""
    (directory / "templates").mkdir(parents=True)
    (directory / "Chart.yaml").write_text(f"apiVersion: v2\nname: {name}\nversion: 0.38.1\n{chart_yaml}")
    (directory / "templates" / "probe.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Chart.Name }}-probe\n"
        "data:\n  slots: {{ .Values.maxSlotsPerPod | toString | quote }}\n"
    )
    if schema is not None:
        shutil.copy(schema, directory / "values.schema.json")
    return directory


@pytest.mark.parametrize("helm", HELMS)
def test_helm_enforces_the_published_schema_as_a_charts_values_schema(tmp_path: Path, helm: str) -> None:
    chart = _chart(tmp_path / "determined", "determined", schema_path(SUPPORTED[-1]))

    def template(values: str) -> subprocess.CompletedProcess[str]:
        command = [_helm(helm), "template", "det", str(chart), "-f", str(ROOT / "examples" / values)]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    good = template("values.yaml")
    assert good.returncode == 0 and 'slots: "4"' in good.stdout, good.stderr
    bad = template("values-typo.yaml")
    assert bad.returncode != 0 and "bukcet" in bad.stderr


@pytest.mark.parametrize("helm", HELMS)
def test_an_umbrella_chart_passes_its_condition_and_globals_through_the_schema(
    tmp_path: Path, helm: str
) -> None:
    """Helm hands a subchart ``global`` and the condition key ``enabled`` with its values."""
    dependency = (
        "dependencies:\n  - name: determined\n    version: 0.38.1\n    condition: determined.enabled\n"
    )
    parent = _chart(tmp_path / "platform", "platform", None, dependency)
    _chart(parent / "charts" / "determined", "determined", schema_path(SUPPORTED[-1]))
    values = tmp_path / "values.yaml"
    values.write_text(
        "global:\n  imageRegistry: registry.example.com\n"
        "determined:\n  enabled: true\n  maxSlotsPerPod: 4\n  initialUserPassword: Umbrella-Passw0rd\n"
    )
    run = subprocess.run(
        [_helm(helm), "template", "p", str(parent), "-f", str(values)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and "name: determined-probe" in run.stdout, run.stderr


@pytest.mark.skipif(
    not UPSTREAM,
    reason="CHARTGEN_UPSTREAM_CHART is unset: point it at the upstream helm/charts/determined directory",
)
@pytest.mark.parametrize("helm_name", HELMS)
def test_helm_enforces_the_schema_as_the_charts_values_schema(tmp_path: Path, helm_name: str) -> None:
    helm = _helm(helm_name)
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
#: Keys nobody reads: lint warns (they have no effect), the schema refuses them, as editors
#: should show a misspelt key; ``lint --strict`` fails on them too.
IGNORED_KEYS = frozenset({"unknown-key", "key-not-in-release", "misplaced-key"})
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


def _yaml12(text: str) -> object:
    """What a YAML 1.2 reader (editors, check-jsonschema) makes of a file: ``yes`` is text there."""
    from ruamel.yaml import YAML

    return YAML(typ="safe", pure=True).load(text)


@pytest.mark.parametrize("reader", ["helm", "yaml-1.2"])
@pytest.mark.parametrize(("path", "release"), _values_files(), ids=lambda v: str(v)[-60:])
def test_the_schema_and_lint_find_the_same_structural_errors(path: Path, release: str, reader: str) -> None:
    """Every structural error of lint is a schema error at (or around) the same key, and back;
    a key lint calls foreign (a warning: another chart's) the schema refuses, as editors should.

    Read as Helm reads YAML (1.1) and as editors do (1.2), where only a bare YAML 1.1 word
    written for text (``name: no``) is beyond what a schema can see."""
    from chartgen import api
    from chartgen.yamlio import YamlError, load_yaml

    text = path.read_text(encoding="utf-8")
    try:
        data = load_yaml(text, str(path)).data or {}
    except YamlError:
        pytest.skip("not YAML: neither reads it")
    if reader == "yaml-1.2":
        data = _yaml12(text) or {}
    found = api.lint([str(path)], app_version=release).diagnostics
    words = {d.path for d in found if "Helm reads YAML 1.1" in d.message} if reader == "yaml-1.2" else set()
    lint = {d.path for d in found if d.rule in STRUCTURAL and (d.is_error or d.rule in IGNORED_KEYS)} - words
    foreign = {d.path for d in found if d.rule == "foreign-key"}
    validator = jsonschema.Draft202012Validator(json.loads(schema_path(release).read_text()))
    schema = {p for e in validator.iter_errors(data) for p in _schema_paths(e)} - foreign
    assert all(any(_near(p, q) for q in schema) for p in lint), (sorted(lint), sorted(schema, key=str))
    assert all(any(_near(p, q) for q in lint) for p in schema), (sorted(lint), sorted(schema, key=str))


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("logLevel: INFO\n", True),
        ('defaultScheduler: " coscheduler "\n', True),
        ("enterpriseEdition: off\ntelemetry:\n  enabled: yes\n", True),
        ("enabled: true\nglobal: {registry: r}\n", True),
        ("logLevel: INFOx\n", False),
        ('enterpriseEdition: "false"\n', False),
    ],
)
def test_what_editors_read_as_text_the_schema_judges_as_lint(text: str, verdict: bool) -> None:
    from chartgen import api

    base = "maxSlotsPerPod: 4\ninitialUserPassword: Schema-Passw0rd\n"
    validator = jsonschema.Draft202012Validator(api.schema())
    assert (list(validator.iter_errors(_yaml12(base + text))) == []) is verdict
    assert api.lint([api.ValuesText(base + text)]).ok is verdict


def test_a_typo_in_a_section_is_reported_as_the_unexpected_key() -> None:
    from chartgen import api

    validator = jsonschema.Draft202012Validator(api.schema())
    data = _yaml12("checkpointStorage:\n  type: s3\n  bukcet: b\n")
    best = jsonschema.exceptions.best_match(validator.iter_errors(data))
    assert best is not None and "'bukcet' was unexpected" in best.message
