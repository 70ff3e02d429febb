"""``chartgen.check`` is ``chartgen lint``: the same configuration and files, the same findings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from chartgen.checking import CheckResult, check
from chartgen.diagnostics import Diagnostic, UsageError
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
REAL_WORLD = sorted((ROOT / "tests" / "data" / "real-world").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "examples").glob("values*.yaml"))

#: A GitOps repository's configuration: every kind of setting, overrides and base layering.
CONFIG = """\
exclude: [vendor/**]
severity: {log-color-ignored: error}
ignore: [foreign-key]
overrides:
  - paths: [clusters/prod/*.yaml]
    base: [clusters/base.yaml]
    select: ['*', db-keep-policy]
  - paths: [clusters/dev/*.yaml]
    strict: true
    ignore: [unknown-key]
"""
BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\n"
SUPPRESSED = (
    "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\nmasterPrt: 1  # chartgen: ignore[unknown-key]\n"
)


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every real-world and example values file, spread over a configured repository."""
    monkeypatch.chdir(tmp_path)
    files = []
    for index, source in enumerate([*REAL_WORLD, *EXAMPLES]):
        folder = ("clusters/prod", "clusters/dev", "apps", "vendor")[index % 4]
        target = Path(folder) / f"{source.stem}-values.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)
        files.append(str(target))
    Path("clusters/base.yaml").write_text(BASE)
    Path("apps/suppressed-values.yaml").write_text(SUPPRESSED)
    Path(".chartgen.yaml").write_text(CONFIG)
    return [*files, "apps/suppressed-values.yaml"]


def _rows(diagnostics: list[Diagnostic]) -> list[dict[str, object]]:
    """Findings as ``chartgen lint --format json`` writes them."""
    from chartgen.report import FORMATS

    rows: list[dict[str, object]] = json.loads(FORMATS["json"](diagnostics))
    return rows


def _cli(*argv: str) -> tuple[int, list[dict[str, object]]]:
    code, out, err = run_cli(["lint", "--format", "json", *argv])
    assert code in (0, 1), err
    rows: list[dict[str, object]] = json.loads(out)
    return code, rows


def _code(result: CheckResult) -> int:
    return 0 if result.ok else 1


def test_each_file_gets_the_same_findings_through_either_door(repository: list[str]) -> None:
    for file in repository:
        result = check([file])
        assert (_code(result), _rows(result.diagnostics)) == _cli(file), file


def test_all_files_at_once_and_a_directory_get_the_same_findings(repository: list[str]) -> None:
    result = check(repository, workers=2)
    assert (_code(result), _rows(result.diagnostics)) == _cli(*repository)
    assert not any(file.startswith("vendor/") for file in result.files)  # excluded
    whole = check(["."])
    assert sorted(whole.files) == sorted(f for f in repository if not f.startswith("vendor/"))
    assert (_code(whole), _rows(whole.diagnostics)) == _cli(".")


def test_settings_given_to_the_call_are_the_flags(repository: list[str]) -> None:
    file = "apps/suppressed-values.yaml"
    assert check([file]).ok  # the inline suppression holds through the library too
    for kwargs, argv in [
        ({"select": ["unknown-key"]}, ["--select", "unknown-key"]),
        ({"ignore": ["initial-password-*"]}, ["--ignore", "initial-password-*"]),
        ({"strict": True}, ["--strict"]),
        ({"app_version": "0.35.0"}, ["--app-version", "0.35.0"]),
        ({"values": ["clusters/base.yaml"]}, ["-f", "clusters/base.yaml"]),
    ]:
        for target in (file, repository[0], repository[1]):
            result = check([target], **kwargs)  # type: ignore[arg-type]
            assert (_code(result), _rows(result.diagnostics)) == _cli(*argv, target), (kwargs, target)


def test_a_selection_that_names_no_rule_is_a_usage_error_without_flag_names() -> None:
    with pytest.raises(UsageError, match=r"^select: no rule is named 'no-such-rule'$"):
        check(["values.yaml"], select=["no-such-rule"])
    # A string is not a list of ids: a TypeError, as every argument of the wrong type is.
    with pytest.raises(TypeError, match=r"^check\(\) takes ignore as a list of rule ids or globs, not str$"):
        check(["values.yaml"], ignore="unknown-key")


def test_what_stops_a_file_is_a_problem_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a-values.yaml").write_text(BASE)
    Path("b-values.yaml").write_text(BASE)
    result = check(["a-values.yaml", "b-values.yaml"], values=["missing.yaml"])
    assert result.problems == ["cannot read values file missing.yaml: No such file or directory"]
    assert not result.ok and result.files == []


UMBRELLA = """\
pachyderm:
  deployTarget: LOCAL
determined:
  maxSlotsPerPod: 4
  initialUserPassword: weak
  db:
    hostAddrss: db.example.com
"""


def test_an_umbrella_charts_section_is_checked_at_its_own_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("values.yaml").write_text(UMBRELLA)
    assert [d.rule for d in check(["values.yaml"]).diagnostics] == ["not-determined-values"]
    expected = [
        ("values.yaml", 5, 24, "initial-password-strength"),
        ("values.yaml", 7, 5, "unknown-key"),
    ]
    found = check(["values.yaml"], subchart="determined").diagnostics
    assert [
        (d.location.file, d.location.line, d.location.column, d.rule) for d in found if d.location
    ] == expected
    code, rows = _cli("--subchart", "determined", "values.yaml")
    assert (code, rows) == (1, _rows(found))
    Path(".chartgen.yaml").write_text("subchart: determined\n")
    assert _rows(check(["values.yaml"]).diagnostics) == rows
    Path("other-values.yaml").write_text("pachyderm: {}\n")
    (warning,) = check(["other-values.yaml"]).diagnostics
    assert (warning.rule, warning.is_error) == ("not-determined-values", False)
    assert "no 'determined' section" in warning.message
    Path("broken-values.yaml").write_text("determined: 5\n")
    (error,) = check(["broken-values.yaml"]).diagnostics
    assert (error.rule, error.location and error.location.line) == ("values-not-a-map", 1)
