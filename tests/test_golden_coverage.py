"""The goldens exercise every option: each leaf of a release's schema, and each enum value, in a rendered case.

Leaves come from the generated ``chartgen/data/<release>/schema.json`` (so a new
option without a golden fails here): properties are followed through ``$ref``,
``anyOf`` and list ``items``; maps without declared keys (annotations, pod
specs, ``slurm``, ``global``) are leaves themselves, covered when a case gives
them content. An option that takes either a scalar or a mapping (a pool's
``image``, ``environment_variables``, a device, a log policy's ``action``) has
a leaf for each form. Only cases that render count: a
refused case shows a diagnostic, not what the option does. No option is exempt:
even those that change nothing on Kubernetes (agent pool settings, ``cluster``,
``global``) have a golden showing that they change nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from chartgen.releases import LATEST, SUPPORTED
from chartgen.values.load import SetFlags, load_values
from tests.support.golden import Case, cases

ROOT = Path(__file__).resolve().parents[1]
ITEM = "[]"

Pattern = tuple[str, ...]


@dataclass(frozen=True)
class Leaf:
    """An option: where it sits, which form of value sets it (scalar, list or map) and its JSON types.

    For a list the types are its items'; for a map, its values' (empty when free-form).
    """

    path: Pattern
    form: str
    enum: tuple[Any, ...] = ()
    types: frozenset[str] = frozenset()

    def __str__(self) -> str:
        return ".".join(self.path).replace(f".{ITEM}", ITEM) + (
            "" if self.form == "scalar" else f" ({self.form})"
        )


def _types(node: Mapping[str, Any]) -> set[str]:
    kind = node.get("type", [])
    return {kind} if isinstance(kind, str) else set(kind)


def _leaves(node: Mapping[str, Any], defs: Mapping[str, Any], path: Pattern) -> Iterator[Leaf]:
    if "$ref" in node:
        yield from _leaves(defs[node["$ref"].rsplit("/", 1)[-1]], defs, path)
        return
    if "anyOf" in node:
        for branch in node["anyOf"]:
            if _types(branch) != {"null"}:
                yield from _leaves(branch, defs, path)
        return
    kinds = frozenset(_types(node) - {"null"})
    enum = tuple(v for v in node.get("enum", [node["const"]] if "const" in node else ()) if v is not None)
    if "properties" in node:
        for key, child in node["properties"].items():
            yield from _leaves(child, defs, (*path, key))
    elif "object" in kinds:
        values = node.get("additionalProperties")
        yield Leaf(path, "map", types=frozenset(_types(values)) if isinstance(values, dict) else frozenset())
    elif "array" in kinds:
        items = node.get("items", {})
        if "$ref" in items or "properties" in items or "anyOf" in items:
            yield from _leaves(items, defs, (*path, ITEM))
        else:
            yield Leaf(path, "list", types=frozenset(_types(items)))
    else:
        yield Leaf(path, "scalar", enum, kinds)


@cache
def schema_leaves(release: str) -> tuple[Leaf, ...]:
    schema = json.loads((ROOT / "chartgen" / "data" / release / "schema.json").read_text())
    return tuple(_leaves(schema, schema["$defs"], ()))


def case_release(case: Case) -> str:
    return str(case.meta().get("app_version", LATEST))


def _user_values(case: Case) -> dict[str, Any]:
    """What the case sets: its values file and its --set flags, before chart defaults."""
    meta = case.meta()
    flags = SetFlags(set=list(meta.get("set", [])), set_string=list(meta.get("set_string", [])))
    return load_values(
        [str(case.directory / "values.yaml")], app_version=case_release(case), flags=flags
    ).user


def _set(value: Any, path: Pattern = ()) -> Iterator[tuple[Pattern, str, Any]]:
    """(pattern, form, value) of every non-null, non-empty value in a values tree."""
    if value is None or (isinstance(value, dict | list) and not value):
        return
    if isinstance(value, dict):
        yield path, "map", value
        for key, item in value.items():
            yield from _set(item, (*path, str(key)))
    elif isinstance(value, list):
        yield path, "list", value
        for item in value:
            yield from _set(item, (*path, ITEM))
    else:
        yield path, "scalar", value


@cache
def rendered_settings(release: str) -> dict[tuple[Pattern, str], list[tuple[str, Any]]]:
    """For each (pattern, form) the rendered cases of ``release`` set: which case, which value."""
    found: dict[tuple[Pattern, str], list[tuple[str, Any]]] = {}
    for case in cases():
        if case_release(case) != release or not (case.directory / "rendered.yaml").exists():
            continue
        for path, form, value in _set(_user_values(case)):
            found.setdefault((path, form), []).append((case.name, value))
    return found


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_option_is_set_in_a_rendered_golden(release: str) -> None:
    settings = rendered_settings(release)
    missing = [str(leaf) for leaf in schema_leaves(release) if (leaf.path, leaf.form) not in settings]
    assert not missing, f"{release}: no rendered golden case sets:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_enum_value_appears_in_a_rendered_golden(release: str) -> None:
    settings = rendered_settings(release)
    missing = []
    for leaf in schema_leaves(release):
        if not leaf.enum:
            continue
        seen = {value for _, value in settings.get((leaf.path, "scalar"), [])}
        missing += [f"{leaf}: {value!r}" for value in leaf.enum if value not in seen]
    assert not missing, f"{release}: no rendered golden case uses:\n  " + "\n  ".join(missing)


def test_leaves_include_every_form_of_a_union() -> None:
    """The walk sees both forms of a scalar-or-mapping option and the free-form maps."""
    leaves = {(leaf.path, leaf.form) for leaf in schema_leaves(LATEST)}
    image = ("resourcePools", ITEM, "task_container_defaults", "image")
    assert (image, "scalar") in leaves
    assert ((*image, "cuda"), "scalar") in leaves
    assert (("taskContainerDefaults", "gpuPodSpec"), "map") in leaves
    assert (("masterService", "annotations"), "map") in leaves
    assert (("loadBalancerSourceRanges",), "list") in leaves


def test_every_case_names_a_supported_release() -> None:
    for case in cases():
        assert case_release(case) in SUPPORTED, f"golden/{case.name}: app_version {case_release(case)}"
        assert case.name.startswith("035-") == (case_release(case) == "0.35.0"), (
            f"golden/{case.name}: 0.35.0 cases, and only they, are named 035-…"
        )
