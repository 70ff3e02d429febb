"""The API server's validation of each kind the chart renders (Kubernetes 1.28), one function per
Go function it follows, named in its docstring. ``validate(obj)`` dispatches on the kind."""

from __future__ import annotations

from collections.abc import Callable

from chartgen.hints import typing
from chartgen.kubeapi import Refusal
from chartgen.kubeapi import syntax as s
from chartgen.kubeapi.quantity import parse_quantity, quantity_text

NameFn = Callable[[str, bool], list[str]]

#: ``apimachinery/pkg/api/validation.TotalAnnotationSizeLimitB``.
TOTAL_ANNOTATION_SIZE = 256 * 1024
#: ``core.MaxSecretSize``: the data of a Secret or ConfigMap.
MAX_SECRET_SIZE = 1024 * 1024
#: ``ports.KubeletPort``: a LoadBalancer Service may not expose it.
KUBELET_PORT = 10250


class _Errors:
    """A ``field.ErrorList`` being built for one object."""

    def __init__(self, obj: dict[str, typing.Any]) -> None:
        meta = _map(obj.get("metadata"))
        self.kind = _str(obj.get("kind"))
        self.namespace = _str(meta.get("namespace"))
        self.name = _str(meta.get("name"))
        self.found: list[Refusal] = []

    def add(
        self, path: str, kind: str, detail: str, bad: object = None, related: tuple[str, ...] = ()
    ) -> None:
        self.found.append(Refusal(self.kind, self.namespace, self.name, path, kind, detail, bad, related))

    def invalid(self, path: str, bad: object, detail: str, related: tuple[str, ...] = ()) -> None:
        self.add(path, "Invalid", detail, bad, related)

    def required(self, path: str, detail: str = "") -> None:
        self.add(path, "Required", detail or "Required value")

    def not_supported(self, path: str, bad: object, supported: list[str]) -> None:
        shown = ", ".join(f'"{value}"' for value in supported)
        self.add(path, "NotSupported", f"supported values: {shown}", bad)

    def forbidden(self, path: str, detail: str) -> None:
        self.add(path, "Forbidden", detail)

    def duplicate(self, path: str, bad: object, related: tuple[str, ...] = ()) -> None:
        self.add(path, "Duplicate", "Duplicate value", bad, related)

    def names(self, path: str, value: str, fn: NameFn, prefix: bool = False) -> None:
        for msg in fn(value, prefix):
            self.invalid(path, value, msg)


def _map(value: typing.Any) -> dict[str, typing.Any]:
    return value if isinstance(value, dict) else {}


def _list(value: typing.Any) -> list[typing.Any]:
    return value if isinstance(value, list) else []


def _str(value: typing.Any) -> str:
    """A string field as Go decodes it: absent or null is ``""``."""
    return value if isinstance(value, str) else "" if value is None else str(value)


def _int(value: typing.Any) -> int:
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value == int(value):
        return int(value)
    return 0


def _strings(value: typing.Any) -> dict[str, str]:
    return {str(k): _str(v) for k, v in _map(value).items()}


# ObjectMeta (apimachinery/pkg/api/validation/objectmeta.go, apis/meta/v1/validation).


def validate_labels(errors: _Errors, labels: typing.Any, path: str) -> None:
    """``ValidateLabels``: each key a qualified name, each value a label value."""
    for key, value in _strings(labels).items():
        for msg in s.is_qualified_name(key):
            errors.invalid(path, key, msg)
        for msg in s.is_valid_label_value(value):
            errors.invalid(path, value, msg)


def validate_annotations(errors: _Errors, annotations: typing.Any, path: str) -> None:
    """``ValidateAnnotations``: keys qualified names (lower-cased), 256 KiB in all."""
    pairs = _strings(annotations)
    for key in pairs:
        for msg in s.is_qualified_name(key.lower()):
            errors.invalid(path, key, msg)
    total = sum(len(k.encode()) + len(v.encode()) for k, v in pairs.items())
    if total > TOTAL_ANNOTATION_SIZE:
        errors.add(path, "TooLong", f"must have at most {TOTAL_ANNOTATION_SIZE} bytes")


def validate_object_meta(
    errors: _Errors, meta: typing.Any, namespaced: bool, name_fn: NameFn, path: str = "metadata"
) -> None:
    """``ValidateObjectMetaAccessor``: name (by the kind's validator), generateName, namespace,
    labels, annotations."""
    meta = _map(meta)
    generate = _str(meta.get("generateName"))
    if generate:
        errors.names(f"{path}.generateName", generate, name_fn, prefix=True)
    name = _str(meta.get("name"))
    if not name:
        if not generate:
            errors.required(f"{path}.name", "name or generateName is required")
    else:
        errors.names(f"{path}.name", name, name_fn)
    namespace = _str(meta.get("namespace"))
    if namespaced:
        # An empty namespace is the request's (Helm's --namespace); only a written one is checked.
        if namespace:
            errors.names(f"{path}.namespace", namespace, s.name_is_dns_label)
    elif namespace:
        errors.forbidden(f"{path}.namespace", "not allowed on this type")
    validate_labels(errors, meta.get("labels"), f"{path}.labels")
    validate_annotations(errors, meta.get("annotations"), f"{path}.annotations")


def validate_label_selector(errors: _Errors, selector: typing.Any, path: str) -> None:
    """``ValidateLabelSelector`` and ``ValidateLabelSelectorRequirement``."""
    selector = _map(selector)
    validate_labels(errors, selector.get("matchLabels"), f"{path}.matchLabels")
    for i, expr in enumerate(_list(selector.get("matchExpressions"))):
        expr = _map(expr)
        here = f"{path}.matchExpressions[{i}]"
        operator = _str(expr.get("operator"))
        values = [_str(v) for v in _list(expr.get("values"))]
        if operator in ("In", "NotIn"):
            if not values:
                errors.required(f"{here}.values", "must be specified when `operator` is 'In' or 'NotIn'")
        elif operator in ("Exists", "DoesNotExist"):
            if values:
                errors.forbidden(
                    f"{here}.values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
                )
        else:
            errors.invalid(f"{here}.operator", operator, "not a valid selector operator")
        for msg in s.is_qualified_name(_str(expr.get("key"))):
            errors.invalid(f"{here}.key", _str(expr.get("key")), msg)
        for j, value in enumerate(values):
            for msg in s.is_valid_label_value(value):
                errors.invalid(f"{here}.values[{j}]", value, msg)


