"""What the Kubernetes API server refuses in the objects the values render to.

Helm checks none of it: ``helm install`` sends the objects and the API server refuses one
(the install fails half-way), or the master's task pods are refused when a task starts. These
rules render the values with chartgen's own renderer, read each object back, and run
``chartgen.kubeapi`` (the API server's Go validation, Kubernetes 1.28) over it, and over the
task pods the master builds from the pod specs in the values (``chartgen podspec``).

They run after every other rule, and only when no other rule found an error: only then are
the values sure to render. Each finding is located at the value that causes it: the value
whose text the refused field holds, else a value written in the refused element (or in the
volume a refused mount names), else the top of the values for a name built from the release
name (``--release-name``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from chartgen.diagnostics import Diagnostic, Path, dotted
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.validation.registry import Context, rule

if TYPE_CHECKING:
    from chartgen.kubeapi import Refusal

# Which rule reports a refusal: by the field the API server names.
_FAMILIES = (
    ("api-volume-mounts", ("volumeMounts", "volumes[", "volumes.", "volumeDevices")),
    ("api-ports", ("ports[", ".ports", "Port", "port.", ".port")),
    ("api-resources", ("resources", "accessModes")),
    ("api-labels", ("labels", "annotations", "selector", "nodeSelector")),
    ("api-service", ("spec.type", "LoadBalancerSourceRanges", "externalTrafficPolicy", "nodePort")),
    ("api-ingress", ("rules[", "tls[", "ingressClassName", "ingress.class", "defaultBackend")),
    ("api-names", ("name", "namespace", "generateName", "priorityClassName", "serviceAccountName")),
)
TASK_RULE = "api-task-pod"
OTHER_RULE = "api-pod-fields"


def _family(refusal: Refusal) -> str:
    for name, marks in _FAMILIES:
        if any(mark in refusal.field for mark in marks):
            return name
    return OTHER_RULE


def _steps(field_path: str) -> list[str | int]:
    """``a.b[0].c[key]`` as steps: names, list indexes and map keys."""
    import re

    steps: list[str | int] = []
    # A key holds no ``[``: each of many unclosed ones would otherwise be scanned to the end.
    for name, index in re.findall(r"([^.\[\]]+)|\[([^\][]*)\]", field_path):
        if name:
            steps.append(name)
        else:
            steps.append(int(index) if index.isdigit() else index)
    return steps


def _at(obj: typing.Any, steps: list[str | int]) -> typing.Any:
    for step in steps:
        if isinstance(obj, dict):
            if step not in obj:
                # Go names a few fields in another case (spec.LoadBalancerSourceRanges).
                same = [key for key in obj if isinstance(step, str) and str(key).lower() == step.lower()]
                if not same:
                    return None
                step = same[0]
            obj = obj[step]
        elif isinstance(obj, list) and isinstance(step, int) and step < len(obj):
            obj = obj[step]
        else:
            return None
    return obj


def _texts(value: typing.Any) -> Iterator[str]:
    """Every scalar's text in ``value``, as Go writes it."""
    from chartgen.yamlio.resolve import go_string

    if isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)
    elif value is not None and not isinstance(value, bool):
        yield go_string(value)


