"""Slot sizing against ``cluster.nodes``: divisibility, CPU fit, pods that fit no node, unknown pools."""

from __future__ import annotations

import math
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from chartgen.diagnostics import Severity
from chartgen.validation.runner import run_rules
from chartgen.values.load import load_sources
from chartgen.yamlio.load import load_yaml

from .rulecheck import diagnostics, found, messages

DIVIDE = "cluster-max-slots-divide-nodes"
CPU_FITS = "cluster-slot-cpu-fits"
FIT_A_NODE = "cluster-max-slots-fit-a-node"
POOL_EXISTS = "cluster-node-pool-exists"
CLUSTER_RULES = [DIVIDE, CPU_FITS, FIT_A_NODE, POOL_EXISTS]

PASSWORD = "initialUserPassword: Corpus-Passw0rd\n"
# "maxSlotsPerPod: " is 16 characters: its value starts in column 17.
MAX_SLOTS_COL = 17

FOUR_AND_EIGHT = """\
cluster:
  nodes:
    - name: small
      count: 3
      gpus: 4
    - name: big
      gpus: 8
"""


def gpu_values(max_slots: int, nodes: str = FOUR_AND_EIGHT) -> str:
    return f"maxSlotsPerPod: {max_slots}\n{PASSWORD}{nodes}"


def cpu_values(max_slots: int, cpu: str, *allocatable: str) -> str:
    """CPU slots on one node group per allocatable CPU count; ``slotResourceRequests.cpu`` is on line 5."""
    groups = "".join(
        f"    - {{name: n{index}, count: 2, gpus: 0, allocatableCpu: {cpus}}}\n"
        for index, cpus in enumerate(allocatable)
    )
    return (
        f"maxSlotsPerPod: {max_slots}\n{PASSWORD}slotType: cpu\nslotResourceRequests:\n  cpu: {cpu}\n"
        f"cluster:\n  nodes:\n{groups}"
    )


# ---------------------------------------------------------------- cluster-max-slots-divide-nodes


def test_seed_gcd_of_four_and_eight_gpu_nodes_passes(tmp_path: Path) -> None:
    assert found(tmp_path, gpu_values(4), CLUSTER_RULES) == []


def test_seed_eight_slots_per_pod_on_four_gpu_nodes(tmp_path: Path) -> None:
    text = gpu_values(8)
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, DIVIDE)]
    (message,) = messages(tmp_path, text, DIVIDE)
    assert message.startswith(
        "maxSlotsPerPod 8 does not divide the 4 GPUs of each node of node group 'small' "
        "(cluster.nodes[0], line 5): tasks of more than 8 slots run as pods of 8 GPUs, which never fit"
    )
    assert message.endswith(
        "use 4, the greatest common divisor of the GPUs per node of the node groups it serves (4, 8)"
    )


def test_idle_gpus_when_the_node_is_larger_but_not_a_multiple(tmp_path: Path) -> None:
    nodes = "cluster:\n  nodes:\n    - {name: a, gpus: 8}\n    - {name: b, gpus: 12}\n"
    text = gpu_values(8, nodes)
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, DIVIDE)]
    (message,) = messages(tmp_path, text, DIVIDE)
    assert "12 GPUs of each node of node group 'b' (cluster.nodes[1], line 6)" in message
    assert "which leave 4 GPUs of each such node idle; use 4," in message
    assert found(tmp_path, gpu_values(4, nodes), CLUSTER_RULES) == []


def test_nodes_without_gpus_take_no_gpu_slots(tmp_path: Path) -> None:
    nodes = FOUR_AND_EIGHT + "    - {name: cpu-only, gpus: 0, allocatableCpu: 15}\n"
    assert found(tmp_path, gpu_values(4, nodes), CLUSTER_RULES) == []


def test_rocm_slots_count_gpus_too(tmp_path: Path) -> None:
    text = gpu_values(8) + "slotType: rocm\nslotResourceRequests: {}\n"
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, DIVIDE)]


def test_cpu_nodes_must_hold_a_multiple_of_the_pod_size(tmp_path: Path) -> None:
    # cpu 15: 47 allocatable CPUs hold 3 slots, 63.8 hold 4; pods of 2 slots leave one idle on the first.
    text = cpu_values(2, "15", "47", "63.8")
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, DIVIDE)]
    (message,) = messages(tmp_path, text, DIVIDE)
    assert message == (
        "maxSlotsPerPod 2 does not divide the 3 slots (45 CPUs) that each node of node group 'n0' "
        "(cluster.nodes[0], line 8) holds (47 allocatable CPUs): tasks of more than 2 slots run as pods of "
        "2 slots (30 CPUs), which leave 1 slot (15 CPUs) of each such node idle; use 1, the greatest common "
        "divisor of the slots per node of the node groups it serves (3, 4)"
    )
    assert found(tmp_path, cpu_values(1, "15", "47", "63.8"), CLUSTER_RULES) == []


