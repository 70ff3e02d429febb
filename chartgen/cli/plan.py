"""``chartgen plan``: will distributed jobs schedule on this cluster, and can they deadlock it?"""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common


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
    common.add_subchart_argument(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def _positive(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        api.check_release(args.app_version)
        flags = common.set_flags(args)
        given = args.values or any(exprs for _, exprs in flags.by_kind())
        loaded = (
            api.load_values(
                args.values, app_version=args.app_version, flags=flags, subchart=common.subchart(args)
            )
            if given
            else None
        )
        report = api.plan(
            loaded,
            nodes=args.nodes,
            cpu_allocatable=args.cpu_allocatable,
            pool=args.pool,
            jobs=args.jobs or (),
            slot_cpu=args.slot_cpu,
            max_slots_per_pod=args.max_slots_per_pod,
            scheduler=args.scheduler,
        )
    except api.UsageError as exc:
        return common.usage_error(exc)
    except api.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    if args.format == "json":
        import json

        sys.stdout.write(json.dumps(report.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(report.text())
    return 0 if report.ok else 1
