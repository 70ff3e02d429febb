"""``chartgen completion bash|zsh|fish``: scripts generated from the parser, checked by each shell.

bash: ``bash -n``, then the completion function run on ``COMP_WORDS``/``COMP_CWORD`` as bash's
programmable completion calls it. fish: ``fish --no-execute``, then ``complete -C`` (fish's own
answer for a command line). zsh: ``zsh -n`` and loading under ``compinit``; its answers need a
terminal (zpty), so its specs are checked against the parser instead. A shell that is not
installed skips its run with the reason (``apt-get install zsh fish``).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from chartgen.cli import COMMANDS, build_parser
from chartgen.cli.completion import FILES, script, spec
from chartgen.releases import SUPPORTED
from tests.support.cli import run_cli


def _shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed here (Debian: apt-get install {name})")
    return found


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory to complete file names in, and each shell's script in it."""
    root = tmp_path_factory.mktemp("completion")
    for name in ("values-prod.yaml", "values-dev.yaml", "notes.txt"):
        (root / name).write_text("maxSlotsPerPod: 4\n")
    (root / "clusters").mkdir()
    for shell in ("bash", "zsh", "fish"):
        code, out, err = run_cli(["completion", shell])
        assert (code, err) == (0, "")
        (root / f"chartgen.{shell}").write_text(out)
    return root


def test_an_unknown_shell_is_a_usage_error() -> None:
    code, out, err = run_cli(["completion", "powershell"])
    assert code == 2 and out == "" and "invalid choice: 'powershell'" in err


def test_the_spec_is_the_parser() -> None:
    commands, top = spec()
    assert [command.name for command in commands] == list(COMMANDS)
    lint = next(command for command in commands if command.name == "lint")
    options = {flag: option for option in lint.options for flag in option.flags}
    parser = build_parser("lint").commands["lint"]
    choices = next(action.choices for action in parser._actions if "--format" in action.option_strings)
    assert choices is not None and {"text", "json", "sarif"} <= set(choices)
    assert options["--format"].value == tuple(choices)
    assert options["--app-version"].value == tuple(SUPPORTED)
    assert options["-f"] is options["--values"] and options["-f"].value == FILES and options["-f"].repeatable
    assert options["--strict"].value is None
    assert lint.positional == FILES
    assert {flag for option in top for flag in option.flags} == {"-h", "--help", "--version", "--traceback"}


# --- bash ----------------------------------------------------------------------------------


def _bash(tree: Path, *words: str) -> list[str]:
    """COMPREPLY for the command line ``words`` (the last one being completed)."""
    array = " ".join("'" + word.replace("'", "'\\''") + "'" for word in words)
    program = (
        f"source chartgen.bash\nCOMP_WORDS=({array})\nCOMP_CWORD={len(words) - 1}\n"
        "_chartgen\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    run = subprocess.run(
        [_shell("bash"), "-c", program], cwd=tree, capture_output=True, text=True, check=True
    )
    assert run.stderr == ""
    return sorted(line for line in run.stdout.splitlines() if line)


def test_bash_script_is_valid_bash(tree: Path) -> None:
    subprocess.run([_shell("bash"), "-n", str(tree / "chartgen.bash")], check=True)
    assert "complete -F _chartgen chartgen" in (tree / "chartgen.bash").read_text()


def test_bash_completes_commands_options_and_their_values(tree: Path) -> None:
    assert _bash(tree, "chartgen", "re") == ["render"]
    assert _bash(tree, "chartgen", "") == sorted(COMMANDS)
    assert _bash(tree, "chartgen", "lint", "--fo") == ["--format"]
    assert "--subchart" in _bash(tree, "chartgen", "render", "--sub")
    assert _bash(tree, "chartgen", "lint", "--format", "") == [
        "github",
        "gitlab",
        "json",
        "junit",
        "sarif",
        "text",
    ]
    assert _bash(tree, "chartgen", "lint", "--format", "=", "j") == ["json", "junit"]  # --format=j
    assert _bash(tree, "chartgen", "render", "--app-version", "") == sorted(SUPPORTED)
    assert _bash(tree, "chartgen", "migrate", "x.yaml", "--to", "0.38") == ["0.38.0", "0.38.1"]
    assert _bash(tree, "chartgen", "podspec", "--kind", "c") == ["checkpoint-gc", "cpu"]
    assert _bash(tree, "chartgen", "rule", "unknown-") == ["unknown-key"]
    assert _bash(tree, "chartgen", "completion", "") == ["bash", "fish", "zsh"]


