"""Every public type is public: what the API takes and returns can be named, and its annotations resolve.

Walked from ``chartgen.__all__``: the signatures of the public functions and of the public
classes' constructors, and the fields and properties of the public classes, transitively.
"""

from __future__ import annotations

import collections.abc
import os
import typing
from collections.abc import Callable, Iterator

import pytest

import chartgen
from chartgen.planning.analyse import SCHEDULERS
from chartgen.podspec.preview import KINDS

NAMES = sorted(chartgen.__all__)
#: Public functions and classes: the names whose annotations tools read.
ANNOTATED = [name for name in NAMES if callable(getattr(chartgen, name))]


def _hints(target: object) -> dict[str, object]:
    return typing.get_type_hints(target)


def _types_in(hint: object) -> Iterator[type]:
    """The classes a type hint names: itself, or its origin and arguments (``Callable``'s too)."""
    if isinstance(hint, list):
        for item in hint:
            yield from _types_in(item)
        return
    origin = typing.get_origin(hint)
    if origin is None:
        if isinstance(hint, type):
            yield hint
        return
    if isinstance(origin, type):
        yield origin
    for argument in typing.get_args(hint):
        yield from _types_in(argument)


def _properties(cls: type) -> Iterator[tuple[str, Callable[..., object]]]:
    """The public properties chartgen defines on ``cls`` and its bases."""
    for klass in cls.__mro__:
        if klass.__module__.startswith("chartgen"):
            for name, value in vars(klass).items():
                if isinstance(value, property) and not name.startswith("_") and value.fget is not None:
                    yield f"{klass.__qualname__}.{name}", value.fget


def _referenced(public: object) -> Iterator[tuple[str, type]]:
    """Each type ``public`` takes or returns, with the annotation that names it."""
    if not isinstance(public, type):
        for where, hint in _hints(public).items():
            yield from ((where, found) for found in _types_in(hint))
        return
    annotated = [("", public), ("__init__.", public.__init__)]
    annotated += [(f"{name}.", getter) for name, getter in _properties(public)]
    for prefix, target in annotated:
        for where, hint in _hints(target).items():
            yield from ((prefix + where, found) for found in _types_in(hint))


@pytest.mark.parametrize("name", ANNOTATED)
def test_the_annotations_of_every_public_name_resolve(name: str) -> None:
    public = getattr(chartgen, name)
    hints = _hints(public)
    if isinstance(public, type):
        init = _hints(public.__init__)
        for field_name in getattr(public, "__record_fields__", {}):
            assert init[field_name] == hints[field_name], field_name
        for _, getter in _properties(public):
            assert "return" in _hints(getter)
    else:
        assert "return" in hints


def test_every_type_the_api_takes_or_returns_is_exported() -> None:
    exported = {id(getattr(chartgen, name)) for name in NAMES}
    seen: set[type] = set()
    pending = [(name, getattr(chartgen, name)) for name in ANNOTATED]
    missing = []
    while pending:
        via, public = pending.pop()
        for where, found in _referenced(public):
            if not found.__module__.startswith("chartgen") or found in seen:
                continue
            seen.add(found)
            if id(found) not in exported:
                missing.append(f"{found.__module__}.{found.__qualname__} (in {via}: {where})")
            pending.append((found.__qualname__, found))
    assert missing == []
    assert {chartgen.MasterTaskContainerDefaults, chartgen.Plan, chartgen.Hazard} <= seen


def test_every_class_of_the_typed_model_is_public() -> None:
    """``chartgen.api`` finds the model's classes by its package's ``__all__``: none is left out."""
    from chartgen.values import model

    classes = {name for name in model.__all__ if isinstance(getattr(model, name), type)}
    assert classes <= set(NAMES)
    assert all(getattr(chartgen, name) is getattr(model, name) for name in classes)


def test_fixed_sets_are_literal_types() -> None:
    kind = _hints(chartgen.preview_pod)["kind"]
    assert typing.get_origin(kind) is typing.Literal and typing.get_args(kind) == KINDS
    (scheduler, none) = typing.get_args(_hints(chartgen.plan)["scheduler"])
    assert typing.get_args(scheduler) == SCHEDULERS and none is type(None)


def test_source_is_a_real_union_built_when_first_read() -> None:
    assert typing.get_args(chartgen.Source) == (
        str,
        os.PathLike[str],
        chartgen.ValuesText,
        collections.abc.Mapping[str, object],
        chartgen.Values,
    )
    assert (
        _hints(chartgen.load_values)["sources"] == chartgen.Source | collections.abc.Sequence[chartgen.Source]
    )


def test_a_resource_pools_pod_spec_is_typed_with_chartgen_alone() -> None:
    pool = chartgen.ResourcePool(
        pool_name="a100",
        task_container_defaults=chartgen.MasterTaskContainerDefaults(
            kubernetes=chartgen.KubernetesTaskDefaults(max_slots_per_pod=8),
            gpu_pod_spec={"spec": {"nodeSelector": {"gpu": "a100"}}},
        ),
    )
    values = chartgen.Values(
        maxSlotsPerPod=4,
        initialUserPassword="Passw0rdX-Here",
        db=chartgen.Db(keepOnUninstall=True),
        resourcePools=[pool],
    )
    loaded = chartgen.load_values(values)
    assert loaded.values["resourcePools"][0]["task_container_defaults"]["kubernetes"] == {
        "max_slots_per_pod": 8
    }
    assert isinstance(chartgen.preview_pod(loaded, kind="gpu", pool="a100").preview, chartgen.PodPreview)
