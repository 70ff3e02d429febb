"""examples/installer.py, the README's library example, against chartgen installed as users get it.

The package is built and installed (not editable) into a directory of its own; the script
runs on that copy and type-checks against it with ``mypy --strict``, so what it relies on
is what the wheel ships: the exports, their types and ``py.typed``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "installer.py"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """chartgen built from a copy of the sources (the build writes beside them) and installed."""
    work = tmp_path_factory.mktemp("installed")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "LICENSE", "docs/pypi.md"):  # what the metadata names
        (source / name).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "chartgen", source / "chartgen", ignore=shutil.ignore_patterns("__pycache__"))
    target = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--target", str(target), str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    assert not (target / "chartgen" / "__editable__").exists()
    return target


def test_the_installer_runs_on_the_installed_package(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "manifests"
    env = {**os.environ, "PYTHONPATH": str(site)}
    code = "import chartgen, runpy, sys; print(chartgen.__file__); sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
    process = subprocess.run(
        [sys.executable, "-c", code, str(SCRIPT), str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert (process.returncode, process.stderr) == (0, "")
    used, *lines = process.stdout.splitlines()
    assert used == str(site / "chartgen" / "__init__.py")
    assert lines == [
        "wrote 11 files for 19 objects",
        "jobs of 16 and 8 slots on maxSlotsPerPod 8: schedulable",
        "a GPU task's pod in pool default tolerates ['nvidia.com/gpu']",
    ]
    master = yaml.safe_load((out / "determined" / "templates" / "master-config.yaml").read_text())
    assert master["stringData"]["master.yaml"].count("bucket: det-checkpoints") == 1


def test_the_installer_is_mypy_strict_clean_against_the_installed_package(site: Path, tmp_path: Path) -> None:
    shutil.copy2(SCRIPT, tmp_path / "installer.py")
    env = {**os.environ, "MYPYPATH": str(site)}
    process = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "installer.py"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert process.returncode == 0, process.stdout + process.stderr
