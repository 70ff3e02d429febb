"""Project configuration, inline suppression and ``--strict``, as a GitOps repository uses them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run_cli

OVERLAY = "resourcePools:\n  - pool_name: default\nlogColor: false\n"
BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> str:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return name


def rules(*argv: str) -> tuple[int, list[str]]:
    """Exit code and ``(file:line:col severity rule)`` of each finding of ``chartgen lint -q ARGV``."""
    code, out, err = run_cli(["lint", "-q", *argv])
    assert code in (0, 1), err
    return code, [
        line.split("] ", 1)[0] + "]" for line in out.splitlines() if not line.startswith("  hint: ")
    ]


def test_an_overlay_alone_gets_the_base_files_of_its_configuration() -> None:
    write("clusters/base.yaml", BASE)
    write("clusters/prod/values.yaml", OVERLAY)
    assert rules("clusters/prod/values.yaml") == (
        1,
        [
            "clusters/prod/values.yaml:1:1: error[initial-password-required]",
            "clusters/prod/values.yaml:1:1: error[max-slots-per-pod-required]",
            "clusters/prod/values.yaml:3:11: warning[log-color-ignored]",
        ],
    )
    write(".chartgen.yaml", "overrides:\n  - paths: [clusters/prod/*.yaml]\n    base: [clusters/base.yaml]\n")
    assert rules("clusters/prod/values.yaml") == (
        0,
        ["clusters/prod/values.yaml:3:11: warning[log-color-ignored]"],
    )


def test_pyproject_configures_rules_severity_and_strict() -> None:
    write(
        "pyproject.toml",
        '[project]\nname = "gitops"\n\n[tool.chartgen]\nignore = ["db-keep-policy"]\n\n'
        '[tool.chartgen.severity]\nlog-color-ignored = "error"\n',
    )
    write("values.yaml", BASE.replace("db:\n  keepOnUninstall: true\n", "") + "logColor: false\n")
    assert rules("values.yaml") == (1, ["values.yaml:3:11: error[log-color-ignored]"])
    assert rules("--ignore", "log-color-*", "values.yaml") == (0, [])
    assert rules("--select", "initial-password-*", "values.yaml") == (0, [])
    write("weak.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: abc\nlogColor: false\n")
    assert rules("--select", "initial-password-*", "weak.yaml") == (
        1,
        ["weak.yaml:2:22: error[initial-password-strength]"],
    )


def test_the_nearest_configuration_wins_and_yaml_before_pyproject() -> None:
    write("pyproject.toml", '[tool.chartgen]\nignore = ["log-color-ignored"]\n')
    write("team/.chartgen.yaml", "select: [log-color-ignored]\n")
    write("team/pyproject.toml", '[tool.chartgen]\nselect = ["db-keep-policy"]\n')
    write("other/pyproject.toml", '[project]\nname = "no chartgen table: passed by"\n')
    write("other/.chartgen.yaml", "select: [db-keep-policy, log-color-ignored]\n")
    text = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\nlogColor: false\n"
    for name in ("values.yaml", "team/values.yaml", "other/values.yaml"):
        write(name, text)
    assert rules("values.yaml", "team/values.yaml", "other/values.yaml") == (
        0,
        [
            "other/values.yaml:1:1: warning[db-keep-policy]",
            "other/values.yaml:3:11: warning[log-color-ignored]",
            "team/values.yaml:3:11: warning[log-color-ignored]",
        ],
    )


def test_release_name_and_namespace_are_checked_from_configuration_and_flags() -> None:
    write("values.yaml", BASE)
    write(".chartgen.yaml", "overrides:\n  - paths: ['*.yaml']\n    release-name: Prod_MLDE\n")
    code, found = rules("values.yaml")
    assert code == 1 and found == ["<release name>:1:1: error[release-name]"]
    assert rules("--release-name", "mlde", "values.yaml") == (0, [])
    code, found = rules("--release-name", "mlde", "-n", "Bad_NS", "values.yaml")
    assert code == 1 and found == ["--namespace:1:1: error[namespace-name]"]


def test_configuration_picks_the_release() -> None:
    write("values.yaml", BASE + "masterService:\n  annotations: {a: b}\n")
    assert rules("values.yaml") == (0, [])
    write(".chartgen.yaml", "app-version: 0.35.0\n")
    assert rules("values.yaml") == (0, ["values.yaml:5:1: warning[key-not-in-release]"])
    assert rules("--app-version", "v0.38.1", "values.yaml") == (0, [])


def test_excluded_files_are_not_linted() -> None:
    write(".chartgen.yaml", "exclude: ['apps/ingress-nginx/**']\n")
    write("apps/ingress-nginx/values.yaml", "controller:\n  replicaCount: 2\n")
    write("values.yaml", BASE)
    assert rules("apps/ingress-nginx/values.yaml", "values.yaml") == (0, [])


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("ignor: [foreign-key]\n", "unknown setting 'ignor'"),
        ("ignore: [forein-key]\n", "no rule is named 'forein-key'"),
        ("severity: {foreign-key: fatal}\n", "severity of foreign-key must be error or warning"),
        ("strict: [yes]\n", "strict must be a bool, not list"),
        ("overrides: [{base: [a.yaml]}]\n", "overrides[0]: needs paths"),
    ],
)
def test_a_mistake_in_the_configuration_is_a_usage_error(config: str, message: str) -> None:
    write(".chartgen.yaml", config)
    write("values.yaml", BASE)
    code, out, err = run_cli(["lint", "values.yaml"])
    assert (code, out) == (2, "")
    assert err.startswith("chartgen: error: ") and message in err


def test_an_unknown_rule_on_the_command_line_is_a_usage_error() -> None:
    write("values.yaml", BASE)
    code, _, err = run_cli(["lint", "--ignore", "foreign-kye", "values.yaml"])
    assert code == 2 and "no rule is named 'foreign-kye'" in err


def test_explicit_config_replaces_discovery() -> None:
    write(".chartgen.yaml", "ignore: [log-color-ignored]\n")
    write("ci/strict.yaml", "strict: true\n")
    write("values.yaml", BASE + "logColor: false\n")
    assert rules("values.yaml") == (0, [])
    assert rules("--config", "ci/strict.yaml", "values.yaml") == (
        1,
        ["values.yaml:5:11: warning[log-color-ignored]"],
    )


def test_strict_fails_on_warnings() -> None:
    write("values.yaml", BASE + "logColor: false\n")
    assert rules("values.yaml")[0] == 0
    assert rules("--strict", "values.yaml") == (1, ["values.yaml:5:11: warning[log-color-ignored]"])
    write("clean.yaml", BASE)
    assert rules("--strict", "clean.yaml") == (0, [])


def test_a_suppression_on_the_line_or_the_line_above() -> None:
    write(
        "values.yaml",
        BASE + "logColor: false  # chartgen: ignore[log-color-ignored]\n"
        "# chartgen: ignore[checkpoint-location-required]\n"
        "checkpointStorage:\n"
        "  type: s3\n",
    )
    assert rules("values.yaml") == (0, [])


def test_a_suppression_that_silences_nothing_is_reported() -> None:
    write(
        "values.yaml",
        BASE + "logColor: false  # chartgen: ignore[placeholder]\n# chartgen: ignore[no-such-rule]\n",
    )
    assert rules("values.yaml") == (
        0,
        [
            "values.yaml:5:11: warning[log-color-ignored]",
            "values.yaml:5:18: warning[unused-suppression]",
            "values.yaml:6:1: warning[unused-suppression]",
        ],
    )
    out = run_cli(["lint", "-q", "values.yaml"])[1]
    assert "ignore[placeholder] suppresses nothing here" in out
    assert "'no-such-rule', which is not a rule" in out
    assert rules("--strict", "values.yaml")[0] == 1


def test_a_placeholder_pipelines_substitute_is_suppressed() -> None:
    text = "maxSlotsPerPod: 4\ndb:\n  keepOnUninstall: true\ninitialUserPassword: ${INITIAL_PASSWORD}\n"
    write("plain.yaml", text)
    # One mistake, one error: a placeholder is not also judged as a weak password.
    assert rules("plain.yaml") == (1, ["plain.yaml:4:22: error[placeholder]"])
    write("values.yaml", text.replace("initialUser", "# chartgen: ignore[placeholder]\ninitialUser"))
    assert rules("values.yaml") == (0, [])


def test_another_charts_values_get_one_warning_not_the_charts_errors() -> None:
    write(
        "apps/ingress-nginx/values.yaml",
        "controller:\n  replicaCount: 2\nimagePullSecrets: []\nglobal: {}\nenabled: true\n",
    )
    assert rules("apps/ingress-nginx/values.yaml") == (
        0,
        ["apps/ingress-nginx/values.yaml:1:1: warning[not-determined-values]"],
    )
    # One key of the chart is enough to be checked as a Determined values file.
    write("values.yaml", "controller:\n  replicaCount: 2\nmaxSlotsPerPod: 4\n")
    code, found = rules("values.yaml")
    assert code == 1 and "values.yaml:1:1: error[initial-password-required]" in found
    assert rules("--strict", "apps/ingress-nginx/values.yaml")[0] == 1


def test_an_opt_in_rule_is_reported_only_where_select_names_it() -> None:
    write("values.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\n")
    assert rules("values.yaml") == (0, [])
    assert rules("--select", "db-*", "values.yaml") == (0, [])  # a glob is no name
    assert rules("--select", "*,db-keep-policy", "values.yaml") == (
        0,
        ["values.yaml:1:1: warning[db-keep-policy]"],
    )
    assert rules("--select", "db-keep-policy", "--ignore", "db-*", "values.yaml") == (0, [])
    write(".chartgen.yaml", "select: ['*', db-keep-policy]\nseverity: {db-keep-policy: error}\n")
    assert rules("values.yaml") == (1, ["values.yaml:1:1: error[db-keep-policy]"])


@pytest.mark.parametrize(
    "how",
    [
        ["--select", "unknown-key"],
        ["--ignore", "yaml-*"],
        ["--select", "db-keep-policy", "--ignore", "*"],
        ["--config", "quiet.yaml"],
    ],
)
def test_a_file_that_cannot_be_read_never_passes(how: list[str]) -> None:
    write("quiet.yaml", "select: [unknown-key]\nignore: ['yaml-*', values-not-a-map, not-utf8]\n"
          "severity: {yaml-syntax: warning, values-not-a-map: warning}\n")  # fmt: skip
    write("syntax.yaml", "maxSlotsPerPod: 4\ninitialUserPassword: [  # chartgen: ignore[yaml-syntax]\n")
    write("list.yaml", "- maxSlotsPerPod: 4\n")
    Path("latin1.yaml").write_bytes(b"maxSlotsPerPod: 4\nclusterName: caf\xe9\n")
    assert rules(*how, "syntax.yaml", "list.yaml", "latin1.yaml") == (
        1,
        [
            "latin1.yaml:2:17: error[not-utf8]",
            "list.yaml:1:1: error[values-not-a-map]",
            "syntax.yaml:3:1: error[yaml-syntax]",
        ],
    )
    code, found = rules(*how, "--set", "a[=1", write("good.yaml", BASE))
    assert code == 1 and [line.split(" ", 1)[1] for line in found] == ["error[set-syntax]"]
