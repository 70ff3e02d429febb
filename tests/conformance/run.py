"""Run the conformance corpus against a chartgen command line.

usage: run.py [CASES_DIR] [--cmd CMD] [--only SUBSTRING] [-v]

Each case runs ``CMD render RELEASE -f values.yaml --namespace NS --app-version V
[--is-upgrade] [--set ...] [--set-string ...]`` as a subprocess. A rendered case
conforms when the command exits 0 with the same objects (compare_objects.py); a
refused case when it exits 1, names the case's ``error_mentions`` on standard
error and prints nothing on standard output. The last line is
``N/M cases conform``; the exit status is 0 only when all do.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from conformance_cases import CASES_DIR, Case, discover

SHOWN = 8


def run_case(command: list[str], case: Case, timeout: float) -> list[str]:
    try:
        done = subprocess.run(
            [*command, *case.argv()], capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return [f"no answer within {timeout:g} s"]
    except OSError as exc:
        return [f"cannot run {command[0]}: {exc.strerror}"]
    return case.verdict(done.returncode, done.stdout, done.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the conformance corpus.")
    parser.add_argument("cases", nargs="?", default=str(CASES_DIR), help="corpus directory")
    parser.add_argument("--cmd", default=f"{sys.executable} -m chartgen", help="the chartgen command")
    parser.add_argument("--only", default="", help="only cases whose path contains this")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per case")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every difference")
    args = parser.parse_args(argv)
    command = shlex.split(args.cmd)
    cases = discover(Path(args.cases), args.only)
    failing = 0
    for case in cases:
        problems = run_case(command, case, args.timeout)
        if problems:
            failing += 1
            print(f"FAIL {case.name}")
            shown = problems if args.verbose else problems[:SHOWN]
            print("\n".join(f"    {line}" for line in shown))
            if len(shown) < len(problems):
                print(f"    ... {len(problems) - len(shown)} more lines (-v shows all)")
    print(f"{len(cases) - failing}/{len(cases)} cases conform")
    return 0 if cases and not failing else 1


if __name__ == "__main__":
    sys.exit(main())
