"""Each guard of the fast reader (each ``raise Unsupported``) at its edge.

Every input here is one a reader without that guard would answer otherwise than the full parser,
or fail on: the test compares the two answers, so it fails when the guard goes
(``python -m tests.unit.yamlio.mutate_fast`` removes each in turn to check). Next to them, what
lies just inside each edge is read fast, and the same.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.unit.yamlio.fastcheck import fast_reads, outcome

#: Nesting a reader without a depth limit would read otherwise than the full parser (which
#: reports where it stops) or not at all (Python's recursion limit).
DEEP = "".join("  " * level + f"k{level}:\n" for level in range(250)) + "  " * 250 + "x: 1\n"

#: By guard (the condition in ``fast.py``): inputs the full parser answers otherwise than the
#: reader would without it.
GUARDS = {
    # compose: what the full parser reads otherwise or refuses, anywhere.
    "a control character": "# \x01\nk: v\n",  # an error, even in a comment
    "a carriage return": "k: 'a\rb'\n",  # a line break to the full parser
    "a tab outside double quotes": "k: [a\t#c, d]\n",  # a comment after a tab
    # _Reader: lines.
    "a document marker": "--- k: v\n",
    "blanks on an empty line of a literal block": "k: |\n  a\n  \nm: 1\n",  # 'a\n'
    "a literal block without content": "k: |\nm: 1\n",
    "a literal block's line less indented than its first": "k: |\n    a\n  b\n",
    "a single-quoted scalar never closed": "k: 'a\n  b\n",
    "a document marker in a single-quoted scalar": "k: 'a\n--- b'\n",
    "text after a single-quoted scalar over lines": "k: 'a\n  b' x\n",
    "a line left over: a top-level list": "- a\n",
    "a line left over: more indented than its mapping": "k:\n  a: 1\n    b: 2\n",
    "a line left over: between an entry and its compact mapping": "l:\n- a: 1\n b: 2\n",
    "a line left over: after the root": "k: v\n- a\n",
    "nesting beyond the depth limit": DEEP,
    # _split_key: block keys.
    "a quoted key without ': '": "'k'x y: 1\n",
    "a quoted key and a scalar after it": "'k'x\n",
    "a quoted key and ':' without a blank": '"k":v\n',
    "a line without ': '": "k v\n",
    "a merge key": "a:\n  <<: {x: 1}\n  y: 2\n",
    "a key past the length limit": "global:\n  " + "k" * 1025 + ": 1\n",
    # _inline: values on the key's line.
    "an indentation indicator": "k: |2\n   a\n",
    "text after a quoted scalar": "k: 'a' b\n",
    "a plain scalar with ': '": "k: a: b\n",
    "a plain scalar ending with ':'": "k: a:\n",
    # _flow and _flow_scalar: flow collections.
    "a flow key without ': '": "k: {a ,xb}\n",  # {a: null, xb: null}
    "a flow key past the length limit": "k: {" + "k" * 1025 + ": 1}\n",
    "a flow merge key": "k: {<<: x}\n",  # a merge of a scalar: an error
    "a flow entry not followed by ',' or its end": 'k: ["a"b]\n',
    "text after a flow collection": "k: [a] b\n",
    "an anchor and an alias in a flow collection": "k: [&a x, *a]\n",
    "a flow scalar starting with '?'": "k: [?b]\n",  # [{b: null}]
    "a flow scalar starting with '- '": "k: [- a]\n",
    "a comment in a flow collection": "k: [a #b, c]\n",
    # _check_plain: plain scalars.
    "an empty key": ": v\n",
    "an anchor": "k: &a x\n",
    "a block entry as a value": "k: - a\n",
    # _quote_end and _unescape: quoted scalars.
    "a double-quoted scalar over lines in a flow collection": 'k: ["a\n  b"]\n',
    "a single-quoted scalar over lines in a flow collection": "k: ['a,\n  b']\n",
    "a raw line break in double quotes": 'k: "a\x85b"\n',  # folded to 'a b'
    "too few hexadecimal digits": 'k: "\\x4"\n',
    "no hexadecimal digit": 'k: "\\x4g"\n',
    "an unknown escape": 'k: "\\q"\n',
}


@pytest.mark.parametrize("text", GUARDS.values(), ids=GUARDS.keys())
def test_each_guard_keeps_the_full_parsers_answer(text: str) -> None:
    assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


def test_an_escape_beyond_unicode_is_refused_not_failed_on() -> None:
    """The full parser fails on ``\\U00110000`` (ValueError from ``chr``); the reader must not
    fail first: it refuses, and the full parser's answer is the answer."""
    assert not fast_reads('k: "\\U00110000"\n')


