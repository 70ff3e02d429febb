"""The hook and the summary tell the truth (issue 38, item 7): the published hook hands chartgen
every YAML file and chartgen decides by content which hold Determined values; any other YAML is
passed by without a finding; every summary says how many files were read and how many Determined
sources they held, and a run that found none says so (and fails under ``--strict``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.report import summary
from tests.gitops.conftest import GitRepo, make_repo
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\ndb:\n  keepOnUninstall: true\n"

# Plain Kubernetes manifests, a chart's template, CI and tool configuration: YAML that is not Determined's.
MANIFESTS = {
    "k8s/deployment.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n",
    "k8s/objects.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n---\n"
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  values.yaml: |\n    replicas: 2\n",
    "charts/web/Chart.yaml": "apiVersion: v2\nname: web\nversion: 1.0.0\n",
    "charts/web/templates/configmap.yaml": "{{- if .Values.enabled }}\napiVersion: v1\nkind: ConfigMap\n"
    "metadata:\n  name: {{ .Release.Name }}\n{{- end }}\n",
    ".github/workflows/ci.yml": "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
    "ansible/site.yml": "- hosts: all\n  tasks: []\n",
    "mkdocs.yml": "site_name: docs\nnav: []\n",
}
# A Determined values file whose name does not say so, with a misspelt key.
MISSPELT = (
    "maxSlotPerPod: 4\ninitialUserPassword: Sup3r-Secret\nmasterPort: 8080\ndb:\n  keepOnUninstall: true\n"
)
APPLICATION = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: determined
  namespace: argocd
spec:
  project: default
  destination:
    server: https://kubernetes.default.svc
    namespace: determined
  source:
    repoURL: https://helm.determined.ai
    chart: determined
    targetRevision: 0.37.0
    helm:
      valuesObject:
        maxSlotsPerPod: 0
        initialUserPassword: Sup3r-Secret
        db:
          keepOnUninstall: true
"""
OTHER_APPLICATION = APPLICATION.replace("chart: determined", "chart: ingress-nginx").replace(
    "name: determined\n  namespace: argocd", "name: ingress\n  namespace: argocd"
)


# summary(): the words, from counts


def test_a_clean_run_says_what_it_checked() -> None:
    assert summary([], files=3, sources=5) == "All checks passed (3 files, 5 sources).\n"
    assert summary([], files=1, sources=1) == "All checks passed (1 file, 1 source).\n"
    assert summary([], files=0, sources=1) == "All checks passed (1 source).\n"  # -f and --set only


def test_a_run_with_findings_says_what_it_checked_after_them() -> None:
    error = Diagnostic("x-1", "m", Severity.ERROR, Location("a.yaml", 1, 1))
    warning = Diagnostic("x-2", "m", Severity.WARNING, Location("b.yaml", 2, 1))
    assert summary([error, error, warning], files=3, sources=5) == (
        "Found 1 error, 1 warning in 2 files (3 files, 5 sources checked).\n"
    )


def test_a_run_that_found_nothing_to_check_says_so() -> None:
    assert summary([], files=4, sources=0) == "No Determined values found in 4 files.\n"
    assert summary([], files=1, sources=0) == "No Determined values found in 1 file.\n"
    assert summary([], files=0, sources=0) == "No Determined values found in 0 files.\n"


def test_without_counts_the_summary_is_as_before() -> None:
    assert summary([]) == "All checks passed.\n"


# chartgen lint, in-process


def _write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_yaml_that_is_not_determineds_is_passed_by(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, MANIFESTS)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["lint", "--by-content", *MANIFESTS])
    assert (code, out, err) == (0, f"No Determined values found in {len(MANIFESTS)} files.\n", "")
    assert run_cli(["lint", "--by-content", "--strict", *MANIFESTS])[0] == 1


def test_a_file_named_without_by_content_is_judged_as_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Named on the command line, a file is the user's values file: one that is not values YAML
    fails, one of another chart gets its warning; only a hook's candidates are passed by."""
    _write(tmp_path, MANIFESTS)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["lint", *MANIFESTS])
    assert code == 1
    assert "error[" in out and "No Determined values found" not in out


def test_a_determined_file_is_found_by_its_keys_whatever_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, {**MANIFESTS, "deploy/det.yaml": MISSPELT})
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["lint", "--by-content", *MANIFESTS, "deploy/det.yaml"])
    assert code == 1
    assert "deploy/det.yaml:1:1: warning[unknown-key] unknown key `maxSlotPerPod`" in out
    assert "deploy/det.yaml:1:1: error[max-slots-per-pod-required]" in out
    assert (
        out.splitlines()[-1]
        == f"Found 1 error, 1 warning in 1 file ({len(MANIFESTS) + 1} files, 1 source checked)."
    )


