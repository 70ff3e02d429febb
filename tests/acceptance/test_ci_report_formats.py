"""``lint --format junit|gitlab``, checked by the parsers and schemas their consumers publish.

JUnit XML against the Jenkins xUnit plugin's ``junit-10.xsd`` (tests/data/junit), read by a
strict XML parser; GitLab Code Quality against the schema GitLab's own parser validates each
issue with (tests/data/gitlab/codeclimate.json), plus the rules of its documentation (a list,
severities of its scale, one issue per fingerprint).
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import xmlschema

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.printable import printable
from chartgen.report import FORMATS
from chartgen.report.gitlab import as_gitlab
from chartgen.report.junit import as_junit
from tests.support.cli import run_cli

DATA = Path(__file__).resolve().parents[1] / "data"
JUNIT_XSD = xmlschema.XMLSchema10(DATA / "junit" / "junit-10.xsd")
CODECLIMATE = json.loads((DATA / "gitlab" / "codeclimate.json").read_text())
#: GitLab's documented severities (doc/ci/testing/code_quality.md, "Code Quality report format").
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}
# Errors (the password, the checkpoint storage) and warnings (logColor, opt-in db-keep-policy), in one file.
BAD = "maxSlotsPerPod: 4\ninitialUserPassword: abc12\nlogColor: false\ncheckpointStorage:\n  type: s3\n"
GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"
# Key names no values file should have: an escape sequence, a CDATA end, a C0 control, non-ASCII.
HOSTILE = 'maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\n"\\e[31m]]>\\x01\\u00e9\\u2028k\\x7f": 1\n'


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    Path("bad-values.yaml").write_text(BAD)
    Path("good-values.yaml").write_text(GOOD)
    Path("hostile-values.yaml").write_text(HOSTILE)
    return tmp_path


def _junit(text: str) -> ET.Element:
    """The report, once the XSD Jenkins validates JUnit input with has accepted it."""
    JUNIT_XSD.validate(text)
    return ET.fromstring(text)  # expat: refuses what is not well-formed


def _cases(root: ET.Element) -> dict[tuple[str, str], ET.Element]:
    cases = {(c.attrib["classname"], c.attrib["name"]): c for c in root.iter("testcase")}
    assert len(cases) == len(list(root.iter("testcase"))), "test cases are named uniquely"
    return cases


def _assert_counts(root: ET.Element) -> None:
    """Every count on ``<testsuites>`` and ``<testsuite>`` is the number of such test cases."""
    suite = root.find("testsuite")
    assert suite is not None and root.tag == "testsuites"
    cases = list(suite.iter("testcase"))
    expected = {
        "tests": len(cases),
        "failures": sum(c.find("failure") is not None for c in cases),
        "errors": sum(c.find("error") is not None for c in cases),
    }
    for element in (root, suite):
        assert {key: int(element.attrib[key]) for key in expected} == expected
    assert suite.attrib["skipped"] == "0" and not list(suite.iter("skipped"))


def _gitlab(text: str) -> list[dict[str, Any]]:
    """The report, once every issue passes the schema GitLab validates it with."""
    issues = json.loads(text)
    assert isinstance(issues, list)
    validator = jsonschema.Draft7Validator(CODECLIMATE)
    for issue in issues:
        assert list(validator.iter_errors(issue)) == []
        assert issue["severity"] in GITLAB_SEVERITIES
        assert isinstance(issue["check_name"], str) and issue["check_name"]
        assert isinstance(issue["location"]["path"], str)
        assert isinstance(issue["location"]["lines"]["begin"], int)
    fingerprints = [issue["fingerprint"] for issue in issues]
    assert len(set(fingerprints)) == len(fingerprints), "GitLab keeps one issue per fingerprint"
    return issues


def test_junit_is_a_test_case_per_file_and_rule_valid_for_jenkins() -> None:
    code, out, err = run_cli(
        ["lint", "--format", "junit", "--select", "*,db-keep-policy", "bad-values.yaml", "good-values.yaml"]
    )
    assert (code, err) == (1, "")
    root = _junit(out)
    _assert_counts(root)
    cases = _cases(root)
    expected = run_cli(["lint", "--format", "json", "--select", "*,db-keep-policy", "bad-values.yaml"])[1]
    found = json.loads(expected)
    assert set(cases) == {("bad-values", row["rule"]) for row in found} | {("good-values", "lint")}
    assert cases["good-values", "lint"].find("failure") is None
    for row in found:
        failure = cases["bad-values", row["rule"]].find("failure")
        assert failure is not None and failure.text is not None
        assert (
            f"bad-values.yaml:{row['line']}:{row['column']}: {row['severity']}[{row['rule']}] "
            in failure.text
        )
        assert failure.attrib["type"] == row["severity"]
        assert failure.attrib["message"].startswith(f"bad-values.yaml:{row['line']}:{row['column']}: ")
        if row["hint"]:
            assert f"\n  hint: {row['hint']}" in failure.text
    assert {row["severity"] for row in found} == {"error", "warning"}
    assert any(row["hint"] for row in found), "a hint is shown under its finding"


def test_junit_puts_every_finding_of_a_rule_in_one_failure() -> None:
    at = [Location("a.yaml", line, 3) for line in (7, 2, 9)]
    found = [
        Diagnostic("unknown-key", f"unknown key `k{n}`", Severity.WARNING, where)
        for n, where in enumerate(at)
    ]
    root = _junit(as_junit(found, ["a.yaml"]))
    _assert_counts(root)
    (case,) = root.iter("testcase")
    failures = case.findall("failure")
    assert len(failures) == 1, "Jenkins reads a test case's first failure only"
    assert failures[0].text == (
        "a.yaml:2:3: warning[unknown-key] unknown key `k1`\n"
        "a.yaml:7:3: warning[unknown-key] unknown key `k0`\n"
        "a.yaml:9:3: warning[unknown-key] unknown key `k2`"
    )
    assert failures[0].attrib == {
        "type": "warning",
        "message": "a.yaml:2:3: unknown key `k1` (and 2 more)",
    }
    mixed = [*found, Diagnostic("unknown-key", "m", Severity.ERROR, Location("a.yaml", 1, 1))]
    failure = _junit(as_junit(mixed)).find("testsuite/testcase/failure")
    assert failure is not None and failure.attrib["type"] == "error"


def test_junit_of_a_clean_run_is_a_passing_case_per_file() -> None:
    Path("other-values.yaml").write_text(GOOD)
    code, out, _ = run_cli(["lint", "--format", "junit", "good-values.yaml", "other-values.yaml"])
    assert code == 0
    root = _junit(out)
    _assert_counts(root)
    assert set(_cases(root)) == {("good-values", "lint"), ("other-values", "lint")}
    assert root.attrib["failures"] == "0"
    code, out, _ = run_cli(
        ["lint", "--format", "junit", "--set", "maxSlotsPerPod=4,initialUserPassword=Passw0rdX"]
    )
    assert code == 0
    root = _junit(out)
    _assert_counts(root)
    assert set(_cases(root)) == {("chartgen", "lint")}, "a run that checked no file still has a test"
    code, out, _ = run_cli(["lint", "--format", "junit", "-"], stdin=GOOD)
    assert code == 0 and set(_cases(_junit(out))) == {("<stdin>", "lint")}


def test_junit_puts_a_set_flag_finding_under_its_flag() -> None:
    code, out, _ = run_cli(["lint", "--format", "junit", "good-values.yaml", "--set", "logColor=false"])
    assert code == 0  # a warning: the exit code, not the report, decides whether the job fails
    root = _junit(out)
    _assert_counts(root)
    failure = _cases(root)["--set", "log-color-ignored"].find("failure")
    assert failure is not None and failure.text is not None
    assert failure.attrib["type"] == "warning"
    assert failure.text.startswith("--set:1:") and "warning[log-color-ignored]" in failure.text


def test_junit_reports_what_stopped_a_file_as_an_error() -> None:
    code, out, err = run_cli(["lint", "--format", "junit", "good-values.yaml", "missing-values.yaml"])
    assert code == 2 and "missing-values.yaml" in err
    root = _junit(out)
    _assert_counts(root)
    assert root.attrib["errors"] == "1"
    (error,) = root.iter("error")
    assert "missing-values.yaml" in error.attrib["message"]


def test_junit_stays_well_formed_whatever_the_key_names() -> None:
    code, out, _ = run_cli(["lint", "--format", "junit", "hostile-values.yaml"])
    assert code in (0, 1)
    assert out.isascii()
    root = _junit(out)
    _assert_counts(root)
    failure = next(root.iter("failure"))
    assert failure.text is not None and "\\u001b[31m]]>\\u0001\u00e9\\u2028k\\u007f" in failure.text


@pytest.mark.parametrize(
    "hostile", ["\x1b]0;x\x07", "]]>", "\x00\x0b\x0c", "\ud800\udcff", "\ufffe\uffff", "é–\u2028"]
)
def test_junit_holds_text_xml_cannot(hostile: str) -> None:
    """Every character XML 1.0 refuses, in every place user text reaches, comes out as an escape."""
    place = f"dir{hostile}/a{hostile}.yaml"
    found = [
        Diagnostic(f"rule{hostile}", f"key `{hostile}`", Severity.ERROR, Location(place, 1, 2), hint=hostile)
    ]
    root = _junit(as_junit(found, [place, f"b{hostile}.yaml"], [f"cannot read {hostile}"]))
    _assert_counts(root)
    escaped = printable(hostile).encode("utf-8", "backslashreplace").decode().replace("\ufffe", "\\ufffe")
    escaped = escaped.replace("\uffff", "\\uffff")
    failure = next(root.iter("failure"))
    assert (
        failure.text
        == f"dir{escaped}/a{escaped}.yaml:1:2: error[rule{escaped}] key `{escaped}`\n  hint: {escaped}"
    )
    assert {c.attrib["classname"] for c in root.iter("testcase")} == {
        f"dir{escaped}/a{escaped}",
        f"b{escaped}",
        "chartgen",
    }


def test_junit_and_gitlab_with_an_undecodable_file_name(tmp_path: Path) -> None:
    """A file name that is not UTF-8 (a lone surrogate in Python) through the real standard output."""
    name = b"bad-\xff-values.yaml"
    (tmp_path / name.decode("utf-8", "surrogateescape")).write_text(BAD)
    texts = []
    for fmt in ("junit", "gitlab"):
        done = subprocess.run(
            [sys.executable.encode(), b"-m", b"chartgen", b"lint", b"--format", fmt.encode(), name],
            capture_output=True,
            cwd=tmp_path,
            check=False,
        )
        assert (done.returncode, done.stderr) == (1, b"")
        texts.append(done.stdout.decode("utf-8"))  # strict: refuses anything that is not UTF-8
    assert {c.attrib["classname"] for c in _junit(texts[0]).iter("testcase")} == {"bad-\\udcff-values"}
    assert {i["location"]["path"] for i in _gitlab(texts[1])} == {"bad-\\udcff-values.yaml"}


def test_gitlab_validates_and_locates_each_finding() -> None:
    code, out, err = run_cli(
        [
            "lint",
            "--format",
            "gitlab",
            "--select",
            "*,db-keep-policy",
            "./bad-values.yaml",
            "--set",
            "chekpoint=1",
        ]
    )
    assert (code, err) == (1, "")
    issues = _gitlab(out)
    json_argv = [
        "lint",
        "--format",
        "json",
        "--select",
        "*,db-keep-policy",
        "./bad-values.yaml",
        "--set",
        "chekpoint=1",
    ]
    rows = json.loads(run_cli(json_argv)[1])
    assert len(issues) == len(rows)
    for issue, row in zip(issues, rows, strict=True):
        assert issue["check_name"] == row["rule"]
        assert issue["severity"] == {"error": "major", "warning": "minor"}[row["severity"]]
        if row["file"] == "--set":
            assert issue["location"] == {"path": "--set", "lines": {"begin": 1, "end": 1}}
            assert issue["description"].startswith(f"--set:{row['line']}:{row['column']}: ")
        else:
            assert issue["location"] == {
                "path": "bad-values.yaml",
                "lines": {"begin": row["line"], "end": row["line"]},
            }
            assert issue["description"].startswith(row["message"])
        if row["hint"]:
            assert issue["description"].endswith(f" (hint: {row['hint']})")
    assert {row["file"] for row in rows} == {"./bad-values.yaml", "--set"}


def test_gitlab_paths_are_relative_to_the_repository(tmp_path: Path) -> None:
    code, out, _ = run_cli(["lint", "--format", "gitlab", str(tmp_path / "bad-values.yaml")])
    assert code == 1
    assert {issue["location"]["path"] for issue in _gitlab(out)} == {"bad-values.yaml"}
    code, out, _ = run_cli(["lint", "--format", "gitlab", "-"], stdin=BAD)
    assert {(i["location"]["path"], i["location"]["lines"]["begin"]) for i in _gitlab(out)} >= {
        ("<stdin>", 2)
    }


def test_gitlab_of_a_clean_run_is_an_empty_list() -> None:
    code, out, _ = run_cli(["lint", "--format", "gitlab", "good-values.yaml"])
    assert (code, _gitlab(out)) == (0, [])


def _fingerprints(text: str) -> dict[tuple[str, str], str]:
    return {(i["check_name"], i["description"]): i["fingerprint"] for i in _gitlab(text)}


def test_gitlab_fingerprints_are_stable_across_runs_and_line_moves() -> None:
    argv = ["lint", "--format", "gitlab", "--select", "*,db-keep-policy", "bad-values.yaml"]
    first = run_cli(argv)[1]
    assert len(_fingerprints(first)) >= 3
    assert _fingerprints(run_cli(argv)[1]) == _fingerprints(first)
    Path("bad-values.yaml").write_text("# two lines\n# added above\n" + BAD)
    moved = run_cli(argv)[1]
    lines = [[i["location"]["lines"]["begin"] for i in _gitlab(text)] for text in (first, moved)]
    # db-keep-policy is about a value nobody wrote: it stays at the file's first line.
    assert [i["check_name"] for i in _gitlab(first) if i["location"]["lines"]["begin"] == 1] == [
        "db-keep-policy"
    ]
    assert lines[1] == [line + 2 if line > 1 else 1 for line in lines[0]]
    assert _fingerprints(moved) == _fingerprints(first)


def test_gitlab_fingerprints_tell_findings_apart() -> None:
    def finding(
        line: int, message: str = "duplicate key 'a'", rule: str = "yaml-duplicate-key", file: str = "a.yaml"
    ) -> Diagnostic:
        return Diagnostic(rule, message, Severity.ERROR, Location(file, line, 1), path=("a",))

    alike = [finding(3), finding(9)]
    twice = _gitlab(as_gitlab(alike))
    assert len({i["fingerprint"] for i in twice}) == 2, "two identical findings keep both issues"
    # Their order among themselves names them: moved down together, they keep their fingerprints.
    assert [i["fingerprint"] for i in _gitlab(as_gitlab([finding(13), finding(19)]))] == [
        i["fingerprint"] for i in twice
    ]
    others = [
        finding(3, message="duplicate key 'b'"),
        finding(3, rule="other-rule"),
        finding(3, file="b.yaml"),
    ]
    prints = {i["fingerprint"] for i in _gitlab(as_gitlab([alike[0], *others]))}
    assert len(prints) == 4, "rule, file and message each make a finding another"
    elsewhere = Diagnostic(
        "yaml-duplicate-key", "duplicate key 'a'", Severity.ERROR, Location("a.yaml", 3, 1), path=("b",)
    )
    assert _gitlab(as_gitlab([elsewhere]))[0]["fingerprint"] != twice[0]["fingerprint"]
    # A line named in a message does not move the finding either.
    near = Diagnostic(
        "r", "node group 'a' (cluster.nodes[0], line 12)", Severity.ERROR, Location("a.yaml", 12, 1)
    )
    far = Diagnostic(
        "r", "node group 'a' (cluster.nodes[0], line 14)", Severity.ERROR, Location("a.yaml", 14, 1)
    )
    assert _gitlab(as_gitlab([near]))[0]["fingerprint"] == _gitlab(as_gitlab([far]))[0]["fingerprint"]


@pytest.mark.parametrize("hostile", ["\x1b[2J", "\ud800", "\u2028\n", ']]>"\\'])
def test_gitlab_holds_any_text(hostile: str) -> None:
    found = [
        Diagnostic(
            "r", f"key `{hostile}`", Severity.WARNING, Location(f"a{hostile}.yaml", 1, 1), hint=hostile
        )
    ]
    text = as_gitlab(found)
    text.encode("utf-8")  # strict: GitLab's parser refuses what is not UTF-8
    (issue,) = _gitlab(text)
    assert "\n" not in issue["description"] and "\x1b" not in issue["description"]


def test_both_formats_are_offered_by_lint_and_the_registry() -> None:
    assert {"junit", "gitlab"} <= set(FORMATS)
    assert FORMATS["junit"]([]) == as_junit([]) and FORMATS["gitlab"]([]) == "[]\n"
    code, out, _ = run_cli(["lint", "--help"])
    assert code == 0 and "junit" in out and "gitlab" in out


def test_a_place_in_values_given_as_data_is_named_whole() -> None:
    found = [
        Diagnostic(
            "unknown-key", "unknown key `port`", Severity.ERROR, Location("Values.db.port", logical=True)
        )
    ]
    root = _junit(as_junit(found))
    _assert_counts(root)
    assert set(_cases(root)) == {("Values.db.port", "unknown-key")}
    (issue,) = _gitlab(as_gitlab(found))
    assert issue["location"] == {"path": "Values.db.port", "lines": {"begin": 1, "end": 1}}
    assert issue["description"] == "Values.db.port: unknown key `port`"
