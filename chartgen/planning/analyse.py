"""One answer for a cluster and a set of jobs: sizing, per-job verdicts, deadlock risk."""

from __future__ import annotations

from collections.abc import Sequence

from chartgen.hints import typing
from chartgen.planning.inventory import Node, cpu_number, format_cpu
from chartgen.planning.schedule import Deadlock, JobPlan, find_deadlock, plan_jobs, pods_at_once
from chartgen.planning.sizing import Sizing, cpu_sizing, gpu_sizing, plural
from chartgen.records import record

SCHEDULERS = ("default", "coscheduler")


@record(frozen=True)
class Plan:
    nodes: tuple[Node, ...]
    sizing: Sizing
    max_slots_per_pod: int
    scheduler: str
    jobs: tuple[JobPlan, ...]
    stuck: Deadlock | None  # reachable when pods are placed one by one
    notes: tuple[str, ...]
    #: Sizing mistakes lint also reports as errors (a size that leaves GPUs idle or fits nowhere).
    problems: tuple[str, ...] = ()

    @property
    def gang(self) -> bool:
        return self.scheduler == "coscheduler"

    @property
    def deadlock_possible(self) -> bool:
        return self.stuck is not None and not self.gang

    @property
    def pods_at_once(self) -> int:
        return pods_at_once(self.sizing.capacities, self.max_slots_per_pod)

    @property
    def ok(self) -> bool:
        return all(job.schedulable for job in self.jobs) and not self.deadlock_possible and not self.problems

    @property
    def resource(self) -> str:
        return "GPUs" if self.sizing.slot_type == "gpu" else "CPUs"

    def stuck_story(self, stuck: Deadlock) -> str:
        """``if job 1 places 2 of its 3 pods and job 2 places 1 of its 3 pods, ...``"""
        moves = [
            f"job {index + 1} places {held} of its {self.jobs[index].pods} pods"
            for index, held in sorted(stuck.held.items())
        ]
        return (
            f"if {_and(moves)}, no node has room for another pod of "
            f"{self.sizing.amount(self.max_slots_per_pod)}, and a job frees its {self.resource} "
            f"only after all its pods run"
        )

    def deadlock_reason(self) -> str:
        if self.gang:
            reason = f"the coscheduler places all of a job's pods or none, so no job holds {self.resource} while it waits"
            if self.stuck is not None:
                reason += (
                    f"; with the default scheduler these jobs could deadlock: {self.stuck_story(self.stuck)}"
                )
            return reason
        if self.stuck is not None:
            return self.stuck_story(self.stuck)
        multi = [job for job in self.jobs if job.schedulable and (job.pods or 0) >= 2]
        if not multi:
            reason = (
                f"no schedulable job needs more than one pod, so none holds {self.resource} while it waits"
            )
        else:
            held = sum((job.pods or 0) - 1 for job in multi)
            reason = (
                f"jobs still waiting for pods hold at most {plural(held, 'pod')} of "
                f"{self.sizing.amount(self.max_slots_per_pod)} between them (each all its pods but one), "
                f"fewer than the {self.pods_at_once} the cluster holds: a waiting job can always place "
                f"its next pod once running jobs finish"
            )
        if not all(job.schedulable for job in self.jobs):
            reason += "; jobs that can never be scheduled are left out"
        return reason

    def to_json(self) -> dict[str, typing.Any]:
        """The ``plan --format json`` document; job numbers count from 1 in ``--jobs`` order."""
        out: dict[str, typing.Any] = {
            "slotType": self.sizing.slot_type,
            "scheduler": self.scheduler,
            "maxSlotsPerPod": self.max_slots_per_pod,
            "recommendedMaxSlotsPerPod": self.sizing.recommended,
        }
        if self.sizing.slot_cpu_millis is not None:
            out["slotResourceRequests"] = {"cpu": cpu_number(self.sizing.slot_cpu_millis)}
        out["podsAtOnce"] = self.pods_at_once
        out["jobs"] = [
            {"slots": job.slots, "pods": job.pods, "schedulable": job.schedulable, "reason": job.reason}
            for job in self.jobs
        ]
        out["deadlockPossible"] = self.deadlock_possible
        out["deadlockReason"] = self.deadlock_reason()
        out["example"] = None
        if self.deadlock_possible and self.stuck is not None:
            out["example"] = {
                "jobs": [
                    {
                        "job": index + 1,
                        "slots": self.jobs[index].slots,
                        "pods": self.jobs[index].pods,
                        "placedPods": held,
                    }
                    for index, held in sorted(self.stuck.held.items())
                ],
                "placements": [
                    {"node": place.node, "job": place.job + 1, "slots": place.slots}
                    for place in self.stuck.placements
                ],
            }
        out["problems"] = list(self.problems)
        out["notes"] = list(self.notes)
        return out