def test_bash_completes_file_names_for_values_options_and_files(tree: Path) -> None:
    assert _bash(tree, "chartgen", "render", "-f", "values-") == ["values-dev.yaml", "values-prod.yaml"]
    assert _bash(tree, "chartgen", "lint", "values-p") == ["values-prod.yaml"]
    assert _bash(tree, "chartgen", "diff", "--from-values", "values-dev.yaml", "values-p") == [
        "values-prod.yaml"
    ]
    assert _bash(tree, "chartgen", "render", "--output-dir", "c") == ["clusters"]
    assert _bash(tree, "chartgen", "render", "-n", "") == []  # a namespace: nothing to offer
    assert _bash(tree, "chartgen", "render", "--set", "") == []


# --- fish ----------------------------------------------------------------------------------


def _fish(tree: Path, line: str) -> list[str]:
    program = f"source chartgen.fish; complete -C {line!r}"
    run = subprocess.run(
        [_shell("fish"), "-N", "-c", program], cwd=tree, capture_output=True, text=True, check=True
    )
    assert run.stderr == ""
    return sorted(row.split("\t")[0] for row in run.stdout.splitlines() if row)


def test_fish_script_is_valid_fish(tree: Path) -> None:
    subprocess.run([_shell("fish"), "--no-execute", str(tree / "chartgen.fish")], check=True)


def test_fish_completes_commands_options_values_and_files(tree: Path) -> None:
    assert _fish(tree, "chartgen re") == ["render"]
    assert _fish(tree, "chartgen lint --fo") == ["--format"]
    assert _fish(tree, "chartgen lint --format ") == ["github", "gitlab", "json", "junit", "sarif", "text"]
    assert _fish(tree, "chartgen render --app-version ") == sorted(SUPPORTED)
    assert _fish(tree, "chartgen render -f values-") == ["values-dev.yaml", "values-prod.yaml"]
    assert _fish(tree, "chartgen lint values-p") == ["values-prod.yaml"]
    assert _fish(tree, "chartgen completion ") == ["bash", "fish", "zsh"]


# --- zsh -----------------------------------------------------------------------------------


def test_zsh_script_is_valid_zsh_and_loads_under_compinit(tree: Path) -> None:
    zsh = _shell("zsh")
    subprocess.run([zsh, "-n", str(tree / "chartgen.zsh")], check=True)
    program = (
        f"autoload -Uz compinit && compinit -u -d {tree / 'zcompdump'} && source chartgen.zsh && "
        "print -r -- $_comps[chartgen] && whence -w _chartgen_render _chartgen_lint"
    )
    run = subprocess.run([zsh, "-f", "-c", program], cwd=tree, capture_output=True, text=True, check=True)
    assert run.stderr == ""
    assert run.stdout.splitlines() == ["_chartgen", "_chartgen_render: function", "_chartgen_lint: function"]


def test_zsh_specs_follow_the_parser(tree: Path) -> None:
    text = (tree / "chartgen.zsh").read_text()
    assert text.startswith("#compdef chartgen\n")
    commands, _ = spec()
    for command in commands:
        assert f"\n                {command.name}) _chartgen_{command.name} ;;" in text
        assert f"'{command.name}:" in text  # described in the menu of commands
    assert ":format:(text json github sarif" in text
    assert f":app-version:({' '.join(SUPPORTED)})" in text
    assert "'*'{-f,--values}'[" in text and "]:values:_files'" in text
    assert "'*:lint argument:_files'" in text
    assert "'--output-dir[" in text and ":output-dir:_files -/'" in text


def test_scripts_are_the_same_as_the_command_prints() -> None:
    for shell in ("bash", "zsh", "fish"):
        assert run_cli(["completion", shell])[1] == script(shell)
