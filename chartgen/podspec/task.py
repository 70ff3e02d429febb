"""``chartgen podspec`` in the library: the pod a task starts from, for the values and the task's
configuration, with where each part came from.

The pod spec of every task is a default from the values (its pool's, else the top-level one)
with the task's ``environment.pod_spec`` merged in; the explained text marks where each part
came from and lists what Determined sets at launch. Invalid pod specs are findings, raised as
``ChartgenError``; a ``pool`` no pool has is a ``UsageError``.
"""

from __future__ import annotations

import textwrap

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, Severity, UsageError, dotted
from chartgen.hints import typing
from chartgen.podspec.preview import Layer, PodPreview, Trace
from chartgen.records import field, record
from chartgen.values.load import LoadedValues
from chartgen.yamlio import Loaded

POOL_RULE = "pod-spec-pool"
MERGE_RULE = "pod-spec-merge"
KIND_RULE = "pod-spec-task-kind"
WIDTH = 100


@record
class Request:
    """What to preview, with where the pool name came from (for messages and ``--explain``)."""

    loaded: LoadedValues
    kind: str
    pool: str
    pool_source: str
    pool_location: Location | None
    task: Loaded | None = None
    task_spec: dict[str, typing.Any] | None = None
    experiment_slots: int = 1
    warnings: list[Diagnostic] = field(default_factory=list)


def build_request(
    loaded: LoadedValues, kind: str, *, pool: str | None, task_file: str | None, found: list[Diagnostic]
) -> Request:
    """Read the task, check its pod spec, and choose the pool; ``found`` holds the values' own
    pod-spec findings and gathers the task's."""
    from chartgen.podspec.preview import KINDS, default_pool

    if kind not in KINDS:
        raise UsageError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    task, task_spec = _read_task(task_file, loaded.release, found) if task_file else (None, None)
    resources = task.data.get("resources") if task is not None else None
    resources = resources if isinstance(resources, dict) else {}
    slots_key = next((k for k in ("slots_per_trial", "slots") if k in resources), "slots_per_trial")
    slots = resources.get(slots_key)
    experiment_slots = slots if isinstance(slots, int) and not isinstance(slots, bool) else 1
    if task is not None and slots_key in resources and kind in ("gpu", "cpu"):
        other = "cpu" if experiment_slots == 0 else "gpu"
        if other != kind:
            found.append(
                Diagnostic(
                    KIND_RULE,
                    f"the task asks for {experiment_slots} slots, so Determined starts it from the "
                    f"{other.upper()} pod spec, not the {kind.upper()} one: use kind {other}",
                    Severity.WARNING,
                    _task_location(task, ("resources", slots_key)),
                )
            )
    if any(d.is_error for d in found):
        raise ChartgenError(found)
    named = resources.get("resource_pool")
    if pool is not None:
        source, where = "--pool", None
    elif task is not None and isinstance(named, str) and named:
        pool, source = named, "the task's resources.resource_pool"
        where = _task_location(task, ("resources", "resource_pool"))
    else:
        auxiliary = kind == "cpu" or (kind == "checkpoint-gc" and experiment_slots == 0)
        pool, chosen = default_pool(loaded.values, auxiliary=auxiliary)
        source = dotted(chosen) if chosen else "the master's default pool"
        where = loaded.locate(chosen) if chosen else None
    return Request(loaded, kind, pool, source, where, task, task_spec, experiment_slots, found)


def _read_task(
    file: str, release: str, found: list[Diagnostic]
) -> tuple[Loaded, dict[str, typing.Any] | None]:
    """The task's configuration and its pod spec; the spec's problems go into ``found``."""
    from pathlib import Path as FsPath

    from chartgen.podspec.podschema import TASK, TYPE, check_pod
    from chartgen.podspec.preview import TASK_POD_SPEC
    from chartgen.yamlio import YamlError, load_yaml

    try:
        text = FsPath(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"cannot read task file {file}: {reason}") from None
    try:
        task = load_yaml(text, file)
    except YamlError as exc:
        raise ChartgenError([exc.diagnostic]) from None
    if task.data is None:
        task.data = {}
    if not isinstance(task.data, dict):
        raise ChartgenError(
            [Diagnostic(TYPE, "a task configuration must be a mapping", location=Location(file, 1, 1))]
        )
    environment = task.data.get("environment")
    spec = environment.get("pod_spec") if isinstance(environment, dict) else None
    if spec is None:
        return task, None
    if not isinstance(spec, dict):
        where = _task_location(task, TASK_POD_SPEC)
        found.append(Diagnostic(TYPE, "environment.pod_spec must be a mapping (a Pod)", location=where))
        return task, None
    for finding in check_pod(spec, release, TASK):
        path = (*TASK_POD_SPEC, *finding.path)
        where = _task_location(task, path, key=finding.key)
        found.append(Diagnostic(finding.rule, finding.message, finding.severity, where, path))
    return task, spec


def _task_location(task: Loaded, path: Path, *, key: bool = False) -> Location:
    """Where ``path`` (or its nearest written ancestor) is in the task's file."""
    probe = path
    while probe:
        found = task.at(probe, key=key)
        if found is not None:
            return found
        probe = probe[:-1]
    return Location(task.file, 1, 1)


