"""Kubernetes objects as Helm tracks them in a release: identity, body, and where each came from.

Helm matches the objects of two releases by API group, kind, namespace and name
(``isMatchingInfo`` in helm's ``pkg/kube``): a new API version of the same group
is the same object, anything else is a deletion plus a creation. A namespaced
object written without a namespace lands in the release namespace.

Manifest streams are read with the same YAML rules as values files (YAML 1.1
scalars, no duplicate keys, bounded alias expansion), so ``helm template``
output and chartgen's own render are typed alike.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, UsageError
from chartgen.hints import typing
from chartgen.records import record, replace

# Kinds the API server keeps outside namespaces (those the chart and common tools render).
CLUSTER_SCOPED = frozenset(
    {
        "APIService", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "IngressClass",
        "MutatingWebhookConfiguration", "Namespace", "PersistentVolume", "PriorityClass",
        "StorageClass", "ValidatingWebhookConfiguration", "VolumeSnapshotClass", "CSIDriver",
    }
)  # fmt: skip
# A GitOps directory or `helm template --output-dir` tree holds at most this much YAML, in
# total: a release's objects, even as the API server returns them (status, managed fields), are
# tens of kilobytes, and the pure-Python reader takes about a second a megabyte.
MAX_MANIFEST_BYTES = 1024 * 1024
_SEPARATOR = re.compile(r"^---(?:[ \t].*)?$")
_YAML_SUFFIXES = (".yaml", ".yml")
# Build instructions beside rendered objects in GitOps repositories, never applied themselves.
_NOT_OBJECTS = frozenset({"kustomization.yaml", "kustomization.yml", "Kustomization", "Chart.yaml"})
HOOK = "helm.sh/hook"
RESOURCE_POLICY = "helm.sh/resource-policy"


@record(frozen=True, order=True)
class ObjectId:
    """What Helm matches objects by; ``namespace`` is empty for cluster-scoped kinds."""

    group: str
    kind: str
    namespace: str
    name: str

    def __str__(self) -> str:
        where = f"{self.namespace}/" if self.namespace else ""
        return f"{self.kind} {where}{self.name}"


@record(frozen=True)
class KubeObject:
    id: ObjectId
    api_version: str
    body: dict[str, typing.Any]
    source: str
    location: Location | None = None

    @property
    def annotations(self) -> dict[str, typing.Any]:
        metadata = self.body.get("metadata")
        found = metadata.get("annotations") if isinstance(metadata, dict) else None
        return found if isinstance(found, dict) else {}

    @property
    def is_hook(self) -> bool:
        """Helm runs hooks around an upgrade; they are not part of the release's manifest."""
        return HOOK in self.annotations

    @property
    def kept(self) -> bool:
        """Annotated so that Helm leaves it in the cluster instead of deleting it."""
        return str(self.annotations.get(RESOURCE_POLICY, "")).strip() == "keep"

    def get(self, *path: str | int) -> typing.Any:
        node: typing.Any = self.body
        for part in path:
            if isinstance(part, int):
                node = node[part] if isinstance(node, list) and -len(node) <= part < len(node) else None
            else:
                node = node.get(part) if isinstance(node, dict) else None
            if node is None:
                return None
        return node


def group_of(api_version: str) -> str:
    return api_version.rpartition("/")[0] if "/" in api_version else ""


def make_object(
    body: dict[str, typing.Any], source: str, default_namespace: str, location: Location | None = None
) -> KubeObject | str:
    """The object, or why this document is not one Helm could apply."""
    api_version, kind = body.get("apiVersion"), body.get("kind")
    metadata = body.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    if not isinstance(api_version, str) or not api_version:
        return "this document has no apiVersion, so it is not a Kubernetes object"
    if not isinstance(kind, str) or not kind:
        return "this document has no kind, so it is not a Kubernetes object"
    if not isinstance(name, str) or not name:
        return f"this {kind} has no metadata.name"
    namespace = ""
    if kind not in CLUSTER_SCOPED:
        written = metadata.get("namespace") if isinstance(metadata, dict) else None
        namespace = str(written) if written else default_namespace
    return KubeObject(
        ObjectId(group_of(api_version), kind, namespace, name), api_version, body, source, location
    )


