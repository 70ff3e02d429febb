"""The Determined chart: which templates exist and the names, labels and helpers they share."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache

from chartgen.diagnostics import UsageError
from chartgen.hints import typing
from chartgen.releases import has
from chartgen.rendering import audit
from chartgen.rendering.engine import (
    CHART_NAME,
    Manifest,
    ReleaseInfo,
    environment,
    helm_context,
    render_manifests,
    sha256_hex,
)
from chartgen.rendering.runtime import Undefined
from chartgen.yamlio import emit
from chartgen.yamlio.resolve import HelmFloat, go_string, resolve_plain, yaml11_reads_text

# Where the master finds mounted secrets (TLS pair, database root certificate, kubeconfigs).
SECRET_PATH = "/mount/determined/secrets/"
# The port the master listens on inside its pod; the Service maps masterPort onto it.
MASTER_CONTAINER_PORT = 8081
# Rendered first: the master Deployment carries the digest of its output.
MASTER_CONFIG = "master-config.yaml"
# Keys the chart takes out of each additional resource manager: it mounts that secret instead.
KUBECONFIG_KEYS = ("kubeconfig_secret_name", "kubeconfig_secret_value")


@cache
def manifest_templates() -> tuple[str, ...]:
    """Every template that renders objects; ``_``-prefixed files are partials."""
    return tuple(name for name in environment().templates if not name.rsplit("/", 1)[-1].startswith("_"))


def _defined(value: typing.Any) -> typing.Any:
    """A missing value reads as null, as a missing key does in Helm."""
    return None if isinstance(value, Undefined) else value


def quoted(value: typing.Any) -> str | None:
    """What upstream's ``quote`` leaves: the value's Go text as a string, and nothing for null."""
    value = _defined(value)
    audit.written(value, "quoted")
    return None if value is None else go_string(value)


def unquoted(value: typing.Any) -> typing.Any:
    """What a YAML reader makes of a value upstream writes as bare text after ``key:``.

    Its Go text is typed as a plain scalar, so ``--set-string x=1234`` becomes the number
    upstream's output holds; collections stay data, so text can never add structure.
    """
    value = _defined(value)
    audit.written(value, "unquoted")
    if isinstance(value, Mapping | list):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return emit.GoFloat(value)  # Go's %v, as Helm prints a number it holds: ``1e+20``
    if isinstance(value, HelmFloat | float):
        # Go's exponent form, as written: a float to every reader, whatever it spells.
        return emit.Raw(go_string(value))
    text = go_string(value)
    # Only a one-line token without surrounding blanks can read as a scalar of another type.
    if text != text.strip() or "\n" in text or "\r" in text:
        return text
    typed = resolve_plain(text)
    if isinstance(value, str) and not isinstance(typed, str) and yaml11_reads_text(text):
        # A token go-yaml reads as a number or boolean and YAML 1.1 readers as text (``08080``,
        # ``1e3``, ``y``): Helm's very text, so that each reader takes it as it takes Helm's.
        return emit.Raw(text)
    return emit.TextFloat(typed) if type(typed) is float else typed


def additional_manager(manager: typing.Any, index: int) -> dict[str, typing.Any]:
    """One additional resource manager as ``master.yaml`` holds it: its kubeconfig secret is a file path."""
    settings = _defined(manager)
    settings = settings if isinstance(settings, Mapping) else {}
    kept = {key: value for key, value in settings.items() if key not in KUBECONFIG_KEYS}
    secret_key = go_string(_defined(settings.get("kubeconfig_secret_value")))
    return {**kept, "kubeconfig_path": f"{SECRET_PATH}{index}/{secret_key}"}


def chart_context(values: Mapping[str, typing.Any], release: ReleaseInfo) -> dict[str, typing.Any]:
    """Names, labels, release facts and helpers every template shares."""
    name = release.name
    return {
        "names": {
            "master": f"determined-master-{name}",
            "master_config": f"determined-master-config-{name}",
            "master_service": f"determined-master-service-{name}",
            "master_deployment": f"determined-master-deployment-{name}",
            "master_route": f"determined-master-route-{name}",
            "db": f"determined-db-{name}",
            "db_service": f"determined-db-service-{name}",
            "db_deployment": f"determined-db-deployment-{name}",
            "db_pvc": f"determined-db-pvc-{name}",
        },
        "labels": {
            "master": {"app": f"determined-master-{name}", "release": name},
            "db": {"app": f"determined-db-{name}", "release": name},
        },
        "has": lambda change: has(release.app_version, change),
        "secret_path": SECRET_PATH,
        "master_container_port": MASTER_CONTAINER_PORT,
        "quoted": quoted,
        "unquoted": unquoted,
        "additional_manager": additional_manager,
    }


def render(
    values: Mapping[str, typing.Any],
    release: ReleaseInfo,
    *,
    only: Sequence[str] = (),
    recording: audit.Recording | None = None,
) -> list[Manifest]:
    """All objects the chart installs for these (already coalesced and validated) values.

    ``only`` keeps the objects of the named templates (``templates/master-config.yaml``);
    an unknown name raises ``UsageError``. ``recording`` collects which value each template
    writes, and how (``chartgen.rendering.audit``).
    """
    if recording is not None:
        values = audit.tagged(values, recording)
        recording.template = "_master.yaml"
    context = chart_context(values, release)
    env = environment()
    scope = {**helm_context(values, release), **context}
    context["master_yaml"] = env.get_template("_master.yaml").render(scope)
    # The master rolls whenever its configuration object changes, as upstream's checksum does.
    master_config = env.get_template(MASTER_CONFIG).render({**scope, **context})
    context["master_config_digest"] = sha256_hex(master_config)
    templates = manifest_templates()
    if only:
        wanted = {name.removeprefix(f"{CHART_NAME}/").removeprefix("templates/") for name in only}
        unknown = sorted(wanted - set(templates))
        if unknown:
            raise UsageError(f"no template {', '.join(unknown)}; the chart has: {', '.join(templates)}")
        templates = tuple(t for t in templates if t in wanted)
    return render_manifests(
        values, release, templates, context, rendered={MASTER_CONFIG: master_config}, recording=recording
    )
