"""Additional resource managers: kubeconfig Secret, slots per pod, name, pools."""

from __future__ import annotations

from pathlib import Path

from .rulecheck import BASE, diagnostics, found

RM_RULES = [
    "additional-rm-kubeconfig",
    "additional-rm-max-slots",
    "additional-rm-cluster-name",
    "additional-rm-pools",
]
MANAGER = """additional_resource_managers:
- resource_manager:
    type: kubernetes
    max_slots_per_pod: 1
    cluster_name: far-cluster
    kubeconfig_secret_name: far-rm
    kubeconfig_secret_value: config
  resource_pools:
  - pool_name: far_pool
"""


def _without(line: str) -> str:
    return BASE + MANAGER.replace(line + "\n", "")


def test_complete_manager_passes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + MANAGER, RM_RULES) == []


def test_kubeconfig_secret_name_and_value(tmp_path: Path) -> None:
    text = _without("    kubeconfig_secret_name: far-rm")
    assert found(tmp_path, text, RM_RULES) == [(4, 3, "additional-rm-kubeconfig")]
    text = BASE + MANAGER.replace("kubeconfig_secret_value: config", "kubeconfig_secret_value: ''")
    assert found(tmp_path, text, RM_RULES) == [(9, 5, "additional-rm-kubeconfig")]


def test_max_slots_required_and_positive(tmp_path: Path) -> None:
    assert found(tmp_path, _without("    max_slots_per_pod: 1"), RM_RULES) == [
        (4, 3, "additional-rm-max-slots")
    ]
    for value in ("0", "-1"):
        text = BASE + MANAGER.replace("max_slots_per_pod: 1", f"max_slots_per_pod: {value}")
        assert found(tmp_path, text, RM_RULES) == [(6, 24, "additional-rm-max-slots")], value
        assert [d for d in diagnostics(tmp_path, text) if d.path[-1] == "max_slots_per_pod"] == [
            d for d in diagnostics(tmp_path, text) if d.rule == "additional-rm-max-slots"
        ], "the structure rules leave the bound to this rule"


def test_cluster_name_required(tmp_path: Path) -> None:
    assert found(tmp_path, _without("    cluster_name: far-cluster"), RM_RULES) == [
        (4, 3, "additional-rm-cluster-name")
    ]


def test_cluster_name_unique(tmp_path: Path) -> None:
    text = BASE + MANAGER.replace("cluster_name: far-cluster", "cluster_name: default")
    assert found(tmp_path, text, RM_RULES) == [(7, 19, "additional-rm-cluster-name")]
    renamed = text + "resourceManager:\n  clusterName: main\n"
    assert found(tmp_path, renamed, RM_RULES) == []
    clash = BASE + MANAGER + "resourceManager:\n  clusterName: far-cluster\n"
    assert found(tmp_path, clash, RM_RULES) == [(7, 19, "additional-rm-cluster-name")]


def test_pools_required(tmp_path: Path) -> None:
    text = BASE + MANAGER.replace("  resource_pools:\n  - pool_name: far_pool\n", "")
    assert found(tmp_path, text, RM_RULES) == [(4, 3, "additional-rm-pools")]
