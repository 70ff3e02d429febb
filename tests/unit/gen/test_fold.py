"""The folded schemas and defaults give back each release's exactly, and folding keeps any tree."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from chartgen.data import schemas
from chartgen.gen import fold, outputs, schema
from chartgen.release_data import project, release_data
from chartgen.releases import LATEST, SUPPORTED

FULL = schema.full_schema()


@pytest.mark.parametrize("release", SUPPORTED)
def test_projection_is_what_the_model_generates(release: str) -> None:
    tree = schema.release_schema(FULL, release)
    expected = {"SCHEMA": schema.public_schema(tree, release), "DEFAULTS": schema.chart_defaults(tree)}
    for name, value in expected.items():
        assert release_data(release, name) == value
        assert repr(release_data(release, name)) == repr(value), "the same keys in another order"


def test_projection_is_made_once_and_shares_what_every_release_holds() -> None:
    projected = release_data(LATEST, "SCHEMA")
    assert release_data(LATEST, "SCHEMA") is projected
    assert projected["properties"]["imageRegistry"] is schemas.SCHEMA["properties"]["imageRegistry"]


def _round_trip(trees: dict[str, Any]) -> tuple[Any, Any]:
    folded, spine = fold.fold(trees)
    for release, tree in trees.items():
        assert repr(project(folded, spine, release)) == repr(tree)
    return folded, spine


def test_a_key_some_releases_lack_is_a_table_in_its_place() -> None:
    folded, spine = _round_trip({"1.0": {"x": 1, "y": 2}, "2.0": {"x": 1, "z": {"a": 3}, "y": 2}})
    assert folded == {"x": 1, "z": {("2.0",): {"a": 3}}, "y": 2}
    assert spine == {"z": None}


def test_dicts_every_release_holds_fold_inside() -> None:
    folded, spine = _round_trip({"1.0": {"d": {"a": 1, "b": 2}}, "2.0": {"d": {"a": 1, "b": 3}}})
    assert folded == {"d": {"a": 1, "b": {("1.0",): 2, ("2.0",): 3}}}
    assert spine == {"d": {"b": None}}


def test_text_naming_its_own_release_is_shared() -> None:
    folded, spine = _round_trip(
        {
            "1.0": {"t": "read by 1.0"},
            "2.0": {"t": "read by 2.0"},
            "3.0": {"t": "3.0 reads it since 3.0"},
        }
    )
    # A release alone keeps its own text.
    assert folded == {"t": {("1.0", "2.0"): "read by {release}", ("3.0",): "3.0 reads it since 3.0"}}
    assert spine == {"t": "{release}"}


def test_keys_in_another_order_make_the_whole_dict_a_table() -> None:
    folded, spine = _round_trip({"1.0": {"d": {"a": 1, "b": 2}}, "2.0": {"d": {"b": 2, "a": 1}}})
    assert folded == {"d": {("1.0",): {"a": 1, "b": 2}, ("2.0",): {"b": 2, "a": 1}}}
    assert spine == {"d": None}


def test_folding_refuses_what_it_cannot_give_back() -> None:
    with pytest.raises(ValueError, match="loses"):
        fold.fold({"1.0": {"t": "{release} 1.0"}, "2.0": {"t": "{release} 2.0"}})


def test_generating_leaves_the_modules_on_disk_in_use() -> None:
    names = ("chartgen.data.schemas", "chartgen.rendering.compiled", "chartgen.data.writes")
    before = {name: sys.modules.get(name) for name in names}
    outputs()
    assert {name: sys.modules.get(name) for name in names} == before
