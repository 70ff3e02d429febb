"""Every subcommand's ``--help`` ends with examples, its exit codes and its docs page, and every
example shown runs (in-process, on a copy of ``examples/``) and ends with the exit code it shows."""

from __future__ import annotations

import re
import shlex
import shutil
import tomllib
from pathlib import Path

import pytest

from chartgen.cli import COMMANDS
from chartgen.cli.helptext import DOCS, HELP, epilog
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [(name, line, code) for name, entry in HELP.items() for line, code, _ in entry.examples]


def test_every_command_has_help_of_its_own() -> None:
    assert sorted(HELP) == sorted(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_ends_with_examples_exit_codes_and_docs(name: str) -> None:
    code, out, err = run_cli([name, "--help"])
    assert (code, err) == (0, "")
    assert out.endswith(epilog(name) + "\n")
    text = epilog(name)
    assert text.startswith("examples:\n  # ")
    assert "\nexit codes:\n  0  " in text
    assert text.splitlines()[-1] == f"docs: {HELP[name].docs}"
    for line, _, _ in HELP[name].examples:
        assert f"\n  chartgen {line}\n" in text + "\n"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_exit_code_an_example_shows_is_explained(name: str) -> None:
    explained = {code for code, _ in HELP[name].exit_codes}
    assert {code for _, code, _ in HELP[name].examples} <= explained
    assert 0 in explained and 2 in explained


def _slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_each_docs_page_is_a_section_of_the_published_readme_or_docs() -> None:
    homepage = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Homepage"]
    assert DOCS.startswith(homepage + "/blob/main/")
    headings = {
        _slug(line.lstrip("#"))
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("## ") or line.startswith("### ")
    }
    for entry in HELP.values():
        page, _, anchor = entry.docs.partition("#")
        assert (ROOT / page.removeprefix(homepage + "/blob/main/")).is_file()
        if anchor:
            assert anchor in headings, entry.docs


@pytest.mark.parametrize(("name", "line", "code"), EXAMPLES, ids=[line for _, line, _ in EXAMPLES])
def test_every_example_runs_with_the_exit_code_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, line: str, code: int
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    # The umbrella chart's file the --subchart examples name: the example values under determined:.
    values = (ROOT / "examples" / "values.yaml").read_text().splitlines(keepends=True)
    umbrella = "pachyderm:\n  enabled: false\ndetermined:\n" + "".join(
        f"  {v}" if v.strip() else v for v in values
    )
    (tmp_path / "umbrella.yaml").write_text(umbrella)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    words = shlex.split(line)
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    assert words[0] == name
    exit_code, out, err = run_cli(words)
    assert exit_code == code, err
    assert "Traceback" not in err and "internal error" not in err
    if target is not None:
        path = Path(target.replace("~", str(tmp_path), 1))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(out)
        assert out
