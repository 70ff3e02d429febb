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
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
from chartgen.records import field, record
from chartgen.releases import LATEST, SUPPORTED, check_release
from chartgen.values.load import LoadedValues, SetFlags

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it

if TYPE_CHECKING:
    from typing import Any

    from chartgen.diffing.model import DiffResult
    from chartgen.diffing.sources import ManifestSource, ValuesSource, diff
    from chartgen.fixing.engine import FixResult, fix, set_value
    from chartgen.fixing.files import read_text as read_values_text
    from chartgen.fixing.files import unified_diff
    from chartgen.fixing.files import write_text as write_values_text
    from chartgen.fixing.migrate import MigrateResult, migrate
    from chartgen.planning.report import PlanReport
    from chartgen.podspec.task import PodPreviewResult
    from chartgen.rendering.engine import Manifest
    from chartgen.validation.config import Finder as ConfigFinder
    from chartgen.validation.config import rule_matches
    from chartgen.validation.registry import all_rules
    from chartgen.validation.registry import explanation as rule_explanation
    from chartgen.validation.registry import summary as rule_summary
    from chartgen.validation.suppression import apply as suppress
    from chartgen.validation.suppression import texts_of as suppression_texts
    from chartgen.values.model import (
        AdditionalResourceManager,
        CheckpointStorage,
        Cluster,
        Db,
        DefaultImages,
        Genai,
        Ingress,
        IngressTls,
        Logging,
        MasterService,
        NodeGroup,
        Observability,
        Oidc,
        ResourceManager,
        ResourcePool,
        Saml,
        Scim,
        Security,
        SlotResourceRequests,
        TaskContainerDefaults,
        Telemetry,
        Values,
    )

