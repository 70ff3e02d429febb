"""Helm's ``--set`` grammar (pkg/strvals). Being written: see the helper's task."""

from __future__ import annotations

from typing import Any

from chartgen.diagnostics import Path


class SetSyntaxError(Exception):
    def __init__(self, reason: str, column: int = 1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.column = column


def apply(target: dict[str, Any], expr: str, kind: str) -> list[tuple[Path, int]]:
    raise SetSyntaxError("not implemented yet")
