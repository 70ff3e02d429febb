"""``--subchart KEY`` (or the configuration's ``subchart``) for every command that reads values as
Helm renders a chart: ``render``, ``podspec`` and ``plan`` read an umbrella chart's file as ``lint``
does. Each umbrella file here is an example file indented under ``determined:``, so every answer
must be the example's own, every finding at the same place two columns right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import chartgen
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
#: Lines of the umbrella file above the Determined section's first line.
ABOVE = 3


def umbrella(tmp_path: Path, example: str, name: str = "umbrella.yaml") -> Path:
    text = (EXAMPLES / example).read_text()
    body = "".join(f"  {line}" if line.strip() else line for line in text.splitlines(keepends=True))
    path = tmp_path / name
    path.write_text("pachyderm:\n  enabled: false\ndetermined:\n" + body)
    return path


def _json_findings(argv: list[str]) -> list[tuple[int, int, str, str]]:
    _, out, _ = run_cli(["lint", "--format", "json", *argv])
    return [(row["line"], row["column"], row["rule"], row["message"]) for row in json.loads(out)]


def test_render_of_the_section_is_the_render_of_the_values(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values.yaml")
    plain = run_cli(["render", "det", "-n", "determined", "-f", str(EXAMPLES / "values.yaml")])
    assert plain[0] == 0
    assert (
        run_cli(["render", "det", "-n", "determined", "-f", str(path), "--subchart", "determined"]) == plain
    )


def test_render_findings_are_at_their_place_in_the_umbrella_file_as_lint_says(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values-typo.yaml")
    code, out, err = run_cli(["render", "-f", str(path), "--subchart", "determined"])
    assert (code, out) == (1, "")
    plain = _json_findings([str(EXAMPLES / "values-typo.yaml")])
    shifted = [(line + ABOVE, column + 2, rule, message) for line, column, rule, message in plain]
    assert _json_findings(["--subchart", "determined", str(path)]) == shifted
    for line, column, rule, _ in shifted:
        severity = "error" if rule == "checkpoint-location-required" else "warning"
        assert f"{path}:{line}:{column}: {severity}[{rule}]" in err


def test_the_configurations_subchart_is_honoured_and_the_flag_wins(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values.yaml")
    plain = run_cli(["render", "-f", str(EXAMPLES / "values.yaml")])
    (tmp_path / ".chartgen.yaml").write_text(
        "overrides:\n  - paths: [umbrella.yaml]\n    subchart: determined\n"
    )
    assert run_cli(["render", "-f", str(path)]) == plain
    code, out, err = run_cli(["render", "-f", str(path), "--subchart", "pachyderm"])
    assert (code, out) == (1, "")  # pachyderm's section as the Determined values: required ones missing
    assert "maxSlotsPerPod" in err


def test_a_file_without_the_section_adds_nothing_and_none_with_it_is_a_usage_error(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values.yaml")
    other = tmp_path / "other.yaml"
    other.write_text("pachyderm:\n  enabled: true\n")
    plain = run_cli(["render", "-f", str(EXAMPLES / "values.yaml")])
    assert run_cli(["render", "-f", str(path), "-f", str(other), "--subchart", "determined"]) == plain
    code, out, err = run_cli(["render", "-f", str(other), "--subchart", "determined"])
    assert (code, out) == (2, "")
    assert err == (
        "chartgen: error: no values source has a 'determined' section, so there are no Determined values "
        "to read (is 'determined' the key of the umbrella chart's section for them?)\n"
    )


def test_a_section_that_is_not_a_map_is_located(tmp_path: Path) -> None:
    path = tmp_path / "umbrella.yaml"
    path.write_text("pachyderm: {}\ndetermined: 5\n")
    code, _, err = run_cli(["render", "-f", str(path), "--subchart", "determined"])
    assert code == 1 and err.startswith(f"{path}:2:13: error[values-not-a-map]")


def test_set_flags_are_the_determined_values(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values.yaml")
    argv = ["--show-only", "templates/master-config.yaml", "--set", "clusterName=umbrella-set"]
    plain = run_cli(["render", "-f", str(EXAMPLES / "values.yaml"), *argv])
    assert run_cli(["render", "-f", str(path), "--subchart", "determined", *argv]) == plain


def test_podspec_and_plan_read_the_section_too(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values-prod.yaml")
    for argv in (
        ["podspec", "--kind", "gpu", "--pool", "prod_pool"],
        ["plan", "--nodes", "8x2", "--jobs", "16", "--format", "json"],  # maxSlotsPerPod: 8 from the values
    ):
        plain = run_cli([*argv, "-f", str(EXAMPLES / "values-prod.yaml")])
        assert plain[0] == 0 and plain[1]
        assert run_cli([*argv, "-f", str(path), "--subchart", "determined"]) == plain


def test_the_library_takes_subchart(tmp_path: Path) -> None:
    path = umbrella(tmp_path, "values.yaml")
    plain = chartgen.render(str(EXAMPLES / "values.yaml"))
    assert chartgen.render(str(path), subchart="determined").manifests == plain.manifests
    text = chartgen.ValuesText(path.read_text(), "umbrella.yaml")
    loaded = chartgen.load_values(text, subchart="determined")
    own = chartgen.load_values(str(EXAMPLES / "values.yaml"))
    assert loaded.user == own.user
    where, there = loaded.locate(("maxSlotsPerPod",)), own.locate(("maxSlotsPerPod",))
    assert where is not None and there is not None and there.line is not None and there.column is not None
    assert (where.file, where.line, where.column) == ("umbrella.yaml", there.line + ABOVE, there.column + 2)
    with pytest.raises(chartgen.UsageError):
        chartgen.load_values({"pachyderm": {}}, subchart="determined")
