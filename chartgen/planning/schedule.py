"""Can each job ever start, and can the jobs together deadlock the cluster?

Model (seeds 000, 001, 003). With ``maxSlotsPerPod`` M, a job of N slots runs as
one pod of N slots when N ≤ M, as N/M pods of M slots when M divides N, and
never otherwise (the master refuses it). A pod lands on one node; a node of c
slots (GPUs, or ⌊allocatable / slot CPU⌋, see ``sizing``) holds pods whose
slots add up to at most c. A job starts only when all its pods run.

Schedulability is exact, not a heuristic. The pods of one job are all k slots;
a node of c slots holds at most ⌊c/k⌋ of them and nodes are independent, so
the cluster holds at most P(k) = Σ ⌊c_i/k⌋ at once, and first fit reaches that
bound. Equal sizes are what make this bin-packing instance easy.

Deadlock. Without gang scheduling the scheduler places pods one at a time, in
any order, each on any node with room (scoring preferences are not modelled, so
"impossible" holds whatever they are). A job with all its pods placed runs,
finishes and frees its slots. The jobs deadlock when some interleaving reaches a
stuck state: no pending pod fits on any node, no job has all its pods placed,
and at least one job is partially placed. Nothing changes from there on: the
partial jobs hold their slots forever and every other job waits. Only jobs that
can start alone take part; one that cannot is reported unschedulable instead
(alone it "deadlocks" already: seed 000's 16-GPU job on three 4-GPU nodes).

Theorem. Let C = P(M), and J the schedulable jobs of p_j ≥ 2 pods. A stuck state
is reachable iff C ≥ 1 and Σ_J (p_j − 1) ≥ C.

Only if: in a stuck state no job is complete, so no single-pod job is placed
and every placed pod is one of a_j (1 ≤ a_j ≤ p_j − 1) M-slot pods of a partial
job. No further M-slot pod fits iff each node i holds ⌊c_i/M⌋ of them, i.e.
Σ a_j = C; hence C ≤ Σ (p_j − 1), and C ≥ 1 since some a_j ≥ 1.
If: choose a_j ∈ [1, p_j − 1] adding up to C and place those pods first, filling
each node with ⌊c_i/M⌋ of them. No M-slot pod fits any more, so the other
multi-pod jobs place nothing; single-pod jobs that fit the leftovers run and
finish. Every maximal continuation ends stuck with the chosen jobs partial.

So the analysis is a sum and a sort, O(jobs · log jobs + nodes), whatever the
cluster's size. Every stuck state holds exactly C pods; the smallest example
uses the fewest jobs: those with the most pods, r of them for the least r whose
r largest (p_j − 1) reach C. ``tests/unit/plan/test_schedule.py`` checks the
theorem against an exhaustive search of the interleavings on small clusters.
"""

from __future__ import annotations

from collections.abc import Sequence

from chartgen.planning.sizing import Sizing, plural
from chartgen.records import record


@record(frozen=True, slots=True)
class JobPlan:
    slots: int
    pods: int | None  # None when the master refuses the size
    pod_slots: int
    schedulable: bool
    reason: str | None = None  # why not, when not schedulable


@record(frozen=True, slots=True)
class Placement:
    node: str
    job: int  # index into the jobs
    slots: int


@record(frozen=True, slots=True)
class Deadlock:
    """A reachable stuck state: ``held[j]`` pods of job j, placed in ``placements`` order."""

    held: dict[int, int]
    placements: tuple[Placement, ...]


def pods_at_once(capacities: Sequence[int], pod_slots: int) -> int:
    """How many pods of ``pod_slots`` slots the cluster holds together (exact, see above)."""
    return sum(capacity // pod_slots for capacity in capacities)


def plan_jobs(
    jobs: Sequence[int], max_slots_per_pod: int, sizing: Sizing, *, gang: bool
) -> tuple[JobPlan, ...]:
    """Whether each job (slots) can ever run alone on the empty cluster, and why not."""
    room = pods_at_once(sizing.capacities, max_slots_per_pod)
    largest = max(sizing.capacities)
    return tuple(_plan_job(slots, max_slots_per_pod, sizing, room, largest, gang) for slots in jobs)


def _plan_job(slots: int, m: int, sizing: Sizing, room: int, largest: int, gang: bool) -> JobPlan:
    amount = sizing.amount
    if slots <= m:
        if slots <= largest:
            return JobPlan(slots, 1, slots, True)
        return JobPlan(
            slots, 1, slots, False,
            f"{slots} slots run as one pod of {amount(slots)}, but the largest node holds {amount(largest)}",
        )  # fmt: skip
    if slots % m:
        lower = slots - slots % m
        return JobPlan(
            slots, None, m, False,
            f"{slots} slots is not a multiple of maxSlotsPerPod {m}: the master never schedules it "
            f"(use {lower} or {lower + m} slots)",
        )  # fmt: skip
    pods = slots // m
    if pods <= room:
        return JobPlan(slots, pods, m, True)
    if not room:
        return JobPlan(
            slots, pods, m, False, f"{slots} slots need {pods} pods of {amount(m)}, but no node holds one"
        )
    if gang:
        held = "the coscheduler keeps it waiting without holding any"
    else:
        started = "one pod" if room == 1 else f"its first {room} pods"
        held = f"without gang scheduling {started} would start and hold {amount(room * m)} forever"
    return JobPlan(
        slots, pods, m, False,
        f"{slots} slots need {pods} pods of {amount(m)}, but the cluster holds at most {plural(room, 'such pod')} "
        f"at once; {held}",
    )  # fmt: skip


def find_deadlock(
    jobs: Sequence[JobPlan], nodes: Sequence[str], capacities: Sequence[int], max_slots_per_pod: int
) -> Deadlock | None:
    """The smallest reachable stuck state without gang scheduling, or None (see the theorem above)."""
    m = max_slots_per_pod
    room = pods_at_once(capacities, m)
    # (pods, index) of the jobs that can hold slots while they wait, most pods first.
    waiting = sorted(
        (
            (job.pods, index)
            for index, job in enumerate(jobs)
            if job.schedulable and job.pods and job.pods >= 2
        ),
        key=lambda entry: (-entry[0], entry[1]),
    )
    if not room or sum(pods - 1 for pods, _ in waiting) < room:
        return None
    chosen: list[tuple[int, int]] = []
    reach = 0
    for pods, index in waiting:
        chosen.append((pods, index))
        reach += pods - 1
        if reach >= room:
            break
    held: dict[int, int] = {}
    left = room
    for position, (pods, index) in enumerate(sorted(chosen, key=lambda entry: entry[1])):
        later = len(chosen) - position - 1  # each later job needs at least one pod
        held[index] = min(pods - 1, left - later)
        left -= held[index]
    owners = iter([index for index, count in held.items() for _ in range(count)])
    placements = tuple(
        Placement(node, next(owners), m)
        for node, capacity in zip(nodes, capacities, strict=True)
        for _ in range(capacity // m)
    )
    return Deadlock(held, placements)
