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

import chartgen
from chartgen.arguments import each, given
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
    #: Files read that hold no Determined values (Kubernetes objects, another chart's GitOps
    #: objects or values, other YAML a hook handed over): passed by, without a finding.
    passed: list[str] = field(default_factory=list)
    #: Determined sources checked: a values file (or the ``values`` and flags, with no file)
    #: is one; a GitOps file one per install of the chart it makes.
    sources: int = 0
    #: Whether some finding fails the check: an error, or a warning where ``strict`` applies.
    failed: bool = False

    @property
    def ok(self) -> bool:
        return not self.failed and not self.problems


def _paths_given(where: str, files: object, values: object, config: object) -> None:
    """The paths ``check`` and ``rules_for`` take, else a ``TypeError``."""
    each(files, (str, os.PathLike), where, "files as a list of paths (values files or directories)")
    each(values, (str, os.PathLike), where, "values as a list of paths (values files)")
    given(config, (str, os.PathLike, type(None)), where, "config as a path, or None for the nearest")


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
    by_content: bool = False,
) -> CheckResult:
    """Check each of ``files`` (a directory: the values files under it) as ``chartgen lint`` does.

    ``values`` and ``flags`` are layers applied before each file; with no ``files``, they are
    checked on their own. ``config`` is a ``.chartgen.yaml`` or ``pyproject.toml`` to use instead
    of the nearest one up the tree. ``select`` replaces the configuration's selection,
    ``ignore`` adds to it (rule ids or globs; an opt-in rule only by its id); ``strict`` fails on
    warnings too. ``app_version``, ``release_name``, ``namespace`` and ``subchart`` (the key of
    an umbrella chart's values holding the Determined chart's) override the configuration's.
    ``workers`` > 1 shares many files among that many forked processes; None, one per core.
    A file named in ``files`` is a values file to judge (one Helm cannot read fails) unless
    ``by_content``: then, as for files found under a directory, only its content or a ``values``
    name makes it one, and other YAML (manifests, CI workflows, templates) is passed by, as a
    hook handing over every YAML file needs.

    Raises ``UsageError`` for a selection that names no rule or an unreadable ``config``.
    """
    _paths_given("check()", files, values, config)
    given(flags, (SetFlags, type(None)), "check()", "flags as chartgen.SetFlags or None")
    if select is not None:
        each(select, str, "check()", "select as a list of rule ids or globs, or None")
    each(ignore, str, "check()", "ignore as a list of rule ids or globs")
    given(strict, bool, "check()", "strict as True or False")
    for name, setting in [
        ("app_version", app_version), ("release_name", release_name), ("namespace", namespace),
        ("subchart", subchart),
    ]:  # fmt: skip
        given(setting, (str, type(None)), "check()", f"{name} as a string, or None for the configuration's")
    given(workers, (int, type(None)), "check()", "workers as a number of processes, or None for one per core")
    given(by_content, bool, "check()", "by_content as True or False")
    from chartgen.checking.discover import expand, is_values_name
    from chartgen.checking.installs import check_installs, gitops_installs
    from chartgen.checking.pool import cores, in_parallel
    from chartgen.validation.config import Finder
    from chartgen.validation.registry import all_rules

    rules = {known.rule: known for known in all_rules()}
    finder = Finder(rules)
    explicit = finder.explicit(os.fspath(config)) if config is not None else None
    paths, empty, skipped = expand(os.fspath(path) for path in files)
    named_files = {os.fspath(path) for path in files}
    layers = [os.fspath(path) for path in values]
    named = [*(select or ()), *ignore]
    if not _all_named(named, rules):
        # A pattern no built-in rule matches may name a policy of the configurations that apply.
        rules = {**rules, **_policy_rules(finder, explicit, paths or [None], layers)}
    chosen = None if select is None else tuple(_checked_patterns(select, "select", rules))
    ignored = tuple(_checked_patterns(ignore, "ignore", rules))
    caller = _Caller(chosen, ignored, strict, app_version, release_name, namespace, subchart)

    def one(file: str | None) -> _Outcome:
        try:
            settings = _settings(finder, explicit, file, layers, caller)
            if settings.excluded and file is not None:
                return _Outcome(excluded=True)
            installs = gitops_installs(file) if file is not None else None
            if installs is not None and not installs:
                return _Outcome(passed=True)  # objects, none of them Determined's
            if (
                installs is None
                and file is not None
                and file not in named_files
                and not is_values_name(os.path.basename(file))
            ):
                return _Outcome(passed=True)  # found under a directory by its content, and not GitOps
            if installs is not None and file is not None:
                own = (app_version, release_name, namespace)
                base = [*settings.base, *layers]
                found = check_installs(settings, installs, base, flags, rules, own, file)
                read = {os.path.realpath(layer.file) for install in installs for layer in install.layers}
                read.discard(os.path.realpath(file))
                return _Outcome(
                    found,
                    any(d.is_error or settings.strict for d in found),
                    sources=sum(install.checked for install in installs),
                    consumed=tuple(read),
                )
            else:
                sources = [*settings.base, *layers, *([file] if file else [])]
                claimed = (
                    file is None
                    or (file in named_files and not by_content)
                    or is_values_name(os.path.basename(file))
                )
                checked = _check_one(settings, sources, flags, file, rules, claimed)
                if checked is None:
                    return _Outcome(passed=True)
                found, determined = checked
                return _Outcome(
                    found, any(d.is_error or settings.strict for d in found), sources=int(determined)
                )
        except ChartgenError as exc:  # a GitOps file that is not YAML: a reading error, always reported
            found = [replace(d, severity=Severity.ERROR) for d in exc.diagnostics]
        except UsageError as exc:
            return _Outcome(problem=str(exc))
        return _Outcome(found, any(d.is_error or settings.strict for d in found))

    targets: list[str | None] = list(paths) if paths or empty else [None]
    workers = cores() if workers is None else workers
    if workers > 1 and _reads_stdin([*paths, *layers], flags):
        from chartgen.yamlio.read import STDIN, read_bytes

        read_bytes(STDIN)  # once, here: forked workers share what the parent has read
    result = CheckResult(empty_directories=empty)
    outcomes = in_parallel(one, targets, workers)
    # A value file an Application (or HelmRelease, …) reads is checked through it, where what
    # overrides it is known: not again on its own.
    consumed = {real for outcome in outcomes for real in outcome.consumed}
    for target, outcome in zip(targets, outcomes, strict=True):
        if consumed and target is not None and not outcome.consumed and os.path.realpath(target) in consumed:
            continue
        if outcome.problem is not None:
            if outcome.problem not in result.problems:
                result.problems.append(outcome.problem)
            continue
        if outcome.excluded:
            continue
        if outcome.passed and target is not None:
            result.passed.append(target)
            continue
        if target is not None:
            result.files.append(target)
        result.sources += outcome.sources
        result.diagnostics.extend(outcome.found)
        result.failed = result.failed or outcome.failed
    for link in skipped:
        try:
            settings = _settings(
                finder, explicit, link.location.file if link.location else None, layers, caller
            )
        except UsageError:
            continue  # the files beside it say so
        if not settings.excluded and settings.enabled(link.rule):
            link = replace(link, severity=settings.severity.get(link.rule, link.severity))
            result.diagnostics.append(link)
            result.failed = result.failed or link.is_error or settings.strict
    if not result.sources and not result.problems and not result.failed:
        result.failed = _strict_for(finder, explicit, targets[0] if targets else None, layers, caller)
    # Two Applications reading one value file find its mistakes twice: said once.
    result.diagnostics = sorted(dict.fromkeys(result.diagnostics), key=Diagnostic.sort_key)
    return result


