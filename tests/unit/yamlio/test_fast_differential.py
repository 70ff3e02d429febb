"""The fast reader against the full parser, on generated values files the fast reader mostly reads.

A document is compared only when the fast reader accepts it, so these are what values files are
(nested maps and lists, plain, quoted and escaped scalars, literal blocks, one-line flow
collections, comments), and now and then each guard's edge: a key at the length limit and one
past, a merge key, a literal block at the end of the file with or without its line break, an
escape out of range, a comment right after a quote. The test asserts that most are read fast,
so that most are compared. ``make test`` runs a derandomised slice; locally,
``CHARTGEN_FAST_EXAMPLES=20000 pytest -s tests/unit/yamlio/test_fast_differential.py`` runs that
many fresh examples and prints the share read fast.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.unit.yamlio.fastcheck import fast_reads, outcome

#: A fresh run of this many examples, when asked for; else ``make test``'s derandomised slice.
FRESH = int(os.environ.get("CHARTGEN_FAST_EXAMPLES", "0"))
#: What share of the documents the fast reader must read (and so compare) at the least.
ACCEPTED = 0.7

#: Keys the fast reader reads.
KEYS = ["a", "b", "c", "name", "image", "tag", "x y", "true", "1", "0x1F", "k-2", "a.b", "a/b", "a:b", "k#",
        "-k", "?k", ":k", "k'", 'k"', "~", "null", "on", "k]", "k}", "k,", "'s'", "'it''s'", "'a: b'",
        '"q"', '"a\\tb"', '"\\u00e9"', '"é\\""', "'#'", '"\t"']  # fmt: skip
#: Keys it leaves to the full parser (now and then one the full parser refuses too).
OTHER_KEYS = ['"a #b"', '"\\u00e"', "<<", "&a k", "*a", "!t k", "? k", "[k]", "{k}", "é", "k\tk", "'k", "'x' ",
              "'k'x", "- k"]  # fmt: skip
#: Plain scalars it reads (``a #c``: a comment follows the scalar).
PLAIN = ["v", "1", "-1", "+1", "1.5", "1e3", ".5", "1_000", "0x1F", "0o17", "0b101", "true", "False", "yes",
         "no", "on", "~", "null", "Null", "a b", "a#b", "a:b", "http://h:80/p", "8Gi", "500m", "-x",
         "--flag=1", "a'b", 'a"b', "a ?b", "x-y_z.w", "a,b", "a]b", "a{b}", "a|b", "a>b", "a*b", "a&b",
         "a!b", "a%b", "a@b", "a\\nb", "2024-01-01", "=", "<<", ".inf", ".nan", "12:30", "1:2:3", "a #c"]  # fmt: skip
#: Plain scalars (and what looks like one) it leaves to the full parser.
OTHER_PLAIN = ["a: b", "a:", "&x a", "*x", "!t x", "!!str 1", "@x", "`x`", "%x", "- a", "? a", ": a", "-", "?",
               "a\tb", "a\t#c", "\tv", "é", "a\u2028b", "a\x85b", ">", ">-", "|2", "|-1", "[a", "{a", "[a]b",
               "'a'b", '"a"b', "'a'  b", "a\x7fb", "a\rb", "a\x01"]  # fmt: skip
#: Lines among a mapping's entries that are none, or none the fast reader reads.
OTHER_LINES = ["k v", "'k'x", '"k":v', "'k' x: v", ": v", "--- k: v", "---", "... x", "%x", "- a", "k: 'open",
               "# \x01", "k:\tv", "  deeper: 1", "[k]: v", "k: [a,", "? k"]  # fmt: skip
#: Text inside single quotes.
SINGLE = ["a", " ", "''", "#", " #c", ": ", "- ", "\\", '"', "[", "]", "{", ",", "!", "&", "*"]
#: Text inside double quotes: plain text, escapes, raw tabs and characters beyond ASCII.
DOUBLE = ["a", " ", "#", " #c", ": ", "'", "\\\\", '\\"', "\\n", "\\t", "\\\t", "\\0", "\\a", "\\b",
          "\\v", "\\f", "\\r", "\\e", "\\ ", "\\/", "\\N", "\\_", "\\L", "\\P", "\\x41", "\\x7f",
          "\\xe9", "\\u00E9", "\\ud7ff", "\\ue000", "\\ufeff", "\\uFFFD", "\\U0001F600", "\\U0010ffff",
          "\\U00000000", "\\ud800", "\\uDFFF", "é", "\U0001f600", "\xa0", "\t", "\ufffd"]  # fmt: skip
#: Double-quoted text it leaves to the full parser.
OTHER_DOUBLE = ["\\q", "\\'", "\\x4", "\\x4g", "\\u+123", "\\U00110000", "\x85", "\u2028", "\ufeff",
                "\x7f", "\\\n  ", "\n  "]  # fmt: skip
#: What may follow a value on its line; after a quote or a bracket a comment needs no blank.
AFTER = ["", "", "", "", " # c", "  #c", "  "]
AFTER_QUOTE = [*AFTER, "#c", "# c"]
OTHER_AFTER = [" x", "x", "\t# c", ": v", " ]"]
#: Flow collections it leaves to the full parser, and keys about its length limit.
OTHER_FLOWS = ["[[a]]", "[a: b]", "{a}", "{a ,xb}", "{<<: a}", "[a\t#c]", "[a\u2028b]", '{"a"xb}', '{"a":b c}',
               "[&x a, *x]", "[a,\n  b]", "{<<: {a: 1}}", "[?a]", "[-]", "[- a]", "{a: [b]}", "[a #c]", "[a] b", "{:a: b}",
               '{"a":b}', "[,]", "[a, b]]", "['a,\n  b']", '["a\n  b"]', "{" + "k" * 1025 + ": 1}",
               "{" + "k" * 1024 + ": 1}", "{'" + "k" * 1023 + "': 1}", "{'" + "k" * 1022 + "': 1}"]  # fmt: skip
#: Literal block headers it leaves to the full parser (``|x``: a syntax error).
OTHER_HEADERS = [">", ">-", "|2", "|1-", "|+2", "|x", "| x"]
#: Lines a literal block may hold that it leaves (below their making, by name).
OTHER_BODY = ["less indented", "blanks", "more blanks", "tab", "comment"]
#: Lines of a document that are no entry, or none it reads.
OTHER_LINES = ["k v", "'k'x", '"k":v', "'k' x: v", ": v", "--- k: v", "---", "... x", "%x", "- a", "k: 'open",
               "# \x01", "k:\tv", "  deeper: 1", "[k]: v", "k: [a,", "? k"]  # fmt: skip
#: List items it leaves to the full parser.
OTHER_ITEMS = ["- - a", "- ? a", "-a", "- a: b: c", "- [a]: b"]
#: How a single-quoted scalar over lines may end that it leaves (``--- '`` goes at column 0).
OTHER_CLOSES = ["end' x", "end''", "'': 1", "--- '"]
#: Columns, right of its owner's, of a single-quoted scalar's next line that it leaves.
OTHER_COLUMNS = ["1", "0"]
#: How the file may end that it leaves after a literal block (blanks on its last line, a comment
#: less indented than its lines) or reads, as the full parser does; or in a quote never closed.
OTHER_ENDS = ["\n  # end", "  ", "\n  \n", "\n \n", "\nopen: 'x\n"]
#: Edges it reads: a document of another shape, odd indentation and blanks, no literal content.
SHAPES = ["indented", "list", "deep", "deeper", "merge", "comments"]
STEPS = ["1", "3"]
GAPS = ["   "]
SPACES = ["  "]
BLANKS = ["  "]
NO_CONTENT = ["none"]
LONG = ["long"]

#: Every edge, by the list it is drawn from: an edgy document holds one of them.
EDGE_LISTS = (OTHER_KEYS, OTHER_PLAIN, OTHER_DOUBLE, OTHER_AFTER, OTHER_FLOWS, OTHER_HEADERS, OTHER_BODY,
              OTHER_LINES, OTHER_ITEMS, OTHER_CLOSES, OTHER_COLUMNS, OTHER_ENDS, SHAPES, STEPS, GAPS, SPACES,
              BLANKS, NO_CONTENT, LONG)  # fmt: skip
EDGES = [(number, edge) for number, edges in enumerate(EDGE_LISTS) for edge in edges]
#: One document in this many holds an edge.
EDGY = 4


def _rare(draw: st.DrawFn, usual: list[str], other: list[str]) -> str:
    """One of ``usual``; but where an edgy document's one edge is drawn from ``other``, that edge.
    Each edge is as likely as any other, and a document holds one at most: most documents are
    read fast, and one refused is refused for its edge alone, which a reader without the guard
    for it would read (and the comparison judge)."""
    chosen = draw(EDGE)
    if chosen and EDGE_LISTS[EDGES[chosen[0]][0]] is other:
        return EDGES[chosen.pop()][1]
    return draw(st.sampled_from(usual))


#: The edge a document holds, if any (an index of ``EDGES``): set by ``documents``, read by ``_rare``.
EDGE = st.shared(st.builds(list), key="edge")


@st.composite
def long_keys(draw: st.DrawFn) -> str:
    """A key whose ``:`` is 1,000 to 1,026 characters from its start: the full parser takes one
    of up to 1,024, as Helm does, and errs past it."""
    length = draw(st.sampled_from([1000, 1023, 1024, 1024, 1025, 1026]))
    style = draw(st.sampled_from(["plain", "single", "double", "wide"]))
    if style == "plain":
        return "k" * length
    quote = "'" if style == "single" else '"'
    return quote + ("é" if style == "wide" else "k") * (length - 2) + quote  # é: one character


@st.composite
def keys(draw: st.DrawFn) -> str:
    if _rare(draw, [""], LONG):
        return draw(long_keys())
    return _rare(draw, KEYS, OTHER_KEYS)


@st.composite
def single_quoted(draw: st.DrawFn) -> str:
    return "'" + "".join(draw(st.lists(st.sampled_from(SINGLE), max_size=4))) + "'"


@st.composite
def double_quoted(draw: st.DrawFn) -> str:
    return '"' + "".join(_rare(draw, DOUBLE, OTHER_DOUBLE) for _ in range(draw(st.integers(0, 4)))) + '"'


@st.composite
def scalars(draw: st.DrawFn) -> str:
    """A one-line scalar as a value: plain, single- or double-quoted, with what follows it."""
    style = draw(st.sampled_from(["plain", "plain", "single", "double", "double"]))
    if style == "plain":
        return _rare(draw, PLAIN, OTHER_PLAIN) + draw(st.sampled_from(AFTER))
    quoted = draw(single_quoted() if style == "single" else double_quoted())
    return quoted + _rare(draw, AFTER_QUOTE, OTHER_AFTER)


@st.composite
def flows(draw: st.DrawFn) -> str:
    """A one-line flow collection of one-line scalars."""
    other = _rare(draw, [""], OTHER_FLOWS)
    if other:
        return other
    is_map = draw(st.booleans())
    entries = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["plain", "plain", "single", "double"]))
        if kind == "plain":
            item = draw(
                st.sampled_from(["a", "b c", "1", "-1", "yes", "~", "a:b", "a#b", "http://h:80/p", "x  "])
            )
        else:
            item = draw(single_quoted() if kind == "single" else double_quoted())
        if is_map:
            key = draw(st.sampled_from(["a", "b", "a b", "1", "true", "'s'", '"q"', "a:b", "k#"]))
            item = f"{key}{draw(st.sampled_from([': ', ' : ', ':  ']))}{item}"
        entries.append(item)
    pad = draw(st.sampled_from(["", "", " "]))
    comma = draw(st.sampled_from([", ", ",", " , "]))
    trailing = draw(st.sampled_from(["", "", ",", ", "] if entries else [""]))
    opening, closing = ("{", "}") if is_map else ("[", "]")
    return (
        f"{opening}{pad}{comma.join(entries)}{trailing}{pad}{closing}{_rare(draw, AFTER_QUOTE, OTHER_AFTER)}"
    )


#: Lines of a literal block: text that means something elsewhere, empty lines.
BODY = ["text", "a: b", "# not a comment", "- x", "'q", '"d\\n', "x  ", "", "", "{a", "|", "key: |", "--- x"]


@st.composite
def literal_block(draw: st.DrawFn, head: str, owner: int) -> list[str]:
    """``head`` and a literal block scalar (``|``, ``|-``, ``|+``) with its lines more indented
    than ``owner``; now and then a header the fast reader leaves, no content, a line less
    indented than the first, or one of blanks only."""
    header = _rare(draw, ["|", "|-", "|+", "| # c", "|-  #c", "|+ "], OTHER_HEADERS)
    inner = owner + draw(st.sampled_from([2, 2, 4, 1]))
    lines = [f"{head}{header}"]
    if not _rare(draw, [""], NO_CONTENT):
        lines.append(" " * inner + draw(st.sampled_from(BODY[:6])))
    for _ in range(draw(st.integers(0, 3))):
        body = draw(st.sampled_from([*BODY, "  deeper"]))
        lines.append(" " * inner + body if body else "")
        other = {
            "less indented": " " * (inner - 1) + "x",
            "blanks": " " * inner,
            "more blanks": " " * (inner + 1),
            "tab": "\tx",
            "comment": "# c",
        }.get(_rare(draw, [""], OTHER_BODY))
        if other is not None:
            lines.append(other)
    return lines


@st.composite
def quoted_lines(draw: st.DrawFn, head: str, owner: int) -> list[str]:
    """``head`` and a single-quoted scalar over several lines, folded by the full parser."""
    lines = [f"{head}'{draw(st.sampled_from(['x', '', 'a #b', 'it' + chr(39) * 2 + 's', 'x  ', 'a: b']))}"]
    for _ in range(draw(st.integers(0, 3))):
        body = draw(st.sampled_from(["text", "", "", "  ", "it''s", "# no comment", "a: b", "- x", "x  "]))
        lines.append(" " * (owner + int(_rare(draw, ["2", "2", "4"], OTHER_COLUMNS))) + body if body else "")
    close = _rare(draw, ["end'", "end'  # c", "'", "end  '", "end'#c"], OTHER_CLOSES)
    column = 0 if close.startswith("---") else owner + int(_rare(draw, ["2", "4"], OTHER_COLUMNS))
    lines.append(" " * column + close)
    return lines


@st.composite
def mappings(draw: st.DrawFn, indent: int, depth: int, *, compact: bool = False) -> list[str]:
    """A block mapping at ``indent``, with comments and empty lines between its entries (not
    before the first of a ``compact`` one: it goes on an entry's line)."""
    lines = []
    for index in range(draw(st.integers(1, 4))):
        if (index or not compact) and draw(st.integers(1, 6)) == 1:
            lines.append(" " * draw(st.sampled_from([0, indent, indent + 2, indent + 7])) + "# a comment")
        if (index or not compact) and draw(st.integers(1, 8)) == 1:
            lines.append(_rare(draw, [""], BLANKS))
        other = _rare(draw, [""], OTHER_LINES) if index else ""
        if other:
            lines.append(" " * indent + other)
        lines.extend(draw(values(f"{' ' * indent}{draw(keys())}:", indent, depth)))
    return lines


@st.composite
def values(draw: st.DrawFn, head: str, owner: int, depth: int) -> list[str]:
    """``head`` (``key:`` or ``-``) and its value, inline or on the lines below, which must be
    right of column ``owner`` (a list under a key may sit at it)."""
    kinds = ["scalar", "scalar", "scalar", "flow", "empty", "literal", "quoted"]
    if depth < 4:
        kinds += ["map", "map", "list", "list"]
    kind = draw(st.sampled_from(kinds))
    gap = _rare(draw, [" ", " ", "  "], GAPS)
    if kind == "scalar":
        return [f"{head}{gap}{draw(scalars())}"]
    if kind == "flow":
        return [f"{head}{gap}{draw(flows())}"]
    if kind == "empty":
        return [head + draw(st.sampled_from(["", "", " # c", "  "]))]
    if kind == "literal":
        return draw(literal_block(f"{head}{gap}", owner))
    if kind == "quoted":
        if head.lstrip(" ")[:1] in ("'", '"'):  # a quoted key's value is read on its line only
            return [f"{head}{gap}{draw(scalars())}"]
        return draw(quoted_lines(f"{head}{gap}", owner))
    below = [head + draw(st.sampled_from(["", "", "  # c", " "]))]
    if kind == "map":
        return below + draw(mappings(owner + int(_rare(draw, ["2", "2", "4"], STEPS)), depth + 1))
    at = owner + draw(st.sampled_from([0, 0, 2, 4] if head.endswith(":") else [2, 4]))
    return below + draw(sequences(at, depth + 1))


@st.composite
def sequences(draw: st.DrawFn, indent: int, depth: int) -> list[str]:
    """A block list at ``indent``: scalars, compact mappings, nested blocks, empty items."""
    lines = []
    pad = " " * indent
    for _ in range(draw(st.integers(1, 3))):
        shape = _rare(draw, ["value", "value", "compact", "compact"], OTHER_ITEMS)
        if shape == "compact":  # the first key on the entry's line, the rest below it
            space = _rare(draw, [" ", " ", "   "], SPACES)
            column = indent + 1 + len(space)
            inner = draw(mappings(column, depth + 1, compact=True))
            lines.append(f"{pad}-{space}{inner[0][column:]}")
            lines.extend(inner[1:])
        elif shape == "value":
            lines.extend(draw(values(f"{pad}-", indent, depth)))
        else:
            lines.append(pad + shape)
    return lines


@st.composite
def documents(draw: st.DrawFn, edge: int | None = None) -> str:
    """A values file: a block mapping (now and then indented, a list, nested a hundred deep, with
    a merge key, or only comments), often ending on a literal block, ending on anything; one in
    ``EDGY`` holds an edge (``edge``, when given, if the document gets as far as its place)."""
    if edge is None:
        edge = draw(st.integers(0, 2**32 - 1)) % (EDGY * len(EDGES))  # nearer uniform than a narrow one
    if edge < len(EDGES):
        draw(EDGE).append(edge)
    shape = _rare(draw, ["map"], SHAPES)
    if shape in ("deep", "deeper"):  # the fast reader reads up to 100 levels; the full parser stops at 200
        depth = draw(st.sampled_from([99, 100, 101] if shape == "deep" else [199, 250]))
        lines = [" " * level + f"k{level}:" for level in range(depth)]
        lines.append(" " * len(lines) + draw(st.sampled_from(["x: 1", "- 1"])))
    elif shape == "list":
        lines = draw(sequences(0, 0))
    elif shape == "comments":
        lines = ["# only a comment", "  # and another"]
    else:
        lines = draw(mappings(0, 0))
        if shape == "merge":
            merge = draw(st.sampled_from(["<<: {x: 2}", "top:\n  <<: {y: 2}", "'<<': 1"]))
            lines += ["base:", "  x: 1", merge]
        if draw(st.integers(1, 3)) == 1:  # the file ends on a literal block
            head, owner = draw(st.sampled_from([("last: ", 0), ("deep:\n  last: ", 2), ("list:\n- ", 0)]))
            lines.extend(draw(literal_block(head, owner)))
        if shape == "indented":
            lines = [" " * draw(st.sampled_from([1, 2])) + line if line else line for line in lines]
    end = _rare(draw, ["\n", "\n", "", "\n\n", "\n\n\n", "\n# end\n"], OTHER_ENDS)
    return "\n".join(lines) + end


def test_generated_values_files_are_mostly_read_fast_and_the_same() -> None:
    read: list[bool] = []

    @settings(
        max_examples=FRESH or 300,
        derandomize=not FRESH,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(documents())
    def compare(text: str) -> None:
        read.append(fast_reads(text))
        if read[-1]:
            assert outcome(text, use_fast=True) == outcome(text, use_fast=False)

    compare()
    print(f"\n{len(read)} documents, {sum(read)} ({sum(read) / len(read):.1%}) read fast and compared")
    assert sum(read) >= ACCEPTED * len(read)


@pytest.mark.parametrize("edge", range(len(EDGES)), ids=[repr(edge)[:40] for _, edge in EDGES])
@settings(
    max_examples=3, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
@given(data=st.data())
def test_every_edge_in_a_document_is_read_as_the_full_parser_reads_it_or_refused(
    edge: int, data: st.DataObject
) -> None:
    """Each edge in a few documents that reach its place: those the fast reader refuses are
    compared when a guard is dropped (``mutate_fast``)."""
    text = data.draw(documents(edge))
    assume(not data.draw(EDGE))  # the edge was drawn
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)