class _Index:
    """Which values path holds which text: how a refused field leads back to the value at fault.

    Every question is answered once: refusals of many elements alike (a thousand containers of
    one name) ask alike, and the pod of each of many pools asks within its own subtrees, each
    gathered once, so that no question scans the values of every pool.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.keys: set[Path] = set()
        # Where each path comes when texts are alike: the user's own values first, in the order
        # written, then the chart's defaults, each in the order of the values.
        self._rank: dict[Path, tuple[bool, int, int]] = {}
        self._under: dict[Path, dict[str, list[Path]]] = {}
        self._first: dict[tuple[str, Path, str], tuple[Path | None, Path | None]] = {}
        # What a refused field's texts lead to, by (the object's id, field, within, template):
        # the objects outlive this index, so their ids stay theirs.
        self.by_field: dict[tuple[int, str, tuple[Path, ...], str], tuple[Path, bool] | None] = {}
        written = ctx.loaded.positions
        self.by_text = self._texts((), ctx.values)
        for path in self.by_text.values():
            for one in path:
                if one not in self._rank:
                    self._rank[one] = (
                        one not in written and one[:-1] not in written,
                        (written[one].line or 0) if one in written else 0,
                        len(self._rank),
                    )
        for paths in self.by_text.values():
            paths.sort(key=self._rank.__getitem__)
        self._under[()] = self.by_text

    def _texts(self, base: Path, value: typing.Any) -> dict[str, list[Path]]:
        """Each text of ``value`` (at ``base``) and the paths that hold it, in the order of the values."""
        from chartgen.yamlio.resolve import go_string

        found: dict[str, list[Path]] = {}

        def walk(value: typing.Any, path: Path) -> None:
            if isinstance(value, dict):
                for key, item in value.items():
                    found.setdefault(str(key), []).append((*path, key))
                    self.keys.add((*path, key))
                    walk(item, (*path, key))
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    walk(item, (*path, index))
            elif value is not None and not isinstance(value, bool):
                found.setdefault(go_string(value), []).append(path)

        walk(value, base)
        return found

    def _texts_under(self, base: Path) -> dict[str, list[Path]]:
        """``by_text`` of the subtree at ``base``, its own key included."""
        if base not in self._under:
            parent: typing.Any = self.ctx.values
            for step in base[:-1]:
                parent = _child(parent, step)
            value = _child(parent, base[-1])
            found = self._texts(base, value) if value is not _ABSENT else {}
            if isinstance(parent, dict) and base[-1] in parent:
                found.setdefault(str(base[-1]), []).append(base)
            for paths in found.values():
                paths.sort(key=self._rank.__getitem__)
            self._under[base] = found
        return self._under[base]

    def find(
        self, texts: list[str], within: tuple[Path, ...] = (), template: str = ""
    ) -> tuple[Path, bool] | None:
        """The values path of the first text some value holds exactly (``within`` those subtrees),
        and whether it is a key. Of several values with that text, one the chart writes into
        ``template`` (``chartgen/data/writes.py``, recorded by rendering with tagged values) wins."""
        for text in texts:
            firsts = [self._first_under(text, base, template) for base in within or ((),)]
            writing = [path for path, _ in firsts if path is not None]
            anywhere = writing or [path for _, path in firsts if path is not None]
            if anywhere:
                path = min(anywhere, key=self._rank.__getitem__)
                return path, path in self.keys and text == str(path[-1])
        return None

    def _first_under(self, text: str, base: Path, template: str) -> tuple[Path | None, Path | None]:
        """The first path under ``base`` holding ``text`` that the chart writes into ``template``
        (None without a template), and the first at all."""
        asked = (text, base, template)
        if asked not in self._first:
            paths = self._texts_under(base).get(text, [])
            writing = (
                next((path for path in paths if _writes_into(path, template)), None) if template else None
            )
            self._first[asked] = (writing, paths[0] if paths else None)
        return self._first[asked]


_ABSENT = object()


def _child(value: typing.Any, step: str | int) -> typing.Any:
    if isinstance(value, dict):
        return value.get(step, _ABSENT)
    if isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
        return value[step]
    return _ABSENT


def _writes_into(path: Path, template: str) -> bool:
    """Whether the chart writes the value at ``path`` into ``template`` (``templates/x.yaml``)."""
    from chartgen.data.writes import WRITES

    key = ".".join("*" if isinstance(part, int) else str(part) for part in path)
    name = template.removeprefix("templates/").removesuffix(".yaml")
    return any(name in templates for templates in WRITES.get(key, {}).values())


def _element(refusal: Refusal) -> list[str | int]:
    """The steps of the list element the refused field belongs to (the whole path if none)."""
    steps = _steps(refusal.field)
    for cut in range(len(steps), 0, -1):
        if isinstance(steps[cut - 1], int):
            return steps[:cut]
    return steps


def _bad_value(refusal: Refusal) -> list[str]:
    """The text of a refusal's bad value: the first clue to the value at fault."""
    if refusal.bad_value is None or isinstance(refusal.bad_value, dict | list):
        return []
    from chartgen.yamlio.resolve import go_string

    text = go_string(refusal.bad_value)
    return [text] if text else []


