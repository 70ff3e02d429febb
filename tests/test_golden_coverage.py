"""The goldens exercise every option: each leaf of a release's schema, and each enum value, in a rendered case.

Leaves come from the generated ``chartgen.data`` schema of each release (so a new
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

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from chartgen.releases import LATEST, SUPPORTED, chart_twins
from chartgen.validation.schema_walk import release_schema
from chartgen.values.load import SetFlags, load_values
from tests.support.corpus import CASES
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
    schema = release_schema(release)
    return tuple(_leaves(schema, schema["$defs"], ()))


def case_release(case: Case) -> str:
    """A golden names its release ``app_version``; a corpus case ``chart_version``."""
    meta = case.meta()
    return str(meta.get("app_version", meta.get("chart_version", LATEST)))


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


def _rendered_cases(release: str) -> Iterator[tuple[str, Case]]:
    """Goldens and conformance cases that render ``release`` or a twin (a chart differing only in images)."""
    twins = chart_twins(release)
    for case in cases():
        if case_release(case) in twins and (case.directory / "rendered.yaml").exists():
            yield case.name, case
    for twin in twins:
        for expected in sorted((CASES / twin).glob("*/expected.yaml")):
            corpus_case = Case(expected.parent)
            yield f"corpus {twin}/{corpus_case.name}", corpus_case


@cache
def rendered_settings(release: str) -> dict[tuple[Pattern, str], list[tuple[str, Any]]]:
    """For each (pattern, form) the rendered cases of ``release`` set: which case, which value."""
    found: dict[tuple[Pattern, str], list[tuple[str, Any]]] = {}
    for name, case in _rendered_cases(release):
        for path, form, value in _set(_user_values(case)):
            found.setdefault((path, form), []).append((name, value))
    return found


def _shared(leaf: Leaf) -> bool:
    """Whether every release has the option, with the same choices: then any release's case shows it."""
    return all(leaf in schema_leaves(release) for release in SUPPORTED)


def _settings_of(release: str, leaf: Leaf) -> list[tuple[str, Any]]:
    """Cases that set ``leaf``: of ``release`` and its twins, or of any release for a shared option."""
    own = rendered_settings(release).get((leaf.path, leaf.form), [])
    if own or not _shared(leaf):
        return own
    return [
        found for other in SUPPORTED for found in rendered_settings(other).get((leaf.path, leaf.form), [])
    ]


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_option_is_set_in_a_rendered_golden(release: str) -> None:
    missing = [str(leaf) for leaf in schema_leaves(release) if not _settings_of(release, leaf)]
    assert not missing, f"{release}: no rendered golden case sets:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_enum_value_appears_in_a_rendered_golden(release: str) -> None:
    missing = []
    for leaf in schema_leaves(release):
        if not leaf.enum:
            continue
        seen = {value for _, value in _settings_of(release, Leaf(leaf.path, "scalar"))}
        if _shared(leaf):
            seen |= {value for other in SUPPORTED for _, value in _settings_of(other, leaf)}
        missing += [f"{leaf}: {value!r}" for value in leaf.enum if value not in seen]
    assert not missing, f"{release}: no rendered golden case uses:\n  " + "\n  ".join(missing)
