"""What a pod spec may hold: the Kubernetes Pod schema, and Determined's own restrictions.

Determined reads every pod spec (a Helm value the chart copies into master.yaml, or a task's
``environment.pod_spec``) into the Go ``Pod`` type of its Kubernetes client, so:

- a field the Pod does not have is dropped without a word, and field names match ignoring case;
- a value of the wrong JSON type fails the read: the master does not start, or the task is refused;
- a field Kubernetes added after the client's version is dropped like an unknown one.

The master then checks the spec (``validatePodSpec`` in its sources, the same in every supported
release) and, at launch, rebuilds parts of it (see ``chartgen.podspec.preview``).

The Kubernetes side is the table ``chartgen.podspec.patchkeys`` generates; nothing here imports
kubernetes-validate. Every check returns findings with paths relative to the pod spec.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from chartgen.diagnostics import Finding, Path, Severity, dotted
from chartgen.hints import typing
from chartgen.podspec import patchkeys
from chartgen.records import record
from chartgen.releases import MASTER_KUBERNETES, release_key
from chartgen.suggest import suggest
from chartgen.yamlio.resolve import kind_of

DETERMINED_CONTAINER = "determined-container"
DETERMINED_INIT_CONTAINER = "determined-init-container"

KIND = "pod-spec-kind"
UNKNOWN_FIELD = "pod-spec-unknown-field"
FIELD_TOO_NEW = "pod-spec-field-too-new"
TYPE = "pod-spec-type"
REQUIRED_FIELD = "pod-spec-required-field"
NAME_NAMESPACE = "pod-spec-name-namespace"
HOST_NETWORK = "pod-spec-host-network"
RESTART_POLICY = "pod-spec-restart-policy"
GPU_RESOURCES = "pod-spec-gpu-resources"
RUN_AS_USER = "pod-spec-run-as-user"
CONTAINER_FIELD = "pod-spec-determined-container"
NULL = "pod-spec-null"
#: The fields that are maps of strings in Kubernetes' Go types: null there decodes as "".
STRING_MAPS = frozenset(
    {
        ("ObjectMeta", "labels"),
        ("ObjectMeta", "annotations"),
        ("PodSpec", "nodeSelector"),
        ("LabelSelector", "matchLabels"),
        ("CSIVolumeSource", "volumeAttributes"),
        ("FlexVolumeSource", "options"),
    }
)

GPU_RESOURCE_NAMES = ("nvidia.com/gpu", "amd.com/gpu")

# The master refuses these on the determined-container (validatePodSpec), with where to set them instead.
REFUSED_FIELDS = {
    "image": "the task image comes from environment.image or taskContainerDefaults.cpuImage/gpuImage",
    "command": "Determined runs the task's own entrypoint",
    "args": "Determined runs the task's own entrypoint",
    "workingDir": "the working directory is Determined's",
    "ports": "Determined opens the task's ports (environment.ports)",
    "livenessProbe": "Determined watches the task itself",
    "readinessProbe": "Determined watches the task itself",
    "startupProbe": "Determined watches the task itself",
    "lifecycle": "Determined manages the container's lifecycle",
    "terminationMessagePath": "Determined reads the task's exit itself",
    "terminationMessagePolicy": "Determined reads the task's exit itself",
    "imagePullPolicy": "set environment.force_pull_image or taskContainerDefaults.forcePullImage",
}
# What the master takes from the spec's determined-container when it builds its own; the rest is dropped.
KEPT_FIELDS = ("name", "env", "envFrom", "resources", "volumeMounts", "volumeDevices", "securityContext")

# Every PodSpec requires containers, but Determined adds its own container to the spec.
_NOT_REQUIRED = {("PodSpec", "containers")}
# A Kubernetes quantity as Go's resource.ParseQuantity reads it.
_QUANTITY = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[KMGTPE]i|[numkMGTPE]|[eE][+-]?[0-9]+)?"
_INT32 = (-(2**31), 2**31 - 1)


@record(frozen=True)
class Reader:
    """Who reads the spec, for the consequence a finding states."""

    refuses: str
    unreadable: str


VALUES = Reader(
    refuses="the master refuses to start on it",
    unreadable="the master cannot read it and does not start",
)
TASK = Reader(
    refuses="Determined rejects the task",
    unreadable="Determined cannot read it and rejects the task",
)


def check_pod(spec: object, release: str, reader: Reader = VALUES) -> list[Finding]:
    """Every problem of one pod spec; an empty spec or a non-map (a type error of its own) has none."""
    if not isinstance(spec, dict) or not spec:
        return []
    found: list[Finding] = []
    _Walker(release, reader, found).struct(spec, patchkeys.ROOT, ())
    found.extend(_kind(spec))
    found.extend(_determined(spec, reader))
    return found


class _Walker:
    """One pass over a spec against the generated table."""

    def __init__(self, release: str, reader: Reader, found: list[Finding]) -> None:
        table = patchkeys.pod_table()
        self.types: Mapping[str, Mapping[str, typing.Any]] = table["types"]
        self.scalars: Mapping[str, Mapping[str, str]] = table["scalars"]
        self.required: Mapping[str, list[str]] = table["required"]
        self.since: Mapping[str, Mapping[str, str]] = table["since"]
        self.release = release
        self.master = MASTER_KUBERNETES
        self.reader = reader
        self.found = found

    def add(self, rule: str, path: Path, message: str, *, warning: bool = False, key: bool = False) -> None:
        severity = Severity.WARNING if warning else Severity.ERROR
        self.found.append(Finding(rule, path, message, severity, key))

    def wrong(self, value: object, wanted: str, path: Path) -> None:
        self.add(
            TYPE, path, f"{dotted(path)} must be {wanted}, not {kind_of(value)}: {self.reader.unreadable}"
        )

    def struct(self, value: object, type_name: str, path: Path) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            self.wrong(value, f"a map (a {type_name})", path)
            return
        fields = self.types[type_name]
        for key, item in value.items():
            name = self.field_name(type_name, key, (*path, key))
            if name is not None:
                self.field(item, type_name, name, (*path, key))
        missing = [f for f in self.required.get(type_name, ()) if (type_name, f) not in _NOT_REQUIRED]
        for field in missing:
            if value.get(field) is None and field in fields:
                where = f"{dotted(path)} has no `{field}`" if path else f"the pod has no `{field}`"
                self.add(
                    REQUIRED_FIELD, path,
                    f"{where}, which Kubernetes requires of a {type_name}: it rejects the pod, "
                    "so every task started from this spec fails",
                )  # fmt: skip

    def field_name(self, type_name: str, key: str, path: Path) -> str | None:
        """The field ``key`` names (reporting unknown, misspelt and too-new fields), or None."""
        fields = self.types[type_name]
        here = f" in {dotted(path[:-1])}" if len(path) > 1 else ""
        if key in fields:
            since = self.since.get(type_name, {}).get(key)
            if since is not None and release_key(since) > release_key(self.master):
                self.add(
                    FIELD_TOO_NEW, path,
                    f"`{key}`{here} is a Kubernetes {since} field, but the Determined {self.release} master "
                    f"reads pod specs with the Kubernetes {self.master} API and drops it: pods never get it",
                    warning=True, key=True,
                )  # fmt: skip
                return None
            return key
        folded = next((f for f in fields if f.casefold() == key.casefold()), None)
        if folded is not None:
            self.add(
                UNKNOWN_FIELD, path,
                f"`{key}`{here} is spelt `{folded}` in Kubernetes: Determined reads it (its Go client "
                "matches field names ignoring case), but kubectl and the Kubernetes API reject it",
                warning=True, key=True,
            )  # fmt: skip
            return folded
        if key.startswith("$"):
            message = (
                f"`{key}`{here} is a strategic-merge-patch directive, and Determined does not support them: "
                "it reads the spec into Kubernetes' Go types first, which drop it"
            )
        else:
            message = f"unknown field `{key}`{here}: the Kubernetes {type_name} has no such field, so Determined drops it"
            guess = suggest(key, list(fields))
            if guess is not None:
                message += f"; did you mean `{guess}`?"
        self.add(UNKNOWN_FIELD, path, message, warning=True, key=True)  # dropped: no effect
        return None

    def field(self, value: object, type_name: str, name: str, path: Path) -> None:
        spec = self.types[type_name][name]
        kind = self.scalars.get(type_name, {}).get(name)
        is_list = isinstance(spec, dict) and spec.get("list")
        target = spec["type"] if isinstance(spec, dict) else spec
        if value is None:
            self.add(
                NULL, path,
                f"{dotted(path)}: null removes nothing here: the master reads the pod spec into Kubernetes' "
                "types before merging it, where a null field is simply absent, so the default's value stays",
                warning=True,
            )  # fmt: skip
            return
        if is_list:
            if not isinstance(value, list):
                self.wrong(value, "a list", path)
                return
            for index, item in enumerate(value):
                self.value(item, target, kind, (*path, index))
        else:
            self.value(value, target, kind, path)

    def value(self, value: object, target: str, kind: str | None, path: Path) -> None:
        if target == patchkeys.MAP:
            if value is None:
                return
            if not isinstance(value, dict):
                self.wrong(value, "a map", path)
                return
            for key, item in value.items():
                if item is None and (kind or "any") == "string":
                    self.add(
                        NULL, (*path, key),
                        f"{dotted((*path, key))}: null removes nothing here: the master reads the pod spec into "
                        'Kubernetes\' types before merging it, where null in this map is the empty string ""',
                        warning=True,
                    )  # fmt: skip
                    continue
                self.scalar(item, kind or "any", (*path, key))
        elif target == patchkeys.SCALAR or kind == "any":
            self.scalar(value, kind or "any", path)
        else:
            self.struct(value, target, path)

    def scalar(self, value: object, kind: str, path: Path) -> None:
        """Whether Go's JSON decoder reads ``value`` into a field of ``kind``."""
        if value is None or kind == "any" or (kind == "int-or-string" and isinstance(value, str)):
            return
        whole = isinstance(value, int) and not isinstance(value, bool)
        number = whole or isinstance(value, float)
        if kind in ("string", "time") and not isinstance(value, str):
            self.wrong(
                value, "a string" + (" (quote it)" if isinstance(value, bool | int | float) else ""), path
            )
        elif kind == "boolean" and not isinstance(value, bool):
            self.wrong(value, "true or false", path)
        elif kind == "number" and not number:
            self.wrong(value, "a number", path)
        elif kind in ("int32", "int64", "int-or-string") and not whole:
            self.wrong(value, "a whole number" + (" or a string" if kind == "int-or-string" else ""), path)
        elif (
            kind in ("int32", "int-or-string")
            and isinstance(value, int)
            and not _INT32[0] <= value <= _INT32[1]
        ):
            self.add(
                TYPE, path, f"{dotted(path)} {value} is out of range (32 bits): {self.reader.unreadable}"
            )
        elif (
            kind == "quantity"
            and not number
            and not (isinstance(value, str) and re.fullmatch(_QUANTITY, value.strip()))
        ):
            self.add(TYPE, path, f"{dotted(path)} {_quantity_problem(value)}: {self.reader.unreadable}")


