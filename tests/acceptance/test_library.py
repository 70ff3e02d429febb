"""The library as installer tooling uses it (README, "As a library"): typed results, diagnostics as data, no printing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import chartgen
import chartgen.report
from chartgen import ChartgenError, Diagnostic, Location, Severity, UsageError
from chartgen.api import validate

GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"


@pytest.fixture(autouse=True)
def silent(capsys: pytest.CaptureFixture[str]) -> Iterator[None]:
    """Nothing in the library prints."""
    yield
    assert capsys.readouterr() == ("", "")


@pytest.fixture
def good(tmp_path: Path) -> str:
    path = tmp_path / "values.yaml"
    path.write_text(GOOD)
    return str(path)


def test_load_values_coalesces_with_the_releases_defaults_and_remembers_positions(good: str) -> None:
    values = chartgen.load_values([good], app_version="0.35.0")
    assert isinstance(values, chartgen.LoadedValues)
    assert values.release == "0.35.0"
    assert values.user == {
        "maxSlotsPerPod": 4,
        "initialUserPassword": "Passw0rdX",
        "db": {"keepOnUninstall": True},
    }
    assert values.values["maxSlotsPerPod"] == 4
    assert values.values["masterPort"] == 8080  # the chart's default, not written by the user
    assert values.locate(("maxSlotsPerPod",)) == Location(good, 1, 17)
    assert values.locate(("masterPort",)) is None


def test_set_flags_come_after_files_and_are_located(good: str) -> None:
    values = chartgen.load_values([good], flags=chartgen.SetFlags(set=["maxSlotsPerPod=8"]))
    assert values.values["maxSlotsPerPod"] == 8
    assert values.locate(("maxSlotsPerPod",)) == Location("--set", 1, 16)


def test_validate_returns_located_errors_and_warnings(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(
        "maxSlotsPerPod: 4\ninitialUserPassword: pw0xq\nlogColor: false\ndb:\n  keepOnUninstall: true\n"
    )
    problems = validate(chartgen.load_values([str(path)]))
    assert all(isinstance(d, Diagnostic) for d in problems)
    assert [(d.rule, d.severity, d.location, d.path) for d in problems] == [
        ("initial-password-strength", Severity.ERROR, Location(str(path), 2, 22), ("initialUserPassword",)),
        ("log-color-ignored", Severity.WARNING, Location(str(path), 3, 11), ("logColor",)),
    ]
    assert not any("pw0xq" in d.message for d in problems)


def test_validate_checks_the_release_name_it_is_given(good: str) -> None:
    values = chartgen.load_values([good])
    assert validate(values) == []
    assert [d.is_error for d in validate(values, release_name="Not_A_DNS_Name")] == [True]


def test_chartgen_validate_can_be_called_more_than_once(good: str) -> None:
    values = chartgen.load_values([good])
    assert chartgen.validate(values) == []
    assert chartgen.validate(values) == []


def test_lint_reports_yaml_errors_as_diagnostics(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("maxSlotsPerPod: 4\ninitialUserPassword: a: b\n")
    result = chartgen.lint([str(path)])
    assert isinstance(result, chartgen.LintResult)
    assert (result.ok, result.values) == (False, None)
    assert [(d.rule, d.location) for d in result.diagnostics] == [("yaml-syntax", Location(str(path), 2, 23))]


def test_lint_of_good_values_is_ok_with_the_loaded_values(good: str) -> None:
    result = chartgen.lint([good], app_version="0.35.0")
    assert (result.ok, result.diagnostics) == (True, [])
    assert result.values is not None and result.values.release == "0.35.0"


def test_load_values_raises_chartgen_error_carrying_the_diagnostics(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("- a list\n")
    with pytest.raises(ChartgenError) as raised:
        chartgen.load_values([str(path)])
    assert [(d.rule, d.location) for d in raised.value.diagnostics] == [
        ("values-not-a-map", Location(str(path), 1, 1))
    ]


@pytest.mark.parametrize(
    ("files", "app_version", "message"),
    [
        (["no-such-file.yaml"], "0.38.1", "cannot read values file no-such-file.yaml"),
        ([], "0.34.0", "Determined 0.34.0 is not one of the releases chartgen reproduces"),
        ([], "0.39.0", "Determined 0.39.0 is newer than"),
        ([], "latest", "'latest' is not a release version"),
    ],
)
def test_requests_that_cannot_run_raise_usage_error(files: list[str], app_version: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        chartgen.load_values(files, app_version=app_version)


def test_render_gives_the_objects_in_install_order(good: str) -> None:
    result = chartgen.render([good], release_name="det", namespace="determined")
    assert isinstance(result, chartgen.RenderResult)
    assert result.warnings == []
    kinds = [m.kind for m in result.manifests]
    assert kinds[:2] == ["PriorityClass", "PriorityClass"]
    assert kinds[-1] == "Deployment"
    for manifest in result.manifests:
        assert isinstance(manifest, chartgen.Manifest)
        document = yaml.safe_load(manifest.text)
        assert document["kind"] == manifest.kind
        assert manifest.source == f"determined/{manifest.template}"
        if document["kind"] not in ("PriorityClass", "ClusterRole", "ClusterRoleBinding"):
            assert document["metadata"]["namespace"] == "determined"


def test_render_of_loaded_values_reads_nothing_again(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(GOOD)
    loaded = chartgen.load_values([str(path)])
    path.unlink()
    assert chartgen.render(loaded).manifests


def test_the_yaml_stream_parses_back_into_the_same_objects(good: str) -> None:
    manifests = chartgen.render([good]).manifests
    stream = chartgen.to_yaml_stream(manifests)
    assert [d for d in yaml.safe_load_all(stream) if d] == [yaml.safe_load(m.text) for m in manifests]


def test_write_manifests_writes_one_file_per_template(good: str, tmp_path: Path) -> None:
    manifests = chartgen.render([good]).manifests
    written = chartgen.write_manifests(manifests, tmp_path / "out")
    templates = {m.template for m in manifests}
    assert sorted(written) == sorted(str(tmp_path / "out" / "determined" / t) for t in templates)


@pytest.mark.parametrize(
    "call",
    [
        lambda flags: chartgen.render([], flags=flags),
        lambda flags: chartgen.plan([], flags=flags, nodes="4,4"),
        lambda flags: chartgen.preview_pod([], flags=flags, kind="gpu"),
        lambda flags: chartgen.diff(chartgen.ValuesSource(flags=flags), chartgen.ValuesSource(flags=flags)),
    ],
    ids=["render", "plan", "preview_pod", "diff"],
)
def test_invalid_input_raises_chartgen_error_from_every_entry_point(call: Any) -> None:
    flags = chartgen.SetFlags(set=["maxSlotsPerPod=4", "a[x]=1"])
    with pytest.raises(ChartgenError) as raised:
        call(flags)
    assert [(d.rule, d.location) for d in raised.value.diagnostics] == [
        ("set-syntax", Location("--set", 2, 3))
    ]


def test_values_render_refuses_raise_with_the_findings() -> None:
    flags = chartgen.SetFlags(set=["maxSlotsPerPod=4,db.keepOnUninstall=true"])
    for call in (
        lambda: chartgen.render([], flags=flags),
        lambda: chartgen.diff(chartgen.ValuesSource(flags=flags), chartgen.ValuesSource(flags=flags)),
    ):
        with pytest.raises(ChartgenError) as raised:
            call()
        assert [d.rule for d in raised.value.diagnostics if d.is_error] == ["initial-password-required"]


def test_values_come_as_text_as_a_mapping_or_typed() -> None:
    typed = chartgen.Values(
        maxSlotsPerPod=4,
        initialUserPassword="Passw0rdX",
        db=chartgen.Db(keepOnUninstall=True),
        checkpointStorage=chartgen.CheckpointStorage(type="s3", bucket="b"),
    )
    mapping = {
        "maxSlotsPerPod": 4,
        "initialUserPassword": "Passw0rdX",
        "db": {"keepOnUninstall": True},
        "checkpointStorage": {"type": "s3", "bucket": "b"},
    }
    text = chartgen.ValuesText(yaml.safe_dump(mapping), name="inline.yaml")
    loaded = [chartgen.load_values(source) for source in (typed, mapping, text)]
    assert [v.user for v in loaded] == [mapping] * 3
    assert [v.files for v in loaded] == [["Values"], ["<values 1>"], ["inline.yaml"]]
    streams = {chartgen.to_yaml_stream(chartgen.render(v).manifests) for v in loaded}
    assert len(streams) == 1


def test_loaded_values_have_a_typed_view(good: str) -> None:
    model = chartgen.load_values([good]).model
    assert isinstance(model, chartgen.Values)
    assert (model.maxSlotsPerPod, model.masterPort) == (4, 8080)


def test_values_that_are_not_data_are_a_usage_error() -> None:
    with pytest.raises(UsageError, match="is a set"):
        chartgen.load_values({"maxSlotsPerPod": {1, 2}})


def test_plan_answers_as_the_command_does() -> None:
    report = chartgen.plan(nodes=[4, 4, 4], jobs="16", scheduler="default")
    assert isinstance(report, chartgen.PlanReport)
    assert not report.ok
    assert report.to_json()["jobs"][0]["schedulable"] is False
    assert "not schedulable" in report.text()


def test_preview_pod_gives_the_merged_pod(tmp_path: Path) -> None:
    values = {
        **yaml.safe_load(GOOD),
        "taskContainerDefaults": {"gpuPodSpec": {"metadata": {"labels": {"a": "b"}}}},
    }
    result = chartgen.preview_pod(values, kind="gpu")
    assert isinstance(result, chartgen.PodPreviewResult)
    assert result.pod["metadata"]["labels"] == {"a": "b"}
    assert yaml.safe_load(result.text()) == result.pod
    assert "gpuPodSpec" in result.text(explain=True)


def test_schema_is_the_json_schema_of_the_release() -> None:
    schema = chartgen.schema("0.38.1")
    assert schema["type"] == "object" and "maxSlotsPerPod" in schema["properties"]


def test_a_diagnostic_prints_as_the_command_line_does_and_names_fields_as_json_does(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("maxSlotsPerPod: 4\ninitialUserPassword: pw0xq\ndb:\n  keepOnUninstall: true\n")
    (found,) = chartgen.lint([str(path)]).diagnostics
    assert str(found).startswith(f"{path}:2:22: error[initial-password-strength] ")
    (row,) = json.loads(chartgen.report.as_json([found]))
    assert (row["rule"], row["line"], row["column"]) == (
        found.rule,
        found.location.line,
        found.location.column,
    )


def test_the_public_names_resolve_and_others_do_not() -> None:
    for name in chartgen.__all__:
        assert getattr(chartgen, name) is not None
    with pytest.raises(AttributeError):
        _ = chartgen.render_chart


def test_importing_the_package_loads_no_heavy_dependency() -> None:
    code = (
        "import sys, chartgen; print(sorted(m for m in ('pydantic', 'jinja2', 'ruamel') if m in sys.modules))"
    )
    process = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert process.stdout == "[]\n"


def test_the_package_declares_its_types() -> None:
    assert (Path(chartgen.__file__).parent / "py.typed").is_file()


def test_typed_values_the_model_refuses_raise_chartgen_error_at_their_path() -> None:
    with pytest.raises(ChartgenError) as raised:
        chartgen.Values(maxSlotsPerPod=0)
    (found,) = raised.value.diagnostics
    # The rule that owns the value words it, as lint does for the same value in a file.
    assert (found.rule, found.path, str(found.location)) == (
        "max-slots-per-pod-positive",
        ("maxSlotsPerPod",),
        "Values.maxSlotsPerPod",
    )
    assert str(raised.value) == (
        "Values.maxSlotsPerPod: error[max-slots-per-pod-positive] maxSlotsPerPod must be at least 1, not 0: "
        "with 0 slots per pod no task that needs a GPU or CPU slot can ever be scheduled"
    )


def test_a_chartgen_error_reads_as_its_located_findings(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("maxSlotsPerPod: 4\n")
    with pytest.raises(ChartgenError) as raised:
        chartgen.render([str(path)])
    assert str(raised.value).startswith(f"{path}:1:1: error[initial-password-required] ")
    assert str(raised.value) == "\n".join(str(d) for d in raised.value.diagnostics)


#: A command-line flag (``--pool``, ``-f``) in a message.
FLAG = re.compile(r"(?<![\w-])--?[a-z]")


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: chartgen.plan(nodes="4", cpu_allocatable="4"), "cpu_allocatable"),
        (lambda: chartgen.plan(jobs="8"), "cpu_allocatable"),
        (lambda: chartgen.plan(nodes="4,x"), "nodes '4,x'"),
        (lambda: chartgen.plan(nodes="4", jobs="8,-1"), "jobs '8,-1'"),
        (lambda: chartgen.plan(nodes="4", pool="gpu"), "pool"),
        (lambda: chartgen.plan(nodes="4", slot_cpu=2), "slot_cpu"),
        (lambda: chartgen.plan(nodes="4", max_slots_per_pod=0), "max_slots_per_pod 0"),
        (lambda: chartgen.plan(cpu_allocatable="7.91", slot_cpu=16), "slot_cpu 16"),
        (lambda: chartgen.preview_pod({}, kind="gpu", pool="gpu"), "pool 'gpu'"),
        (lambda: chartgen.check_kube_version("banana"), "Kubernetes version 'banana'"),
        (lambda: chartgen.check_kube_version("1.18"), "Kubernetes 1.18"),
        (lambda: chartgen.load_values([], app_version="stable"), "app_version 'stable'"),
        (lambda: chartgen.load_values([], app_version="0.34.0"), "app_version"),
        (lambda: chartgen.load_values([], flags=chartgen.SetFlags(set_file=["a=/no/such"])), "set_file"),
    ],
)
def test_usage_errors_name_the_parameter_never_a_flag(call: Any, named: str) -> None:
    with pytest.raises(UsageError) as raised:
        call()
    assert named in str(raised.value)
    assert FLAG.search(str(raised.value)) is None, str(raised.value)
