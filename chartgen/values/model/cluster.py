"""``cluster``: chartgen's inventory of the nodes tasks run on (upstream Helm ignores it).

With it, ``lint`` checks slot sizing against real nodes: ``maxSlotsPerPod`` must divide
every GPU node group it serves, and CPU slots must fit a node's allocatable CPUs.
"""

from __future__ import annotations

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Cpu, NonNegativeInt, PositiveInt


class NodeGroup(Section):
    model_config = config("chartgen", where="a node group")

    name: str = field("Name of the node group, used in messages.", required=True)
    count: PositiveInt | None = field("Number of identical nodes in the group.", 1)
    gpus: NonNegativeInt = field("GPUs per node (0 for CPU-only nodes).", required=True)
    allocatableCpu: Cpu | None = field(
        "CPUs Kubernetes can allocate on each node (kubectl describe node: Allocatable), such as 7.91."
    )
    pool: str | None = field("Resource pool whose tasks run on these nodes; every pool when unset.")


class Cluster(Section):
    model_config = config("chartgen", where="cluster")

    nodes: list[NodeGroup] | None = field("The node groups of the cluster.")
