"""``chartgen lint`` as CI and pre-commit run it: output format, ordering, layers, exit codes.

Positions asserted here are counted from the fixture text written in each test
(1-based line and column of the key or value at fault).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli


def lint(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``chartgen lint --quiet``: findings only (the summary line has tests of its own)."""
    return run_cli(["lint", "--quiet", *args], stdin)


GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\n"
# Appended last (no line above it moves) where a test reads the raw output.
KEEP = "db:\n  keepOnUninstall: true\n"
# One finding per line: FILE[:LINE:COL]: severity[rule-id] message; a hint is indented under it.
FINDING = re.compile(
    r"(?P<file>[^\s:]+)(?::(?P<line>\d+):(?P<col>\d+))?: (?P<sev>error|warning)\[(?P<rule>[a-z0-9-]+)\] \S.*"
)
HINT = "  hint: "


# Every file without db.keepOnUninstall gets this reminder; tests/rules/test_database.py tests it.
KEEP_POLICY = "db-keep-policy"


def findings(out: str) -> list[tuple[str, int, int, str, str]]:
    """(file, line, col, severity, rule) of every finding but the keep-policy reminder; fails on any line that is not one."""
    rows = []
    for line in out.splitlines():
        if line.startswith(HINT):
            continue
        match = FINDING.fullmatch(line)
        assert match, f"not a finding line: {line!r}"
        if match["rule"] == KEEP_POLICY:
            continue
        rows.append(
            (match["file"], int(match["line"] or 0), int(match["col"] or 0), match["sev"], match["rule"])
        )
    return rows


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str | bytes) -> str:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return name


def test_a_clean_file_prints_nothing_and_exits_0() -> None:
    assert lint(write("values.yaml", GOOD + KEEP)) == (0, "", "")


def test_findings_go_to_standard_output_located_and_sorted() -> None:
    bad = write(
        "values.yaml",
        "checkpointStorage:\n"
        "  type: s3\n"
        "  bucket: b\n"
        "  secretKey: [1, 2]\n"
        "maxSlotsPerPod: 4\n"
        "initialUserPassword: weak\n"
        "masterPrt: 8080\n",
    )
    code, out, err = lint(bad)
    assert (code, err) == (1, "")
    assert findings(out) == [
        ("values.yaml", 4, 14, "error", "wrong-type"),
        ("values.yaml", 6, 22, "error", "initial-password-strength"),
        ("values.yaml", 7, 1, "warning", "unknown-key"),
    ]
    assert "did you mean `masterPort`?" in out


def test_warnings_alone_exit_0_and_are_printed() -> None:
    code, out, err = lint(write("values.yaml", GOOD + "logColor: false\n"))
    assert (code, err) == (0, "")
    assert findings(out) == [("values.yaml", 3, 11, "warning", "log-color-ignored")]


def test_a_hint_is_indented_under_its_finding() -> None:
    code, out, _ = lint(write("values.yaml", GOOD + "ingress:\n  enabled: true\n" + KEEP))
    assert code == 0
    first, second = out.splitlines()
    assert first.startswith("values.yaml:4:12: warning[ingress-exposure] ")
    assert second == "  hint: set useNodePortForMaster: true, as Determined's TLS setup guide says"


def test_a_required_value_that_is_missing_points_at_the_top_of_the_file() -> None:
    code, out, _ = lint(write("values.yaml", "maxSlotsPerPod: 4\n" + KEEP))
    assert code == 1
    assert findings(out) == [("values.yaml", 1, 1, "error", "initial-password-required")]
    assert out.startswith("values.yaml:1:1: error[initial-password-required] ")


def test_json_is_a_list_with_stable_keys_on_standard_output() -> None:
    bad = write("values.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: weak\nlogColor: false\n" + KEEP)
    code, out, err = lint(bad, "--format", "json")
    assert (code, err) == (1, "")
    rows = json.loads(out)
    assert [list(row) for row in rows] == [
        ["file", "line", "column", "severity", "rule", "message", "hint", "path"]
    ] * 2
    assert [(r["file"], r["line"], r["column"], r["severity"], r["rule"], r["path"]) for r in rows] == [
        ("values.yaml", 2, 22, "error", "initial-password-strength", ["initialUserPassword"]),
        ("values.yaml", 3, 11, "warning", "log-color-ignored", ["logColor"]),
    ]
    assert rows[0]["hint"] is None


def test_json_and_text_report_the_same_findings() -> None:
    bad = write("values.yaml", "maxSlotsPerPod: 0\ninitialUserPassword: weak\nslot_type: gpu\n" + KEEP)
    _, text, _ = lint(bad)
    _, out, _ = lint(bad, "--format", "json")
    assert [
        (r["file"], r["line"] or 0, r["column"] or 0, r["severity"], r["rule"]) for r in json.loads(out)
    ] == (findings(text))


