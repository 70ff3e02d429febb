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
