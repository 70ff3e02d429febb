"""Resource pools: unique names, and default pools that exist.

The chart copies ``resourcePools`` (and each additional resource manager's
``resource_pools``) into ``master.yaml``; with no pools at all the master makes
one named ``default``. Tasks submitted without a pool go to
``defaultComputeResourcePool``/``defaultAuxResourcePool``, or to ``default``
when those are unset, and the master does not check at start-up that the pool
exists: such tasks fail later.
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted, listed
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy
from chartgen.validation.rules.resource_managers import KEY as ADDITIONAL
from chartgen.validation.writes import master_settings
from chartgen.yamlio.resolve import go_string

MASTER_DEFAULT_POOL = "default"
DEFAULT_POOL_KEYS = ("defaultComputeResourcePool", "defaultAuxResourcePool")


def pool_entries(ctx: Context) -> Iterator[tuple[Path, object]]:
    """``(path of the pool entry, its pool_name)`` for every written pool, main cluster first."""
    pools = ctx.get("resourcePools")
    if truthy(pools) and isinstance(pools, list):
        for index, pool in enumerate(pools):
            if isinstance(pool, dict):
                yield ("resourcePools", index), pool.get("pool_name")
    managers = ctx.get(ADDITIONAL)
    for m_index, manager in enumerate(managers if isinstance(managers, list) else []):
        extra = manager.get("resource_pools") if isinstance(manager, dict) else None
        for index, pool in enumerate(extra if isinstance(extra, list) else []):
            if isinstance(pool, dict):
                yield (ADDITIONAL, m_index, "resource_pools", index), pool.get("pool_name")


def pool_names(ctx: Context) -> set[str]:
    """Every pool the master will know, including the one it makes when it reads no
    ``resource_pools``: none written, or a mapping of nulls, which its viper drops
    (``master_settings``)."""
    names = {go_string(name) for _, name in pool_entries(ctx) if truthy(name)}
    pools = ctx.get("resourcePools")
    if not truthy(pools) or (isinstance(pools, dict) and not master_settings({"resource_pools": pools})):
        names.add(MASTER_DEFAULT_POOL)
    return names


@rule("pool-names-unique")
def names_unique(ctx: Context) -> Iterator[Diagnostic]:
    """Pool names must be unique across ``resourcePools`` and every additional resource manager.

    pass: ``resourcePools: [{pool_name: a}, {pool_name: b}]``
    fail: ``resourcePools: [{pool_name: a}, {pool_name: a}]``
    """
    first: dict[str, Path] = {}
    for path, name in pool_entries(ctx):
        if not truthy(name):
            continue
        text = go_string(name)
        if text in first:
            yield ctx.diag(
                "pool-names-unique", (*path, "pool_name"),
                f"resource pool {text!r} is already defined at {dotted(first[text])}: the master stops "
                "at start-up on a duplicate pool name (names must be unique across all resource managers)",
            )  # fmt: skip
        else:
            first[text] = path


@rule("default-pool-exists")
def default_pool_exists(ctx: Context) -> Iterator[Diagnostic]:
    """The default compute and auxiliary pools must name existing pools.

    A value that names no pool is an error: the master starts, but every task submitted without
    a pool is sent to it and refused (``ResourceManager.Allocate`` then ``poolByName``, "could
    not find resource pool", in ``master/internal/rm/kubernetesrm/kubernetes_resource_manager.go``).
    When unset the master uses ``default``, so a pool list without a ``default`` pool is a warning.

    pass: ``resourcePools: [{pool_name: default}, {pool_name: prod}]`` with ``defaultComputeResourcePool: prod``
    fail: ``resourcePools: [{pool_name: prod}]`` with ``defaultComputeResourcePool: gpu``
    """
    names = pool_names(ctx)
    unset = []
    for key in DEFAULT_POOL_KEYS:
        value = ctx.get(key)
        if not truthy(value):
            unset.append(key)
        elif go_string(value) not in names:
            what = "compute" if "Compute" in key else "auxiliary"
            yield ctx.diag(
                "default-pool-exists", (key,),
                f"{key} is {go_string(value)!r}, but no resource pool has that name (pools: "
                f"{listed(sorted(names)) or 'none'}): {what} tasks submitted without a pool would fail",
            )  # fmt: skip
    if unset and MASTER_DEFAULT_POOL not in names:
        keys = " and ".join(unset)
        yield ctx.diag(
            "default-pool-exists", ("resourcePools",),
            f"{keys} {'is' if len(unset) == 1 else 'are'} unset, so the master sends tasks submitted "
            f"without a pool to a pool named {MASTER_DEFAULT_POOL!r}, which resourcePools does not "
            f"define: those tasks would fail; name a pool {MASTER_DEFAULT_POOL!r} or set {keys} to one "
            f"of: {listed(sorted(names)) or 'none'}",
            severity=Severity.WARNING,
            key=True,
        )  # fmt: skip
