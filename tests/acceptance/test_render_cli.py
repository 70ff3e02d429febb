"""``chartgen render`` as pipelines use it: one clean YAML stream, Helm's order and flags, all-or-nothing files.

Orders and template names are checked against the vendored conformance corpus
(what the real ``helm template`` printed); Helm's ``--show-only`` and
``--output-dir`` behaviour was read off helm 3.17.3 (see the report in each test).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.cli import run_cli
from tests.support.corpus import CASES


def render(*args: str, stdin: str = "") -> tuple[int, str, str]:
    return run_cli(["render", *args], stdin)


GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"
SOURCE = re.compile(r"^# Source: (\S+)$", re.M)


def documents(stream: str) -> list[tuple[str, str]]:
    """(source template, kind) of each document, checking each is announced by ``---`` and ``# Source:``."""
    parts = stream.split("---\n")
    assert parts[0] == "", "the stream starts with a document separator"
    found = []
    for part in parts[1:]:
        source = SOURCE.match(part)
        assert source, f"document without a leading # Source: comment: {part[:80]!r}"
        found.append((source.group(1), yaml.safe_load(part)["kind"]))
    return found


@pytest.fixture
def values(tmp_path: Path) -> Path:
    path = tmp_path / "values.yaml"
    path.write_text(GOOD)
    return path


def corpus_argv(case: Path) -> list[str]:
    meta: dict[str, Any] = yaml.safe_load((case / "case.yaml").read_text())
    argv = [str(meta["release"]), "-f", str(case / "values.yaml"), "-n", str(meta["namespace"])]
    argv += ["--app-version", str(meta["chart_version"])]
    argv += ["--is-upgrade"] if meta.get("is_upgrade") else []
    for expr in meta.get("set") or []:
        argv += ["--set", str(expr)]
    for expr in meta.get("set_string") or []:
        argv += ["--set-string", str(expr)]
    return argv


@pytest.mark.parametrize(
    "case",
    [
        "0.38.1/defaults",
        "0.38.1/genai",
        "0.38.1/db-snapshot-upgrade",
        "0.38.1/set-flags",
        "0.35.0/coscheduler",
    ],
)
def test_documents_come_in_helms_install_order(case: str) -> None:
    code, out, err = render(*corpus_argv(CASES / case))
    assert code == 0
    assert "error[" not in err
    expected = [
        (source.group(1), doc["kind"])
        for part in (CASES / case / "expected.yaml").read_text().split("---\n")
        if (source := SOURCE.search(part)) and (doc := yaml.safe_load(part))
    ]
    assert [(src.removeprefix("determined/"), kind) for src, kind in documents(out)] == expected


def test_every_document_names_its_template_under_the_chart(values: Path) -> None:
    code, out, _ = render("-f", str(values))
    assert code == 0
    sources = {source for source, _ in documents(out)}
    assert sources and all(s.startswith("determined/templates/") for s in sources)


def test_invalid_values_print_lint_diagnostics_and_nothing_on_standard_output(tmp_path: Path) -> None:
    bad = tmp_path / "values.yaml"
    bad.write_text(
        "maxSlotsPerPod: 4\ninitialUserPassword: pw0xq\nmasterPort: 0\ndb:\n  keepOnUninstall: true\n"
    )
    code, out, err = render("-f", str(bad))
    assert (code, out) == (1, "")
    assert [line.split(" ", 2)[:2] for line in err.splitlines()] == [
        [f"{bad}:2:22:", "error[initial-password-strength]"],
        [f"{bad}:3:13:", "error[out-of-range]"],
    ]
    assert "pw0xq" not in err


def test_warnings_go_to_standard_error_and_the_render_still_succeeds(values: Path) -> None:
    code, out, err = render("-f", str(values), "--set", "logColor=false")
    assert code == 0
    assert err.startswith("--set:1:10: warning[log-color-ignored] ")
    assert documents(out)


def test_an_unsupported_release_is_a_usage_error(values: Path) -> None:
    code, out, err = render("-f", str(values), "--app-version", "0.39.0")
    assert (code, out) == (2, "")
    assert (
        "0.39.0 is newer than 0.38.1, the newest of the releases chartgen reproduces: 0.35.0, 0.35.1" in err
    )


def test_a_missing_values_file_is_a_usage_error() -> None:
    code, out, err = render("-f", "no-such-values.yaml")
    assert (code, out) == (2, "")
    assert err == "chartgen: error: cannot read values file no-such-values.yaml: No such file or directory\n"