def test_json_for_a_clean_file_is_an_empty_list() -> None:
    assert lint(write("values.yaml", GOOD + KEEP), "--format", "json") == (0, "[]\n", "")


def test_json_for_a_missing_required_value_points_at_the_top_of_the_file() -> None:
    _, out, _ = lint(write("values.yaml", "initialUserPassword: Passw0rdX\n" + KEEP), "--format", "json")
    (row,) = json.loads(out)
    assert (row["file"], row["line"], row["column"], row["rule"]) == (
        "values.yaml",
        1,
        1,
        "max-slots-per-pod-required",
    )


def test_each_file_is_linted_on_its_own() -> None:
    # Together these two would be valid; on their own each lacks what the other sets.
    only_password = write("a.yaml", "initialUserPassword: Passw0rdX\n")
    only_slots = write("b.yaml", "maxSlotsPerPod: 4\n")
    code, out, _ = lint(only_slots, only_password)
    assert code == 1
    assert findings(out) == [
        ("a.yaml", 1, 1, "error", "max-slots-per-pod-required"),
        ("b.yaml", 1, 1, "error", "initial-password-required"),
    ]


def test_f_files_are_layers_under_each_file_and_reported_once() -> None:
    base = write("base.yaml", GOOD + "masterPrt: 1\n")
    prod = write("prod.yaml", "maxSlotsPerPod: 8\n")
    dev = write("dev.yaml", "maxSlotsPerPod: -1\n")
    code, out, _ = lint("-f", base, prod, dev)
    assert code == 1
    assert findings(out) == [
        ("base.yaml", 3, 1, "warning", "unknown-key"),
        ("dev.yaml", 1, 17, "error", "max-slots-per-pod-positive"),
    ]


def test_comma_separated_f_files_are_several_layers_as_in_helm() -> None:
    write("password.yaml", "initialUserPassword: Passw0rdX\n")
    write("slots.yaml", "maxSlotsPerPod: 4\n" + KEEP)
    assert lint("-f", "password.yaml,slots.yaml") == (0, "", "")


def test_set_values_point_at_the_flag_and_column() -> None:
    code, out, _ = lint(
        write("values.yaml", GOOD),
        "--set",
        "logLevel=info",
        "--set",
        "masterPort=70000",
        "--set-string",
        "maxSlotsPerPod=four",
    )
    assert code == 1
    assert findings(out) == [
        ("--set", 2, 12, "error", "out-of-range"),
        ("--set-string", 1, 16, "error", "wrong-type"),
    ]


def test_set_alone_is_enough_to_lint() -> None:
    assert lint("--set", "maxSlotsPerPod=4,initialUserPassword=Passw0rdX,db.keepOnUninstall=true") == (
        0,
        "",
        "",
    )


def test_bad_set_syntax_is_a_located_finding_exit_1() -> None:
    code, out, err = lint(write("values.yaml", GOOD), "--set", "a.b[=1")
    assert (code, err) == (1, "")
    assert findings(out) == [("--set", 1, 4, "error", "set-syntax")]


def test_a_yaml_syntax_error_is_a_located_finding_exit_1() -> None:
    code, out, _ = lint(write("values.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: a: b\n"))
    assert code == 1
    assert findings(out) == [("values.yaml", 2, 23, "error", "yaml-syntax")]


def test_a_file_that_cannot_be_read_exits_2_but_the_others_are_linted() -> None:
    bad = write("bad.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: weak\n")
    Path("loop.yaml").symlink_to("loop.yaml")
    code, out, err = lint(bad, "missing.yaml", "loop.yaml")
    assert code == 2
    assert findings(out) == [("bad.yaml", 2, 22, "error", "initial-password-strength")]
    assert err.splitlines() == [
        "chartgen: error: cannot read values file missing.yaml: No such file or directory",
        "chartgen: error: cannot read values file loop.yaml: Too many levels of symbolic links",
    ]


def test_a_directory_is_linted_as_the_values_files_under_it() -> None:
    write("deploy/prod/values.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: weak\n")
    write("deploy/dev/helm-values.yml", "maxSlotsPerPod: x\n")
    write("deploy/dev/kustomization.yaml", "resources: [a]\n")
    write("deploy/.git/values.yaml", "broken: [\n")
    Path("empty").mkdir()
    code, out, err = lint("deploy", "empty")
    assert code == 1
    assert [f[0] for f in findings(out)] == ["deploy/dev/helm-values.yml"] * 2 + ["deploy/prod/values.yaml"]
    assert err == "chartgen: warning: no values file (*values*.yaml) under empty\n"
    write(".chartgen.yaml", "exclude: [deploy/dev/**]\n")
    code, out, _ = lint("deploy")
    assert [f[0] for f in findings(out)] == ["deploy/prod/values.yaml"]


