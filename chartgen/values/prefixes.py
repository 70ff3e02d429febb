"""A set of value paths, asked whether one of them leads to a given path.

Asked of every finding (or every ``--set`` assignment), comparing each path to every other
costs thousands times thousands for a list of thousands of items; a tree of their steps costs
each question only the length of the path asked about.
"""

from __future__ import annotations

from collections.abc import Iterable

from chartgen.diagnostics import Path

_Tree = dict[object, "_Tree"]
_END = object()  # marks the node where one of the paths ends


class Prefixes:
    """Paths, as a tree of their steps."""

    def __init__(self, paths: Iterable[Path] = ()) -> None:
        self._root: _Tree = {}
        for path in paths:
            self.add(path)

    def __bool__(self) -> bool:
        return bool(self._root)

    def add(self, path: Path) -> None:
        node = self._root
        for step in path:
            node = node.setdefault(step, {})
        node[_END] = {}

    def lead_to(self, path: Path, *, strictly: bool = False) -> bool:
        """Whether one of the paths is ``path`` (unless ``strictly``) or an ancestor of it."""
        node = self._root
        for step in path:
            if _END in node:
                return True
            found = node.get(step)
            if found is None:
                return False
            node = found
        return not strictly and _END in node
