"""The whole values document of the Determined chart.

Fields are declared in the order of upstream's values.yaml (keys it only mentions in
comments at their place), then the keys only the templates read, then chartgen's
extensions; ``DEFAULTS`` of ``chartgen.data`` and the docs follow this order.
"""

from __future__ import annotations

from typing import Literal

from chartgen.releases import dropped, first
from chartgen.values.model.base import Section, config, field, section
from chartgen.values.model.checkpoint import CheckpointStorage
from chartgen.values.model.cluster import Cluster
from chartgen.values.model.db import Db
from chartgen.values.model.genai import Genai
from chartgen.values.model.images import DefaultImages
from chartgen.values.model.ingress import Ingress
from chartgen.values.model.logging import Logging, RetentionPolicy
from chartgen.values.model.master import (
    MasterService,
    Observability,
    OpenshiftRoute,
    SlotResourceRequests,
    Telemetry,
)
from chartgen.values.model.pools import AdditionalResourceManager, Fluent, ResourceManager, ResourcePool
from chartgen.values.model.security import Oidc, Saml, Scim, Security
from chartgen.values.model.tasks import TaskContainerDefaults
from chartgen.values.model.types import (
    Cidr,
    Cpu,
    Host,
    Memory,
    MemoryLimit,
    ObjectName,
    OpenObject,
    Port,
    PositiveInt,
)

_RESOURCE_MANAGER = (
    "the chart writes master.yaml's resource_manager itself, from maxSlotsPerPod, slotType, "
    "slotResourceRequests, defaultScheduler, resourceManager.defaultNamespace and .clusterName, "
    "defaultAuxResourcePool, defaultComputeResourcePool and determinedMasterHost/Port/Scheme; set those instead"
)

_ROCM = (
    'the {release} master refuses slot_type rocm on Kubernetes at start-up ("rocm slot_type is not '
    f'supported yet on k8s"); masters from {first("rocm-slots")} on accept it'
)

_PREEMPTION = (
    f"`preemption` is no longer read from Determined {dropped('preemption-scheduler')} on: the {{release}} "
    "chart silently ignores it, renders no scheduler objects and no default_scheduler, so tasks go to the "
    "default Kubernetes scheduler, without priority preemption; use `coscheduler` for gang scheduling or "
    "remove the key"
)


