"""The library's entry points: what installer tooling imports, and all the command line calls.

Errors, one model for every entry point:

- Findings are data. ``lint`` and ``validate`` exist to report them, ``fix`` and ``migrate``
  to repair them, so none of them raises for invalid values: YAML errors included, the findings
  come back as ``Diagnostic``s on the result (``fix``'s ``remaining``).
- Every other entry point raises ``ChartgenError`` when its input is invalid; its
  ``diagnostics`` are the located findings (with ``validate``'s warnings beside the errors).
  Warnings of a successful call come back on its result.
- ``UsageError`` means the request itself cannot run: an unsupported release, a file that
  cannot be read, a setting that cannot work, a directory that cannot be written.

Nothing here prints or exits, and nothing heavy is imported until it is used.

Annotations resolve at run time (``typing.get_type_hints``) though importing this module imports
neither ``typing`` nor pydantic: they are strings naming types this module holds, types loaded
on first use through the package (``chartgen.Values``, whose ``__getattr__`` imports them), and
``typing`` through ``chartgen.hints``, which imports it when first read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import chartgen
from chartgen.arguments import each as _each
from chartgen.arguments import given as _given
from chartgen.arguments import wrong as _wrong
from chartgen.checking import CheckResult, check, rules_for, subchart_setting
from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError, ValuesError
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.records import field, record
from chartgen.releases import LATEST, SUPPORTED, check_release
from chartgen.values import refusals
from chartgen.values.load import LoadedValues, SetFlags

if TYPE_CHECKING:
    from chartgen.diffing.model import Category as HazardCategory
    from chartgen.diffing.model import DiffResult, FieldChange, Hazard, ObjectChange
    from chartgen.diffing.objects import ObjectId
    from chartgen.diffing.sources import ManifestSource, ValuesSource, diff
    from chartgen.fixing.engine import Applied, FixResult, fix, set_value
    from chartgen.fixing.files import read_text as read_values_text
    from chartgen.fixing.files import unified_diff
    from chartgen.fixing.files import write_text as write_values_text
    from chartgen.fixing.migrate import MigrateResult, migrate
    from chartgen.fixing.rounds import Rounds as FixRounds
    from chartgen.planning.analyse import Plan
    from chartgen.planning.inventory import Node as ClusterNode
    from chartgen.planning.report import PlanReport
    from chartgen.planning.request import Request as PlanRequest
    from chartgen.planning.schedule import Deadlock, JobPlan, Placement
    from chartgen.planning.sizing import Sizing
    from chartgen.podspec.preview import Layer as PodSpecLayer
    from chartgen.podspec.preview import Note as PodPreviewNote
    from chartgen.podspec.preview import Override as LaunchOverride
    from chartgen.podspec.preview import PodPreview
    from chartgen.podspec.task import PodPreviewResult
    from chartgen.podspec.task import Request as PodRequest
    from chartgen.rendering.engine import Manifest
    from chartgen.validation.config import rule_matches
    from chartgen.validation.registry import Context as RuleContext
    from chartgen.validation.registry import Rule, all_rules
    from chartgen.validation.registry import explanation as rule_explanation
    from chartgen.validation.registry import summary as rule_summary
    from chartgen.values.model import (
        AdditionalResourceManager,
        AssignWorkspaceCreator,
        Authz,
        BindMount,
        CheckpointStorage,
        Cluster,
        Db,
        DefaultImages,
        DefaultTask,
        Device,
        ElasticSecurity,
        ElasticTls,
        Fluent,
        Genai,
        GeneratedPvc,
        Ingress,
        IngressTls,
        KubernetesResourceManager,
        KubernetesTaskDefaults,
        LogAction,
        Logging,
        LogPolicy,
        MasterService,
        MasterTaskContainerDefaults,
        NodeGroup,
        Observability,
        Oidc,
        OpenshiftRoute,
        RegistryAuth,
        ResourceManager,
        ResourcePool,
        RetentionPolicy,
        RuntimeImages,
        RuntimeVariables,
        Saml,
        Scim,
        ScimAuth,
        Security,
        SlotRequests,
        SlotResourceRequests,
        TaskContainerDefaults,
        TaskGateway,
        Telemetry,
        Token,
        Values,
    )
    from chartgen.yamlio.edit import Document as ValuesDocument
    from chartgen.yamlio.edit import Edit, Fix
    from chartgen.yamlio.edit import Entry as DocumentEntry
    from chartgen.yamlio.load import Loaded as LoadedYaml


def _worded(exc: object, data: object, model: type, release: str | None) -> list[Diagnostic]:
    from chartgen.validation.refusals import worded

    return worded(exc, data, model, release)  # type: ignore[arg-type]


# The typed model sits below the validator: the library hands it lint's words for its refusals.
refusals.wording = _worded


def _names(module: str, *names: str) -> dict[str, tuple[str, str]]:
    """Each of ``names``, as ``module`` names it."""
    return {name: (module, name) for name in names}


# Loaded on first use (PEP 562), so that ``lint`` never imports what only ``diff`` needs:
# public name -> (module, name there). The typed model's classes are not listed: see __getattr__.
_LAZY = {
    **_names("chartgen.diffing.model", "DiffResult", "FieldChange", "Hazard", "ObjectChange"),
    "HazardCategory": ("chartgen.diffing.model", "Category"),
    **_names("chartgen.diffing.objects", "ObjectId"),
    **_names("chartgen.diffing.sources", "ManifestSource", "ValuesSource", "diff"),
    **_names("chartgen.fixing.engine", "Applied", "FixResult", "fix", "set_value"),
    **_names("chartgen.fixing.files", "unified_diff"),
    "read_values_text": ("chartgen.fixing.files", "read_text"),
    "write_values_text": ("chartgen.fixing.files", "write_text"),
    **_names("chartgen.fixing.migrate", "MigrateResult", "migrate"),
    "FixRounds": ("chartgen.fixing.rounds", "Rounds"),
    **_names("chartgen.planning.analyse", "Plan"),
    "ClusterNode": ("chartgen.planning.inventory", "Node"),
    **_names("chartgen.planning.report", "PlanReport"),
    "PlanRequest": ("chartgen.planning.request", "Request"),
    **_names("chartgen.planning.schedule", "Deadlock", "JobPlan", "Placement"),
    **_names("chartgen.planning.sizing", "Sizing"),
    **_names("chartgen.podspec.preview", "PodPreview"),
    "PodSpecLayer": ("chartgen.podspec.preview", "Layer"),
    "PodPreviewNote": ("chartgen.podspec.preview", "Note"),
    "LaunchOverride": ("chartgen.podspec.preview", "Override"),
    **_names("chartgen.podspec.task", "PodPreviewResult"),
    "PodRequest": ("chartgen.podspec.task", "Request"),
    **_names("chartgen.rendering.engine", "Manifest"),
    **_names("chartgen.validation.config", "rule_matches"),
    **_names("chartgen.validation.registry", "Rule", "all_rules"),
    "RuleContext": ("chartgen.validation.registry", "Context"),
    "rule_explanation": ("chartgen.validation.registry", "explanation"),
    "rule_summary": ("chartgen.validation.registry", "summary"),
    **_names("chartgen.yamlio.edit", "Edit", "Fix"),
    "ValuesDocument": ("chartgen.yamlio.edit", "Document"),
    "DocumentEntry": ("chartgen.yamlio.edit", "Entry"),
    "LoadedYaml": ("chartgen.yamlio.load", "Loaded"),
}


def __getattr__(name: str) -> typing.Any:
    if name == "Source":
        from chartgen.values.model import Values

        globals()["Source"] = str | os.PathLike[str] | ValuesText | Mapping[str, object] | Values
        return globals()["Source"]
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    if name in __all__:
        # The other public names are the typed model's, as its package lists them: imported on
        # first use, since importing it imports pydantic, which only the typed ``Values`` needs.
        from chartgen.values import model

        if name in model.__all__:
            return getattr(model, name)
    raise AttributeError(f"module 'chartgen.api' has no attribute {name!r}")


__all__ = [
    "LATEST",
    "SUPPORTED",
    "AdditionalResourceManager",
    "Applied",
    "AssignWorkspaceCreator",
    "Authz",
    "BindMount",
    "ChartgenError",
    "CheckResult",
    "CheckpointStorage",
    "Cluster",
    "ClusterNode",
    "Db",
    "Deadlock",
    "DefaultImages",
    "DefaultTask",
    "Device",
    "Diagnostic",
    "DiffResult",
    "DocumentEntry",
    "Edit",
    "ElasticSecurity",
    "ElasticTls",
    "FieldChange",
    "Fix",
    "FixResult",
    "FixRounds",
    "Fluent",
    "Genai",
    "GeneratedPvc",
    "Hazard",
    "HazardCategory",
    "Ingress",
    "IngressTls",
    "JobPlan",
    "KubernetesResourceManager",
    "KubernetesTaskDefaults",
    "LaunchOverride",
    "LintResult",
    "LoadedValues",
    "LoadedYaml",
    "Location",
    "LogAction",
    "LogPolicy",
    "Logging",
    "Manifest",
    "ManifestSource",
    "MasterService",
    "MasterTaskContainerDefaults",
    "MigrateResult",
    "NodeGroup",
    "ObjectChange",
    "ObjectId",
    "Observability",
    "Oidc",
    "OpenshiftRoute",
    "Placement",
    "Plan",
    "PlanReport",
    "PlanRequest",
    "PodPreview",
    "PodPreviewNote",
    "PodPreviewResult",
    "PodRequest",
    "PodSpecLayer",
    "RegistryAuth",
    "RenderResult",
    "ResourceManager",
    "ResourcePool",
    "RetentionPolicy",
    "Rule",
    "RuleContext",
    "RuntimeImages",
    "RuntimeVariables",
    "Saml",
    "Scim",
    "ScimAuth",
    "Security",
    "SetFlags",
    "Severity",
    "Sizing",
    "SlotRequests",
    "SlotResourceRequests",
    "Source",
    "TaskContainerDefaults",
    "TaskGateway",
    "Telemetry",
    "Token",
    "UsageError",
    "Values",
    "ValuesDocument",
    "ValuesError",
    "ValuesSource",
    "ValuesText",
    "all_rules",
    "check",
    "check_kube_version",
    "check_release",
    "diff",
    "fix",
    "lint",
    "load_values",
    "migrate",
    "plan",
    "preview_pod",
    "read_values_text",
    "render",
    "rule_explanation",
    "rule_matches",
    "rule_summary",
    "rules_for",
    "schema",
    "schema_text",
    "set_value",
    "subchart_setting",
    "to_yaml_stream",
    "unified_diff",
    "validate",
    "write_manifests",
    "write_values_text",
]


@record(frozen=True)
class ValuesText:
    """Values given as YAML text rather than a file; ``name`` is what findings point at."""

    text: str
    name: str = "<text>"

    def __post_init__(self) -> None:
        _given(self.text, str, "ValuesText()", "text as a string (YAML)")
        _given(self.name, str, "ValuesText()", "name as a string (what findings point at)")

    def __repr__(self) -> str:
        # The text may hold passwords.
        return f"ValuesText(name={self.name!r}, {len(self.text)} characters)"


if TYPE_CHECKING:
    #: One layer of values: a file path (``-`` is standard input), YAML text, a mapping or typed
    #: ``Values``. At run time ``__getattr__`` builds it, on first use: it names the pydantic model.
    Source: typing.TypeAlias = "str | os.PathLike[str] | ValuesText | Mapping[str, object] | Values"


#: What one layer of values may be, as a ``TypeError`` names it; a release; an umbrella chart's key.
_SOURCES = "a path, chartgen.ValuesText, a mapping or chartgen.Values"
_APP_VERSION = "app_version as a string (chartgen.LATEST, or one of chartgen.SUPPORTED)"
_SUBCHART = "subchart as a string (the umbrella chart's key for the Determined values), or None"


def _single(sources: object) -> bool:
    return isinstance(sources, (str, os.PathLike, ValuesText, Mapping)) or hasattr(sources, "model_dump")


def _layers(sources: object, where: str, takes: str = "") -> list[chartgen.Source]:
    """``sources`` as a list of layers, each of a type that can hold values, else a ``TypeError``."""
    layers = [sources] if _single(sources) else sources
    if isinstance(layers, (bytes, bytearray)) or not isinstance(layers, Sequence):
        _wrong(sources, where, f"{takes}values sources ({_SOURCES}, or a list of them)")
    for index, layer in enumerate(layers, start=1):
        if not isinstance(layer, (str, os.PathLike, ValuesText, Mapping)) and not _is_values(layer):
            _wrong(layer, where, f"{_SOURCES} as values source {index}")
    return list(layers)


def _is_values(source: object) -> bool:
    """The typed ``Values`` (not a section of it): checked without importing pydantic for other types."""
    if not hasattr(source, "model_dump"):
        return False
    from chartgen.values.model import Values

    return isinstance(source, Values)


@record
class LintResult:
    values: LoadedValues | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


@record
class RenderResult:
    """The objects in install order, and the warnings the values drew."""

    manifests: list[chartgen.Manifest]
    warnings: list[Diagnostic] = field(default_factory=list)

    def to_yaml_stream(self) -> str:
        return to_yaml_stream(self.manifests)


def _loaded(source: chartgen.Source, index: int) -> chartgen.LoadedYaml:
    """One layer as a parsed document."""
    from chartgen.values.load import from_data, from_text, read_source

    if isinstance(source, ValuesText):
        return from_text(source.text, source.name)
    if isinstance(source, (str, os.PathLike)):
        return read_source(os.fspath(source))
    if isinstance(source, Mapping):
        return from_data(source, f"<values {index}>")
    dump = source.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return from_data(dump, type(source).__name__)


def load_values(
    sources: chartgen.Source | Sequence[chartgen.Source] = (),
    *,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
    subchart: str | None = None,
) -> LoadedValues:
    """The chart's defaults, then each source in order, then ``flags``, coalesced as Helm does.

    With ``subchart`` (``"determined"``), each file, text or mapping is an umbrella chart's values
    and its ``subchart`` section is the layer, every position still the file's own (a source
    without the section adds nothing; none with it is a ``UsageError``); typed ``Values`` and
    ``flags`` are the Determined chart's values already. Raises ``ChartgenError`` with every YAML
    problem found.
    """
    from chartgen.values.load import load_sources, subchart_section

    layers = _layers(sources, "load_values()")
    _options(app_version, flags, "load_values()")
    _given(subchart, (str, type(None)), "load_values()", _SUBCHART)
    check_release(app_version)
    parsed = []
    problems: list[Diagnostic] = []
    for index, source in enumerate(layers, start=1):
        try:
            loaded: chartgen.LoadedYaml | None = _loaded(source, index)
            if subchart is not None and loaded is not None and not hasattr(source, "model_dump"):
                loaded = subchart_section(loaded, subchart)
            if loaded is not None:
                parsed.append(loaded)
        except ChartgenError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise ChartgenError(problems)
    if subchart is not None and layers and not parsed:
        raise UsageError(
            f"no values source has a {subchart!r} section, so there are no Determined values to read "
            f"(is {subchart!r} the key of the umbrella chart's section for them?)"
        )
    return load_sources(parsed, app_version=app_version, flags=flags)


def validate(
    values: LoadedValues | chartgen.Source | Sequence[chartgen.Source],
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> list[Diagnostic]:
    """Every problem in the values, errors and warnings, in source order; YAML errors included.

    ``values`` already loaded are not read again (``app_version`` and ``flags`` then apply only
    to values still to load)."""
    from chartgen.validation.runner import run_rules

    _release(release_name, namespace, "validate()")
    _given(is_upgrade, bool, "validate()", "is_upgrade as True or False")
    try:
        loaded = _as_loaded(values, app_version, flags, "validate()")
    except ChartgenError as exc:
        return exc.diagnostics
    return run_rules(loaded, release_name=release_name, namespace=namespace, is_upgrade=is_upgrade)


def _release(release_name: object, namespace: object, where: str) -> None:
    _given(release_name, str, where, "release_name as a string")
    _given(namespace, str, where, "namespace as a string")


def _options(app_version: object, flags: object, where: str) -> None:
    _given(app_version, str, where, _APP_VERSION)
    if flags is not None:
        _given(flags, SetFlags, where, "flags as chartgen.SetFlags or None")


def lint(
    sources: chartgen.Source | Sequence[chartgen.Source],
    *,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
    release_name: str = "determined",
    namespace: str = "default",
) -> LintResult:
    """Load and validate; YAML errors come back as diagnostics rather than exceptions.

    Every default rule, no configuration and no suppression comments: ``check`` is the run
    ``chartgen lint`` makes, with both.
    """
    _release(release_name, namespace, "lint()")
    try:
        values = _as_loaded(sources, app_version, flags, "lint()")
    except ChartgenError as exc:
        return LintResult(None, exc.diagnostics)
    return LintResult(values, validate(values, release_name=release_name, namespace=namespace))


def _as_loaded(
    values: LoadedValues | chartgen.Source | Sequence[chartgen.Source],
    app_version: str,
    flags: SetFlags | None,
    where: str,
    subchart: str | None = None,
) -> LoadedValues:
    if isinstance(values, LoadedValues):
        return values
    layers = _layers(values, where, "chartgen.LoadedValues or ")  # named for the function called
    _options(app_version, flags, where)
    _given(subchart, (str, type(None)), where, _SUBCHART)
    return load_values(layers, app_version=app_version, flags=flags, subchart=subchart)


def render(
    values: LoadedValues | chartgen.Source | Sequence[chartgen.Source],
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
    show_only: Sequence[str] = (),
    app_version: str = LATEST,
    flags: SetFlags | None = None,
    subchart: str | None = None,
) -> RenderResult:
    """The objects ``helm template`` installs for these values, after validating them once.

    ``values`` already loaded are not read again (``app_version``, ``flags`` and ``subchart``, an
    umbrella chart's key as ``load_values`` takes it, then apply only to values still to load). ``show_only``
    takes ``helm template --show-only`` globs (``templates/master-*.yaml``); a pattern that names
    no template, or matches no object, is a ``UsageError``. Invalid values raise ``ChartgenError``.
    """
    from chartgen.rendering.select import parse_pattern, select
    from chartgen.validation.registry import Context
    from chartgen.validation.runner import checked

    _release(release_name, namespace, "render()")
    _given(is_upgrade, bool, "render()", "is_upgrade as True or False")
    _each(show_only, str, "render()", "show_only as a list of globs (strings)")
    patterns = [parse_pattern(text) for text in show_only]
    loaded = _as_loaded(values, app_version, flags, "render()", subchart)
    ctx = Context(loaded, release_name, namespace, is_upgrade)
    found = checked(ctx)
    if any(d.is_error for d in found):
        raise ChartgenError(found)
    manifests = ctx.rendered()  # the render the API server's rules read, not another
    if patterns:
        manifests = select(manifests, patterns)
    return RenderResult(manifests, found)


def to_yaml_stream(manifests: Sequence[chartgen.Manifest]) -> str:
    """One YAML stream, each object after ``---`` and Helm's ``# Source:`` comment."""
    from chartgen.rendering.engine import stream

    _manifests(manifests, "to_yaml_stream()")
    return stream(manifests)


def _manifests(manifests: object, where: str) -> None:
    from chartgen.rendering.engine import Manifest

    _each(manifests, Manifest, where, "a list of chartgen.Manifest (RenderResult.manifests)")


def write_manifests(manifests: Sequence[chartgen.Manifest], directory: str | os.PathLike[str]) -> list[str]:
    """One file per template under ``directory/determined/templates/``, as ``helm template
    --output-dir`` writes them; the tree is replaced atomically. Returns the paths written."""
    from chartgen.rendering.output import write_tree

    _manifests(manifests, "write_manifests()")
    _given(directory, (str, os.PathLike), "write_manifests()", "directory as a path")
    target = os.fspath(directory)
    try:
        return write_tree(manifests, target)
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename or target}: {exc.strerror or exc}") from None


