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
import re
import sys
from collections.abc import Sequence

from chartgen.cli import common
from chartgen.diagnostics import UsageError
from chartgen.rendering.engine import CHART_NAME, Manifest, stream


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", nargs="?", default="determined", help="release name (default: determined)")
    parser.add_argument("-n", "--namespace", default="default", help="release namespace (default: default)")
    common.add_values_arguments(parser)
    parser.add_argument("--is-upgrade", action="store_true", help="render as for 'helm upgrade'")
    parser.add_argument(
        "-s", "--show-only", action="append", default=[], metavar="TEMPLATE",
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
    try:
        return _render(args)
    except UsageError as exc:
        return common.usage_error(exc)
    except BrokenPipeError:
        raise  # the reader went away (``| head``): not a bug, and main ends quietly
    except Exception as exc:
        return common.internal_error(exc)


def _render(args: argparse.Namespace) -> int:
    from chartgen import api

    if args.kube_version is not None:
        from chartgen.kube import check_kube_version

        check_kube_version(args.kube_version)
    patterns = [_pattern(text) for text in args.show_only]
    try:
        result = api.render_release(
            files=args.values,
            flags=common.set_flags(args),
            release=args.release,
            namespace=args.namespace,
            app_version=args.app_version,
            is_upgrade=args.is_upgrade,
        )
    except common.ChartgenError as exc:
        common.report(exc.diagnostics)
        return 1
    common.report(result.diagnostics)
    if not result.ok:
        return 1
    manifests = _select(result.manifests, patterns) if patterns else result.manifests
    if args.output_dir is None:
        sys.stdout.write(stream(manifests))
        return 0
    from chartgen.rendering.output import write_tree

    try:
        written = write_tree(manifests, args.output_dir)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        where = exc.filename or args.output_dir
        raise UsageError(f"cannot write {where}: {reason}") from None
    sys.stdout.write("".join(f"wrote {path}\n" for path in written))
    return 0


class _Pattern:
    """One ``--show-only`` argument: what the user typed and the paths it matches."""

    def __init__(self, text: str, regex: re.Pattern[str] | None) -> None:
        self.text = text
        self.regex = regex

    def matches(self, template: str) -> bool:
        return self.regex is not None and self.regex.fullmatch(template) is not None


def _glob_regex(pattern: str) -> re.Pattern[str] | None:
    """Go's ``filepath.Match``: ``*`` and ``?`` stop at ``/``, ``[…]``/``[^…]`` classes, ``\\`` escapes.

    A malformed pattern matches nothing, as in Helm (which ignores the error).
    """
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "\\" and i + 1 < len(pattern):
            i += 1
            out.append(re.escape(pattern[i]))
        elif char == "[":
            end = pattern.find("]", i + 1)
            body = pattern[i + 1 : end]
            if end < 0 or body in ("", "^"):
                return None
            negate = body.startswith("^")
            members = "".join(f"\\{c}" if c in "[]^\\" else c for c in body.removeprefix("^"))
            out.append(f"[{'^' if negate else ''}{members}]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    try:
        return re.compile("".join(out))
    except re.error:
        return None


def _pattern(text: str) -> _Pattern:
    """Refuse, before rendering, a pattern that names no template of the chart."""
    from chartgen.rendering.chart import manifest_templates

    pattern = _Pattern(text, _glob_regex(text.removeprefix(f"{CHART_NAME}/")))
    templates = [f"templates/{name}" for name in sorted(manifest_templates())]
    if any(pattern.matches(t) for t in templates):
        return pattern
    import difflib

    def stem(path: str) -> str:
        return path.rsplit("/", 1)[-1].removesuffix(".yaml")

    by_stem = {stem(t): t for t in templates}
    close = difflib.get_close_matches(stem(text), by_stem, n=1)
    guess = f" (did you mean {by_stem[close[0]]}?)" if close else ""
    listing = "".join(f"\n{t}" for t in templates)
    raise UsageError(f"could not find template {text} in chart{guess}; its templates are:{listing}")


def _select(manifests: Sequence[Manifest], patterns: Sequence[_Pattern]) -> list[Manifest]:
    """Objects grouped by pattern, in install order within each, each object once."""
    chosen: dict[int, Manifest] = {}
    for pattern in patterns:
        matched = [(i, m) for i, m in enumerate(manifests) if pattern.matches(m.template)]
        if not matched:
            raise UsageError(
                f"template {pattern.text} renders no objects with these values, so there is nothing to show"
            )
        for i, manifest in matched:
            chosen.setdefault(i, manifest)
    return list(chosen.values())
