"""The commands run most often start without the modules that cost milliseconds each.

``lint`` runs on every commit (the pre-commit hook), ``render`` in every pipeline: neither, nor
``--version``, may import a module of ``HEAVY`` (``typing``, ``dataclasses``, ``hashlib``,
``json``, a dependency it does not need, …), and the public API's run-time annotations must not
pull them in either. Modules name types through the one mechanism of ``chartgen.hints``, whose
``TYPE_CHECKING`` is the only one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "chartgen"
VALUES = ROOT / "examples" / "values.yaml"
#: Modules (with their submodules) the commands must not import: the budget.
HEAVY = {
    # Annotations and records: chartgen.hints and chartgen.records stand in for them.
    *("typing", "dataclasses", "inspect", "ast", "dis", "tokenize"),
    # Dependencies: the model (pydantic), the round-trip YAML editor, the template compiler,
    # and what only tests and tools use.
    *("pydantic", "pydantic_core", "ruamel", "jinja2", "yaml", "jsonschema", "kubernetes_validate", "semver"),
    # Standard library modules only some commands or options need.
    *("hashlib", "json", "decimal", "fractions", "pathlib", "subprocess", "tempfile", "shutil"),
    *("textwrap", "difflib", "fnmatch", "logging", "email", "urllib", "importlib.metadata", "ipaddress"),
}


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
    assert sorted(m for m in imported if m in HEAVY or m.split(".")[0] in HEAVY) == []


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_only_type_checking_flag_is_the_one_in_hints(path: Path) -> None:
    """``TYPE_CHECKING = False`` once, in chartgen/hints.py; every other module imports that one."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    assigned, attributes, sources, read = [], [], [], False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "TYPE_CHECKING":
            if isinstance(node.ctx, ast.Store):
                assigned.append(node.lineno)
            else:
                read = True
        elif isinstance(node, ast.Attribute) and node.attr == "TYPE_CHECKING":
            attributes.append(node.lineno)  # typing.TYPE_CHECKING: typing imported to read it
        elif isinstance(node, ast.ImportFrom):
            sources += [node.module for alias in node.names if "TYPE_CHECKING" in {alias.name, alias.asname}]
    assert attributes == [], "write `if TYPE_CHECKING:`, imported from chartgen.hints"
    if path == PACKAGE / "hints.py":
        assert len(assigned) == 1 and sources == []
        return
    assert assigned == [], "import TYPE_CHECKING from chartgen.hints; do not define another"
    assert sources == (["chartgen.hints"] if read else [])
