"""Schedulability and deadlock, checked against placements and interleavings the tests build themselves.

The planner decides deadlock with a closed form (``chartgen/planning/schedule.py``).
Here an exhaustive search walks every interleaving of pod placements and job
completions on small clusters, and must agree with it both ways.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chartgen.planning import Node, Plan, analyse
from chartgen.planning.inventory import cpu_nodes, gpu_nodes

Job = tuple[int, int]  # (pods, slots per pod)


def pods_of(slots: int, max_slots_per_pod: int) -> Job | None:
    """Seed 003's rule, restated: one pod up to the maximum, else equal pods of the maximum."""
    if slots <= max_slots_per_pod:
        return (1, slots)
    if slots % max_slots_per_pod == 0:
        return (slots // max_slots_per_pod, max_slots_per_pod)
    return None


def first_fit(free: list[int], pods: int, size: int) -> list[int] | None:
    """Put each pod on the first node with room; for pods of one size it fails only if nothing can."""
    free = list(free)
    where = []
    for _ in range(pods):
        for index, room in enumerate(free):
            if room >= size:
                free[index] -= size
                where.append(index)
                break
        else:
            return None
    return where


def can_get_stuck(capacities: list[int], jobs: list[Job]) -> bool:
    """Every interleaving, searched: pods placed one by one on any node with room, complete jobs leaving.

    Stuck: nothing can happen any more (no pod fits, no job is complete) while some job holds pods.
    """
    count = len(jobs)
    capacities = sorted(capacities)

    def canonical(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        # Nodes of equal size are interchangeable: order their rows.
        return tuple(row for _, row in sorted(zip(capacities, grid, strict=True)))

    start = (tuple((0,) * count for _ in capacities), (False,) * count)
    seen = set()
    todo = [start]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        grid, done = state
        placed = [sum(row[j] for row in grid) for j in range(count)]
        free = [
            cap - sum(row[j] * jobs[j][1] for j in range(count))
            for cap, row in zip(capacities, grid, strict=True)
        ]
        successors = []
        for j, (pods, size) in enumerate(jobs):
            if done[j]:
                continue
            if placed[j] == pods:  # complete: it runs, finishes and frees its nodes
                cleared = tuple(tuple(0 if k == j else n for k, n in enumerate(row)) for row in grid)
                successors.append((canonical(cleared), tuple(d or k == j for k, d in enumerate(done))))
                continue
            for i, room in enumerate(free):
                if room >= size:
                    row = tuple(n + (k == j) for k, n in enumerate(grid[i]))
                    successors.append((canonical((*grid[:i], row, *grid[i + 1 :])), done))
        if not successors and any(placed[j] and not done[j] for j in range(count)):
            return True
        todo.extend(successors)
    return False


def replay(plan: Plan) -> dict[int, int]:
    """Place the example's pods in order, checking each fits; return the pods each job holds."""
    assert plan.stuck is not None
    free = dict(zip((n.name for n in plan.nodes), plan.sizing.capacities, strict=True))
    held: dict[int, int] = {}
    for place in plan.stuck.placements:
        assert free[place.node] >= place.slots
        assert place.slots == plan.jobs[place.job].pod_slots
        free[place.node] -= place.slots
        held[place.job] = held.get(place.job, 0) + 1
    assert held == plan.stuck.held
    for job, pods in held.items():
        assert plan.jobs[job].schedulable
        assert 0 < pods < (plan.jobs[job].pods or 0)  # partially placed, so holding its slots
        assert all(room < plan.jobs[job].pod_slots for room in free.values())  # its next pod fits nowhere
    return held


# Seed examples (000, 001, 003).


def test_a_sixteen_slot_job_on_three_four_gpu_nodes_is_never_scheduled() -> None:
    plan = analyse(gpu_nodes("4x3"), [16])
    (job,) = plan.jobs
    assert (job.pods, job.pod_slots, job.schedulable) == (4, 4, False)
    assert job.reason is not None
    assert job.reason.startswith(
        "16 slots need 4 pods of 4 GPUs, but the cluster holds at most 3 such pods at once"
    )
    assert "its first 3 pods would start and hold 12 GPUs forever" in job.reason
    assert not plan.ok


def test_two_twelve_slot_jobs_on_twelve_gpus_can_deadlock_without_gang_scheduling() -> None:
    plan = analyse(gpu_nodes("4x3"), [12, 12])
    assert [job.schedulable for job in plan.jobs] == [True, True]
    assert plan.deadlock_possible and not plan.ok
    assert sorted(replay(plan).values()) == [1, 2]  # e.g. two pods of one job and one of the other


def test_the_coscheduler_makes_the_two_twelve_slot_jobs_safe() -> None:
    plan = analyse(gpu_nodes("4x3"), [12, 12], scheduler="coscheduler")
    assert not plan.deadlock_possible and plan.ok
    assert plan.deadlock_reason().startswith("the coscheduler places all of a job's pods or none")
    assert plan.to_json()["example"] is None


def test_twelve_gpus_on_one_node_run_each_twelve_slot_job_as_one_pod() -> None:
    plan = analyse(gpu_nodes("12"), [12, 12])
    assert [job.pods for job in plan.jobs] == [1, 1]
    assert not plan.deadlock_possible


# Per-job verdicts.


def test_sizes_the_master_refuses_suggest_the_nearest_multiples() -> None:
    (job,) = analyse(gpu_nodes("4,8"), [6]).jobs
    assert (job.pods, job.schedulable) == (None, False)
    assert (
        job.reason
        == "6 slots is not a multiple of maxSlotsPerPod 4: the master never schedules it (use 4 or 8 slots)"
    )


def test_a_single_pod_larger_than_every_node_is_never_scheduled() -> None:
    (job,) = analyse(gpu_nodes("4,4"), [8], max_slots_per_pod=8).jobs
    assert job.reason == "8 slots run as one pod of 8 GPUs, but the largest node holds 4 GPUs"


def test_the_check_is_a_packing_not_a_sum() -> None:
    # 20 GPUs for 16 slots, but only one node can hold a pod of 8.
    (job,) = analyse(gpu_nodes("8,6,6"), [16], max_slots_per_pod=8).jobs
    assert not job.schedulable
    assert job.reason is not None and "but the cluster holds at most 1 such pod at once" in job.reason


def test_with_gang_scheduling_an_unschedulable_job_holds_nothing() -> None:
    (job,) = analyse(gpu_nodes("4x3"), [16], scheduler="coscheduler").jobs
    assert job.reason is not None and job.reason.endswith(
        "the coscheduler keeps it waiting without holding any"
    )


def test_cpu_jobs_count_cpus_per_pod() -> None:
    plan = analyse(cpu_nodes("31,31,63,63"), [16], slot_type="cpu", slot_cpu_millis=15000)
    (job,) = plan.jobs
    assert (job.pods, job.pod_slots, job.schedulable) == (8, 2, False)
    assert job.reason is not None
    assert job.reason.startswith("16 slots need 8 pods of 2 slots (30 CPUs), but the cluster holds at most 6")


# Deadlock: when, and the smallest example.


def test_jobs_that_can_hold_every_place_only_while_complete_cannot_deadlock() -> None:
    plan = analyse(gpu_nodes("4x4"), [8, 8, 8])  # at most 3 pods held by waiting jobs, 4 places
    assert not plan.deadlock_possible and plan.ok
    assert "hold at most 3 pods of 4 GPUs between them" in plan.deadlock_reason()


def test_four_two_pod_jobs_on_four_nodes_can_each_take_one_node() -> None:
    plan = analyse(gpu_nodes("4x4"), [8, 8, 8, 8])
    assert replay(plan) == {0: 1, 1: 1, 2: 1, 3: 1}


def test_the_example_uses_the_fewest_jobs() -> None:
    plan = analyse(gpu_nodes("4x4"), [8, 12, 8, 8, 8])
    assert replay(plan) == {1: 2, 0: 1, 2: 1}  # the 3-pod job saves a job over four 2-pod jobs
    assert not can_get_stuck([4] * 4, [(2, 4), (3, 4)])  # and no two jobs can do it


def test_unschedulable_jobs_are_left_out_of_the_deadlock_analysis() -> None:
    plan = analyse(gpu_nodes("4x3"), [16, 4])
    assert plan.stuck is None
    assert plan.deadlock_reason().endswith("jobs that can never be scheduled are left out")


# Properties.

gpu_clusters = st.lists(st.integers(1, 16), min_size=1, max_size=8)


@given(gpu_clusters, st.integers(1, 16), st.lists(st.integers(1, 64), max_size=6))
def test_schedulable_jobs_have_a_placement_and_others_none(gpus: list[int], m: int, jobs: list[int]) -> None:
    plan = analyse([Node(f"n{i}", g) for i, g in enumerate(gpus)], jobs, max_slots_per_pod=m)
    for slots, job in zip(jobs, plan.jobs, strict=True):
        shape = pods_of(slots, m)
        placement = None if shape is None else first_fit(gpus, *shape)
        assert job.schedulable == (placement is not None), (gpus, m, slots, job)
        assert (job.reason is None) == job.schedulable


@given(
    st.lists(st.integers(1000, 96_000), min_size=1, max_size=8),
    st.integers(500, 32_000),
    st.integers(1, 4),
    st.lists(st.integers(1, 32), max_size=6),
)
def test_schedulable_cpu_jobs_have_a_placement(
    allocatable: list[int], slot: int, m: int, jobs: list[int]
) -> None:
    if max(allocatable) < slot:
        return
    nodes = [Node(f"n{i}", cpu_millis=cpu) for i, cpu in enumerate(allocatable)]
    plan = analyse(nodes, jobs, slot_type="cpu", slot_cpu_millis=slot, max_slots_per_pod=m)
    for slots, job in zip(jobs, plan.jobs, strict=True):
        shape = pods_of(slots, m)
        # Placed by CPU request against allocatable CPU, as the Kubernetes scheduler counts.
        placement = None if shape is None else first_fit(allocatable, shape[0], shape[1] * slot)
        assert job.schedulable == (placement is not None)


small_clusters = st.lists(st.integers(1, 6), min_size=1, max_size=3)


@st.composite
def small_workloads(draw: st.DrawFn) -> tuple[int, list[int]]:
    """maxSlotsPerPod and up to three jobs of at most four pods, to keep the search small."""
    m = draw(st.integers(1, 3))
    return m, draw(st.lists(st.integers(1, 4 * m), min_size=1, max_size=3))


@settings(max_examples=300, deadline=None)
@given(small_clusters, small_workloads())
def test_deadlock_verdict_matches_exhaustive_search(gpus: list[int], workload: tuple[int, list[int]]) -> None:
    m, slots = workload
    plan = analyse([Node(f"n{i}", g) for i, g in enumerate(gpus)], slots, max_slots_per_pod=m)
    # Jobs that can start alone, found by the test itself; the master refuses the rest outright.
    runnable = [shape for shape in (pods_of(s, m) for s in slots) if shape and first_fit(gpus, *shape)]
    assert (plan.stuck is not None) == can_get_stuck(gpus, runnable), (gpus, m, slots)
    if plan.stuck is not None:
        held = replay(plan)
        # Fewest jobs: no smaller set of the jobs can get stuck on its own.
        multi = [shape for shape in runnable if shape[0] > 1]
        for fewer in combinations(multi, len(held) - 1):
            assert not can_get_stuck(gpus, list(fewer))


@given(
    st.lists(st.integers(1, 16), min_size=1, max_size=100),
    st.lists(st.integers(1, 128), max_size=20),
    st.sampled_from(["default", "coscheduler"]),
)
def test_a_reported_deadlock_replays_to_a_stuck_state(
    gpus: list[int], slots: list[int], scheduler: str
) -> None:
    plan = analyse([Node(f"n{i}", g) for i, g in enumerate(gpus)], slots, scheduler=scheduler)
    assert plan.deadlock_possible == (plan.stuck is not None and scheduler == "default")
    if plan.stuck is not None:
        held = replay(plan)
        assert sum(held.values()) == plan.pods_at_once
        example = plan.to_json()["example"]
        if scheduler == "default":
            assert [p["job"] - 1 for p in example["placements"]] == [p.job for p in plan.stuck.placements]


@pytest.mark.parametrize("scheduler", ["default", "coscheduler"])
def test_json_has_the_documented_keys(scheduler: str) -> None:
    out = analyse(
        cpu_nodes("31x2,63x2"), [4, 6, 5], slot_type="cpu", slot_cpu_millis=15000, scheduler=scheduler
    ).to_json()
    assert {"maxSlotsPerPod", "slotResourceRequests", "jobs", "deadlockPossible", "example"} <= out.keys()
    assert out["maxSlotsPerPod"] == 2 and out["slotResourceRequests"] == {"cpu": 15}
    assert [set(job) for job in out["jobs"]] == [{"slots", "pods", "schedulable", "reason"}] * 3
    assert [job["schedulable"] for job in out["jobs"]] == [True, True, False]
