"""The whole lint run as one library call: what ``chartgen lint`` and the pre-commit hook do.

Composition, as check-jsonschema builds its checker: for each values file, the nearest project
configuration (``chartgen.validation.config``) with the caller's settings on top gives the rules,
severities, release facts and base files; the values are loaded (an umbrella chart's from its
``subchart`` section) and validated; configuration, then inline ``# chartgen: ignore[rule]``
comments (``chartgen.validation.suppression``), decide what is reported. Reading errors (YAML
syntax, encoding, size, a file that is not a values map, a ``--set`` expression) are reported
whatever the configuration says, as ruff reports a syntax error: a file Helm cannot read never
passes.

Each file is checked on its own (pre-commit passes every changed values file at once, and they
are independent installations); its configuration's base files, then ``values``, then the flags
are layers applied before it, as with ``helm lint -f``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
from chartgen.hints import TYPE_CHECKING
from chartgen.records import field, record, replace
from chartgen.values.load import LoadedValues, SetFlags

if TYPE_CHECKING:
    from chartgen.validation.config import Config, Finder, Settings
    from chartgen.validation.registry import Rule


@record
class CheckResult:
    """Every finding of every file checked, sorted by file, line and column."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: The values files checked, directories expanded, excluded ones left out.
    files: list[str] = field(default_factory=list)
    #: What stopped a file from being checked (it cannot be read, its configuration is broken),
    #: each said once however many files it stopped.
    problems: list[str] = field(default_factory=list)
    #: Directories given that hold no values file.
    empty_directories: list[str] = field(default_factory=list)
    #: Whether some finding fails the check: an error, or a warning where ``strict`` applies.
    failed: bool = False

    @property
    def ok(self) -> bool:
        return not self.failed and not self.problems


def check(
    files: Sequence[str | os.PathLike[str]] = (),
    *,
    values: Sequence[str | os.PathLike[str]] = (),
    flags: SetFlags | None = None,
    config: str | os.PathLike[str] | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    strict: bool = False,
    app_version: str | None = None,
    release_name: str | None = None,
    namespace: str | None = None,
    subchart: str | None = None,
    workers: int | None = 1,
) -> CheckResult:
    """Check each of ``files`` (a directory: the values files under it) as ``chartgen lint`` does.

    ``values`` and ``flags`` are layers applied before each file; with no ``files``, they are
    checked on their own. ``config`` is a ``.chartgen.yaml`` or ``pyproject.toml`` to use instead
    of the nearest one up the tree. ``select`` replaces the configuration's selection,
    ``ignore`` adds to it (rule ids or globs; an opt-in rule only by its id); ``strict`` fails on
    warnings too. ``app_version``, ``release_name``, ``namespace`` and ``subchart`` (the key of
    an umbrella chart's values holding the Determined chart's) override the configuration's.
    ``workers`` > 1 shares many files among that many forked processes; None, one per core.

    Raises ``UsageError`` for a selection that names no rule or an unreadable ``config``.
    """
    from chartgen.checking.discover import expand
    from chartgen.checking.pool import cores, in_parallel
    from chartgen.validation.config import Finder
    from chartgen.validation.registry import all_rules

    rules = {known.rule: known for known in all_rules()}
    chosen = None if select is None else tuple(_checked_patterns(select, "select", rules))
    ignored = tuple(_checked_patterns(ignore, "ignore", rules))
    finder = Finder(rules)
    explicit = finder.explicit(os.fspath(config)) if config is not None else None
    paths, empty = expand(os.fspath(path) for path in files)
    layers = [os.fspath(path) for path in values]
    caller = _Caller(chosen, ignored, strict, app_version, release_name, namespace, subchart)

    def one(file: str | None) -> _Outcome:
        try:
            settings = _settings(finder, explicit, file, layers, caller)
            if settings.excluded and file is not None:
                return _Outcome(excluded=True)
            sources = [*settings.base, *layers, *([file] if file else [])]
            found = _check_one(settings, sources, flags, file, rules)
        except UsageError as exc:
            return _Outcome(problem=str(exc))
        return _Outcome(found, any(d.is_error or settings.strict for d in found))

    targets: list[str | None] = list(paths) if paths or empty else [None]
    workers = cores() if workers is None else workers
    if workers > 1 and _reads_stdin([*paths, *layers], flags):
        from chartgen.yamlio.read import STDIN, read_bytes

        read_bytes(STDIN)  # once, here: forked workers share what the parent has read
    result = CheckResult(empty_directories=empty)
    for target, outcome in zip(targets, in_parallel(one, targets, workers), strict=True):
        if outcome.problem is not None:
            if outcome.problem not in result.problems:
                result.problems.append(outcome.problem)
            continue
        if outcome.excluded:
            continue
        if target is not None:
            result.files.append(target)
        result.diagnostics.extend(outcome.found)
        result.failed = result.failed or outcome.failed
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result


def _reads_stdin(files: list[str], flags: SetFlags | None) -> bool:
    """Whether a file or a ``--set-file`` value is ``-``, standard input."""
    from chartgen.yamlio.read import STDIN

    named = [
        part.partition("=")[2].strip()
        for expr in (flags.set_file if flags else ())
        for part in expr.split(",")
    ]
    return STDIN in files or STDIN in named


