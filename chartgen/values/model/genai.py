"""``genai``: the GenAI (Lore) service, deployed when ``genai.version`` is set."""

from __future__ import annotations

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Cpu, Memory, MemoryLimit, ObjectName, OpenObject, Port, Storage


class GeneratedPvc(Section):
    model_config = config("chart", where="genai.generatedPVC")

    storageSize: Storage | None = field("Size of the shared PVC the chart creates for GenAI.")
    storageClassName: ObjectName | None = field("StorageClass of that PVC (it must support ReadWriteMany).")


class Genai(Section):
    model_config = config("chart", where="genai")

    version: str | None = field("GenAI image tag; the GenAI objects are rendered only when it is set.")
    port: Port | None = field("Port of the GenAI backend Service.")
    messageQueuePort: Port | None = field("Port of the GenAI message queue Service.")
    sharedPVCName: ObjectName | None = field("Existing PVC shared with tasks, instead of a generated one.")
    sharedFSHostPath: str | None = field("Node directory shared with tasks, instead of a PVC.")
    sharedFSMountPath: str | None = field(
        "Where the shared storage is mounted (/run/determined/workdir/shared_fs by default)."
    )
    generatedPVC: GeneratedPvc | None = field(
        "The PVC the chart creates when neither sharedPVCName nor sharedFSHostPath is set."
    )
    agentGroupID: int | None = field("Group id GenAI runs as and gives the shared storage to.")
    shouldInitializeSharedFSGroupPermissions: bool | None = field(
        "Run a Job that gives agentGroupID ownership of the shared storage."
    )
    imagePullSecretName: ObjectName | None = field("Pull secret of the GenAI image.")
    extraResourcePoolMetadata: dict[str, OpenObject] | None = field(
        "Metadata per resource pool name (for example gpu_type); every name must be a pool in resourcePools."
    )
    cpuRequest: Cpu | None = field("CPU request of the GenAI backend.")
    cpuLimit: Cpu | None = field("CPU limit of the GenAI backend.")
    memRequest: Memory | None = field("Memory request of the GenAI backend.")
    memLimit: MemoryLimit | None = field("Memory limit of the GenAI backend.")
