"""Resource pools and resource managers, typed by the master's own configuration.

The chart copies ``resourcePools``, ``additional_resource_managers``, ``fluent`` and
``taskContainerDefaults.logPolicies`` into master.yaml verbatim, so their keys are the
master's (snake_case) and only what the master of that release knows has any effect.
The master decodes resource pools and task container defaults leniently (an unknown
key is dropped without a word) and a resource manager strictly (an unknown key stops
it at start-up); the ``consumer`` of each section records which.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from chartgen.releases import dropped, first
from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import (
    Host,
    Namespace,
    NonNegativeInt,
    ObjectName,
    OpenObject,
    PodSpec,
    Port,
    PositiveInt,
)

_AGENT_ONLY = "it configures agent-based resource pools; the Kubernetes resource manager ignores it"
_MAX_SLOTS_MOVED = (
    "a pool's max_slots_per_pod goes under task_container_defaults.kubernetes.max_slots_per_pod"
)

LogActionName = Literal["cancel_retries", "exclude_node"]


class RuntimeImages(Section):
    model_config = config("master-lenient", where="an image map")

    cpu: str | None = field("Image of CPU tasks.")
    cuda: str | None = field("Image of CUDA GPU tasks.")
    gpu: str | None = field("Older name of cuda, read when cuda is unset.")
    rocm: str | None = field("Image of ROCm GPU tasks.")


class RuntimeVariables(Section):
    model_config = config("master-lenient", where="an environment-variable map")

    cpu: list[str] | None = field("NAME=value entries for CPU tasks.")
    cuda: list[str] | None = field("NAME=value entries for CUDA GPU tasks.")
    gpu: list[str] | None = field("Older name of cuda, read when cuda is unset.")
    rocm: list[str] | None = field("NAME=value entries for ROCm GPU tasks.")


class RegistryAuth(Section):
    model_config = config("master-lenient", where="registry_auth")

    username: str | None = field("Registry user name.")
    password: str | None = field("Registry password.", secret=True)
    auth: str | None = field("Base64 user:password, instead of username and password.", secret=True)
    email: str | None = field("E-mail of the registry account.")
    serveraddress: str | None = field("Registry the credentials are for.")
    identitytoken: str | None = field("Token to obtain an access token from the registry.", secret=True)
    registrytoken: str | None = field("Bearer token sent to the registry.", secret=True)


class Device(Section):
    model_config = config("master-lenient", where="a device")

    host_path: str | None = field("Device path on the node.")
    container_path: str | None = field("Device path inside the container.")
    mode: str | None = field("cgroup permissions, such as mrw (the default).")


class BindMount(Section):
    model_config = config("master-lenient", where="a bind mount")

    host_path: str | None = field("Absolute path on the node.")
    container_path: str | None = field("Path inside the container.")
    read_only: bool | None = field("Mount read-only.")
    propagation: str | None = field("Mount propagation, rprivate by default.")


class LogAction(Section):
    model_config = config("master-strict", where="a log policy action")

    type: LogActionName = field(
        "What to do when the pattern matches: cancel_retries or exclude_node.", required=True
    )


class LogPolicy(Section):
    model_config = config("master-lenient", where="a log policy")

    name: str | None = field(
        "Name of the policy; a named policy replaces the default one of the same name.",
        change="log-policy-names",
    )
    pattern: str | None = field("Regular expression matched against each task log line.", free_text=True)
    action: LogAction | LogActionName | None = field(
        "What to do on a match: a mapping {type: ...}, or from "
        f"{first('log-policy-names')} also the bare action name.",
        enum_changes={"cancel_retries": "log-policy-names", "exclude_node": "log-policy-names"},
        enum_notes={
            "cancel_retries": "the {release} master reads a log policy action only as a mapping "
            f"such as {{type: cancel_retries}} (the bare name is accepted from {first('log-policy-names')} on)",
            "exclude_node": "the {release} master reads a log policy action only as a mapping "
            f"such as {{type: exclude_node}} (the bare name is accepted from {first('log-policy-names')} on)",
        },
    )


class KubernetesTaskDefaults(Section):
    model_config = config(
        "master-lenient",
        where="task_container_defaults.kubernetes",
    )

    max_slots_per_pod: PositiveInt | None = field(
        "GPUs (slots) per pod for tasks of this pool, instead of the cluster-wide maxSlotsPerPod."
    )


class MasterTaskContainerDefaults(Section):
    """The master's ``task_container_defaults`` (resource pools set it with these snake_case keys)."""

    model_config = config(
        "master-lenient",
        where="task_container_defaults",
        moved={
            "max_slots_per_pod": "it goes under kubernetes: (task_container_defaults.kubernetes.max_slots_per_pod)"
        },
    )

    dtrain_network_interface: str | None = field("Network interface used by distributed training.")
    nccl_port_range: str | None = field("Port range NCCL may use, such as 30000:31000.")
    gloo_port_range: str | None = field("Port range Gloo may use, such as 30000:31000.")
    shm_size_bytes: PositiveInt | None = field("Size of /dev/shm of task containers, in bytes.")
    network_mode: str | None = field("Container network mode (bridge, host); host uses the node's network.")
    cpu_pod_spec: PodSpec | None = field("Pod spec merged into pods of CPU tasks.")
    gpu_pod_spec: PodSpec | None = field("Pod spec merged into pods of GPU tasks.")
    checkpoint_gc_pod_spec: PodSpec | None = field("Pod spec of checkpoint garbage-collection tasks.")
    image: str | RuntimeImages | None = field("Default task image: one image, or a map by device type.")
    registry_auth: RegistryAuth | None = field("Credentials for pulling task images.")
    force_pull_image: bool | None = field("Pull task images even when the node has them.")
    environment_variables: list[str] | RuntimeVariables | None = field(
        "NAME=value environment variables of task containers, or a map of such lists by device type."
    )
    add_capabilities: list[str] | None = field("Linux capabilities added to task containers.")
    drop_capabilities: list[str] | None = field("Linux capabilities dropped from task containers.")
    devices: list[str | Device] | None = field("Devices exposed to task containers (host:container[:mode]).")
    bind_mounts: list[BindMount] | None = field("Host directories mounted into task containers.")
    work_dir: str | None = field("Working directory of task containers.")
    slurm: OpenObject | None = field("Slurm options (HPC launchers only).")
    pbs: OpenObject | None = field("PBS options (HPC launchers only).")
    startup_hook: str | None = field("Shell script run at the start of every task.", free_text=True)
    log_policies: list[LogPolicy] | None = field("Actions taken when task logs match patterns.")
    preemption_timeout: PositiveInt | None = field(
        "Seconds a preempted task gets to exit before it is killed.", change="preemption-timeout"
    )
    kubernetes: KubernetesTaskDefaults | None = field("Kubernetes-only task settings (max_slots_per_pod).")


