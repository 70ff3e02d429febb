"""Seed 003's sizing rules: the GCD of the node sizes, and CPU slots that fit what nodes allocate."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chartgen.planning.inventory import Node, cpu_nodes, gpu_nodes
from chartgen.planning.sizing import SizingError, cpu_sizing, gpu_sizing


def test_four_and_eight_gpu_nodes_recommend_four() -> None:
    assert gpu_sizing(gpu_nodes("4,8")).recommended == 4


def test_sixteen_core_nodes_with_fifteen_allocatable_take_one_slot_of_fifteen() -> None:
    sizing = cpu_sizing(cpu_nodes("15x3"))
    assert (sizing.slot_cpu_millis, sizing.recommended) == (15000, 1)


def test_thirty_two_and_sixty_four_core_nodes_with_cpu_fifteen_take_two() -> None:
    # 31 and 63 allocatable (a core kept for the system), or the full 32 and 64: either way 2 and 4 slots.
    for spec in ("31,63", "32,64"):
        sizing = cpu_sizing(cpu_nodes(spec), 15000)
        assert sizing.capacities == (2, 4)
        assert sizing.recommended == 2


def test_a_slot_larger_than_every_node_names_the_largest_allocatable() -> None:
    with pytest.raises(
        SizingError, match=r"a slot of 16 CPUs fits no node: the largest allocatable CPU count is 15\.5"
    ):
        cpu_sizing(cpu_nodes("7.91,15.5"), 16000)


def test_a_cluster_without_gpus_has_no_gpu_sizing() -> None:
    with pytest.raises(SizingError, match="no node has GPUs"):
        gpu_sizing([Node("cpu-1")])


def test_cpu_sizing_needs_every_nodes_allocatable() -> None:
    with pytest.raises(SizingError, match="gpu-1 has none"):
        cpu_sizing([Node("gpu-1", gpus=4)])


def test_nodes_without_gpus_do_not_shape_the_gpu_recommendation() -> None:
    assert gpu_sizing([Node("a", 6), Node("cpu"), Node("b", 4)]).recommended == 2


def _check_greatest_common_divisor(recommended: int, sizes: list[int]) -> None:
    used = [size for size in sizes if size]
    assert all(size % recommended == 0 for size in used)
    assert not any(
        all(size % larger == 0 for size in used) for larger in range(recommended + 1, min(used) + 1)
    )


@given(st.lists(st.integers(0, 16), min_size=1, max_size=12).filter(any))
def test_gpu_recommendation_divides_every_node(gpus: list[int]) -> None:
    recommended = gpu_sizing([Node(f"n{i}", g) for i, g in enumerate(gpus)]).recommended
    _check_greatest_common_divisor(recommended, gpus)


@given(
    st.lists(st.integers(1, 128_000), min_size=1, max_size=12),
    st.one_of(st.none(), st.integers(250, 64_000)),
)
def test_cpu_recommendation_divides_every_node(allocatable: list[int], slot: int | None) -> None:
    nodes = [Node(f"n{i}", cpu_millis=cpu) for i, cpu in enumerate(allocatable)]
    chosen = min(allocatable) if slot is None else slot
    # Slots per node counted by hand: how many slot requests fit the allocatable CPU.
    sizes = []
    for cpu in allocatable:
        count = 0
        while (count + 1) * chosen <= cpu:
            count += 1
        sizes.append(count)
    if not any(sizes):
        with pytest.raises(SizingError, match="fits no node"):
            cpu_sizing(nodes, slot)
        return
    sizing = cpu_sizing(nodes, slot)
    assert sizing.slot_cpu_millis == chosen
    assert list(sizing.capacities) == sizes
    _check_greatest_common_divisor(sizing.recommended, sizes)