def test_json_stays_valid_when_a_file_cannot_be_read() -> None:
    bad = write("bad.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: weak\n" + KEEP)
    code, out, err = lint("--format", "json", bad, "missing.yaml")
    assert code == 2
    assert [row["rule"] for row in json.loads(out)] == ["initial-password-strength"]
    assert err == "chartgen: error: cannot read values file missing.yaml: No such file or directory\n"


def test_an_unreadable_layer_is_reported_once() -> None:
    code, out, err = lint("-f", "missing.yaml", write("a.yaml", GOOD), write("b.yaml", GOOD))
    assert (code, out) == (2, "")
    assert err == "chartgen: error: cannot read values file missing.yaml: No such file or directory\n"


def test_a_file_that_is_not_utf8_is_refused_at_the_first_bad_byte() -> None:
    code, out, err = lint(write("values.yaml", b"maxSlotsPerPod: 4\nname: caf\xe9\n"))
    assert (code, err) == (1, "")
    assert findings(out) == [("values.yaml", 2, 10, "error", "not-utf8")]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["values.yaml", "--format", "xml"],
        ["values.yaml", "--no-such-flag"],
        ["values.yaml", "--set"],
    ],
    ids=["nothing-to-lint", "bad-format", "unknown-flag", "flag-without-value"],
)
def test_usage_errors_exit_2_with_one_error_line(argv: list[str]) -> None:
    write("values.yaml", GOOD)
    code, out, err = lint(*argv)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith("chartgen")
    assert ": error: " in err.splitlines()[-1]


def test_an_unsupported_release_lists_the_supported_ones() -> None:
    code, out, err = lint(write("values.yaml", GOOD), "--app-version", "0.34.0")
    assert (code, out) == (2, "")
    assert err == (
        "chartgen: error: Determined 0.34.0 is not one of the releases chartgen reproduces: "
        "0.35.0, 0.35.1, 0.36.0, 0.37.0, 0.38.0, 0.38.1 (give app_version as one of them)\n"
    )


def test_a_release_that_is_not_a_version_is_a_usage_error() -> None:
    code, out, err = lint(write("values.yaml", GOOD), "--app-version", "stable")
    assert (code, out) == (2, "")
    assert err.startswith("chartgen: error: app_version 'stable' is not a release version (X.Y.Z")


@pytest.mark.parametrize("version", ["v0.36.0", "0.36.0"])
def test_a_leading_v_names_the_same_release(version: str) -> None:
    # masterService is read from 0.36.0 on: not an unknown key there, whichever spelling.
    values = write("values.yaml", GOOD + "masterService: {annotations: {a: b}}\n" + KEEP)
    assert lint(values, "--app-version", version)[:2] == (0, "")
    code, out, _ = lint(values, "--app-version", "v0.35.1")
    assert code == 0 and "warning[key-not-in-release]" in out  # 0.35.1 does not read it
    assert lint(values, "--app-version", "v0.35.1", "--strict")[0] == 1


def test_the_release_changes_what_is_valid() -> None:
    # `preemption` exists only before 0.36.0; later charts ignore it, which is worth a warning.
    values = write("values.yaml", GOOD + "defaultScheduler: preemption\n" + KEEP)
    assert lint(values, "--app-version", "0.35.0")[:2] == (0, "")
    code, out, _ = lint(values, "--app-version", "0.36.0")
    assert code == 0
    assert [row[:5] for row in findings(out)] == [("values.yaml", 3, 19, "warning", "no-effect")]
    assert "renders no scheduler objects and no default_scheduler" in out
    # Only 0.35.x refuses a lone task image; later charts fall back to the default for the other.
    lone = write("lone.yaml", GOOD + "taskContainerDefaults: {cpuImage: my/cpu:1}\n" + KEEP)
    assert lint(lone, "--app-version", "0.35.1")[0] == 1
    assert lint(lone, "--app-version", "0.36.0")[:2] == (0, "")


def test_text_output_has_no_control_characters_even_from_user_keys() -> None:
    # A key holding an escape sequence and a forged finding after a newline.
    values = write("values.yaml", GOOD + '"\\e[31mred\\nfake.yaml:1:1: error[x] forged": 1\n')
    code, out, _ = lint(values)
    assert code == 0
    assert "\x1b" not in out
    assert findings(out) == [("values.yaml", 3, 1, "warning", "foreign-key")]
    assert "\\u001b[31mred\\nfake.yaml:1:1" in out


