"""The fast reader gives the full parser's answer, or none: same values, positions, words, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    "&a x", "*a", "!t x", "|", ">", "@x", "`x`", "%x", "x  ", "'x'y", "8Gi", "500m", "é",
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


@st.composite
def _quoted_lines(draw: st.DrawFn, start: str, owner: int) -> list[str]:
    """A single-quoted scalar over several lines, mostly well-formed: blanks, empty lines,
    ``''``, text after the closing quote, a line left of where it may go."""
    first = draw(st.sampled_from(["x", "", "  x", "a #b", "it''s", "x  ", "a: b"]))
    lines = [f"{start}'{first}"]
    for _ in range(draw(st.integers(0, 3))):
        body = draw(st.sampled_from(["text", "", "  ", "it''s", "# not a comment", "a: b", "- x", "x  "]))
        column = owner + draw(st.sampled_from([2, 2, 4, 1, 0]))
        lines.append(f"{' ' * column}{body}" if body.strip() else body)
    close = draw(st.sampled_from(["end'", "end'  # c", "'", "end  '", "end' x", "end''", "end'#c", "e'': 1"]))
    lines.append(" " * (owner + draw(st.sampled_from([2, 2, 1, 0]))) + close)
    return lines


@st.composite
def _block(draw: st.DrawFn, indent: int, depth: int) -> list[str]:
    """A well-formed block mapping at ``indent``: what values files are."""
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        key = draw(st.sampled_from(SAFE_KEYS))
        pad = " " * indent
        kind = draw(
            st.sampled_from(
                ["scalar", "scalar", "map", "list", "list-at-key", "empty", "comment", "literal", "quoted"]
            )
        )
        if kind == "comment":
            lines.append(f"{pad}# about {key}")
            continue
        if kind == "literal":
            header = draw(st.sampled_from(["|", "|-", "|+", "| # c", "|2", ">"]))
            lines.append(f"{pad}{key}: {header}")
            inner = " " * (indent + draw(st.sampled_from([2, 4, 1])))
            for _ in range(draw(st.integers(0, 3))):
                body = draw(st.sampled_from(["text", "# not a comment", "a: b", "", "  deeper", "- x", " "]))
                lines.append(f"{inner}{body}" if body.strip() else body)
            continue
        if kind == "quoted":
            lines.extend(draw(_quoted_lines(f"{pad}{key}: ", indent)))
            continue
        if depth > 3 or kind in ("scalar", "empty"):
            value = "" if kind == "empty" else draw(st.sampled_from(VALUES))
            lines.append(f"{pad}{key}:" + (f" {value}" if value else ""))
        elif kind == "map":
            lines.append(f"{pad}{key}:" + draw(st.sampled_from(["", "  # c", " "])))
            lines.extend(draw(_block(indent + draw(st.sampled_from([2, 4])), depth + 1)))
        else:
            lines.append(f"{pad}{key}:")
            at = indent if kind == "list-at-key" else indent + 2
            for _ in range(draw(st.integers(1, 3))):
                shape = draw(st.sampled_from(["scalar", "compact", "nested", "empty", "quoted"]))
                if shape == "quoted":
                    lines.extend(draw(_quoted_lines(f"{' ' * at}- ", at)))
                elif shape == "scalar":
                    lines.append(f"{' ' * at}- {draw(st.sampled_from(VALUES))}".rstrip())
                elif shape == "empty":
                    lines.append(f"{' ' * at}-")
                elif shape == "compact":
                    inner = draw(_block(at + 2, depth + 1))
                    lines.append(f"{' ' * at}- {inner[0].lstrip()}")
                    lines.extend(inner[1:])
                else:
                    lines.append(f"{' ' * at}-")
                    lines.extend(draw(_block(at + 2, depth + 1)))
    return lines


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_block(0, 0), st.sampled_from(["\n", "", "\n\n", "\n# end\n"]))
def test_generated_values_files_read_the_same_both_ways(lines: list[str], end: str) -> None:
    text = "\n".join(lines) + end
    if fast_reads(text):
        assert outcome(text, use_fast=True) == outcome(text, use_fast=False)
