"""Resource pools: unique names, default pools that exist."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity
from chartgen.values.load import SetFlags

from .rulecheck import BASE, diagnostics, found

POOL_RULES = ["pool-names-unique", "default-pool-exists"]


def test_default_layout_and_named_defaults_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, POOL_RULES) == []
    text = BASE + (
        "resourcePools:\n- pool_name: default\n- pool_name: prod\n"
        "defaultAuxResourcePool: default\ndefaultComputeResourcePool: prod\n"
    )
    assert found(tmp_path, text, POOL_RULES) == []


def test_no_pools_means_the_masters_default_pool(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "resourcePools: []\n", POOL_RULES) == []


def test_pools_of_nulls_are_no_pools_to_the_master(tmp_path: Path) -> None:
    """The master's viper drops a mapping of nulls, so it makes its ``default`` pool."""
    assert found(tmp_path, BASE + "resourcePools:\n  pool_name: null\n", POOL_RULES) == []
    assert found(tmp_path, BASE + "resourcePools:\n  pool_name: prod\n", POOL_RULES) == [
        (3, 1, "default-pool-exists")
    ]


def test_pool_names_unique_across_resource_managers(tmp_path: Path) -> None:
    text = BASE + "resourcePools:\n- pool_name: default\n- pool_name: default\n"
    assert found(tmp_path, text, POOL_RULES) == [(5, 14, "pool-names-unique")]
    text = BASE + (
        "additional_resource_managers:\n- resource_manager: {}\n  resource_pools:\n  - pool_name: default\n"
    )
    assert found(tmp_path, text, POOL_RULES) == [(6, 16, "pool-names-unique")]


def test_default_pool_that_names_no_pool(tmp_path: Path) -> None:
    text = BASE + "defaultComputeResourcePool: gpu\n"
    assert found(tmp_path, text, POOL_RULES) == [(3, 29, "default-pool-exists")]


def test_default_pool_may_name_an_additional_managers_pool(tmp_path: Path) -> None:
    text = BASE + (
        "defaultComputeResourcePool: far\n"
        "additional_resource_managers:\n- resource_manager: {}\n  resource_pools:\n  - pool_name: far\n"
    )
    assert found(tmp_path, text, POOL_RULES) == []


def test_unset_defaults_without_a_default_pool_warn(tmp_path: Path) -> None:
    text = BASE + "resourcePools:\n- pool_name: prod\n"
    assert found(tmp_path, text, POOL_RULES) == [(3, 1, "default-pool-exists")]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule == "default-pool-exists"]
    assert finding.severity is Severity.WARNING
    assert "defaultComputeResourcePool and defaultAuxResourcePool are unset" in finding.message
    text += "defaultComputeResourcePool: prod\ndefaultAuxResourcePool: prod\n"
    assert found(tmp_path, text, POOL_RULES) == []


def test_pool_from_set_flag_points_at_the_flag(tmp_path: Path) -> None:
    flags = SetFlags(set=["maxSlotsPerPod=2", "resourcePools[0].pool_name=main"])
    assert found(tmp_path, BASE, POOL_RULES, flags=flags) == [(2, 1, "default-pool-exists")]
    (finding,) = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.rule == "default-pool-exists"]
    assert finding.location is not None and finding.location.file == "--set"