def test_weak_and_mistyped_secrets_are_never_echoed() -> None:
    values = write(
        "values.yaml",
        "maxSlotsPerPod: 4\n"
        "initialUserPassword: sekr1tsekr\n"  # no upper-case letter: too weak
        "checkpointStorage:\n"
        "  type: s3\n"
        "  bucket: b\n"
        "  accessKey: 12345678901\n"
        "  secretKey: {Sekr1tKey: Sekr1tValue}\n"
        "db:\n"
        "  password: [Sekr1tDb]\n",
    )
    for fmt in ("text", "json"):
        code, out, err = lint(values, "--format", fmt)
        assert code == 1
        assert "sekr1t" not in (out + err).lower()
        assert "12345678901" not in out + err
    assert [row[1:] for row in findings(lint(values)[1])] == [
        (2, 22, "error", "initial-password-strength"),
        (6, 14, "error", "wrong-type"),
        (7, 14, "error", "wrong-type"),
        (9, 13, "error", "wrong-type"),
    ]


def test_a_secret_in_a_malformed_set_flag_is_never_echoed() -> None:
    code, out, err = lint(write("values.yaml", GOOD), "--set", "initialUserPassword=Sekr1tPass,oops")
    assert code == 1
    assert findings(out) == [("--set", 1, 32, "error", "set-syntax")]
    assert "Sekr1t" not in out + err


def test_standard_input_is_a_file_named_stdin() -> None:
    code, out, _ = lint("-", stdin="maxSlotsPerPod: 4\ninitialUserPassword: weak\n")
    assert code == 1
    assert findings(out) == [("<stdin>", 2, 22, "error", "initial-password-strength")]


def test_the_real_command_line(tmp_path: Path) -> None:
    bad = tmp_path / "values.yaml"
    bad.write_text("maxSlotsPerPod: 4\ninitialUserPassword: weak\n")
    process = subprocess.run(
        [sys.executable, "-m", "chartgen", "lint", "-q", "values.yaml", "-f", "-"],
        input="logColor: false\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (process.returncode, process.stderr) == (1, "")
    assert findings(process.stdout) == [
        ("<stdin>", 1, 11, "warning", "log-color-ignored"),
        ("values.yaml", 2, 22, "error", "initial-password-strength"),
    ]


@pytest.mark.parametrize("ask", [["--traceback"], []])
def test_an_internal_error_shows_its_traceback_only_when_asked(
    ask: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import chartgen.checking
    from chartgen.cli import main

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setenv("CHARTGEN_DEBUG", "")  # restored to unset afterwards, whatever main sets
    monkeypatch.setattr(chartgen.checking, "_check_one", broken)
    values = tmp_path / "values.yaml"
    values.write_text("maxSlotsPerPod: 4\n")
    assert main([*ask, "lint", str(values)]) == 2
    err = capsys.readouterr().err
    assert "internal error (RuntimeError" in err
    assert ("Traceback (most recent call last)" in err) is bool(ask)


def test_many_files_are_linted_in_parallel_with_the_same_report_in_the_same_order() -> None:
    from chartgen.checking.pool import PARALLEL_FROM
    from tests.support.corpus import CASES

    files = sorted(str(p) for p in CASES.rglob("values.yaml"))[: PARALLEL_FROM * 2 + 1]
    together = run_cli(["lint", "--format", "json", *files])
    alone = [run_cli(["lint", "--format", "json", file]) for file in files]
    assert together[0] == max(code for code, _, _ in alone)
    assert json.loads(together[1]) == [finding for _, out, _ in alone for finding in json.loads(out)]


def test_a_worker_that_fails_hands_its_files_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    import chartgen.checking
    from chartgen.checking.pool import PARALLEL_FROM
    from chartgen.cli import main

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: no workers")
    parent, real = os.getpid(), chartgen.checking._check_one

    def broken_in_workers(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent:
            raise RuntimeError("a bug")
        return real(*args, **kwargs)

    files = []
    for index in range(PARALLEL_FROM + 1):
        values = tmp_path / f"values-{index}.yaml"
        values.write_text(f"maxSlotsPerPod: {index or 'x'}\n")
        files.append(str(values))
    expected = main(["lint", "--format", "json", *files]), capsys.readouterr().out
    monkeypatch.setattr(chartgen.checking, "_check_one", broken_in_workers)
    assert (main(["lint", "--format", "json", *files]), capsys.readouterr().out) == expected

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setenv("CHARTGEN_DEBUG", "")
    monkeypatch.setattr(chartgen.checking, "_check_one", broken)
    assert main(["--traceback", "lint", *files]) == 2
    err = capsys.readouterr().err
    assert "internal error (RuntimeError" in err
    assert 'in broken\n    raise RuntimeError("a bug")' in err