def analyse(
    nodes: Sequence[Node],
    jobs: Sequence[int] = (),
    *,
    slot_type: str = "gpu",
    scheduler: str = "default",
    max_slots_per_pod: int | None = None,
    slot_cpu_millis: int | None = None,
) -> Plan:
    """Plan ``jobs`` (slots each) on ``nodes``; ``max_slots_per_pod`` defaults to the recommendation.

    Raises ``SizingError`` when no sizing works (no GPU node; a CPU slot larger than every node).
    """
    if scheduler not in SCHEDULERS:
        raise ValueError(f"unknown scheduler {scheduler!r}")
    sizing = gpu_sizing(nodes) if slot_type == "gpu" else cpu_sizing(nodes, slot_cpu_millis)
    m = max_slots_per_pod or sizing.recommended
    plans = plan_jobs(jobs, m, sizing, gang=scheduler == "coscheduler")
    stuck = find_deadlock(plans, [node.name for node in nodes], sizing.capacities, m)
    problems = _problems(nodes, sizing, m)
    return Plan(
        tuple(nodes), sizing, m, scheduler, plans, stuck, tuple(_notes(nodes, sizing)), tuple(problems)
    )


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _names(nodes: Sequence[Node]) -> str:
    shown = ", ".join(node.name for node in nodes[:3])
    return shown + (f" and {len(nodes) - 3} more" if len(nodes) > 3 else "")


def _by_size(nodes: Sequence[Node], sizing: Sizing) -> dict[int, list[Node]]:
    by_size: dict[int, list[Node]] = {}
    for node, capacity in zip(nodes, sizing.capacities, strict=True):
        by_size.setdefault(capacity, []).append(node)
    return by_size


def _problems(nodes: Sequence[Node], sizing: Sizing, m: int) -> list[str]:
    """A maxSlotsPerPod that fits no node, or leaves slots idle: errors, as lint says too."""
    problems = []
    by_size = _by_size(nodes, sizing)
    if m > max(sizing.capacities):
        problems.append(
            f"maxSlotsPerPod {m} is larger than any node (the largest holds "
            f"{sizing.amount(max(sizing.capacities))}), so pods of {m} slots fit nowhere"
        )
    else:
        for capacity, group in sorted(by_size.items()):
            if capacity and capacity % m:
                problems.append(
                    f"maxSlotsPerPod {m} does not divide the {sizing.amount(capacity)} of {_names(group)}: "
                    f"multi-pod jobs leave {sizing.amount(capacity % m)} there idle; "
                    f"{sizing.recommended}, the greatest common divisor, divides every node"
                )
    return problems


def _notes(nodes: Sequence[Node], sizing: Sizing) -> list[str]:
    """What the sizing cannot use: nodes no slot fits."""
    notes: list[str] = []
    empty = _by_size(nodes, sizing).get(0, [])
    if empty and sizing.slot_cpu_millis is not None:
        notes.append(
            f"{_names(empty)} cannot hold a slot of {format_cpu(sizing.slot_cpu_millis)} CPUs "
            f"(allocatable: {', '.join(format_cpu(cpu) for cpu in sorted({n.cpu_millis or 0 for n in empty}))})"
        )
    elif empty:
        notes.append(f"{_names(empty)} {'has' if len(empty) == 1 else 'have'} no GPUs and take no GPU slots")
    return notes
