"""Flags and steps shared by the subcommands that read values."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from chartgen.diagnostics import ChartgenError, Diagnostic, UsageError
from chartgen.releases import LATEST, SUPPORTED


def add_values_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-f", "--values", action="append", default=[], metavar="FILE",
        help="values file (repeatable; later files win; - reads standard input)",
    )  # fmt: skip
    parser.add_argument(
        "--app-version", default=LATEST, metavar="V",
        help=f"Determined release whose chart to reproduce ({', '.join(SUPPORTED)}; default {LATEST})",
    )  # fmt: skip
    for flag, help_text in (
        ("--set", "set values on the command line (a.b=v,c={x,y})"),
        ("--set-string", "set STRING values on the command line"),
        ("--set-json", "set JSON values on the command line (a.b=JSON)"),
        ("--set-file", "set values from files (a.b=PATH)"),
        ("--set-literal", "set a literal STRING value (no parsing of commas or braces)"),
    ):
        parser.add_argument(flag, action="append", default=[], metavar="K=V", help=help_text)


def report(diagnostics: list[Diagnostic], fmt: str = "text") -> None:
    from chartgen.report import FORMATS

    if diagnostics or fmt == "json":
        sys.stderr.write(FORMATS[fmt](diagnostics)) if fmt == "text" else sys.stdout.write(
            FORMATS[fmt](diagnostics)
        )


def usage_error(exc: UsageError) -> int:
    sys.stderr.write(f"chartgen: error: {exc}\n")
    return 2


__all__ = [
    "ChartgenError",
    "UsageError",
    "add_values_arguments",
    "report",
    "set_flags",
    "usage_error",
]


def set_flags(args: argparse.Namespace) -> Any:
    from chartgen.values.load import SetFlags

    return SetFlags(
        set_json=args.set_json,
        set=args.set,
        set_string=args.set_string,
        set_file=args.set_file,
        set_literal=args.set_literal,
    )
