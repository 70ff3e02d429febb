"""The pod spec a Determined task starts from, built from the values and the task as the master does.

What the master does (``TaskContainerDefaults``, ``MergeIntoExpConfig`` and the checkpoint-GC
task spec in its sources; the same in every supported release):

1. The default: the pool's ``task_container_defaults.<kind>_pod_spec`` when the pool sets one
   (even ``{}``), else the top-level ``taskContainerDefaults`` one. A pool's spec replaces the
   top-level spec; the two are never merged. GPU specs serve tasks with slots, CPU specs
   zero-slot tasks.
2. The task's ``environment.pod_spec`` is merged onto the default by strategic merge patch.
3. Checkpoint GC runs in the default auxiliary pool. Its spec is that pool's checkpoint-GC spec
   when there is one, else the experiment's spec from 1 and 2; either is then merged onto the
   auxiliary pool's GPU spec, because the master fills a GC task's defaults as for a one-slot task.

Each spec passes through Kubernetes' Go types before a merge: nulls are dropped (so they delete
nothing), but in a map of strings (``labels``) null is the empty string, field names take their
Kubernetes spelling, and a spec without ``spec.containers`` sends
``containers: null``, which deletes the default's containers.

At launch the master then rebuilds parts of the pod; ``launch_overrides`` lists them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from chartgen.diagnostics import Path, dotted
from chartgen.hints import typing
from chartgen.podspec import patchkeys
from chartgen.podspec.podschema import (
    DETERMINED_CONTAINER,
    DETERMINED_INIT_CONTAINER,
    KEPT_FIELDS,
    STRING_MAPS,
)
from chartgen.podspec.smp import POD, PatchError, PatchMeta, Schema, strategic_merge
from chartgen.records import field, record
from chartgen.yamlio.emit import flow

KINDS = ("gpu", "cpu", "checkpoint-gc")
POOL_KEYS = {"gpu": "gpu_pod_spec", "cpu": "cpu_pod_spec", "checkpoint-gc": "checkpoint_gc_pod_spec"}
TOP_LEVEL_KEYS = {"gpu": "gpuPodSpec", "cpu": "cpuPodSpec", "checkpoint-gc": "checkpointGcPodSpec"}
MASTER_DEFAULT_POOL = "default"
TASK_POD_SPEC: Path = ("environment", "pod_spec")

#: Where each part of the pod came from: a layer's tag for a whole subtree, else one per key or item.
Trace: typing.TypeAlias = str | dict[str, "Trace"] | list["Trace"]


class UnknownPool(LookupError):
    """No resource pool has this name; ``known`` lists the pools that exist."""

    def __init__(self, pool: str, known: list[str]) -> None:
        super().__init__(f"no resource pool is named {pool!r} (pools: {', '.join(known) or 'none'})")
        self.pool = pool
        self.known = known


@record(frozen=True)
class Pool:
    """A resource pool of the values: ``path`` is its entry (``()`` for the master's own default pool)."""

    name: str
    path: Path
    defaults: Mapping[str, typing.Any] | None


@record(frozen=True)
class Layer:
    """One pod spec that goes into the pod: ``tag`` marks its parts, ``path`` is where it is written
    (in the values, or in the task's file when ``in_task``)."""

    tag: str
    title: str
    path: Path
    spec: Mapping[str, typing.Any]
    in_task: bool = False


@record(frozen=True)
class Note:
    """Something the merge did that the specs alone do not show; ``warn`` for surprises."""

    text: str
    layer: Layer | None = None
    path: Path = ()
    warn: bool = False


@record(frozen=True)
class Override:
    """A part of the pod Determined sets at launch, whatever the spec says."""

    field: str
    what: str


@record
class PodPreview:
    pod: dict[str, typing.Any]
    layers: list[Layer]
    trace: Trace
    overrides: list[Override]
    notes: list[Note] = field(default_factory=list)


def _pool_list(entries: object, base: Path) -> list[Pool]:
    found = []
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, dict) and isinstance(entry.get("pool_name"), str):
            defaults = entry.get("task_container_defaults")
            found.append(
                Pool(entry["pool_name"], (*base, index), defaults if isinstance(defaults, dict) else None)
            )
    return found


