"""``chartgen migrate FILE… --to VERSION [--from VERSION]``: rewrite values files for another release.

Keys the target reads under another name are renamed, keys it does not read are
removed and named, and lint's safe fixes for the target are applied; a value whose
meaning the target cannot keep (``defaultScheduler: preemption``) changes only
with ``--unsafe-fixes``, and is listed otherwise. Values the target requires are
left as errors. ``--from`` defaults to the release the file reads most naturally
for. Output and exit codes as ``chartgen fix``.
"""

from __future__ import annotations

import argparse

from chartgen.cli import common
from chartgen.cli.common import SUPPORTED
from chartgen.cli.fix import add_edit_arguments, edit_files
from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from chartgen.api import MigrateResult


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="values files to migrate in place")
    parser.add_argument(
        "--to", required=True, metavar="VERSION", dest="target",
        help=f"the release to migrate to ({', '.join(SUPPORTED)})",
    )  # fmt: skip
    parser.add_argument(
        "--from", metavar="VERSION", dest="source", default=None,
        help="the release the files were written for (default: guessed from their keys)",
    )  # fmt: skip
    add_edit_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        target = api.check_release(args.target)
        source = api.check_release(args.source) if args.source is not None else None
    except common.UsageError as exc:
        return common.usage_error(exc)

    def edit(path: str, text: str) -> MigrateResult:
        return api.migrate(text, to=target, source=source, file=path, unsafe=args.unsafe_fixes)

    return edit_files(args.files, edit, diff=args.diff)
