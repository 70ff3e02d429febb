"""The fast reader gives the full parser's answer, or none: same values, positions, words, errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.yamlio import emit
from tests.unit.yamlio.fastcheck import fast_reads, outcome

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted(
    p
    for folder in ("tests/conformance/corpus/cases", "tests/data/real-world", "golden", "examples")
    for p in (ROOT / folder).rglob("*.yaml")
    if p.name != "rendered.yaml" and p.name != "expected.yaml"
)


def test_most_values_files_are_read_fast() -> None:
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in FILES]
    assert sum(map(fast_reads, texts)) >= 0.8 * len(texts)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_values_file_reads_the_same_both_ways(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


KEYS = [
    "a",
    "b",
    "key",
    "db",
    "x y",
    "true",
    "1",
    "~",
    "<<",
    "a:b",
    '"q"',
    "'s'",
    "'it''s'",
    "k#",
    "-k",
    "?k",
]
VALUES = [
    "", "v", "1", "1e3", "0x10", "yes", "n", "~", "null", "a b", "a #c", "a#b", "# c", "[]", "{}", "[a]",
    '"x"', "'y'", "'a''b'", '"a #b"', "'c' # d", '"unclosed', "'o", "a: b", "a:", "-", "- x", "-1", ":x",
    "&a x", "*a", "!t x", "|", ">", "@x", "`x`", "%x", "x  ", "'x'y", "8Gi", "500m", "é", "[a, 'b']",
    "{a: b}", "[a] # c", "[a,", "{a: [b]}", "[&x a]", "{\"a: 'b\": c}", "['a: b', \"c\"]",
]  # fmt: skip


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        indent = " " * draw(st.sampled_from([0, 0, 2, 2, 4, 1, 3, 6]))
        kind = draw(
            st.sampled_from(["pair", "pair", "pair", "entry", "entry-pair", "comment", "blank", "raw"])
        )
        key, value = draw(st.sampled_from(KEYS)), draw(st.sampled_from(VALUES))
        gap = draw(st.sampled_from([" ", " ", "  ", ""]))
        if kind == "pair":
            lines.append(
                f"{indent}{key}:{gap}{value}".rstrip() if not value else f"{indent}{key}:{gap}{value}"
            )
        elif kind == "entry":
            lines.append(f"{indent}-{gap}{value}")
        elif kind == "entry-pair":
            lines.append(f"{indent}- {key}: {value}")
        elif kind == "comment":
            lines.append(f"{indent}# note")
        elif kind == "blank":
            lines.append(indent)
        else:
            lines.append(
                draw(
                    st.sampled_from(
                        ["---", "...", "- - a", "? a", "a: |", "  text", "\tb: 1", "a: 'x", "  y'", "- 'p", "'",
                         "  z'' # c", "  q' # c", "k: ''x", "    ", "- k: 'v"]
                    )
                )
            )  # fmt: skip
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n", "  "]))


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_yaml_reads_the_same_both_ways(text: str) -> None:
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


SAFE_KEYS = ["a", "b", "db", "name", "x y", "true", "1", "k-2", '"q k"', "'s'", "key_3"]


# Flow collections: ``verbs: [get, list]``, ``emptyDir: {}``, ``{a: b}``. The reader takes one-line
# ones of one-line scalars (the first lists); the second lists are everything it must leave to the
# full parser: nesting, anchors, tags, ``?``, ``-``, ``:`` and ``#`` where they mean something,
# quotes that go on below, empty entries.
FLOW_SCALARS = [
    "a", "b c", "1", "-1", "0x10", "yes", "~", "null", "--x=1", "pods/log", "a:b", "a#b", "a ?b", "a'b",
    "x  ", "http://h:80/p", "512MB", '""', '"q"', '"a, b"', '"a #b"', '"[x]"', "'s'", "'it''s'", "'a: b'",
]  # fmt: skip
FLOW_OTHERS = [
    "<<", "a: b", "a:", "a :b", ":x", "?x", "? x", "- x", "-", "-x", "&a x", "*a", "!t x", "[x]", "[]",
    "{}", "{a: b}", "#c", "a #c", "", "|", ">", "%x", "@x", "'open", '"open', '"q"x', "'s' x", "a]", "é",
]  # fmt: skip
FLOW_KEYS = ["a", "b", "a b", "1", "true", '"q"', "'s'", "a:b", "k#", "-k"]
FLOW_OTHER_KEYS = ["<<", ":k", "?k", "", "[k]", "&a k", "a: b", "'open"]


def _sometimes(draw: st.DrawFn, usual: list[str], other: list[str]) -> str:
    return draw(st.sampled_from(other if draw(st.integers(0, 11)) == 0 else usual))


@st.composite
def flow_collections(draw: st.DrawFn, indent: int) -> str:
    """A flow collection as a value written on one line, or now and then broken over two."""
    is_map = draw(st.booleans())
    entries = []
    for _ in range(draw(st.integers(0, 4))):
        value = _sometimes(draw, FLOW_SCALARS, FLOW_OTHERS)
        if is_map:
            colon = _sometimes(draw, [": ", " : ", ":  "], [":", ": ,"])
            entries.append(f"{_sometimes(draw, FLOW_KEYS, FLOW_OTHER_KEYS)}{colon}{value}")
        else:
            entries.append(value)
    comma = _sometimes(draw, [", ", ",", " , ", ",  "], [" ", ", ,"])
    pad = draw(st.sampled_from(["", "", " "]))
    trailing = draw(st.sampled_from(["", "", "", ",", ", "]))
    after = _sometimes(draw, ["", "", " # c", "#c", "  "], [" x", ": v", ",", "]", "}", " [a]"])
    opening, closing = ("{", "}") if is_map else ("[", "]")
    text = f"{opening}{pad}{comma.join(entries)}{trailing}{pad}{closing}{after}"
    if draw(st.integers(0, 11)) == 0 and ", " in text:  # over two lines, the second indented or not
        text = text.replace(", ", ",\n" + " " * (indent + draw(st.sampled_from([0, 2, 4]))), 1)
    return text


@st.composite
def flow_documents(draw: st.DrawFn) -> str:
    """Block mappings and lists whose values are flow collections, among plain ones."""
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        key = draw(st.sampled_from(SAFE_KEYS))
        kind = draw(st.sampled_from(["pair", "pair", "list", "compact", "scalar", "nested"]))
        if kind == "pair":
            lines.append(f"{key}: {draw(flow_collections(0))}")
        elif kind == "scalar":
            lines.append(f"{key}: {draw(st.sampled_from(VALUES))}".rstrip())
        elif kind == "nested":
            lines.extend([f"{key}:", f"  inner: {draw(flow_collections(2))}"])
        else:
            lines.append(f"{key}:")
            at = " " * draw(st.sampled_from([0, 2]))
            for _ in range(draw(st.integers(1, 3))):
                if kind == "list":
                    lines.append(f"{at}- {draw(flow_collections(len(at)))}")
                else:
                    lines.append(f"{at}- name: {draw(st.sampled_from(SAFE_KEYS))}")
                    lines.append(f"{at}  args: {draw(flow_collections(len(at) + 2))}")
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(flow_documents())
def test_generated_flow_collections_read_the_same_both_ways(text: str) -> None:
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


#: What the reader must take: the flow style chartgen's own manifests and values files use.
FLOW_READ_FAST = [
    "verbs: [create, get, list, delete]\n",
    'rules:\n- apiGroups: [""]\n  resources: [pods, pods/status, pods/log]\n  verbs: [get, list]\n',
    "args: [--max_connections=96, --shared_buffers=512MB]\n",
    "emptyDir: {}\nitems: []\nspace: [ ]\nmore: { }  # none\n",
    "k: {a: 1, 'b': \"c\", d: e f, g : h}  # c\n",
    "k:\n- {a: b}\n- [a, 'b''c', \"d, e\"]\n- []\n- {}\n",
    "k: [a, b,]\nm: {a: b, }\n",
    "k: [a]#c\n",
    "k: [a:b, a#b, a ?b, a'b, http://h:80/p, 1, 0x10, yes, ~]\n",
    "k: {a: 1, a: 2}\n",  # the duplicate key: the same finding both ways
]


@pytest.mark.parametrize("text", FLOW_READ_FAST)
def test_flow_collections_are_read_fast(text: str) -> None:
    assert fast_reads(text)
    assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


#: One input for each guard of the flow reader (and the key-length guard): each is read
#: differently by the full parser than a reader without that guard would read it.
FLOW_REFUSED = {
    "anchor and alias": "k: [&a x, *a]\n",  # both 'x' to the full parser
    "tag": "k: {a: !!str 1}\n",
    "? starts a key": "k: [?b]\n",  # [{b: null}]
    ": starts a key": "k: {:a: b}\n",  # a syntax error
    "- starts a block entry": "k: [- a]\n",  # a syntax error
    ": ends a plain scalar": "k: [a: b]\n",  # [{a: b}]
    "# starts a comment": "k: [a #b, c]\n",  # the rest of the line is a comment
    "an entry ends at , or the end": 'k: ["a"b]\n',  # a syntax error
    "a flow mapping's key ends at ': '": 'k: {"a":bc}\n',  # {a: bc}
    "a flow mapping's key is at most 1024 characters": "k: {" + "k" * 1100 + ": v}\n",
    "a merge key": "k: {<<: x}\n",  # merges a scalar: an error
    "nothing but a comment after the collection": "k: [a] b\n",  # a syntax error
    "a flow collection as a key": "k:\n- [a]: b\n",  # a syntax error
    "a collection that goes on below": "k: [a,\n  b]\n",
    "a quoted scalar that goes on below": "k: ['a,\n  b']\n",
    "a single quote in a flow collection opens no scalar over lines": "k:\n- {\"a: 'b\": c}\n   x'\n",
    "a block key is at most 1024 characters": "k" * 1100 + ": v\n",  # a syntax error
}


@pytest.mark.parametrize("text", FLOW_REFUSED.values(), ids=FLOW_REFUSED.keys())
def test_flow_the_reader_is_not_sure_of_is_refused(text: str) -> None:
    assert not fast_reads(text)


def test_rendered_manifests_are_read_fast_and_the_same() -> None:
    """``lint`` reads every manifest it renders back (the API server rules): with the full
    parser, a lint takes twice the time."""
    documents = {
        document
        for path in (ROOT / "golden").glob("*/rendered.yaml")
        for document in path.read_text(encoding="utf-8").split("\n---\n")
    }
    flow = [d for d in documents if re.search(r"(:|^ *-) [\[{]", d, re.MULTILINE)]
    # Escapes in double quotes (``startup_hook: "set -e\\n..."``), backslashes in single quotes.
    escaped = [d for d in documents if "\\" in d]
    assert flow and escaped
    for document in documents:
        if fast_reads(document):
            assert outcome(document, use_fast=True) == outcome(document, use_fast=False)
        else:
            assert document not in flow and document not in escaped


# Double-quoted scalars with escapes: what chartgen's emitter writes for text with line breaks, tabs,
# quotes and backslashes. The reader takes YAML 1.2's escapes on one line; the rest is refused.
ESCAPES = ["\\0", "\\a", "\\b", "\\t", "\\\t", "\\n", "\\v", "\\f", "\\r", "\\e", "\\ ", '\\"', "\\/", "\\\\",
           "\\N", "\\_", "\\L", "\\P"]  # fmt: skip
#: Code points worth writing as ``\x``, ``\u`` or ``\U``: controls, line breaks, the byte order
#: mark, the edges of the surrogates and of Unicode (and, second, surrogates, which the builder
#: refuses both ways, and what is beyond Unicode, which the reader refuses).
CODE_POINTS = [0, 9, 0x0A, 0x1F, 0x22, 0x41, 0x5C, 0x7F, 0x85, 0xA0, 0xE9, 0xFF, 0x2028, 0xD7FF, 0xE000,
               0xFEFF, 0xFFFF, 0x1F600, 0x10FFFF]  # fmt: skip
OTHER_CODE_POINTS = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0xFFFFFFFF]
#: What may not follow a backslash, or not so: unknown escapes, and hexadecimal digits gone wrong.
BAD_ESCAPES = ["\\q", "\\'", "\\x", "\\x4", "\\x4g", "\\x+1", "\\x 1", "\\x_1", "\\u12", "\\u 123", "\\u-123",
               "\\U0001F60", "\\xé1", "\\#", "\\"]  # fmt: skip
#: Text between escapes: what has a meaning elsewhere, tabs, characters beyond ASCII.
DQ_TEXT = ["a", "b c", " ", "  ", "'", "''", "#", " #c", ": ", ":", ",", "[", "]", "{", "}", "- ", "é",
           "\U0001f600", "\xa0", "\t", "&a", "*a", "!t", "|", ">", "%", "@"]  # fmt: skip
#: Characters the full parser reads otherwise (line breaks) or that the reader leaves to it.
DQ_OTHERS = ["\x85", "\u2028", "\u2029", "\ufeff", "\x7f", "\x01", "\r", '"', "\\\n  ", "\n  ", "\n", "\\\n"]


@st.composite
def double_quoted(draw: st.DrawFn) -> str:
    """A double-quoted scalar with escapes of every kind: most are well-formed, one in four may
    not be (an unknown or malformed escape, a line break, a surrogate)."""
    valid = draw(st.integers(0, 3)) > 0
    parts = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(
            st.sampled_from(["text", "escape", "escape", "code", *([] if valid else ["bad", "other"])])
        )
        if kind == "text":
            parts.append(draw(st.sampled_from(DQ_TEXT)))
        elif kind == "escape":
            parts.append(draw(st.sampled_from(ESCAPES)))
        elif kind == "code":
            letter = draw(st.sampled_from(["x", "u", "U"]))
            width = {"x": 2, "u": 4, "U": 8}[letter]
            point = _sometimes(draw, CODE_POINTS, CODE_POINTS if valid else OTHER_CODE_POINTS) % 16**width
            digits = f"{point:0{width}x}"
            parts.append(f"\\{letter}{digits.upper() if draw(st.booleans()) else digits}")
        elif kind == "bad":
            parts.append(draw(st.sampled_from(BAD_ESCAPES)))
        else:
            parts.append(draw(st.sampled_from(DQ_OTHERS)))
    return '"' + "".join(parts) + '"'


@st.composite
def double_quoted_documents(draw: st.DrawFn) -> str:
    """Double-quoted scalars as keys and values, in block lists and in flow collections."""
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        key = draw(st.sampled_from(SAFE_KEYS))
        quoted = draw(double_quoted())
        after = _sometimes(draw, ["", "", "", " # c", "  #c"], ["#c", " x", "\t", "\t# c", ": v"])
        kind = _sometimes(
            draw, ["value", "value", "key", "list", "compact", "flow-list", "flow-map"], ["other"]
        )
        if kind == "value":
            lines.append(f"{key}: {quoted}{after}")
        elif kind == "key":
            lines.append(
                f"{quoted}: {draw(st.sampled_from(['v', '1', quoted, '[a]', '']))}{after}".rstrip(" ")
            )
        elif kind == "list":
            lines.extend([f"{key}:", f"- {quoted}{after}", f"- {draw(double_quoted())}"])
        elif kind == "compact":
            lines.extend([f"{key}:", f"  - {quoted}: {draw(double_quoted())}{after}", f"    b: {quoted}"])
        elif kind == "flow-list":
            lines.append(f"{key}: [{quoted}, {draw(double_quoted())}, a]{after}")
        elif kind == "flow-map":
            lines.append(f"{key}: {{{quoted}: {draw(double_quoted())}, a: {quoted}}}{after}")
        else:  # a backslash, a tab or a character beyond ASCII outside double quotes
            value = draw(st.sampled_from(["a\\b", "'a\\b'", "'a\tb'", "a\tb", "[a\\b, c]", "[a\t#c]", "é", "'é'",
                                          "[a\u2028b]", "[a\x85b]", "|\n  a\\b\n  \tc", "a # \\é\t"]))  # fmt: skip
            lines.append(f"{key}: {value}")
    return "\n".join(lines) + _sometimes(draw, ["\n", "", "\n# c\n"], ["\n# \t é\n"])


def _both_ways(text: str) -> None:
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(double_quoted_documents())
def test_generated_double_quoted_scalars_read_the_same_both_ways(text: str) -> None:
    _both_ways(text)


def _emitted(text: str) -> str:
    """A document of chartgen's emitter with ``text`` as a key and as values, in block and
    flow collections, double-quoted as it quotes text with line breaks, tabs, controls."""
    quoted = emit._double_quoted(text)
    return (
        emit.document({text: text, "list": [text, {text: text}], "map": {"k": text}})
        + f"q: {quoted}\n{quoted}: {quoted}\nf: [{quoted}, {quoted}]\nm: {{{quoted}: {quoted}}}\n"
        + f"flow: {emit.flow([text, text])}\nflows: {emit.flow({text: text})}\n"
    )


@settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(blacklist_categories=["Cs"]), max_size=12))
def test_every_double_quoted_scalar_the_emitter_writes_is_read_fast(text: str) -> None:
    """Every form ``_double_quoted`` writes (surrogates aside: the full parser's) is read fast and
    the same; ``\\n``, ``\\t`` and the like never send a rendered manifest to the full parser."""
    document = f"q: {emit._double_quoted(text)}\n{emit._double_quoted(text)}: v\n"
    assert fast_reads(document)
    assert outcome(document, use_fast=True) == outcome(document, use_fast=False)
    whole = _emitted(text)
    if emit._string(text)[:1] == '"' and not emit._literal_ok(text):  # text it double-quotes
        assert fast_reads(whole)
    _both_ways(whole)


#: What the reader must take: what the emitter writes for text of every kind.
DOUBLE_QUOTED_READ_FAST = [
    'startup_hook: "set -e\\necho \\"task $DET_TASK_ID\\"\\npip install -r r.txt\\n"\n',
    'k: "a\\\\" # c"\n',  # an escaped backslash, then the closing quote and a comment
    'k: "a\\"b"\n"k\\": v": "\\"x\\": y"\n',  # an escaped quote ends nothing, in a key either
    'k: ["a\\"b, c", "d\\\\"]\nm: {"a\\"": "b\\\\", c: "\\x41"}\n',
    'k: "\\0\\a\\b\\t\\\t\\n\\v\\f\\r\\e\\ \\"\\/\\\\\\N\\_\\L\\P"\n',
    'k: "\\x41\\xe9\\u00E9\\u2028\\ufeff\\U0001F600\\U0010ffff\\x00\\x85"\n',
    'k: "caf\u00e9 \U0001f600\xa0\tx"\n',  # raw: tabs and printable characters beyond ASCII
    "k: 'a\\(b\\)'\nm: a\\b\nl: [a\\b, 'c\\d']\nb: |\n  a\\nb\n",  # a backslash is an escape nowhere else
    'k: "\\ud800"\n"\\uDC00\\U0000d800": v\n',  # a surrogate: the same error of the builder both ways
]


@pytest.mark.parametrize("text", DOUBLE_QUOTED_READ_FAST)
def test_double_quoted_scalars_are_read_fast(text: str) -> None:
    assert fast_reads(text)
    assert outcome(text, use_fast=True) == outcome(text, use_fast=False)


#: One input for each guard of the double-quoted reader: what the full parser reads otherwise, or
#: not at all (or not as this reader could, without that guard).
DOUBLE_QUOTED_REFUSED = {
    "an unknown escape": 'k: "\\q"\n',  # an error
    "an escaped single quote is unknown too": 'k: "\\\'"\n',
    "a hexadecimal digit": 'k: "\\x4g"\n',  # an error
    "a sign is no hexadecimal digit": 'k: "\\x+1"\n',
    "a blank is no hexadecimal digit": 'k: "\\u 123"\n',
    "an underscore is no hexadecimal digit": 'k: "\\x_1"\n',
    "too few hexadecimal digits": 'k: "\\x4"\n',
    "beyond Unicode": 'k: "\\U00110000"\n',
    "an escaped line break": 'k: "a\\\n  b"\n',  # "ab": a scalar over two lines
    "a line break": 'k: "a\n  b"\n',  # "a b"
    "a raw line break beyond ASCII": 'k: "a\x85b"\n',  # "a b"
    "a raw line separator": 'k: "a\u2028b"\nm: "c"\n',  # m is on line 3 to the full parser
    "a raw byte order mark": 'k: "\ufeff"\n',
    "a tab outside double quotes": "k: [a\t#c, d]\n",  # a comment to the full parser: an error
    "a character beyond ASCII outside double quotes": "k: [a\u2028b, 'c']\nm: d\n",  # other lines
    "a tab in a comment after a double-quoted scalar": 'k: "\\t"\t# c\n',
}


@pytest.mark.parametrize("text", DOUBLE_QUOTED_REFUSED.values(), ids=DOUBLE_QUOTED_REFUSED.keys())
def test_double_quoted_the_reader_is_not_sure_of_is_refused(text: str) -> None:
    assert not fast_reads(text)
