"""``python -m chartgen``."""

from chartgen.cli import run

run()