# Loaded on first use (PEP 562), so that ``lint`` never imports what only ``diff`` needs,
# nor pydantic, which only the typed ``Values`` needs.
_LAZY = {
    "Manifest": ("chartgen.rendering.engine", "Manifest"),
    "PlanReport": ("chartgen.planning.report", "PlanReport"),
    "PodPreviewResult": ("chartgen.podspec.task", "PodPreviewResult"),
    "AdditionalResourceManager": ("chartgen.values.model", "AdditionalResourceManager"),
    "CheckpointStorage": ("chartgen.values.model", "CheckpointStorage"),
    "Cluster": ("chartgen.values.model", "Cluster"),
    "Db": ("chartgen.values.model", "Db"),
    "DefaultImages": ("chartgen.values.model", "DefaultImages"),
    "Genai": ("chartgen.values.model", "Genai"),
    "Ingress": ("chartgen.values.model", "Ingress"),
    "IngressTls": ("chartgen.values.model", "IngressTls"),
    "Logging": ("chartgen.values.model", "Logging"),
    "MasterService": ("chartgen.values.model", "MasterService"),
    "NodeGroup": ("chartgen.values.model", "NodeGroup"),
    "Observability": ("chartgen.values.model", "Observability"),
    "Oidc": ("chartgen.values.model", "Oidc"),
    "ResourceManager": ("chartgen.values.model", "ResourceManager"),
    "ResourcePool": ("chartgen.values.model", "ResourcePool"),
    "Saml": ("chartgen.values.model", "Saml"),
    "Scim": ("chartgen.values.model", "Scim"),
    "Security": ("chartgen.values.model", "Security"),
    "SlotResourceRequests": ("chartgen.values.model", "SlotResourceRequests"),
    "TaskContainerDefaults": ("chartgen.values.model", "TaskContainerDefaults"),
    "Telemetry": ("chartgen.values.model", "Telemetry"),
    "Values": ("chartgen.values.model", "Values"),
    "diff": ("chartgen.diffing.sources", "diff"),
    "ValuesSource": ("chartgen.diffing.sources", "ValuesSource"),
    "ManifestSource": ("chartgen.diffing.sources", "ManifestSource"),
    "DiffResult": ("chartgen.diffing.model", "DiffResult"),
    "fix": ("chartgen.fixing.engine", "fix"),
    "FixResult": ("chartgen.fixing.engine", "FixResult"),
    "set_value": ("chartgen.fixing.engine", "set_value"),
    "migrate": ("chartgen.fixing.migrate", "migrate"),
    "MigrateResult": ("chartgen.fixing.migrate", "MigrateResult"),
    "read_values_text": ("chartgen.fixing.files", "read_text"),
    "all_rules": ("chartgen.validation.registry", "all_rules"),
    "rule_explanation": ("chartgen.validation.registry", "explanation"),
    "rule_summary": ("chartgen.validation.registry", "summary"),
    "ConfigFinder": ("chartgen.validation.config", "Finder"),
    "rule_matches": ("chartgen.validation.config", "rule_matches"),
    "suppress": ("chartgen.validation.suppression", "apply"),
    "suppression_texts": ("chartgen.validation.suppression", "texts_of"),
    "write_values_text": ("chartgen.fixing.files", "write_text"),
    "unified_diff": ("chartgen.fixing.files", "unified_diff"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'chartgen.api' has no attribute {name!r}")


__all__ = [
    "LATEST",
    "SUPPORTED",
    "AdditionalResourceManager",
    "ChartgenError",
    "CheckpointStorage",
    "Cluster",
    "ConfigFinder",
    "Db",
    "DefaultImages",
    "Diagnostic",
    "DiffResult",
    "FixResult",
    "Genai",
    "Ingress",
    "IngressTls",
    "LintResult",
    "LoadedValues",
    "Location",
    "Logging",
    "Manifest",
    "ManifestSource",
    "MasterService",
    "MigrateResult",
    "NodeGroup",
    "Observability",
    "Oidc",
    "PlanReport",
    "PodPreviewResult",
    "RenderResult",
    "ResourceManager",
    "ResourcePool",
    "Saml",
    "Scim",
    "Security",
    "SetFlags",
    "Severity",
    "SlotResourceRequests",
    "TaskContainerDefaults",
    "Telemetry",
    "UsageError",
    "Values",
    "ValuesSource",
    "ValuesText",
    "all_rules",
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
    "schema",
    "schema_text",
    "set_value",
    "suppress",
    "suppression_texts",
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

    def __repr__(self) -> str:
        # The text may hold passwords.
        return f"ValuesText(name={self.name!r}, {len(self.text)} characters)"


if TYPE_CHECKING:
    from typing import TypeAlias

    #: One layer of values: a file path (``-`` is standard input), YAML text, a mapping or typed ``Values``.
    Source: TypeAlias = "str | os.PathLike[str] | ValuesText | Mapping[str, Any] | Values"


def _single(sources: object) -> bool:
    return isinstance(sources, (str, os.PathLike, ValuesText, Mapping)) or hasattr(sources, "model_dump")


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

    manifests: list[Manifest]
    warnings: list[Diagnostic] = field(default_factory=list)

    def to_yaml_stream(self) -> str:
        return to_yaml_stream(self.manifests)


def _loaded(source: Source, index: int) -> Any:
    """One layer as a parsed document (``chartgen.yamlio.Loaded``)."""
    from chartgen.values.load import from_data, from_text, read_source

    if isinstance(source, ValuesText):
        return from_text(source.text, source.name)
    if isinstance(source, (str, os.PathLike)):
        return read_source(os.fspath(source))
    if isinstance(source, Mapping):
        return from_data(source, f"<values {index}>")
    dump = getattr(source, "model_dump", None)
    if dump is None:
        raise UsageError(
            f"values source {index} is a {type(source).__name__}: give a path, ValuesText, a mapping or Values"
        )
    return from_data(dump(mode="json", by_alias=True, exclude_unset=True), f"<{type(source).__name__}>")


def load_values(
    sources: Source | Sequence[Source] = (),
    *,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> LoadedValues:
    """The chart's defaults, then each source in order, then ``flags``, coalesced as Helm does.

    Raises ``ChartgenError`` with every YAML problem found.
    """
    from chartgen.values.load import load_sources

    check_release(app_version)
    layers: list[Source] = [sources] if _single(sources) else list(sources)  # type: ignore[list-item, arg-type]
    parsed = []
    problems: list[Diagnostic] = []
    for index, source in enumerate(layers, start=1):
        try:
            parsed.append(_loaded(source, index))
        except ChartgenError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise ChartgenError(problems)
    return load_sources(parsed, app_version=app_version, flags=flags)


def validate(
    values: LoadedValues,
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
) -> list[Diagnostic]:
    """Every problem in already-loaded values, errors and warnings, in source order."""
    from chartgen.validation.runner import run_rules

    return run_rules(values, release_name=release_name, namespace=namespace, is_upgrade=is_upgrade)


def lint(
    sources: Source | Sequence[Source],
    *,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
    release_name: str = "determined",
    namespace: str = "default",
) -> LintResult:
    """Load and validate; YAML errors come back as diagnostics rather than exceptions."""
    try:
        values = load_values(sources, app_version=app_version, flags=flags)
    except ChartgenError as exc:
        return LintResult(None, exc.diagnostics)
    return LintResult(values, validate(values, release_name=release_name, namespace=namespace))


def _as_loaded(
    values: LoadedValues | Source | Sequence[Source], app_version: str, flags: SetFlags | None
) -> LoadedValues:
    if isinstance(values, LoadedValues):
        return values
    return load_values(values, app_version=app_version, flags=flags)


def render(
    values: LoadedValues | Source | Sequence[Source],
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
    show_only: Sequence[str] = (),
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> RenderResult:
    """The objects ``helm template`` installs for these values, after validating them once.

    ``values`` already loaded are not read again (``app_version`` and ``flags`` then apply only
    to values still to load). ``show_only``
    takes ``helm template --show-only`` globs (``templates/master-*.yaml``); a pattern that names
    no template, or matches no object, is a ``UsageError``. Invalid values raise ``ChartgenError``.
    """
    from chartgen.rendering.chart import render as render_chart
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.rendering.select import parse_pattern, select

    patterns = [parse_pattern(text) for text in show_only]
    loaded = _as_loaded(values, app_version, flags)
    found = validate(loaded, release_name=release_name, namespace=namespace, is_upgrade=is_upgrade)
    if any(d.is_error for d in found):
        raise ChartgenError(found)
    info = ReleaseInfo(release_name, namespace, loaded.release, is_upgrade)
    manifests = render_chart(loaded.values, info)
    if patterns:
        manifests = select(manifests, patterns)
    return RenderResult(manifests, found)


def to_yaml_stream(manifests: Sequence[Manifest]) -> str:
    """One YAML stream, each object after ``---`` and Helm's ``# Source:`` comment."""
    from chartgen.rendering.engine import stream

    return stream(manifests)


def write_manifests(manifests: Sequence[Manifest], directory: str | os.PathLike[str]) -> list[str]:
    """One file per template under ``directory/determined/templates/``, as ``helm template
    --output-dir`` writes them; the tree is replaced atomically. Returns the paths written."""
    from chartgen.rendering.output import write_tree

    target = os.fspath(directory)
    try:
        return write_tree(manifests, target)
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename or target}: {exc.strerror or exc}") from None


def plan(
    values: LoadedValues | Source | Sequence[Source] | None = None,
    *,
    nodes: str | Sequence[int] | None = None,
    cpu_allocatable: str | Sequence[str | float] | None = None,
    pool: str | None = None,
    jobs: str | Sequence[int] = (),
    slot_cpu: str | float | None = None,
    max_slots_per_pod: int | None = None,
    scheduler: str | None = None,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> PlanReport:
    """Whether these jobs can ever be scheduled, and whether they can deadlock the cluster.

    The cluster is ``nodes`` (GPUs per node: ``"4,4,8"``, ``"4x3"`` or a list),
    ``cpu_allocatable`` (CPU nodes), else the values' ``cluster.nodes`` inventory (``pool``
    picks one pool of it). Settings not given come from the values, then the recommendation.
    """
    from chartgen.planning.report import PlanReport
    from chartgen.planning.request import analyse_request, build_request

    loaded = None if values is None else _as_loaded(values, app_version, flags)
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
    values: LoadedValues | Source | Sequence[Source],
    *,
    kind: str,
    pool: str | None = None,
    task: str | os.PathLike[str] | None = None,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> PodPreviewResult:
    """The pod spec a task of ``kind`` (``gpu``, ``cpu`` or ``checkpoint-gc``) starts from.

    The default spec of its pool (``pool``, else the task's, else the default pool for the
    kind) with the task configuration's ``environment.pod_spec`` (from the file ``task``)
    merged in as the master merges it. Invalid pod specs raise ``ChartgenError``.
    """
    from chartgen.podspec.task import preview
    from chartgen.validation.registry import Context
    from chartgen.validation.rules.podspec import all_findings

    loaded = _as_loaded(values, app_version, flags)
    found = all_findings(Context(loaded))
    return preview(loaded, kind, pool=pool, task_file=None if task is None else os.fspath(task), found=found)


def check_kube_version(version: str) -> tuple[int, int]:
    """``(major, minor)`` of a Kubernetes version chartgen can target (``1.29``, ``v1.29.3``), else ``UsageError``."""
    from chartgen.kube import check_kube_version as check

    return check(version)


def schema(app_version: str = LATEST) -> dict[str, Any]:
    """The JSON Schema of a release's values, as editors and ``values.schema.json`` use it."""
    from chartgen.validation.editor_schema import for_editors
    from chartgen.validation.schema_walk import release_schema

    return for_editors(release_schema(check_release(app_version)))


def schema_text(app_version: str = LATEST) -> str:
    """``schema()`` as the file ``values_schema/`` holds (and ``chartgen schema`` prints)."""
    import json

    return json.dumps(schema(app_version), indent=2, ensure_ascii=False) + "\n"
