"""``chartgen rule ID``: what a rule checks, why, an example and how to fix it (as ``ruff rule``).

The text is the rule's docstring, the same source ``docs/rules.md`` is written from, with its
reStructuredText literals shown as plain text writes code (``chartgen.report.rule_text``). The
policies (house rules) of the configuration, ``--config`` or the working directory's nearest,
are rules too: a policy's text is its message, expression and where it reports.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rules", nargs="*", metavar="ID", help="rule ids, as printed in brackets by lint")
    parser.add_argument("--all", action="store_true", help="explain every rule")
    parser.add_argument("--list", action="store_true", help="list every rule id with its summary")
    parser.add_argument(
        "--config", metavar="FILE",
        help="explain this configuration's policies too (default: the nearest .chartgen.yaml or pyproject.toml)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from chartgen import api
    from chartgen.cli import common
    from chartgen.report import rule_text

    try:
        known = api.rules_for((), config=args.config)
    except common.UsageError as exc:
        return common.usage_error(exc)
    if args.list:
        width = max(map(len, known))
        sys.stdout.write(
            "".join(
                f"{name:<{width}}  {rule_text(api.rule_summary(known[name].doc))}\n" for name in sorted(known)
            )
        )
        return 0
    if args.all == bool(args.rules):
        return common.usage_error(common.UsageError("give rule ids, --all or --list"))
    names = sorted(known) if args.all else args.rules
    unknown = [name for name in names if name not in known]
    if unknown:
        import difflib

        name = unknown[0]
        close = [k for k in sorted(known) if k.startswith(name)] or difflib.get_close_matches(
            name, known, n=3
        )
        near = f"; did you mean {' or '.join(close)}?" if close else "; chartgen rule --list lists them"
        return common.usage_error(common.UsageError(f"unknown rule {name}{near}"))
    sys.stdout.write("\n".join(rule_text(api.rule_explanation(known[name])) for name in names))
    return 0
