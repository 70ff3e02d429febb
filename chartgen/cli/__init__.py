"""Command line: parse flags, call the library, print, and choose the exit code.

Exit codes: 0 clean (warnings allowed), 1 invalid values or findings, 2 usage
error, unreadable input or internal error (the table is in ``common``).
Subcommands are imported only when chosen, so start-up stays light.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from functools import cache

from chartgen.hints import typing

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "render": ("chartgen.cli.render", "render the chart's Kubernetes objects from values"),
    "lint": ("chartgen.cli.lint", "check values files and report every problem found"),
    "schema": ("chartgen.cli.schema", "print the JSON Schema of a release's values"),
    "podspec": (
        "chartgen.cli.podspec",
        "show the pod spec a task starts from (default and task specs merged as Determined does)",
    ),
    "plan": ("chartgen.cli.plan", "size slots and check that distributed jobs schedule without deadlock"),
    "fix": (
        "chartgen.cli.fix",
        "apply lint's fixes to values files in place, keeping everything else as written",
    ),
    "migrate": (
        "chartgen.cli.migrate",
        "rewrite values files written for one Determined release for another",
    ),
    "diff": (
        "chartgen.cli.diff",
        "preview an upgrade: what changes, and what fails, loses data or surprises",
    ),
    "rule": ("chartgen.cli.rule", "explain a rule: what it checks, why, an example and the fix"),
    "completion": ("chartgen.cli.completion", "print a shell completion script for bash, zsh or fish"),
}


@cache
def _terminal_columns() -> int:
    """The width ``shutil.get_terminal_size`` gives help text ($COLUMNS, else the terminal,
    else 80), asked once: argparse asks on every ``add_argument``, and imports ``shutil`` to."""
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ):
        super().__init__(
            prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width
        )


class _Parser(argparse.ArgumentParser):
    commands: dict[str, argparse.ArgumentParser]

    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


#: The word that stands for a run of options taken out of a command line (``_Command``): no
#: argument can hold a NUL character, so no user's word is mistaken for it.
_FOLDED = "--\0folded"

#: An option as ``_Command`` takes it out: its action, the flag as written, its arguments.
_Taken: typing.TypeAlias = tuple[argparse.Action, str, list[str]]
#: The fewest and most arguments of each ``nargs`` chartgen's options have.
_ARITY: dict[object, tuple[int, int]] = {0: (0, 0), None: (1, 1), "+": (1, sys.maxsize)}


class _Replay(argparse.Action):
    """Applies a run of options ``_Command`` took out of the command line, where the run stood."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | typing.Sequence[typing.Any] | None,
        option_string: str | None = None,
    ) -> None:
        assert isinstance(parser, _Command)
        for action, flag, arguments in parser.runs[int(str(values))]:
            action(parser, namespace, parser._get_values(action, arguments), flag)