def _strict_for(
    finder: Finder, explicit: Config | None, target: str | None, layers: list[str], caller: _Caller
) -> bool:
    """Whether ``strict`` applies to a run that found no Determined values: then it fails, as a
    check that checked nothing must not pass for one that checked everything."""
    try:
        return _settings(finder, explicit, target, layers, caller).strict
    except UsageError:
        return caller.strict


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
    #: Read, and found to hold no Determined values.
    passed: bool = False
    #: How many Determined sources were checked.
    sources: int = 0
    #: The files a GitOps file's installs read as layers (real paths): checked through it.
    consumed: tuple[str, ...] = ()


def rules_for(
    files: Sequence[str | os.PathLike[str]] = (),
    *,
    values: Sequence[str | os.PathLike[str]] = (),
    config: str | os.PathLike[str] | None = None,
) -> dict[str, chartgen.Rule]:
    """Every rule a ``check`` of these files knows, by id: the built-in rules, then the policies
    (house rules) of the configurations that apply (``config``, else each file's nearest), as
    ``--select``, suppression comments and the report formats' rule descriptions see them.

    Raises ``UsageError`` for an unreadable ``config``; a broken nearest configuration is left to
    ``check``, which reports it for the files it stops."""
    _paths_given("rules_for()", files, values, config)
    from chartgen.checking.discover import expand
    from chartgen.validation.config import Finder
    from chartgen.validation.registry import all_rules

    rules = {known.rule: known for known in all_rules()}
    finder = Finder(rules)
    explicit = finder.explicit(os.fspath(config)) if config is not None else None
    paths, _, _ = expand(os.fspath(path) for path in files)
    return {**rules, **_policy_rules(finder, explicit, paths or [None], [os.fspath(path) for path in values])}