# ---------------------------------------------------------------- cluster-slot-cpu-fits


def test_seed_cpu_15_with_two_slots_on_32_and_64_core_nodes_passes(tmp_path: Path) -> None:
    assert found(tmp_path, cpu_values(2, "15", "31850m", "63.8"), CLUSTER_RULES) == []


def test_pods_larger_than_some_nodes(tmp_path: Path) -> None:
    text = cpu_values(2, "15", "15", "31850m")
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, CPU_FITS)]
    (message,) = messages(tmp_path, text, CPU_FITS)
    assert message == (
        "maxSlotsPerPod 2 with slotResourceRequests.cpu 15 makes pods of 30 CPUs, more than the 15 CPUs "
        "Kubernetes can allocate on each node of node group 'n0' (cluster.nodes[0], line 8): tasks of more "
        "than 2 slots, which run as such pods, never use its nodes; the largest slotResourceRequests.cpu for "
        "maxSlotsPerPod 2 is 7.5, and the largest maxSlotsPerPod for slotResourceRequests.cpu 15 is 1"
    )


def test_a_slot_larger_than_a_node_is_the_cpu_value(tmp_path: Path) -> None:
    text = cpu_values(2, "15", "7.91", "31850m")
    assert found(tmp_path, text, CLUSTER_RULES) == [(5, 8, CPU_FITS)]
    (message,) = messages(tmp_path, text, CPU_FITS)
    assert message == (
        "slotResourceRequests.cpu 15 is more than the 7.91 CPUs Kubernetes can allocate on each node of "
        "node group 'n0' (cluster.nodes[0], line 8): not even one slot fits its nodes; the largest that "
        "fits pods of 2 slots on every node is 3.955"
    )
    assert found(tmp_path, cpu_values(2, "3.955", "7.91", "31850m"), CLUSTER_RULES) == []
    assert found(tmp_path, cpu_values(2, "3.956", "7.91", "31850m"), CLUSTER_RULES) == [
        (1, MAX_SLOTS_COL, CPU_FITS)
    ]


def test_nodes_without_allocatable_cpu_are_not_sized(tmp_path: Path) -> None:
    text = cpu_values(2, "15", "31850m") + "    - {name: unknown, gpus: 0}\n"
    assert found(tmp_path, text, CLUSTER_RULES) == []


# ---------------------------------------------------------------- cluster-max-slots-fit-a-node


def test_pods_that_fit_no_gpu_node(tmp_path: Path) -> None:
    text = gpu_values(16)
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, FIT_A_NODE)]
    (message,) = messages(tmp_path, text, FIT_A_NODE)
    assert message == (
        "maxSlotsPerPod 16 is more than the GPUs of any node it serves (the most are 8, on node group "
        "'big' (cluster.nodes[1], line 8)): a pod of 16 slots fits no node, so no task of more than 8 slots "
        "can ever be scheduled; use 4, the greatest common divisor of the GPUs per node of the node groups "
        "it serves (4, 8)"
    )
    assert (
        found(tmp_path, gpu_values(8, "cluster:\n  nodes:\n    - {name: a, gpus: 8}\n"), CLUSTER_RULES) == []
    )


def test_seed_16_core_nodes_with_15_allocatable(tmp_path: Path) -> None:
    assert found(tmp_path, cpu_values(1, "15", "15"), CLUSTER_RULES) == []
    text = cpu_values(2, "15", "15")
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, FIT_A_NODE)]
    (message,) = messages(tmp_path, text, FIT_A_NODE)
    assert message == (
        "maxSlotsPerPod 2 with slotResourceRequests.cpu 15 makes pods of 30 CPUs, more than any node it "
        "serves can allocate (the most is 15 CPUs, on node group 'n0' (cluster.nodes[0], line 8)): a pod of "
        "2 slots fits no node, so no task of more than 1 slot can ever be scheduled; the largest "
        "slotResourceRequests.cpu for maxSlotsPerPod 2 is 7.5, and the largest maxSlotsPerPod for "
        "slotResourceRequests.cpu 15 is 1"
    )


# ---------------------------------------------------------------- pools


POOLS = """\
resourcePools:
  - pool_name: default
  - pool_name: big
    task_container_defaults:
      kubernetes:
        max_slots_per_pod: 8
cluster:
  nodes:
    - {name: small, gpus: 4, pool: default}
    - {name: large, gpus: 8, pool: big}
"""


def test_each_pool_is_sized_against_its_own_nodes(tmp_path: Path) -> None:
    assert found(tmp_path, gpu_values(4, POOLS), CLUSTER_RULES) == []


def test_a_pool_override_is_located_on_the_pool(tmp_path: Path) -> None:
    text = gpu_values(4, POOLS.replace("max_slots_per_pod: 8", "max_slots_per_pod: 6"))
    assert found(tmp_path, text, CLUSTER_RULES) == [(8, 28, DIVIDE)]
    (message,) = messages(tmp_path, text, DIVIDE)
    assert message.startswith("max_slots_per_pod 6 of pool 'big' does not divide the 8 GPUs of each node")
    assert message.endswith(
        "use 8, the greatest common divisor of the GPUs per node of the node groups it serves (8)"
    )


