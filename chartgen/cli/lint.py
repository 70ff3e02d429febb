"""``chartgen lint``: every problem in the values files, located; the pre-commit hook's entry.

Each positional FILE is linted on its own (pre-commit passes every changed
values file at once, and they are independent installations); ``-f`` files and
``--set`` flags are layers applied before each of them, as with ``helm lint -f``.
"""

from __future__ import annotations

import argparse

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="values files, each linted on its own")
    common.add_values_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    from chartgen import api
    from chartgen.diagnostics import Diagnostic

    flags = common.set_flags(args)
    has_flags = any((flags.set, flags.set_string, flags.set_json, flags.set_file, flags.set_literal))
    if not args.files and not args.values and not has_flags:
        return common.usage_error(common.UsageError("lint needs at least one values file"))
    runs = [[*args.values, file] for file in args.files] or [list(args.values)]
    found: list[Diagnostic] = []
    ok = True
    try:
        for files in runs:
            result = api.lint(files, app_version=args.app_version, flags=flags)
            found.extend(result.diagnostics)
            ok = ok and result.ok
    except common.UsageError as exc:
        return common.usage_error(exc)
    common.report(list(dict.fromkeys(found)), args.format)
    return 0 if ok else 1