def pools(values: Mapping[str, typing.Any]) -> list[Pool]:
    """The master's pools: ``resourcePools`` (or its own ``default`` pool), then additional managers'."""
    main = values.get("resourcePools")
    found = _pool_list(main, ("resourcePools",)) if main else [Pool(MASTER_DEFAULT_POOL, (), None)]
    managers = values.get("additional_resource_managers")
    for index, manager in enumerate(managers if isinstance(managers, list) else []):
        if isinstance(manager, dict):
            found.extend(
                _pool_list(
                    manager.get("resource_pools"), ("additional_resource_managers", index, "resource_pools")
                )
            )
    return found


class Pools:
    """The master's pools of some values, listed once however many previews ask (a list per
    preview made previews of every pool quadratic in their number)."""

    def __init__(self, values: Mapping[str, typing.Any]) -> None:
        self.all = pools(values)
        self.named: dict[str, Pool] = {}
        for pool in self.all:
            self.named.setdefault(pool.name, pool)  # the first of a name, as the master finds it

    def find(self, name: str) -> Pool:
        if name not in self.named:
            raise UnknownPool(name, [pool.name for pool in self.all])
        return self.named[name]


def default_pool(values: Mapping[str, typing.Any], *, auxiliary: bool) -> tuple[str, Path | None]:
    """The pool of a task that names none, and the value that chose it (None: the master's default)."""
    key = "defaultAuxResourcePool" if auxiliary else "defaultComputeResourcePool"
    value = values.get(key)
    if isinstance(value, str) and value:
        return value, (key,)
    return MASTER_DEFAULT_POOL, None


def default_layer(
    values: Mapping[str, typing.Any], pool: Pool, kind: str, role: str = ""
) -> tuple[Layer | None, list[Note]]:
    """The default spec of ``kind`` in ``pool``, and a note when it hides the top-level one.

    Its tag is ``pool`` or ``top-level``, after ``role`` when one spec plays several parts.
    """
    key = POOL_KEYS[kind]
    top_path: Path = ("taskContainerDefaults", TOP_LEVEL_KEYS[kind])
    top_level = values.get("taskContainerDefaults")
    top = top_level.get(TOP_LEVEL_KEYS[kind]) if isinstance(top_level, dict) else None
    own = pool.defaults.get(key) if pool.defaults is not None else None
    if isinstance(own, dict):
        path = (*pool.path, "task_container_defaults", key)
        layer = Layer(f"{role}pool", f"{dotted(path)} (pool {flow(pool.name)})", path, own)
        notes = []
        if isinstance(top, dict) and top:
            text = f"{dotted(top_path)} is not used in pool {flow(pool.name)}: the pool's {key} replaces it"
            notes.append(Note(text, layer))
        return layer, notes
    if isinstance(top, dict) and top:
        return Layer(f"{role}top-level", dotted(top_path), top_path, top), []
    return None, []


@record
class _Part:
    """A spec as the master holds it, with where each part of it came from."""

    value: dict[str, typing.Any]
    trace: Trace


def _go_read(value: typing.Any, schema: Schema | None, *, strings: bool = False) -> typing.Any:
    """The value as it comes out of Kubernetes' Go types: Kubernetes' field spelling, and no
    nulls but in a map of strings (``labels``, ``nodeSelector``), where null is the empty string."""
    types = patchkeys.pod_table()["types"]
    if isinstance(value, dict):
        fields = types.get(schema.type) if schema is not None else None
        out: dict[str, typing.Any] = {}
        for key, item in value.items():
            if item is None:
                if strings:
                    out[key] = ""
                continue
            meta = _meta(schema, key)
            name = key
            if fields is not None and key not in fields:
                name = next((f for f in fields if f.casefold() == key.casefold()), key)
            texts = schema is not None and (schema.type, name) in STRING_MAPS
            out[name] = _go_read(item, meta.schema if meta is not None else None, strings=texts)
        return out
    if isinstance(value, list):
        return [_go_read(item, schema) for item in value]
    return value