def test_nodes_without_a_pool_serve_every_pool(tmp_path: Path) -> None:
    text = gpu_values(4, POOLS.replace(", pool: default}", "}"))
    assert found(tmp_path, text, CLUSTER_RULES) == [(8, 28, DIVIDE)]
    (message,) = messages(tmp_path, text, DIVIDE)
    assert "the 4 GPUs of each node of node group 'small' (cluster.nodes[0], line 11)" in message
    assert message.endswith(
        "use 4, the greatest common divisor of the GPUs per node of the node groups it serves (4, 8)"
    )


def test_cpu_fit_of_a_pool_override(tmp_path: Path) -> None:
    text = cpu_values(1, "15", "31850m") + "resourcePools:\n  - pool_name: default\n  - pool_name: wide\n"
    text += "    task_container_defaults: {kubernetes: {max_slots_per_pod: 3}}\n"
    assert found(tmp_path, text, CLUSTER_RULES) == [(12, 63, FIT_A_NODE)]
    (message,) = messages(tmp_path, text, FIT_A_NODE)
    assert "the largest max_slots_per_pod of pool 'wide' for slotResourceRequests.cpu 15 is 2" in message


def test_pools_of_other_clusters_are_not_sized(tmp_path: Path) -> None:
    text = gpu_values(4, FOUR_AND_EIGHT + "    - {name: far, gpus: 6, pool: remote}\n")
    text += "additional_resource_managers:\n  - resource_manager: {cluster_name: b, max_slots_per_pod: 6}\n"
    text += "    resource_pools: [{pool_name: remote}]\n"
    assert found(tmp_path, text, CLUSTER_RULES) == []


def test_a_node_group_of_an_unknown_pool(tmp_path: Path) -> None:
    assert found(tmp_path, gpu_values(4, POOLS), [POOL_EXISTS]) == []
    text = gpu_values(4, POOLS.replace("pool: big}", "pool: bigg}"))
    assert found(tmp_path, text, CLUSTER_RULES) == [(12, 36, POOL_EXISTS)]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule == POOL_EXISTS]
    assert finding.severity is Severity.WARNING
    assert finding.message.startswith(
        "node group 'large' serves pool 'bigg', which no resource pool defines (pools: big, default)"
    )


# ---------------------------------------------------------------- without a usable inventory


def test_no_inventory_no_findings(tmp_path: Path) -> None:
    assert found(tmp_path, f"maxSlotsPerPod: 3\n{PASSWORD}", CLUSTER_RULES) == []


def test_a_bad_inventory_is_left_to_the_structure_rules(tmp_path: Path) -> None:
    text = gpu_values(8, FOUR_AND_EIGHT.replace("gpus: 8", "gpus: eight"))
    assert found(tmp_path, text, CLUSTER_RULES) == []
    assert [(line, col) for line, col, _ in found(tmp_path, text, ["wrong-type"])] == [(9, 13)]


# ---------------------------------------------------------------- properties


def _findings(text: str) -> set[str]:
    loaded = load_sources([load_yaml(text, "v.yaml")])
    return {d.rule for d in run_rules(loaded) if d.rule in CLUSTER_RULES}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 16), min_size=1, max_size=5), st.integers(1, 16))
def test_a_gpu_setting_is_clean_exactly_when_it_divides_every_node(gpus: list[int], max_slots: int) -> None:
    nodes = "cluster:\n  nodes:\n" + "".join(
        f"    - {{name: g{index}, gpus: {count}}}\n" for index, count in enumerate(gpus)
    )
    assert _findings(gpu_values(math.gcd(*gpus), nodes)) == set()
    expected = set()
    if max_slots > max(gpus):
        expected = {FIT_A_NODE}
    elif any(count % max_slots for count in gpus):
        expected = {DIVIDE}
    assert _findings(gpu_values(max_slots, nodes)) == expected


def test_the_largest_fitting_pod_size_may_not_divide_every_node(tmp_path: Path) -> None:
    # cpu 15: 31.85 allocatable CPUs hold 2 slots, 47 hold 3; pods of 3 slots fit only the second.
    text = cpu_values(3, "15", "31850m", "47")
    assert found(tmp_path, text, CLUSTER_RULES) == [(1, MAX_SLOTS_COL, CPU_FITS)]
    (message,) = messages(tmp_path, text, CPU_FITS)
    assert message.endswith(
        "the largest slotResourceRequests.cpu for maxSlotsPerPod 3 is 10.616, and the largest maxSlotsPerPod "
        "for slotResourceRequests.cpu 15 is 2 (the largest that also divides the slots of every node, "
        "2, 3, is 1)"
    )
