"""``plan``'s answer for people: sizing, one line per job, then the deadlock verdict with its example."""

from __future__ import annotations

import textwrap

from chartgen.hints import typing
from chartgen.planning.analyse import Plan
from chartgen.planning.request import Request
from chartgen.planning.schedule import Deadlock
from chartgen.planning.sizing import plural
from chartgen.printable import printable
from chartgen.records import record

WIDTH = 88
SHOWN_NODES = 12


@record(frozen=True)
class PlanReport:
    """What ``chartgen.plan`` returns: the plan, and the settings it used with where each came from."""

    plan: Plan
    request: Request

    @property
    def ok(self) -> bool:
        """Every job schedulable, no deadlock possible and no sizing mistake (``plan`` exits 0)."""
        return self.plan.ok

    def to_json(self) -> dict[str, typing.Any]:
        return self.plan.to_json()

    def text(self) -> str:
        return render_text(self.plan, self.request)


def render_text(plan: Plan, request: Request) -> str:
    """The human answer: sizing, one line per job, then the deadlock verdict with its example."""
    from chartgen.planning.inventory import format_cpu

    sizing, m = plan.sizing, plan.max_slots_per_pod
    lines = [f"cluster: {_cluster_line(plan)}"]
    if sizing.slot_cpu_millis is not None:
        source = request.slot_cpu_source
        lines.append(f"slotResourceRequests.cpu: {format_cpu(sizing.slot_cpu_millis)} ({source})")
    sizes = ", ".join(str(c) for c in sorted(set(sizing.capacities)) if c)
    per_node = "GPUs" if sizing.slot_type == "gpu" else "slots"
    recommended = f"recommended: the greatest common divisor of the {per_node} per node: {sizes}"
    if request.max_slots_per_pod is None:
        lines.append(f"maxSlotsPerPod: {m} ({recommended})")
    else:
        lines.append(f"maxSlotsPerPod: {m} ({request.max_slots_source}; recommended: {sizing.recommended})")
    lines.append(f"the cluster holds {plural(plan.pods_at_once, 'pod')} of {sizing.amount(m)} at once")
    if plan.jobs:
        lines.append("")
    for number, job in enumerate(plan.jobs, start=1):
        if job.schedulable:
            pods = f"{plural(job.pods or 0, 'pod')} of {sizing.amount(job.pod_slots)}"
            lines.append(f"job {number}: {plural(job.slots, 'slot')} as {pods}: schedulable")
        else:
            lines.append(_wrap(f"job {number}: {plural(job.slots, 'slot')}: not schedulable: {job.reason}"))
    lines.append("")
    if plan.deadlock_possible and plan.stuck is not None:
        lines.append("deadlock: possible without gang scheduling")
        lines.append(_wrap(plan.stuck_story(plan.stuck) + ":", indent="  "))
        lines.extend(_placement_lines(plan.stuck))
        lines.append(
            _wrap("fix: gang scheduling (defaultScheduler: coscheduler), or submit the jobs one by one", "  ")
        )
    else:
        lines.append(_wrap(f"deadlock: not possible: {plan.deadlock_reason()}"))
    # Problems and notes name nodes, whose names are the user's text.
    lines.extend(_wrap(printable(f"error: {problem}")) for problem in plan.problems)
    lines.extend(_wrap(printable(f"note: {note}")) for note in plan.notes)
    return "\n".join(lines) + "\n"


def _wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(
        text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ",
        break_long_words=False, break_on_hyphens=False,
    )  # fmt: skip


def _cluster_line(plan: Plan) -> str:
    from collections import Counter

    from chartgen.planning.inventory import format_cpu

    nodes = plan.nodes
    gpu = plan.sizing.slot_type == "gpu"
    counts = Counter(node.gpus if gpu else node.cpu_millis or 0 for node in nodes)
    if gpu:
        groups = ", ".join(
            f"{count} × {plural(size, 'GPU')}" if size else f"{count} without GPUs"
            for size, count in sorted(counts.items())
        )
        return f"{plural(len(nodes), 'node')}, {plural(sum(counts.elements()), 'GPU')} ({groups})"
    groups = ", ".join(f"{count} × {format_cpu(size)} CPUs" for size, count in sorted(counts.items()))
    return f"{plural(len(nodes), 'node')} ({groups} allocatable)"


def _placement_lines(stuck: Deadlock) -> list[str]:
    per_node: dict[str, list[int]] = {}
    for place in stuck.placements:
        per_node.setdefault(place.node, []).append(place.job + 1)
    lines = []
    for node, jobs in list(per_node.items())[:SHOWN_NODES]:
        parts = []
        for job in sorted(set(jobs)):
            parts.append(f"{plural(jobs.count(job), 'pod')} of job {job}")
        lines.append(f"    {printable(node)}: {', '.join(parts)}")
    if len(per_node) > SHOWN_NODES:
        lines.append(f"    ... and {len(per_node) - SHOWN_NODES} more full nodes (--format json lists them)")
    return lines
