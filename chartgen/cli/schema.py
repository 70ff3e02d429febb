"""``chartgen schema``: print the JSON Schema of a release's values (generated from the model)."""

from __future__ import annotations

import argparse
import sys

from chartgen.cli.common import LATEST, SUPPORTED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--app-version", default=LATEST, metavar="V",
        help=f"Determined release whose values to describe ({', '.join(SUPPORTED)}; default {LATEST})",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from chartgen import api
    from chartgen.cli import common

    try:
        text = api.schema_text(args.app_version)
    except api.UsageError as exc:
        return common.usage_error(exc)
    sys.stdout.write(text)
    return 0
