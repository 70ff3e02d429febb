"""Loading values: Helm's source order, and where each value was written."""

from __future__ import annotations

import copy
from pathlib import Path as FsPath
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chartgen.diagnostics import ChartgenError, Location, UsageError, dotted
from chartgen.values.load import SetFlags, load_sources, load_values
from chartgen.values.setparser import typed_value
from chartgen.yamlio import load_yaml
from chartgen.yamlio.emit import dump
from chartgen.yamlio.resolve import resolve_plain


def source(text: str, name: str) -> Any:
    return load_yaml(text, name)


def test_a_later_file_takes_over_what_it_sets() -> None:
    first = source("db:\n  port: 1\n  user: me\nlist:\n  - a\n  - b\n", "one.yaml")
    second = source("db:\n  port: 2\nlist:\n  - c\n", "two.yaml")
    loaded = load_sources([first, second])
    assert loaded.user == {"db": {"port": 2, "user": "me"}, "list": ["c"]}
    assert loaded.locate(("db", "port")) == Location("two.yaml", 2, 9)
    assert loaded.locate(("db", "user")) == Location("one.yaml", 3, 9)
    assert loaded.locate(("list", 0)) == Location("two.yaml", 4, 5)
    assert loaded.locate(("list", 1)) == Location("two.yaml", 4, 3)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("a:\n  - x\n  - y\n", "a:\n  b: 1\n"),
        ("a:\n  b:\n    c: 1\n", "a: 5\n"),
        ("a:\n  b:\n    c: 1\n", "a: null\n"),
    ],
)
def test_a_replaced_subtree_forgets_its_old_positions(first: str, second: str) -> None:
    loaded = load_sources([source(first, "one.yaml"), source(second, "two.yaml")])
    for path in [("a", 0), ("a", 1), ("a", "b", "c")]:
        found = loaded.locate(path)
        assert found is None or found.file == "two.yaml"
    assert loaded.locate(("a",), key=True) == Location("two.yaml", 1, 1)


def test_set_flags_point_at_their_value() -> None:
    loaded = load_sources(
        [source("db:\n  port: 1\n  user: me\n", "v.yaml")],
        flags=SetFlags(set=["logLevel=debug", "db.port=2,maxSlotsPerPod=4"], set_string=["db.user=007"]),
    )
    assert loaded.user["db"] == {"port": 2, "user": "007"}
    assert loaded.locate(("logLevel",)) == Location("--set", 1, 10)
    assert loaded.locate(("db", "port")) == Location("--set", 2, 9)
    assert loaded.locate(("maxSlotsPerPod",)) == Location("--set", 2, 26)
    assert loaded.locate(("db", "user")) == Location("--set-string", 1, 9)
    assert loaded.locate(("db",), key=True) == Location("v.yaml", 1, 1)


def test_flag_kinds_apply_in_helm_order_whatever_the_command_line() -> None:
    flags = SetFlags(
        set_literal=["k=literal"], set_file=[], set_string=["k=string"], set=["k=set"], set_json=['k="json"']
    )
    loaded = load_values(flags=flags)
    assert loaded.user["k"] == "literal"
    assert loaded.locate(("k",)) == Location("--set-literal", 1, 3)
    flags.set_literal = []
    assert load_values(flags=flags).user["k"] == "string"
    flags.set_string = []
    assert load_values(flags=flags).user["k"] == "set"
    flags.set = []
    assert load_values(flags=flags).user["k"] == "json"


def test_a_set_that_replaces_a_subtree_forgets_the_file_positions() -> None:
    loaded = load_sources(
        [source("a:\n  - x\n  - y\n  - z\nb:\n  c: 1\n", "v.yaml")],
        flags=SetFlags(set=["a={p}"], set_json=['b={"d":2}']),
    )
    assert loaded.user == {"a": ["p"], "b": {"d": 2}}
    assert loaded.locate(("a", 0)) == Location("--set", 1, 4)
    assert loaded.locate(("a", 2)) == Location("--set", 1, 3)
    assert loaded.locate(("b", "c")) == Location("--set-json", 1, 3)
    assert loaded.locate(("b", "d")) == Location("--set-json", 1, 3)