def test_an_invalid_kube_version_is_a_usage_error(values: Path) -> None:
    code, out, err = render("-f", str(values), "--kube-version", "1.18")
    assert (code, out) == (2, "")
    assert err.startswith("chartgen: error: Kubernetes 1.18 is older than 1.19")


def test_supported_kube_versions_render_the_ingress(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(
        "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\nuseNodePortForMaster: true\n"
        "ingress:\n  enabled: true\n  host: det.example.com\n"
    )
    for version in ("1.19", "v1.29.3", "1.37"):
        code, out, _ = render(
            "-f", str(path), "--kube-version", version, "-s", "templates/master-ingress.yaml"
        )
        assert code == 0, version
        assert "apiVersion: networking.k8s.io/v1\nkind: Ingress\n" in out
    code, out, err = render("-f", str(path), "--kube-version", "banana")
    assert (code, out) == (2, "")
    assert "Kubernetes version 'banana' is not valid" in err


def test_show_only_prints_the_objects_of_one_template(values: Path) -> None:
    code, out, _ = render("-f", str(values), "--show-only", "templates/master-permissions.yaml")
    assert code == 0
    assert documents(out) == [
        ("determined/templates/master-permissions.yaml", kind)
        for kind in ("ServiceAccount", "ClusterRole", "ClusterRoleBinding")
    ]


def test_show_only_takes_helms_globs_and_groups_by_pattern(values: Path) -> None:
    # helm 3.17.3: `-s 'templates/master-*.yaml' -s templates/priority-classes.yaml` prints the master
    # objects (in install order) and then the priority classes.
    code, out, _ = render(
        "-f", str(values), "-s", "templates/master-*.yaml", "-s", "templates/priority-classes.yaml"
    )
    assert code == 0
    assert [source.rsplit("/", 1)[1] for source, _ in documents(out)] == [
        "master-permissions.yaml",
        "master-config.yaml",
        "master-permissions.yaml",
        "master-permissions.yaml",
        "master-service.yaml",
        "master-deployment.yaml",
        "priority-classes.yaml",
        "priority-classes.yaml",
    ]


def test_show_only_prints_an_object_two_patterns_match_once(values: Path) -> None:
    code, out, _ = render("-f", str(values), "-s", "templates/db-service.yaml", "-s", "templates/db-*.yaml")
    assert code == 0
    sources = [source for source, _ in documents(out)]
    assert sources[0] == "determined/templates/db-service.yaml"
    assert len(sources) == len(set(sources)) == 3


def test_show_only_accepts_the_source_comments_chart_prefix(values: Path) -> None:
    by_path = render("-f", str(values), "-s", "templates/master-service.yaml")
    by_source = render("-f", str(values), "-s", "determined/templates/master-service.yaml")
    assert by_path == by_source
    assert by_path[0] == 0


def test_show_only_with_an_unknown_template_lists_the_templates(values: Path) -> None:
    code, out, err = render("-f", str(values), "-s", "templates/master-servic.yaml")
    assert (code, out) == (2, "")
    first, *listing = err.splitlines()
    assert first == (
        "chartgen: error: could not find template templates/master-servic.yaml in chart "
        "(did you mean templates/master-service.yaml?); its templates are:"
    )
    assert "  templates/master-deployment.yaml" in listing
    assert "  templates/genai/genai-deployment.yaml" in listing
    assert all(line.startswith("  templates/") for line in listing)


def test_show_only_is_checked_before_the_values() -> None:
    code, _, err = render("--set", "maxSlotsPerPod=0", "-s", "templates/nope.yaml")
    assert code == 2
    assert "error[" not in err


def test_show_only_of_a_template_that_renders_nothing_is_refused(values: Path) -> None:
    # helm refuses too ("could not find template"): the route exists only with openshiftRoute.enabled.
    code, out, err = render("-f", str(values), "-s", "templates/master-route.yaml")
    assert (code, out) == (2, "")
    assert err == (
        "chartgen: error: template templates/master-route.yaml renders no objects with these values, "
        "so there is nothing to show\n"
    )


@pytest.mark.parametrize(
    "pattern",
    ["templates/nope-" + "x" * 5000 + ".yaml", "*" * 5000 + "b", "templates/master-route.yaml" + "*" * 5000],
    ids=["unknown", "matches-no-template", "renders-nothing"],
)
def test_a_refused_pattern_is_said_once_and_cut(values: Path, pattern: str) -> None:
    code, out, err = render("-f", str(values), "-s", pattern, "-s", pattern)
    assert (code, out) == (2, "")
    first = err.splitlines()[0]
    assert first.count(pattern[:60]) == 1 and f"... ({len(pattern):,} characters)" in first
    assert len(err) < 2000


def read_tree(directory: Path) -> dict[str, str]:
    return {str(p.relative_to(directory)): p.read_text() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_output_dir_writes_one_file_per_template_holding_its_part_of_the_stream(
    values: Path, tmp_path: Path
) -> None:
    _, stream, _ = render("-f", str(values))
    out_dir = tmp_path / "out"
    code, out, err = render("-f", str(values), "--output-dir", str(out_dir))
    assert (code, err) == (0, "")
    tree = read_tree(out_dir)
    sources = list(dict.fromkeys(source for source, _ in documents(stream)))
    assert sorted(tree) == sorted(sources)
    assert out.splitlines() == [f"wrote {out_dir / source}" for source in sources]
    by_source: dict[str, str] = {}
    for part in stream.split("---\n")[1:]:
        source = SOURCE.match(part)
        assert source
        by_source[source.group(1)] = by_source.get(source.group(1), "") + "---\n" + part
    assert tree == by_source


def test_output_dir_keeps_unrelated_files_and_replaces_rendered_ones(values: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    (out_dir / "determined" / "templates").mkdir(parents=True)
    (out_dir / "README").write_text("mine\n")
    stale = out_dir / "determined" / "templates" / "master-service.yaml"
    stale.write_text("old\n")
    assert render("-f", str(values), "--output-dir", str(out_dir))[0] == 0
    assert (out_dir / "README").read_text() == "mine\n"
    assert stale.read_text().startswith("---\n# Source: determined/templates/master-service.yaml\n")
    assert not [p for p in out_dir.iterdir() if p.name.startswith(".chartgen-")]


def test_a_failed_render_leaves_the_output_dir_untouched(tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "kept.yaml").write_text("kept\n")
    code, out, _ = render("--set", "maxSlotsPerPod=4", "--output-dir", str(out_dir))
    assert (code, out) == (1, "")
    assert read_tree(out_dir) == {"kept.yaml": "kept\n"}
    assert sorted(os.listdir(out_dir)) == ["kept.yaml"]


def test_a_failed_render_creates_no_output_dir(tmp_path: Path) -> None:
    assert render("--set", "maxSlotsPerPod=4", "--output-dir", str(tmp_path / "new"))[0] == 1
    assert not (tmp_path / "new").exists()


def test_a_write_that_cannot_complete_writes_nothing(values: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    templates = out_dir / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "db-service.yaml").write_text("previous\n")
    # A directory where the last file in install order should go: nothing may move.
    (templates / "master-deployment.yaml").mkdir()
    code, out, err = render("-f", str(values), "--output-dir", str(out_dir))
    assert (code, out) == (2, "")
    assert err == (f"chartgen: error: cannot write {templates / 'master-deployment.yaml'}: Is a directory\n")
    assert read_tree(out_dir) == {"determined/templates/db-service.yaml": "previous\n"}
    assert sorted(os.listdir(out_dir)) == ["determined"]


def test_an_output_dir_that_is_a_file_is_a_usage_error(values: Path, tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.write_text("a file\n")
    code, out, err = render("-f", str(values), "--output-dir", str(target))
    assert (code, out) == (2, "")
    assert err.startswith(f"chartgen: error: cannot write {target}: ")
    assert target.read_text() == "a file\n"


def test_the_real_command_line_reads_values_from_standard_input(tmp_path: Path) -> None:
    process = subprocess.run(
        [
            sys.executable,
            "-m",
            "chartgen",
            "render",
            "det",
            "-n",
            "ns",
            "-f",
            "-",
            "-s",
            "templates/db-service.yaml",
        ],
        input=GOOD,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (process.returncode, process.stderr) == (0, "")
    (service,) = yaml.safe_load_all(process.stdout)
    assert service["metadata"] == {
        "name": "determined-db-service-det",
        "namespace": "ns",
        "labels": {"app": "determined-db-det", "release": "det"},
    }


def test_the_real_command_line_refuses_invalid_values_with_exit_1(tmp_path: Path) -> None:
    process = subprocess.run(
        [sys.executable, "-m", "chartgen", "render", "--set", "maxSlotsPerPod=4,initialUserPassword=short1A"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (process.returncode, process.stdout) == (1, "")
    assert "\n--set:1:38: error[initial-password-strength] " in "\n" + process.stderr
    assert "short1A" not in process.stderr
