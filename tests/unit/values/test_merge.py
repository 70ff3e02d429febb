"""Merging user sources and coalescing with the chart, as Helm 3.17 does.

Facts come from Helm's ``pkg/chartutil/coalesce.go`` (v3.17.3) and were checked
with ``helm template`` 3.17.3; the differential test re-checks them against the
real binary when ``make tools`` has installed it.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path as FsPath
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.diagnostics import Severity
from chartgen.values.merge import HELM_VERSION, coalesce, merge_maps
from chartgen.yamlio.emit import dump

HELM = FsPath(__file__).resolve().parents[3] / ".tools" / "helm"


def values(user: dict[str, Any], chart: dict[str, Any]) -> dict[str, Any]:
    return coalesce(user, chart)[0]


def test_reproduces_helm_3() -> None:
    assert HELM_VERSION == "3.17"


def test_files_merge_maps_deeply_and_replace_everything_else() -> None:
    base = {"m": {"a": 1, "b": {"c": 2}}, "l": [1, 2], "s": "x", "gone": {"k": 1}}
    override = {"m": {"b": {"d": 3}}, "l": [3], "s": {"now": "map"}, "gone": None}
    assert merge_maps(base, override) == {
        "m": {"a": 1, "b": {"c": 2, "d": 3}},
        "l": [3],
        "s": {"now": "map"},
        "gone": None,
    }


def test_null_deletes_a_chart_default_at_any_depth() -> None:
    chart = {"s": 5, "m": {"a": 1, "b": 2, "sub": {"x": 1}}}
    assert values({"s": None, "m": {"a": None, "sub": None}}, chart) == {"m": {"b": 2}}


def test_null_for_a_key_the_chart_does_not_define_survives() -> None:
    chart = {"m": {"a": 1}}
    assert values({"new": None, "m": {"extra": None}}, chart) == {"new": None, "m": {"a": 1, "extra": None}}


def test_chart_default_null_survives_in_helm_3() -> None:
    # Helm 4.2 drops chart-default nulls from the coalesced values (cleanNilValues).
    assert values({}, {"cn": None, "m": {"n": None}}) == {"cn": None, "m": {"n": None}}


def test_nested_user_null_over_chart_null_is_deleted_in_helm_3() -> None:
    # Helm 4.1+ keeps this null (coalesceTablesFullKey tracks srcOriginalNonNil).
    assert values({"m": {"n": None}}, {"m": {"n": None, "a": 1}}) == {"m": {"a": 1}}


def test_lists_and_scalars_replace_and_maps_fill_in() -> None:
    chart = {"l": [1, 2], "s": "default", "m": {"a": 1, "b": {"c": 2}}}
    assert values({"l": [3], "s": "mine", "m": {"b": {"d": 4}}}, chart) == {
        "l": [3],
        "s": "mine",
        "m": {"a": 1, "b": {"c": 2, "d": 4}},
    }


@pytest.mark.parametrize(
    ("user", "chart", "path"),
    [
        ({"m": {"sub": 5}}, {"m": {"sub": {"x": 1}}}, ("m", "sub")),
        ({"m": {"sub": [1]}}, {"m": {"sub": {"x": 1}}}, ("m", "sub")),
        ({"m": {"s": {"a": 1}}}, {"m": {"s": "str"}}, ("m", "s")),
        ({"s": {"a": 1}}, {"s": 5}, ("s",)),
        # Helm itself is silent here (a top-level non-map over a map); chartgen still warns.
        ({"m": "x"}, {"m": {"a": 1}}, ("m",)),
    ],
)
def test_type_conflicts_keep_the_user_value_and_warn(
    user: dict[str, Any], chart: dict[str, Any], path: tuple[str, ...]
) -> None:
    merged, notes = coalesce(user, chart)
    here: Any = merged
    wanted: Any = user
    for part in path:
        here, wanted = here[part], wanted[part]
    assert here == wanted
    assert [(n.rule, n.severity, n.path) for n in notes] == [("values-type-conflict", Severity.WARNING, path)]


def test_a_map_over_a_null_default_is_no_conflict() -> None:
    assert coalesce({"cn": {"a": 1}}, {"cn": None}) == ({"cn": {"a": 1}}, [])


def test_the_result_shares_nothing_with_the_inputs() -> None:
    user = {"u": {"list": [1]}, "m": {"k": [2]}}
    chart = {"c": {"list": [3]}, "m": {"d": {"x": 1}}}
    snapshot = copy.deepcopy((user, chart))
    merged, _ = coalesce(user, chart)
    merged["u"]["list"].append(9)
    merged["c"]["list"].append(9)
    merged["m"]["k"].append(9)
    merged["m"]["d"]["x"] = 2
    assert (user, chart) == snapshot


# -- properties ---------------------------------------------------------------

_SCALAR = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["s", "str", "x1"])
_LEAF = _SCALAR | st.lists(_SCALAR, max_size=2)


def _shaped(depth: int) -> st.SearchStrategy[dict[str, Any]]:
    """Trees where ``m*`` keys always hold maps and ``s*`` keys never do, so merges never switch type."""
    maps = (
        st.dictionaries(st.sampled_from(["m1", "m2"]), _shaped(depth - 1), max_size=2)
        if depth
        else st.just({})
    )
    leaves = st.dictionaries(st.sampled_from(["s1", "s2", "s3"]), _LEAF, max_size=2)
    return st.builds(lambda a, b: {**a, **b}, maps, leaves)


_TREE = st.recursive(
    _LEAF,
    lambda inner: st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), inner, max_size=3),
    max_leaves=10,
)
_MAP = st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), _TREE, max_size=4)


def _has_null(tree: Any) -> bool:
    if isinstance(tree, dict):
        return any(_has_null(v) for v in tree.values())
    if isinstance(tree, list):
        return any(_has_null(v) for v in tree)
    return tree is None


@given(a=_shaped(2), b=_shaped(2), c=_shaped(2))
def test_merge_is_associative_for_map_shaped_trees(a: Any, b: Any, c: Any) -> None:
    assert merge_maps(merge_maps(a, b), c) == merge_maps(a, merge_maps(b, c))


@given(base=_MAP, override=_MAP)
def test_later_source_wins_and_non_maps_replace_whole(base: Any, override: Any) -> None:
    snapshot = copy.deepcopy((base, override))
    merged = merge_maps(base, override)
    assert (base, override) == snapshot
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            assert merged[key] == merge_maps(base[key], value)
        else:
            assert merged[key] == value
    for key in base.keys() - override.keys():
        assert merged[key] == base[key]


@given(user=_MAP, chart=_MAP)
def test_coalesce_never_mutates_its_inputs(user: Any, chart: Any) -> None:
    snapshot = copy.deepcopy((user, chart))
    coalesce(user, chart)
    assert (user, chart) == snapshot


@given(user=_MAP.filter(lambda t: not _has_null(t)), chart=_MAP.filter(lambda t: not _has_null(t)))
def test_coalesce_is_idempotent_without_nulls(user: Any, chart: Any) -> None:
    once = values(user, chart)
    assert values(once, chart) == once


# -- differential against the real helm ----------------------------------------


@pytest.fixture(scope="module")
def toy_chart(tmp_path_factory: pytest.TempPathFactory) -> FsPath:
    chart = tmp_path_factory.mktemp("chart")
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: toy\nversion: 0.1.0\n")
    (chart / "templates").mkdir()
    (chart / "templates" / "values.yaml").write_text("# {{ toJson .Values }}\n")
    return chart


@pytest.mark.skipif(not HELM.exists(), reason="real helm not installed at .tools/helm (run `make tools`)")
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(chart_values=_MAP, files=st.lists(_MAP, min_size=1, max_size=2))
def test_same_values_as_real_helm(toy_chart: FsPath, chart_values: Any, files: list[Any]) -> None:
    (toy_chart / "values.yaml").write_text(dump(chart_values))
    args = [str(HELM), "template", "x", str(toy_chart)]
    user: dict[str, Any] = {}
    for index, data in enumerate(files):
        path = toy_chart.parent / f"{toy_chart.name}-user{index}.yaml"
        path.write_text(dump(data))
        args += ["-f", str(path)]
        user = merge_maps(user, data)
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    expected = json.loads(done.stdout.splitlines()[-1].removeprefix("# "))
    assert values(user, chart_values) == expected