def _quantity_problem(value: object) -> str:
    if not isinstance(value, str):
        return f"must be a Kubernetes quantity such as 500m, 2 or 8Gi, not {kind_of(value)}"
    unit = re.fullmatch(r"\s*([0-9.]+)\s*([KMGTPE])[Bb]\s*", value)
    hint = f" (write {unit[1]}{unit[2]}i or {unit[1]}{unit[2]})" if unit else ""
    return f"{value!r} is not a Kubernetes quantity such as 500m, 2 or 8Gi{hint}"


def _kind(spec: dict[str, typing.Any]) -> Iterator[Finding]:
    missing = []
    for key, wanted in (("apiVersion", "v1"), ("kind", "Pod")):
        value = spec.get(key)
        if value is None:
            missing.append(f"`{key}: {wanted}`")
        elif value != wanted:
            yield Finding(
                KIND, (key,),
                f"{key} is {value!r}, but a pod spec is a Pod ({key}: {wanted}): Determined reads whatever is "
                "here as a Pod and drops the fields a Pod does not have",
            )  # fmt: skip
    if missing:
        yield Finding(
            KIND, (),
            f"the pod spec has no {' and '.join(missing)}: Determined reads it as a Pod either way, but a "
            "pod spec is a whole Pod object, as Determined's documentation and kubectl expect",
            Severity.WARNING, key=True,
        )  # fmt: skip