def plan(
    values: LoadedValues | chartgen.Source | Sequence[chartgen.Source] | None = None,
    *,
    nodes: str | Sequence[int] | None = None,
    cpu_allocatable: str | Sequence[str | float] | None = None,
    pool: str | None = None,
    jobs: str | Sequence[int] = (),
    slot_cpu: str | float | None = None,
    max_slots_per_pod: int | None = None,
    scheduler: typing.Literal["default", "coscheduler"] | None = None,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> chartgen.PlanReport:
    """Whether these jobs can ever be scheduled, and whether they can deadlock the cluster.

    The cluster is ``nodes`` (GPUs per node: ``"4,4,8"``, ``"4x3"`` or a list),
    ``cpu_allocatable`` (CPU nodes), else the values' ``cluster.nodes`` inventory (``pool``
    picks one pool of it). Settings not given come from the values, then the recommendation.
    """
    from chartgen.planning.report import PlanReport
    from chartgen.planning.request import analyse_request, build_request

    if nodes is not None and not isinstance(nodes, str):
        _each(nodes, int, "plan()", 'nodes as GPUs per node ("4,4,8", "4x3" or a list of ints), or None')
    if cpu_allocatable is not None and not isinstance(cpu_allocatable, str):
        takes = 'cpu_allocatable as CPUs per node ("7.91,15.5" or a list of numbers), or None'
        _each(cpu_allocatable, (str, int, float), "plan()", takes)
    if not isinstance(jobs, str):
        _each(jobs, int, "plan()", 'jobs as slots per job ("8,12", "12x2" or a list of ints)')
    _given(pool, (str, type(None)), "plan()", "pool as a string (a pool of cluster.nodes), or None")
    _given(slot_cpu, (str, float, int, type(None)), "plan()", 'slot_cpu as CPUs ("500m", 0.5), or None')
    _given(max_slots_per_pod, (int, type(None)), "plan()", "max_slots_per_pod as a whole number, or None")
    _given(scheduler, (str, type(None)), "plan()", 'scheduler as "default", "coscheduler" or None')
    loaded = None if values is None else _as_loaded(values, app_version, flags, "plan()")
    request = build_request(
        loaded,
        nodes=nodes,
        cpu_allocatable=cpu_allocatable,
        pool=pool,
        jobs=jobs,
        slot_cpu=slot_cpu,
        max_slots_per_pod=max_slots_per_pod,
        scheduler=scheduler,
    )
    return PlanReport(analyse_request(request, slot_cpu), request)


def preview_pod(
    values: LoadedValues | chartgen.Source | Sequence[chartgen.Source],
    *,
    kind: typing.Literal["gpu", "cpu", "checkpoint-gc"],
    pool: str | None = None,
    task: str | os.PathLike[str] | None = None,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> chartgen.PodPreviewResult:
    """The pod spec a task of ``kind`` (``gpu``, ``cpu`` or ``checkpoint-gc``) starts from.

    The default spec of its pool (``pool``, else the task's, else the default pool for the
    kind) with the task configuration's ``environment.pod_spec`` (from the file ``task``)
    merged in as the master merges it. Invalid pod specs raise ``ChartgenError``.
    """
    from chartgen.podspec.task import preview
    from chartgen.validation.registry import Context
    from chartgen.validation.rules.podspec import all_findings

    _given(kind, str, "preview_pod()", 'kind as "gpu", "cpu" or "checkpoint-gc"')
    _given(pool, (str, type(None)), "preview_pod()", "pool as a string (a resource pool's name), or None")
    if task is not None:
        _given(task, (str, os.PathLike), "preview_pod()", "task as the path of a task configuration")
    loaded = _as_loaded(values, app_version, flags, "preview_pod()")
    found = all_findings(Context(loaded))
    return preview(loaded, kind, pool=pool, task_file=None if task is None else os.fspath(task), found=found)


def check_kube_version(version: str) -> tuple[int, int]:
    """``(major, minor)`` of a Kubernetes version chartgen can target (``1.29``, ``v1.29.3``), else ``UsageError``."""
    from chartgen.kube import check_kube_version as check

    _given(version, str, "check_kube_version()", "the version as a string (1.29, v1.29.3)")
    return check(version)


def schema(app_version: str = LATEST) -> dict[str, typing.Any]:
    """The JSON Schema of a release's values, as editors and ``values.schema.json`` use it."""
    from chartgen.validation.editor_schema import for_editors
    from chartgen.validation.schema_walk import release_schema

    _given(app_version, str, "schema()", _APP_VERSION)
    return for_editors(release_schema(check_release(app_version)))


def schema_text(app_version: str = LATEST) -> str:
    """``schema()`` as the file ``values_schema/`` holds (and ``chartgen schema`` prints)."""
    import json

    return json.dumps(schema(app_version), indent=2, ensure_ascii=False) + "\n"