def subchart_setting(file: str | os.PathLike[str] | None) -> str | None:
    """The ``subchart`` setting of the configuration nearest ``file`` (the working directory's
    when None): what ``render``, ``podspec`` and ``plan`` read an umbrella file's values by, as
    ``check`` does without ``subchart=``."""
    given(file, (str, os.PathLike, type(None)), "subchart_setting()", "file as a path, or None")
    from chartgen.validation.config import Finder
    from chartgen.validation.registry import all_rules

    return (
        Finder(rule.rule for rule in all_rules()).settings(None if file is None else os.fspath(file)).subchart
    )


def _policy_rules(
    finder: Finder, explicit: Config | None, targets: Sequence[str | None], layers: list[str]
) -> dict[str, Rule]:
    """The policies of every configuration that applies to ``targets``, as rules."""
    found: dict[str, Rule] = {}
    for target in targets:
        try:
            applied = finder.config(target if target else next(iter(layers), None), explicit)
        except UsageError:
            continue  # the check of that file says so
        for policy in applied.policies() if applied is not None else ():
            found.setdefault(policy.id, policy.rule)
    return found


def _all_named(patterns: Sequence[str], rules: dict[str, Rule]) -> bool:
    from chartgen.validation.config import rule_matches

    return all(any(rule_matches(rule, pattern) for rule in rules) for pattern in patterns)


def _checked_patterns(patterns: Sequence[str], setting: str, rules: dict[str, Rule]) -> list[str]:
    from chartgen.validation.config import rule_matches

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
    claimed: bool,
) -> tuple[list[Diagnostic], bool] | None:
    """The findings of ``sources`` (``checked`` last), and whether they held Determined values
    (a file of another chart does not: it gets its one warning); None when ``checked`` is not
    ``claimed`` as a values file (named by the caller, or by its name) and holds no Determined
    values: any YAML file a hook selecting by content hands over (a CI workflow, a playbook) is
    passed by, not judged."""
    from chartgen.releases import LATEST, check_release
    from chartgen.validation.runner import run_rules

    release = check_release(settings.app_version or LATEST)
    anonymous = checked is not None and checked != "-" and not claimed
    try:
        values = _load(sources, flags, release, settings.subchart, checked)
    except ChartgenError as exc:
        if anonymous and all(d.location and d.location.file == checked for d in exc.diagnostics):
            return None  # not values YAML, and not named as values: nothing says it is Determined's
        return [replace(d, severity=Severity.ERROR) for d in exc.diagnostics], True  # reading errors: always
    if isinstance(values, Diagnostic):
        return ([values] if settings.enabled(values.rule) else []), False
    opt_in = {name for name, known in rules.items() if known.opt_in and settings.enabled(name, opt_in=True)}
    found = run_rules(
        values,
        release_name=settings.release_name or "determined",
        namespace=settings.namespace or "default",
        opt_in=opt_in,
        policies=settings.policies,
    )
    other_chart = _other_charts(values, found, checked) if checked and not settings.subchart else None
    if other_chart is not None and anonymous:
        return None
    if other_chart is not None:
        return _reported(settings, [other_chart], sources, rules, opt_in), False
    return _reported(settings, found, sources, rules, opt_in), True


def _reported(
    settings: Settings, found: list[Diagnostic], sources: list[str], rules: dict[str, Rule], opt_in: set[str]
) -> list[Diagnostic]:
    """What the configuration reports of ``found``: enabled rules at their severities, less what
    a suppression comment in one of ``sources`` silences."""
    from chartgen.validation.suppression import apply, texts_of

    reported = [
        replace(d, severity=settings.severity.get(d.rule, d.severity))
        for d in found
        if settings.enabled(d.rule, opt_in=d.rule in opt_in)
    ]
    texts = texts_of(sources)
    if not texts:
        return reported
    policies = {policy.id for policy in settings.policies}
    return apply(
        reported, texts, known=lambda rule: rule in rules or rule in policies, enabled=settings.enabled
    )


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
