"""Slot sizing against the nodes in ``cluster.nodes``, chartgen's inventory (upstream Helm ignores it).

Seeds 000, 001 and 003 leave users to check by hand that ``maxSlotsPerPod`` suits
their nodes; with an inventory, lint does it. Each resource pool of the main
cluster takes its ``max_slots_per_pod`` from ``task_container_defaults.kubernetes``
or else from ``maxSlotsPerPod``, and runs on the node groups that name it and
those that name no pool. A node holds as many slots as it has GPUs, or for
CPU slots ``⌊allocatableCpu / slotResourceRequests.cpu⌋`` (``chartgen.planning.sizing``).
Pools of additional resource managers run on other clusters, whose settings
these rules do not check.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from chartgen.diagnostics import ChartgenError, Diagnostic, Path, Severity, dotted, listed
from chartgen.hints import TYPE_CHECKING
from chartgen.records import record
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy
from chartgen.validation.rules.pools import MASTER_DEFAULT_POOL, pool_entries, pool_names
from chartgen.validation.rules.slots import slot_type
from chartgen.yamlio.resolve import go_string

if TYPE_CHECKING:
    from chartgen.planning.inventory import NodeGroup
    from chartgen.planning.sizing import Sizing

GLOBAL: Path = ("maxSlotsPerPod",)
SLOT_CPU: Path = ("slotResourceRequests", "cpu")
POOL_OVERRIDE = ("task_container_defaults", "kubernetes", "max_slots_per_pod")
GPU_SLOT_TYPES = ("gpu", "rocm")


@record(frozen=True)
class Setting:
    """A written ``max_slots_per_pod`` and the node groups of the pools that use it."""

    path: Path
    value: int
    pools: tuple[str, ...]
    groups: tuple[NodeGroup, ...]

    @property
    def label(self) -> str:
        return "maxSlotsPerPod" if self.path == GLOBAL else f"max_slots_per_pod of pool {self.pools[0]!r}"

    @property
    def named(self) -> str:
        """``maxSlotsPerPod 8`` or ``max_slots_per_pod 8 of pool 'big'``."""
        if self.path == GLOBAL:
            return f"maxSlotsPerPod {self.value}"
        return f"max_slots_per_pod {self.value} of pool {self.pools[0]!r}"


@record(frozen=True)
class Sized:
    """One setting against the node groups it serves that can hold slots of the slot type."""

    setting: Setting
    slots: tuple[tuple[NodeGroup, int], ...]  # (group, slots each of its nodes holds)
    sizing: Sizing | None  # None when no node holds a single slot

    @property
    def fits_nowhere(self) -> bool:
        """A pod of ``max_slots_per_pod`` slots fits no node (though some node holds a slot)."""
        return self.sizing is not None and self.setting.value > max(self.sizing.capacities)

    def largest(self) -> tuple[NodeGroup, int]:
        return max(self.slots, key=lambda pair: pair[1])

    def sizes(self) -> str:
        return ", ".join(str(size) for size in sorted({slots for _, slots in self.slots if slots}))


def _inventory(ctx: Context) -> list[NodeGroup] | None:
    if ctx.get("cluster", user=True) is None:
        return None
    from chartgen.planning.inventory import values_groups

    try:
        return values_groups(ctx.loaded)
    except ChartgenError:
        return None  # the structure rules locate each bad field


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _settings(ctx: Context, groups: Sequence[NodeGroup]) -> list[Setting]:
    """Each ``max_slots_per_pod`` some pool of the main cluster uses, with the groups serving those pools."""
    from chartgen.planning.inventory import serving

    pools: list[tuple[Path | None, str]]
    if truthy(ctx.get("resourcePools")):
        pools = [
            (path, go_string(name))
            for path, name in pool_entries(ctx)
            if path[0] == "resourcePools" and truthy(name)
        ]
    else:
        pools = [(None, MASTER_DEFAULT_POOL)]
    users: dict[Path, tuple[list[str], set[Path]]] = {}
    for entry, name in pools:
        path = (
            GLOBAL if entry is None or ctx.get(*entry, *POOL_OVERRIDE) is None else (*entry, *POOL_OVERRIDE)
        )
        names, served = users.setdefault(path, ([], set()))
        names.append(name)
        served.update(group.path for group in serving(groups, name))
    found = []
    for path, (names, served) in users.items():
        value = ctx.get(*path)
        if _positive(value):
            found.append(
                Setting(path, value, tuple(names), tuple(group for group in groups if group.path in served))
            )
    return found


def _slot_cpu(ctx: Context) -> int | None:
    """``slotResourceRequests.cpu`` in millicores, or None when unset or not a CPU count (others report it)."""
    from chartgen.planning.inventory import InventoryError, cpu_millis

    value = ctx.get(*SLOT_CPU)
    if value is None:
        return None
    try:
        return cpu_millis(value)
    except InventoryError:
        return None


def _sized(ctx: Context) -> tuple[list[Sized], int | None]:
    """Every setting sized against its node groups, and the CPU slot (None for GPU slots)."""
    groups = _inventory(ctx)
    kind = slot_type(ctx)
    if not groups or kind not in (*GPU_SLOT_TYPES, "cpu"):
        return [], None
    from chartgen.planning.sizing import SizingError, cpu_sizing, gpu_sizing

    slot = _slot_cpu(ctx) if kind == "cpu" else None
    if kind == "cpu" and slot is None:
        return [], None
    found = []
    for setting in _settings(ctx, groups):
        if slot is None:
            usable = [group for group in setting.groups if group.gpus]
        else:
            usable = [group for group in setting.groups if group.cpu_millis is not None]
        if not usable:
            continue
        nodes = [group.node() for group in usable]
        sizing: Sizing | None
        try:
            sizing = gpu_sizing(nodes) if slot is None else cpu_sizing(nodes, slot)
            capacities = sizing.capacities
        except SizingError:  # no node holds a single CPU slot
            sizing, capacities = None, (0,) * len(usable)
        found.append(Sized(setting, tuple(zip(usable, capacities, strict=True)), sizing))
    return found, slot


def _group(ctx: Context, group: NodeGroup, near: Path) -> str:
    """``node group 'a100' (cluster.nodes[0], line 12)``; the file too when ``near`` is in another."""
    at = dotted(group.path)
    where = ctx.where(group.path)
    if where is not None and where.line:
        other = ctx.where(near)
        at += f", line {where.line}" if other is not None and other.file == where.file else f", {where}"
    return f"node group {group.name!r} ({at})"


def _cpus(millis: int) -> str:
    from chartgen.planning.inventory import format_cpu

    return format_cpu(millis)


def _gcd_advice(entry: Sized, sizing: Sizing) -> str:
    unit = "GPUs" if sizing.slot_type == "gpu" else "slots"
    return (
        f"use {sizing.recommended}, the greatest common divisor of the {unit} per node of the "
        f"node groups it serves ({entry.sizes()})"
    )


def _cpu_advice(entry: Sized, slot: int) -> str:
    """The largest ``slotResourceRequests.cpu`` for this setting, and the largest setting for this CPU."""
    setting = entry.setting
    advice = []
    cpu = min((group.cpu_millis or 0) for group, _ in entry.slots) // setting.value
    if cpu:
        advice.append(f"the largest slotResourceRequests.cpu for {setting.named} is {_cpus(cpu)}")
    holding = [slots for _, slots in entry.slots if slots]
    if holding:
        fits = min(holding)
        text = f"the largest {setting.label} for slotResourceRequests.cpu {_cpus(slot)} is {fits}"
        if entry.sizing is not None and entry.sizing.recommended != fits:
            text += (
                f" (the largest that also divides the slots of every node, {entry.sizes()}, "
                f"is {entry.sizing.recommended})"
            )
        advice.append(text)
    return ", and ".join(advice)


@rule("cluster-max-slots-divide-nodes")
def divide_nodes(ctx: Context) -> Iterator[Diagnostic]:
    """With ``cluster.nodes``, ``maxSlotsPerPod`` (or a pool's) must divide the slots of every node it serves.

    A task of more slots than ``maxSlotsPerPod`` runs as pods of exactly that
    many, so on a node whose slots it does not divide some stay idle, or the
    pods never fit; Determined's install guide says to use the greatest common divisor of the node
    sizes. A node holds a slot per GPU, or for CPU slots as many slots of
    ``slotResourceRequests.cpu`` as its ``allocatableCpu`` fits (a pod larger
    than the node is ``cluster-slot-cpu-fits``' finding). Groups without GPUs
    take no GPU slots.

    pass: ``maxSlotsPerPod: 4`` with ``cluster.nodes: [{name: a, gpus: 4}, {name: b, gpus: 8}]``
    fail: ``maxSlotsPerPod: 8`` with the same nodes (use 4)
    """
    entries, slot = _sized(ctx)
    for entry in entries:
        setting = entry.setting
        sizing = entry.sizing
        if sizing is None or entry.fits_nowhere:
            continue
        m = setting.value
        amount = sizing.amount
        for group, slots in entry.slots:
            if not slots or not slots % m or (slot is not None and slots < m):
                continue
            where = _group(ctx, group, setting.path)
            if slot is None:
                what = f"{amount(slots)} of each node of {where}"
            else:
                cpus = _cpus(group.cpu_millis or 0)
                what = f"{amount(slots)} that each node of {where} holds ({cpus} allocatable CPUs)"
            if slots < m:
                outcome = "which never fit its nodes"
            else:
                outcome = f"which leave {amount(slots % m)} of each such node idle"
            yield ctx.diag(
                "cluster-max-slots-divide-nodes", setting.path,
                f"{setting.named} does not divide the {what}: "
                f"tasks of more than {m} slots run as pods of {amount(m)}, {outcome}; {_gcd_advice(entry, sizing)}",
            )  # fmt: skip


@rule("cluster-slot-cpu-fits")
def slot_cpu_fits(ctx: Context) -> Iterator[Diagnostic]:
    """With ``cluster.nodes`` and CPU slots, a pod of ``maxSlotsPerPod`` slots must fit every node it serves.

    Each pod of a multi-pod task requests ``slotResourceRequests.cpu ×
    maxSlotsPerPod`` CPUs, and Kubernetes places it only on a node whose
    allocatable CPUs (less than its cores: an 8-core node may offer 7.91) hold
    that much. A ``cpu`` larger than a node's ``allocatableCpu`` is located at
    ``slotResourceRequests.cpu``, since no ``maxSlotsPerPod`` helps; otherwise
    the finding is on the ``max_slots_per_pod`` in use, with the largest value
    of each that fits. When the pod fits no node at all, that is
    ``cluster-max-slots-fit-a-node``'s finding.

    pass: ``maxSlotsPerPod: 2``, ``slotResourceRequests: {cpu: 15}``, nodes of 31.85 and 63.8 allocatable CPUs
    fail: the same with nodes of 15 and 31.85 allocatable CPUs
    """
    entries, slot = _sized(ctx)
    if slot is None:
        return
    too_small: dict[Path, NodeGroup] = {}
    for entry in entries:
        setting = entry.setting
        m = setting.value
        for group, slots in entry.slots:
            if not slots:
                too_small.setdefault(group.path, group)
            elif slots < m and not entry.fits_nowhere:
                yield ctx.diag(
                    "cluster-slot-cpu-fits", setting.path,
                    f"{setting.named} with slotResourceRequests.cpu {_cpus(slot)} makes pods of "
                    f"{_cpus(slot * m)} CPUs, more than the {_cpus(group.cpu_millis or 0)} CPUs Kubernetes "
                    f"can allocate on each node of {_group(ctx, group, setting.path)}: tasks of more than "
                    f"{m} slots, which run as such pods, never use its nodes; {_cpu_advice(entry, slot)}",
                )  # fmt: skip
    if not too_small:
        return
    cpu, m = min(
        ((group.cpu_millis or 0) // entry.setting.value, entry.setting.value)
        for entry in entries
        for group, _ in entry.slots
    )
    advice = f"; the largest that fits pods of {m} slots on every node is {_cpus(cpu)}" if cpu else ""
    for group in too_small.values():
        yield ctx.diag(
            "cluster-slot-cpu-fits", SLOT_CPU,
            f"slotResourceRequests.cpu {_cpus(slot)} is more than the {_cpus(group.cpu_millis or 0)} CPUs "
            f"Kubernetes can allocate on each node of {_group(ctx, group, SLOT_CPU)}: not even one slot "
            f"fits its nodes{advice}",
        )  # fmt: skip


@rule("cluster-max-slots-fit-a-node")
def fit_a_node(ctx: Context) -> Iterator[Diagnostic]:
    """With ``cluster.nodes``, a pod of ``maxSlotsPerPod`` (or a pool's) slots must fit some node it serves.

    A task of N slots runs as one pod when N ≤ ``maxSlotsPerPod``, else as pods
    of exactly ``maxSlotsPerPod``; when no node holds that many slots, no task
    larger than the largest node can ever be scheduled, though with a smaller
    ``maxSlotsPerPod`` it could run as several pods.

    pass: ``maxSlotsPerPod: 8`` with ``cluster.nodes: [{name: a, gpus: 8}]``
    fail: ``maxSlotsPerPod: 16`` with the same nodes
    """
    entries, slot = _sized(ctx)
    for entry in entries:
        sizing = entry.sizing
        if sizing is None or not entry.fits_nowhere:
            continue
        setting = entry.setting
        group, most = entry.largest()
        where = _group(ctx, group, setting.path)
        consequence = (
            f"a pod of {setting.value} slots fits no node, so no task of more than "
            f"{most} slot{'' if most == 1 else 's'} can ever be scheduled"
        )
        if slot is None:
            message = (
                f"{setting.named} is more than the GPUs of any node it serves (the most are "
                f"{most}, on {where}): {consequence}; {_gcd_advice(entry, sizing)}"
            )
        else:
            message = (
                f"{setting.named} with slotResourceRequests.cpu {_cpus(slot)} makes pods of "
                f"{_cpus(slot * setting.value)} CPUs, more than any node it serves can allocate (the most "
                f"is {_cpus(group.cpu_millis or 0)} CPUs, on {where}): {consequence}; {_cpu_advice(entry, slot)}"
            )
        yield ctx.diag("cluster-max-slots-fit-a-node", setting.path, message)


@rule("cluster-node-pool-exists")
def node_pool_exists(ctx: Context) -> Iterator[Diagnostic]:
    """A node group's ``pool`` should name a resource pool, else lint sizes its nodes against nothing.

    Node groups serve the pool they name (every pool when unset); a group
    naming no pool the master knows is most likely a typo, and its nodes escape
    the sizing rules.

    pass: ``resourcePools: [{pool_name: big}]`` with ``cluster.nodes: [{name: a, gpus: 8, pool: big}]``
    fail (warning): the same with ``pool: bigg``
    """
    groups = _inventory(ctx)
    if not groups:
        return
    known = pool_names(ctx)
    for group in groups:
        if group.pool is not None and group.pool not in known:
            yield ctx.diag(
                "cluster-node-pool-exists", (*group.path, "pool"),
                f"node group {group.name!r} serves pool {group.pool!r}, which no resource pool defines "
                f"(pools: {listed(sorted(known))}): its nodes serve no pool, so lint sizes no "
                "max_slots_per_pod against them; name a pool, or leave pool unset for nodes every pool uses",
                severity=Severity.WARNING,
            )  # fmt: skip