class _Command(_Parser):
    """A subcommand's parser, in time linear in the number of flags.

    For each option it takes, argparse (3.11, 3.12) looks through every option of the command
    line, so 20,000 ``--set`` flags took 9 s. Here each run of options written plainly
    (``--flag``, ``--flag value``, ``--flag=value``, ``-fvalue``) is taken out before argparse parses, and one
    word stands for the run and applies its options in turn where they stood: argparse sees every
    positional, error and order as it would, and only a few options. The first of each required
    option stays, for argparse to see that it was given.
    """

    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_argument(_FOLDED, action=_Replay, dest=argparse.SUPPRESS, help=argparse.SUPPRESS)
        self.runs: list[list[_Taken]] = []

    def format_help(self) -> str:
        """The help, ending with the command's examples, exit codes and docs page (``helptext``),
        looked up only when help is printed."""
        from chartgen.cli import helptext

        self.epilog = helptext.epilog(self.prog.rpartition(" ")[2])
        self.formatter_class = helptext.Formatter
        return super().format_help()

    def parse_known_args(  # type: ignore[override]
        self, args: typing.Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        return super().parse_known_args(None if args is None else self._fold(list(args)), namespace)

    def _fold(self, args: list[str]) -> list[str]:
        self.runs = []
        kept: list[str] = []
        required: set[argparse.Action] = set()
        run: list[_Taken] | None = None
        index = 0
        while index < len(args) and args[index] != "--":
            taken, width = self._plain(args, index)
            if taken is None or (taken[0].required and taken[0] not in required):
                if taken is not None:
                    required.add(taken[0])
                kept.extend(args[index : index + width])
                run = None
            else:
                if run is None:
                    run = []
                    kept += [_FOLDED, str(len(self.runs))]
                    self.runs.append(run)
                run.append(taken)
            index += width
        return kept + args[index:]

    def _plain(self, args: list[str], index: int) -> tuple[_Taken | None, int]:
        """The option at ``index`` if written plainly, its arguments as argparse would take them
        (each following word it reads as an argument, up to the option's most), and the words taken."""
        word = args[index]
        action = self._option_string_actions.get(word)
        if action is None:
            flag, equals, value = word.partition("=")
            if not (equals and flag in self._option_string_actions) and word[1:2] not in ("", "-"):
                flag, value = word[:2], word[2:]  # -fFILE: the argument written onto a short flag
            action = self._option_string_actions.get(flag)
            if action is not None and action.nargs in (None, "+"):
                return (action, flag, [value]), 1
            return None, 1
        if action.nargs not in _ARITY:
            return None, 1
        least, most = _ARITY[action.nargs]
        end = index + 1
        while end - index <= most and end < len(args) and args[end] != "--":
            if self._parse_optional(args[end]) is not None:
                break
            end += 1
        if end - index - 1 < least:
            return None, 1
        return (action, word, args[index + 1 : end]), end - index


def build_parser(selected: str | None = None, *, alone: bool = False) -> _Parser:
    """All subcommands; only ``selected`` gets its flags, so others cost no import.

    ``alone``: ``selected`` is the first argument, so every other one is its own and the other
    subcommands could only show in the top-level help, which is not asked for: they are left out.
    """
    # No abbreviated flags: as with Helm and kubectl, `--names` is an error, not `--namespace`.
    parser = _Parser(
        prog="chartgen", description="Validate and render the Determined Helm chart.", allow_abbrev=False
    )
    parser.add_argument(
        "--version",
        action="store_true",
        help="print chartgen's version and the Determined releases it reproduces",
    )
    parser.add_argument(
        "--traceback",
        action="store_true",
        help="on an internal error, print the traceback behind it (as CHARTGEN_DEBUG=1 does)",
    )
    parser.commands = {}
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Command)
    sub.required = True
    for name, (module, help_text) in COMMANDS.items():
        if alone and name != selected:
            continue
        command = sub.add_parser(name, help=help_text, description=help_text, allow_abbrev=False)
        parser.commands[name] = command
        if name == selected:
            importlib.import_module(module).add_arguments(command)
        command.set_defaults(_module=module)
    return parser


def _version() -> str:
    from chartgen import __version__
    from chartgen.api import SUPPORTED

    return f"chartgen {__version__}: the Determined Helm chart of releases {', '.join(SUPPORTED)}\n"


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if "--traceback" in args_list[: args_list.index("--") if "--" in args_list else None]:
        import os

        # Read where the error is reported, however deep; it may show values, on the user's own terminal.
        args_list.remove("--traceback")
        os.environ["CHARTGEN_DEBUG"] = "1"
    selected = next((a for a in args_list if not a.startswith("-")), None)
    if args_list[:1] == ["--version"]:
        sys.stdout.write(_version())
        return 0
    if selected in COMMANDS and "--version" in args_list[args_list.index(selected) :]:
        # Helm's --version picks a chart version; here the release is --app-version.
        from chartgen.api import LATEST

        try:
            build_parser(selected).commands[selected].error(
                "--version is Helm's chart version; chartgen reproduces the chart of a Determined "
                f"release: give it with --app-version (for example --app-version {LATEST})"
            )
        except SystemExit as exc:
            return int(exc.code or 0)
    known = selected in COMMANDS
    parser = build_parser(selected if known else None, alone=known and args_list[0] == selected)
    try:
        args, unknown = parser.parse_known_args(args_list)
        if unknown:
            # Reported by the subcommand, so the usage shown is the one that applies.
            parser.commands[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:
        return int(exc.code or 0)
    module = importlib.import_module(args._module)
    try:
        code: int = module.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        from chartgen.cli.common import internal_error

        return internal_error(exc)
    return code


def run() -> None:
    """The ``chartgen`` command and ``python -m chartgen``: ``main``, then a prompt exit.

    A run allocates little and ends soon, so the garbage collector only costs time, and so
    does tearing down every module at exit: once the output is flushed, the process ends.
    """
    import gc
    import os

    gc.disable()
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = code or 0
    os._exit(code)
