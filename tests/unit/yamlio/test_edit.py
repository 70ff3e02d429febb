"""Edits by position: only the characters of what is fixed change, in every layout YAML allows."""

from __future__ import annotations

import pytest

from chartgen.yamlio.edit import CannotFix, Document, apply


def edited(text: str, method: str, *args: object, **kwargs: object) -> str:
    doc = Document.parse(text)
    return apply(text, getattr(doc, method)(*args, **kwargs))


def test_rename_keeps_the_comment_and_the_quoting_style() -> None:
    text = "a: 1  # one\n'slot_type': rocm # why\n"
    assert edited(text, "rename_key", ("slot_type",), "slotType") == "a: 1  # one\n'slotType': rocm # why\n"


def test_rename_refuses_to_clobber_a_key_already_written() -> None:
    with pytest.raises(CannotFix):
        Document.parse("slot_type: a\nslotType: b\n").rename_key(("slot_type",), "slotType")


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        # A block entry goes with its own lines only (its trailing comment too), not its neighbours'.
        ("a: 1\n# about b\nb: 2  # b\nc: 3\n", ("b",), "a: 1\n# about b\nc: 3\n"),
        # A multi-line value goes whole; the blank line after it stays.
        ("a:\n  x: 1\n  y:\n    - 2\n\nb: 1\n", ("a",), "\nb: 1\n"),
        # The first key of a list item: the next key moves beside the dash.
        ("p:\n- k: 1\n  n: a\n", ("p", 0, "k"), "p:\n- n: a\n"),
        # Flow mappings keep their commas right, wherever the entry is.
        ("m: {a: 1, b: 2, c: 3}\n", ("m", "b"), "m: {a: 1, c: 3}\n"),
        ("m: {a: 1, b: 2}\n", ("m", "b"), "m: {a: 1}\n"),
        # An emptied mapping goes with its key, rather than becoming null (which deletes defaults).
        ("a: 1\nr:\n  x: 1\nb: 2\n", ("r", "x"), "a: 1\nb: 2\n"),
        # ... but a list item stays, as an empty mapping.
        ("p:\n- k: 1\n", ("p", 0, "k"), "p:\n- {}\n"),
        # A key with nothing after it.
        ("a:\nb: 1\n", ("a",), "b: 1\n"),
    ],
)
def test_remove(text: str, path: tuple[str | int, ...], expected: str) -> None:
    assert edited(text, "remove", path) == expected


def test_remove_leaves_a_comment_saying_why_at_the_entry_indentation() -> None:
    text = "p:\n  - n: a\n    ns: x\n"
    assert (
        edited(text, "remove", ("p", 0, "ns"), comment="ns: x removed")
        == "p:\n  - n: a\n    # ns: x removed\n"
    )


def test_move_creates_the_mappings_it_needs_with_the_file_indentation() -> None:
    text = "db:\n    port: 1\npools:\n    - name: a  # first\n      max: 4 # four\n      other: 1\n"
    expected = (
        "db:\n    port: 1\npools:\n    - name: a  # first\n      other: 1\n"
        "      tcd:\n          k8s:\n              max: 4\n"
    )
    assert edited(text, "move", ("pools", 0, "max"), ("pools", 0, "tcd", "k8s", "max")) == expected


def test_move_into_an_existing_mapping_keeps_the_value_text() -> None:
    text = "x: 1\nrm:\n  pool: 'gpu'\n  ns: a\ny: 2\n"
    assert edited(text, "move", ("rm", "pool"), ("pool",)) == "x: 1\nrm:\n  ns: a\ny: 2\npool: 'gpu'\n"


def test_move_refuses_a_flow_target_and_a_multi_line_value() -> None:
    with pytest.raises(CannotFix):
        Document.parse("a: {b: 1}\nc: 2\n").move(("c",), ("a", "c"))
    with pytest.raises(CannotFix):
        Document.parse("a:\n  b: 1\nc:\n  - 2\n").move(("c",), ("a", "c"))


def test_line_endings_and_a_missing_final_newline_are_kept() -> None:
    text = "a: 1\r\nb:\r\n  c: 2\r\nd: 3"
    assert edited(text, "move", ("b", "c"), ("c",)) == "a: 1\r\nd: 3\r\nc: 2"
    assert edited(text, "rename_key", ("d",), "e") == "a: 1\r\nb:\r\n  c: 2\r\ne: 3"


def test_duplicates_are_every_copy_but_the_last() -> None:
    text = "a: 1\nb: 2\na: 3\n"
    doc = Document.parse(text)
    (path, entry), *_ = doc.duplicates()
    assert path == ("a",)
    assert apply(text, doc.remove_entry(entry)) == "b: 2\na: 3\n"


def test_aliased_nodes_are_not_editable() -> None:
    doc = Document.parse("a: &x {b: 1}\nc: *x\n")
    assert ("a", "b") in doc.entries
    assert ("c", "b") not in doc.entries
