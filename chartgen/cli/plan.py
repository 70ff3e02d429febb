"""``chartgen plan``: will distributed jobs schedule on this cluster, and can they deadlock it?"""

from __future__ import annotations

import argparse
import sys
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chartgen.cli import common
from chartgen.diagnostics import Path, dotted
from chartgen.planning.sizing import plural

if TYPE_CHECKING:
    from chartgen.diagnostics import Diagnostic
    from chartgen.planning import Node, Plan
    from chartgen.planning.schedule import Deadlock
    from chartgen.values.load import LoadedValues

WIDTH = 88
SHOWN_NODES = 12


def add_arguments(parser: argparse.ArgumentParser) -> None:
    cluster = parser.add_argument_group(
        "cluster (one of --nodes, --cpu-allocatable, or cluster.nodes from -f)"
    )
    cluster.add_argument(
        "--nodes", metavar="GPUS", help="GPUs per node, e.g. 4,4,8 or 4x3 (three 4-GPU nodes)"
    )
    cluster.add_argument(
        "--cpu-allocatable", metavar="CPUS",
        help="allocatable CPUs per node of a CPU cluster, e.g. 7.91,15.5 or 31x4 (Kubernetes quantities)",
    )  # fmt: skip
    cluster.add_argument("--pool", metavar="NAME", help="plan the resource pool NAME of cluster.nodes")
    sizing = parser.add_argument_group("sizing")
    sizing.add_argument(
        "--slot-cpu", metavar="CPU",
        help="CPUs per slot for CPU clusters (default: slotResourceRequests.cpu, else the smallest node's)",
    )  # fmt: skip
    sizing.add_argument(
        "--max-slots-per-pod", type=_positive, metavar="N",
        help="analyse with this maxSlotsPerPod (default: the values' setting, else the recommendation)",
    )  # fmt: skip
    parser.add_argument("--jobs", metavar="SLOTS", help="slots per job, e.g. 8,12 or 12x2 (two 12-slot jobs)")
    parser.add_argument(
        "--scheduler", choices=("default", "coscheduler"),
        help="Kubernetes scheduler for the jobs (default: the values' defaultScheduler, else default)",
    )  # fmt: skip
    common.add_values_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def _positive(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


@dataclass
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


def run(args: argparse.Namespace) -> int:
    from chartgen.planning import SizingError, analyse

    try:
        request = build_request(args)
    except common.UsageError as exc:
        return common.usage_error(exc)
    except common.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    try:
        plan = analyse(
            request.nodes,
            request.jobs,
            slot_type=request.slot_type,
            scheduler=request.scheduler,
            max_slots_per_pod=request.max_slots_per_pod,
            slot_cpu_millis=request.slot_cpu_millis,
        )
    except SizingError as exc:
        return _sizing_failure(args, request, exc)
    if args.format == "json":
        import json

        sys.stdout.write(json.dumps(plan.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(render_text(plan, request))
    return 0 if plan.ok else 1


def _sizing_failure(args: argparse.Namespace, request: Request, exc: Exception) -> int:
    """A flag that cannot work is a usage error; values that cannot work are findings."""
    if args.slot_cpu is not None:
        return common.usage_error(common.UsageError(f"--slot-cpu {args.slot_cpu}: {exc}"))
    path = request.slot_cpu_path or (("cluster", "nodes") if request.inventory_from_values else None)
    if request.loaded is None or path is None:
        return common.usage_error(common.UsageError(str(exc)))
    common.report([_diag(request.loaded, path, f"{dotted(path)}: {exc}")])
    return 1


def build_request(args: argparse.Namespace) -> Request:
    """Flags first, then the values (``-f``/``--set``), then the recommendation."""
    from chartgen.planning.inventory import InventoryError, cpu_millis, cpu_nodes, gpu_nodes, positive_ints
    from chartgen.releases import check_release

    check_release(args.app_version)
    if args.nodes is not None and args.cpu_allocatable is not None:
        raise common.UsageError("give --nodes (GPU nodes) or --cpu-allocatable (CPU nodes), not both")
    loaded = _load(args)
    pool = args.pool
    try:
        jobs = positive_ints(args.jobs, "--jobs", "number of slots", "8,12 or 12x2") if args.jobs else []
        if args.nodes is not None:
            nodes, slot_type = gpu_nodes(args.nodes), "gpu"
        elif args.cpu_allocatable is not None:
            nodes, slot_type = cpu_nodes(args.cpu_allocatable), "cpu"
        else:
            nodes, slot_type, pool = _values_cluster(loaded, args.pool)
    except InventoryError as exc:
        raise common.UsageError(str(exc)) from None
    slot_cpu, slot_source, slot_path = None, "from --slot-cpu", None
    if args.slot_cpu is not None:
        if slot_type == "gpu":
            raise common.UsageError(
                "--slot-cpu sizes CPU slots: use it with --cpu-allocatable or slotType: cpu"
            )
        try:
            slot_cpu = cpu_millis(args.slot_cpu)
        except InventoryError as exc:
            raise common.UsageError(f"--slot-cpu: {exc}") from None
    elif slot_type == "cpu" and loaded is not None:
        slot_cpu, slot_source, slot_path = _values_slot_cpu(loaded)
    if slot_type == "cpu" and slot_cpu is None:
        slot_source = "default: the smallest node's allocatable CPU"
    max_slots, max_source = args.max_slots_per_pod, "from --max-slots-per-pod"
    if max_slots is None and loaded is not None:
        max_slots, max_source = _values_max_slots(loaded, pool)
    scheduler = args.scheduler or _values_scheduler(loaded)
    return Request(
        nodes=nodes, slot_type=slot_type, jobs=jobs, scheduler=scheduler,
        max_slots_per_pod=max_slots, max_slots_source=max_source,
        slot_cpu_millis=slot_cpu, slot_cpu_source=slot_source, slot_cpu_path=slot_path,
        loaded=loaded, inventory_from_values=args.nodes is None and args.cpu_allocatable is None,
    )  # fmt: skip


def _load(args: argparse.Namespace) -> LoadedValues | None:
    flags = common.set_flags(args)
    if not args.values and not any(kinds for _, kinds in flags.by_kind()):
        if args.nodes is None and args.cpu_allocatable is None:
            raise common.UsageError(
                "plan needs a cluster: --nodes 4,4,8 (GPUs per node), --cpu-allocatable 7.91,15.5, "
                "or -f VALUES with cluster.nodes"
            )
        if args.pool is not None:
            raise common.UsageError("--pool selects node groups of cluster.nodes: give -f VALUES")
        return None
    from chartgen.values.load import load_values

    return load_values(args.values, app_version=args.app_version, flags=flags)


def _values_cluster(loaded: LoadedValues | None, pool: str | None) -> tuple[list[Node], str, str | None]:
    """The nodes serving ``pool`` (the only pool the inventory names, if not given), and the slot type."""
    from chartgen.planning.inventory import pools, serving, values_nodes

    nodes = values_nodes(loaded) if loaded is not None else None
    if loaded is None or nodes is None:
        raise common.UsageError(
            "the values have no cluster.nodes inventory: add one, or give --nodes or --cpu-allocatable"
        )
    named = pools(nodes)
    if pool is not None:
        nodes = serving(nodes, pool)
        if not nodes:
            raise common.UsageError(
                f"no node group serves pool {pool!r} (cluster.nodes names {', '.join(named)})"
            )
    elif len(named) > 1:
        raise common.UsageError(f"cluster.nodes serves pools {', '.join(named)}: choose one with --pool")
    elif named:
        pool = named[0]
    slot_type = loaded.values.get("slotType") or "gpu"
    if slot_type not in ("gpu", "cpu"):
        raise common.ChartgenError(
            [_diag(loaded, ("slotType",), f"plan sizes gpu and cpu slots, not slotType {slot_type!r}")]
        )
    return nodes, slot_type, pool


def _diag(loaded: LoadedValues, path: Path, message: str) -> Diagnostic:
    from chartgen.diagnostics import Diagnostic
    from chartgen.planning.inventory import RULE_ID

    return Diagnostic(RULE_ID, message, location=loaded.locate(path), path=path)


def _values_slot_cpu(loaded: LoadedValues) -> tuple[int | None, str, Path | None]:
    from chartgen.planning.inventory import InventoryError, cpu_millis

    requests = loaded.values.get("slotResourceRequests")
    value = requests.get("cpu") if isinstance(requests, dict) else None
    if value is None:
        return None, "", None
    path: Path = ("slotResourceRequests", "cpu")
    try:
        return cpu_millis(value), f"from slotResourceRequests.cpu at {loaded.locate(path)}", path
    except InventoryError as exc:
        raise common.ChartgenError([_diag(loaded, path, f"slotResourceRequests.cpu: {exc}")]) from None


def _values_max_slots(loaded: LoadedValues, pool: str | None) -> tuple[int | None, str]:
    """A pool's ``task_container_defaults.kubernetes.max_slots_per_pod`` wins over ``maxSlotsPerPod``."""
    candidates: list[tuple[Path, Any]] = [(("maxSlotsPerPod",), loaded.values.get("maxSlotsPerPod"))]
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
            value: Any = entry
            for key in path[2:]:
                value = value.get(key) if isinstance(value, dict) else None
            candidates.insert(0, (path, value))
    for path, value in candidates:
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise common.ChartgenError(
                [_diag(loaded, path, f"{dotted(path)} {value!r} is not a positive whole number")]
            )
        return value, f"from {dotted(path)} at {loaded.locate(path)}"
    return None, ""


def _values_scheduler(loaded: LoadedValues | None) -> str:
    """As the chart does: only ``coscheduler`` (trimmed) turns gang scheduling on."""
    value = loaded.values.get("defaultScheduler") if loaded is not None else None
    return "coscheduler" if isinstance(value, str) and value.strip() == "coscheduler" else "default"


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
    lines.extend(_wrap(f"error: {problem}") for problem in plan.problems)
    lines.extend(_wrap(f"note: {note}") for note in plan.notes)
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
        lines.append(f"    {node}: {', '.join(parts)}")
    if len(per_node) > SHOWN_NODES:
        lines.append(f"    ... and {len(per_node) - SHOWN_NODES} more full nodes (--format json lists them)")
    return lines
