"""Every chartgen command in README.md, run as printed from a copy of the repository's examples.

Commands are the ``.venv/bin/chartgen`` lines of ``sh`` blocks and the ``$ `` lines of output
blocks; ``# exit N`` after a command is the exit status it must have (0 otherwise). Under a
``$`` line, the lines shown are its standard output, ``…`` standing for text left out.
The quick start's ``make`` targets are what CI runs itself.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMAND = ".venv/bin/chartgen "
_EXIT = re.compile(r"\s+#[^#]*?\bexit (\d)\b[^#]*$")
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def _commands() -> list[tuple[str, int, list[str] | None]]:
    """``(command, exit status, expected output or None)`` in README order."""
    found: list[tuple[str, int, list[str] | None]] = []
    for lang, body in _BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        lines = body.splitlines()
        if lang == "sh":
            for line in lines:
                if line.startswith(COMMAND):
                    match = _EXIT.search(line)
                    command = line[: match.start()] if match else re.sub(r"\s+#[^']*$", "", line)
                    found.append((command, int(match[1]) if match else 0, None))
        elif lang == "" and lines and lines[0].startswith("$ " + COMMAND):
            match = _EXIT.search(lines[0])
            command = lines[0][2 : match.start() if match else None]
            found.append((command, int(match[1]) if match else 0, lines[1:]))
    return found


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = []
    for line in expected:
        if line.strip() == "…":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(map(re.escape, line.split("…"))) + r"\n")
    return re.compile("".join(parts), re.S)


COMMANDS = _commands()


def test_the_readme_has_commands_to_run() -> None:
    assert len(COMMANDS) >= 15
    assert all(command.startswith(COMMAND) for command, _, _ in COMMANDS)


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a fresh clone holds that the commands read, with this checkout's environment."""
    work = tmp_path_factory.mktemp("clone")
    shutil.copytree(ROOT / "examples", work / "examples")
    (work / ".venv").symlink_to(ROOT / ".venv")
    return work


@pytest.mark.parametrize(
    ("command", "status", "output"), COMMANDS, ids=[c[0][len(COMMAND) :] for c in COMMANDS]
)
def test_readme_command_works_as_printed(
    clone: Path, command: str, status: int, output: list[str] | None
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "FORCE_COLOR")}
    run = subprocess.run(["bash", "-c", command], cwd=clone, capture_output=True, text=True, env=env)
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr, run.stderr
    assert run.returncode == status, run.stdout + run.stderr
    if output:
        assert _pattern(output).fullmatch(run.stdout), run.stdout


def test_no_user_facing_text_names_the_source_documents() -> None:
    """Messages, hints, help and docs speak of Determined's guides, never of our notes' file names."""
    import chartgen.validation.rules  # noqa: F401  (rule docstrings: chartgen rule, docs/rules.md)
    from chartgen.validation.registry import RULES

    texts = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    texts |= {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")}
    texts |= {f"rule {name}": known.doc for name, known in RULES.items()}
    for path in (ROOT / "chartgen").rglob("*.py"):
        # Only string literals that reach users: not comments, not docstrings of internals.
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg in ("hint", "help") and isinstance(keyword.value, ast.Constant):
                        texts[f"{path.relative_to(ROOT)}:{node.lineno}"] = str(keyword.value.value)
    named = sorted(where for where, text in texts.items() if re.search(r"\bseeds? \d{3}", text, re.I))
    assert named == []