def test_a_set_inside_a_file_list_keeps_the_other_items() -> None:
    loaded = load_sources(
        [source("pools:\n  - name: a\n    size: 1\n  - name: b\n", "v.yaml")],
        flags=SetFlags(set=["pools[0].size=2"]),
    )
    assert loaded.user["pools"] == [{"name": "a", "size": 2}, {"name": "b"}]
    assert loaded.locate(("pools", 0, "size")) == Location("--set", 1, 15)
    assert loaded.locate(("pools", 0, "name")) == Location("v.yaml", 2, 11)
    assert loaded.locate(("pools", 1, "name")) == Location("v.yaml", 4, 11)


def test_set_flags_do_not_change_the_sources() -> None:
    first = source("a:\n  - x\nm:\n  k: v\n", "v.yaml")
    snapshot = copy.deepcopy(first.data)
    load_sources([first], flags=SetFlags(set=["a[0]=y,m.k=w"]))
    assert first.data == snapshot


def test_refused_flags_are_located_diagnostics() -> None:
    with pytest.raises(ChartgenError) as info:
        load_values(flags=SetFlags(set=["ok=1", "a[x]=1"], set_json=["b={"]))
    found = [(d.rule, d.location) for d in info.value.diagnostics]
    assert found == [
        ("set-syntax", Location("--set-json", 1, 4)),
        ("set-syntax", Location("--set", 2, 3)),
    ]


def test_an_unreadable_set_file_is_a_usage_error(tmp_path: FsPath) -> None:
    with pytest.raises(UsageError, match=r"missing\.txt"):
        load_values(flags=SetFlags(set_file=[f"k={tmp_path / 'missing.txt'}"]))


def test_set_file_values_point_at_the_file_name(tmp_path: FsPath) -> None:
    script = tmp_path / "s.sh"
    script.write_text("echo hi\n")
    loaded = load_values(flags=SetFlags(set_file=[f"hook={script}"]))
    assert loaded.user["hook"] == "echo hi\n"
    assert loaded.locate(("hook",)) == Location("--set-file", 1, 6)


def test_user_null_deletes_the_chart_default_through_set() -> None:
    loaded = load_values(flags=SetFlags(set=["db.port=null,extra=null"]))
    assert "port" in load_values().values["db"]
    assert "port" not in loaded.values["db"]
    assert loaded.values["extra"] is None


# -- --set k=v is the same as a file holding k: v --------------------------------

_NAME = st.from_regex(r"[a-z][a-zA-Z0-9]{0,5}", fullmatch=True)
# Words both readers keep as strings (not yes/On/NuLL and the like).
_WORD = st.from_regex(r"[a-zA-Z]{1,8}", fullmatch=True).filter(
    lambda w: resolve_plain(w) == w == typed_value(w)
)
_VALUE = st.integers(-(10**6), 10**6) | st.booleans() | _WORD
_PATHS = st.lists(st.lists(_NAME, min_size=1, max_size=3).map(tuple), min_size=1, max_size=4)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _independent(paths: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Drop paths that are a prefix of (or equal to) another, so each names its own leaf."""
    return [
        p for i, p in enumerate(paths) if not any(q[: len(p)] == p for j, q in enumerate(paths) if j != i)
    ]


@given(paths=_PATHS, data=st.data())
def test_set_equals_a_file_with_the_same_values(paths: list[tuple[str, ...]], data: st.DataObject) -> None:
    leaves = {path: data.draw(_VALUE) for path in _independent(paths)}
    nested: dict[str, Any] = {}
    parts: list[str] = []
    columns: dict[tuple[str, ...], int] = {}
    for path, value in leaves.items():
        here = nested
        for part in path[:-1]:
            here = here.setdefault(part, {})
        here[path[-1]] = value
        head = ",".join(parts)
        columns[path] = len(head) + (1 if parts else 0) + len(dotted(path)) + 2
        parts.append(f"{dotted(path)}={_text(value)}")
    from_file = load_sources([load_yaml(dump(nested), "v.yaml")])
    from_flag = load_values(flags=SetFlags(set=[",".join(parts)]))
    assert from_flag.user == from_file.user
    assert from_flag.values == from_file.values
    assert from_flag.notes == from_file.notes
    for path, column in columns.items():
        assert from_flag.locate(path) == Location("--set", 1, column)
