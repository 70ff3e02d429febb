"""GenAI: installed only with ``genai.version``, and then it needs ports, storage and known pools."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity, listed
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy
from chartgen.yamlio.resolve import go_string


def _installed(ctx: Context) -> dict[str, object] | None:
    """The ``genai`` map when the chart installs GenAI (it needs a version)."""
    genai = ctx.get("genai")
    if truthy(genai) and isinstance(genai, dict) and truthy(genai.get("version")):
        return genai
    return None


#: When GenAI's settings are required.
_INSTALLED = "when genai.version is set"


@rule("genai-required")
def required(ctx: Context) -> Iterator[Diagnostic]:
    """With ``genai.version`` set, GenAI needs its ports, its pool metadata and somewhere to store data.

    Storage is ``genai.sharedPVCName``, ``genai.sharedFSHostPath``, or a claim
    the chart creates from ``genai.generatedPVC.storageSize`` and
    ``storageClassName``; ``agentGroupID`` is needed when the chart is asked to
    fix the shared file system's group permissions.

    pass: ``genai: {version: 0.4.0, port: 9011, messageQueuePort: 6379, sharedPVCName: x, extraResourcePoolMetadata: {}}``
    fail: the same without ``messageQueuePort``
    """
    genai = _installed(ctx)
    if genai is None:
        return
    for name, why in (
        ("port", "it is the port of the GenAI backend Service"),
        ("messageQueuePort", "it is the port of the GenAI message queue Service"),
        ("extraResourcePoolMetadata", "it is the per-pool metadata GenAI reads ({} for none)"),
    ):
        if missing(genai.get(name)):
            yield ctx.required("genai-required", ("genai", name), why, when=_INSTALLED)
    if ctx.get("resourcePools") is None:
        yield ctx.required(
            "genai-required", ("resourcePools",),
            "the chart checks GenAI's pool metadata against it, and refuses to render without it",
            when=_INSTALLED, refused=False,
        )  # fmt: skip
    if not truthy(genai.get("sharedPVCName")) and not truthy(genai.get("sharedFSHostPath")):
        generated = mapping(genai.get("generatedPVC"))
        for name in ("storageSize", "storageClassName"):
            if missing(generated.get(name)):
                yield ctx.required(
                    "genai-required",
                    ("genai", "generatedPVC", name),
                    "without genai.sharedPVCName or genai.sharedFSHostPath the chart creates GenAI's "
                    "shared volume claim from it",
                    when=_INSTALLED,
                )
    if truthy(genai.get("shouldInitializeSharedFSGroupPermissions")) and missing(genai.get("agentGroupID")):
        yield ctx.required(
            "genai-required",
            ("genai", "agentGroupID"),
            "genai.shouldInitializeSharedFSGroupPermissions gives the shared file system to that group",
            when=_INSTALLED,
        )


@rule("genai-pool-metadata")
def pool_metadata(ctx: Context) -> Iterator[Diagnostic]:
    """Every pool named in ``genai.extraResourcePoolMetadata`` must be a pool of ``resourcePools``.

    The chart checks only the main cluster's ``resourcePools``, not the pools
    of additional resource managers.

    pass: ``genai.extraResourcePoolMetadata: {default: {gpu_type: A100}}``
    fail: ``genai.extraResourcePoolMetadata: {nope: {a: 1}}``
    """
    genai = _installed(ctx)
    metadata = mapping(genai.get("extraResourcePoolMetadata") if genai else None)
    if not metadata:
        return
    pools = ctx.get("resourcePools")
    names = [
        pool.get("pool_name") for pool in (pools if isinstance(pools, list) else []) if isinstance(pool, dict)
    ]
    known = sorted(go_string(name) for name in names if name is not None)
    for pool in metadata:
        if pool not in names:
            yield ctx.diag(
                "genai-pool-metadata", ("genai", "extraResourcePoolMetadata", pool),
                f"genai.extraResourcePoolMetadata names resource pool {pool!r}, which resourcePools does "
                f"not define (pools: {listed(known) or 'none'}): the chart refuses to render it",
                key=True,
            )  # fmt: skip


@rule("genai-needs-version")
def needs_version(ctx: Context) -> Iterator[Diagnostic]:
    """GenAI settings without ``genai.version`` install nothing: the chart skips GenAI entirely.

    pass: ``genai: {version: 0.4.0, …}``
    fail (warning): ``genai: {port: 9011}``
    """
    genai = ctx.get("genai")
    if truthy(genai) and isinstance(genai, dict) and not truthy(genai.get("version")):
        yield ctx.diag(
            "genai-needs-version", ("genai",),
            "genai is ignored: the chart installs GenAI only when genai.version is set (it is the "
            "GenAI image tag)",
            severity=Severity.WARNING,
            key=True,
        )  # fmt: skip
