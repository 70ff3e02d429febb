"""The library as installer tooling uses it (README, "As a library"): typed results, diagnostics as data, no printing."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

import chartgen
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


def test_render_release_gives_the_objects_in_install_order(good: str) -> None:
    result = chartgen.render_release([good], release="det", namespace="determined")
    assert isinstance(result, chartgen.RenderResult)
    assert (result.ok, result.diagnostics) == (True, [])
    kinds = [m.kind for m in result.manifests]
    assert kinds[:2] == ["PriorityClass", "PriorityClass"]
    assert kinds[-1] == "Deployment"
    for manifest in result.manifests:
        document = yaml.safe_load(manifest.text)
        assert document["kind"] == manifest.kind
        assert manifest.source == f"determined/{manifest.template}"
        if document["kind"] not in ("PriorityClass", "ClusterRole", "ClusterRoleBinding"):
            assert document["metadata"]["namespace"] == "determined"


def test_render_release_of_invalid_values_gives_diagnostics_and_no_objects() -> None:
    flags = chartgen.SetFlags(set=["maxSlotsPerPod=4,db.keepOnUninstall=true"])
    result = chartgen.render_release(flags=flags)
    assert (result.ok, result.manifests) == (False, [])
    assert [d.rule for d in result.diagnostics] == ["initial-password-required"]


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
