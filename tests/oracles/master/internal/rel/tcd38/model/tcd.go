// Package model holds TaskContainerDefaultsConfig as in 0.38.0/0.38.1
// (preemption_timeout; the 0.38 log_policies shape).
package model

import (
	"encoding/json"

	"github.com/pkg/errors"
	k8sV1 "k8s.io/api/core/v1"

	"masterdecode/internal/check"
	"masterdecode/internal/container"
	"masterdecode/internal/expconf"
	expconf38 "masterdecode/internal/expconf38"
	shared "masterdecode/internal/model"
	"masterdecode/internal/registry"
)

// TaskContainerDefaultsConfig is task_container_defaults (also per pool).
type TaskContainerDefaultsConfig struct {
	DtrainNetworkInterface string                                  `json:"dtrain_network_interface,omitempty"`
	NCCLPortRange          string                                  `json:"nccl_port_range,omitempty"`
	GLOOPortRange          string                                  `json:"gloo_port_range,omitempty"`
	ShmSizeBytes           int64                                   `json:"shm_size_bytes,omitempty"`
	NetworkMode            container.NetworkMode                   `json:"network_mode,omitempty"`
	CPUPodSpec             *k8sV1.Pod                              `json:"cpu_pod_spec"`
	GPUPodSpec             *k8sV1.Pod                              `json:"gpu_pod_spec"`
	CheckpointGCPodSpec    *k8sV1.Pod                              `json:"checkpoint_gc_pod_spec"`
	Image                  *shared.RuntimeItem                     `json:"image,omitempty"`
	RegistryAuth           *registry.AuthConfig                    `json:"registry_auth,omitempty"`
	ForcePullImage         bool                                    `json:"force_pull_image,omitempty"`
	EnvironmentVariables   *shared.RuntimeItems                    `json:"environment_variables,omitempty"`
	AddCapabilities        []string                                `json:"add_capabilities"`
	DropCapabilities       []string                                `json:"drop_capabilities"`
	Devices                shared.DevicesConfig                    `json:"devices"`
	BindMounts             shared.BindMountsConfig                 `json:"bind_mounts"`
	WorkDir                *string                                 `json:"work_dir"`
	Slurm                  expconf.SlurmConfigV0                   `json:"slurm"`
	Pbs                    expconf.PbsConfigV0                     `json:"pbs"`
	StartupHook            string                                  `json:"startup_hook"`
	LogPolicies            expconf38.LogPoliciesConfig             `json:"log_policies"`
	PreemptionTimeout      int                                     `json:"preemption_timeout,omitempty"`
	Kubernetes             *shared.KubernetesTaskContainerDefaults `json:"kubernetes"`
}

// DefaultPreemptionTimeout is one hour, in seconds.
const DefaultPreemptionTimeout = 60 * 60

// DefaultTaskContainerDefaults is the master's default.
func DefaultTaskContainerDefaults() *TaskContainerDefaultsConfig {
	return &TaskContainerDefaultsConfig{ShmSizeBytes: 4294967296, NetworkMode: "bridge", PreemptionTimeout: DefaultPreemptionTimeout}
}

// UnmarshalJSON sets the defaults, then decodes leniently (unknown keys dropped).
func (c *TaskContainerDefaultsConfig) UnmarshalJSON(data []byte) error {
	c.ShmSizeBytes = 4294967296
	c.NetworkMode = "bridge"
	c.PreemptionTimeout = DefaultPreemptionTimeout
	type noMethods *TaskContainerDefaultsConfig
	if err := json.Unmarshal(data, noMethods(c)); err != nil {
		return errors.Wrap(err, "failed to parse task container defaults")
	}
	return nil
}

// Validate checks shm size, network mode and the three pod specs.
func (c *TaskContainerDefaultsConfig) Validate() []error {
	if c == nil {
		return nil
	}
	errs := []error{
		check.GreaterThan(c.ShmSizeBytes, int64(0), "shm_size_bytes must be >= 0"),
		check.NotEmpty(string(c.NetworkMode), "network_mode must be set"),
	}
	errs = append(errs, shared.ValidatePodSpec(c.CPUPodSpec)...)
	errs = append(errs, shared.ValidatePodSpec(c.GPUPodSpec)...)
	return append(errs, shared.ValidatePodSpec(c.CheckpointGCPodSpec)...)
}
