"""``chartgen fix FILE…``: apply lint's safe fixes in place and say what changed.

``--diff`` prints a unified diff instead of writing; ``--unsafe-fixes`` also applies
the fixes that change what the chart does. Each FILE is fixed on its own, as
``lint`` lints it, and nothing but the named files is written (no ``-f`` layers or
``--set`` flags: a fix edits what the owner wrote). Standard output says what
changed (``FILE:LINE:COL: fixed[rule] …``, or the diff), then the findings left, as
``lint`` prints them; a summary per file goes to standard error. Every place printed is
in the file as it is on disk when the command ends: the fixed file, or with ``--diff``
the file as it was. Exit 1 when errors remain, or with ``--diff`` when a file would
change; 2 for usage errors.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from chartgen.cli import common
from chartgen.cli.common import LATEST, SUPPORTED
from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from chartgen.api import FixResult, MigrateResult

    Edit = Callable[[str, str], FixResult | MigrateResult]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="values files to fix in place")
    parser.add_argument(
        "--app-version", default=LATEST, metavar="V",
        help=f"Determined release the files are for ({', '.join(SUPPORTED)}; default {LATEST})",
    )  # fmt: skip
    add_edit_arguments(parser)


def add_edit_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags ``fix`` and ``migrate`` share."""
    parser.add_argument("--diff", action="store_true", help="print a unified diff instead of writing")
    parser.add_argument(
        "--unsafe-fixes", action="store_true", help="also apply fixes that change what the chart does"
    )


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        release = api.check_release(args.app_version)
    except common.UsageError as exc:
        return common.usage_error(exc)

    def edit(path: str, text: str) -> FixResult:
        return api.fix(text, file=path, app_version=release, unsafe=args.unsafe_fixes)

    return edit_files(args.files, edit, diff=args.diff)


def edit_files(files: list[str], edit: Edit, *, diff: bool) -> int:
    """Read, edit, then write or diff each file; report the changes, the findings left and a summary."""
    from chartgen import api
    from chartgen.records import replace
    from chartgen.report import printable

    code = 0
    for path in files:
        try:
            text = api.read_values_text(path)
            result = edit(path, text)
            if diff:
                sys.stdout.write(api.unified_diff(path, text, result.text))
            elif result.text != text:
                api.write_values_text(path, result.text)
        except common.UsageError as exc:
            common.error(str(exc))
            code = 2
            continue
        except common.ChartgenError as exc:
            common.report(exc.diagnostics, "text", sys.stdout)
            code = max(code, 1)
            continue
        verb = "would-fix" if diff else "fixed"
        said = sys.stderr if diff else sys.stdout
        # Fixes and notes are located in the text given, the findings left in the fixed text.
        rounds = result.rounds
        applied, notes, remaining = result.applied, getattr(result, "notes", []), result.remaining
        if diff:
            remaining = [replace(d, location=rounds.in_given(d.location)) for d in remaining]
        else:
            applied = [replace(made, location=rounds.in_result(made.location)) for made in applied]
            notes = [replace(d, location=rounds.in_result(d.location)) for d in notes]
        for made in applied:
            where = made.location or path
            said.write(printable(f"{where}: {verb}[{made.rule}] {made.description}") + "\n")
        common.report([*notes, *remaining], "text", said)
        summary = f"{path}: {'would fix' if diff else 'fixed'} {len(result.applied)}"
        if result.unsafe_left:
            summary += f"; {len(result.unsafe_left)} more with --unsafe-fixes:"
            summary += "".join(f"\n  {made.description}" for made in result.unsafe_left)
        for line in summary.split("\n"):
            sys.stderr.write(printable(line) + "\n")
        if not result.ok or (diff and result.text != text):
            code = max(code, 1)
    return code