def _get(node: object, *path: str) -> object:
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _containers(
    spec: dict[str, typing.Any], field: str = "containers"
) -> Iterator[tuple[Path, dict[str, typing.Any]]]:
    items = _get(spec, "spec", field)
    for index, item in enumerate(items if isinstance(items, list) else []):
        if isinstance(item, dict):
            yield ("spec", field, index), item


def _determined(spec: dict[str, typing.Any], reader: Reader) -> Iterator[Finding]:
    metadata = _get(spec, "metadata")
    for key, instead in (
        ("name", "Determined names every pod after its task"),
        (
            "namespace",
            "Determined chooses the namespace: the one bound to the task's workspace, else the resource "
            "manager's default namespace (resourceManager.defaultNamespace, else the release namespace)",
        ),
    ):
        if isinstance(metadata, dict) and metadata.get(key) not in (None, ""):
            yield Finding(
                NAME_NAMESPACE,
                ("metadata", key),
                f"metadata.{key} is not supported: {instead}; {reader.refuses}",
            )
    pod = _get(spec, "spec")
    pod = pod if isinstance(pod, dict) else {}
    host = pod.get("hostNetwork")
    if host is True:
        yield Finding(
            HOST_NETWORK, ("spec", "hostNetwork"),
            "spec.hostNetwork is not supported: host networking is set in the master configuration "
            f"(taskContainerDefaults.networkMode: host); {reader.refuses}",
        )  # fmt: skip
    elif host is False:
        yield Finding(
            HOST_NETWORK, ("spec", "hostNetwork"),
            "spec.hostNetwork has no effect: Determined sets it from the master configuration "
            "(taskContainerDefaults.networkMode)",
            Severity.WARNING,
        )  # fmt: skip
    policy = pod.get("restartPolicy")
    if isinstance(policy, str) and policy:
        never = policy == "Never"
        yield Finding(
            RESTART_POLICY, ("spec", "restartPolicy"),
            "spec.restartPolicy is not supported: Determined always sets it to Never and restarts failed "
            "tasks itself (max_restarts)" + ("" if never else f", so {policy} is ignored"),
            Severity.WARNING if never else Severity.ERROR,
        )  # fmt: skip
    for field in ("containers", "initContainers"):
        for path, container in _containers(spec, field):
            if container.get("name") == DETERMINED_INIT_CONTAINER:
                yield Finding(
                    CONTAINER_FIELD, (*path, "name"),
                    f"Determined adds its own {DETERMINED_INIT_CONTAINER} to every pod: Kubernetes rejects "
                    "a pod with two containers of one name, so every task started from this spec fails",
                )  # fmt: skip
    for path, container in _containers(spec):
        if container.get("name") == DETERMINED_CONTAINER:
            yield from _determined_container(container, path, reader)


