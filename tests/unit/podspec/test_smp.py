"""Strategic merge patch: one case per rule, purity, the patch-key table, custom schemas."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from smp_cases import CASES, Case, containers, pod

from chartgen.podspec import patchkeys
from chartgen.podspec.smp import POD, PatchError, Schema, _go_stable_sort, strategic_merge
from chartgen.release_data import read_data


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule(case: Case) -> None:
    if case.expected is None:
        with pytest.raises(PatchError, match=re.escape(case.error)):
            strategic_merge(case.original, case.patch)
    else:
        # Compared as JSON text so list order, and 1 versus true versus 1.0, count.
        got = strategic_merge(case.original, case.patch)
        assert json.dumps(got, sort_keys=True) == json.dumps(case.expected, sort_keys=True)


@pytest.mark.parametrize("case", [c for c in CASES if c.expected is not None], ids=lambda c: c.id)
def test_inputs_are_not_mutated(case: Case) -> None:
    original, patch = copy.deepcopy(case.original), copy.deepcopy(case.patch)
    result = strategic_merge(original, patch)
    assert (original, patch) == (case.original, case.patch)
    result["spec" if "spec" in result else "metadata"]["mutated"] = True
    assert (original, patch) == (case.original, case.patch)


def test_error_locates_the_patch_item() -> None:
    with pytest.raises(PatchError) as caught:
        strategic_merge(
            pod(containers({"name": "a"})), {"spec": {"containers": [{"name": "a"}, {"image": "x"}]}}
        )
    assert caught.value.path == ("spec", "containers", 1)
    assert str(caught.value).startswith("spec.containers[1]: ")


def test_accepts_any_mapping_and_sequence() -> None:
    original = MappingProxyType(
        {"apiVersion": "v1", "spec": {"containers": ({"name": "a", "args": ("x",)},)}}
    )
    got = strategic_merge(original, {"spec": {"containers": [{"name": "a", "image": "i"}]}})
    assert got == {"apiVersion": "v1", "spec": {"containers": [{"name": "a", "args": ["x"], "image": "i"}]}}


def test_rejects_values_json_cannot_hold() -> None:
    with pytest.raises(PatchError, match="set is not a JSON value"):
        strategic_merge(pod(), {"spec": {"x": {1, 2}}})
    with pytest.raises(PatchError, match="map key 1 is not a string"):
        strategic_merge(pod(), {"spec": {1: "x"}})


def test_field_lookup_falls_back_to_case_insensitive_match() -> None:
    # Go's JSON decoder matches struct fields case-insensitively, so "Containers" merges by name.
    got = strategic_merge(
        {"spec": {"Containers": [{"name": "a"}]}}, {"spec": {"Containers": [{"name": "b"}]}}
    )
    assert got == {"spec": {"Containers": [{"name": "b"}, {"name": "a"}]}}


def test_maps_inside_map_fields_cannot_merge() -> None:
    with pytest.raises(PatchError, match="cannot merge objects inside a map value"):
        strategic_merge(
            {"spec": {"nodeSelector": {"a": {"x": 1}}}}, {"spec": {"nodeSelector": {"a": {"y": 1}}}}
        )


TOY = {
    "root": "Thing",
    "types": {
        "Thing": {
            "box": {"type": "Box", "strategy": "replace"},
            "tags": {"type": "scalar", "list": True, "strategy": "merge"},
            "items": {"type": "Item", "list": True, "strategy": "merge", "mergeKey": "id"},
            "odd": {"type": "Item", "list": True, "strategy": "merge,replace"},
        },
        "Box": {"a": "scalar", "b": "scalar"},
        "Item": {"id": "scalar", "v": "scalar"},
    },
}


def test_custom_table_replace_strategy_on_a_map() -> None:
    got = strategic_merge({"box": {"a": 1, "b": 2}}, {"box": {"b": 3}}, Schema.from_table(TOY))
    assert got == {"box": {"b": 3}}


def test_custom_table_keyed_list() -> None:
    schema = Schema.from_table(TOY)
    got = strategic_merge({"items": [{"id": 1, "v": "a"}]}, {"items": [{"id": 1, "v": "b"}]}, schema)
    assert got == {"items": [{"id": 1, "v": "b"}]}


def test_custom_table_rejects_two_strategies() -> None:
    with pytest.raises(PatchError, match="unexpected patch strategy 'merge,replace'"):
        strategic_merge({"odd": [{"id": 1}]}, {"odd": [{"id": 2}]}, Schema.from_table(TOY))


def test_merge_list_of_maps_needs_a_merge_key() -> None:
    with pytest.raises(PatchError, match="without a merge key"):
        strategic_merge({"tags": [{"x": 1}]}, {"tags": [{"x": 2}]}, Schema.from_table(TOY))


NAMES = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), unique=True, max_size=5)


@given(NAMES, NAMES)
def test_keyed_merge_keeps_every_name_once(before: list[str], after: list[str]) -> None:
    got = strategic_merge(
        pod(containers(*({"name": n} for n in before))), {"spec": containers(*({"name": n} for n in after))}
    )
    names = [c["name"] for c in got["spec"]["containers"]]
    assert sorted(names) == sorted(set(before) | set(after))
    # Items the patch names keep the patch's relative order; the others keep the original's.
    assert [n for n in names if n in after] == after
    assert [n for n in names if n not in after] == [n for n in before if n not in after]


@given(NAMES, NAMES)
def test_delete_from_primitive_list_removes_exactly_those(before: list[str], gone: list[str]) -> None:
    got = strategic_merge(
        pod(None, finalizers=before), {"metadata": {"$deleteFromPrimitiveList/finalizers": gone}}
    )
    assert got["metadata"]["finalizers"] == [n for n in before if n not in gone]


@given(st.lists(st.integers(0, 30), max_size=120))
def test_go_stable_sort_is_a_stable_sort_for_a_consistent_order(keys: list[int]) -> None:
    # Items are (key, position) so stability shows; longer lists go through SymMerge.
    items = [(key, i) for i, key in enumerate(keys)]
    assert _go_stable_sort(items, lambda a, b: a[0] < b[0]) == sorted(items, key=lambda item: item[0])


def test_pod_schema_is_the_generated_table() -> None:
    assert Schema("Pod") == POD
    containers_field = POD.lookup("spec").schema.lookup_list("containers")
    assert (containers_field.schema.type, containers_field.strategy, containers_field.merge_key) == (
        "Container",
        "merge",
        "name",
    )


def test_table_is_in_sync_with_kubernetes_schema() -> None:
    """``python -m chartgen.podspec.patchkeys`` regenerates the file when this fails."""
    pytest.importorskip("kubernetes_validate")
    shipped = read_data(patchkeys.DATA_FILE)
    assert shipped == patchkeys.render(patchkeys.generate())


def test_merging_does_not_import_the_schema_package() -> None:
    # kubernetes-validate is a dev dependency, and slow to import.
    code = (
        "import sys; from chartgen.podspec.smp import strategic_merge; "
        "strategic_merge({'spec': {'containers': [{'name': 'a'}]}}, {'spec': {'containers': [{'name': 'b'}]}}); "
        "assert 'kubernetes_validate' not in sys.modules, 'imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_table_keeps_the_patch_tags_of_pod_fields() -> None:
    types = patchkeys.pod_table()["types"]
    assert types["Container"]["volumeMounts"] == {
        "type": "VolumeMount",
        "list": True,
        "strategy": "merge",
        "mergeKey": "mountPath",
    }
    assert types["Container"]["ports"]["mergeKey"] == "containerPort"
    assert types["PodSpec"]["volumes"]["strategy"] == "merge,retainKeys"
    assert types["PodSpec"]["tolerations"] == {"type": "Toleration", "list": True}
    assert types["ObjectMeta"]["finalizers"] == {"type": "scalar", "list": True, "strategy": "merge"}
    assert types["PodSpec"]["nodeSelector"] == "map"


def test_build_table_follows_refs_and_rejects_clashing_short_names() -> None:
    definitions: dict[str, Any] = {
        "a.Root": {"properties": {"kid": {"allOf": [{"$ref": "#/d/b.Kid"}]}, "other": {"$ref": "#/d/c.Kid"}}},
        "b.Kid": {"type": "object", "properties": {"x": {"type": "string"}}},
        "c.Kid": {"type": "object", "properties": {"y": {"type": "string"}}},
    }
    with pytest.raises(ValueError, match="two definitions share the short name Kid"):
        patchkeys.build_table(definitions, "a.Root")
    del definitions["a.Root"]["properties"]["other"]
    assert patchkeys.build_table(definitions, "a.Root")["types"] == {
        "Kid": {"x": "scalar"},
        "Root": {"kid": "Kid"},
    }
