"""Additional resource managers: other Kubernetes clusters the master schedules on.

The chart copies each entry into ``master.yaml`` (minus the kubeconfig Secret
reference, which it mounts instead); the master then checks them at start-up.
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, dotted
from chartgen.hints import typing
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import missing, truthy

KEY = "additional_resource_managers"
DEFAULT_CLUSTER_NAME = "default"


def entries(ctx: Context) -> Iterator[tuple[int, dict[str, typing.Any], dict[str, typing.Any] | None]]:
    """Each entry with its index and its ``resource_manager`` map (None when it is not a map)."""
    managers = ctx.get(KEY)
    if not isinstance(managers, list):
        return
    for index, entry in enumerate(managers):
        if isinstance(entry, dict):
            manager = entry.get("resource_manager")
            yield index, entry, manager if isinstance(manager, dict) else None


@rule("additional-rm-kubeconfig")
def kubeconfig(ctx: Context) -> Iterator[Diagnostic]:
    """Each additional resource manager needs ``kubeconfig_secret_name`` and ``kubeconfig_secret_value``.

    The chart mounts that Secret and points the master at the file named by
    the value; without either it refuses to render.

    pass: ``- resource_manager: {type: kubernetes, kubeconfig_secret_name: far-rm, kubeconfig_secret_value: config, …}``
    fail: the same without ``kubeconfig_secret_name``
    """
    for index, _entry, manager in entries(ctx):
        if manager is None:
            continue  # a missing resource_manager is the structure rules' finding
        for name, what in (
            ("kubeconfig_secret_name", "the Secret holding the cluster's kubeconfig"),
            ("kubeconfig_secret_value", "the key of the kubeconfig inside that Secret"),
        ):
            if missing(manager.get(name)):
                yield ctx.required(
                    "additional-rm-kubeconfig", (KEY, index, "resource_manager", name), f"it names {what}"
                )


@rule("additional-rm-max-slots")
def max_slots(ctx: Context) -> Iterator[Diagnostic]:
    """With several resource managers each needs its own ``max_slots_per_pod``, at least 1.

    The master stops at start-up without it (the main one gets
    ``maxSlotsPerPod``) or on a negative value; with ``0`` no task that needs
    a slot can be scheduled there.

    pass: ``- resource_manager: {max_slots_per_pod: 4, …}``
    fail: ``- resource_manager: {…}`` without ``max_slots_per_pod``, or with ``0``
    """
    for index, _entry, manager in entries(ctx):
        if manager is None:
            continue
        path = (KEY, index, "resource_manager", "max_slots_per_pod")
        value = manager.get("max_slots_per_pod")
        if value is None:
            yield ctx.required(
                "additional-rm-max-slots", path,
                "with more than one resource manager the master needs each one's slots per pod and "
                "stops at start-up without it",
                refused=False,
            )  # fmt: skip
        elif isinstance(value, int) and not isinstance(value, bool) and value < 1:
            consequence = (
                "the master stops at start-up on a negative value"
                if value < 0
                else "with 0 no task that needs a slot can be scheduled on that cluster"
            )
            yield ctx.diag(
                "additional-rm-max-slots", path,
                f"{dotted(path)} must be at least 1, not {value}: {consequence}",
            )  # fmt: skip


@rule("additional-rm-cluster-name")
def cluster_name(ctx: Context) -> Iterator[Diagnostic]:
    """Each additional resource manager needs a ``cluster_name`` unique among all resource managers.

    The chart's own resource manager is named by ``resourceManager.clusterName``
    (``default`` when unset). The master stops at start-up on a missing or
    repeated name.

    pass: ``- resource_manager: {cluster_name: far-cluster, …}``
    fail: ``- resource_manager: {cluster_name: default, …}`` (the main cluster's name)
    """
    root = ctx.get("resourceManager", "clusterName")
    if truthy(root):
        seen = {str(root): "the main resource manager (resourceManager.clusterName)"}
    else:
        seen = {
            DEFAULT_CLUSTER_NAME: "the main resource manager (named so when resourceManager.clusterName is unset)"
        }
    for index, _entry, manager in entries(ctx):
        if manager is None:
            continue
        name = manager.get("cluster_name")
        here = f"{KEY}[{index}].resource_manager.cluster_name"
        if not truthy(name):
            # The deprecated ``name`` names the manager, but the check is on cluster_name itself.
            also = (
                " (the deprecated `name` does not stand in for it there)"
                if truthy(manager.get("name"))
                else ""
            )
            yield ctx.required(
                "additional-rm-cluster-name", (KEY, index, "resource_manager", "cluster_name"),
                f"the master checks every Kubernetes resource manager for it and stops at start-up "
                f"without it{also}",
                refused=False,
            )  # fmt: skip
            continue
        name = str(name)
        if name in seen:
            yield ctx.diag(
                "additional-rm-cluster-name", (KEY, index, "resource_manager", "cluster_name"),
                f"{here} {name!r} is already the name of {seen[name]}: the master stops at "
                "start-up on a duplicate resource manager name",
            )  # fmt: skip
        seen.setdefault(name, here)


@rule("additional-rm-pools")
def pools(ctx: Context) -> Iterator[Diagnostic]:
    """Each additional resource manager needs at least one resource pool.

    pass: ``- {resource_manager: {…}, resource_pools: [{pool_name: far_pool}]}``
    fail: ``- {resource_manager: {…}}``
    """
    for index, entry, _manager in entries(ctx):
        found = entry.get("resource_pools")
        if not (isinstance(found, list) and found):
            yield ctx.diag(
                "additional-rm-pools", (KEY, index, "resource_pools"),
                f"{KEY}[{index}].resource_pools needs at least one pool: the master stops at start-up "
                "on a resource manager without resource pools",
                key=True,
            )  # fmt: skip
