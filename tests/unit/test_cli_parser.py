"""The command line parses the same with only the chosen subcommand built as with all of them.

``chartgen lint …`` builds the ``lint`` parser alone (start-up time); what it accepts, the
namespace it gives and every usage error and help text must be those of the full parser.
"""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from chartgen.cli import _FOLDED, COMMANDS, _Command, build_parser
from tests.unit.test_linear_time import _assert_linear

TAILS = [
    [],
    ["-h"],
    ["--help"],
    ["--no-such-flag"],
    ["values.yaml"],
    ["-f", "values.yaml"],
    ["-f"],
    ["--set", "a=1", "-f", "v.yaml", "extra"],
    ["--format", "json", "a.yaml", "b.yaml"],
    ["--format", "nope", "a.yaml"],
    ["--app-version", "0.35.0", "x"],
    ["--output-dir", "out", "--release-name", "det"],
    ["--to", "0.38.1", "a.yaml"],
    ["--kind", "gpu", "--pool", "default"],
    ["--all"],
    ["placeholder"],
    ["--", "-f"],
]


def _parse(command: str, tail: list[str], *, alone: bool) -> tuple[object, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args, unknown = build_parser(command, alone=alone).parse_known_args([command, *tail])
            result: object = (sorted(vars(args).items()), unknown)
        except SystemExit as exc:
            result = ("exit", exc.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("tail", TAILS, ids=" ".join)
def test_alone_parses_as_the_full_parser(command: str, tail: list[str]) -> None:
    assert _parse(command, tail, alone=True) == _parse(command, tail, alone=False)


#: Command lines whose options a subcommand takes out before argparse parses (``_Command``):
#: plain and attached forms, arguments that look like options, positionals among options,
#: repeated and required options, help and errors part-way through, ``--``.
FOLDED_TAILS = [
    ["--set", "a=1", "--set=b=2", "-f", "a.yaml", "-f=b.yaml", "-fc.yaml", "--strict", "x.yaml"],
    ["x.yaml", "--set", "a=1", "y.yaml", "--set", "b=2", "z.yaml"],
    ["--set", "-x"],
    ["--set"],
    ["--set", "--", "a"],
    ["--set", "a b", "--set", "-1", "--ignore", "x", "--ignore=y"],
    ["--strict=1", "--quiet"],
    ["-q", "-q", "--quiet", "--no-such-flag", "v.yaml", "-n", "ns"],
    ["--to", "0.35.0", "--to", "0.38.1", "--from", "0.35.0", "a.yaml"],
    ["--set", "a=1", "--to"],
    ["--format", "json", "--format", "nope"],
    ["--set", "a=1", "-h"],
    ["--from-values", "a.yaml", "b.yaml", "--set", "x=1", "rel"],
    ["rel", "--from-values", "a,b", "--from-values=c", "--is-upgrade", "--no-is-upgrade"],
    ["--kind", "gpu", "--kind", "cpu", "--explain", "--pool", "p"],
    ["-s", "templates/a.yaml", "--show-only=templates/b.yaml", "rel", "-s"],
    ["--", "--set", "a=1"],
    ["-qf", "x.yaml", "-fq", "-nns", "-fa=b.yaml", "-f", "c d.yaml", "-qq", "-q", "-x"],
    ["-stemplates/a.yaml", "-s=templates/b.yaml", "-n=ns", "-fv.yaml", "-f-", "-10"],
]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("tail", TAILS + FOLDED_TAILS, ids=" ".join)
def test_options_taken_out_parse_as_argparse_parses_them(
    command: str, tail: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folded = _parse(command, tail, alone=True)
    monkeypatch.setattr(_Command, "_fold", lambda self, args: args)
    assert folded == _parse(command, tail, alone=True)


def test_a_run_of_options_is_one_word_for_argparse() -> None:
    """Were nothing taken out, the test above would compare argparse with itself."""
    parser = build_parser("lint", alone=True).commands["lint"]
    assert isinstance(parser, _Command)
    words = ["a.yaml", "--set", "a=1", "--strict", "-f=b.yaml", "b.yaml", "--set", "-x"]
    assert parser._fold(words) == ["a.yaml", _FOLDED, "0", "b.yaml", "--set", "-x"]
    assert [[(flag, arguments) for _, flag, arguments in run] for run in parser.runs] == [
        [("--set", ["a=1"]), ("--strict", []), ("-f", ["b.yaml"])]
    ]


def _every_option(parser: argparse.ArgumentParser) -> list[str]:
    """Each option of ``parser`` once, with an argument it accepts (help and the fold's own left out)."""
    words = []
    for action in parser._actions:
        if not action.option_strings or action.nargs == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._HelpAction) or _FOLDED in action.option_strings:
            continue
        words.append(action.option_strings[-1])
        if action.nargs != 0:
            words.append(str(next(iter(action.choices))) if action.choices else "1")
    return words


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - {"completion"}))  # it takes only a shell's name
def test_many_flags_parse_in_linear_time(command: str) -> None:
    """Every option of the subcommand, over and over: argparse looked through all the options
    for each one it took, and its ``append`` copied the list at every flag."""
    parser = build_parser(command, alone=True)
    options = _every_option(parser.commands[command])
    required = [action for action in parser.commands[command]._actions if action.required]
    files = ["a.yaml"] if any(not action.option_strings for action in required) else []

    def parse(n: int) -> argparse.Namespace:
        args, unknown = parser.parse_known_args([command, *files, *options * (n // len(options))])
        assert unknown == []
        return args

    assert options and parse(len(options) * 2)
    _assert_linear(parse, 2_000, 16_000)
