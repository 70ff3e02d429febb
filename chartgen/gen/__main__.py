"""``python -m chartgen.gen [--check]``: rewrite the generated files, or list those out of date."""

from __future__ import annotations

import argparse
import sys

from chartgen.gen import ROOT, outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chartgen.gen", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file is out of date"
    )
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


sys.exit(main())
