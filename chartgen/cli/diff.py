"""``chartgen diff``: what ``helm upgrade`` would change, and what in it fails, loses data, breaks or surprises.

The installed side is ``--from-values`` (rendered by chartgen) or ``--from-manifest``
(``helm get manifest RELEASE``, or a GitOps repository's rendered objects); the change
is ``-f``/``--set``/``--app-version``, rendered as ``helm upgrade`` renders it, with the
same release name and namespace unless ``--from-release``/``--from-namespace`` say
otherwise. The report goes to standard output.

Exit codes: 0 no change; 1 an error-level hazard (the upgrade fails, loses data, breaks
Determined or a restore) or invalid values/manifests; 2 usage; 3 changes, none of them
errors (warnings allowed).
"""

from __future__ import annotations

import argparse
import sys

from chartgen.cli import common

EXIT_CHANGES = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", nargs="?", default="determined", help="release name (default: determined)")
    parser.add_argument("-n", "--namespace", default="default", help="release namespace (default: default)")
    common.add_values_arguments(parser)
    installed = parser.add_argument_group("the installed release (one of)")
    installed.add_argument(
        "--from-values", nargs="+", action=common.Files, default=[], metavar="FILE",
        help="the values the release was installed with (later files win); what lint finds wrong in them "
        "is a note, unless Helm refuses them",
    )  # fmt: skip
    installed.add_argument(
        "--from-manifest", metavar="FILE|DIR",
        help="the objects as deployed: `helm get manifest RELEASE` output, a rendered directory, or - for "
        "standard input",
    )  # fmt: skip
    installed.add_argument(
        "--from-version", metavar="V", help="Determined release of --from-values (default: --app-version)"
    )
    installed.add_argument(
        "--from-release", metavar="NAME", help="release name of --from-values (default: RELEASE)"
    )
    installed.add_argument(
        "--from-namespace", metavar="NS", help="namespace of the installed release (default: --namespace)"
    )
    installed.add_argument(
        "--from-is-upgrade", action="store_true",
        help="--from-values were last applied by helm upgrade, not helm install",
    )  # fmt: skip
    parser.add_argument(
        "--is-upgrade", action=argparse.BooleanOptionalAction, default=True,
        help="render the change as helm upgrade does (the default); --no-is-upgrade renders it as helm "
        "template does, as GitOps tools apply it",
    )  # fmt: skip
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    try:
        return _diff(args)
    except common.UsageError as exc:
        return common.usage_error(exc)
    except BrokenPipeError:
        raise  # the reader went away (``| head``): not a bug, and main ends quietly
    except Exception as exc:
        return common.internal_error(exc)


def _diff(args: argparse.Namespace) -> int:
    from chartgen import api
    from chartgen.report.diff import FORMATS

    if bool(args.from_values) == (args.from_manifest is not None):
        raise common.UsageError(
            "diff needs the installed release: --from-values FILE... or --from-manifest FILE|DIR"
        )
    if args.from_manifest is not None and (args.from_version or args.from_release or args.from_is_upgrade):
        raise common.UsageError(
            "--from-version, --from-release and --from-is-upgrade describe --from-values, not --from-manifest"
        )
    if "-" in args.values and ("-" in args.from_values or args.from_manifest == "-"):
        raise common.UsageError("standard input (-) can be read only once")
    api.check_release(args.app_version)
    change = api.ValuesSource(
        files=args.values,
        flags=common.set_flags(args),
        app_version=args.app_version,
        release=args.release,
        namespace=args.namespace,
        is_upgrade=args.is_upgrade,
    )
    namespace = args.from_namespace or args.namespace
    installed: api.ValuesSource | api.ManifestSource
    if args.from_manifest is not None:
        installed = api.ManifestSource(args.from_manifest, namespace)
    else:
        installed = api.ValuesSource(
            files=args.from_values,
            app_version=api.check_release(args.from_version or args.app_version),
            release=args.from_release or args.release,
            namespace=namespace,
            is_upgrade=args.from_is_upgrade,
        )
    try:
        result = api.diff(installed, change)
    except common.ChartgenError as exc:
        common.report(exc.diagnostics, args.format)
        return 1
    sys.stdout.write(FORMATS[args.format](result))
    if result.errors:
        return 1
    return EXIT_CHANGES if result.changed else 0
