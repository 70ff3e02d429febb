"""``Rounds``: a place in the text ``fix`` was given found in the text it returns, and back."""

from __future__ import annotations

import pytest

from chartgen.diagnostics import Location
from chartgen.fixing.rounds import Rounds
from chartgen.yamlio.edit import Edit, apply


def _rounds(text: str, *rounds: list[Edit]) -> Rounds:
    history = Rounds("v.yaml", [text])
    for edits in rounds:
        history.add(edits, apply(history.texts[-1], edits))
    return history


def _at(line: int, column: int) -> Location:
    return Location("v.yaml", line, column)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_lines_added_or_removed_above_move_a_place_by_as_many_lines(newline: str) -> None:
    text = newline.join(["a:", "  b: 1", "c: 2", "d: x", ""])
    start = text.index("  b")
    added = Edit(start, start, f"  z: 0{newline}  y: 0{newline}")  # two lines inserted above b
    removed = Edit(text.index("c:"), text.index("d:"), "")  # c's line removed
    history = _rounds(text, [added, removed])
    assert history.texts[-1] == newline.join(["a:", "  z: 0", "  y: 0", "  b: 1", "d: x", ""])
    assert history.in_given(_at(5, 4)) == _at(4, 4)  # d's value
    assert history.in_result(_at(4, 4)) == _at(5, 4)
    assert history.in_given(_at(4, 6)) == _at(2, 6)  # b's value
    assert history.in_given(_at(1, 1)) == _at(1, 1)


def test_a_place_after_an_edit_on_its_line_moves_by_its_length() -> None:
    text = "slot_type: rocm\n"
    history = _rounds(text, [Edit(0, 9, "slotType")])
    assert history.in_given(_at(1, 11)) == _at(1, 12)
    assert history.in_result(_at(1, 12)) == _at(1, 11)


def test_a_place_inside_an_edit_stays_inside_it() -> None:
    text = 'a: "4"\nb: 1\n'
    history = _rounds(text, [Edit(3, 6, "4")])  # unquoted
    assert history.in_given(_at(1, 4)) == _at(1, 4)
    assert history.in_result(_at(1, 6)) == _at(1, 4)  # the closing quote: the replacement's last character
    removed = _rounds(text, [Edit(0, 7, "")])
    assert removed.in_result(_at(1, 4)) == _at(1, 1)  # where the removed line was


def test_each_round_edits_the_text_of_the_round_before() -> None:
    text = "x: 1\nk: '4'\n"
    first = [Edit(0, 0, "a:\n  b: 2\n")]  # two lines above everything
    history = Rounds("v.yaml", [text])
    history.add(first, apply(text, first))
    middle = history.texts[-1]
    assert history.in_given(_at(4, 4)) == _at(2, 4)  # a place of round 2's text
    second = [Edit(middle.index("'4'"), middle.index("'4'") + 3, "4")]
    history.add(second, apply(middle, second))
    assert history.texts[-1] == "a:\n  b: 2\nx: 1\nk: 4\n"
    assert history.in_given(_at(4, 1)) == _at(2, 1)
    assert history.in_result(_at(2, 4)) == _at(4, 4)


def test_other_sources_and_unknown_places_are_left_as_they_are() -> None:
    history = _rounds("a: 1\n", [Edit(0, 0, "b: 2\n")])
    assert history.in_given(None) is None
    assert history.in_given(Location("--set", 1, 3)) == Location("--set", 1, 3)
    assert history.in_given(Location("v.yaml")) == Location("v.yaml")
    assert Rounds().in_given(_at(3, 1)) == _at(3, 1)
