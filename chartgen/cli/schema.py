"""``chartgen schema``: print the JSON Schema of a release's values (generated from the model)."""

from __future__ import annotations

import argparse
import sys

from chartgen.releases import LATEST, SUPPORTED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--app-version", default=LATEST, metavar="V",
        help=f"Determined release whose values to describe ({', '.join(SUPPORTED)}; default {LATEST})",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from chartgen.cli import common
    from chartgen.releases import check_release
    from chartgen.validation.schema_walk import schema_text

    try:
        release = check_release(args.app_version)
    except common.UsageError as exc:
        return common.usage_error(exc)
    sys.stdout.write(schema_text(release))
    return 0
