"""``chartgen completion SHELL``: a completion script for bash, zsh or fish, written from the parser.

Every subcommand's parser is built and walked (``spec``): its options, which of them take a
value, what that value is (a choice of ``choices``, a Determined release, a file, a directory, a
rule id) and what its positional arguments are. The scripts are generated from that alone, so a
new flag completes without anyone editing them. Install as ``helm completion`` scripts are::

    chartgen completion bash > ~/.local/share/bash-completion/completions/chartgen
    chartgen completion zsh > ~/.zfunc/_chartgen      # fpath+=(~/.zfunc) before compinit
    chartgen completion fish > ~/.config/fish/completions/chartgen.fish
"""

from __future__ import annotations

import argparse
import sys

from chartgen.hints import typing

SHELLS = ("bash", "zsh", "fish")

#: What an option's value (or a positional argument) completes to: nothing (a free word), files,
#: directories, or one of some words.
FILES = "files"
DIRECTORIES = "directories"

#: Options whose value is a Determined release (``--app-version`` and migrate's ``--from``/``--to``).
_RELEASES = frozenset({"app_version", "from_version", "source", "target"})
#: Metavars of values that are paths.
_PATHS = {"FILE": FILES, "FILE|DIR": FILES, "PATH": FILES, "DIR": DIRECTORIES}


class Option(typing.NamedTuple):
    flags: tuple[str, ...]
    help: str
    #: None for a flag without a value; else FILES, DIRECTORIES, a tuple of words, or "" (any word).
    value: str | tuple[str, ...] | None
    repeatable: bool
    #: Takes every word after it (``--from-values a.yaml b.yaml``).
    many: bool


class Command(typing.NamedTuple):
    name: str
    help: str
    options: tuple[Option, ...]
    #: What the positional arguments complete to (as ``Option.value``), None when there are none.
    positional: str | tuple[str, ...] | None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to print the completion script of")


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(script(args.shell))
    return 0


def script(shell: str) -> str:
    """The completion script of ``shell`` for the ``chartgen`` command."""
    commands, top = spec()
    return {"bash": bash, "zsh": zsh, "fish": fish}[shell](commands, top)


def spec() -> tuple[list[Command], tuple[Option, ...]]:
    """Every subcommand as its parser has it, and the options before the subcommand."""
    from chartgen.cli import COMMANDS, build_parser

    commands = []
    for name, (_, help_text) in COMMANDS.items():
        parser = build_parser(name, alone=True).commands[name]
        options = tuple(
            _option(action) for action in parser._actions if _shown(action) and action.option_strings
        )
        positionals = [
            _value(action) for action in parser._actions if _shown(action) and not action.option_strings
        ]
        commands.append(Command(name, help_text, options, positionals[0] if positionals else None))
    top = tuple(
        _option(action) for action in build_parser()._actions if _shown(action) and action.option_strings
    )
    return commands, top


def _shown(action: argparse.Action) -> bool:
    return action.help is not argparse.SUPPRESS and not isinstance(action, argparse._SubParsersAction)


def _option(action: argparse.Action) -> Option:
    from chartgen.cli.common import Append, Files

    takes = action.nargs != 0
    return Option(
        tuple(action.option_strings),
        _short_help(action.help or ""),
        _value(action) if takes else None,
        isinstance(action, (Append, Files)),
        action.nargs == "+",
    )


def _value(action: argparse.Action) -> str | tuple[str, ...]:
    if action.choices is not None:
        return tuple(str(choice) for choice in action.choices)
    if action.dest in _RELEASES:
        from chartgen.api import SUPPORTED

        return tuple(SUPPORTED)
    if action.dest == "rules":
        from chartgen.api import all_rules

        return tuple(sorted(rule.rule for rule in all_rules()))
    return _PATHS.get(str(action.metavar), "")


def _short_help(text: str) -> str:
    """The help up to its first ``;`` outside brackets: what a menu of completions has room for."""
    text = text.replace("%%", "%")
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith("; ", index):
            return text[:index]
    return text


def _words(words: typing.Iterable[str]) -> str:
    """Words as one single-quoted shell word, space-separated: flags, choices, releases and rule
    ids, none of which needs quoting (anything else would be a bug here, not a user's input)."""
    joined = " ".join(words)
    if not all(char.isalnum() or char in " ._=-" for char in joined):
        raise ValueError(f"not a plain word list for a completion script: {joined!r}")
    return f"'{joined}'"


