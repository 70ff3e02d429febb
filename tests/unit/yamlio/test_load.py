"""Loading keeps positions and types scalars as Helm (go-yaml v2, YAML 1.1) does."""

from __future__ import annotations

import pytest

from chartgen.diagnostics import Location
from chartgen.yamlio import YamlError, load_yaml


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", True), ("off", False), ("y", True), ("~", None), ("", None),
        ("0x1F", 31), ("017", 15), ("1_000", 1000), ("2.0", 2), ("1.5", 1.5),
        ("'yes'", "yes"), ("!!str 5", "5"), ("0736b6d", "0736b6d"), ("10Gi", "10Gi"),
    ],
)  # fmt: skip
def test_scalars_are_typed_as_helm_types_them(text: str, expected: object) -> None:
    assert load_yaml(f"k: {text}\n", "v.yaml").data == {"k": expected}


def test_keys_and_values_keep_their_positions() -> None:
    loaded = load_yaml("db:\n  port: 5432\nlist:\n  - a: 1\n", "v.yaml")
    assert loaded.keys[("db", "port")] == Location("v.yaml", 2, 3)
    assert loaded.values[("db", "port")] == Location("v.yaml", 2, 9)
    assert loaded.keys[("list", 0, "a")] == Location("v.yaml", 4, 5)


def test_duplicate_keys_are_refused_at_the_second_key() -> None:
    with pytest.raises(YamlError) as info:
        load_yaml("a: 1\nb:\n  c: 1\n  c: 2\n", "v.yaml")
    assert info.value.diagnostic.rule == "yaml-duplicate-key"
    assert info.value.diagnostic.location == Location("v.yaml", 4, 3)


def test_syntax_errors_are_located_diagnostics() -> None:
    with pytest.raises(YamlError) as info:
        load_yaml("a: [1\nb: 2\n", "v.yaml")
    assert info.value.diagnostic.rule == "yaml-syntax"
    assert info.value.diagnostic.location is not None
    assert info.value.diagnostic.location.line == 2


def test_merge_keys_and_aliases() -> None:
    loaded = load_yaml("base: &b {x: 1}\nuse:\n  <<: *b\n  w: 2\n", "v.yaml")
    assert loaded.data["use"] == {"x": 1, "w": 2}


def test_keys_beside_a_merge_keep_their_own_positions() -> None:
    loaded = load_yaml("base: &b {x: 1, z: 3}\nuse:\n  <<: *b\n  x: 2\n", "v.yaml")
    assert loaded.data["use"] == {"x": 2, "z": 3}
    assert loaded.keys[("use", "x")] == Location("v.yaml", 4, 3)
    assert loaded.values[("use", "x")] == Location("v.yaml", 4, 6)
    assert loaded.keys[("use", "z")] == Location("v.yaml", 1, 17)