def _determined_container(container: dict[str, typing.Any], path: Path, reader: Reader) -> Iterator[Finding]:
    resources = container.get("resources")
    for part in ("limits", "requests"):
        amounts = _get(resources, part)
        for name in GPU_RESOURCE_NAMES:
            if isinstance(amounts, dict) and name in amounts:
                yield Finding(
                    GPU_RESOURCES, (*path, "resources", part, name),
                    f"{DETERMINED_CONTAINER} cannot set {name}: the task's slots decide its GPUs, so Determined "
                    "ignores it for GPU tasks and adds it to CPU and zero-slot tasks, whose pods then hold "
                    "GPUs Determined does not schedule",
                    key=True,
                )  # fmt: skip
    context = container.get("securityContext")
    for key in ("runAsUser", "runAsGroup"):
        if isinstance(context, dict) and context.get(key) is not None:
            yield Finding(
                RUN_AS_USER, (*path, "securityContext", key),
                f"{DETERMINED_CONTAINER} cannot set securityContext.{key}: Determined replaces it with the "
                "agent user linked to the task's owner (det user link-with-agent-user), or removes it",
                key=True,
            )  # fmt: skip
    for key, value in container.items():
        if key in REFUSED_FIELDS:
            if value is None or value == "" or value == []:
                continue
            yield Finding(
                CONTAINER_FIELD, (*path, key),
                f"{DETERMINED_CONTAINER} cannot set {key} ({REFUSED_FIELDS[key]}); {reader.refuses}",
                key=True,
            )  # fmt: skip
        elif key not in KEPT_FIELDS and key in patchkeys.pod_table()["types"]["Container"]:
            yield Finding(
                CONTAINER_FIELD, (*path, key),
                f"{DETERMINED_CONTAINER}.{key} has no effect: Determined builds this container itself and "
                f"takes only {', '.join(KEPT_FIELDS[1:])} from the pod spec",
                Severity.WARNING, key=True,
            )  # fmt: skip
