"""``chartgen podspec``: the pod spec a task starts from, given the values and the task's config.

The pod spec of every task is a default from the values (its pool's, else the top-level one)
with the task's ``environment.pod_spec`` merged in; ``--explain`` marks where each part came
from and lists what Determined sets at launch. Invalid pod specs are reported as ``lint``
reports them (exit 1), and no preview is printed.
"""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--kind", required=True, choices=("gpu", "cpu", "checkpoint-gc"),
        help="the default spec to start from: gpu (tasks with slots), cpu (zero-slot tasks) or checkpoint-gc",
    )  # fmt: skip
    parser.add_argument(
        "--pool", metavar="NAME",
        help="the task's resource pool (default: the task's resources.resource_pool, else the default "
        "compute pool for gpu, the default auxiliary pool for cpu); for checkpoint-gc, the experiment's",
    )  # fmt: skip
    parser.add_argument(
        "--task",
        metavar="FILE",
        help="the task's configuration (experiment config), for its environment.pod_spec",
    )
    parser.add_argument(
        "--explain", action="store_true",
        help="mark where each part came from, and list what Determined sets at launch",
    )  # fmt: skip
    common.add_values_arguments(parser)
    common.add_subchart_argument(parser)


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        api.check_release(args.app_version)
        flags = common.set_flags(args)
        if not args.values and not any(exprs for _, exprs in flags.by_kind()):
            raise api.UsageError("podspec needs the values: -f VALUES (or --set)")
        loaded = api.load_values(
            args.values, app_version=args.app_version, flags=flags, subchart=common.subchart(args)
        )
        result = api.preview_pod(loaded, kind=args.kind, pool=args.pool, task=args.task)
    except api.UsageError as exc:
        return common.usage_error(exc)
    except api.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    common.report(result.warnings)
    sys.stdout.write(result.text(explain=args.explain))
    return 0
