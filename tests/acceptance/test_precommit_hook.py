"""The pre-commit hook, run for real through ``pre-commit try-repo`` on a scratch repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\ndb:\n  keepOnUninstall: true\n"
BAD = "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\ncheckpointStorage:\n  type: s3\n"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_hook_passes_good_values_and_fails_bad_ones(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    _git(work, "init", "-q")
    (work / "values-good.yaml").write_text(GOOD)
    (work / "values-bad.yaml").write_text(BAD)
    (work / "README.md").write_text("not a values file\n")
    _git(work, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "SKIP": ""}
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "chartgen-lint"]

    good = subprocess.run(
        [*command, "--files", "values-good.yaml"], cwd=work, env=env, capture_output=True, text=True
    )
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout

    bad = subprocess.run(
        [*command, "--files", "values-good.yaml", "values-bad.yaml"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "values-bad.yaml:3:1: error[checkpoint-location-required]" in bad.stdout
    assert "checkpointStorage.bucket" in bad.stdout
    assert not any(line.startswith("values-good.yaml:") for line in bad.stdout.splitlines())


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_one_process_sees_every_file_so_one_summary_speaks_for_all(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    _git(work, "init", "-q")
    names = [f"values-{index}.yaml" for index in range(8)]
    for index, name in enumerate(names):
        (work / name).write_text(BAD if index == 0 else GOOD)
    _git(work, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "SKIP": ""}
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "chartgen-lint", "--all-files"]
    run = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    summaries = [line for line in run.stdout.splitlines() if line.startswith(("Found ", "All checks passed"))]
    assert summaries == ["Found 1 error in 1 file (8 files, 8 sources checked)."], run.stdout


# Each real values file under the name it has where it was found (tests/data/real-world/*: first line).
REAL_NAMES = {
    "01-redhat-red-wall-demo-openshift": "components/app-configs/mlde-anyuid/base/helm-values.yaml",
    "02-fundacionctic-ai4es-tutorial-terraform-gke": "infra/determined-values.yaml",
    "03-fundacionctic-ai4es-tutorial-terraform-sharedfs-earlier": "infra/sharedfs/determined-values.yaml",
    "04-determined-pdk-aws-eks": "deploy/aws/prod.mlde.values.yaml",
    "05-determined-pdk-gcp-gke": "deploy/gcp/prod.mlde.values.yaml",
    "06-determined-pdk-vanilla-k8s-minio": "deploy/k8s/mlde_values.yaml",
    "07-determined-pdk-vanilla-k8s-first-release": "deploy/k8s-first/determined/values.yaml",
    "08-determined-pdk-aws-pachyderm-umbrella": "deploy/pachyderm/helm_values.yaml",
    "09-hpe-dev-blog-ezmeral-first-time-user": "blog/values.yaml",
    "10-gh-issue-10152-slot-type-rocm": "issue-10152/values.yaml",
    "11-works-with-determined-pachyderm-seldon-chart-values": "pachyderm-seldon/determined-chart/values.yaml",
    "upstream-02-custom-pod-specs-resourcePools-affinity": "docs/pod-specs/values.yaml",
    "upstream-03-install-on-kubernetes-pool-tolerations": "docs/install/values-tolerations.yaml",
    "upstream-04-rocm-support-pool": "docs/rocm/values-rocm.yaml",
    "upstream-05-multi-rm-additional-resource-managers": "docs/multi-rm/values.yaml",
}
OTHER_CHART = "apps/ingress-nginx/values.yaml"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("scoped", [False, True], ids=["default-pattern", "documented-exclude"])
def test_hook_checks_every_determined_file_and_no_other(tmp_path: Path, scoped: bool) -> None:
    work = tmp_path / "work"
    work.mkdir()
    _git(work, "init", "-q")
    real = ROOT / "tests" / "data" / "real-world"
    assert sorted(REAL_NAMES) == sorted(p.stem for p in real.glob("*.yaml"))
    for stem, name in REAL_NAMES.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(real / f"{stem}.yaml", work / name)
    (work / OTHER_CHART).parent.mkdir(parents=True)
    (work / OTHER_CHART).write_text("controller:\n  replicaCount: 2\nimagePullSecrets: []\n")
    (work / "apps" / "ingress-nginx" / "Chart.yaml").write_text("name: ingress-nginx\n")
    if scoped:  # README, "Pre-commit": the first step
        (work / ".chartgen.yaml").write_text("exclude:\n  - apps/**\n")
    _git(work, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "SKIP": "", "NO_COLOR": "1"}
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "chartgen-lint", "--all-files"]
    run = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Skipped" not in run.stdout
    findings = [line for line in run.stdout.splitlines() if "[" in line and ": " in line]
    checked = {line.split(":", 1)[0] for line in findings if not line.startswith(" ")}
    assert set(REAL_NAMES.values()) <= checked, run.stdout
    other = [line for line in findings if line.startswith(OTHER_CHART)]
    if scoped:
        assert other == []
    else:
        assert [line.split(" ", 2)[1] for line in other] == ["warning[not-determined-values]"]
    assert "Chart.yaml" not in run.stdout


def _readme_config() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### pre-commit") :]
    return section[section.index("```yaml\n") + 8 : section.index("```", section.index("```yaml\n") + 8)]


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_readmes_pre_commit_config_works_as_written(tmp_path: Path) -> None:
    work = tmp_path / "work"
    (work / "apps" / "ingress-nginx").mkdir(parents=True)
    _git(work, "init", "-q")
    (work / ".pre-commit-config.yaml").write_text(_readme_config())
    (work / "values-good.yaml").write_text(GOOD)
    (work / "values-bad.yaml").write_text(BAD)
    (work / "apps" / "ingress-nginx" / "values.yaml").write_text("controller:\n  replicaCount: 2\n")
    _git(work, "add", ".")
    # chartgen installed where pre-commit runs: this interpreter's scripts directory on PATH.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PATH": path, "SKIP": ""}
    run = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--all-files"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "values-bad.yaml:3:1: error[checkpoint-location-required]" in run.stdout
    assert "values-good.yaml:" not in run.stdout and "ingress-nginx" not in run.stdout
