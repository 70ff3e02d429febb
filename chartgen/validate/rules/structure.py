"""Structural rules: what the release's JSON Schema says about keys, types and formats.

One walk of the user's values against ``chartgen/data/<release>/schema.json``
(``chartgen.validate.schema_walk``) finds everything; each rule below reports its
share, so every rule id can be listed, documented and tested on its own. Only the
user's own values are walked: the chart's defaults conform by construction, and a
problem must point at what the user wrote.
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.secrets import SECRET_KEYS
from chartgen.validate.registry import Context, rule
from chartgen.validate.schema_walk import Finding, walk_values

_last: tuple[Context, list[Finding]] | None = None


def _findings(ctx: Context) -> list[Finding]:
    """The walk of ``ctx``'s values, done once however many rules ask."""
    global _last
    if _last is None or _last[0] is not ctx:
        # Contents of --set-file files are never shown, whatever key they set.
        hidden = [path for path, where in ctx.loaded.positions.items() if where.file == "--set-file"]
        _last = (ctx, walk_values(ctx.user, ctx.release, SECRET_KEYS, hidden))
    return _last[1]


def _report(ctx: Context, rule_id: str) -> Iterator[Diagnostic]:
    for found in _findings(ctx):
        if found.rule_id == rule_id:
            yield ctx.diag(rule_id, found.path, found.message, severity=found.severity, key=found.key)


@rule("unknown-key")
def unknown_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key nobody reads: Helm ignores it in the chart's values, the master drops it in a
    resource pool or refuses to start on it in a resource manager. Suggests the key meant.

    pass: ``slotType: cpu``
    fail: ``slot_type: cpu`` (did you mean ``slotType``?)
    """
    return _report(ctx, "unknown-key")


@rule("foreign-key")
def foreign_key(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a top-level key unlike any of the chart's, most likely another chart's
    (a values file shared by an umbrella chart or a GitOps overlay). Helm ignores it.
    A near-miss of a real key is ``unknown-key`` instead, an error.

    pass: ``global: {storageClass: ssd}`` (Helm's own)
    fail: ``pachyderm: {enabled: true}``
    """
    return _report(ctx, "foreign-key")


@rule("misplaced-key")
def misplaced_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key people write in the wrong place, with where it belongs: a resource pool's
    ``kubernetes_namespace`` (ignored since namespaces are bound to workspaces), a pool's
    ``max_slots_per_pod`` (it goes under ``task_container_defaults.kubernetes``),
    master.yaml's ``resource_manager`` at the top level.

    pass: ``resourcePools: [{pool_name: a, task_container_defaults: {kubernetes: {max_slots_per_pod: 4}}}]``
    fail: ``resourcePools: [{pool_name: a, kubernetes_namespace: team-a}]``
    """
    return _report(ctx, "misplaced-key")


@rule("key-not-in-release")
def key_not_in_release(ctx: Context) -> Iterator[Diagnostic]:
    """A key of another release of the chart (or master) than the one chosen.

    pass (newest release): ``masterService: {annotations: {a: b}}``
    fail (oldest release): the same (its chart does not read masterService)
    """
    return _report(ctx, "key-not-in-release")


@rule("wrong-type")
def wrong_type(ctx: Context) -> Iterator[Diagnostic]:
    """A value of the wrong type, such as a string where the chart tests a boolean
    (any non-empty string, even ``"false"``, is true in a template's ``if``).

    pass: ``enterpriseEdition: false``
    fail: ``enterpriseEdition: "false"``
    """
    return _report(ctx, "wrong-type")


@rule("invalid-enum")
def invalid_enum(ctx: Context) -> Iterator[Diagnostic]:
    """A value outside the choices the release takes, explained when it is another release's.

    pass: ``defaultScheduler: coscheduler``
    fail (newest release): ``defaultScheduler: preemption`` (no longer read; silently ignored)
    """
    return _report(ctx, "invalid-enum")


@rule("out-of-range")
def out_of_range(ctx: Context) -> Iterator[Diagnostic]:
    """A number outside its range, such as a port outside 1-65535.

    pass: ``masterPort: 8443``
    fail: ``masterPort: 80800``
    """
    return _report(ctx, "out-of-range")


@rule("invalid-format")
def invalid_format(ctx: Context) -> Iterator[Diagnostic]:
    """A malformed Kubernetes quantity, object name (DNS-1123), CIDR range, URL or host.

    pass: ``db: {storageClassName: fast-ssd, memRequest: 8Gi}``
    fail: ``db: {storageClassName: Fast_SSD, memRequest: 8GB}``
    """
    return _report(ctx, "invalid-format")


@rule("quantity-unit")
def quantity_unit(ctx: Context) -> Iterator[Diagnostic]:
    """A memory or storage quantity without a unit (bytes) or with ``m`` (milli-bytes):
    a warning for requests, an error for limits, under which no container starts.

    pass: ``db: {memRequest: 2Gi}``
    fail: ``db: {memRequest: 2}`` (2 bytes)
    """
    return _report(ctx, "quantity-unit")


@rule("placeholder")
def placeholder(ctx: Context) -> Iterator[Diagnostic]:
    """A ``${VAR}`` left by Terraform or shell templating, or a ``<name>`` copied from
    documentation: Helm uses it literally.

    pass: ``checkpointStorage: {type: s3, bucket: det-checkpoints}``
    fail: ``checkpointStorage: {type: s3, bucket: ${MLDE_BUCKET_NAME}}``
    """
    return _report(ctx, "placeholder")


@rule("missing-key")
def missing_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key its section cannot do without, such as a node group's ``gpus``.

    pass: ``cluster: {nodes: [{name: a100, gpus: 8}]}``
    fail: ``cluster: {nodes: [{name: a100}]}``
    """
    return _report(ctx, "missing-key")


@rule("no-effect")
def no_effect(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a setting the master accepts but ignores, such as an agent-only key on a
    Kubernetes resource pool or the deprecated ``fluent``.

    pass: ``resourcePools: [{pool_name: a}]``
    fail: ``resourcePools: [{pool_name: a, max_aux_containers_per_agent: 1}]``
    """
    return _report(ctx, "no-effect")


@rule("untrimmed-value")
def untrimmed_value(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a choice written with blanks around it, which works only because the chart trims it.

    pass: ``defaultScheduler: coscheduler``
    fail (warning): ``defaultScheduler: " coscheduler "``
    """
    return _report(ctx, "untrimmed-value")
