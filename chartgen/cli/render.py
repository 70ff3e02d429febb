"""``chartgen render``: the chart's objects as one YAML stream, or one file per template.

Standard output holds the YAML stream and nothing else; diagnostics (warnings
with a good render, errors with none) go to standard error. ``--show-only``
follows ``helm template``: patterns are Go globs over ``templates/…`` paths,
objects come out grouped by pattern in the order given, and a pattern that
matches no rendered object is refused. Unlike Helm, an object two patterns
match is printed once, and the ``determined/`` prefix of the ``# Source:``
comments is accepted.
"""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", nargs="?", default="determined", help="release name (default: determined)")
    parser.add_argument("-n", "--namespace", default="default", help="release namespace (default: default)")
    common.add_values_arguments(parser)
    common.add_subchart_argument(parser)
    parser.add_argument("--is-upgrade", action="store_true", help="render as for 'helm upgrade'")
    parser.add_argument(
        "-s", "--show-only", action=common.Append, default=[], metavar="TEMPLATE",
        help="only the objects of this template, e.g. templates/master-config.yaml; globs as in Helm "
        "(templates/master-*.yaml); repeatable",
    )  # fmt: skip
    parser.add_argument(
        "--output-dir", metavar="DIR",
        help="write one file per template under DIR/determined/templates/ instead of standard output",
    )  # fmt: skip
    parser.add_argument(
        "--kube-version", metavar="V",
        help="Kubernetes version of the target cluster, e.g. 1.29 or v1.29.3: only checked (>= 1.19, for "
        "networking.k8s.io/v1 Ingresses); no template depends on it",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from chartgen import api

    try:
        if args.kube_version is not None:
            api.check_kube_version(args.kube_version)
        api.check_release(args.app_version)
        result = api.render(
            args.values,
            flags=common.set_flags(args),
            release_name=args.release,
            namespace=args.namespace,
            app_version=args.app_version,
            is_upgrade=args.is_upgrade,
            show_only=args.show_only,
            subchart=common.subchart(args),
        )
        common.report(result.warnings)
        if args.output_dir is None:
            sys.stdout.write(result.to_yaml_stream())
        else:
            written = api.write_manifests(result.manifests, args.output_dir)
            sys.stdout.write("".join(f"wrote {path}\n" for path in written))
    except api.UsageError as exc:
        return common.usage_error(exc)
    except api.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    return 0
