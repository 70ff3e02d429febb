"""The commands run most often start without the modules that cost milliseconds each.

``lint`` runs on every commit (the pre-commit hook), ``render`` in every pipeline: neither may
import ``typing``, ``dataclasses``, ``hashlib``, ``json`` or a dependency it does not need, and
the public API's run-time annotations (``chartgen.hints``) must not pull them in either.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VALUES = ROOT / "examples" / "values.yaml"
HEAVY = {"typing", "dataclasses", "pydantic", "pydantic_core", "ruamel", "jinja2", "hashlib", "json"}


def _imported(*args: str) -> set[str]:
    """Every module a run of the command line imports, read from ``-X importtime``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "chartgen", *args],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    return {line.rsplit("|", 1)[1].strip() for line in lines[1:]}


@pytest.mark.parametrize(
    "args",
    [["lint", str(VALUES)], ["render", "-f", str(VALUES)], ["--version"]],
    ids=["lint", "render", "version"],
)
def test_the_command_imports_nothing_heavy(args: list[str]) -> None:
    imported = _imported(*args)
    assert "chartgen.api" in imported
    assert sorted(m for m in imported if m.split(".")[0] in HEAVY) == []