def _meta(schema: Schema | None, key: str) -> PatchMeta | None:
    """The patch metadata of a struct's field; None inside maps, scalars and unknown fields."""
    if schema is None or schema.type not in patchkeys.pod_table()["types"]:
        return None
    try:
        return schema.lookup(key)
    except PatchError:
        return None


def _layer_part(layer: Layer) -> _Part:
    return _Part(_go_read(dict(layer.spec), POD), layer.tag)


def _merge(
    base: _Part | None, patch: _Part | None, patch_layer: Layer | None
) -> tuple[_Part | None, list[Note]]:
    """``patch`` merged onto ``base`` as the master does it (a missing side means no merge)."""
    if base is None or patch is None:
        return base or patch, []
    notes = []
    change = json.loads(json.dumps(patch.value))
    base_spec = base.value.get("spec")
    if (
        "containers" not in change.get("spec", {})
        and isinstance(base_spec, dict)
        and base_spec.get("containers")
    ):
        change.setdefault("spec", {})["containers"] = None
        names = ", ".join(flow(c.get("name")) for c in base_spec["containers"] if isinstance(c, dict))
        title = patch_layer.title if patch_layer is not None else "the experiment's pod spec"
        notes.append(
            Note(
                f"{title} has no spec.containers, and Determined merges it as containers: null "
                "(Kubernetes' Go Pod type always writes that field), so it removes the containers "
                f"of the default spec: {names}; repeat them in it to keep them",
                patch_layer,
                warn=True,
            )
        )
    merged = strategic_merge(base.value, change)
    return _Part(merged, _trace(merged, base.value, base.trace, change, patch.trace, POD)), notes


def _same(left: typing.Any, right: typing.Any) -> bool:
    return json.dumps(left, sort_keys=True) == json.dumps(right, sort_keys=True)


def _sub(trace: Trace, key: str | int) -> Trace:
    if isinstance(trace, str):
        return trace
    if isinstance(trace, dict) and isinstance(key, str):
        return trace[key]
    if isinstance(trace, list) and isinstance(key, int):
        return trace[key]
    raise KeyError(key)


def _uniform(trace: dict[str, Trace] | list[Trace]) -> Trace:
    """One tag for a whole subtree when all its parts share it."""
    parts = list(trace.values()) if isinstance(trace, dict) else trace
    tags = {part for part in parts if isinstance(part, str)}
    if len(tags) == 1 and all(isinstance(part, str) for part in parts):
        return tags.pop()
    return trace


def _trace(
    merged: typing.Any,
    base: typing.Any,
    btrace: Trace,
    patch: typing.Any,
    ptrace: Trace,
    schema: Schema | None,
) -> Trace:
    """Which side each part of ``merged`` came from: the patch where it set or changed it."""
    if _same(merged, base):
        return btrace
    if isinstance(merged, dict) and isinstance(base, dict) and isinstance(patch, dict):
        out: dict[str, Trace] = {}
        for key, value in merged.items():
            if key not in patch:
                out[key] = _sub(btrace, key)
            elif key not in base:
                out[key] = _sub(ptrace, key)
            else:
                meta = _meta(schema, key)
                out[key] = _trace_field(
                    value, base[key], _sub(btrace, key), patch[key], _sub(ptrace, key), meta
                )
        return _uniform(out) if out else ptrace
    return ptrace


