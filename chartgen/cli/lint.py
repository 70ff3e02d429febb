"""``chartgen lint``: every problem in the values files, located; the pre-commit hook's entry."""

from __future__ import annotations

import argparse

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="values files, merged in order as with -f")
    common.add_values_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    files = [*args.files, *args.values]
    if not files and not any((args.set, args.set_string, args.set_json, args.set_file, args.set_literal)):
        common.usage_error(common.UsageError("lint needs at least one values file"))
        return 2
    try:
        result = api.lint(files, app_version=args.app_version, flags=common.set_flags(args))
    except common.UsageError as exc:
        return common.usage_error(exc)
    common.report(result.diagnostics, args.format)
    return 0 if result.ok else 1
