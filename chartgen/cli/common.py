"""Flags and steps shared by the subcommands that read values.

Exit codes, for every subcommand:

- 0: done; the values are valid (warnings allowed).
- 1: the values are invalid. This includes what is wrong *inside* a source of
  values: a YAML syntax error, a file whose top level is not a map, a ``--set``
  expression Helm's grammar refuses. Each is a located diagnostic (``FILE:LINE:COL``,
  or ``--set:N:COL`` for the N-th ``--set`` flag), like any other finding.
- 2: the command cannot run as asked: bad flags, an unsupported ``--app-version``,
  a file that cannot be read (missing, a directory, not UTF-8), an unknown
  ``--show-only`` template, an output directory that cannot be written, or an
  internal error (as ruff does). The message is one ``chartgen: error:`` line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence

from chartgen.api import LATEST, SUPPORTED, ChartgenError, Diagnostic, SetFlags, UsageError
from chartgen.hints import typing


def extended(namespace: argparse.Namespace, action: argparse.Action) -> list[typing.Any]:
    """The list ``action`` adds to, made the namespace's own the first time: argparse's ``append``
    copies it at every flag instead, which is quadratic in the number of flags."""
    items: list[typing.Any] = getattr(namespace, action.dest)
    if items is action.default:
        items = list(items)
        setattr(namespace, action.dest, items)
    return items


class Append(argparse.Action):
    """argparse's ``append``, in time linear in the number of flags."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[typing.Any] | None,
        option_string: str | None = None,
    ) -> None:
        extended(namespace, self).append(values)


class Files(argparse.Action):
    """``-f a.yaml,b.yaml`` is two files, as Helm's string-slice flag reads it (CSV rules);
    with ``nargs``, every file after the flag too."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[typing.Any] | None,
        option_string: str | None = None,
    ) -> None:
        files: list[str] = []
        for text in values if isinstance(values, list) else [str(values)]:
            if "," not in text:
                files.append(text)
                continue
            import csv

            try:
                files.extend(next(csv.reader([text], strict=True)))
            except csv.Error as exc:
                parser.error(f"argument {option_string}: {exc}")
        extended(namespace, self).extend(files)


def add_values_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-f", "--values", action=Files, default=[], metavar="FILE",
        help="values file (repeatable, or comma-separated; later files win; - reads standard input)",
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
        parser.add_argument(flag, action=Append, default=[], metavar="K=V", help=help_text)


def add_subchart_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--subchart", metavar="KEY",
        help="read the KEY section of each values file as the Determined values (an umbrella chart's, "
        "e.g. determined); default: the configuration's subchart setting",
    )  # fmt: skip


def subchart(args: argparse.Namespace) -> str | None:
    """``--subchart``, else the ``subchart`` setting of the configuration nearest the first values
    file (the working directory's without one), as ``lint`` reads it for its ``-f`` layers."""
    if args.subchart is not None:
        return str(args.subchart)
    from chartgen.api import subchart_setting

    return subchart_setting(next(iter(args.values), None))


def set_flags(args: argparse.Namespace) -> SetFlags:
    return SetFlags(
        set_json=args.set_json,
        set=args.set,
        set_string=args.set_string,
        set_file=args.set_file,
        set_literal=args.set_literal,
    )


def report(
    diagnostics: Iterable[Diagnostic], fmt: str = "text", stream: typing.IO[str] | None = None
) -> None:
    """Print diagnostics: text on standard error unless told otherwise, the data formats
    (always, even with nothing found) on standard output. Text is coloured on a terminal."""
    diagnostics = list(diagnostics)
    if not diagnostics and fmt == "text":
        return
    from chartgen.report import FORMATS, as_text

    if stream is None:
        stream = sys.stderr if fmt == "text" else sys.stdout
    if fmt == "text":
        stream.write(as_text(diagnostics, color=use_color(stream)))
    else:
        stream.write(FORMATS[fmt](diagnostics))


def use_color(stream: typing.IO[str]) -> bool:
    """Colour only on a terminal, as ruff and pytest: a non-empty ``NO_COLOR`` turns it off
    (no-color.org), a non-empty ``FORCE_COLOR`` on (CI logs that render it); ``TERM=dumb`` off."""
    import os

    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def error(message: str) -> None:
    """``chartgen: error: …`` on standard error; further lines of the message are indented.

    Whatever user text the message holds, no line it writes can pass for a
    finding or another error, and no control character reaches the terminal.
    """
    from chartgen.report import printable

    first, *rest = message.split("\n")
    sys.stderr.write(
        "".join([f"chartgen: error: {printable(first)}\n", *(f"  {printable(r)}\n" for r in rest)])
    )


def warning(message: str) -> None:
    """``chartgen: warning: …`` on standard error: said, but the command goes on."""
    from chartgen.report import printable

    sys.stderr.write(f"chartgen: warning: {printable(message)}\n")


def usage_error(exc: UsageError) -> int:
    error(str(exc))
    return 2


#: Top-level modules of chartgen's runtime dependencies: missing, it is the environment, not a bug.
DEPENDENCIES = frozenset({"ruamel", "pydantic", "pydantic_core"})


def missing_dependency(exc: ModuleNotFoundError) -> int:
    """chartgen imported from a Python that lacks its dependencies (the system one, beside a venv)."""
    error(
        f"this Python ({sys.executable}) lacks chartgen's dependency {exc.name!r}: run chartgen "
        "from the environment it is installed in (after `make install`: .venv/bin/python -m chartgen, "
        "or activate .venv), or install it here with `pip install .`"
    )
    return 2


def internal_error(exc: BaseException) -> int:
    """A bug, not the user's fault: say where without echoing values (they may hold secrets)."""
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] in DEPENDENCIES:
        return missing_dependency(exc)
    import os
    import traceback

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    where = ""
    for frame, line in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename.startswith(package):
            where = f" at {os.path.relpath(frame.f_code.co_filename, os.path.dirname(package))}:{line}"
    if os.environ.get("CHARTGEN_DEBUG"):
        # Asked for: the whole traceback, which may show values (the user's own terminal).
        traceback.print_exception(exc, file=sys.stderr)
    error(f"internal error ({type(exc).__name__}{where}); this is a bug in chartgen, please report it")
    return 2


__all__ = [
    "LATEST",
    "SUPPORTED",
    "ChartgenError",
    "UsageError",
    "add_values_arguments",
    "error",
    "internal_error",
    "report",
    "set_flags",
    "usage_error",
]