def _trace_field(
    merged: typing.Any,
    base: typing.Any,
    btrace: Trace,
    patch: typing.Any,
    ptrace: Trace,
    meta: PatchMeta | None,
) -> Trace:
    if not (isinstance(merged, list) and isinstance(base, list) and isinstance(patch, list)):
        return _trace(merged, base, btrace, patch, ptrace, meta.schema if meta is not None else None)
    if meta is None or meta.strategy != "merge":
        return btrace if _same(merged, base) else ptrace
    out: list[Trace] = []
    for item in merged:
        if not meta.merge_key:
            out.append(_sub(ptrace, patch.index(item)) if item in patch else _sub(btrace, base.index(item)))
            continue
        key = item.get(meta.merge_key) if isinstance(item, dict) else None
        at_patch = _index(patch, meta.merge_key, key)
        at_base = _index(base, meta.merge_key, key)
        if at_patch is not None and at_base is not None:
            btrace_item, ptrace_item = _sub(btrace, at_base), _sub(ptrace, at_patch)
            out.append(_trace(item, base[at_base], btrace_item, patch[at_patch], ptrace_item, meta.schema))
        elif at_patch is not None:
            out.append(_sub(ptrace, at_patch))
        else:
            assert at_base is not None, "a merged item comes from one side or the other"
            out.append(_sub(btrace, at_base))
    return _uniform(out) if out else ptrace


def _index(items: list[typing.Any], key: str, value: typing.Any) -> int | None:
    return next(
        (
            i
            for i, item in enumerate(items)
            if isinstance(item, dict) and key in item and _same(item[key], value)
        ),
        None,
    )