# --- bash -------------------------------------------------------------------------------------


def bash(commands: list[Command], top: tuple[Option, ...]) -> str:
    """A ``complete -F`` function: options and values of the subcommand in ``COMP_WORDS``."""
    cases = []
    for command in commands:
        flags = [flag for option in command.options for flag in option.flags]
        values = []
        for option in command.options:
            if option.value is not None:
                values.append(f"            {'|'.join(option.flags)}) {_bash_value(option.value)}; return ;;")
        many = [flag for option in command.options if option.many for flag in option.flags]
        cases.append(
            "\n".join(
                [
                    f"        {command.name})",
                    f"            opts={_words(flags)}",
                    f"            many={_words(many)}",
                    '            case "$option" in',
                    *values,
                    "            esac",
                    f"            _chartgen_positional() {{ {_bash_value(command.positional)}; }}",
                    "            ;;",
                ]
            )
        )
    return "\n".join(
        [
            "# bash completion for chartgen; generated by `chartgen completion bash`.",
            "_chartgen_words() {",
            '    COMPREPLY=($(compgen -W "$1" -- "$cur"))',
            "}",
            "_chartgen_paths() {",
            "    local IFS=$'\\n'",
            '    COMPREPLY=($(compgen "$1" -- "$cur"))',
            "    compopt -o filenames 2>/dev/null",
            "}",
            "_chartgen() {",
            '    local cur="${COMP_WORDS[COMP_CWORD]}" option="" opts="" many="" command="" i',
            '    # The option whose value is being completed: the word before, or the one before "="',
            '    # (bash splits --format=json at "=").',
            "    if (( COMP_CWORD > 1 )); then",
            '        option="${COMP_WORDS[COMP_CWORD-1]}"',
            '        if [[ "$option" == "=" && COMP_CWORD -gt 2 ]]; then option="${COMP_WORDS[COMP_CWORD-2]}"; fi',
            '        if [[ "$cur" == "=" ]]; then option="${COMP_WORDS[COMP_CWORD-1]}"; cur=""; fi',
            "    fi",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            '        case "${COMP_WORDS[i]}" in',
            "            -*) ;;",
            '            *) command="${COMP_WORDS[i]}"; break ;;',
            "        esac",
            "    done",
            '    if [[ -z "$command" ]]; then',
            '        if [[ "$cur" == -* ]]; then',
            f"            _chartgen_words {_words(f for o in top for f in o.flags)}",
            "        else",
            f"            _chartgen_words {_words(c.name for c in commands)}",
            "        fi",
            "        return",
            "    fi",
            "    _chartgen_positional() { COMPREPLY=(); }",
            '    case "$command" in',
            *cases,
            "        *) return ;;",
            "    esac",
            '    if [[ "$cur" == -* ]]; then',
            '        _chartgen_words "$opts"',
            "        return",
            "    fi",
            "    # After an option that takes every following word (--from-values a.yaml b.yaml): files.",
            "    for (( i = COMP_CWORD - 1; i > 0; i-- )); do",
            '        if [[ "${COMP_WORDS[i]}" == -* ]]; then',
            '            if [[ " $many " == *" ${COMP_WORDS[i]} "* ]]; then _chartgen_paths -f; return; fi',
            "            break",
            "        fi",
            "    done",
            "    _chartgen_positional",
            "}",
            "complete -F _chartgen chartgen",
            "",
        ]
    )


def _bash_value(value: str | tuple[str, ...] | None) -> str:
    if value == FILES:
        return "_chartgen_paths -f"
    if value == DIRECTORIES:
        return "_chartgen_paths -d"
    if isinstance(value, tuple):
        return f"_chartgen_words {_words(value)}"
    return "COMPREPLY=()"


# --- zsh --------------------------------------------------------------------------------------


