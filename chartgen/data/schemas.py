"""Each release's JSON Schema lint walks (``SCHEMA``) and chart values.yaml (``DEFAULTS``), folded (``chartgen.gen.fold``): ``{(release, ...): value}`` where they differ, found by ``SPINES``. Generated: do not edit."""

from __future__ import annotations

from chartgen.hints import typing

SCHEMA: typing.Any = {
    '$schema': 'https://json-schema.org/draft/2020-12/schema',
    '$id': {
        ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'tag:chartgen,2026:determined-values-schema/{release}',
    },
    'title': {
        ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'Values of the Determined Helm chart {release}',
    },
    'description': {
        ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): "What the Determined {release} chart reads, plus chartgen's extensions (cluster, ingress).",
    },
    'type': 'object',
    'properties': {
        'imageRegistry': {
            'description': 'Registry (and path) of the master image: <imageRegistry>/determined-master:<version>.',
            'type': ['string', 'null'],
            'default': 'determinedai',
        },
        'defaultImages': {
            'description': 'Images of the database, the schedulers and default task environments.',
            'anyOf': [{'$ref': '#/$defs/DefaultImages'}, {'type': 'null'}],
            'default': {
                'postgreSQL': 'postgres:10.14',
                'kubeScheduler': 'k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.18.9',
                'kubeSchedulerPreemption': {('0.35.0', '0.35.1'): 'determinedai/kube-scheduler:0.17.0'},
                'cpuImage': {
                    ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
                },
                'gpuImage': {
                    ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
                },
                'rocmImage': {
                    ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d',
                },
            },
        },
        'enterpriseEdition': {
            'description': 'Install the Enterprise Edition (image hpe-mlde-master); needed for OIDC, SAML and SCIM.',
            'type': ['boolean', 'null'],
            'default': False,
        },
        'imagePullSecretName': {
            'description': 'Secret with the credentials of a private or Enterprise registry.',
            'type': ['string', 'null'],
            'format': 'dns-subdomain',
            'default': None,
        },
        'logLevel': {
            'description': 'Master log level.',
            'type': ['string', 'null'],
            'enum': ['trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic', None],
            'x-case-insensitive': True,
            'default': 'info',
        },
        'logColor': {
            'description': "Colour the master's log.",
            'type': ['boolean', 'null'],
            'x-empty-is-default': True,
            'default': True,
        },
        'masterPort': {
            'description': 'Port of the master Service.',
            'type': ['integer', 'null'],
            'minimum': 1,
            'maximum': 65535,
            'default': 8080,
        },
        'createNonNamespacedObjects': {
            'description': 'Create cluster-wide objects (PriorityClasses); false for every installation but the first of a cluster.',
            'type': ['boolean', 'null'],
            'default': True,
        },
        'externalCaCertSecretName': {
            'description': "Secret with CA certificates to add to the master's trust store.",
            'type': ['string', 'null'],
            'format': 'dns-subdomain',
            'default': None,
        },
        'useNodePortForMaster': {
            'description': 'Expose the master with a NodePort Service instead of a LoadBalancer (for an Ingress in front).',
            'type': ['boolean', 'null'],
            'default': False,
        },
        'masterService': {
            ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): {
                'description': 'Settings of the master Service.',
                'anyOf': [{'$ref': '#/$defs/MasterService'}, {'type': 'null'}],
                'default': None,
            },
        },
        'openshiftRoute': {
            'description': 'OpenShift Route to the master.',
            'anyOf': [{'$ref': '#/$defs/OpenshiftRoute'}, {'type': 'null'}],
            'default': None,
        },
        'tlsSecret': {
            'description': 'Secret of type kubernetes.io/tls in the release namespace; the master then serves TLS itself.',
            'type': ['string', 'null'],
            'format': 'dns-subdomain',
            'default': None,
        },
        'security': {
            'description': 'Default task user, authorization and tokens.',
            'anyOf': [{'$ref': '#/$defs/Security'}, {'type': 'null'}],
            'default': None,
        },
        'oidc': {
            'description': 'OpenID Connect single sign-on (Enterprise Edition).',
            'anyOf': [{'$ref': '#/$defs/Oidc'}, {'type': 'null'}],
            'default': None,
        },
        'scim': {
            'description': 'SCIM user provisioning (Enterprise Edition).',
            'anyOf': [{'$ref': '#/$defs/Scim'}, {'type': 'null'}],
            'default': None,
        },
        'saml': {
            'description': 'SAML single sign-on (Enterprise Edition).',
            'anyOf': [{'$ref': '#/$defs/Saml'}, {'type': 'null'}],
            'default': None,
        },
        'db': {
            'description': 'The PostgreSQL database.',
            'anyOf': [{'$ref': '#/$defs/Db'}, {'type': 'null'}],
            'default': {
                'name': 'determined',
                'user': 'postgres',
                'password': 'postgres',
                'port': 5432,
                'storageSize': '30Gi',
                'cpuRequest': 2,
                'memRequest': '8Gi',
                'useNodePortForDB': False,
            },
        },
        'checkpointStorage': {
            'description': 'Where checkpoints and TensorBoard data are stored.',
            'anyOf': [{'$ref': '#/$defs/CheckpointStorage'}, {'type': 'null'}],
            'default': {
                'saveExperimentBest': 0,
                'saveTrialBest': 1,
                'saveTrialLatest': 1,
                'type': 'shared_fs',
                'hostPath': '/tmp/checkpoints',
                'mountToServer': False,
            },
        },
        'maxSlotsPerPod': {
            'description': 'GPUs per pod, required: a task of N slots runs as one pod when N <= maxSlotsPerPod, else as N/maxSlotsPerPod pods; with mixed nodes use the greatest common divisor of their GPU counts.',
            'type': ['integer', 'null'],
            'minimum': 1,
            'x-checked-by': 'max-slots-per-pod-positive',
            'default': None,
        },
        'slotType': {
            'description': 'What a slot is: gpu (CUDA, the default), cpu (set slotResourceRequests.cpu) or rocm (masters before 0.36.0 refuse rocm on Kubernetes).',
            'type': ['string', 'null'],
            'enum': {
                ('0.35.0', '0.35.1'): ['gpu', 'cpu', None],
                ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): ['gpu', 'cpu', 'rocm', None],
            },
            'x-enum-notes': {
                ('0.35.0', '0.35.1'): {
                    'rocm': 'the {release} master refuses slot_type rocm on Kubernetes at start-up ("rocm slot_type is not supported yet on k8s"); masters from 0.36.0 on accept it',
                },
            },
            'default': None,
        },
        'slotResourceRequests': {
            'description': 'Per-slot requests when slotType is cpu.',
            'anyOf': [{'$ref': '#/$defs/SlotResourceRequests'}, {'type': 'null'}],
            'default': None,
        },
        'masterCpuRequest': {
            'description': 'CPU request of the master.',
            'type': ['number', 'string', 'null'],
            'format': 'cpu',
            'default': 2,
        },
        'masterMemRequest': {
            'description': 'Memory request of the master.',
            'type': ['number', 'string', 'null'],
            'format': 'memory',
            'default': '8Gi',
        },
        'masterCpuLimit': {
            'description': 'CPU limit of the master.',
            'type': ['number', 'string', 'null'],
            'format': 'cpu',
            'default': None,
        },
        'masterMemLimit': {
            'description': 'Memory limit of the master.',
            'type': ['number', 'string', 'null'],
            'format': 'memory-limit',
            'default': None,
        },
        'taskContainerDefaults': {
            'description': 'Defaults of every task container: network, pod specs, images, log policies, startup hook.',
            'anyOf': [{'$ref': '#/$defs/TaskContainerDefaults'}, {'type': 'null'}],
            'default': None,
        },
        'telemetry': {
            'description': 'Anonymous usage reporting.',
            'anyOf': [{'$ref': '#/$defs/Telemetry'}, {'type': 'null'}],
            'default': {'enabled': True},
        },
        'observability': {
            'description': 'Prometheus metrics of the master.',
            'anyOf': [{'$ref': '#/$defs/Observability'}, {'type': 'null'}],
            'default': None,
        },
        'clusterName': {
            'description': 'Name shown for this cluster in the WebUI.',
            'type': ['string', 'null'],
            'default': None,
        },
        'tensorboardTimeout': {
            'description': 'Seconds before an idle TensorBoard is stopped (300 by default).',
            'type': ['integer', 'null'],
            'default': None,
        },
        'notebookTimeout': {
            'description': 'Seconds before an idle notebook is stopped (never by default).',
            'type': ['integer', 'null'],
            'default': None,
        },
        'defaultPassword': {
            'description': 'Deprecated name of initialUserPassword, used when that is unset.',
            'type': ['string', 'null'],
            'x-secret': True,
            'default': None,
        },
        'logging': {
            'description': 'Where task logs are stored.',
            'anyOf': [{'$ref': '#/$defs/Logging'}, {'type': 'null'}],
            'default': None,
        },
        'defaultScheduler': {
            'description': 'Scheduler of task pods: coscheduler (gang scheduling), before 0.36.0 also preemption; unset for the default Kubernetes scheduler.',
            'type': ['string', 'null'],
            'enum': ['coscheduler', 'preemption', None],
            'x-enum-ignored': {('0.36.0', '0.37.0', '0.38.0', '0.38.1'): ['preemption']},
            'x-enum-notes': {
                ('0.36.0',): {
                    'preemption': '`preemption` is no longer read from Determined 0.36.0 on: the 0.36.0 chart silently ignores it, renders no scheduler objects and no default_scheduler, so tasks go to the default Kubernetes scheduler, without priority preemption; use `coscheduler` for gang scheduling or remove the key',
                },
                ('0.37.0', '0.38.0', '0.38.1'): {
                    'preemption': '`preemption` is no longer read from Determined 0.36.0 on: the {release} chart silently ignores it, renders no scheduler objects and no default_scheduler, so tasks go to the default Kubernetes scheduler, without priority preemption; use `coscheduler` for gang scheduling or remove the key',
                },
            },
            'x-trimmed': True,
            'default': None,
        },
        'resourcePools': {
            'description': 'Resource pools, copied verbatim into master.yaml resource_pools.',
            'type': ['array', 'null'],
            'items': {'$ref': '#/$defs/ResourcePool'},
            'default': [{'pool_name': 'default'}],
        },
        'defaultAuxResourcePool': {
            'description': 'Pool of CPU-only tasks; the master uses the pool named default when unset.',
            'type': ['string', 'null'],
            'default': None,
        },
        'defaultComputeResourcePool': {
            'description': 'Pool of GPU tasks; the master uses the pool named default when unset.',
            'type': ['string', 'null'],
            'default': None,
        },
        'initialUserPassword': {
            'description': 'Password of the admin and determined users on first install: at least 8 characters with an upper-case letter, a lower-case letter and a digit.',
            'type': ['string', 'null'],
            'x-secret': True,
            'default': None,
        },
        'determinedMasterHost': {
            ('0.38.0', '0.38.1'): {
                'description': 'Host tasks use to reach the master (when clusters span or proxies sit between); <service>.<namespace>.svc.cluster.local by default.',
                'type': ['string', 'null'],
                'format': 'host',
                'default': None,
            },
        },
        'determinedMasterPort': {
            ('0.38.0', '0.38.1'): {
                'description': 'Port for determinedMasterHost (masterPort by default).',
                'type': ['integer', 'null'],
                'minimum': 1,
                'maximum': 65535,
                'default': None,
            },
        },
        'determinedMasterScheme': {
            ('0.38.0', '0.38.1'): {
                'description': 'Scheme for determinedMasterHost (https with tlsSecret, else http).',
                'type': ['string', 'null'],
                'enum': ['http', 'https', None],
                'default': None,
            },
        },
        'additional_resource_managers': {
            'description': 'Resource managers of other Kubernetes clusters, each with its pools and kubeconfig Secret.',
            'type': ['array', 'null'],
            'items': {'$ref': '#/$defs/AdditionalResourceManager'},
            'default': None,
        },
        'retentionPolicy': {
            'description': 'Retention of task logs.',
            'anyOf': [{'$ref': '#/$defs/RetentionPolicy'}, {'type': 'null'}],
            'default': None,
        },
        'resourceManager': {
            'description': "Default namespace and cluster name of the master's resource manager.",
            'anyOf': [{'$ref': '#/$defs/ResourceManager'}, {'type': 'null'}],
            'default': {'defaultNamespace': None, 'clusterName': None},
        },
        'detVersion': {
            'description': "Master image tag instead of the chart's appVersion: a release X.Y.Z or a commit hash.",
            'type': ['string', 'null'],
            'default': None,
        },
        'loadBalancerSourceRanges': {
            'description': "CIDR ranges allowed to reach the master's LoadBalancer Service.",
            'type': ['array', 'null'],
            'items': {'type': 'string', 'format': 'cidr'},
            'default': None,
        },
        'fluent': {
            'description': 'Fluent Bit settings, copied into master.yaml resource_manager.fluent.',
            'anyOf': [{'$ref': '#/$defs/Fluent'}, {'type': 'null'}],
            'x-no-effect': 'the master no longer uses resource_manager.fluent (deprecated upstream)',
            'default': None,
        },
        'genai': {
            'description': 'The GenAI (Lore) service.',
            'anyOf': [{'$ref': '#/$defs/Genai'}, {'type': 'null'}],
            'default': None,
        },
        'global': {
            'description': "Helm's global values, shared with parent and sibling charts; the Determined chart reads none.",
            'type': ['object', 'null'],
            'additionalProperties': True,
            'default': None,
        },
        'enabled': {
            'description': "An umbrella chart's condition for this chart (``determined.enabled``): Helm passes it down with the values; the Determined chart reads none.",
            'type': ['boolean', 'null'],
            'default': None,
        },
        'cluster': {
            'description': "chartgen: the cluster's node groups, for slot-sizing checks.",
            'anyOf': [{'$ref': '#/$defs/Cluster'}, {'type': 'null'}],
            'default': None,
        },
        'ingress': {
            'description': 'chartgen: an Ingress to the master.',
            'anyOf': [{'$ref': '#/$defs/Ingress'}, {'type': 'null'}],
            'default': None,
        },
    },
    'additionalProperties': False,
    'x-consumer': 'chart',
    'x-moved': {
        'kubernetes_namespace': 'namespaces are bound to workspaces; the default one is resourceManager.defaultNamespace',
        'log': "the master's log settings are the top-level logLevel and logColor",
        'port': "the master's port is masterPort",
        'resource_manager': "the chart writes master.yaml's resource_manager itself, from maxSlotsPerPod, slotType, slotResourceRequests, defaultScheduler, resourceManager.defaultNamespace and .clusterName, defaultAuxResourcePool, defaultComputeResourcePool and determinedMasterHost/Port/Scheme; set those instead",
    },
    'x-other-releases': {
        ('0.35.0', '0.35.1'): {
            'masterService': '`masterService` is not read by the {release} chart (it is read from 0.36.0 on); Helm ignores it, so it has no effect',
            'determinedMasterHost': '`determinedMasterHost` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
            'determinedMasterPort': '`determinedMasterPort` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
            'determinedMasterScheme': '`determinedMasterScheme` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
        },
        ('0.36.0', '0.37.0'): {
            'determinedMasterHost': '`determinedMasterHost` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
            'determinedMasterPort': '`determinedMasterPort` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
            'determinedMasterScheme': '`determinedMasterScheme` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
        },
    },
    'x-where': "the chart's values",
    '$defs': {
        'AdditionalResourceManager': {
            'type': 'object',
            'properties': {
                'resource_manager': {
                    'description': "The other cluster's resource manager.",
                    '$ref': '#/$defs/KubernetesResourceManager',
                },
                'resource_pools': {
                    'description': 'Resource pools of that cluster.',
                    'type': ['array', 'null'],
                    'items': {'$ref': '#/$defs/ResourcePool'},
                    'default': None,
                },
            },
            'required': ['resource_manager'],
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'an additional resource manager',
        },
        'AssignWorkspaceCreator': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Give the creator of a workspace a role on it.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'role_id': {
                    'description': 'Id of that role (2, WorkspaceAdmin, by default).',
                    'type': ['integer', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'authz.workspace_creator_assign_role',
        },
        'Authz': {
            'description': "The master's ``security.authz`` (Enterprise Edition for anything but basic).",
            'type': 'object',
            'properties': {
                'type': {
                    'description': 'Authorization mode: basic, or rbac (Enterprise Edition).',
                    'type': ['string', 'null'],
                    'enum': ['basic', 'rbac', None],
                    'default': None,
                },
                'fallback': {
                    'description': 'Mode used when type is unavailable.',
                    'type': ['string', 'null'],
                    'enum': ['basic', 'rbac', None],
                    'default': None,
                },
                'rbac_ui_enabled': {
                    'description': 'Show RBAC in the WebUI (on with rbac by default).',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                '_strict_ntsc_enabled': {
                    'description': 'Removed upstream; accepted but has no effect.',
                    'type': ['boolean', 'null'],
                    'x-no-effect': 'the master no longer uses _strict_ntsc_enabled',
                    'default': None,
                },
                'workspace_creator_assign_role': {
                    'description': 'Role given to the creator of a new workspace.',
                    'anyOf': [{'$ref': '#/$defs/AssignWorkspaceCreator'}, {'type': 'null'}],
                    'default': None,
                },
                'strict_job_queue_control': {
                    'description': 'Only admins may change the job queue.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'security.authz',
        },
        'BindMount': {
            'type': 'object',
            'properties': {
                'host_path': {
                    'description': 'Absolute path on the node.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'container_path': {
                    'description': 'Path inside the container.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'read_only': {
                    'description': 'Mount read-only.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'propagation': {
                    'description': 'Mount propagation, rprivate by default.',
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'a bind mount',
        },
        'CheckpointStorage': {
            'type': 'object',
            'properties': {
                'saveExperimentBest': {
                    'description': 'Checkpoints to keep of the best trials of an experiment.',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'x-checked-by': 'checkpoint-save-count',
                    'default': 0,
                },
                'saveTrialBest': {
                    'description': 'Best checkpoints to keep of each trial.',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'x-checked-by': 'checkpoint-save-count',
                    'default': 1,
                },
                'saveTrialLatest': {
                    'description': 'Latest checkpoints to keep of each trial.',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'x-checked-by': 'checkpoint-save-count',
                    'default': 1,
                },
                'type': {
                    'description': 'Storage backend: shared_fs (a hostPath on every node, for testing), directory, s3, gcs or azure.',
                    'type': ['string', 'null'],
                    'enum': ['shared_fs', 'directory', 's3', 'gcs', 'azure', None],
                    'default': 'shared_fs',
                },
                'hostPath': {
                    'description': 'shared_fs: directory on the nodes where checkpoints are written.',
                    'type': ['string', 'null'],
                    'default': '/tmp/checkpoints',
                },
                'mountToServer': {
                    'description': 'shared_fs: also mount hostPath into the master so checkpoints can be downloaded.',
                    'type': ['boolean', 'null'],
                    'default': False,
                },
                'containerPath': {
                    'description': 'directory: path inside task containers where checkpoints are written.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'bucket': {
                    'description': 's3, gcs: name of the bucket.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'prefix': {
                    'description': 's3, gcs: path prefix of checkpoints inside the bucket.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'accessKey': {
                    'description': "s3: access key id; the pods' own credentials when unset.",
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'secretKey': {
                    'description': 's3: secret access key.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'endpointUrl': {
                    'description': 's3: endpoint of an S3-compatible service such as MinIO (http://host:9000).',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'container': {
                    'description': 'azure: name of the blob container.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'connection_string': {
                    'description': 'azure: connection string of the storage account (exclusive with account_url).',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'account_url': {
                    'description': 'azure: URL of the storage account (exclusive with connection_string).',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'credential': {
                    'description': 'azure: optional credential used with account_url.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'checkpointStorage',
        },
        'Cluster': {
            'type': 'object',
            'properties': {
                'nodes': {
                    'description': 'The node groups of the cluster.',
                    'type': ['array', 'null'],
                    'items': {'$ref': '#/$defs/NodeGroup'},
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chartgen',
            'x-where': 'cluster',
        },
        'Db': {
            'type': 'object',
            'properties': {
                'hostAddress': {
                    'description': 'Host of an external PostgreSQL database; when set the chart deploys no database, PVC or Service.',
                    'type': ['string', 'null'],
                    'format': 'host',
                    'default': None,
                },
                'name': {
                    'description': 'Name of the database the master uses.',
                    'type': ['string', 'null'],
                    'default': 'determined',
                },
                'user': {
                    'description': 'Database user of the master.',
                    'type': ['string', 'null'],
                    'default': 'postgres',
                },
                'password': {
                    'description': 'Password of the database user.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': 'postgres',
                },
                'port': {
                    'description': 'Port of the database.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'maximum': 65535,
                    'default': 5432,
                },
                'storageSize': {
                    'description': 'Size of the PersistentVolumeClaim of the deployed database.',
                    'type': ['number', 'string', 'null'],
                    'format': 'storage',
                    'default': '30Gi',
                },
                'cpuRequest': {
                    'description': 'CPU request of the deployed database.',
                    'type': ['number', 'string', 'null'],
                    'format': 'cpu',
                    'default': 2,
                },
                'memRequest': {
                    'description': 'Memory request of the deployed database.',
                    'type': ['number', 'string', 'null'],
                    'format': 'memory',
                    'default': '8Gi',
                },
                'cpuLimit': {
                    'description': 'CPU limit of the deployed database.',
                    'type': ['number', 'string', 'null'],
                    'format': 'cpu',
                    'default': None,
                },
                'memLimit': {
                    'description': 'Memory limit of the deployed database.',
                    'type': ['number', 'string', 'null'],
                    'format': 'memory-limit',
                    'default': None,
                },
                'useNodePortForDB': {
                    'description': 'Expose the deployed database with a NodePort Service instead of ClusterIP.',
                    'type': ['boolean', 'null'],
                    'default': False,
                },
                'storageClassName': {
                    'description': "StorageClass of the database PVC; the cluster's default class when unset.",
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'disablePVC': {
                    'description': 'Run the deployed database without a PersistentVolumeClaim (its data is lost with the pod).',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'keepOnUninstall': {
                    'description': "chartgen: annotate the database PVC helm.sh/resource-policy: keep, so that helm uninstall (or an upgrade that drops the claim) leaves it and the database's data in the cluster; upstream Helm ignores the key.",
                    'type': ['boolean', 'null'],
                    'default': False,
                },
                'sslMode': {
                    'description': "PostgreSQL sslmode of the master's connection; any value makes sslRootCert, resourceType and certResourceName required.",
                    'type': ['string', 'null'],
                    'enum': ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full', None],
                    'default': None,
                },
                'sslRootCert': {
                    'description': 'File name (not path) of the root certificate inside the Secret or ConfigMap certResourceName.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'resourceType': {
                    'description': 'Kind of object holding the database certificate: secret or configMap.',
                    'type': ['string', 'null'],
                    'enum': ['secret', 'configMap', None],
                    'x-trimmed': True,
                    'default': None,
                },
                'certResourceName': {
                    'description': 'Name of the Secret or ConfigMap holding the database certificate.',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'claimSuffix': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'Use the existing PVC determined-db-pvc-<claimSuffix> instead of determined-db-pvc-<release>.',
                        'type': ['string', 'integer', 'null'],
                        'format': 'name-suffix',
                        'default': None,
                    },
                },
                'snapshotSuffix': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'On helm upgrade, snapshot the database volume as determined-db-snapshot-<snapshotSuffix> (GKE CSI driver only).',
                        'type': ['string', 'integer', 'null'],
                        'format': 'name-suffix',
                        'default': None,
                    },
                },
                'restoreSnapshotSuffix': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'On helm upgrade, create the database PVC from the snapshot determined-db-snapshot-<suffix>.',
                        'type': ['string', 'integer', 'null'],
                        'format': 'name-suffix',
                        'default': None,
                    },
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-moved': {'host': 'the host of an external database is db.hostAddress'},
            'x-other-releases': {
                ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): {
                    'claimSuffix': '`claimSuffix` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
                    'snapshotSuffix': '`snapshotSuffix` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
                    'restoreSnapshotSuffix': '`restoreSnapshotSuffix` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'db',
        },
        'DefaultImages': {
            'type': 'object',
            'properties': {
                'postgreSQL': {
                    'description': 'Image of the PostgreSQL database the chart deploys when db.hostAddress is unset.',
                    'type': ['string', 'null'],
                    'default': 'postgres:10.14',
                },
                'kubeScheduler': {
                    'description': 'Image of the coscheduler (gang-scheduling kube-scheduler) deployed for defaultScheduler: coscheduler.',
                    'type': ['string', 'null'],
                    'default': 'k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.18.9',
                },
                'kubeSchedulerPreemption': {
                    ('0.35.0', '0.35.1'): {
                        'description': 'Image of the priority-preemption kube-scheduler deployed for defaultScheduler: preemption.',
                        'type': ['string', 'null'],
                        'default': 'determinedai/kube-scheduler:0.17.0',
                    },
                },
                'cpuImage': {
                    'description': 'Default task image for CPU tasks, unless taskContainerDefaults.cpuImage is set.',
                    'type': ['string', 'null'],
                    'default': {
                        ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
                    },
                },
                'gpuImage': {
                    'description': 'Default task image for CUDA GPU tasks, unless taskContainerDefaults.gpuImage is set.',
                    'type': ['string', 'null'],
                    'default': {
                        ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
                    },
                },
                'rocmImage': {
                    ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Default task image for ROCm GPU tasks, unless taskContainerDefaults.rocmImage is set.',
                        'type': ['string', 'null'],
                        'default': 'determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d',
                    },
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-other-releases': {
                'rocmImage': {
                    ('0.35.0', '0.35.1'): '`rocmImage` is not read by the {release} chart (it is read from 0.36.0 on); Helm ignores it, so it has no effect',
                },
                'kubeSchedulerPreemption': {
                    ('0.36.0',): '`kubeSchedulerPreemption` is not read by the 0.36.0 chart (it was removed in 0.36.0); Helm ignores it, so it has no effect',
                    ('0.37.0', '0.38.0', '0.38.1'): '`kubeSchedulerPreemption` is not read by the {release} chart (it was removed in 0.36.0); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'defaultImages',
        },
        'DefaultTask': {
            'type': 'object',
            'properties': {
                'user': {
                    'description': 'User tasks run as unless linked to another (det-nobody in the default images).',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'uid': {
                    'description': 'Numeric id of that user (the master refuses one below 0).',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'default': None,
                },
                'group': {'description': 'Group tasks run as.', 'type': ['string', 'null'], 'default': None},
                'gid': {
                    'description': 'Numeric id of that group (the master refuses one below 0).',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'security.defaultTask',
        },
        'Device': {
            'type': 'object',
            'properties': {
                'host_path': {
                    'description': 'Device path on the node.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'container_path': {
                    'description': 'Device path inside the container.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'mode': {
                    'description': 'cgroup permissions, such as mrw (the default).',
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'a device',
        },
        'ElasticSecurity': {
            'type': 'object',
            'properties': {
                'username': {
                    'description': 'Elasticsearch user.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'password': {
                    'description': 'Elasticsearch password.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'tls': {
                    'description': 'TLS settings of the Elasticsearch connection.',
                    'anyOf': [{'$ref': '#/$defs/ElasticTls'}, {'type': 'null'}],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'logging.security',
        },
        'ElasticTls': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Connect to Elasticsearch over TLS.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'skipVerify': {
                    'description': "Do not verify Elasticsearch's certificate.",
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'certificateName': {
                    'description': 'Name to verify the certificate against, if not the host.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'certificate': {
                    'description': 'PEM contents (not a path) of the CA certificate; --set-file logging.security.tls.certificate=PATH.',
                    'type': ['string', 'null'],
                    'x-free-text': True,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'logging.security.tls',
        },
        'Fluent': {
            'type': 'object',
            'properties': {
                'image': {'description': 'Fluent Bit image.', 'type': ['string', 'null'], 'default': None},
                'uid': {
                    'description': 'User id Fluent Bit runs as.',
                    'type': ['integer', 'null'],
                    'default': None,
                },
                'gid': {
                    'description': 'Group id Fluent Bit runs as.',
                    'type': ['integer', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'resource_manager.fluent',
        },
        'Genai': {
            'type': 'object',
            'properties': {
                'version': {
                    'description': 'GenAI image tag; the GenAI objects are rendered only when it is set.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'port': {
                    'description': 'Port of the GenAI backend Service.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'maximum': 65535,
                    'default': None,
                },
                'messageQueuePort': {
                    'description': 'Port of the GenAI message queue Service.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'maximum': 65535,
                    'default': None,
                },
                'sharedPVCName': {
                    'description': 'Existing PVC shared with tasks, instead of a generated one.',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'sharedFSHostPath': {
                    'description': 'Node directory shared with tasks, instead of a PVC.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'sharedFSMountPath': {
                    'description': 'Where the shared storage is mounted (/run/determined/workdir/shared_fs by default).',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'generatedPVC': {
                    'description': 'The PVC the chart creates when neither sharedPVCName nor sharedFSHostPath is set.',
                    'anyOf': [{'$ref': '#/$defs/GeneratedPvc'}, {'type': 'null'}],
                    'default': None,
                },
                'agentGroupID': {
                    'description': 'Group id GenAI runs as and gives the shared storage to.',
                    'type': ['integer', 'null'],
                    'default': None,
                },
                'shouldInitializeSharedFSGroupPermissions': {
                    'description': 'Run a Job that gives agentGroupID ownership of the shared storage.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'imagePullSecretName': {
                    'description': 'Pull secret of the GenAI image.',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'extraResourcePoolMetadata': {
                    'description': 'Metadata per resource pool name (for example gpu_type); every name must be a pool in resourcePools.',
                    'type': ['object', 'null'],
                    'additionalProperties': {'type': 'object', 'additionalProperties': True},
                    'default': None,
                },
                'cpuRequest': {
                    'description': 'CPU request of the GenAI backend.',
                    'type': ['number', 'string', 'null'],
                    'format': 'cpu',
                    'default': None,
                },
                'cpuLimit': {
                    'description': 'CPU limit of the GenAI backend.',
                    'type': ['number', 'string', 'null'],
                    'format': 'cpu',
                    'default': None,
                },
                'memRequest': {
                    'description': 'Memory request of the GenAI backend.',
                    'type': ['number', 'string', 'null'],
                    'format': 'memory',
                    'default': None,
                },
                'memLimit': {
                    'description': 'Memory limit of the GenAI backend.',
                    'type': ['number', 'string', 'null'],
                    'format': 'memory-limit',
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'genai',
        },
        'GeneratedPvc': {
            'type': 'object',
            'properties': {
                'storageSize': {
                    'description': 'Size of the shared PVC the chart creates for GenAI.',
                    'type': ['number', 'string', 'null'],
                    'format': 'storage',
                    'default': None,
                },
                'storageClassName': {
                    'description': 'StorageClass of that PVC (it must support ReadWriteMany).',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'genai.generatedPVC',
        },
        'Ingress': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Render an Ingress to the master Service.',
                    'type': ['boolean', 'null'],
                    'default': False,
                },
                'className': {
                    'description': 'IngressClass of the Ingress (spec.ingressClassName).',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'host': {
                    'description': 'Host name the Ingress serves (wildcards only as the first label).',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'path': {
                    'description': 'Path served, with pathType Prefix; starts with /.',
                    'type': ['string', 'null'],
                    'pattern': '^/',
                    'default': '/',
                },
                'annotations': {
                    'description': 'Annotations of the Ingress; values are strings.',
                    'type': ['object', 'null'],
                    'additionalProperties': {'type': 'string'},
                    'default': None,
                },
                'tls': {
                    'description': 'TLS of the Ingress.',
                    'anyOf': [{'$ref': '#/$defs/IngressTls'}, {'type': 'null'}],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chartgen',
            'x-where': 'ingress',
        },
        'IngressTls': {
            'type': 'object',
            'properties': {
                'termination': {
                    'description': "Where TLS ends: loadBalancer (the Ingress holds the certificate, plain HTTP to the master) or passthrough (the master's tlsSecret; nginx ssl-passthrough).",
                    'type': ['string', 'null'],
                    'enum': ['loadBalancer', 'passthrough', None],
                    'default': None,
                },
                'secretName': {
                    'description': 'TLS Secret of the Ingress, for loadBalancer termination.',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chartgen',
            'x-where': 'ingress.tls',
        },
        'KubernetesResourceManager': {
            'description': "A Kubernetes resource manager of another cluster (the master's ``resource_manager`` plus the kubeconfig).",
            'type': 'object',
            'properties': {
                'type': {
                    'description': 'Resource manager type; additional resource managers must be kubernetes (without a type the master takes an agent resource manager and refuses the Kubernetes keys).',
                    'type': 'string',
                    'const': 'kubernetes',
                },
                'kubeconfig_secret_name': {
                    'description': 'Secret holding the kubeconfig of the other cluster (the chart mounts it; not passed to the master).',
                    'type': ['string', 'null'],
                    'format': 'dns-subdomain',
                    'default': None,
                },
                'kubeconfig_secret_value': {
                    'description': 'Key of the kubeconfig inside that Secret (not passed to the master).',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'cluster_name': {
                    'description': 'Unique name of the cluster this resource manager schedules on.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'default_namespace': {
                    'description': 'Namespace tasks go to unless their workspace is bound to another.',
                    'type': ['string', 'null'],
                    'format': 'dns-label',
                    'default': None,
                },
                'max_slots_per_pod': {
                    'description': 'GPUs (slots) per pod on that cluster.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'x-checked-by': 'additional-rm-max-slots',
                    'default': None,
                },
                'master_service_name': {
                    'description': "Name of the master's Service as seen from that cluster.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'leave_kubernetes_resources': {
                    'description': 'Keep pods and config maps of finished tasks (debugging).',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'default_scheduler': {
                    'description': "Scheduler of that cluster's tasks: coscheduler for gang scheduling; blank for the default scheduler.",
                    'type': ['string', 'null'],
                    'enum': {
                        ('0.35.0', '0.35.1'): ['coscheduler', 'preemption', None],
                        ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): ['coscheduler', None],
                    },
                    'x-enum-notes': {
                        ('0.36.0',): {
                            'preemption': 'the 0.36.0 master refuses default_scheduler preemption (removed in 0.36.0): use coscheduler or leave it unset',
                        },
                        ('0.37.0', '0.38.0', '0.38.1'): {
                            'preemption': 'the {release} master refuses default_scheduler preemption (removed in 0.36.0): use coscheduler or leave it unset',
                        },
                    },
                    'default': None,
                },
                'slot_type': {
                    'description': 'What a slot is on that cluster: cuda (or gpu), cpu or rocm.',
                    'type': ['string', 'null'],
                    'enum': {
                        ('0.35.0', '0.35.1'): ['cuda', 'gpu', 'cpu', None],
                        ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): ['cuda', 'gpu', 'cpu', 'rocm', None],
                    },
                    'x-enum-notes': {
                        ('0.35.0', '0.35.1'): {
                            'rocm': 'the {release} master refuses slot_type rocm on Kubernetes at start-up (accepted from 0.36.0 on)',
                        },
                    },
                    'default': None,
                },
                'slot_resource_requests': {
                    'description': 'Per-slot requests when slot_type is cpu.',
                    'anyOf': [{'$ref': '#/$defs/SlotRequests'}, {'type': 'null'}],
                    'default': None,
                },
                'fluent': {
                    'description': 'Fluent Bit settings.',
                    'anyOf': [{'$ref': '#/$defs/Fluent'}, {'type': 'null'}],
                    'x-no-effect': 'the master no longer uses resource_manager.fluent (deprecated upstream)',
                    'default': None,
                },
                'determined_master_scheme': {
                    'description': 'Scheme tasks on that cluster use to reach the master.',
                    'type': ['string', 'null'],
                    'enum': ['http', 'https', None],
                    'default': None,
                },
                'determined_master_ip': {
                    ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): {
                        'description': 'Address tasks on that cluster use to reach the master.',
                        'type': ['string', 'null'],
                        'format': 'host',
                        'default': None,
                    },
                },
                'determined_master_host': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'Host tasks on that cluster use to reach the master.',
                        'type': ['string', 'null'],
                        'format': 'host',
                        'default': None,
                    },
                },
                'determined_master_port': {
                    'description': 'Port tasks on that cluster use to reach the master.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'maximum': 65535,
                    'default': None,
                },
                'default_aux_resource_pool': {
                    'description': 'Pool of that cluster for CPU-only tasks.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'default_compute_resource_pool': {
                    'description': 'Pool of that cluster for GPU tasks.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'no_default_resource_pools': {
                    'description': 'Give that cluster no default pools.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'internal_task_gateway': {
                    'description': 'Gateway exposing tasks of that cluster to the master.',
                    'anyOf': [{'$ref': '#/$defs/TaskGateway'}, {'type': 'null'}],
                    'default': None,
                },
                'name': {
                    'description': 'Deprecated name of cluster_name.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'metadata': {
                    'description': 'Labels of this resource manager.',
                    'type': ['object', 'null'],
                    'additionalProperties': {'type': 'string'},
                    'default': None,
                },
            },
            'required': ['type'],
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-moved': {
                'kubeconfig_path': 'the chart sets kubeconfig_path itself from kubeconfig_secret_name and kubeconfig_secret_value; remove it',
                'resource_pools': 'resource_pools goes beside resource_manager (one level up), not inside it',
            },
            'x-other-releases': {
                'determined_master_host': {
                    ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): 'the {release} master does not know `determined_master_host` in a resource manager (it is read from 0.38.0 on); {release} reads `determined_master_ip` instead: the chart copies it into master.yaml, and the master refuses to start on a key it does not know',
                },
                'determined_master_ip': {
                    ('0.38.0',): 'the 0.38.0 master does not know `determined_master_ip` in a resource manager (it was removed in 0.38.0); 0.38.0 reads `determined_master_host` instead: the chart copies it into master.yaml, and the master refuses to start on a key it does not know',
                    ('0.38.1',): 'the 0.38.1 master does not know `determined_master_ip` in a resource manager (it was removed in 0.38.0); 0.38.1 reads `determined_master_host` instead: the chart copies it into master.yaml, and the master refuses to start on a key it does not know',
                },
            },
            'x-renamed': {
                'determined_master_host': {('0.35.0', '0.35.1', '0.36.0', '0.37.0'): 'determined_master_ip'},
                'determined_master_ip': {('0.38.0', '0.38.1'): 'determined_master_host'},
            },
            'x-where': 'a resource manager',
        },
        'KubernetesTaskDefaults': {
            'type': 'object',
            'properties': {
                'max_slots_per_pod': {
                    'description': 'GPUs (slots) per pod for tasks of this pool, instead of the cluster-wide maxSlotsPerPod.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'task_container_defaults.kubernetes',
        },
        'LogAction': {
            'type': 'object',
            'properties': {
                'type': {
                    'description': 'What to do when the pattern matches: cancel_retries or exclude_node.',
                    'type': 'string',
                    'enum': ['cancel_retries', 'exclude_node'],
                },
            },
            'required': ['type'],
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'a log policy action',
        },
        'LogPolicy': {
            'type': 'object',
            'properties': {
                'name': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'Name of the policy; a named policy replaces the default one of the same name.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'pattern': {
                    'description': 'Regular expression matched against each task log line.',
                    'type': ['string', 'null'],
                    'x-free-text': True,
                    'default': None,
                },
                'action': {
                    'description': 'What to do on a match: a mapping {type: ...}, or from 0.38.0 also the bare action name.',
                    'anyOf': {
                        ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): [
                            {'$ref': '#/$defs/LogAction'},
                            {'type': 'null'},
                        ],
                        ('0.38.0', '0.38.1'): [
                            {'$ref': '#/$defs/LogAction'},
                            {'type': 'string', 'enum': ['cancel_retries', 'exclude_node']},
                            {'type': 'null'},
                        ],
                    },
                    'x-enum-notes': {
                        ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): {
                            'cancel_retries': 'the {release} master reads a log policy action only as a mapping such as {type: cancel_retries} (the bare name is accepted from 0.38.0 on)',
                            'exclude_node': 'the {release} master reads a log policy action only as a mapping such as {type: exclude_node} (the bare name is accepted from 0.38.0 on)',
                        },
                    },
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-other-releases': {
                ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): {
                    'name': 'the {release} master does not know `name` in a log policy (it is read from 0.38.0 on): the chart copies it into master.yaml, where the master silently drops it, so it has no effect',
                },
            },
            'x-where': 'a log policy',
        },
        'Logging': {
            'type': 'object',
            'properties': {
                'type': {
                    'description': 'Log backend: default (through the master into PostgreSQL) or elastic.',
                    'type': ['string', 'null'],
                    'enum': ['default', 'elastic', None],
                    'default': None,
                },
                'host': {
                    'description': 'elastic: Elasticsearch host.',
                    'type': ['string', 'null'],
                    'format': 'host',
                    'default': None,
                },
                'port': {
                    'description': 'elastic: Elasticsearch port.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'maximum': 65535,
                    'default': None,
                },
                'security': {
                    'description': 'elastic: authentication and TLS.',
                    'anyOf': [{'$ref': '#/$defs/ElasticSecurity'}, {'type': 'null'}],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'logging',
        },
        'MasterService': {
            'type': 'object',
            'properties': {
                'annotations': {
                    'description': "Annotations put on the master Service (for example a cloud load balancer's settings); values are strings.",
                    'type': ['object', 'null'],
                    'additionalProperties': {'type': 'string'},
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'masterService',
        },
        'MasterTaskContainerDefaults': {
            'description': "The master's ``task_container_defaults`` (resource pools set it with these snake_case keys).",
            'type': 'object',
            'properties': {
                'dtrain_network_interface': {
                    'description': 'Network interface used by distributed training.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'nccl_port_range': {
                    'description': 'Port range NCCL may use, such as 30000:31000.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'gloo_port_range': {
                    'description': 'Port range Gloo may use, such as 30000:31000.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'shm_size_bytes': {
                    'description': 'Size of /dev/shm of task containers, in bytes.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'default': None,
                },
                'network_mode': {
                    'description': "Container network mode (bridge, host); host uses the node's network.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'cpu_pod_spec': {
                    'description': 'Pod spec merged into pods of CPU tasks.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'gpu_pod_spec': {
                    'description': 'Pod spec merged into pods of GPU tasks.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'checkpoint_gc_pod_spec': {
                    'description': 'Pod spec of checkpoint garbage-collection tasks.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'image': {
                    'description': 'Default task image: one image, or a map by device type.',
                    'anyOf': [{'type': 'string'}, {'$ref': '#/$defs/RuntimeImages'}, {'type': 'null'}],
                    'default': None,
                },
                'registry_auth': {
                    'description': 'Credentials for pulling task images.',
                    'anyOf': [{'$ref': '#/$defs/RegistryAuth'}, {'type': 'null'}],
                    'default': None,
                },
                'force_pull_image': {
                    'description': 'Pull task images even when the node has them.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'environment_variables': {
                    'description': 'NAME=value environment variables of task containers, or a map of such lists by device type.',
                    'anyOf': [
                        {'type': 'array', 'items': {'type': 'string'}},
                        {'$ref': '#/$defs/RuntimeVariables'},
                        {'type': 'null'},
                    ],
                    'default': None,
                },
                'add_capabilities': {
                    'description': 'Linux capabilities added to task containers.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
                'drop_capabilities': {
                    'description': 'Linux capabilities dropped from task containers.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
                'devices': {
                    'description': 'Devices exposed to task containers (host:container[:mode]).',
                    'type': ['array', 'null'],
                    'items': {'anyOf': [{'type': 'string'}, {'$ref': '#/$defs/Device'}]},
                    'default': None,
                },
                'bind_mounts': {
                    'description': 'Host directories mounted into task containers.',
                    'type': ['array', 'null'],
                    'items': {'$ref': '#/$defs/BindMount'},
                    'default': None,
                },
                'work_dir': {
                    'description': 'Working directory of task containers.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'slurm': {
                    'description': 'Slurm options (HPC launchers only).',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'pbs': {
                    'description': 'PBS options (HPC launchers only).',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'startup_hook': {
                    'description': 'Shell script run at the start of every task.',
                    'type': ['string', 'null'],
                    'x-free-text': True,
                    'default': None,
                },
                'log_policies': {
                    'description': 'Actions taken when task logs match patterns.',
                    'type': ['array', 'null'],
                    'items': {'$ref': '#/$defs/LogPolicy'},
                    'default': None,
                },
                'preemption_timeout': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Seconds a preempted task gets to exit before it is killed.',
                        'type': ['integer', 'null'],
                        'minimum': 1,
                        'default': None,
                    },
                },
                'kubernetes': {
                    'description': 'Kubernetes-only task settings (max_slots_per_pod).',
                    'anyOf': [{'$ref': '#/$defs/KubernetesTaskDefaults'}, {'type': 'null'}],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-moved': {
                'max_slots_per_pod': 'it goes under kubernetes: (task_container_defaults.kubernetes.max_slots_per_pod)',
            },
            'x-other-releases': {
                ('0.35.0', '0.35.1', '0.36.0'): {
                    'preemption_timeout': 'the {release} master does not know `preemption_timeout` in task_container_defaults (it is read from 0.37.0 on): the chart copies it into master.yaml, where the master silently drops it, so it has no effect',
                },
            },
            'x-where': 'task_container_defaults',
        },
        'NodeGroup': {
            'type': 'object',
            'properties': {
                'name': {'description': 'Name of the node group, used in messages.', 'type': 'string'},
                'count': {
                    'description': 'Number of identical nodes in the group.',
                    'type': ['integer', 'null'],
                    'minimum': 1,
                    'default': 1,
                },
                'gpus': {
                    'description': 'GPUs per node (0 for CPU-only nodes).',
                    'type': 'integer',
                    'minimum': 0,
                },
                'allocatableCpu': {
                    'description': 'CPUs Kubernetes can allocate on each node (kubectl describe node: Allocatable), such as 7.91.',
                    'type': ['number', 'string', 'null'],
                    'format': 'cpu',
                    'default': None,
                },
                'pool': {
                    'description': 'Resource pool whose tasks run on these nodes; every pool when unset.',
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'required': ['name', 'gpus'],
            'additionalProperties': False,
            'x-consumer': 'chartgen',
            'x-where': 'a node group',
        },
        'Observability': {
            'type': 'object',
            'properties': {
                'enable_prometheus': {
                    'description': 'Serve Prometheus metrics from the master; required whenever observability is set.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'observability',
        },
        'Oidc': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Enable OpenID Connect single sign-on.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'provider': {
                    'description': 'Display name of the identity provider.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'idpRecipientUrl': {
                    'description': 'URL of this Determined cluster the provider redirects to.',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'idpSsoUrl': {
                    'description': 'Issuer URL of the identity provider.',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'clientId': {'description': 'OIDC client id.', 'type': ['string', 'null'], 'default': None},
                'clientSecretKey': {
                    'description': 'Key of the client secret inside the Secret clientSecretName.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'clientSecretName': {
                    'description': 'Secret holding the OIDC client secret.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'authenticationClaim': {
                    'description': 'Claim that identifies the user (email by default).',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'scimAuthenticationAttribute': {
                    'description': 'SCIM attribute matched against that claim.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'autoProvisionUsers': {
                    'description': 'Create users on first sign-on.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'groupsAttributeName': {
                    'description': "Claim listing the user's groups.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'displayNameAttributeName': {
                    'description': "Claim holding the user's display name.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'agentUidAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Claim holding the uid tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentGidAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Claim holding the gid tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentUserNameAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Claim holding the user tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentGroupNameAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Claim holding the group tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'alwaysRedirect': {
                    'description': 'Always send users to the identity provider to sign in.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'excludeGroupsScope': {
                    ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Do not request the groups scope.',
                        'type': ['boolean', 'null'],
                        'default': None,
                    },
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-other-releases': {
                ('0.35.0', '0.35.1'): {
                    'agentUidAttributeName': '`agentUidAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGidAttributeName': '`agentGidAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentUserNameAttributeName': '`agentUserNameAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGroupNameAttributeName': '`agentGroupNameAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'excludeGroupsScope': '`excludeGroupsScope` is not read by the {release} chart (it is read from 0.36.0 on); Helm ignores it, so it has no effect',
                },
                ('0.36.0',): {
                    'agentUidAttributeName': '`agentUidAttributeName` is not read by the 0.36.0 chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGidAttributeName': '`agentGidAttributeName` is not read by the 0.36.0 chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentUserNameAttributeName': '`agentUserNameAttributeName` is not read by the 0.36.0 chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGroupNameAttributeName': '`agentGroupNameAttributeName` is not read by the 0.36.0 chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'oidc',
        },
        'OpenshiftRoute': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Create an OpenShift Route to the master; the master Service becomes ClusterIP.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'host': {
                    'description': 'Host name of the Route; OpenShift generates one when unset.',
                    'type': ['string', 'null'],
                    'format': 'host',
                    'default': None,
                },
                'termination': {
                    'description': 'TLS termination of the Route: edge (at the router), passthrough (at the master) or reencrypt.',
                    'type': ['string', 'null'],
                    'enum': ['edge', 'passthrough', 'reencrypt', None],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'openshiftRoute',
        },
        'RegistryAuth': {
            'type': 'object',
            'properties': {
                'username': {
                    'description': 'Registry user name.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'password': {
                    'description': 'Registry password.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'auth': {
                    'description': 'Base64 user:password, instead of username and password.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'email': {
                    'description': 'E-mail of the registry account.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'serveraddress': {
                    'description': 'Registry the credentials are for.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'identitytoken': {
                    'description': 'Token to obtain an access token from the registry.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
                'registrytoken': {
                    'description': 'Bearer token sent to the registry.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'registry_auth',
        },
        'ResourceManager': {
            'type': 'object',
            'properties': {
                'defaultNamespace': {
                    'description': 'Namespace tasks go to unless their workspace is bound to another; the release namespace when unset.',
                    'type': ['string', 'null'],
                    'format': 'dns-label',
                    'default': None,
                },
                'clusterName': {
                    'description': "Name of this cluster among the master's resource managers (resource_manager.cluster_name).",
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-moved': {
                'defaultAuxResourcePool': 'it is a top-level value (defaultAuxResourcePool), not part of resourceManager',
                'defaultComputeResourcePool': 'it is a top-level value (defaultComputeResourcePool), not part of resourceManager',
            },
            'x-where': 'resourceManager',
        },
        'ResourcePool': {
            'type': 'object',
            'properties': {
                'pool_name': {
                    'description': 'Name of the pool (tasks choose it with resources.resource_pool); the master refuses a pool without one.',
                    'type': 'string',
                    'minLength': 1,
                },
                'description': {
                    'description': 'Description shown in the WebUI.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'task_container_defaults': {
                    'description': "Task defaults of this pool; they replace the cluster's taskContainerDefaults for its tasks.",
                    'anyOf': [{'$ref': '#/$defs/MasterTaskContainerDefaults'}, {'type': 'null'}],
                    'default': None,
                },
                'provider': {
                    'description': 'Cloud provisioner of agent pools.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
                'scheduler': {
                    'description': 'Scheduler of agent pools.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
                'max_aux_containers_per_agent': {
                    'description': 'Zero-slot containers per agent.',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
                'agent_reattach_enabled': {
                    'description': "Reattach agents' containers after a restart.",
                    'type': ['boolean', 'null'],
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
                'agent_reconnect_wait': {
                    'description': 'How long to wait for an agent to reconnect.',
                    'type': ['string', 'null'],
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
                'max_cpu_containers_per_agent': {
                    'description': 'Deprecated name of max_aux_containers_per_agent.',
                    'type': ['integer', 'null'],
                    'minimum': 0,
                    'x-no-effect': 'it configures agent-based resource pools; the Kubernetes resource manager ignores it',
                    'default': None,
                },
            },
            'required': ['pool_name'],
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-moved': {
                'gpu_type': 'a resource pool has no GPU type: what a slot is comes from the top-level slotType (slotType: rocm for AMD GPUs, from 0.36.0 on), and the master silently ignores gpu_type here',
                'kubernetes_namespace': "namespaces are bound to workspaces, and the master silently ignores kubernetes_namespace on a resource pool, so this pool's pods do not go to that namespace; bind the namespace to a workspace (det workspace bind) or set resourceManager.defaultNamespace",
                'max_slots_per_pod': "a pool's max_slots_per_pod goes under task_container_defaults.kubernetes.max_slots_per_pod",
            },
            'x-where': 'a resource pool',
        },
        'RetentionPolicy': {
            'type': 'object',
            'properties': {
                'logRetentionDays': {
                    'description': 'Days task logs are kept by default (-1: forever); the master holds it in 16 bits.',
                    'type': ['integer', 'null'],
                    'minimum': -1,
                    'maximum': 32767,
                    'default': None,
                },
                'schedule': {
                    'description': 'When old logs are deleted: a duration such as 24h or a cron expression.',
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'retentionPolicy',
        },
        'RuntimeImages': {
            'type': 'object',
            'properties': {
                'cpu': {'description': 'Image of CPU tasks.', 'type': ['string', 'null'], 'default': None},
                'cuda': {
                    'description': 'Image of CUDA GPU tasks.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'gpu': {
                    'description': 'Older name of cuda, read when cuda is unset.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'rocm': {
                    'description': 'Image of ROCm GPU tasks.',
                    'type': ['string', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'an image map',
        },
        'RuntimeVariables': {
            'type': 'object',
            'properties': {
                'cpu': {
                    'description': 'NAME=value entries for CPU tasks.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
                'cuda': {
                    'description': 'NAME=value entries for CUDA GPU tasks.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
                'gpu': {
                    'description': 'Older name of cuda, read when cuda is unset.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
                'rocm': {
                    'description': 'NAME=value entries for ROCm GPU tasks.',
                    'type': ['array', 'null'],
                    'items': {'type': 'string'},
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-lenient',
            'x-where': 'an environment-variable map',
        },
        'Saml': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Enable SAML single sign-on.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'provider': {
                    'description': 'Display name of the identity provider.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'idpRecipientUrl': {
                    'description': 'URL of this Determined cluster the provider sends assertions to.',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'idpSsoUrl': {
                    'description': 'Single sign-on URL of the identity provider.',
                    'type': ['string', 'null'],
                    'format': 'url',
                    'default': None,
                },
                'idpSsoDescriptorUrl': {
                    'description': 'Entity id (issuer) of the identity provider.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'idpCertPath': {
                    'description': "Path of the identity provider's certificate inside the master.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'autoProvisionUsers': {
                    'description': 'Create users on first sign-on.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'groupsAttributeName': {
                    'description': "Attribute listing the user's groups.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'displayNameAttributeName': {
                    'description': "Attribute holding the user's display name.",
                    'type': ['string', 'null'],
                    'default': None,
                },
                'agentUidAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Attribute holding the uid tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentGidAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Attribute holding the gid tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentUserNameAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Attribute holding the user tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'agentGroupNameAttributeName': {
                    ('0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Attribute holding the group tasks run as.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'alwaysRedirect': {
                    'description': 'Always send users to the identity provider to sign in.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-other-releases': {
                ('0.35.0', '0.35.1', '0.36.0'): {
                    'agentUidAttributeName': '`agentUidAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGidAttributeName': '`agentGidAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentUserNameAttributeName': '`agentUserNameAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                    'agentGroupNameAttributeName': '`agentGroupNameAttributeName` is not read by the {release} chart (it is read from 0.37.0 on); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'saml',
        },
        'Scim': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Enable SCIM provisioning of users and groups.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'auth': {
                    'description': 'How the identity provider authenticates to the SCIM endpoint.',
                    'anyOf': [{'$ref': '#/$defs/ScimAuth'}, {'type': 'null'}],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'scim',
        },
        'ScimAuth': {
            'type': 'object',
            'properties': {
                'type': {
                    'description': 'How the identity provider authenticates: basic or oauth.',
                    'type': ['string', 'null'],
                    'enum': ['basic', 'oauth', None],
                    'default': None,
                },
                'username': {
                    'description': 'basic: user name the identity provider uses.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'password': {
                    'description': 'basic: password the identity provider uses.',
                    'type': ['string', 'null'],
                    'x-secret': True,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'scim.auth',
        },
        'Security': {
            'type': 'object',
            'properties': {
                'defaultTask': {
                    'description': 'User and group tasks run as by default.',
                    'anyOf': [{'$ref': '#/$defs/DefaultTask'}, {'type': 'null'}],
                    'default': None,
                },
                'authz': {
                    'description': 'Authorization settings, copied verbatim into master.yaml security.authz.',
                    'anyOf': [{'$ref': '#/$defs/Authz'}, {'type': 'null'}],
                    'default': None,
                },
                'token': {
                    ('0.38.0', '0.38.1'): {
                        'description': 'Access-token settings (Enterprise Edition) listed in values.yaml.',
                        'anyOf': [{'$ref': '#/$defs/Token'}, {'type': 'null'}],
                        'default': None,
                    },
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-moved': {'default_task': "the chart's name is defaultTask"},
            'x-other-releases': {
                ('0.35.0', '0.35.1', '0.36.0', '0.37.0'): {
                    'token': '`token` is not read by the {release} chart (it is read from 0.38.0 on); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'security',
        },
        'SlotRequests': {
            'type': 'object',
            'properties': {
                'cpu': {
                    'description': 'CPUs requested per slot when slot_type is cpu.',
                    'type': ['number', 'null'],
                    'exclusiveMinimum': 0,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'slot_resource_requests',
        },
        'SlotResourceRequests': {
            'type': 'object',
            'properties': {
                'cpu': {
                    'description': 'CPUs requested per slot when slotType is cpu; must fit what Kubernetes can allocate on a node (an 8-core node may offer 7.91). The master reads it as a number, so 500m is refused.',
                    'type': ['number', 'null'],
                    'exclusiveMinimum': 0,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'slotResourceRequests',
        },
        'TaskContainerDefaults': {
            'type': 'object',
            'properties': {
                'networkMode': {
                    'description': 'Container network mode of tasks (bridge, host); master.yaml network_mode.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'dtrainNetworkInterface': {
                    'description': 'Network interface used by distributed training.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'forcePullImage': {
                    'description': 'Pull task images even when the node has them.',
                    'type': ['boolean', 'null'],
                    'default': None,
                },
                'cpuPodSpec': {
                    'description': 'Default pod spec of CPU tasks (TensorBoards, CPU notebooks, zero-slot commands).',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'gpuPodSpec': {
                    'description': 'Default pod spec of GPU tasks (experiments, notebooks, commands).',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'checkpointGcPodSpec': {
                    'description': 'Pod spec of checkpoint garbage-collection tasks.',
                    'type': ['object', 'null'],
                    'additionalProperties': True,
                    'default': None,
                },
                'cpuImage': {
                    'description': 'Default image of CPU tasks, instead of defaultImages.cpuImage.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'gpuImage': {
                    'description': 'Default image of CUDA GPU tasks, instead of defaultImages.gpuImage.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'rocmImage': {
                    ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): {
                        'description': 'Default image of ROCm GPU tasks, instead of defaultImages.rocmImage.',
                        'type': ['string', 'null'],
                        'default': None,
                    },
                },
                'logPolicies': {
                    'description': 'Actions taken when task logs match patterns; copied verbatim into master.yaml log_policies.',
                    'type': ['array', 'null'],
                    'items': {'$ref': '#/$defs/LogPolicy'},
                    'default': None,
                },
                'startupHook': {
                    'description': 'Shell script run at the start of every task.',
                    'type': ['string', 'null'],
                    'x-free-text': True,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-moved': {
                'addCapabilities': 'the chart does not copy add_capabilities from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.add_capabilities',
                'add_capabilities': 'the chart does not copy add_capabilities from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.add_capabilities',
                'bindMounts': 'the chart does not copy bind_mounts from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.bind_mounts',
                'bind_mounts': 'the chart does not copy bind_mounts from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.bind_mounts',
                'devices': 'the chart does not copy devices from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.devices',
                'dropCapabilities': 'the chart does not copy drop_capabilities from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.drop_capabilities',
                'drop_capabilities': 'the chart does not copy drop_capabilities from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.drop_capabilities',
                'environmentVariables': 'the chart does not copy environment_variables from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.environment_variables',
                'environment_variables': 'the chart does not copy environment_variables from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.environment_variables',
                'glooPortRange': 'the chart does not copy gloo_port_range from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.gloo_port_range',
                'gloo_port_range': 'the chart does not copy gloo_port_range from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.gloo_port_range',
                'image': 'the chart writes the task images from cpuImage, gpuImage and rocmImage',
                'kubernetes': 'the cluster-wide slots per pod is the top-level maxSlotsPerPod; per pool it is resourcePools[].task_container_defaults.kubernetes.max_slots_per_pod',
                'maxSlotsPerPod': 'it is a top-level value, not part of taskContainerDefaults',
                'max_slots_per_pod': 'the cluster-wide value is the top-level maxSlotsPerPod',
                'ncclPortRange': 'the chart does not copy nccl_port_range from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.nccl_port_range',
                'nccl_port_range': 'the chart does not copy nccl_port_range from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.nccl_port_range',
                'pbs': 'the chart does not copy pbs from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.pbs',
                'preemptionTimeout': 'the chart does not copy preemption_timeout from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.preemption_timeout',
                'preemption_timeout': 'the chart does not copy preemption_timeout from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.preemption_timeout',
                'registryAuth': 'the chart does not copy registry_auth from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.registry_auth',
                'registry_auth': 'the chart does not copy registry_auth from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.registry_auth',
                'shmSizeBytes': 'the chart does not copy shm_size_bytes from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.shm_size_bytes',
                'shm_size_bytes': 'the chart does not copy shm_size_bytes from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.shm_size_bytes',
                'slurm': 'the chart does not copy slurm from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.slurm',
                'workDir': 'the chart does not copy work_dir from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.work_dir',
                'work_dir': 'the chart does not copy work_dir from taskContainerDefaults into master.yaml; set it per pool under resourcePools[].task_container_defaults.work_dir',
            },
            'x-other-releases': {
                ('0.35.0', '0.35.1'): {
                    'rocmImage': '`rocmImage` is not read by the {release} chart (it is read from 0.36.0 on); Helm ignores it, so it has no effect',
                },
            },
            'x-where': 'taskContainerDefaults',
        },
        'TaskGateway': {
            'type': 'object',
            'properties': {
                'gateway_name': {
                    'description': 'Name of the Gateway object exposing tasks.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'gateway_namespace': {
                    'description': 'Namespace of the Gateway object.',
                    'type': ['string', 'null'],
                    'format': 'dns-label',
                    'default': None,
                },
                'gateway_ip': {
                    'description': 'Address of the Gateway as seen by the master.',
                    'type': ['string', 'null'],
                    'default': None,
                },
                'gateway_port_range_start': {
                    'description': 'First port of the range the Gateway may use.',
                    'type': ['integer', 'null'],
                    'minimum': 1025,
                    'maximum': 65535,
                    'default': None,
                },
                'gateway_port_range_end': {
                    'description': 'Last port of the range the Gateway may use.',
                    'type': ['integer', 'null'],
                    'minimum': 1025,
                    'maximum': 65535,
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'master-strict',
            'x-where': 'internal_task_gateway',
        },
        'Telemetry': {
            'type': 'object',
            'properties': {
                'enabled': {
                    'description': 'Send anonymous usage information to Determined (master.yaml telemetry.enabled).',
                    'type': ['boolean', 'null'],
                    'default': True,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'telemetry',
        },
        'Token': {
            'type': 'object',
            'properties': {
                'max_lifespan_days': {
                    'description': 'Longest lifetime of an access token, in days (-1: unlimited).',
                    'type': ['integer', 'null'],
                    'default': None,
                },
                'default_lifespan_days': {
                    'description': 'Lifetime of an access token when none is asked for, in days.',
                    'type': ['integer', 'null'],
                    'default': None,
                },
            },
            'additionalProperties': False,
            'x-consumer': 'chart',
            'x-where': 'security.token',
        },
    },
}

DEFAULTS: typing.Any = {
    'imageRegistry': 'determinedai',
    'defaultImages': {
        'postgreSQL': 'postgres:10.14',
        'kubeScheduler': 'k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.18.9',
        'kubeSchedulerPreemption': {('0.35.0', '0.35.1'): 'determinedai/kube-scheduler:0.17.0'},
        'cpuImage': {
            ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
        },
        'gpuImage': {
            ('0.35.0', '0.35.1', '0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/pytorch-ngc:{release}',
        },
        'rocmImage': {
            ('0.36.0', '0.37.0', '0.38.0', '0.38.1'): 'determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d',
        },
    },
    'enterpriseEdition': False,
    'imagePullSecretName': None,
    'logLevel': 'info',
    'logColor': True,
    'masterPort': 8080,
    'createNonNamespacedObjects': True,
    'useNodePortForMaster': False,
    'db': {
        'name': 'determined',
        'user': 'postgres',
        'password': 'postgres',
        'port': 5432,
        'storageSize': '30Gi',
        'cpuRequest': 2,
        'memRequest': '8Gi',
        'useNodePortForDB': False,
    },
    'checkpointStorage': {
        'saveExperimentBest': 0,
        'saveTrialBest': 1,
        'saveTrialLatest': 1,
        'type': 'shared_fs',
        'hostPath': '/tmp/checkpoints',
        'mountToServer': False,
    },
    'maxSlotsPerPod': None,
    'masterCpuRequest': 2,
    'masterMemRequest': '8Gi',
    'taskContainerDefaults': None,
    'telemetry': {'enabled': True},
    'resourcePools': [{'pool_name': 'default'}],
    'resourceManager': {'defaultNamespace': None, 'clusterName': None},
}

SPINES: typing.Any = {
    'SCHEMA': {
        '$id': '{release}',
        'title': '{release}',
        'description': '{release}',
        'properties': {
            'defaultImages': {
                'default': {
                    'kubeSchedulerPreemption': None,
                    'cpuImage': '{release}',
                    'gpuImage': '{release}',
                    'rocmImage': None,
                },
            },
            'masterService': None,
            'slotType': {'enum': None, 'x-enum-notes': '{release}'},
            'defaultScheduler': {'x-enum-ignored': None, 'x-enum-notes': '{release}'},
            'determinedMasterHost': None,
            'determinedMasterPort': None,
            'determinedMasterScheme': None,
        },
        'x-other-releases': '{release}',
        '$defs': {
            'Db': {
                'properties': {'claimSuffix': None, 'snapshotSuffix': None, 'restoreSnapshotSuffix': None},
                'x-other-releases': '{release}',
            },
            'DefaultImages': {
                'properties': {
                    'kubeSchedulerPreemption': None,
                    'cpuImage': {'default': '{release}'},
                    'gpuImage': {'default': '{release}'},
                    'rocmImage': None,
                },
                'x-other-releases': {'rocmImage': '{release}', 'kubeSchedulerPreemption': '{release}'},
            },
            'KubernetesResourceManager': {
                'properties': {
                    'default_scheduler': {'enum': None, 'x-enum-notes': '{release}'},
                    'slot_type': {'enum': None, 'x-enum-notes': '{release}'},
                    'determined_master_ip': None,
                    'determined_master_host': None,
                },
                'x-other-releases': {'determined_master_host': '{release}', 'determined_master_ip': None},
                'x-renamed': {'determined_master_host': None, 'determined_master_ip': None},
            },
            'LogPolicy': {
                'properties': {'name': None, 'action': {'anyOf': None, 'x-enum-notes': '{release}'}},
                'x-other-releases': '{release}',
            },
            'MasterTaskContainerDefaults': {
                'properties': {'preemption_timeout': None},
                'x-other-releases': '{release}',
            },
            'Oidc': {
                'properties': {
                    'agentUidAttributeName': None,
                    'agentGidAttributeName': None,
                    'agentUserNameAttributeName': None,
                    'agentGroupNameAttributeName': None,
                    'excludeGroupsScope': None,
                },
                'x-other-releases': '{release}',
            },
            'Saml': {
                'properties': {
                    'agentUidAttributeName': None,
                    'agentGidAttributeName': None,
                    'agentUserNameAttributeName': None,
                    'agentGroupNameAttributeName': None,
                },
                'x-other-releases': '{release}',
            },
            'Security': {'properties': {'token': None}, 'x-other-releases': '{release}'},
            'TaskContainerDefaults': {'properties': {'rocmImage': None}, 'x-other-releases': '{release}'},
        },
    },
    'DEFAULTS': {
        'defaultImages': {
            'kubeSchedulerPreemption': None,
            'cpuImage': '{release}',
            'gpuImage': '{release}',
            'rocmImage': None,
        },
    },
}