def _selector_matches(selector: dict[str, typing.Any], labels: dict[str, str]) -> bool:
    """``labels.Selector.Matches`` for a LabelSelector (``LabelSelectorAsSelector``)."""
    for key, value in _strings(selector.get("matchLabels")).items():
        if labels.get(key) != value:
            return False
    for expr in _list(selector.get("matchExpressions")):
        expr = _map(expr)
        key, operator = _str(expr.get("key")), _str(expr.get("operator"))
        values = {_str(v) for v in _list(expr.get("values"))}
        present = key in labels
        if (
            (operator == "In" and not (present and labels[key] in values))
            or (operator == "NotIn" and present and labels[key] in values)
            or (operator == "Exists" and not present)
            or (operator == "DoesNotExist" and present)
        ):
            return False
    return True


# Pods (pkg/apis/core/validation/validation.go).

_HOST_PATH_TYPES = [
    "",
    "BlockDevice",
    "CharDevice",
    "Directory",
    "DirectoryOrCreate",
    "File",
    "FileOrCreate",
    "Socket",
]
_PORT_PROTOCOLS = ["SCTP", "TCP", "UDP"]
_PULL_POLICIES = ["Always", "IfNotPresent", "Never"]
_TAINT_EFFECTS = ["NoExecute", "NoSchedule", "PreferNoSchedule"]
_STANDARD_RESOURCES = frozenset(
    {
        "cpu", "memory", "requests.cpu", "requests.memory", "requests.storage", "limits.cpu",
        "limits.memory", "ephemeral-storage", "requests.ephemeral-storage", "limits.ephemeral-storage",
        "pods", "quota", "services", "replicationcontrollers", "secrets", "persistentvolumeclaims",
        "configmaps", "services.nodeports", "services.loadbalancers", "storage",
    }
)  # fmt: skip
_INTEGER_RESOURCES = frozenset(
    {
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
        "persistentvolumeclaims", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
#: The volume sources this module reads; any other key of a volume is another type, not checked.
_VOLUME_TYPES = (
    "hostPath", "emptyDir", "gcePersistentDisk", "awsElasticBlockStore", "gitRepo", "secret", "nfs",
    "iscsi", "glusterfs", "persistentVolumeClaim", "rbd", "flexVolume", "cinder", "cephfs", "flocker",
    "downwardAPI", "fc", "azureFile", "configMap", "vsphereVolume", "quobyte", "azureDisk",
    "photonPersistentDisk", "projected", "portworxVolume", "scaleIO", "storageos", "csi", "ephemeral",
)  # fmt: skip


def _validate_path_no_backsteps(errors: _Errors, target: str, path: str) -> None:
    """``validatePathNoBacksteps``."""
    if ".." in target.replace("\\", "/").split("/"):
        errors.invalid(path, target, "must not contain '..'")


def _validate_local_descending_path(errors: _Errors, target: str, path: str) -> None:
    """``validateLocalDescendingPath``."""
    if target.startswith("/"):
        errors.invalid(path, target, "must be a relative path")
    _validate_path_no_backsteps(errors, target, path)


def _validate_key_to_path(errors: _Errors, items: typing.Any, path: str) -> None:
    """``validateKeyToPath`` over a volume's ``items``, with ``validateLocalNonReservedPath``."""
    for i, item in enumerate(_list(items)):
        item = _map(item)
        here = f"{path}.items[{i}]"
        if not _str(item.get("key")):
            errors.required(f"{here}.key")
        target = _str(item.get("path"))
        if not target:
            errors.required(f"{here}.path")
        _validate_local_descending_path(errors, target, f"{here}.path")
        if target.startswith("..") and not target.startswith("../"):
            errors.invalid(f"{here}.path", target, "must not start with '..'")
        mode = item.get("mode")
        if mode is not None and not 0 <= _int(mode) <= 0o777:
            errors.invalid(f"{here}.mode", mode, _FILE_MODE)


_FILE_MODE = "must be a number between 0 and 0777 (octal), both inclusive"


def _validate_volume_source(errors: _Errors, volume: dict[str, typing.Any], path: str) -> None:
    """``validateVolumeSource`` for the sources a values file writes; others are counted only."""
    kinds = [key for key in _VOLUME_TYPES if volume.get(key) is not None]
    if not kinds:
        errors.required(path, "must specify a volume type")
        return
    for extra in kinds[1:]:
        errors.forbidden(f"{path}.{extra}", "may not specify more than 1 volume type")
    source, src = kinds[0], _map(volume.get(kinds[0]))
    here = f"{path}.{source}"
    if source == "hostPath":  # validateHostPathVolumeSource
        target = _str(src.get("path"))
        if not target:
            errors.required(f"{here}.path")
            return
        _validate_path_no_backsteps(errors, target, f"{here}.path")
        kind = src.get("type")
        if kind is not None and _str(kind) not in _HOST_PATH_TYPES:
            errors.not_supported(f"{here}.type", _str(kind), _HOST_PATH_TYPES)
    elif source in ("secret", "configMap"):  # validateSecretVolumeSource, validateConfigMapVolumeSource
        key = "secretName" if source == "secret" else "name"
        if not _str(src.get(key)):
            errors.required(f"{here}.{key}")
        mode = src.get("defaultMode")
        if mode is not None and not 0 <= _int(mode) <= 0o777:
            errors.invalid(f"{here}.defaultMode", mode, _FILE_MODE)
        _validate_key_to_path(errors, src.get("items"), here)
    elif source == "persistentVolumeClaim":  # validatePersistentClaimVolumeSource
        if not _str(src.get("claimName")):
            errors.required(f"{here}.claimName")
    elif source == "nfs":  # validateNFSVolumeSource
        if not _str(src.get("server")):
            errors.required(f"{here}.server")
        target = _str(src.get("path"))
        if not target:
            errors.required(f"{here}.path")
        elif not target.startswith("/"):
            errors.invalid(f"{here}.path", target, "must be an absolute path")
    elif source == "emptyDir":
        limit = src.get("sizeLimit")
        if limit is not None:
            amount = _quantity(errors, limit, f"{here}.sizeLimit")
            if amount is not None and amount < 0:
                errors.forbidden(f"{here}.sizeLimit", "SizeLimit field must be a valid resource quantity")


def validate_volumes(errors: _Errors, volumes: typing.Any, path: str) -> dict[str, dict[str, typing.Any]]:
    """``ValidateVolumes``: names DNS-1123 labels, unique; a volume with an error is not usable
    by mounts (as in Go, it is left out of the map returned)."""
    usable: dict[str, dict[str, typing.Any]] = {}
    seen: dict[str, int] = {}
    for i, volume in enumerate(_list(volumes)):
        volume = _map(volume)
        here = f"{path}[{i}]"
        before = len(errors.found)
        _validate_volume_source(errors, volume, here)
        name = _str(volume.get("name"))
        if not name:
            errors.required(f"{here}.name")
        else:
            for msg in s.is_dns1123_label(name):
                errors.invalid(f"{here}.name", name, msg)
        if name in seen:
            errors.duplicate(f"{here}.name", name, (f"{path}[{seen[name]}]",))
        if len(errors.found) == before:
            seen[name] = i
            usable[name] = volume
    return usable


def _validate_volume_mounts(
    errors: _Errors,
    container: dict[str, typing.Any],
    volumes: dict[str, dict[str, typing.Any]],
    path: str,
    volumes_path: str,
) -> None:
    """``ValidateVolumeMounts``: each names a volume of the pod; mount paths unique per container."""
    mounts = _list(container.get("volumeMounts"))
    devices = {
        _str(_map(d).get("name")): _str(_map(d).get("devicePath"))
        for d in _list(container.get("volumeDevices"))
    }
    points: dict[str, int] = {}
    for i, mount in enumerate(mounts):
        mount = _map(mount)
        here = f"{path}[{i}]"
        name, target = _str(mount.get("name")), _str(mount.get("mountPath"))
        if not name:
            errors.required(f"{here}.name")
        if name not in volumes:
            errors.add(f"{here}.name", "NotFound", "Not found", name)
        if not target:
            errors.required(f"{here}.mountPath")
        if target in points:
            errors.invalid(f"{here}.mountPath", target, "must be unique", (f"{path}[{points[target]}]",))
        else:
            points[target] = i
        if name in devices:
            errors.invalid(f"{here}.name", name, "must not already exist in volumeDevices")
        if target in devices.values():
            errors.invalid(f"{here}.mountPath", target, "must not already exist as a path in volumeDevices")
        sub = _str(mount.get("subPath"))
        if sub:
            _validate_local_descending_path(errors, sub, f"{path}.subPath")
        expr = _str(mount.get("subPathExpr"))
        if expr:
            if sub:
                errors.invalid(f"{here}.subPathExpr", expr, "subPathExpr and subPath are mutually exclusive")
            _validate_local_descending_path(errors, expr, f"{path}.subPathExpr")
        propagation = mount.get("mountPropagation")
        if propagation is not None:
            supported = ["Bidirectional", "HostToContainer", "None"]
            if _str(propagation) not in supported:
                errors.not_supported(f"{path}.mountPropagation", _str(propagation), supported)
            elif (
                _str(propagation) == "Bidirectional"
                and _map(container.get("securityContext")).get("privileged") is not True
            ):
                errors.forbidden(
                    f"{path}.mountPropagation",
                    "Bidirectional mount propagation is available only to privileged containers",
                )


def _validate_container_ports(errors: _Errors, ports: typing.Any, path: str) -> None:
    """``validateContainerPorts``: names IANA_SVC_NAME and unique, numbers 1-65535 (protocol defaults to TCP)."""
    names: dict[str, int] = {}
    for i, port in enumerate(_list(ports)):
        port = _map(port)
        here = f"{path}[{i}]"
        name = _str(port.get("name"))
        if name:
            msgs = s.is_valid_port_name(name)
            for msg in msgs:
                errors.invalid(f"{here}.name", name, msg)
            if not msgs:
                if name in names:
                    errors.duplicate(f"{here}.name", name, (f"{path}[{names[name]}]",))
                else:
                    names[name] = i
        number = _int(port.get("containerPort"))
        if number == 0:
            errors.required(f"{here}.containerPort")
        else:
            for msg in s.is_valid_port_num(number):
                errors.invalid(f"{here}.containerPort", number, msg)
        host = _int(port.get("hostPort"))
        if host != 0:
            for msg in s.is_valid_port_num(host):
                errors.invalid(f"{here}.hostPort", host, msg)
        protocol = port.get("protocol")
        if protocol is not None and _str(protocol) not in _PORT_PROTOCOLS:
            errors.not_supported(f"{here}.protocol", _str(protocol), _PORT_PROTOCOLS)


_FIELD_PATHS = frozenset(
    {
        "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName",
        "status.hostIP", "status.podIP", "status.podIPs",
    }
)  # fmt: skip


def _validate_env(errors: _Errors, env: typing.Any, path: str) -> None:
    """``ValidateEnv`` and ``validateEnvVarValueFrom`` (its secret and config map key selectors)."""
    for i, var in enumerate(_list(env)):
        var = _map(var)
        here = f"{path}[{i}]"
        name = _str(var.get("name"))
        if not name:
            errors.required(f"{here}.name")
        else:
            for msg in s.is_env_var_name(name):
                errors.invalid(f"{here}.name", name, msg)
        source = var.get("valueFrom")
        if source is None:
            continue
        source = _map(source)
        frm = f"{here}.valueFrom"
        kinds = [
            k
            for k in ("fieldRef", "resourceFieldRef", "configMapKeyRef", "secretKeyRef")
            if source.get(k) is not None
        ]
        for kind in kinds:
            ref = _map(source.get(kind))
            if kind in (
                "secretKeyRef",
                "configMapKeyRef",
            ):  # validateSecretKeySelector, validateConfigMapKeySelector
                ref_name = _str(ref.get("name"))
                errors.names(f"{frm}.{kind}.name", ref_name, s.name_is_dns_subdomain)
                key = _str(ref.get("key"))
                if not key:
                    errors.required(f"{frm}.{kind}.key")
                else:
                    for msg in s.is_config_map_key(key):
                        errors.invalid(f"{frm}.{kind}.key", key, msg)
            elif kind == "fieldRef":  # validateObjectFieldSelector (apiVersion defaults to v1)
                field_path = _str(ref.get("fieldPath"))
                if not field_path:
                    errors.required(f"{frm}.fieldRef.fieldPath")
        if not kinds:
            errors.invalid(
                frm,
                "",
                "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
            )
        elif _str(var.get("value")):
            errors.invalid(frm, "", "may not be specified when `value` is not empty")
        elif len(kinds) > 1:
            errors.invalid(frm, "", "may not have more than one field specified at a time")


def _quantity(errors: _Errors, value: typing.Any, path: str) -> typing.Any:
    """A quantity as the API decodes it (``Quantity.UnmarshalJSON``); a malformed one is refused."""
    text = quantity_text(value)
    if text is None:
        return None
    try:
        return parse_quantity(text)
    except ValueError as exc:
        errors.invalid(path, text, str(exc))
        return None


def _is_native(name: str) -> bool:
    """``IsNativeResource``."""
    return "/" not in name or "kubernetes.io/" in name


def _is_extended(name: str) -> bool:
    """``IsExtendedResourceName``."""
    if _is_native(name) or name.startswith("requests."):
        return False
    return not s.is_qualified_name(f"requests.{name}")


def _validate_resource_name(errors: _Errors, name: str, path: str) -> bool:
    """``validateContainerResourceName`` (with ``validateResourceName``)."""
    msgs = s.is_qualified_name(name)
    for msg in msgs:
        errors.invalid(path, name, msg)
    if msgs:
        return False
    if "/" not in name:
        if name not in _STANDARD_RESOURCES and not name.startswith("hugepages-"):
            errors.invalid(path, name, "must be a standard resource type or fully qualified")
            return False
        if name not in ("cpu", "memory", "ephemeral-storage") and not name.startswith("hugepages-"):
            errors.invalid(path, name, "must be a standard resource for containers")
            return False
    elif not _is_native(name) and not _is_extended(name):
        errors.invalid(path, name, "doesn't follow extended resource name standard")
        return False
    return True


def validate_resource_requirements(errors: _Errors, resources: typing.Any, path: str) -> None:
    """``ValidateResourceRequirements``: names, quantities (``ValidateResourceQuantityValue``:
    non-negative, whole for integer resources) and request ≤ limit (equal for extended ones).
    A request not written defaults to its limit, so it is never below it."""
    resources = _map(resources)
    limits: dict[str, typing.Any] = {}
    for name, value in _map(resources.get("limits")).items():
        here = f"{path}.limits[{name}]"
        _validate_resource_name(errors, str(name), here)
        amount = _quantity(errors, value, here)
        if amount is not None:
            _validate_quantity_value(errors, str(name), amount, value, here)
            limits[str(name)] = amount
    for name, value in _map(resources.get("requests")).items():
        name = str(name)
        here = f"{path}.requests[{name}]"
        _validate_resource_name(errors, name, here)
        amount = _quantity(errors, value, here)
        if amount is None:
            continue
        _validate_quantity_value(errors, name, amount, value, here)
        overcommit = _is_native(name) and not name.startswith("hugepages-")
        shown = quantity_text(value)
        if name in limits:
            limit_text = quantity_text(_map(resources.get("limits")).get(name))
            if amount != limits[name] and not overcommit:
                errors.invalid(f"{path}.requests", shown, f"must be equal to {name} limit of {limit_text}")
            elif amount > limits[name]:
                errors.invalid(
                    f"{path}.requests", shown, f"must be less than or equal to {name} limit of {limit_text}"
                )
        elif not overcommit:
            errors.required(f"{path}.limits", "Limit must be set for non overcommitable resources")


def _validate_quantity_value(
    errors: _Errors, name: str, amount: typing.Any, value: typing.Any, path: str
) -> None:
    """``ValidateResourceQuantityValue`` (``ValidateNonnegativeQuantity``)."""
    if amount < 0:
        errors.invalid(path, quantity_text(value), "must be greater than or equal to 0")
    # ``MilliValue`` rounds up; a Decimal amount (over 400 digits, far past an int64) goes unchecked.
    if (
        (name in _INTEGER_RESOURCES or _is_extended(name))
        and isinstance(amount, int)
        and -(-amount // 10**6) % 1000
    ):
        errors.invalid(path, quantity_text(value), "must be an integer")


def _validate_probe(errors: _Errors, probe: typing.Any, path: str, liveness: bool, readiness: bool) -> None:
    """``validateProbe`` with ``validateHandler``, and the liveness/startup ``successThreshold`` of 1
    (``validateLivenessProbe``, ``validateStartupProbe``, ``validateReadinessProbe``)."""
    if probe is None:
        return
    probe = _map(probe)
    handlers = [k for k in ("exec", "httpGet", "tcpSocket", "grpc") if probe.get(k) is not None]
    for extra in handlers[1:]:
        errors.forbidden(f"{path}.{extra}", "may not specify more than 1 handler type")
    if not handlers:
        errors.required(path, "must specify a handler type")
    else:
        kind, action = handlers[0], _map(probe.get(handlers[0]))
        here = f"{path}.{kind}"
        if kind == "exec" and not _list(action.get("command")):
            errors.required(f"{here}.command")
        elif kind in ("httpGet", "tcpSocket"):
            _validate_port_num_or_name(errors, action.get("port"), f"{here}.port")
            if kind == "httpGet":
                scheme = action.get("scheme")
                if scheme is not None and _str(scheme) not in ("HTTP", "HTTPS"):
                    errors.not_supported(f"{here}.scheme", _str(scheme), ["HTTP", "HTTPS"])
                for header in _list(action.get("httpHeaders")):
                    header_name = _str(_map(header).get("name"))
                    for msg in s.is_http_header_name(header_name):
                        errors.invalid(f"{here}.httpHeaders", header_name, msg)
        elif kind == "grpc":
            for msg in s.is_valid_port_num(_int(action.get("port"))):
                errors.invalid(f"{here}.port", _int(action.get("port")), msg)
    for key in (
        "initialDelaySeconds",
        "timeoutSeconds",
        "periodSeconds",
        "successThreshold",
        "failureThreshold",
    ):
        if probe.get(key) is not None and _int(probe.get(key)) < 0:
            errors.invalid(f"{path}.{key}", _int(probe.get(key)), "must be greater than or equal to 0")
    grace = probe.get("terminationGracePeriodSeconds")
    if grace is not None and _int(grace) <= 0:
        errors.invalid(f"{path}.terminationGracePeriodSeconds", _int(grace), "must be greater than 0")
    success = probe.get("successThreshold")
    if liveness and success is not None and _int(success) not in (0, 1):
        # 0 is defaulted to 1 before validation.
        errors.invalid(f"{path}.successThreshold", _int(success), "must be 1")
    if readiness and grace is not None:
        errors.invalid(
            f"{path}.terminationGracePeriodSeconds", _int(grace), "must not be set for readinessProbes"
        )


def _validate_port_num_or_name(errors: _Errors, port: typing.Any, path: str) -> None:
    """``ValidatePortNumOrName``: an IntOrString."""
    if isinstance(port, str):
        for msg in s.is_valid_port_name(port):
            errors.invalid(path, port, msg)
    else:
        for msg in s.is_valid_port_num(_int(port)):
            errors.invalid(path, _int(port), msg)


def _validate_container(
    errors: _Errors,
    container: dict[str, typing.Any],
    volumes: dict[str, dict[str, typing.Any]],
    path: str,
    volumes_path: str,
) -> None:
    """``validateContainerCommon``: name, image, ports, env, mounts, pull policy, resources."""
    name = _str(container.get("name"))
    if not name:
        errors.required(f"{path}.name")
    else:
        for msg in s.is_dns1123_label(name):
            errors.invalid(f"{path}.name", name, msg)
    if not _str(container.get("image")):
        errors.required(f"{path}.image")
    policy = container.get("terminationMessagePolicy")
    if policy is not None and _str(policy) not in ("File", "FallbackToLogsOnError"):
        errors.not_supported(
            f"{path}.terminationMessagePolicy", _str(policy), ["File", "FallbackToLogsOnError"]
        )
    _validate_container_ports(errors, container.get("ports"), f"{path}.ports")
    _validate_env(errors, container.get("env"), f"{path}.env")
    _validate_volume_mounts(errors, container, volumes, f"{path}.volumeMounts", volumes_path)
    pull = container.get("imagePullPolicy")
    if pull is not None and _str(pull) not in _PULL_POLICIES:
        errors.not_supported(f"{path}.imagePullPolicy", _str(pull), _PULL_POLICIES)
    validate_resource_requirements(errors, container.get("resources"), f"{path}.resources")


def validate_tolerations(errors: _Errors, tolerations: typing.Any, path: str) -> None:
    """``ValidateTolerations``: key, operator/value and effect combinations."""
    for i, toleration in enumerate(_list(tolerations)):
        toleration = _map(toleration)
        here = f"{path}[{i}]"
        key, operator = _str(toleration.get("key")), _str(toleration.get("operator"))
        value, effect = _str(toleration.get("value")), _str(toleration.get("effect"))
        if key:
            for msg in s.is_qualified_name(key):
                errors.invalid(f"{here}.key", key, msg)
        if not key and operator != "Exists":
            errors.invalid(
                f"{here}.operator", operator,
                'operator must be Exists when `key` is empty, which means "match all values and all keys"',
            )  # fmt: skip
        if toleration.get("tolerationSeconds") is not None and effect != "NoExecute":
            errors.invalid(
                f"{here}.effect", effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"
            )
        if operator in ("Equal", ""):
            msgs = s.is_valid_label_value(value)
            if msgs:
                errors.invalid(f"{here}.operator", value, ";".join(msgs))
        elif operator == "Exists":
            if value:
                errors.invalid(f"{here}.operator", value, "value must be empty when `operator` is 'Exists'")
        else:
            errors.not_supported(f"{here}.operator", operator, ["Equal", "Exists"])
        if effect and effect not in _TAINT_EFFECTS:
            errors.not_supported(f"{here}.effect", effect, _TAINT_EFFECTS)


def validate_pod_spec(errors: _Errors, spec: typing.Any, path: str) -> None:
    """``ValidatePodSpec``: volumes, containers (``validateContainers``, ``validateInitContainers``),
    node selector, image pull secrets, tolerations, service account and priority class names."""
    spec = _map(spec)
    volumes_path = f"{path}.volumes"
    volumes = validate_volumes(errors, spec.get("volumes"), volumes_path)
    containers = _list(spec.get("containers"))
    if not containers:
        errors.required(f"{path}.containers")
    names: dict[str, str] = {}
    for group in ("containers", "initContainers"):
        for i, container in enumerate(_list(spec.get(group))):
            container = _map(container)
            here = f"{path}.{group}[{i}]"
            _validate_container(errors, container, volumes, here, volumes_path)
            name = _str(container.get("name"))
            if name in names:
                errors.duplicate(f"{here}.name", name, (names[name],))
            elif name or group == "containers":
                names[name] = here
            if group == "containers":
                _validate_probe(errors, container.get("livenessProbe"), f"{here}.livenessProbe", True, False)
                _validate_probe(
                    errors, container.get("readinessProbe"), f"{here}.readinessProbe", False, True
                )
                _validate_probe(errors, container.get("startupProbe"), f"{here}.startupProbe", True, False)
            else:
                for probe in ("lifecycle", "livenessProbe", "readinessProbe", "startupProbe"):
                    if container.get(probe) is not None and _str(container.get("restartPolicy")) != "Always":
                        errors.forbidden(
                            f"{here}.{probe}",
                            "may not be set for init containers without restartPolicy=Always",
                        )
    restart = spec.get("restartPolicy")
    if restart is not None and _str(restart) not in ("Always", "OnFailure", "Never"):
        errors.not_supported(f"{path}.restartPolicy", _str(restart), ["Always", "OnFailure", "Never"])
    dns = spec.get("dnsPolicy")
    dns_policies = ["ClusterFirst", "ClusterFirstWithHostNet", "Default", "None"]
    if dns is not None and _str(dns) not in dns_policies:
        errors.not_supported(f"{path}.dnsPolicy", _str(dns), dns_policies)
    validate_labels(errors, spec.get("nodeSelector"), f"{path}.nodeSelector")
    for i, secret in enumerate(_list(spec.get("imagePullSecrets"))):
        if not isinstance(secret, dict) or set(secret) - {"name"}:
            errors.invalid(f"{path}.imagePullSecrets[{i}]", secret, "only name may be set")
    account = _str(spec.get("serviceAccountName"))
    if account:
        errors.names(f"{path}.serviceAccountName", account, s.name_is_dns_subdomain)
    node = _str(spec.get("nodeName"))
    if node:
        errors.names(f"{path}.nodeName", node, s.name_is_dns_subdomain)
    for key in ("hostname", "subdomain"):
        value = _str(spec.get(key))
        if value:
            for msg in s.is_dns1123_label(value):
                errors.invalid(f"{path}.{key}", value, msg)
    validate_tolerations(errors, spec.get("tolerations"), f"{path}.tolerations")
    priority = _str(spec.get("priorityClassName"))
    if priority:
        errors.names(f"{path}.priorityClassName", priority, s.name_is_dns_subdomain)
    deadline = spec.get("activeDeadlineSeconds")
    if deadline is not None and not 1 <= _int(deadline) <= 2**31 - 1:
        errors.invalid(
            f"{path}.activeDeadlineSeconds", _int(deadline), "must be between 1 and 2147483647, inclusive"
        )


def validate_pod_template(errors: _Errors, template: typing.Any, path: str) -> None:
    """``ValidatePodTemplateSpec``: labels and annotations, then the pod spec."""
    template = _map(template)
    meta = _map(template.get("metadata"))
    validate_labels(errors, meta.get("labels"), f"{path}.labels")
    validate_annotations(errors, meta.get("annotations"), f"{path}.annotations")
    validate_pod_spec(errors, template.get("spec"), f"{path}.spec")


def validate_pod(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``validatePodMetadataAndSpec`` (``ValidatePodCreate``), with ``validateContainerOnlyForPod``."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    spec = _map(obj.get("spec"))
    validate_pod_spec(errors, spec, "spec")
    for group in ("containers", "initContainers"):
        for i, container in enumerate(_list(spec.get(group))):
            image = _str(_map(container).get("image"))
            if image != image.strip():
                errors.invalid(
                    f"spec.{group}[{i}].image", image, "must not have leading or trailing whitespace"
                )


# Other kinds.


def validate_deployment(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateDeployment`` and ``ValidateDeploymentSpec`` (pkg/apis/apps/validation), with
    ``ValidatePodTemplateSpecForReplicaSet``: the selector must match the template's labels."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    spec = _map(obj.get("spec"))
    replicas = spec.get("replicas")
    if replicas is not None and _int(replicas) < 0:
        errors.invalid("spec.replicas", _int(replicas), "must be greater than or equal to 0")
    selector = spec.get("selector")
    if selector is None:
        errors.required("spec.selector")
    else:
        selector = _map(selector)
        validate_label_selector(errors, selector, "spec.selector")
        if not _map(selector.get("matchLabels")) and not _list(selector.get("matchExpressions")):
            errors.invalid("spec.selector", None, "empty selector is invalid for deployment")
    template = _map(spec.get("template"))
    labels = _strings(_map(template.get("metadata")).get("labels"))
    chosen = _map(selector)
    if (chosen.get("matchLabels") or _list(chosen.get("matchExpressions"))) and not _selector_matches(
        chosen, labels
    ):
        errors.invalid("spec.template.metadata.labels", None, "`selector` does not match template `labels`")
    validate_pod_template(errors, template, "spec.template")
    restart = _map(template.get("spec")).get("restartPolicy")
    if restart is not None and _str(restart) != "Always":
        errors.not_supported("spec.template.spec.restartPolicy", _str(restart), ["Always"])


_SERVICE_TYPES = ["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"]


def validate_service(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateService`` (with ``validateServicePort`` and ``validateServiceExternalTrafficPolicy``):
    names DNS-1035 labels, ports, type-dependent fields, ``loadBalancerSourceRanges`` as CIDRs."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns1035_label)
    spec = _map(obj.get("spec"))
    kind = _str(spec.get("type")) or "ClusterIP"
    ports = _list(spec.get("ports"))
    headless = _str(spec.get("clusterIP")) == "None"
    if not ports and not headless and kind != "ExternalName":
        errors.required("spec.ports")
    if kind == "LoadBalancer":
        for i, port in enumerate(ports):
            if _int(_map(port).get("port")) == KUBELET_PORT:
                errors.invalid(
                    f"spec.ports[{i}]", KUBELET_PORT,
                    f"may not expose port {KUBELET_PORT} externally since it is used by kubelet",
                )  # fmt: skip
    names: dict[str, int] = {}
    seen: dict[tuple[str, int], int] = {}
    for i, port in enumerate(ports):
        port = _map(port)
        here = f"spec.ports[{i}]"
        name = _str(port.get("name"))
        if len(ports) > 1 and not name:
            errors.required(f"{here}.name")
        elif name:
            for msg in s.is_dns1123_label(name):
                errors.invalid(f"{here}.name", name, msg)
            if name in names:
                errors.duplicate(f"{here}.name", name, (f"spec.ports[{names[name]}]",))
            else:
                names[name] = i
        number = _int(port.get("port"))
        for msg in s.is_valid_port_num(number):
            errors.invalid(f"{here}.port", number, msg)
        protocol = _str(port.get("protocol")) or "TCP"
        if protocol not in _PORT_PROTOCOLS:
            errors.not_supported(f"{here}.protocol", protocol, _PORT_PROTOCOLS)
        target = port.get("targetPort")
        _validate_port_num_or_name(
            errors, number if target is None or target == 0 else target, f"{here}.targetPort"
        )
        node_port = _int(port.get("nodePort"))
        if kind == "ClusterIP" and node_port:
            errors.forbidden(f"{here}.nodePort", "may not be used when `type` is 'ClusterIP'")
        if (protocol, number) in seen:
            errors.duplicate(here, f"{protocol}/{number}", (f"spec.ports[{seen[(protocol, number)]}]",))
        else:
            seen[(protocol, number)] = i
    validate_labels(errors, spec.get("selector"), "spec.selector")
    if kind not in _SERVICE_TYPES:
        errors.not_supported("spec.type", kind, _SERVICE_TYPES)
    ranges = [_str(r) for r in _list(spec.get("loadBalancerSourceRanges"))]
    if ranges:
        shown = "[" + " ".join(ranges) + "]"
        if kind != "LoadBalancer":
            errors.forbidden(
                "spec.LoadBalancerSourceRanges", "may only be used when `type` is 'LoadBalancer'"
            )
        refused = [r for r in ranges if not s.parse_cidr(r.strip())]
        if refused:
            # Go's bad value is the whole list, shown as fmt's %v writes it; the rule locates the
            # first range it cannot parse (``related`` names it).
            errors.invalid(
                "spec.LoadBalancerSourceRanges", shown,
                "must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ",
                (f"spec.loadBalancerSourceRanges[{ranges.index(refused[0])}]",),
            )  # fmt: skip
    policy = spec.get("externalTrafficPolicy")
    if policy is not None and _str(policy):
        if kind not in ("LoadBalancer", "NodePort"):
            errors.invalid(
                "spec.externalTrafficPolicy",
                _str(policy),
                "may only be set when `type` is 'NodePort' or 'LoadBalancer'",
            )
        elif _str(policy) not in ("Cluster", "Local"):
            errors.not_supported("spec.externalTrafficPolicy", _str(policy), ["Cluster", "Local"])


def validate_ingress(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateIngressCreate`` (pkg/apis/networking/validation): hosts, TLS, paths, backends,
    ingress class name, and the ``kubernetes.io/ingress.class`` annotation agreeing with it."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    spec = _map(obj.get("spec"))
    rules = _list(spec.get("rules"))
    if not rules and spec.get("defaultBackend") is None:
        errors.invalid("spec", None, "either `defaultBackend` or `rules` must be specified")
    for i, rule in enumerate(rules):
        rule = _map(rule)
        host = _str(rule.get("host"))
        if host:
            if s.parse_ip(host) is not None:
                errors.invalid(f"spec.rules[{i}].host", host, "must be a DNS name, not an IP address")
            check = s.is_wildcard_dns1123_subdomain if "*" in host else s.is_dns1123_subdomain
            for msg in check(host):
                errors.invalid(f"spec.rules[{i}].host", host, msg)
        http = rule.get("http")
        if http is not None:
            paths = _list(_map(http).get("paths"))
            if not paths:
                errors.required(f"spec.rules[{i}].http.paths")
            for j, entry in enumerate(paths):
                _validate_ingress_path(errors, _map(entry), f"spec.rules[{i}].http.paths[{j}]")
    for i, tls in enumerate(_list(spec.get("tls"))):
        tls = _map(tls)
        for j, host in enumerate(_list(tls.get("hosts"))):
            host = _str(host)
            check = s.is_wildcard_dns1123_subdomain if "*" in host else s.is_dns1123_subdomain
            for msg in check(host):
                errors.invalid(f"spec.tls[{i}].hosts[{j}]", host, msg)
        secret = _str(tls.get("secretName"))
        if secret:
            errors.names(f"spec.tls[{i}].secretName", secret, s.name_is_dns_subdomain)
    class_name = spec.get("ingressClassName")
    if class_name is not None:
        errors.names("spec.ingressClassName", _str(class_name), s.name_is_dns_subdomain)
    annotations = _strings(_map(obj.get("metadata")).get("annotations"))
    annotated = annotations.get("kubernetes.io/ingress.class")
    if annotated is not None and class_name is not None and annotated != _str(class_name):
        errors.invalid(
            "annotations.kubernetes.io/ingress.class",
            annotated,
            "must match `ingressClassName` when both are specified",
        )


def _validate_ingress_path(errors: _Errors, entry: dict[str, typing.Any], path: str) -> None:
    """``validateHTTPIngressPath`` and ``validateIngressBackend``."""
    kind = entry.get("pathType")
    target = _str(entry.get("path"))
    if kind is None:
        errors.required(f"{path}.pathType", "pathType must be specified")
        return
    if _str(kind) in ("Exact", "Prefix"):
        if not target.startswith("/"):
            errors.invalid(f"{path}.path", target, "must be an absolute path")
        if target:
            for bad in ("//", "/./", "/../", "%2f", "%2F"):
                if bad in target:
                    errors.invalid(f"{path}.path", target, f"must not contain '{bad}'")
            for bad in ("/..", "/."):
                if target.endswith(bad):
                    errors.invalid(f"{path}.path", target, f"cannot end with '{bad}'")
    elif _str(kind) == "ImplementationSpecific":
        if target and not target.startswith("/"):
            errors.invalid(f"{path}.path", target, "must be an absolute path")
    else:
        errors.not_supported(f"{path}.pathType", _str(kind), ["Exact", "ImplementationSpecific", "Prefix"])
    backend = _map(entry.get("backend"))
    service = backend.get("service")
    if service is None:
        if backend.get("resource") is None:
            errors.invalid(f"{path}.backend", "", "resource or service backend is required")
        return
    service = _map(service)
    name = _str(service.get("name"))
    if not name:
        errors.required(f"{path}.backend.service.name")
    else:
        errors.names(f"{path}.backend.service.name", name, s.name_is_dns1035_label)
    port = _map(service.get("port"))
    port_name, number = _str(port.get("name")), _int(port.get("number"))
    if port_name and number:
        errors.invalid(f"{path}.backend", "", "cannot set both port name & port number")
    elif port_name:
        for msg in s.is_valid_port_name(port_name):
            errors.invalid(f"{path}.backend.service.port.name", port_name, msg)
    elif number:
        for msg in s.is_valid_port_num(number):
            errors.invalid(f"{path}.backend.service.port.number", number, msg)
    else:
        errors.required(f"{path}.backend", "port name or number is required")


def validate_pvc(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidatePersistentVolumeClaim`` and ``ValidatePersistentVolumeClaimSpec``: access modes,
    a positive storage request, the storage class a DNS subdomain."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    spec = _map(obj.get("spec"))
    modes = [_str(m) for m in _list(spec.get("accessModes"))]
    if not modes:
        errors.required("spec.accessModes", "at least 1 access mode is required")
    supported = ["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"]
    for mode in modes:
        if mode not in supported:
            errors.not_supported("spec.accessModes", mode, supported)
    if "ReadWriteOncePod" in modes and len(set(modes)) > 1:
        errors.forbidden("spec.accessModes", "may not use ReadWriteOncePod with other access modes")
    requests = _map(_map(spec.get("resources")).get("requests"))
    here = "spec.resources[storage]"
    if "storage" not in requests:
        errors.required(here)
    else:
        amount = _quantity(errors, requests["storage"], here)
        if amount is not None and amount <= 0:
            errors.invalid(here, quantity_text(requests["storage"]), "must be greater than zero")
    storage_class = _str(spec.get("storageClassName"))
    if storage_class:
        errors.names("spec.storageClassName", storage_class, s.name_is_dns_subdomain)


def _validate_data(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateSecret`` and ``ValidateConfigMap``: keys are config map keys, 1 MiB of data."""
    total = 0
    for bag in ("data", "stringData", "binaryData"):
        for key, value in _map(obj.get(bag)).items():
            for msg in s.is_config_map_key(str(key)):
                errors.invalid(f"{bag}[{key}]", str(key), msg)
            total += len(_str(value).encode())
    if total > MAX_SECRET_SIZE:
        errors.add("", "TooLong", f"must have at most {MAX_SECRET_SIZE} bytes")


def validate_secret(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateSecret``."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    _validate_data(errors, obj)


def validate_config_map(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateConfigMap``."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)
    _validate_data(errors, obj)


def validate_service_account(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateServiceAccount``."""
    validate_object_meta(errors, obj.get("metadata"), True, s.name_is_dns_subdomain)


def validate_priority_class(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidatePriorityClass`` (pkg/apis/scheduling/validation): ``system-`` names are reserved,
    user values at most one billion."""
    validate_object_meta(errors, obj.get("metadata"), False, s.name_is_dns_subdomain)
    name = _str(_map(obj.get("metadata")).get("name"))
    if name.startswith("system-"):
        if name not in ("system-node-critical", "system-cluster-critical"):
            errors.forbidden(
                "metadata.name", "priority class names with 'system-' prefix are reserved for system use only"
            )
    elif _int(obj.get("value")) > 1_000_000_000:
        errors.forbidden("value", "maximum allowed value of a user defined priority is 1000000000")
    policy = obj.get("preemptionPolicy")
    if policy is not None and _str(policy) not in ("Never", "PreemptLowerPriority"):
        errors.not_supported("preemptionPolicy", _str(policy), ["Never", "PreemptLowerPriority"])


def _validate_rules(errors: _Errors, obj: dict[str, typing.Any], namespaced: bool) -> None:
    """``ValidatePolicyRule``."""
    for i, rule in enumerate(_list(obj.get("rules"))):
        rule = _map(rule)
        here = f"rules[{i}]"
        if not _list(rule.get("verbs")):
            errors.required(f"{here}.verbs", "verbs must contain at least one value")
        if _list(rule.get("nonResourceURLs")):
            if namespaced:
                errors.invalid(
                    f"{here}.nonResourceURLs", None, "namespaced rules cannot apply to non-resource URLs"
                )
            continue
        if not _list(rule.get("apiGroups")):
            errors.required(f"{here}.apiGroups", "resource rules must supply at least one api group")
        if not _list(rule.get("resources")):
            errors.required(f"{here}.resources", "resource rules must supply at least one resource")


def validate_role(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateRole`` and ``ValidateClusterRole`` (pkg/apis/rbac/validation)."""
    namespaced = obj.get("kind") == "Role"
    validate_object_meta(errors, obj.get("metadata"), namespaced, s.rbac_name)
    _validate_rules(errors, obj, namespaced)


def validate_role_binding(errors: _Errors, obj: dict[str, typing.Any]) -> None:
    """``ValidateRoleBinding``, ``ValidateClusterRoleBinding`` and ``ValidateRoleBindingSubject``."""
    namespaced = obj.get("kind") == "RoleBinding"
    validate_object_meta(errors, obj.get("metadata"), namespaced, s.rbac_name)
    ref = _map(obj.get("roleRef"))
    if _str(ref.get("apiGroup")) != "rbac.authorization.k8s.io":
        errors.not_supported("roleRef.apiGroup", _str(ref.get("apiGroup")), ["rbac.authorization.k8s.io"])
    kinds = ["Role", "ClusterRole"] if namespaced else ["ClusterRole"]
    if _str(ref.get("kind")) not in kinds:
        errors.not_supported("roleRef.kind", _str(ref.get("kind")), kinds)
    if not _str(ref.get("name")):
        errors.required("roleRef.name")
    else:
        errors.names("roleRef.name", _str(ref.get("name")), s.rbac_name)
    for i, subject in enumerate(_list(obj.get("subjects"))):
        subject = _map(subject)
        here = f"subjects[{i}]"
        name = _str(subject.get("name"))
        if not name:
            errors.required(f"{here}.name")
        kind = _str(subject.get("kind"))
        if kind == "ServiceAccount":
            if name:
                errors.names(f"{here}.name", name, s.name_is_dns_subdomain)
            if _str(subject.get("apiGroup")):
                errors.not_supported(f"{here}.apiGroup", _str(subject.get("apiGroup")), [""])
            if not namespaced and not _str(subject.get("namespace")):
                errors.required(f"{here}.namespace")
        elif kind in ("User", "Group"):
            if _str(subject.get("apiGroup")) != "rbac.authorization.k8s.io":
                errors.not_supported(
                    f"{here}.apiGroup", _str(subject.get("apiGroup")), ["rbac.authorization.k8s.io"]
                )
        else:
            errors.not_supported(f"{here}.kind", kind, ["ServiceAccount", "User", "Group"])


VALIDATORS: dict[tuple[str, str], Callable[[_Errors, dict[str, typing.Any]], None]] = {
    ("apps/v1", "Deployment"): validate_deployment,
    ("v1", "Service"): validate_service,
    ("v1", "Pod"): validate_pod,
    ("v1", "ConfigMap"): validate_config_map,
    ("v1", "Secret"): validate_secret,
    ("v1", "ServiceAccount"): validate_service_account,
    ("v1", "PersistentVolumeClaim"): validate_pvc,
    ("networking.k8s.io/v1", "Ingress"): validate_ingress,
    ("scheduling.k8s.io/v1", "PriorityClass"): validate_priority_class,
    ("rbac.authorization.k8s.io/v1", "ClusterRole"): validate_role,
    ("rbac.authorization.k8s.io/v1", "Role"): validate_role,
    ("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"): validate_role_binding,
    ("rbac.authorization.k8s.io/v1", "RoleBinding"): validate_role_binding,
}


def validate(obj: object) -> tuple[bool, list[Refusal]]:
    """(whether the kind is checked, the refusals) for one object."""
    if not isinstance(obj, dict):
        return False, []
    check = VALIDATORS.get((_str(obj.get("apiVersion")), _str(obj.get("kind"))))
    if check is None:
        return False, []
    errors = _Errors(obj)
    check(errors, obj)
    return True, errors.found