#: Where a key may stand, ``{key}`` in each: the ``:`` of a key at most 1,024 characters from its
#: start is a key to the full parser, as to Helm's; one past, a syntax error.
PLACES = {
    "top level": "{key}: 1\n",
    "nested": "global:\n  {key}: 1\n",
    "list item": "l:\n- {key}: 1\n",
    "second key of a list item": "l:\n- a: 1\n  {key}: 1\n",
    "flow mapping": "f: {{a: 1, {key}: 1}}\n",
    "value below": "global:\n  {key}:\n    a: 1\n",
}
#: Keys by how they are written, of a length: the characters from the key's start to its end.
KEY_STYLES: dict[str, Callable[[int], str]] = {
    "plain": lambda n: "k" * n,
    "single-quoted": lambda n: "'" + "k" * (n - 2) + "'",
    "double-quoted": lambda n: '"' + "k" * (n - 2) + '"',
    "multi-byte": lambda n: '"' + "é" * (n - 2) + '"',  # characters count, not bytes
    "beyond the BMP": lambda n: '"' + "\U0001f600" * (n - 2) + '"',
    "escaped": lambda n: '"' + "\\t" * ((n - 2) // 2) + "k" * (n % 2) + '"',  # as written
}


@pytest.mark.parametrize("style", KEY_STYLES.values(), ids=KEY_STYLES.keys())
@pytest.mark.parametrize("place", PLACES.values(), ids=PLACES.keys())
def test_a_key_at_the_length_limit_is_read_fast_and_one_past_is_refused(
    place: str, style: Callable[[int], str]
) -> None:
    at_limit, past = place.format(key=style(1024)), place.format(key=style(1025))
    assert fast_reads(at_limit)
    assert outcome(at_limit, use_fast=True) == outcome(at_limit, use_fast=False)
    assert outcome(at_limit, use_fast=False)[0] != "error"
    assert not fast_reads(past)
    assert outcome(past, use_fast=False)[0] == "error"


def test_blanks_before_the_colon_count_towards_the_length_limit() -> None:
    at_limit, past = "k" * 1022 + "  : 1\n", "k" * 1023 + "  : 1\n"
    assert fast_reads(at_limit)
    assert outcome(at_limit, use_fast=True) == outcome(at_limit, use_fast=False)
    assert not fast_reads(past)
    assert outcome(past, use_fast=False)[0] == "error"


def test_a_multi_byte_plain_key_is_left_to_the_full_parser_which_counts_characters() -> None:
    """Characters beyond ASCII outside double quotes are the full parser's at any length."""
    for length, error in ((1, False), (1024, False), (1025, True)):
        text = "global:\n  " + "é" * length + ": 1\n"
        assert not fast_reads(text)
        assert (outcome(text, use_fast=False)[0] == "error") is error


#: Just inside each edge: what the full parser reads as the reader does.
READ_FAST = {
    "a comment right after a quote": "k: 'a'#c\nm: \"b\"#c\nl:\n- 'c'# c\n",
    "a comment right after a single-quoted scalar over lines": "k: 'a\n  b'#c\n",
    "an indented root": "  k: v\n  m:\n  - a\n",
    "only comments": "# a\n  # b\n",
    "a literal block at the end, without a line break": "k: |\n  a",
    "a stripped one": "k: |-\n  a",
    "a kept one": "k: |+\n  a",
    "a kept one with empty lines after it": "k: |+\n  a\n\n\n",
    "a clipped one with empty lines after it": "k: |\n  a\n\n",
    "a literal block in a list at the end": "l:\n- |\n  a\n  b",
    "a nested literal block at the end": "a:\n  b: |-\n    x\n\n    y\n",
    "a literal block and a comment less indented": "k: |\n  a\n# c\nm: 1\n",
    "a line of blanks after the last": "k: v\n  ",
    "nesting at the depth limit": "".join(" " * level + f"k{level}:\n" for level in range(99))
    + " " * 99
    + "x: 1",
    "a surrogate escape": 'k: "\\ud800"\n',  # the same builder error both ways
    "a key with ':' in it": "a:b: c\nl:\n- {a:b: c}\n",
    "'- ' inside a plain scalar": "k: a - b\n",
}


@pytest.mark.parametrize("text", READ_FAST.values(), ids=READ_FAST.keys())
def test_what_lies_inside_each_edge_is_read_fast_and_the_same(text: str) -> None:
    assert fast_reads(text)
    assert outcome(text, use_fast=True) == outcome(text, use_fast=False)