def _clues(obj: typing.Any, refusal: Refusal) -> list[str]:
    """Texts that tie a refused field to a value, after its bad value: the field's texts, then
    its element's, then those of the volume a mount names."""
    element = _element(refusal)
    clues: list[str] = []
    item = _at(obj, element)
    clues.extend(_texts(_at(obj, _steps(refusal.field))))
    if isinstance(item, dict):
        clues.extend(text for key, value in item.items() if key != "name" for text in _texts(value))
        if "volumeMounts" in element:
            spec = _at(obj, element[: element.index("containers") if "containers" in element else -2]) or {}
            volumes = spec.get("volumes") if isinstance(spec, dict) else None
            for volume in volumes if isinstance(volumes, list) else []:
                if isinstance(volume, dict) and volume.get("name") == item.get("name"):
                    clues.extend(
                        text for key, value in volume.items() if key != "name" for text in _texts(value)
                    )
        clues.extend(_texts(item.get("name")))
    return [clue for clue in clues if clue]


def _quote(value: object) -> str:
    from chartgen.kubeapi import _go_quote

    return _go_quote(value)


def _secret(path: Path) -> bool:
    from chartgen.redaction import is_secret_key

    return any(is_secret_key(part) for part in path)


def _describe(refusal: Refusal, path: Path | None, release_name: str) -> str:
    shown = ""
    if refusal.bad_value is not None and not isinstance(refusal.bad_value, dict | list):
        shown = " <secret>" if path is not None and _secret(path) else f" {_quote(refusal.bad_value)}"
    return f"{refusal.field}{shown}: {refusal.detail}"


def _locate(
    index: _Index, obj: typing.Any, refusal: Refusal, within: tuple[Path, ...], template: str = ""
) -> tuple[Path | None, bool]:
    found = index.find(_bad_value(refusal), within, template)
    if found is None:
        # The other clues are an element's every text: the same for each refusal of one field (a
        # thousand bad node selector keys), so gathered and looked for once per field.
        asked = (id(obj), refusal.field, within, template)
        if asked not in index.by_field:
            index.by_field[asked] = index.find(_clues(obj, refusal), within, template)
        found = index.by_field[asked]
    if found is None:
        return None, False
    return found


def _related(
    index: _Index, obj: typing.Any, refusal: Refusal, within: tuple[Path, ...], template: str = ""
) -> str:
    """What the refused element clashes with, and the value that brought it in."""
    parts = []
    for other in refusal.related:
        item = _at(obj, _steps(other))
        what = other
        if isinstance(item, dict) and "volumeMounts" in other:
            what = f"volume {_quote(item.get('name'))}"
        elif isinstance(item, dict) and item.get("name") is not None:
            what = f"{other} ({_quote(item.get('name'))})"
        from chartgen.kubeapi import Refusal as _Refusal

        probe = _Refusal(refusal.kind, refusal.namespace, refusal.name, other, "", "", None)
        path, _ = _locate(index, obj, probe, within, template)
        parts.append(f"{what} (from {dotted(path)})" if path else what)
    return "; already used by " + ", ".join(parts) if parts else ""


def _chart_objects(ctx: Context) -> list[tuple[str, typing.Any, tuple[Refusal, ...]]]:
    """The objects the chart installs, each with its source template and what the API server
    refuses in it, read back from its YAML."""
    objects = []
    for manifest in ctx.rendered():
        read = _judged(manifest.text, manifest.source)
        if read is not None:
            objects.append((manifest.template, *read))
    return objects


@lru_cache(maxsize=512)
def _judged(text: str, source: str) -> tuple[typing.Any, tuple[Refusal, ...]] | None:
    """An object's data and its refusals, once per text: files linted in one run render many
    objects alike (the RBAC objects, the Services), and reading YAML is most of this rule's cost.
    None for text that is no object the API server receives as written (other rules own YAML)."""
    from chartgen.kubeapi import refusals
    from chartgen.yamlio import YamlError, load_yaml

    try:
        obj = load_yaml(text, source, locate=False).data
    except YamlError:
        return None
    return obj, tuple(refusals(obj)) if isinstance(obj, dict) else ()


