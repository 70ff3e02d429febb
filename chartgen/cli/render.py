"""``chartgen render``: the chart's objects as one YAML stream, or one file per template."""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", nargs="?", default="determined", help="release name (default: determined)")
    parser.add_argument("-n", "--namespace", default="default", help="release namespace (default: default)")
    common.add_values_arguments(parser)
    parser.add_argument("--is-upgrade", action="store_true", help="render as for 'helm upgrade'")
    parser.add_argument(
        "-s", "--show-only", action="append", default=[], metavar="TEMPLATE",
        help="only the objects of this template, e.g. templates/master-config.yaml (repeatable)",
    )  # fmt: skip
    parser.add_argument("--output-dir", metavar="DIR", help="write one file per template into DIR")
    parser.add_argument(
        "--kube-version", metavar="V",
        help="Kubernetes version of the target cluster (>= 1.19), e.g. 1.29 or v1.29.3",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        if args.kube_version is not None:
            from chartgen.kube import check_kube_version

            check_kube_version(args.kube_version)
        result = api.render_release(
            files=args.values,
            flags=common.set_flags(args),
            release=args.release,
            namespace=args.namespace,
            app_version=args.app_version,
            is_upgrade=args.is_upgrade,
            show_only=args.show_only,
        )
    except common.UsageError as exc:
        return common.usage_error(exc)
    except common.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    common.report(result.diagnostics)
    if not result.ok:
        return 1
    if args.output_dir:
        from chartgen.render.output import write_tree

        try:
            write_tree(result.manifests, args.output_dir)
        except OSError as exc:
            sys.stderr.write(f"chartgen: error: cannot write {args.output_dir}: {exc.strerror}\n")
            return 2
        return 0
    from chartgen.render.engine import stream

    sys.stdout.write(stream(result.manifests))
    return 0
