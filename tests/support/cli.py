"""Run the real command line in-process, capturing what it prints (fast enough for hundreds of cases)."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Sequence

from chartgen.cli import main
from chartgen.yamlio.read import forget_stdin


def run_cli(argv: Sequence[str], stdin: str = "") -> tuple[int, str, str]:
    """``(exit code, stdout, stderr)`` of ``chartgen ARGV`` with ``stdin`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    forget_stdin()
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()