def task_pods(ctx: Context) -> list[tuple[str, typing.Any, tuple[Path, ...]]]:
    """The pod each pool's gpu, cpu and checkpoint-gc tasks start from, as the master creates it:
    with its own name, namespace, restart policy and, when the spec has none, its container."""
    from chartgen.validation.rules.podspec import pod_spec_paths

    if next(pod_spec_paths(ctx), None) is None:
        return []  # the master's own pods: nothing of the values reaches them to be refused
    from chartgen.podspec.preview import KINDS, Pools, UnknownPool, preview_pod
    from chartgen.podspec.smp import PatchError

    found = []
    known = Pools(ctx.values)
    for pool in known.all:
        for kind in KINDS:
            try:
                preview = preview_pod(ctx.values, kind, pool.name, known=known)
            except (UnknownPool, PatchError, ValueError):
                continue
            if not preview.layers:
                continue
            pod = preview.pod if isinstance(preview.pod, dict) else {}
            spec = dict(pod.get("spec") or {}) if isinstance(pod.get("spec"), dict) else {}
            containers = [dict(c) if isinstance(c, dict) else c for c in spec.get("containers") or []]
            for container in containers:
                if isinstance(container, dict) and container.get("name") == "determined-container":
                    container["image"] = container.get("image") or "determined-task-image"
            if not any(isinstance(c, dict) and c.get("name") == "determined-container" for c in containers):
                containers.append({"name": "determined-container", "image": "determined-task-image"})
            spec["containers"] = containers
            spec["restartPolicy"] = "Never"
            meta = dict(pod.get("metadata") or {}) if isinstance(pod.get("metadata"), dict) else {}
            meta["name"], meta["namespace"] = "determined-task", ctx.namespace
            title = f"the {kind} task pod of pool {pool.name}"
            obj = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}
            found.append((title, obj, tuple(layer.path for layer in preview.layers if not layer.in_task)))
    return found


def _findings(ctx: Context) -> list[tuple[str, Path, str, bool]]:
    """(rule, values path, message, at the key) of every refusal, from one render the rules below
    share (``Context.once``)."""
    from chartgen.kubeapi import refusals

    index: _Index | None = None
    out: list[tuple[str, Path, str, bool]] = []
    seen: set[tuple[Path, str, str]] = set()
    targets: list[tuple[str, typing.Any, tuple[Path, ...], str, tuple[Refusal, ...]]] = [
        (f"{obj.get('kind')} {obj.get('metadata', {}).get('name')}", obj, (), template, found)
        for template, obj, found in ctx.once(_chart_objects)
        if isinstance(obj, dict)
    ]
    targets.extend(
        (title, obj, within, "", tuple(refusals(obj))) for title, obj, within in ctx.once(task_pods)
    )
    for title, obj, within, template, found in targets:
        task = not template
        for refusal in found:
            index = index or _Index(ctx)
            path, key = _locate(index, obj, refusal, within, template)
            where = path if path is not None else (within[0] if within else ())
            if (where, refusal.field, refusal.detail) in seen:
                continue
            seen.add((where, refusal.field, refusal.detail))
            source = ""
            if path is None and not task and ctx.release_name in str(refusal.bad_value or ""):
                source = f" (built from the release name {ctx.release_name!r})"
            related = _related(index, obj, refusal, within, template)
            if task:
                message = (
                    f"the API server refuses {title} when a task starts: "
                    f"{_describe(refusal, path, ctx.release_name)}{related}"
                )
            else:
                message = f"the API server refuses {title}: {_describe(refusal, path, ctx.release_name)}{related}{source}"
            out.append((TASK_RULE if task else _family(refusal), where, message, key))
    return out


def _report(ctx: Context, rule_id: str) -> Iterator[Diagnostic]:
    for found, path, message, key in ctx.once(_findings):
        if found == rule_id:
            yield ctx.diag(rule_id, path, message, key=key)


@rule("api-volume-mounts", renders=True)
def volume_mounts(ctx: Context) -> Iterator[Diagnostic]:
    """Volumes and mounts the API server refuses: two mounts at the same path in one container,
    two volumes of one name in a pod, a mount naming no volume of the pod, a volume with no
    source or a host path with ``..``. The install fails when Helm creates the object.

    pass: ``tlsSecret: my-tls`` alone
    fail: ``tlsSecret: my-tls`` with ``db: {sslMode: verify-full, resourceType: secret, certResourceName: db-certs}``
    (both mounted at ``/mount/determined/secrets/``)
    """
    return _report(ctx, "api-volume-mounts")


@rule("api-names", renders=True)
def names(ctx: Context) -> Iterator[Diagnostic]:
    """Names the API server refuses: an object's name (a DNS-1123 subdomain of at most 253, a
    Service's a DNS-1035 label of at most 63), a container's, and the secrets, accounts and
    priority classes objects refer to by name. Names the chart builds from the release name
    and a suffix count too.

    pass: ``imagePullSecretName: regcred``
    fail: ``imagePullSecretName: Reg_Cred`` (the Deployment's ``imagePullSecrets`` entry is fine,
    but a secret name in an ``env`` ``secretKeyRef`` is not: ``oidc: {clientSecretName: Bad_Name}``)
    """
    return _report(ctx, "api-names")


