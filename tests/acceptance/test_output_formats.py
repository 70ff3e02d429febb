"""``lint --format github|sarif``, the summary line and colour, as CI systems and terminals read them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.report import as_github, summary
from tests.support.cli import run_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "sarif"
# Two errors and two warnings (logColor, the database keep policy), in one file.
BAD = "maxSlotsPerPod: 4\ninitialUserPassword: abc12\nlogColor: false\ncheckpointStorage:\n  type: s3\n"
GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"
# GitHub's workflow command: ::level key=value,key=value::data (actions/toolkit, command.ts).
COMMAND = re.compile(r"::(error|warning) ((?:[a-z]+=[^,:\r\n]*)(?:,[a-z]+=[^,:\r\n]*)*)::([^\r\n]*)")


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    Path("bad-values.yaml").write_text(BAD)
    Path("good-values.yaml").write_text(GOOD)
    return tmp_path


def _unescape_data(text: str) -> str:
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _unescape_property(text: str) -> str:
    return _unescape_data(text.replace("%3A", ":").replace("%2C", ","))


def test_github_format_is_one_workflow_command_per_finding() -> None:
    # db-keep-policy, opt-in, is a warning with a hint
    code, out, err = run_cli(
        ["lint", "--format", "github", "--select", "*,db-keep-policy", "bad-values.yaml"]
    )
    assert (code, err) == (1, "")
    commands = [COMMAND.fullmatch(line) for line in out.splitlines()]
    assert all(commands), out
    rows = [
        (m[1], dict(p.split("=", 1) for p in m[2].split(",")), _unescape_data(m[3])) for m in commands if m
    ]
    strength = next(row for row in rows if "initial-password-strength" in row[1]["title"])
    assert strength[0] == "error"
    assert strength[1] == {
        "file": "bad-values.yaml",
        "line": "2",
        "col": "22",
        "title": "chartgen (initial-password-strength)",
    }
    assert "abc12" not in strength[2]  # secrets stay out of annotations too
    assert {row[0] for row in rows} == {"error", "warning"}
    assert any("\nhint: " in row[2] for row in rows), "a hint is a second line of the annotation"


def test_github_format_escapes_data_and_properties() -> None:
    finding = Diagnostic(
        "unknown-key",
        "100% of a,b: c\nforged",
        Severity.WARNING,
        Location("dir,x/a:b%.yaml", 3, 4),
        hint="line\rtwo",
    )
    line = as_github([finding])
    assert line == (
        "::warning file=dir%2Cx/a%3Ab%25.yaml,line=3,col=4,title=chartgen (unknown-key)"
        "::100%25 of a,b: c\\nforged%0Ahint: line\\rtwo\n"
    )
    match = COMMAND.fullmatch(line.rstrip("\n"))
    assert match and _unescape_property(match[2].split(",")[0].split("=", 1)[1]) == "dir,x/a:b%.yaml"


def test_github_format_puts_a_set_flag_finding_on_the_run() -> None:
    code, out, _ = run_cli(["lint", "--format", "github", "--set", "maxSlotsPerPod=4,initialUserPassword=x"])
    assert code == 1
    line = next(line for line in out.splitlines() if "initial-password-strength" in line)
    assert line.startswith("::error title=chartgen (initial-password-strength)::--set:1:")


def test_sarif_validates_against_the_sarif_2_1_0_schema() -> None:
    code, out, err = run_cli(["lint", "--format", "sarif", "bad-values.yaml", "--set", "logColor=false"])
    assert (code, err) == (1, "")
    log = json.loads(out)
    schema = json.loads((DATA / "sarif-2.1.0-rtm.5.json").read_text())
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    assert list(validator.iter_errors(log)) == []
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert log["version"] == "2.1.0"
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    strength = next(r for r in results if r["ruleId"] == "initial-password-strength")
    assert strength["level"] == "error"
    assert strength["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "bad-values.yaml"},
        "region": {"startLine": 2, "startColumn": 22},
    }
    flag = next(r for r in results if r["locations"][0].get("logicalLocations"))
    assert flag["locations"][0]["logicalLocations"][0]["name"].startswith("--set:1:")


def test_sarif_of_a_clean_file_is_a_valid_empty_log() -> None:
    code, out, _ = run_cli(["lint", "--format", "sarif", "good-values.yaml"])
    assert code == 0
    log = json.loads(out)
    schema = json.loads((DATA / "sarif-2.1.0-rtm.5.json").read_text())
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["results"] == []


def test_summary_ends_text_output_and_quiet_drops_it() -> None:
    code, out, _ = run_cli(["lint", "bad-values.yaml", "good-values.yaml"])
    assert code == 1
    assert out.splitlines()[-1] == "Found 2 errors, 1 warning in 1 file (2 files, 2 sources checked)."
    assert run_cli(["lint", "good-values.yaml"])[1] == "All checks passed (1 file, 1 source).\n"
    assert run_cli(["lint", "--quiet", "good-values.yaml"])[1] == ""
    quiet = run_cli(["lint", "-q", "bad-values.yaml"])[1]
    assert "Found" not in quiet and "bad-values.yaml:2:22: error[initial-password-strength]" in quiet
    assert "Found" not in run_cli(["lint", "--format", "json", "bad-values.yaml"])[1]


def test_summary_counts() -> None:
    at = Location("a.yaml", 1, 1)
    one = Diagnostic("x-1", "m", Severity.ERROR, at)
    assert summary([]) == "All checks passed.\n"
    assert summary([one]) == "Found 1 error in 1 file.\n"
    warn = Diagnostic("x-2", "m", Severity.WARNING, Location("b.yaml", 1, 1))
    flag = Diagnostic("x-3", "m", Severity.WARNING, Location("--set", 1, 1))
    assert summary([one, warn, flag]) == "Found 1 error, 2 warnings in 2 files.\n"


def _on_a_terminal(env: dict[str, str]) -> str:
    """What ``chartgen lint`` writes when its standard output is a terminal (a pseudo-terminal)."""
    import pty

    leader, follower = pty.openpty()
    subprocess.run(
        [sys.executable, "-m", "chartgen", "lint", "bad-values.yaml"],
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
        check=False,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return b"".join(chunks).decode()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_colour_on_a_terminal_only_and_never_with_no_color() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm"
    coloured = _on_a_terminal(env)
    assert "\x1b[31m\x1b[1merror\x1b[0m[\x1b[36minitial-password-strength\x1b[0m]" in coloured
    assert "\x1b" not in _on_a_terminal({**env, "NO_COLOR": "1"})
    piped = subprocess.run(
        [sys.executable, "-m", "chartgen", "lint", "bad-values.yaml"], capture_output=True, text=True, env=env
    )
    assert piped.returncode == 1 and "\x1b" not in piped.stdout
    forced = subprocess.run(
        [sys.executable, "-m", "chartgen", "lint", "bad-values.yaml"],
        capture_output=True,
        text=True,
        env={**env, "FORCE_COLOR": "1"},
    )
    assert "\x1b[33m\x1b[1mwarning\x1b[0m" in forced.stdout