class ResourcePool(Section):
    model_config = config(
        "master-lenient",
        where="a resource pool",
        moved={
            "kubernetes_namespace": "namespaces are bound to workspaces, and the master "
            "silently ignores kubernetes_namespace on a resource pool, so this pool's pods do not go to that "
            "namespace; bind the namespace to a workspace (det workspace bind) or set "
            "resourceManager.defaultNamespace",
            "max_slots_per_pod": _MAX_SLOTS_MOVED,
            "gpu_type": "a resource pool has no GPU type: what a slot is comes from the top-level "
            f"slotType (slotType: rocm for AMD GPUs, from {first('rocm-slots')} on), and the master silently ignores "
            "gpu_type here",
        },
    )

    pool_name: Annotated[str, Field(min_length=1)] = field(
        "Name of the pool (tasks choose it with resources.resource_pool); the master refuses a pool without one.",
        required=True,
    )
    description: str | None = field("Description shown in the WebUI.")
    task_container_defaults: MasterTaskContainerDefaults | None = field(
        "Task defaults of this pool; they replace the cluster's taskContainerDefaults for its tasks."
    )
    provider: OpenObject | None = field("Cloud provisioner of agent pools.", no_effect=_AGENT_ONLY)
    scheduler: OpenObject | None = field("Scheduler of agent pools.", no_effect=_AGENT_ONLY)
    max_aux_containers_per_agent: NonNegativeInt | None = field(
        "Zero-slot containers per agent.", no_effect=_AGENT_ONLY
    )
    agent_reattach_enabled: bool | None = field(
        "Reattach agents' containers after a restart.", no_effect=_AGENT_ONLY
    )
    agent_reconnect_wait: str | None = field(
        "How long to wait for an agent to reconnect.", no_effect=_AGENT_ONLY
    )
    max_cpu_containers_per_agent: NonNegativeInt | None = field(
        "Deprecated name of max_aux_containers_per_agent.", no_effect=_AGENT_ONLY
    )


class Fluent(Section):
    model_config = config("master-strict", where="resource_manager.fluent")

    image: str | None = field("Fluent Bit image.")
    uid: int | None = field("User id Fluent Bit runs as.")
    gid: int | None = field("Group id Fluent Bit runs as.")


class SlotRequests(Section):
    model_config = config("master-strict", where="slot_resource_requests")

    cpu: Annotated[float, Field(gt=0)] | None = field("CPUs requested per slot when slot_type is cpu.")


class TaskGateway(Section):
    model_config = config("master-strict", where="internal_task_gateway")

    gateway_name: str | None = field("Name of the Gateway object exposing tasks.")
    gateway_namespace: Namespace | None = field("Namespace of the Gateway object.")
    gateway_ip: str | None = field("Address of the Gateway as seen by the master.")
    gateway_port_range_start: Annotated[int, Field(ge=1025, le=65535)] | None = field(
        "First port of the range the Gateway may use."
    )
    gateway_port_range_end: Annotated[int, Field(ge=1025, le=65535)] | None = field(
        "Last port of the range the Gateway may use."
    )


