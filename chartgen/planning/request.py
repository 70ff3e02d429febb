"""What ``plan`` analyses: the inventory, jobs and sizing from explicit settings first, then the
values (``cluster.nodes``, ``maxSlotsPerPod``, ``slotResourceRequests.cpu``,
``defaultScheduler``), then the recommendation; each setting keeps where it came from.

Settings are given as the command line writes them (``"4,4,8"``, ``"4x3"``) or as lists.
A setting that cannot work is a ``UsageError``; values that cannot work are located
findings in a ``ChartgenError``.
"""

from __future__ import annotations

from collections.abc import Sequence

from chartgen.diagnostics import ChartgenError, Diagnostic, Path, UsageError, dotted
from chartgen.hints import typing
from chartgen.planning.analyse import Plan, analyse
from chartgen.planning.inventory import RULE_ID, Node
from chartgen.planning.sizing import SizingError
from chartgen.records import record
from chartgen.values.load import LoadedValues

#: A setting as text (``"4,4,8"``, ``"12x2"``) or as a list of its items.
Listing = str | Sequence[int | float | str]
SLOT_CPU_FLAG = "from --slot-cpu"


@record
class Request:
    """What to analyse, each setting with the place it came from (for the text output)."""

    nodes: list[Node]
    slot_type: str
    jobs: list[int]
    scheduler: str
    max_slots_per_pod: int | None
    max_slots_source: str
    slot_cpu_millis: int | None
    slot_cpu_source: str
    loaded: LoadedValues | None = None
    inventory_from_values: bool = False
    slot_cpu_path: Path | None = None


def _text(listing: Listing) -> str:
    return listing if isinstance(listing, str) else ",".join(str(item) for item in listing)


def build_request(
    loaded: LoadedValues | None,
    *,
    nodes: Listing | None = None,
    cpu_allocatable: Listing | None = None,
    pool: str | None = None,
    jobs: Listing = (),
    slot_cpu: str | float | None = None,
    max_slots_per_pod: int | None = None,
    scheduler: str | None = None,
) -> Request:
    """Explicit settings first, then the values, then the recommendation."""
    from chartgen.planning.analyse import SCHEDULERS
    from chartgen.planning.inventory import InventoryError, cpu_millis, cpu_nodes, gpu_nodes, positive_ints

    if nodes is not None and cpu_allocatable is not None:
        raise UsageError("give nodes (GPU nodes) or cpu_allocatable (CPU nodes), not both")
    if loaded is None and nodes is None and cpu_allocatable is None:
        raise UsageError(
            "plan needs a cluster: nodes (GPUs per node: 4,4,8), cpu_allocatable (CPUs per node: "
            "7.91,15.5), or values with cluster.nodes"
        )
    if loaded is None and pool is not None:
        raise UsageError("pool selects node groups of cluster.nodes: give the values")
    if scheduler is not None and scheduler not in SCHEDULERS:
        raise UsageError(f"scheduler {scheduler!r} is not one of {', '.join(SCHEDULERS)}")
    if max_slots_per_pod is not None and (isinstance(max_slots_per_pod, bool) or max_slots_per_pod < 1):
        raise UsageError(f"max_slots_per_pod {max_slots_per_pod!r} is not a positive whole number")
    jobs_text = _text(jobs)
    try:
        job_slots = positive_ints(jobs_text, "jobs", "number of slots", "8,12 or 12x2") if jobs_text else []
        if nodes is not None:
            node_list, slot_type = gpu_nodes(_text(nodes)), "gpu"
        elif cpu_allocatable is not None:
            node_list, slot_type = cpu_nodes(_text(cpu_allocatable)), "cpu"
        else:
            node_list, slot_type, pool = _values_cluster(loaded, pool)
    except InventoryError as exc:
        raise UsageError(str(exc)) from None
    slot_millis, slot_source, slot_path = None, SLOT_CPU_FLAG, None
    if slot_cpu is not None:
        if slot_type == "gpu":
            raise UsageError(
                "slot_cpu sizes CPU slots: give it with cpu_allocatable, or values with slotType: cpu"
            )
        try:
            slot_millis = cpu_millis(slot_cpu)
        except InventoryError as exc:
            raise UsageError(f"slot_cpu: {exc}") from None
    elif slot_type == "cpu" and loaded is not None:
        slot_millis, slot_source, slot_path = _values_slot_cpu(loaded)
    if slot_type == "cpu" and slot_millis is None:
        slot_source = "default: the smallest node's allocatable CPU"
    max_slots, max_source = max_slots_per_pod, "from --max-slots-per-pod"
    if max_slots is None and loaded is not None:
        max_slots, max_source = _values_max_slots(loaded, pool)
    return Request(
        nodes=node_list, slot_type=slot_type, jobs=job_slots, scheduler=scheduler or _values_scheduler(loaded),
        max_slots_per_pod=max_slots, max_slots_source=max_source,
        slot_cpu_millis=slot_millis, slot_cpu_source=slot_source, slot_cpu_path=slot_path,
        loaded=loaded, inventory_from_values=nodes is None and cpu_allocatable is None,
    )  # fmt: skip


