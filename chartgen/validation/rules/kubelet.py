"""What the kubelet refuses in pods the API server stored: images it cannot parse.

The API server takes any image that is not empty, so Helm installs the objects and the master
creates its task pods; then the kubelet parses each container's image before it pulls it
(``chartgen.images``) and leaves the container waiting with ``InvalidImageName``. The pod stays
Pending (``getPhase``, ``pkg/kubelet/kubelet_pods.go``), and the master does not end a task for it:
it kills a task only for ``ImagePullBackOff`` (``kubernetesrm/job.go``, ``podUpdatedCallback``).
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Path
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.validation.registry import Context, rule

if TYPE_CHECKING:
    from chartgen.validation.rules.apiserver import _Index

#: The container whose image the master sets itself (the task image), whatever a pod spec says.
_TASK_CONTAINER = "determined-container"
_DEVICES = {"cpu": "CPU", "cuda": "CUDA", "rocm": "ROCm"}


def _containers(obj: typing.Any) -> Iterator[tuple[str, typing.Any]]:
    """(container name, image) of each container and init container of a pod or pod template."""
    spec = obj.get("spec") if isinstance(obj, dict) else None
    if isinstance(spec, dict) and obj.get("kind") != "Pod":
        template = spec.get("template")
        spec = template.get("spec") if isinstance(template, dict) else None
    if not isinstance(spec, dict):
        return
    for group in ("initContainers", "containers"):
        items = spec.get(group)
        for container in items if isinstance(items, list) else []:
            if isinstance(container, dict):
                yield str(container.get("name")), container.get("image")


def _runtime_item(value: typing.Any) -> dict[str, str]:
    """The images a ``task_container_defaults.image`` sets, by device, as ``RuntimeItem.UnmarshalJSON``
    reads them (``master/pkg/model/environment_config.go``): a string is every device's; of a
    mapping, ``cpu``, ``cuda`` and ``rocm`` where written, and ``gpu`` where ``cuda`` is empty."""
    if isinstance(value, str):
        return dict.fromkeys(_DEVICES, value)
    if not isinstance(value, dict):
        return {}
    item = {device: value[device] for device in _DEVICES if isinstance(value.get(device), str)}
    if not item.get("cuda") and isinstance(value.get("gpu"), str):
        item["cuda"] = value["gpu"]
    return item


def task_images(settings: dict[str, typing.Any]) -> Iterator[tuple[str, str, str]]:
    """(pool, device, image) of the image each Kubernetes pool's tasks start in, from
    ``master.yaml`` as the master holds it. A task runs on its manager's ``slot_type`` (``gpu`` is
    ``cuda``), or on ``cpu`` without slots (``createSpec``, ``kubernetesrm/spec.go``); a pool's own
    image of a device replaces the top-level one (``TaskContainerDefaultsConfig.Merge``)."""
    defaults = settings.get("task_container_defaults")
    top = _runtime_item(defaults.get("image") if isinstance(defaults, dict) else None)
    managers = [(settings.get("resource_manager"), settings.get("resource_pools"))]
    extra = settings.get("additional_resource_managers")
    managers += [
        (entry.get("resource_manager"), entry.get("resource_pools"))
        for entry in (extra if isinstance(extra, list) else [])
        if isinstance(entry, dict)
    ]
    for manager, pools in managers:
        if not isinstance(manager, dict) or manager.get("type") != "kubernetes":
            continue
        slot_type = manager.get("slot_type") or "cuda"
        slot_type = "cuda" if slot_type == "gpu" else slot_type
        devices = [device for device in ("cpu", slot_type) if isinstance(device, str) and device in _DEVICES]
        entries = [pool for pool in pools if isinstance(pool, dict)] if isinstance(pools, list) else []
        for pool in entries or [{}]:
            own = pool.get("task_container_defaults")
            images = _runtime_item(own.get("image") if isinstance(own, dict) else None)
            for device in dict.fromkeys(devices):
                image = images.get(device) or top.get(device)
                if image:
                    yield str(pool.get("pool_name", "default")), device, image


def _master_settings(obj: typing.Any) -> dict[str, typing.Any] | None:
    """``master.yaml`` as the master holds it, from the config Secret; None for another object."""
    from chartgen.validation.writes import master_settings
    from chartgen.yamlio.load import YamlError, load_yaml

    data = obj.get("stringData") if isinstance(obj, dict) and obj.get("kind") == "Secret" else None
    text = data.get("master.yaml") if isinstance(data, dict) else None
    if not isinstance(text, str):
        return None
    try:
        read = load_yaml(text, "", locate=False).data
        return master_settings(read) if isinstance(read, dict) else None
    except (YamlError, ValueError):
        return None


def _embedded(ctx: Context, template: str) -> list[tuple[Path, str]]:
    """Each value the chart writes into ``template`` inside a longer text, with its text as Helm
    prints it (``chartgen/data/writes.py``)."""
    import re

    from chartgen.data.writes import WRITES
    from chartgen.yamlio.resolve import go_string

    name = template.removeprefix("templates/").removesuffix(".yaml")
    found = []
    for pattern, ways in WRITES.items():
        if name in ways.get("embedded", ()) and "*" not in pattern:
            path = tuple(part.replace("\\.", ".") for part in re.split(r"(?<!\\)\.", pattern))
            text = go_string(ctx.get(*path))
            if text:
                found.append((path, text))
    return found


def _sources(
    ctx: Context, index: _Index, image: str, within: tuple[Path, ...], template: str
) -> list[tuple[Path, bool]]:
    """The values at fault: one that holds the image whole, else each value embedded in it that
    keeps it unparsable with the others replaced by a plain ``x`` (else all of those)."""
    from chartgen.images import image_problem

    whole = index.find([image], within, template)
    if whole is not None:
        return [whole]
    parts = [(path, text) for path, text in _embedded(ctx, template) if text in image]
    faulty = []
    for path, _ in parts:
        rest = image
        for other, other_text in parts:
            if other != path:
                rest = rest.replace(other_text, "x")
        if image_problem(rest) is not None:
            faulty.append((path, False))
    return faulty or [(path, False) for path, _ in parts] or [((), False)]


@rule("invalid-image-name", renders=True)
def invalid_image_name(ctx: Context) -> Iterator[Diagnostic]:
    """An image the kubelet cannot parse as an image reference: the container never starts.

    The kubelet parses every image before it pulls it (distribution's reference grammar: lower-case
    path components, an optional registry host and port, a tag of at most 128 letters, digits,
    ``_``, ``.`` and ``-`` that starts with neither of the last two, a digest) and leaves the container waiting with ``InvalidImageName``;
    the pod stays Pending. The API server takes any image that is not empty, so Helm installs the
    chart, or the master creates a task's pod, without complaint. Checked: every container of the
    chart's objects (``imageRegistry``, ``detVersion``, ``defaultImages``, GenAI's version), the
    containers of the pod specs in the values, and the images tasks start in
    (``taskContainerDefaults`` and each pool's ``task_container_defaults.image``).

    pass: ``detVersion: 0.38.1``
    fail: ``detVersion: "0.38 beta"``; ``imageRegistry: MyRegistry`` (upper case)
    """
    from chartgen.images import image_problem
    from chartgen.validation.rules.apiserver import _chart_objects, _Index, _quote, task_pods

    # (what, image, where its value is, the template that writes it, what happens, whether a
    # controller makes the pods: the chart's objects, and the Jobs the master makes for tasks)
    targets: list[tuple[str, typing.Any, tuple[Path, ...], str, str, bool]] = []
    for template, obj, _ in ctx.once(_chart_objects):
        where = f"{obj.get('kind')} {(obj.get('metadata') or {}).get('name')}"
        for name, image in _containers(obj):
            effect = f"container {name} never starts and the pod stays Pending"
            targets.append((where, image, (), template, effect, True))
        settings = _master_settings(obj)
        for pool, device, image in task_images(settings) if settings is not None else ():
            what = f"the {_DEVICES[device]} task image of pool {pool}"
            targets.append(
                (what, image, (), "_master", "the pods of the tasks that use it stay Pending", True)
            )
    for title, pod, within in ctx.once(task_pods):
        for name, image in _containers(pod):
            if name != _TASK_CONTAINER:
                effect = f"container {name} never starts and the task's pod stays Pending"
                targets.append((title, image, within, "", effect, False))
    index: _Index | None = None
    seen: set[tuple[Path, str]] = set()
    for what, image, within, template, effect, templated in targets:
        problem = image_problem(image) if isinstance(image, str) else None
        if problem is None:
            continue
        if image != image.strip():
            if not templated:
                continue  # the API server refuses such a Pod: api-task-pod
            message = (
                f"{what}: the API server refuses every pod made from it: image {_quote(image)} must not "
                "have leading or trailing whitespace"
            )
        else:
            message = (
                f"{what}: the kubelet refuses to pull image {_quote(image)} ({problem}; InvalidImageName), "
                f"so {effect}"
            )
        index = index or _Index(ctx)
        for path, key in _sources(ctx, index, image, within, template):
            if (path, image) not in seen:
                seen.add((path, image))
                yield ctx.diag("invalid-image-name", path, message, key=key)