@record(frozen=True)
class _Caller:
    """The settings the caller gives, which win over every configuration's."""

    select: tuple[str, ...] | None
    ignore: tuple[str, ...]
    strict: bool
    app_version: str | None
    release_name: str | None
    namespace: str | None
    subchart: str | None


@record
class _Outcome:
    found: list[Diagnostic] = field(default_factory=list)
    failed: bool = False
    problem: str | None = None
    excluded: bool = False


def _checked_patterns(patterns: Sequence[str], setting: str, rules: dict[str, Rule]) -> list[str]:
    from chartgen.validation.config import rule_matches

    if isinstance(patterns, str):
        raise UsageError(f"{setting} takes a list of rule ids or globs, not the string {patterns!r}")
    for pattern in patterns:
        if not any(rule_matches(rule, pattern) for rule in rules):
            raise UsageError(f"{setting}: no rule is named {pattern!r}")
    return list(patterns)


def _settings(
    finder: Finder, explicit: Config | None, file: str | None, layers: list[str], caller: _Caller
) -> Settings:
    """The configuration's settings for ``file``, with the caller's on top."""
    base = finder.settings(file if file else next(iter(layers), None), explicit)
    return replace(
        base,
        select=caller.select if caller.select is not None else base.select,
        ignore=(*base.ignore, *caller.ignore),
        strict=caller.strict or base.strict,
        app_version=caller.app_version or base.app_version,
        release_name=caller.release_name or base.release_name,
        namespace=caller.namespace or base.namespace,
        subchart=caller.subchart or base.subchart,
    )


def _check_one(
    settings: Settings,
    sources: list[str],
    flags: SetFlags | None,
    checked: str | None,
    rules: dict[str, Rule],
) -> list[Diagnostic]:
    from chartgen.releases import LATEST, check_release
    from chartgen.validation.runner import run_rules
    from chartgen.validation.suppression import apply, texts_of

    release = check_release(settings.app_version or LATEST)
    try:
        values = _load(sources, flags, release, settings.subchart, checked)
    except ChartgenError as exc:
        return [replace(d, severity=Severity.ERROR) for d in exc.diagnostics]  # reading errors: always
    if isinstance(values, Diagnostic):
        return [values] if settings.enabled(values.rule) else []
    opt_in = {name for name, known in rules.items() if known.opt_in and settings.enabled(name, opt_in=True)}
    found = run_rules(
        values,
        release_name=settings.release_name or "determined",
        namespace=settings.namespace or "default",
        opt_in=opt_in,
    )
    other_chart = _other_charts(values, found, checked) if checked and not settings.subchart else None
    if other_chart is not None:
        found = [other_chart]
    reported = [
        replace(d, severity=settings.severity.get(d.rule, d.severity))
        for d in found
        if settings.enabled(d.rule, opt_in=d.rule in opt_in)
    ]
    texts = texts_of(sources)
    if not texts:
        return reported
    return apply(reported, texts, known=rules.__contains__, enabled=settings.enabled)


def _load(
    sources: list[str], flags: SetFlags | None, release: str, subchart: str | None, checked: str | None
) -> LoadedValues | Diagnostic:
    """The values of ``sources`` and ``flags``; with ``subchart``, each file's section of that
    name (a finding instead when the file checked has none)."""
    from chartgen.values.load import load_sources, read_source, subchart_section

    parsed = []
    problems: list[Diagnostic] = []
    for source in sources:
        try:
            loaded = read_source(source)
            if subchart is not None:
                section = subchart_section(loaded, subchart)
                if section is None and source == checked:
                    return _no_section(source, subchart)
                if section is None:
                    continue
                loaded = section
            parsed.append(loaded)
        except ChartgenError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise ChartgenError(problems)
    return load_sources(parsed, app_version=release, flags=flags)


def _no_section(file: str, subchart: str) -> Diagnostic:
    return Diagnostic(
        OTHER_CHART,
        f"this file has no {subchart!r} section, so it holds no Determined values and was not checked",
        Severity.WARNING,
        Location(file, 1, 1),
        hint=f"the subchart setting says the Determined chart's values are under {subchart}:",
    )


def _other_charts(values: LoadedValues, found: list[Diagnostic], file: str) -> Diagnostic | None:
    """One warning instead of a flood of false errors for a file none of whose top-level keys
    is the Determined chart's (another chart's ``values.yaml`` a broad hook pattern caught)."""
    # Every chart may hold Helm's ``global`` and an umbrella's ``enabled``: they say whose nothing.
    top = {path for path, where in values.keys.items() if len(path) == 1 and where.file == file}
    top -= {("global",), ("enabled",)}
    strange = {d.path: d.rule for d in found if d.rule in ("foreign-key", "unknown-key") and len(d.path) == 1}
    if not top or not top <= set(strange) or "foreign-key" not in strange.values():
        return None
    return Diagnostic(
        OTHER_CHART,
        "no top-level key of this file is one of the Determined chart's, so it was not checked: "
        "another chart's values, or an umbrella chart's (set subchart to the key of its Determined section)",
        Severity.WARNING,
        Location(file, 1, 1),
        hint="limit the pre-commit hook's files: to Determined's values files, or exclude this one "
        "in .chartgen.yaml (exclude: [path/glob])",
    )


OTHER_CHART = "not-determined-values"