def preview_pod(
    values: Mapping[str, typing.Any],
    kind: str,
    pool: str,
    *,
    task: Mapping[str, typing.Any] | None = None,
    task_title: str = "the task's environment.pod_spec",
    experiment_slots: int = 1,
    known: Pools | None = None,
) -> PodPreview:
    """The pod spec a task of ``kind`` in ``pool`` starts from, with ``task`` as its pod spec.

    For ``checkpoint-gc``, ``pool`` and ``task`` are the experiment's, whose slots
    (``experiment_slots``) chose its GPU or CPU spec. ``known``: the values' pools, when a caller
    previews many. Raises UnknownPool.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown pod spec kind {kind!r}")
    known = known or Pools(values)
    notes: list[Note] = []
    layers: list[Layer] = []
    task_layer = Layer("task", task_title, TASK_POD_SPEC, task, in_task=True) if task is not None else None

    def use(layer: Layer | None) -> _Part | None:
        if layer is None:
            return None
        layers.append(layer)
        return _layer_part(layer)

    def merged(base: _Part | None, patch: _Part | None, layer: Layer | None) -> _Part | None:
        result, found = _merge(base, patch, layer)
        notes.extend(found)
        return result

    def experiment() -> _Part | None:
        home = known.find(pool)
        own_kind = "gpu" if kind == "gpu" or (kind == "checkpoint-gc" and experiment_slots > 0) else "cpu"
        default, found = default_layer(values, home, own_kind)
        notes.extend(found)
        return merged(use(default), use(task_layer), task_layer)

    if kind != "checkpoint-gc":
        result = experiment()
    else:
        aux_name, _ = default_pool(values, auxiliary=True)
        aux = known.find(aux_name)
        base, found = default_layer(values, aux, "gpu", "base ")
        notes.extend(found)
        gc, found = default_layer(values, aux, "checkpoint-gc", "gc ")
        notes.extend(found)
        base_part = use(base)
        if gc is not None:
            if task_layer is not None:
                notes.append(
                    Note(
                        "the task's pod spec is not used: the checkpoint-GC spec takes precedence", task_layer
                    )
                )
            result = merged(base_part, use(gc), gc)
        else:
            result = merged(base_part, experiment(), task_layer)
        notes.append(
            Note(
                f"checkpoint GC runs in the default auxiliary pool, {flow(aux_name)}, and its spec is merged onto that "
                "pool's GPU spec (the master sets up GC tasks as one-slot tasks)"
            )
        )
    if result is None:
        result = _Part({}, "none")
        notes.append(Note("no pod spec applies: Determined starts from an empty Pod"))
    unique = list({(note.text, note.warn): note for note in notes}.values())
    return PodPreview(result.value, layers, result.trace, launch_overrides(values, kind, pool, known), unique)


def _network_mode(values: Mapping[str, typing.Any], pool: Pool | None) -> tuple[str, str]:
    own = pool.defaults.get("network_mode") if pool is not None and pool.defaults is not None else None
    if isinstance(own, str) and own:
        return own, f"{dotted((*pool.path, 'task_container_defaults', 'network_mode'))}" if pool else ""
    top_level = values.get("taskContainerDefaults")
    top = top_level.get("networkMode") if isinstance(top_level, dict) else None
    if isinstance(top, str) and top:
        return top, "taskContainerDefaults.networkMode"
    return "bridge", "the master's default network mode"


def launch_overrides(
    values: Mapping[str, typing.Any], kind: str, pool_name: str, known: Pools
) -> list[Override]:
    """What the master sets on the pod at launch (``configureJobSpec`` and friends in its sources)."""
    if kind == "checkpoint-gc":
        pool_name, _ = default_pool(values, auxiliary=True)
    pool = known.named.get(pool_name)
    manager = values.get("resourceManager")
    namespace = manager.get("defaultNamespace") if isinstance(manager, dict) else None
    fallback = (
        f"{flow(namespace)} (resourceManager.defaultNamespace)" if namespace else "the release namespace"
    )
    if pool is not None and pool.path[:1] == ("additional_resource_managers",):
        fallback = "that resource manager's default namespace"
    mode, mode_source = _network_mode(values, pool)
    slot_type = values.get("slotType") or "gpu"
    if kind == "cpu":
        slots = "none for slots (zero-slot tasks)"
    else:
        slots = {
            "cpu": "cpu from slotResourceRequests.cpu times the slots",
            "rocm": "amd.com/gpu from the slots",
        }.get(str(slot_type), "nvidia.com/gpu from the slots")
    scheduler = str(values.get("defaultScheduler") or "").strip()
    overrides = [
        Override("metadata.name", "the name of the task's job"),
        Override("metadata.namespace", f"the namespace bound to the task's workspace, else {fallback}"),
        Override(
            "metadata.labels",
            "adds determined.ai/ labels (task, allocation, user, workspace, pool) "
            "and determined-queue-position",
        ),
        Override("spec.restartPolicy", "Never"),
        Override(
            "spec.hostNetwork",
            f"{str(mode == 'host').lower()} (network mode {flow(mode)}, from {mode_source})",
        ),
    ]
    if kind == "checkpoint-gc":
        overrides.append(Override("spec.priorityClassName", "determined-system-priority"))
    else:
        overrides.append(
            Override(
                "spec.priorityClassName",
                "when unset: a class for the task's resources.priority, else determined-medium-priority",
            )
        )
        if scheduler == "coscheduler":
            overrides.append(
                Override(
                    "spec.schedulerName", "coscheduler when unset, with pod-group labels (defaultScheduler)"
                )
            )
    overrides += [
        Override(
            "spec.affinity",
            "adds a required node affinity that keeps pods off nodes disabled in Determined",
        ),
        Override(
            f"spec.containers[{DETERMINED_CONTAINER}]",
            f"built by Determined and placed last: its image, command, working directory, ports, pull policy; "
            f"resources: {slots}, the spec's other resources kept; env, envFrom, volumeMounts and "
            f"volumeDevices after Determined's own; securityContext kept but for runAsUser and runAsGroup "
            f"(the linked agent user); of the spec's container only {', '.join(KEPT_FIELDS[1:])} are used",
        ),
        Override("spec.initContainers", f"{DETERMINED_INIT_CONTAINER} appended"),
        Override("spec.volumes", "Determined's volumes appended (shared memory, the task's files)"),
    ]
    return overrides