def test_a_values_named_file_of_another_chart_keeps_its_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(
        tmp_path,
        {"ingress/values.yaml": "controller:\n  replicaCount: 2\n", "ingress/other.yaml": "controller: {}\n"},
    )
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["lint", "--by-content", "ingress/values.yaml", "ingress/other.yaml"])
    assert code == 0
    assert out.splitlines()[0].startswith("ingress/values.yaml:1:1: warning[not-determined-values]")
    assert "ingress/other.yaml" not in out
    assert out.splitlines()[-1] == "Found 1 warning in 1 file (2 files, 0 sources checked)."


def test_an_empty_directory_is_nothing_checked_and_fails_under_strict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["lint", "empty"])
    assert (code, out) == (0, "No Determined values found in 0 files.\n")
    assert run_cli(["lint", "--strict", "empty"])[0] == 1


def test_a_gitops_file_counts_its_sources(git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch) -> None:
    git_repo.write("argocd/determined.yaml", APPLICATION)
    git_repo.write("argocd/ingress.yaml", OTHER_APPLICATION)
    git_repo.write("values.yaml", GOOD)
    monkeypatch.chdir(git_repo.root)
    code, out, _ = run_cli(["lint", "argocd/determined.yaml", "argocd/ingress.yaml", "values.yaml"])
    line = git_repo.line("argocd/determined.yaml", "maxSlotsPerPod: 0")
    assert f"argocd/determined.yaml:{line}:25: error[max-slots-per-pod-positive]" in out
    assert "ingress" not in out
    assert out.splitlines()[-1] == "Found 1 error in 1 file (3 files, 2 sources checked)."
    assert code == 1


def test_the_library_result_holds_the_counts(tmp_path: Path) -> None:
    import chartgen

    _write(tmp_path, {**MANIFESTS, "values.yaml": GOOD})
    result = chartgen.check([str(tmp_path / name) for name in [*MANIFESTS, "values.yaml"]], by_content=True)
    assert (result.files, result.sources) == ([str(tmp_path / "values.yaml")], 1)
    assert sorted(result.passed) == sorted(str(tmp_path / name) for name in MANIFESTS)
    assert result.ok


# pre-commit, for real


@pytest.fixture(scope="module")
def hook(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """This checkout as pre-commit installs it (every file git does not ignore, committed in a
    snapshot: ``try-repo`` leaves out files not yet added), and one pre-commit home for the
    module, so the hook's environment is built once."""
    snapshot = tmp_path_factory.mktemp("chartgen-snapshot")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for relative in filter(None, listed.split("\0")):
        source = ROOT / relative
        if source.is_file():
            (snapshot / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / relative)
    make_repo(snapshot, remote=None).commit("snapshot")
    return snapshot, tmp_path_factory.mktemp("pre-commit-home")


def _try_repo(work: Path, hook: tuple[Path, Path]) -> subprocess.CompletedProcess[str]:
    snapshot, home = hook
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "SKIP": "", "NO_COLOR": "1"}
    command = [
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        str(snapshot),
        "chartgen-lint",
        "--all-files",
        "--verbose",
    ]
    return subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, check=False)


def _summaries(stdout: str) -> list[str]:
    starts = ("Found ", "All checks passed", "No Determined values found")
    return [line for line in stdout.splitlines() if line.startswith(starts)]


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


@needs_git
def test_hook_passes_a_repository_of_plain_manifests(tmp_path: Path, hook: tuple[Path, Path]) -> None:
    repo = make_repo(tmp_path / "work", MANIFESTS)
    repo.git("add", "-A")
    run = _try_repo(repo.root, hook)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout
    assert _summaries(run.stdout) == [f"No Determined values found in {len(MANIFESTS)} files."], run.stdout


@needs_git
def test_hook_finds_mistakes_wherever_the_repository_keeps_them_in_one_process(
    tmp_path: Path, hook: tuple[Path, Path]
) -> None:
    files = {
        **MANIFESTS,
        "argocd/determined.yaml": APPLICATION,
        "argocd/ingress.yaml": OTHER_APPLICATION,
        "deploy/det.yaml": MISSPELT,
        **{f"envs/env-{index}/values.yaml": GOOD for index in range(6)},
    }
    repo = make_repo(tmp_path / "work", files)
    repo.git("add", "-A")
    run = _try_repo(repo.root, hook)
    assert run.returncode == 1, run.stdout + run.stderr
    line = repo.line("argocd/determined.yaml", "maxSlotsPerPod: 0")
    assert f"argocd/determined.yaml:{line}:25: error[max-slots-per-pod-positive]" in run.stdout
    assert "deploy/det.yaml:1:1: warning[unknown-key]" in run.stdout
    assert not any(
        line.startswith(("k8s/", "charts/", "ansible/", ".github/", "argocd/ingress"))
        for line in run.stdout.splitlines()
    )
    # require_serial: one chartgen process for every file, so one summary speaks for all of them.
    assert _summaries(run.stdout) == [
        f"Found 2 errors, 1 warning in 2 files ({len(files)} files, 8 sources checked)."
    ], run.stdout