def _documents(text: str) -> Iterator[tuple[int, str]]:
    """Each document of a stream with the 0-based line it starts on."""
    start, lines = 0, list[str]()
    for number, line in enumerate(text.split("\n")):
        if _SEPARATOR.match(line):
            yield start, "\n".join(lines)
            start, lines = number + 1, []
        else:
            lines.append(line)
    yield start, "\n".join(lines)


def _shifted(diagnostic: Diagnostic, lines: int) -> Diagnostic:
    loc = diagnostic.location
    if loc is None or not loc.line:
        return diagnostic
    message = diagnostic.message.split("; Helm cannot read the file")[0]
    return replace(diagnostic, message=message, location=replace(loc, line=loc.line + lines))


def parse_stream(text: str, file: str, default_namespace: str) -> tuple[list[KubeObject], list[Diagnostic]]:
    """The objects of a YAML stream, and a located diagnostic for each document that is not one.

    ``kind: List`` (``kubectl get -o yaml``) contributes its items.
    """
    from chartgen.yamlio.load import YamlError, load_yaml

    objects: list[KubeObject] = []
    problems: list[Diagnostic] = []
    for start, doc in _documents(text):
        if not any(line.strip() and not line.lstrip().startswith("#") for line in doc.split("\n")):
            continue
        try:
            loaded = load_yaml(doc, file)
        except YamlError as exc:
            problems.append(_shifted(exc.diagnostic, start))
            continue
        data = loaded.data
        position = loaded.values.get(())
        where = (
            Location(file, start + position.line, position.column)
            if position and position.line
            else Location(file, start + 1, 1)
        )
        if data is None or data == {}:
            continue
        if not isinstance(data, dict):
            problems.append(
                Diagnostic("manifest-not-an-object", "a manifest document must be a mapping", location=where)
            )
            continue
        bodies = data.get("items") if data.get("kind") == "List" else [data]
        for body in bodies if isinstance(bodies, list) else []:
            if not isinstance(body, dict):
                continue
            made = make_object(body, str(where), default_namespace, where)
            if isinstance(made, str):
                problems.append(Diagnostic("manifest-not-an-object", made, location=where))
            else:
                objects.append(made)
    return objects, problems


def _manifest_files(path: str) -> list[str]:
    if not os.path.isdir(path):
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(_YAML_SUFFIXES) and name not in _NOT_OBJECTS and not name.startswith("."):
                found.append(os.path.join(root, name))
    if not found:
        raise UsageError(f"no .yaml or .yml files under {path}")
    return found


def read_manifests(path: str, default_namespace: str) -> list[KubeObject]:
    """Every object in a manifest file (``-`` for standard input) or a directory tree of them.

    Raises ``ChartgenError`` with located diagnostics for invalid documents or an object
    written twice, and ``UsageError`` for what cannot be read.
    """
    import sys

    from chartgen.yamlio.read import read_bytes

    objects: list[KubeObject] = []
    problems: list[Diagnostic] = []
    total = 0
    for file in ["-"] if path == "-" else _manifest_files(path):
        try:
            if file == "-":
                text, name = sys.stdin.read(MAX_MANIFEST_BYTES + 1), "<stdin>"
            else:
                text, name = read_bytes(file, MAX_MANIFEST_BYTES).decode("utf-8"), file
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise UsageError(f"cannot read manifest {file}: {reason}") from None
        total += len(text)
        if total > MAX_MANIFEST_BYTES:
            raise UsageError(
                f"manifests under {path} exceed {MAX_MANIFEST_BYTES // (1024 * 1024)} MiB; "
                "point the manifest source at the release's own objects"
            )
        found, bad = parse_stream(text, name, default_namespace)
        objects.extend(found)
        problems.extend(bad)
    problems.extend(duplicates(objects))
    if problems:
        raise ChartgenError(problems)
    return objects


def duplicates(objects: Iterable[KubeObject]) -> list[Diagnostic]:
    """An object written twice: Helm refuses the release, so the comparison would mean nothing."""
    seen: dict[ObjectId, KubeObject] = {}
    problems = []
    for obj in objects:
        first = seen.setdefault(obj.id, obj)
        if first is not obj:
            problems.append(
                Diagnostic(
                    "manifest-duplicate-object",
                    f"{obj.id} is written twice (first at {first.source}); Helm refuses such a release",
                    location=obj.location,
                )
            )
    return problems
