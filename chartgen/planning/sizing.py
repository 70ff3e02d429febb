"""How many slots each node holds, and the ``maxSlotsPerPod`` that wastes none of them.

A multi-pod task runs as pods of exactly ``maxSlotsPerPod`` slots, so a node of c
slots serves such tasks fully only when ``maxSlotsPerPod`` divides c. The greatest
common divisor of the node sizes is the largest value dividing them all: it keeps
every slot usable with the fewest pods per task (seed 003's rule).

CPU slots count whole slots per node: pods of k slots request k × ``cpu`` each,
and n of them fit a node iff n·k·cpu ≤ allocatable, i.e. n·k ≤ ⌊allocatable / cpu⌋,
so ``⌊allocatable / cpu⌋`` is the node's size in slots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from chartgen.planning.inventory import Node, format_cpu
from chartgen.records import record


class SizingError(ValueError):
    """No slot sizing works for this cluster."""


@record(frozen=True, slots=True)
class Sizing:
    slot_type: str  # "gpu" or "cpu"
    capacities: tuple[int, ...]  # slots each node holds, in node order
    recommended: int  # greatest common divisor of the non-zero capacities
    slot_cpu_millis: int | None = None  # CPU slots only: slotResourceRequests.cpu

    def amount(self, slots: int) -> str:
        """``4 GPUs`` or ``2 slots (30 CPUs)``: how a pod or node size reads to users."""
        if self.slot_cpu_millis is None:
            return plural(slots, "GPU")
        cpus = slots * self.slot_cpu_millis
        return f"{plural(slots, 'slot')} ({format_cpu(cpus)} CPU{'' if cpus == 1000 else 's'})"


def plural(count: int, noun: str) -> str:
    """``1 pod``, ``3 pods``; the ``s`` goes on the last word of ``noun``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def gpu_sizing(nodes: Sequence[Node]) -> Sizing:
    """GPU slots: a node holds as many slots as it has GPUs."""
    capacities = tuple(node.gpus for node in nodes)
    if not any(capacities):
        raise SizingError(
            "no node has GPUs; for a CPU-only cluster give cpu_allocatable, or slotType: cpu in the values"
        )
    return Sizing("gpu", capacities, math.gcd(*capacities))


def cpu_sizing(nodes: Sequence[Node], slot_cpu_millis: int | None = None) -> Sizing:
    """CPU slots of ``slot_cpu_millis`` each; by default one slot fills the smallest node."""
    missing = [node.name for node in nodes if node.cpu_millis is None]
    if missing or not nodes:
        raise SizingError(
            "CPU slots need every node's allocatable CPU"
            + (
                f"; {', '.join(missing[:3])}{' and more' if len(missing) > 3 else ''} has none"
                if missing
                else ""
            )
        )
    allocatable = [node.cpu_millis or 0 for node in nodes]
    slot = slot_cpu_millis if slot_cpu_millis is not None else min(allocatable)
    capacities = tuple(cpu // slot for cpu in allocatable)
    if not any(capacities):
        raise SizingError(
            f"a slot of {format_cpu(slot)} CPUs fits no node: "
            f"the largest allocatable CPU count is {format_cpu(max(allocatable))}"
        )
    return Sizing("cpu", capacities, math.gcd(*capacities), slot)