def build_preview(request: Request) -> PodPreview:
    from chartgen.podspec.preview import UnknownPool, default_pool, preview_pod
    from chartgen.podspec.smp import PatchError

    try:
        return preview_pod(
            request.loaded.values, request.kind, request.pool,
            task=request.task_spec, experiment_slots=request.experiment_slots,
        )  # fmt: skip
    except UnknownPool as exc:
        known = ", ".join(exc.known) or "none"
        if exc.pool == request.pool and request.pool_source == "--pool":
            raise UsageError(f"pool {exc.pool!r}: no resource pool has that name (pools: {known})") from None
        _, chosen = default_pool(request.loaded.values, auxiliary=True)
        if exc.pool == request.pool:
            source, where = request.pool_source, request.pool_location
        else:
            source = dotted(chosen) if chosen else "the master's default auxiliary pool"
            where = request.loaded.locate(chosen) if chosen else None
        message = f"{source} names pool {exc.pool!r}, but no resource pool has that name (pools: {known})"
        raise ChartgenError([Diagnostic(POOL_RULE, message, location=where)]) from None
    except PatchError as exc:
        where = _task_location(request.task, exc.path) if request.task is not None else None
        message = f"the pod specs cannot be merged: {exc}"
        raise ChartgenError([Diagnostic(MERGE_RULE, message, location=where)]) from None


def _layer_location(request: Request, layer: Layer | None) -> Location | None:
    if layer is None:
        return None
    if layer.in_task:
        return _task_location(request.task, layer.path, key=True) if request.task is not None else None
    return request.loaded.locate(layer.path, key=True)


def _note_warnings(request: Request, preview: PodPreview) -> list[Diagnostic]:
    return [
        Diagnostic(MERGE_RULE, note.text, Severity.WARNING, _layer_location(request, note.layer))
        for note in preview.notes
        if note.warn
    ]


def render_plain(preview: PodPreview) -> str:
    from chartgen.yamlio import emit

    return emit.dump(preview.pod) + "\n"


def _marks(value: typing.Any, trace: Trace, path: Path, out: dict[Path, str]) -> None:
    """The top-most parts of ``value`` that come from one layer, with its tag."""
    if isinstance(trace, str):
        out[path] = trace
        return
    if isinstance(value, dict) and isinstance(trace, dict):
        for key, item in value.items():
            _marks(item, trace[key], (*path, key), out)
    elif isinstance(value, list) and isinstance(trace, list):
        for index, item in enumerate(value):
            _marks(item, trace[index], (*path, index), out)


def _comment(text: str, indent: str = "") -> list[str]:
    """Comment lines of our own words; user text in them went through ``emit.flow`` already."""
    return textwrap.wrap(
        text, WIDTH, initial_indent=f"# {indent}", subsequent_indent=f"# {indent}    ",
        break_long_words=False, break_on_hyphens=False,
    )  # fmt: skip


def render_explained(request: Request, preview: PodPreview) -> str:
    """The pod with each part marked by the layer it came from, between a legend and what launch changes."""
    from chartgen.yamlio import emit, load_yaml

    kinds = {
        "gpu": "GPU tasks in pool",
        "cpu": "zero-slot (CPU) tasks in pool",
        "checkpoint-gc": "checkpoint GC of an experiment in pool",
    }
    lines = _comment(
        f"pod spec of {kinds[request.kind]} {emit.flow(request.pool)} (from {request.pool_source}), "
        f"Determined {request.loaded.release}, before launch"
    )
    if preview.layers:
        lines += _comment(
            "parts are marked with the spec they come from (later specs merged in by strategic merge patch):"
        )
    for layer in preview.layers:
        where = _layer_location(request, layer)
        at = f", {emit.flow(str(where))}" if where is not None else ""
        lines += _comment(f"{layer.tag}: {layer.title}{at}", "  ")
    marks: dict[Path, str] = {}
    _marks(preview.pod, preview.trace, (), marks)
    body = emit.dump(preview.pod).split("\n")
    if () in marks:
        lines += _comment(f"all of it: {marks.pop(())}")
    if preview.pod:
        positions = load_yaml("\n".join(body), "<preview>")
        for path, tag in marks.items():
            found = positions.keys.get(path) if isinstance(path[-1], str) else positions.values.get(path)
            if found is not None and found.line:
                body[found.line - 1] += f"  # {tag}"
    lines += body
    if preview.notes:
        lines += _comment("notes:")
        for note in preview.notes:
            lines += _comment(note.text, "  ")
    lines += _comment("at launch Determined sets:")
    for override in preview.overrides:
        lines += _comment(f"{override.field}: {override.what}", "  ")
    return "\n".join(lines) + "\n"


@record(frozen=True)
class PodPreviewResult:
    """What ``chartgen.preview_pod`` returns: the pod, the warnings on the way, and how to show it."""

    request: Request
    preview: PodPreview

    @property
    def pod(self) -> dict[str, typing.Any]:
        return self.preview.pod

    @property
    def warnings(self) -> list[Diagnostic]:
        return [*self.request.warnings, *_note_warnings(self.request, self.preview)]

    def text(self, *, explain: bool = False) -> str:
        """The pod as YAML; ``explain`` marks where each part came from and what launch changes."""
        return render_explained(self.request, self.preview) if explain else render_plain(self.preview)


def preview(
    loaded: LoadedValues, kind: str, *, pool: str | None, task_file: str | None, found: list[Diagnostic]
) -> PodPreviewResult:
    request = build_request(loaded, kind, pool=pool, task_file=task_file, found=found)
    return PodPreviewResult(request, build_preview(request))
