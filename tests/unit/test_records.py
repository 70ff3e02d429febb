"""``chartgen.records`` does what chartgen used ``dataclasses`` for, checked against ``dataclasses`` itself."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from chartgen.records import field, record, replace


@record(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list, compare=False, repr=False)


@dataclasses.dataclass(frozen=True, slots=True)
class Reference:
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list, compare=False, repr=False)


@record(order=True, frozen=True)
class Ordered:
    a: str
    b: str


@record
class Mutable:
    items: list[int] = field(default_factory=list)
    name: str = "n"


def test_construction_equality_hash_and_repr_match_dataclasses() -> None:
    for args, kwargs in [((1,), {}), ((1, 2), {}), ((), {"x": 3, "y": 4}), ((5,), {"tags": ["t"]})]:
        ours, theirs = Point(*args, **kwargs), Reference(*args, **kwargs)
        assert (ours.x, ours.y, ours.tags) == (theirs.x, theirs.y, theirs.tags)
        assert repr(ours).replace("Point", "Reference") == repr(theirs)
    assert Point(1, 2, ["a"]) == Point(1, 2, ["b"]) and hash(Point(1, 2, ["a"])) == hash(Point(1, 2))
    assert Point(1) != Point(2) and Point(1) != Reference(1)
    assert Point(1).tags is not Point(1).tags


def test_wrong_arguments_are_refused_as_by_dataclasses() -> None:
    for args, kwargs in [((), {}), ((1, 2, [], 4), {}), ((1,), {"x": 2}), ((1,), {"z": 2})]:
        with pytest.raises(TypeError):
            Point(*args, **kwargs)
        with pytest.raises(TypeError):
            Reference(*args, **kwargs)


def test_frozen_records_refuse_assignment_and_have_no_dict() -> None:
    point = Point(1)
    with pytest.raises(AttributeError):
        point.x = 2  # type: ignore[misc]
    assert not hasattr(point, "__dict__") and Point.__slots__ == ("x", "y", "tags")


def test_copies_pickles_and_replace_keep_every_field() -> None:
    point = Point(1, 2, ["t"])
    for twin in (copy.copy(point), copy.deepcopy(point), pickle.loads(pickle.dumps(point))):
        assert twin == point and twin.tags == ["t"]
    assert replace(point, y=5) == Point(1, 5) and replace(point, y=5).tags == ["t"]


def test_order_and_mutable_records() -> None:
    assert sorted([Ordered("b", "a"), Ordered("a", "z")]) == [Ordered("a", "z"), Ordered("b", "a")]
    first = Mutable()
    first.items.append(1)
    first.name = "m"
    assert Mutable().items == [] and first == Mutable([1], "m")
    with pytest.raises(TypeError):
        hash(first)