def zsh(commands: list[Command], top: tuple[Option, ...]) -> str:
    """A ``#compdef`` function: ``_arguments`` for the top level and for each subcommand."""
    described = " ".join(_zsh_quote(f"{c.name}:{c.help.replace(':', chr(92) + ':')}") for c in commands)
    functions = []
    for command in commands:
        specs = [_zsh_option(option) for option in command.options]
        if command.positional is not None:
            specs.append(_zsh_quote(f"*:{command.name} argument:{_zsh_action(command.positional)}"))
        functions.append(
            "\n".join(
                [f"_chartgen_{_ident(command.name)}() {{", "    _arguments -s \\", *_zsh_lines(specs), "}"]
            )
        )
    dispatch = [f"                {c.name}) _chartgen_{_ident(c.name)} ;;" for c in commands]
    return "\n".join(
        [
            "#compdef chartgen",
            "# zsh completion for chartgen; generated by `chartgen completion zsh`.",
            *functions,
            "_chartgen() {",
            "    local context state state_descr line",
            "    typeset -A opt_args",
            "    _arguments -C \\",
            *_zsh_lines(
                [
                    *(_zsh_option(option) for option in top),
                    "'1:command:->command'",
                    "'*::argument:->argument'",
                ]
            ),
            '    case "$state" in',
            "        command)",
            f"            local -a commands=({described})",
            "            _describe -t commands 'chartgen command' commands ;;",
            "        argument)",
            '            case "$words[1]" in',
            *dispatch,
            "            esac ;;",
            "    esac",
            "}",
            'if [[ "$funcstack[1]" == _chartgen ]]; then _chartgen "$@"; else compdef _chartgen chartgen; fi',
            "",
        ]
    )


def _zsh_lines(specs: list[str]) -> list[str]:
    last = len(specs) - 1
    return [f"        {spec}" + (" \\" if index < last else "") for index, spec in enumerate(specs)]


def _zsh_option(option: Option) -> str:
    description = f"[{_zsh_escape(option.help)}]"
    value = "" if option.value is None else f":{option.flags[-1].lstrip('-')}:{_zsh_action(option.value)}"
    if len(option.flags) == 1:
        body = _zsh_quote(f"{'*' if option.repeatable else ''}{option.flags[0]}{description}{value}")
        return body
    exclusive = "" if option.repeatable else f"({' '.join(option.flags)})"
    star = "*" if option.repeatable else ""
    flags = ",".join(option.flags)
    return f"{_zsh_quote(exclusive + star) if exclusive or star else ''}{{{flags}}}{_zsh_quote(description + value)}"


def _zsh_action(value: str | tuple[str, ...]) -> str:
    if value == FILES:
        return "_files"
    if value == DIRECTORIES:
        return "_files -/"
    if isinstance(value, tuple):
        return f"({' '.join(value)})"
    return " "


def _zsh_escape(text: str) -> str:
    """Text inside an ``_arguments`` description or a ``_describe`` entry."""
    for char in "\\[]:":
        text = text.replace(char, f"\\{char}")
    return text


def _zsh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _ident(name: str) -> str:
    return name.replace("-", "_")


# --- fish -------------------------------------------------------------------------------------


def fish(commands: list[Command], top: tuple[Option, ...]) -> str:
    """``complete`` lines: subcommands until one is given, then that one's options and values."""
    lines = [
        "# fish completion for chartgen; generated by `chartgen completion fish`.",
        "complete -c chartgen -f",
    ]
    for option in top:
        lines.append(f"complete -c chartgen -n '__fish_use_subcommand' {_fish_option(option)}")
    for command in commands:
        lines.append(
            f"complete -c chartgen -n '__fish_use_subcommand' -a {command.name} -d {_fish_quote(command.help)}"
        )
    for command in commands:
        condition = f"-n '__fish_seen_subcommand_from {command.name}'"
        for option in command.options:
            lines.append(f"complete -c chartgen {condition} {_fish_option(option)}")
        if command.positional == FILES:
            lines.append(f"complete -c chartgen {condition} -F")
        elif command.positional == DIRECTORIES:
            lines.append(f"complete -c chartgen {condition} -a '(__fish_complete_directories)'")
        elif isinstance(command.positional, tuple):
            lines.append(f"complete -c chartgen {condition} -a {_fish_quote(' '.join(command.positional))}")
    return "\n".join(lines) + "\n"


def _fish_option(option: Option) -> str:
    parts = []
    for flag in option.flags:
        parts.append(f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}")
    if option.value == FILES:
        parts.append("-r -F")
    elif option.value == DIRECTORIES:
        parts.append("-x -a '(__fish_complete_directories)'")
    elif isinstance(option.value, tuple):
        parts.append(f"-x -a {_fish_quote(' '.join(option.value))}")
    elif option.value is not None:
        parts.append("-x")
    parts.append(f"-d {_fish_quote(option.help)}")
    return " ".join(parts)


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
