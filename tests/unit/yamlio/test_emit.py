"""The serialiser must hand back exactly what it was given, under YAML 1.1 and 1.2 readers."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from chartgen.yamlio import emit

leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**60), 2**60),
    st.floats(allow_nan=False),
    st.text(),
    st.sampled_from(
        [
            "yes",
            "no",
            "on",
            "y",
            "~",
            "1e3",
            "0x1F",
            "0o17",
            "12:30",
            "2001-12-14",
            "=",
            "- a",
            "#x",
            "8Gi",
            "1e",
            "1E5",
            "0b1",
        ]
    ),
)
tree = st.recursive(
    leaf,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(), c, max_size=3),
    max_leaves=12,
)
_ruamel = YAML(typ="safe", pure=True)


@settings(max_examples=500)
@given(st.dictionaries(st.text(), tree, min_size=1))
def test_dump_round_trips(data: dict[str, Any]) -> None:
    text = emit.dump(data) + "\n"
    assert yaml.safe_load(text) == data
    assert _ruamel.load(text) == data


@settings(max_examples=300)
@given(tree)
def test_value_after_a_key_round_trips(value: Any) -> None:
    """What a template writes with ``toyaml``, as go-yaml (Helm, kubectl, the master) reads it.

    Numbers are written as Helm writes them (``1e+20``, which YAML 1.1's own readers take for
    text; ``tests/oracles/test_numbers.py`` holds them to Go's output), so the YAML 1.1 reader
    here reads the text with every float written as chartgen writes a float of its own.
    """
    text = "root:" + emit.to_yaml(value, 2)
    portable = "root:" + emit.to_yaml(_plain_floats(value), 2)
    assert yaml.safe_load(portable + "\n") == {"root": value}
    assert text.replace("\n", " ").split() == portable.replace("\n", " ").split() or _has_float(value)
    assert not any(line.endswith(" ") for line in text.split("\n")[:1])


def _plain_floats(value: Any) -> Any:
    """``value`` with its floats marked as read from text, so ``to_yaml`` writes them portably."""
    if isinstance(value, dict):
        return {key: _plain_floats(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_floats(item) for item in value]
    return emit.TextFloat(value) if type(value) is float else value


def _has_float(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_has_float(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_float(item) for item in value)
    return type(value) is float


@settings(max_examples=300)
@given(tree)
@example(["x,y"])
@example({"k": "a]b", "{": ["}"]})
@example([["[x]"], "x, y"])
def test_flow_is_safe_anywhere_on_a_line(value: Any) -> None:
    assert yaml.safe_load(f"a: {emit.flow(value)}\n") == {"a": value}


def test_block_layout_matches_helm_to_yaml() -> None:
    data = {"requests": {"cpu": "2", "memory": "8Gi"}, "args": ["--x=1"], "count": 1}
    assert emit.dump(data) == "requests:\n  cpu: '2'\n  memory: 8Gi\nargs:\n- --x=1\ncount: 1"


def test_multi_line_strings_become_literal_blocks() -> None:
    assert emit.to_yaml("a: 1\nb: 2\n", 4) == " |\n    a: 1\n    b: 2"


def test_indented_text_after_leading_empty_lines_keeps_its_indent() -> None:
    for text in ("\n #null", "\n\n  x\ny", "\n\tx"):
        assert yaml.safe_load("k:" + emit.to_yaml(text, 2) + "\n") == {"k": text}
        assert yaml.safe_load(emit.dump({"k": text}) + "\n") == {"k": text}
