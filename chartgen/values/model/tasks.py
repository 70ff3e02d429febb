"""``taskContainerDefaults``: the chart's camelCase subset of the master's task container defaults.

The chart maps only these keys into master.yaml's ``task_container_defaults``; the
master's other settings (``shm_size_bytes``, ``bind_mounts``, ...) can only be set per
resource pool, so writing them here is explained rather than just called unknown.
"""

from __future__ import annotations

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.pools import LogPolicy, MasterTaskContainerDefaults
from chartgen.values.model.types import PodSpec

# master key -> the chart's key for it
MAPPED = {
    "startup_hook": "startupHook",
    "network_mode": "networkMode",
    "dtrain_network_interface": "dtrainNetworkInterface",
    "cpu_pod_spec": "cpuPodSpec",
    "gpu_pod_spec": "gpuPodSpec",
    "checkpoint_gc_pod_spec": "checkpointGcPodSpec",
    "log_policies": "logPolicies",
    "force_pull_image": "forcePullImage",
}


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _unmapped() -> dict[str, str]:
    """Explanations for the master's keys the chart does not map from taskContainerDefaults."""
    moved = {
        "image": "the chart writes the task images from cpuImage, gpuImage and rocmImage",
        "kubernetes": "the cluster-wide slots per pod is the top-level maxSlotsPerPod; per pool it is "
        "resourcePools[].task_container_defaults.kubernetes.max_slots_per_pod",
        "maxSlotsPerPod": "it is a top-level value, not part of taskContainerDefaults",
        "max_slots_per_pod": "the cluster-wide value is the top-level maxSlotsPerPod",
    }
    for key in MasterTaskContainerDefaults.model_fields:
        if key in MAPPED or key in moved:
            continue
        text = (
            f"the chart does not copy {key} from taskContainerDefaults into master.yaml; set it per pool "
            f"under resourcePools[].task_container_defaults.{key}"
        )
        moved[key] = text
        moved[_camel(key)] = text
    return moved


class TaskContainerDefaults(Section):
    model_config = config("chart", where="taskContainerDefaults", moved=_unmapped())

    networkMode: str | None = field(
        "Container network mode of tasks (bridge, host); master.yaml network_mode."
    )
    dtrainNetworkInterface: str | None = field("Network interface used by distributed training.")
    forcePullImage: bool | None = field("Pull task images even when the node has them.")
    cpuPodSpec: PodSpec | None = field(
        "Default pod spec of CPU tasks (TensorBoards, CPU notebooks, zero-slot commands)."
    )
    gpuPodSpec: PodSpec | None = field("Default pod spec of GPU tasks (experiments, notebooks, commands).")
    checkpointGcPodSpec: PodSpec | None = field("Pod spec of checkpoint garbage-collection tasks.")
    cpuImage: str | None = field("Default image of CPU tasks, instead of defaultImages.cpuImage.")
    gpuImage: str | None = field("Default image of CUDA GPU tasks, instead of defaultImages.gpuImage.")
    rocmImage: str | None = field(
        "Default image of ROCm GPU tasks, instead of defaultImages.rocmImage.", change="rocm-image"
    )
    logPolicies: list[LogPolicy] | None = field(
        "Actions taken when task logs match patterns; copied verbatim into master.yaml log_policies."
    )
    startupHook: str | None = field("Shell script run at the start of every task.", free_text=True)
