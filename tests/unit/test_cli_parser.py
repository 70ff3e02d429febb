"""The command line parses the same with only the chosen subcommand built as with all of them.

``chartgen lint …`` builds the ``lint`` parser alone (start-up time); what it accepts, the
namespace it gives and every usage error and help text must be those of the full parser.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from chartgen.cli import COMMANDS, build_parser

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