class Values(Section):
    """Values of the Determined Helm chart (every release of ``chartgen.releases``) plus chartgen's extensions."""

    model_config = config(
        "chart",
        where="the chart's values",
        moved={
            "resource_manager": _RESOURCE_MANAGER,
            "log": "the master's log settings are the top-level logLevel and logColor",
            "port": "the master's port is masterPort",
            "kubernetes_namespace": "namespaces are bound to workspaces; the default one is "
            "resourceManager.defaultNamespace",
        },
    )

    imageRegistry: str | None = field(
        "Registry (and path) of the master image: <imageRegistry>/determined-master:<version>.",
        "determinedai",
        values_yaml=True,
    )
    defaultImages: DefaultImages | None = section(
        DefaultImages,
        "Images of the database, the schedulers and default task environments.",
        values_yaml=True,
    )
    enterpriseEdition: bool | None = field(
        "Install the Enterprise Edition (image hpe-mlde-master); needed for OIDC, SAML and SCIM.",
        False,
        values_yaml=True,
    )
    imagePullSecretName: ObjectName | None = field(
        "Secret with the credentials of a private or Enterprise registry.", values_yaml=True
    )
    logLevel: Literal["trace", "debug", "info", "warn", "warning", "error", "fatal", "panic"] | None = field(
        "Master log level.", "info", values_yaml=True, case_insensitive=True
    )
    logColor: bool | None = field("Colour the master's log.", True, values_yaml=True, empty_is_default=True)
    masterPort: Port | None = field("Port of the master Service.", 8080, values_yaml=True)
    createNonNamespacedObjects: bool | None = field(
        "Create cluster-wide objects (PriorityClasses); false for every installation but the first of a cluster.",
        True,
        values_yaml=True,
    )
    externalCaCertSecretName: ObjectName | None = field(
        "Secret with CA certificates to add to the master's trust store."
    )
    useNodePortForMaster: bool | None = field(
        "Expose the master with a NodePort Service instead of a LoadBalancer (for an Ingress in front).",
        False,
        values_yaml=True,
    )
    masterService: MasterService | None = section(
        MasterService, "Settings of the master Service.", change="master-service-annotations"
    )
    openshiftRoute: OpenshiftRoute | None = section(OpenshiftRoute, "OpenShift Route to the master.")
    tlsSecret: ObjectName | None = field(
        "Secret of type kubernetes.io/tls in the release namespace; the master then serves TLS itself."
    )
    security: Security | None = section(Security, "Default task user, authorization and tokens.")
    oidc: Oidc | None = section(Oidc, "OpenID Connect single sign-on (Enterprise Edition).")
    scim: Scim | None = section(Scim, "SCIM user provisioning (Enterprise Edition).")
    saml: Saml | None = section(Saml, "SAML single sign-on (Enterprise Edition).")
    db: Db | None = section(Db, "The PostgreSQL database.", values_yaml=True)
    checkpointStorage: CheckpointStorage | None = section(
        CheckpointStorage, "Where checkpoints and TensorBoard data are stored.", values_yaml=True
    )
    maxSlotsPerPod: PositiveInt | None = field(
        "GPUs per pod, required: a task of N slots runs as one pod when N <= maxSlotsPerPod, else as "
        "N/maxSlotsPerPod pods; with mixed nodes use the greatest common divisor of their GPU counts.",
        values_yaml=True,
        checked_by="max-slots-per-pod-positive",
    )
    slotType: Literal["gpu", "cpu", "rocm"] | None = field(
        "What a slot is: gpu (CUDA, the default), cpu (set slotResourceRequests.cpu) or rocm (masters before "
        f"{first('rocm-slots')} refuse rocm on Kubernetes).",
        enum_changes={"rocm": "rocm-slots"},
        enum_notes={"rocm": _ROCM},
    )
    slotResourceRequests: SlotResourceRequests | None = section(
        SlotResourceRequests, "Per-slot requests when slotType is cpu."
    )
    masterCpuRequest: Cpu | None = field("CPU request of the master.", 2, values_yaml=True)
    masterMemRequest: Memory | None = field("Memory request of the master.", "8Gi", values_yaml=True)
    masterCpuLimit: Cpu | None = field("CPU limit of the master.")
    masterMemLimit: MemoryLimit | None = field("Memory limit of the master.")
    taskContainerDefaults: TaskContainerDefaults | None = field(
        "Defaults of every task container: network, pod specs, images, log policies, startup hook.",
        values_yaml=True,
    )
    telemetry: Telemetry | None = section(Telemetry, "Anonymous usage reporting.", values_yaml=True)
    observability: Observability | None = section(Observability, "Prometheus metrics of the master.")
    clusterName: str | None = field("Name shown for this cluster in the WebUI.")
    tensorboardTimeout: int | None = field("Seconds before an idle TensorBoard is stopped (300 by default).")
    notebookTimeout: int | None = field("Seconds before an idle notebook is stopped (never by default).")
    defaultPassword: str | None = field(
        "Deprecated name of initialUserPassword, used when that is unset.", secret=True
    )
    logging: Logging | None = section(Logging, "Where task logs are stored.")
    defaultScheduler: Literal["coscheduler", "preemption"] | None = field(
        "Scheduler of task pods: coscheduler (gang scheduling), before "
        f"{dropped('preemption-scheduler')} also preemption; unset for "
        "the default Kubernetes scheduler.",
        enum_changes={"preemption": "preemption-scheduler"},
        enum_ignored=("preemption",),
        trimmed=True,
        enum_notes={"preemption": _PREEMPTION},
    )
    resourcePools: list[ResourcePool] | None = field(
        "Resource pools, copied verbatim into master.yaml resource_pools.",
        [{"pool_name": "default"}],
        values_yaml=True,
    )
    defaultAuxResourcePool: str | None = field(
        "Pool of CPU-only tasks; the master uses the pool named default when unset."
    )
    defaultComputeResourcePool: str | None = field(
        "Pool of GPU tasks; the master uses the pool named default when unset."
    )
    initialUserPassword: str | None = field(
        "Password of the admin and determined users on first install: at least 8 characters with an "
        "upper-case letter, a lower-case letter and a digit.",
        secret=True,
    )
    determinedMasterHost: Host | None = field(
        "Host tasks use to reach the master (when clusters span or proxies sit between); "
        "<service>.<namespace>.svc.cluster.local by default.",
        change="master-host",
    )
    determinedMasterPort: Port | None = field(
        "Port for determinedMasterHost (masterPort by default).", change="master-host"
    )
    determinedMasterScheme: Literal["http", "https"] | None = field(
        "Scheme for determinedMasterHost (https with tlsSecret, else http).", change="master-host"
    )
    additional_resource_managers: list[AdditionalResourceManager] | None = field(
        "Resource managers of other Kubernetes clusters, each with its pools and kubeconfig Secret."
    )
    retentionPolicy: RetentionPolicy | None = section(RetentionPolicy, "Retention of task logs.")
    resourceManager: ResourceManager | None = section(
        ResourceManager,
        "Default namespace and cluster name of the master's resource manager.",
        values_yaml=True,
    )
    detVersion: str | None = field(
        "Master image tag instead of the chart's appVersion: a release X.Y.Z or a commit hash."
    )
    loadBalancerSourceRanges: list[Cidr] | None = field(
        "CIDR ranges allowed to reach the master's LoadBalancer Service."
    )
    fluent: Fluent | None = field(
        "Fluent Bit settings, copied into master.yaml resource_manager.fluent.",
        no_effect="the master no longer uses resource_manager.fluent (deprecated upstream)",
    )
    genai: Genai | None = section(Genai, "The GenAI (Lore) service.")
    global_: OpenObject | None = field(
        "Helm's global values, shared with parent and sibling charts; the Determined chart reads none.",
        alias="global",
    )
    enabled: bool | None = field(
        "An umbrella chart's condition for this chart (``determined.enabled``): Helm passes it down "
        "with the values; the Determined chart reads none."
    )
    cluster: Cluster | None = section(Cluster, "chartgen: the cluster's node groups, for slot-sizing checks.")
    ingress: Ingress | None = section(Ingress, "chartgen: an Ingress to the master.")
