"""Where a place in the text ``fix`` was given is in the text it returns, and back.

Each round of fixes edits the text the round before returned, and its findings are located
in that text. ``chartgen fix`` prints every location in the file as it is on disk when it
ends: the fixed text once written, the text given when ``--diff`` writes nothing.
A place inside text a fix replaced moves to the same place in its replacement, or to the
replacement's last character when that is shorter (its start when it is empty).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from chartgen.diagnostics import Location
from chartgen.records import field, record
from chartgen.yamlio.edit import Edit

# Line breaks as the YAML reader counts lines: a CR LF pair is one.
_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


@record
class Rounds:
    """The text of each round (the text given first, the text returned last) and the edits
    that made each text from the one before."""

    file: str = ""
    texts: list[str] = field(default_factory=list)
    edits: list[list[Edit]] = field(default_factory=list)
    _lines: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict, compare=False, repr=False)

    def add(self, edits: list[Edit], text: str) -> None:
        """One more round: ``edits`` made ``text`` from the last text."""
        self.edits.append(sorted(edits, key=lambda edit: (edit.start, edit.end)))
        self.texts.append(text)

    def in_given(self, location: Location | None) -> Location | None:
        """``location`` in the last text, found in the text given."""
        return self._move(location, len(self.edits), 0)

    def in_result(self, location: Location | None) -> Location | None:
        """``location`` in the text given, found in the last text."""
        return self._move(location, 0, len(self.edits))

    def _move(self, location: Location | None, source: int, target: int) -> Location | None:
        if location is None or location.file != self.file or not location.line or source == target:
            return location
        offset = self._offset(source, location.line, location.column or 1)
        if source < target:
            for edits in self.edits[source:target]:
                offset = _forward(edits, offset)
        else:
            for edits in reversed(self.edits[target:source]):
                offset = _back(edits, offset)
        line, column = self._line_column(target, offset)
        return Location(self.file, line, column if location.column else None)

    def _breaks(self, index: int) -> tuple[list[int], list[int]]:
        """Where each line of text ``index`` starts, and where its content ends."""
        if index not in self._lines:
            text = self.texts[index]
            found = list(_BREAK.finditer(text))
            self._lines[index] = ([0, *(m.end() for m in found)], [*(m.start() for m in found), len(text)])
        return self._lines[index]

    def _offset(self, index: int, line: int, column: int) -> int:
        starts, ends = self._breaks(index)
        if line > len(starts):
            return len(self.texts[index])
        return min(starts[line - 1] + column - 1, ends[line - 1])

    def _line_column(self, index: int, offset: int) -> tuple[int, int]:
        starts, _ = self._breaks(index)
        line = bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1


def _forward(edits: list[Edit], offset: int) -> int:
    """``offset`` before ``edits`` (sorted) as an offset after them."""
    shift = 0
    for edit in edits:
        if offset < edit.start:
            break
        if offset < edit.end:
            return edit.start + shift + min(offset - edit.start, max(len(edit.text) - 1, 0))
        shift += len(edit.text) - (edit.end - edit.start)
    return offset + shift


def _back(edits: list[Edit], offset: int) -> int:
    """``offset`` after ``edits`` (sorted) as an offset before them."""
    shift = 0
    for edit in edits:
        start = edit.start + shift
        if offset < start:
            break
        if offset < start + len(edit.text):
            return edit.start + min(offset - start, max(edit.end - edit.start - 1, 0))
        shift += len(edit.text) - (edit.end - edit.start)
    return offset - shift
