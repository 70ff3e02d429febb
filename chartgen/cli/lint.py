"""``chartgen lint``: every problem in the values files, located; the pre-commit hook's entry.

Each positional FILE is linted on its own (pre-commit passes every changed
values file at once, and they are independent installations); the base files
of its configuration, then ``-f`` files and ``--set`` flags, are layers applied
before each of them, as with ``helm lint -f``.

Findings are the command's output, so they go to standard output in every
format (as ruff, yamllint and ``helm lint`` do), sorted by file, line and
column; text ends with a one-line summary unless ``--quiet``. Standard error
carries only what stopped a file from being linted.

What is reported, and how severely, comes from the nearest project configuration
(``chartgen.validation.config``), then the flags; ``# chartgen: ignore[rule]`` comments
(``chartgen.validation.suppression``) silence single findings.
"""

from __future__ import annotations

import argparse
import sys

from chartgen.api import Diagnostic, LoadedValues
from chartgen.cli import common

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it
if TYPE_CHECKING:
    from typing import Any

FORMAT_NAMES = ("text", "json", "github", "sarif")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="values files, each linted on its own")
    common.add_values_arguments(parser)
    parser.set_defaults(app_version=None)  # else the configuration's, else the latest
    parser.add_argument(
        "--release-name", metavar="NAME", help="release name to check values against (default: determined)"
    )
    parser.add_argument(
        "-n", "--namespace", metavar="NS", help="namespace to check values against (default: default)"
    )
    parser.add_argument("--format", choices=FORMAT_NAMES, default="text", help="output format")
    parser.add_argument(
        "--select", metavar="RULES",
        help="report only these rules (comma-separated ids or globs such as yaml-*; replaces the configuration's)",
    )  # fmt: skip
    parser.add_argument(
        "--ignore", metavar="RULES", action="append", default=[],
        help="do not report these rules (comma-separated ids or globs; adds to the configuration's)",
    )  # fmt: skip
    parser.add_argument(
        "--strict", action="store_true", help="fail (exit 1) on warnings too, as helm lint --strict"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary line")
    parser.add_argument(
        "--config", metavar="FILE",
        help="use this configuration (.chartgen.yaml or pyproject.toml), not the nearest one up the tree",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    try:
        return _lint(args)
    except BrokenPipeError:
        raise  # the reader went away (``| head``): not a bug, and main ends quietly
    except Exception as exc:
        return common.internal_error(exc)


def _lint(args: argparse.Namespace) -> int:
    from chartgen import api

    flags = common.set_flags(args)
    has_flags = any((flags.set, flags.set_string, flags.set_json, flags.set_file, flags.set_literal))
    if not args.files and not args.values and not has_flags:
        return common.usage_error(common.UsageError("lint needs at least one values file (FILE, or -f FILE)"))
    rules = {known.rule: known for known in api.all_rules()}
    finder = api.ConfigFinder(rules)
    try:
        select = _patterns(args.select, "--select", rules) if args.select else None
        ignore = [pattern for text in args.ignore for pattern in _patterns(text, "--ignore", rules)]
        explicit = finder.explicit(args.config) if args.config else None
    except common.UsageError as exc:
        return common.usage_error(exc)
    found: list[Diagnostic] = []
    # A layer every run shares fails each run alike: say so once.
    unreadable: dict[str, None] = {}
    failed = False

    def check(file: str | None) -> tuple[list[Diagnostic], bool, str | None]:
        try:
            settings = _settings(finder, explicit, file, args, select, ignore)
            if settings.excluded and file is not None:
                return [], False, None
            layers = [*settings.base, *args.values, *([file] if file else [])]
            diagnostics = _lint_one(settings, layers, args, checked=file, rules=rules)
        except common.UsageError as exc:
            return [], False, str(exc)
        return diagnostics, any(d.is_error or settings.strict for d in diagnostics), None

    for diagnostics, file_failed, problem in _in_parallel(check, args.files or [None]):
        if problem is not None:
            unreadable[problem] = None
        found.extend(diagnostics)
        failed = failed or file_failed
    if args.format == "sarif":
        from chartgen.report import as_sarif

        sys.stdout.write(as_sarif(found, {name: known.doc for name, known in rules.items()}))
    else:
        common.report(found, args.format, sys.stdout)
    if args.format == "text" and not args.quiet and not unreadable:
        from chartgen.report import summary

        sys.stdout.write(summary(found))
    for message in unreadable:
        common.error(message)
    if unreadable:
        return 2
    return 1 if failed else 0


#: Below this many files a second process costs more than it saves.
PARALLEL_FROM = 24


def _in_parallel(check: Any, files: list[str | None]) -> list[Any]:
    """``check`` of every file, in order; on several cores, shared with forked processes that
    inherit everything already imported and loaded (pre-commit passes hundreds of files at
    once). Plain ``fork`` and a pipe each: ``multiprocessing`` costs more to import than a
    worker saves. A worker that fails hands its files back, and they are checked here, so an
    internal error is reported as from a single process."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if len(files) < PARALLEL_FROM or cores < 2 or not hasattr(os, "fork"):
        return [check(file) for file in files]
    import pickle

    workers = min(cores, 8)
    chunks = [files[index::workers] for index in range(workers)]
    sys.stdout.flush()
    sys.stderr.flush()
    children = []
    for chunk in chunks[1:]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker: whatever happens, it ends here and never returns
            try:
                os.close(read_end)
                try:
                    data = pickle.dumps([check(file) for file in chunk], pickle.HIGHEST_PROTOCOL)
                except BaseException:
                    data = b""
                with os.fdopen(write_end, "wb") as stream:
                    stream.write(data)
            finally:
                os._exit(0)
        os.close(write_end)
        children.append((pid, read_end, chunk))
    results = []
    try:
        results.append([check(file) for file in chunks[0]])
        while children:
            pid, read_end, chunk = children.pop(0)
            try:
                with os.fdopen(read_end, "rb") as stream:
                    data = stream.read()
            finally:
                os.waitpid(pid, 0)
            results.append(pickle.loads(data) if data else [check(file) for file in chunk])
    finally:
        for pid, read_end, _ in children:  # the parent failed: no worker is left behind
            os.close(read_end)
            os.waitpid(pid, 0)
    ordered: list[Any] = [None] * len(files)
    for index, chunk_results in enumerate(results):
        ordered[index::workers] = chunk_results
    return ordered


def _patterns(text: str, flag: str, rules: dict[str, Any]) -> list[str]:
    from chartgen import api

    patterns = [item.strip() for item in text.split(",") if item.strip()]
    for pattern in patterns:
        if not any(api.rule_matches(rule, pattern) for rule in rules):
            raise common.UsageError(f"{flag}: no rule is named {pattern!r} (chartgen rule --list)")
    return patterns


def _settings(
    finder: Any,
    explicit: Any,
    file: str | None,
    args: argparse.Namespace,
    select: list[str] | None,
    ignore: list[str],
) -> Any:
    """The configuration's settings for ``file``, with the command line's on top."""
    from chartgen.records import replace

    base = finder.settings(file if file else next(iter(args.values), None), explicit)
    return replace(
        base,
        select=tuple(select) if select is not None else base.select,
        ignore=(*base.ignore, *ignore),
        strict=args.strict or base.strict,
        app_version=args.app_version or base.app_version,
        release_name=args.release_name or base.release_name,
        namespace=args.namespace or base.namespace,
    )


def _lint_one(
    settings: Any, files: list[str], args: argparse.Namespace, *, checked: str | None, rules: dict[str, Any]
) -> list[Diagnostic]:
    from chartgen import api
    from chartgen.records import replace

    release = api.check_release(settings.app_version or api.LATEST)
    result = api.lint(
        files,
        app_version=release,
        flags=common.set_flags(args),
        release_name=settings.release_name or "determined",
        namespace=settings.namespace or "default",
    )
    diagnostics = result.diagnostics
    other_chart = _other_charts(result.values, diagnostics, checked) if result.values and checked else None
    if other_chart is not None:
        diagnostics = [other_chart]
    reported = [
        replace(d, severity=settings.severity.get(d.rule, d.severity))
        for d in diagnostics
        if settings.enabled(d.rule)
    ]
    texts = api.suppression_texts(files)
    if not texts:
        return reported
    found: list[Diagnostic] = api.suppress(
        reported, texts, known=rules.__contains__, enabled=settings.enabled
    )
    return found


def _other_charts(values: LoadedValues, found: list[Diagnostic], file: str) -> Diagnostic | None:
    """One warning instead of a flood of false errors for a file none of whose top-level keys
    is the Determined chart's (another chart's ``values.yaml`` a broad hook pattern caught)."""
    from chartgen.api import Location, Severity

    # Every chart may hold Helm's ``global`` and an umbrella's ``enabled``: they say whose nothing.
    top = {path for path, where in values.keys.items() if len(path) == 1 and where.file == file}
    top -= {("global",), ("enabled",)}
    strange = {d.path: d.rule for d in found if d.rule in ("foreign-key", "unknown-key") and len(d.path) == 1}
    if not top or not top <= set(strange) or "foreign-key" not in strange.values():
        return None
    return Diagnostic(
        OTHER_CHART,
        "no top-level key of this file is one of the Determined chart's, so it was not checked: "
        "another chart's values, or an umbrella chart's (lint the Determined part on its own)",
        Severity.WARNING,
        Location(file, 1, 1),
        hint="limit the pre-commit hook's files: to Determined's values files, or exclude this one "
        "in .chartgen.yaml (exclude: [path/glob])",
    )


OTHER_CHART = "not-determined-values"