def analyse_request(request: Request, slot_cpu: str | float | None = None) -> Plan:
    """The plan of ``request``; a sizing that cannot work is the flag's fault or the values'."""
    try:
        return analyse(
            request.nodes,
            request.jobs,
            slot_type=request.slot_type,
            scheduler=request.scheduler,
            max_slots_per_pod=request.max_slots_per_pod,
            slot_cpu_millis=request.slot_cpu_millis,
        )
    except SizingError as exc:
        if slot_cpu is not None:
            raise UsageError(f"slot_cpu {slot_cpu}: {exc}") from None
        path = request.slot_cpu_path or (("cluster", "nodes") if request.inventory_from_values else None)
        if request.loaded is None or path is None:
            raise UsageError(str(exc)) from None
        raise ChartgenError([_diag(request.loaded, path, f"{dotted(path)}: {exc}")]) from None


def _values_cluster(loaded: LoadedValues | None, pool: str | None) -> tuple[list[Node], str, str | None]:
    """The nodes serving ``pool`` (the only pool the inventory names, if not given), and the slot type."""
    from chartgen.planning.inventory import pools, serving, values_nodes

    nodes = values_nodes(loaded) if loaded is not None else None
    if loaded is None or nodes is None:
        raise UsageError(
            "the values have no cluster.nodes inventory: add one, or give nodes or cpu_allocatable"
        )
    named = pools(nodes)
    if pool is not None:
        nodes = serving(nodes, pool)
        if not nodes:
            raise UsageError(f"no node group serves pool {pool!r} (cluster.nodes names {', '.join(named)})")
    elif len(named) > 1:
        raise UsageError(f"cluster.nodes serves pools {', '.join(named)}: choose one with pool")
    elif named:
        pool = named[0]
    slot_type = loaded.values.get("slotType") or "gpu"
    if slot_type not in ("gpu", "cpu"):
        raise ChartgenError(
            [_diag(loaded, ("slotType",), f"plan sizes gpu and cpu slots, not slotType {slot_type!r}")]
        )
    return nodes, slot_type, pool


def _diag(loaded: LoadedValues, path: Path, message: str) -> Diagnostic:
    return Diagnostic(RULE_ID, message, location=loaded.locate(path), path=path)


def _source(loaded: LoadedValues, path: Path) -> str:
    """``from KEY at FILE:LINE:COL``; values given as data have no place to name."""
    from chartgen.printable import printable

    where = loaded.locate(path)
    placed = where is not None and not where.logical
    return f"from {dotted(path)}" + (f" at {printable(str(where))}" if placed else "")


def _values_slot_cpu(loaded: LoadedValues) -> tuple[int | None, str, Path | None]:
    from chartgen.planning.inventory import InventoryError, cpu_millis

    requests = loaded.values.get("slotResourceRequests")
    value = requests.get("cpu") if isinstance(requests, dict) else None
    if value is None:
        return None, "", None
    path: Path = ("slotResourceRequests", "cpu")
    try:
        return cpu_millis(value), _source(loaded, path), path
    except InventoryError as exc:
        raise ChartgenError([_diag(loaded, path, f"slotResourceRequests.cpu: {exc}")]) from None


def _values_max_slots(loaded: LoadedValues, pool: str | None) -> tuple[int | None, str]:
    """A pool's ``task_container_defaults.kubernetes.max_slots_per_pod`` wins over ``maxSlotsPerPod``."""
    candidates: list[tuple[Path, typing.Any]] = [(("maxSlotsPerPod",), loaded.values.get("maxSlotsPerPod"))]
    pools = loaded.values.get("resourcePools")
    for index, entry in enumerate(pools if pool is not None and isinstance(pools, list) else []):
        if isinstance(entry, dict) and entry.get("pool_name") == pool:
            path: Path = (
                "resourcePools",
                index,
                "task_container_defaults",
                "kubernetes",
                "max_slots_per_pod",
            )
            value: typing.Any = entry
            for key in path[2:]:
                value = value.get(key) if isinstance(value, dict) else None
            candidates.insert(0, (path, value))
    for path, value in candidates:
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ChartgenError(
                [_diag(loaded, path, f"{dotted(path)} {value!r} is not a positive whole number")]
            )
        return value, _source(loaded, path)
    return None, ""


def _values_scheduler(loaded: LoadedValues | None) -> str:
    """As the chart does: only ``coscheduler`` (trimmed) turns gang scheduling on."""
    value = loaded.values.get("defaultScheduler") if loaded is not None else None
    return "coscheduler" if isinstance(value, str) and value.strip() == "coscheduler" else "default"