class KubernetesResourceManager(Section):
    """A Kubernetes resource manager of another cluster (the master's ``resource_manager`` plus the kubeconfig)."""

    model_config = config(
        "master-strict",
        where="a resource manager",
        moved={
            "resource_pools": "resource_pools goes beside resource_manager (one level up), not inside it",
            "kubeconfig_path": "the chart sets kubeconfig_path itself from kubeconfig_secret_name and "
            "kubeconfig_secret_value; remove it",
        },
    )

    type: Literal["kubernetes"] = field(
        "Resource manager type; additional resource managers must be kubernetes (without a type the master "
        "takes an agent resource manager and refuses the Kubernetes keys).",
        required=True,
    )
    kubeconfig_secret_name: ObjectName | None = field(
        "Secret holding the kubeconfig of the other cluster (the chart mounts it; not passed to the master)."
    )
    kubeconfig_secret_value: str | None = field(
        "Key of the kubeconfig inside that Secret (not passed to the master).", secret=True
    )
    cluster_name: str | None = field("Unique name of the cluster this resource manager schedules on.")
    default_namespace: Namespace | None = field(
        "Namespace tasks go to unless their workspace is bound to another."
    )
    max_slots_per_pod: PositiveInt | None = field(
        "GPUs (slots) per pod on that cluster.", checked_by="additional-rm-max-slots"
    )
    master_service_name: str | None = field("Name of the master's Service as seen from that cluster.")
    leave_kubernetes_resources: bool | None = field(
        "Keep pods and config maps of finished tasks (debugging)."
    )
    default_scheduler: Literal["coscheduler", "preemption"] | None = field(
        "Scheduler of that cluster's tasks: coscheduler for gang scheduling; blank for the default scheduler.",
        enum_changes={"preemption": "preemption-scheduler"},
        enum_notes={
            "preemption": "the {release} master refuses default_scheduler preemption (removed in "
            f"{dropped('preemption-scheduler')}): "
            "use coscheduler or leave it unset",
        },
    )
    slot_type: Literal["cuda", "gpu", "cpu", "rocm"] | None = field(
        "What a slot is on that cluster: cuda (or gpu), cpu or rocm.",
        enum_changes={"rocm": "rocm-slots"},
        enum_notes={
            "rocm": "the {release} master refuses slot_type rocm on Kubernetes at start-up (accepted from "
            f"{first('rocm-slots')} on)"
        },
    )
    slot_resource_requests: SlotRequests | None = field("Per-slot requests when slot_type is cpu.")
    fluent: Fluent | None = field(
        "Fluent Bit settings.",
        no_effect="the master no longer uses resource_manager.fluent (deprecated upstream)",
    )
    determined_master_scheme: Literal["http", "https"] | None = field(
        "Scheme tasks on that cluster use to reach the master."
    )
    determined_master_ip: Host | None = field(
        "Address tasks on that cluster use to reach the master.",
        change="rm-master-ip",
        replaced_by="determined_master_host",
    )
    determined_master_host: Host | None = field(
        "Host tasks on that cluster use to reach the master.",
        change="rm-master-host",
        replaced_by="determined_master_ip",
    )
    determined_master_port: Port | None = field("Port tasks on that cluster use to reach the master.")
    default_aux_resource_pool: str | None = field("Pool of that cluster for CPU-only tasks.")
    default_compute_resource_pool: str | None = field("Pool of that cluster for GPU tasks.")
    no_default_resource_pools: bool | None = field("Give that cluster no default pools.")
    internal_task_gateway: TaskGateway | None = field("Gateway exposing tasks of that cluster to the master.")
    name: str | None = field("Deprecated name of cluster_name.")
    metadata: dict[str, str] | None = field("Labels of this resource manager.")


class AdditionalResourceManager(Section):
    model_config = config("master-strict", where="an additional resource manager")

    resource_manager: KubernetesResourceManager = field(
        "The other cluster's resource manager.", required=True
    )
    resource_pools: list[ResourcePool] | None = field("Resource pools of that cluster.")


class ResourceManager(Section):
    model_config = config(
        "chart",
        where="resourceManager",
        moved={
            "defaultComputeResourcePool": "it is a top-level value (defaultComputeResourcePool), "
            "not part of resourceManager",
            "defaultAuxResourcePool": "it is a top-level value (defaultAuxResourcePool), not part of resourceManager",
        },
    )

    defaultNamespace: Namespace | None = field(
        "Namespace tasks go to unless their workspace is bound to another; the release namespace when unset.",
        values_yaml=True,
    )
    clusterName: str | None = field(
        "Name of this cluster among the master's resource managers (resource_manager.cluster_name).",
        values_yaml=True,
    )