@rule("api-labels", renders=True)
def labels(ctx: Context) -> Iterator[Diagnostic]:
    """Labels, annotations and selectors the API server refuses: keys must be qualified names
    (``example.com/name``, at most 63 after the prefix), label values at most 63 characters of
    letters, digits, ``-``, ``_`` and ``.``; annotations hold at most 256 KiB in all.

    pass: ``masterService: {annotations: {service.beta.kubernetes.io/aws-load-balancer-internal: "true"}}``
    fail: ``masterService: {annotations: {"bad key!": x}}``
    """
    return _report(ctx, "api-labels")


@rule("api-ports", renders=True)
def ports(ctx: Context) -> Iterator[Diagnostic]:
    """Ports the API server refuses: numbers outside 1-65535, port names that are not IANA
    service names (at most 15 lower-case letters, digits and single hyphens) or repeat in a pod,
    and port 10250 (the kubelet's) on a LoadBalancer Service.

    pass: ``masterPort: 8080``
    fail: ``masterPort: 10250`` (the master Service is a LoadBalancer)
    """
    return _report(ctx, "api-ports")


@rule("api-resources", renders=True)
def resources(ctx: Context) -> Iterator[Diagnostic]:
    """Resources the API server refuses: a quantity outside Kubernetes' grammar or negative, a
    request above its limit, a claim's storage that is not positive.

    pass: ``masterCpuRequest: "2"`` with ``masterCpuLimit: "4"``
    fail: ``masterCpuRequest: "4"`` with ``masterCpuLimit: "2"``
    """
    return _report(ctx, "api-resources")


@rule("api-service", renders=True)
def service(ctx: Context) -> Iterator[Diagnostic]:
    """Service fields the API server refuses for the Service's type, and source ranges it cannot
    parse: ``loadBalancerSourceRanges`` only on a LoadBalancer, each a CIDR as Go's
    ``net.ParseCIDR`` reads it (``10.0.0.0/8``, never ``10.0.0.0/255.0.0.0``).

    pass: ``loadBalancerSourceRanges: [10.0.0.0/8]``
    fail: ``loadBalancerSourceRanges: [10.0.0.0/255.0.0.0]``; ``[10.0.0.0/8]`` with ``useNodePortForMaster: true``
    """
    return _report(ctx, "api-service")


@rule("api-ingress", renders=True)
def ingress(ctx: Context) -> Iterator[Diagnostic]:
    """Ingress fields the API server refuses: a host that is an IP address or no DNS name, a TLS
    secret or ingress class that is no DNS subdomain, a path that is not absolute, and a
    ``kubernetes.io/ingress.class`` annotation that disagrees with ``ingressClassName``.

    pass: ``ingress: {enabled: true, host: det.example.com}``
    fail: ``ingress: {enabled: true, host: 10.0.0.1}``
    """
    return _report(ctx, "api-ingress")


@rule("api-pod-fields", renders=True)
def pod_fields(ctx: Context) -> Iterator[Diagnostic]:
    """Other fields of the chart's pods and objects the API server refuses: environment variable
    names, tolerations (operator, value and effect together), image pull secrets, probes.

    pass: ``genai: {version: "0.1.0", sharedFSHostPath: /mnt/shared}``
    fail: a rendered object whose ``env`` name starts with a digit
    """
    return _report(ctx, "api-pod-fields")


@rule("api-task-pod", renders=True)
def task_pod(ctx: Context) -> Iterator[Diagnostic]:
    """The pods the master builds for each pool's tasks from the pod specs in the values
    (``chartgen podspec``), checked as the API server checks a Pod when a task starts: duplicate
    mount paths or volume names, a mount naming no volume, tolerations, labels, names, quantities.
    Helm installs such values; every task of the pool then fails to start.

    pass: ``gpuPodSpec: {spec: {tolerations: [{key: gpu, operator: Exists}]}}``
    fail: ``gpuPodSpec: {spec: {tolerations: [{key: gpu, operator: Exists, value: "yes"}]}}``
    """
    return _report(ctx, "api-task-pod")
