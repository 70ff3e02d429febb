"""``chartgen lint``: every problem in the values files, located; the pre-commit hook's entry.

Argument parsing, one call of ``chartgen.check`` (which says what is checked and how:
configuration, suppression, layers, workers) and a reporter, so the command line and the
library give the same findings.

Findings are the command's output, so they go to standard output in every
format (as ruff, yamllint and ``helm lint`` do), sorted by file, line and
column; text ends with a one-line summary unless ``--quiet``. Standard error
carries only what stopped a file from being linted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from chartgen.cli import common

FORMAT_NAMES = ("text", "json", "github", "sarif", "junit", "gitlab")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="*", metavar="PATH",
        help="values files, each linted on its own; a directory: the values files under it (*values*.yaml)",
    )  # fmt: skip
    common.add_values_arguments(parser)
    parser.set_defaults(app_version=None)  # else the configuration's, else the latest
    parser.add_argument(
        "--release-name", metavar="NAME", help="release name to check values against (default: determined)"
    )
    parser.add_argument(
        "-n", "--namespace", metavar="NS", help="namespace to check values against (default: default)"
    )
    parser.add_argument(
        "--subchart", metavar="KEY",
        help="lint the KEY section of each file as the Determined values (an umbrella chart's, e.g. determined)",
    )  # fmt: skip
    parser.add_argument(
        "--by-content", action="store_true",
        help="the files are candidates (a hook's every YAML file): check those whose content or name makes "
        "them Determined values or GitOps sources, pass the rest by without a finding",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=FORMAT_NAMES, default="text",
        help="output format: github (Actions annotations), sarif (code scanning), junit (JUnit XML "
        "test report: GitLab, Jenkins, Azure DevOps), gitlab (GitLab Code Quality report)",
    )  # fmt: skip
    parser.add_argument(
        "--select", metavar="RULES",
        help="report only these rules (comma-separated ids or globs such as yaml-*; replaces the configuration's)",
    )  # fmt: skip
    parser.add_argument(
        "--ignore", metavar="RULES", action=common.Append, default=[],
        help="do not report these rules (comma-separated ids or globs; adds to the configuration's)",
    )  # fmt: skip
    parser.add_argument(
        "--strict", action="store_true", help="fail (exit 1) on warnings too, as helm lint --strict"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary line")
    parser.add_argument(
        "--config", metavar="FILE",
        help="use this configuration (.chartgen.yaml or pyproject.toml), not the nearest one up the tree",
    )  # fmt: skip


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
        # The built-in rules and the configurations' policies: what flags may name, and what
        # the report formats describe.
        rules = api.rules_for(args.files, values=args.values, config=args.config)
        select = _patterns(args.select, "--select", rules) if args.select else None
        ignore = [pattern for text in args.ignore for pattern in _patterns(text, "--ignore", rules)]
        result = api.check(
            args.files,
            values=args.values,
            flags=flags,
            config=args.config,
            select=select,
            ignore=ignore,
            strict=args.strict,
            app_version=args.app_version,
            release_name=args.release_name,
            namespace=args.namespace,
            subchart=args.subchart,
            workers=None,  # one per core
            by_content=args.by_content,
        )
    except common.UsageError as exc:
        return common.usage_error(exc)
    found = result.diagnostics
    if args.format == "sarif":
        from chartgen.report import as_sarif

        sys.stdout.write(as_sarif(found, {name: known.doc for name, known in rules.items()}))
    elif args.format == "junit":
        from chartgen.report import as_junit

        sys.stdout.write(as_junit(found, result.files, result.problems))
    else:
        common.report(found, args.format, sys.stdout)
    if args.format == "text" and not args.quiet and not result.problems:
        from chartgen.report import summary

        sys.stdout.write(summary(found, files=len(result.files) + len(result.passed), sources=result.sources))
    for directory in result.empty_directories:
        common.warning(f"no values file (*values*.yaml) under {directory}")
    for message in result.problems:
        common.error(message)
    if result.problems:
        return 2
    return 1 if result.failed else 0


def _patterns(text: str, flag: str, rules: Iterable[str]) -> list[str]:
    """A comma-separated flag's rule ids and globs, each naming some rule."""
    from chartgen import api

    patterns = [item.strip() for item in text.split(",") if item.strip()]
    for pattern in patterns:
        if not any(api.rule_matches(rule, pattern) for rule in rules):
            raise common.UsageError(f"{flag}: no rule is named {pattern!r} (chartgen rule --list)")
    return patterns
