"""``chartgen lint``: every problem in the values files, located; the pre-commit hook's entry.

Each positional FILE is linted on its own (pre-commit passes every changed
values file at once, and they are independent installations); ``-f`` files and
``--set`` flags are layers applied before each of them, as with ``helm lint -f``.

Findings are the command's output, so they go to standard output in both
formats (as ruff, yamllint and ``helm lint`` do), sorted by file, line and
column, with no summary line: one finding per line, silence when clean.
Standard error carries only what stopped a file from being linted.
"""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="values files, each linted on its own")
    common.add_values_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    try:
        return _lint(args)
    except BrokenPipeError:
        raise  # the reader went away (``| head``): not a bug, and main ends quietly
    except Exception as exc:
        return common.internal_error(exc)


def _lint(args: argparse.Namespace) -> int:
    from chartgen import api

    flags = common.set_flags(args)
    has_flags = any((flags.set, flags.set_string, flags.set_json, flags.set_file, flags.set_literal))
    if not args.files and not args.values and not has_flags:
        return common.usage_error(common.UsageError("lint needs at least one values file (FILE, or -f FILE)"))
    try:
        api.check_release(args.app_version)
    except common.UsageError as exc:
        return common.usage_error(exc)
    runs = [[*args.values, file] for file in args.files] or [list(args.values)]
    found: list[api.Diagnostic] = []
    # A layer every run shares fails each run alike: say so once.
    unreadable: dict[str, None] = {}
    invalid = False
    for files in runs:
        try:
            result = api.lint(files, app_version=args.app_version, flags=flags)
        except common.UsageError as exc:
            unreadable[str(exc)] = None
            continue
        found.extend(result.diagnostics)
        invalid = invalid or not result.ok
    common.report(found, args.format, sys.stdout)
    for message in unreadable:
        common.error(message)
    if unreadable:
        return 2
    return 1 if invalid else 0
