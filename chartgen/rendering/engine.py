"""The compiled templates to manifests, in Helm's install order.

Every ``{{ expression }}`` in a template is finalised through the YAML
serialiser, so user text can never change the structure of the output; blocks
of YAML come only from the ``toyaml`` filter, which serialises too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache

from chartgen.hints import typing
from chartgen.records import record
from chartgen.releases import LATEST
from chartgen.rendering import audit
from chartgen.yamlio import emit

CHART_NAME = "determined"

# Helm's InstallOrder (pkg/releaseutil/kind_sorter.go): objects of other kinds follow, by kind name.
INSTALL_ORDER: tuple[str, ...] = (
    "PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange",
    "PodSecurityPolicy", "PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList",
    "ConfigMap", "StorageClass", "PersistentVolume", "PersistentVolumeClaim",
    "CustomResourceDefinition", "ClusterRole", "ClusterRoleList", "ClusterRoleBinding",
    "ClusterRoleBindingList", "Role", "RoleList", "RoleBinding", "RoleBindingList", "Service",
    "DaemonSet", "Pod", "ReplicationController", "ReplicaSet", "Deployment",
    "HorizontalPodAutoscaler", "StatefulSet", "Job", "CronJob", "IngressClass", "Ingress",
    "APIService", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration",
)  # fmt: skip
_RANK = {kind: i for i, kind in enumerate(INSTALL_ORDER)}
_KIND = re.compile(r"^kind:\s*(\S+)\s*$", re.M)
_SEPARATOR = re.compile(r"^---[ \t]*$", re.M)


@record(frozen=True)
class ReleaseInfo:
    """What Helm calls ``.Release`` and ``.Chart``."""

    name: str = "determined"
    namespace: str = "default"
    app_version: str = LATEST
    is_upgrade: bool = False


@record(frozen=True)
class Manifest:
    """One rendered object: its source template and its YAML text, a whole document (it ends
    with a line break, so a block scalar at its end keeps the line break Helm's stream gives it)."""

    template: str
    kind: str
    text: str

    @property
    def source(self) -> str:
        return f"{CHART_NAME}/{self.template}"


def _finalize(value: typing.Any) -> typing.Any:
    from chartgen.rendering.runtime import Undefined

    if isinstance(value, emit.Raw):
        return value
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    return emit.flow(emit.helm_numbers(value))


def _to_yaml(value: typing.Any, indent: int, json: bool = False) -> emit.Raw:
    from chartgen.rendering.runtime import Undefined

    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    return emit.to_yaml(value, indent, json)


def _document(value: typing.Any) -> emit.Raw:
    """A whole YAML document the chart embeds (a ConfigMap's file), its numbers as ``toYaml`` writes them."""
    return emit.document(emit.helm_numbers(value))


def sha256_hex(text: str) -> str:
    """Helm's ``sha256sum``. The interpreter's own SHA-256 module: ``hashlib`` loads OpenSSL
    first, milliseconds of every render for one short digest."""
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,unused-ignore]  # Python 3.12+
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found,no-redef,unused-ignore]
        except ImportError:  # an interpreter built without them
            from hashlib import sha256
    digest: str = sha256(text.encode("utf-8")).hexdigest()
    return digest


def _go_string(value: typing.Any) -> str:
    from chartgen.yamlio.resolve import go_string

    text = go_string(value)
    return audit.StrictText(text) if isinstance(value, audit.STRICT) else text


def _bare(value: typing.Any) -> str:
    """A value's Go text as part of bare text upstream writes around it (``image: REGISTRY/name``)."""
    audit.written(value, "embedded")
    return _go_string(value)


def _in_text(value: typing.Any) -> str:
    """A value's Go text inside a string the template builds (a URL, a shell line, an env value):
    its consumer reads that text, so a number Helm prints in exponent form stays in that form."""
    audit.written(value, "text")
    return _go_string(value)


def _raw(value: str) -> emit.Raw:
    """Text a template built only from its own literals and serialised values."""
    return emit.Raw(value)


#: The filters chartgen adds to the template language; ``toyaml`` is the only way to write a block.
FILTERS: dict[str, typing.Any] = {
    "toyaml": _to_yaml,
    "yamldoc": _document,
    "sha256": sha256_hex,
    "gostring": _go_string,
    "bare": _bare,
    "intext": _in_text,
    "raw": _raw,
}


@cache
def environment() -> typing.Any:
    """The templates, compiled ahead of time (``chartgen.rendering.compiled``), on chartgen's runtime."""
    from chartgen.rendering.compiled import TEMPLATES
    from chartgen.rendering.runtime import Environment

    return Environment(TEMPLATES, FILTERS, _finalize)


def split_documents(text: str) -> list[str]:
    """Split a rendered template into documents, dropping empty ones (as Helm does).

    Lines are kept byte for byte: trailing blanks may be user text inside a literal block.
    """
    docs = []
    for part in _SEPARATOR.split(text):
        lines = part.split("\n")
        # Only YAML's own blanks: str.strip() would also drop a user's no-break-space line.
        while lines and not lines[0].strip(" \t"):
            lines.pop(0)
        while lines and not lines[-1].strip(" \t"):
            lines.pop()
        if any(line.strip(" \t") and not line.lstrip(" \t").startswith("#") for line in lines):
            docs.append("\n".join(lines))
    return docs


def helm_context(values: Mapping[str, typing.Any], release: ReleaseInfo) -> dict[str, typing.Any]:
    """What Helm templates see as ``.Values``, ``.Release`` and ``.Chart``."""
    return {
        "Values": values,
        "Release": {
            "Name": release.name,
            "Namespace": release.namespace,
            "IsUpgrade": release.is_upgrade,
            "IsInstall": not release.is_upgrade,
        },
        "Chart": {
            "Name": CHART_NAME,
            "AppVersion": release.app_version,
            "Version": release.app_version,
        },
    }


def render_manifests(
    values: Mapping[str, typing.Any],
    release: ReleaseInfo,
    templates: Iterable[str],
    context: Mapping[str, typing.Any] | None = None,
    rendered: Mapping[str, str] | None = None,
    recording: audit.Recording | None = None,
) -> list[Manifest]:
    """Render each template (paths relative to ``templates/``) and order the objects as Helm does.

    ``rendered`` holds templates already rendered with this context (the master config,
    whose digest the Deployment needs), so no template is rendered twice. ``recording``, the
    one the values were tagged with, learns which template writes each value.
    """
    env = environment()
    base = {**helm_context(values, release), **(context or {})}
    manifests: list[Manifest] = []
    for name in sorted(templates):
        text = (rendered or {}).get(name)
        if text is None:
            if recording is not None:
                recording.template = name
            text = env.get_template(name).render(base)
        for doc in split_documents(text):
            match = _KIND.search(doc)
            manifests.append(Manifest(f"templates/{name}", match.group(1) if match else "", doc + "\n"))
    manifests.sort(key=lambda m: (_RANK.get(m.kind, len(_RANK)), "" if m.kind in _RANK else m.kind))
    return manifests


def stream(manifests: Iterable[Manifest]) -> str:
    """One YAML stream with Helm's ``# Source:`` comments."""
    return "".join(f"---\n# Source: {m.source}\n{m.text}" for m in manifests)
