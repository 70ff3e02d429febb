// Package provconfig mirrors the shape of master/internal/config/provconfig
// (a resource pool's `provider`). Only the top level is validated here; the
// AWS/GCP member checks are left out (see FACTS.md): the chart configures a
// Kubernetes resource manager, where a provider has no use.
package provconfig

import (
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"github.com/pkg/errors"

	"masterdecode/internal/check"
	"masterdecode/internal/model"
	"masterdecode/internal/union"
)

// Version is the release the agent image tag defaults to (set per request).
var Version = "unknown"

// Config is a resource pool's provider (type: aws | gcp | hpc).
type Config struct {
	MasterURL               string            `json:"master_url"`
	MasterCertName          string            `json:"master_cert_name"`
	StartupScript           string            `json:"startup_script"`
	ContainerStartupScript  string            `json:"container_startup_script"`
	AgentDockerNetwork      string            `json:"agent_docker_network"`
	AgentDockerRuntime      string            `json:"agent_docker_runtime"`
	AgentDockerImage        string            `json:"agent_docker_image"`
	AgentFluentImage        string            `json:"agent_fluent_image"`
	AgentReconnectAttempts  int               `json:"agent_reconnect_attempts"`
	AgentReconnectBackoff   int               `json:"agent_reconnect_backoff"`
	AgentConfigFileContents json.RawMessage   `json:"agent_config_file_contents"`
	AWS                     *AWSClusterConfig `union:"type,aws" json:"-"`
	GCP                     *GCPClusterConfig `union:"type,gcp" json:"-"`
	HPC                     *HpcClusterConfig `union:"type,hpc" json:"-"`
	MaxIdleAgentPeriod      model.Duration    `json:"max_idle_agent_period"`
	MaxAgentStartingPeriod  model.Duration    `json:"max_agent_starting_period"`
	MinInstances            int               `json:"min_instances"`
	MaxInstances            int               `json:"max_instances"`
	LaunchErrorTimeout      *model.Duration   `json:"launch_error_timeout"`
	LaunchErrorRetries      int               `json:"launch_error_retries"`
}

// HpcClusterConfig is type hpc.
type HpcClusterConfig struct {
	Partition string `json:"partition"`
}

func defaults() Config {
	return Config{
		AgentDockerRuntime:     "runc",
		AgentDockerNetwork:     "default",
		AgentDockerImage:       fmt.Sprintf("determinedai/determined-agent:%s", Version),
		MaxIdleAgentPeriod:     model.Duration(20 * time.Minute),
		MaxAgentStartingPeriod: model.Duration(20 * time.Minute),
		MaxInstances:           5,
		AgentReconnectAttempts: 5,
		AgentReconnectBackoff:  5,
	}
}

// UnmarshalJSON applies the defaults, then the strict union decode.
func (c *Config) UnmarshalJSON(data []byte) error {
	*c = defaults()
	if err := union.Unmarshal(data, c); err != nil {
		return union.Boundary(err)
	}
	type noMethods *Config
	return union.Boundary(json.Unmarshal(data, noMethods(c)))
}

// MarshalJSON writes the flat union.
func (c Config) MarshalJSON() ([]byte, error) { return union.Marshal(c) }

// Validate mirrors the provider's top-level checks.
func (c Config) Validate() []error {
	var errs []error
	u, err := url.Parse(c.MasterURL)
	switch {
	case err != nil:
		errs = append(errs, errors.Wrap(err, "cannot parse master url"))
	case len(c.MasterURL) != 0:
		errs = append(errs,
			check.True(len(u.Path) == 0, "invalid master url (expecting scheme://host:port)"),
			check.In(u.Scheme, []string{"http", "https"}, "master url scheme must be within [http, https]"))
	}
	return append(errs,
		check.NotEmpty(c.AgentDockerImage, "must configure an agent docker image"),
		check.False(c.AWS != nil && c.GCP != nil, "must configure only one cluster"),
		check.False(c.AWS == nil && c.GCP == nil && c.HPC == nil, "must configure aws or gcp or hpc cluster"),
		check.GreaterThan(int64(c.MaxIdleAgentPeriod), int64(0), "max idle agent period must be greater than 0"),
		check.GreaterThan(int64(c.MaxAgentStartingPeriod), int64(0), "max agent starting period must be greater than 0"),
		check.GreaterThanOrEqualTo(int64(c.MinInstances), int64(0), "min instance must be greater than or equal to 0"),
		check.GreaterThan(int64(c.MaxInstances), int64(0), "max instance must be greater than 0"),
		check.GreaterThanOrEqualTo(int64(c.MaxInstances), int64(c.MinInstances),
			"max instance must be greater than or equal to min instance"),
	)
}

// AWSClusterConfig is type aws (fields and types only).
type AWSClusterConfig struct {
	Region                string              `json:"region"`
	RootVolumeSize        int                 `json:"root_volume_size"`
	ImageID               string              `json:"image_id"`
	TagKey                string              `json:"tag_key"`
	TagValue              string              `json:"tag_value"`
	InstanceName          string              `json:"instance_name"`
	SSHKeyName            string              `json:"ssh_key_name"`
	NetworkInterface      ec2NetworkInterface `json:"network_interface"`
	IamInstanceProfileArn string              `json:"iam_instance_profile_arn"`
	InstanceType          Ec2InstanceType     `json:"instance_type"`
	InstanceSlots         *int                `json:"instance_slots,omitempty"`
	LogGroup              string              `json:"log_group"`
	LogStream             string              `json:"log_stream"`
	SpotEnabled           bool                `json:"spot"`
	SpotMaxPrice          string              `json:"spot_max_price"`
	CustomTags            []*ec2Tag           `json:"custom_tags"`
	CPUSlotsAllowed       bool                `json:"cpu_slots_allowed"`
}

type ec2NetworkInterface struct {
	PublicIP        bool   `json:"public_ip"`
	SubnetID        string `json:"subnet_id"`
	SecurityGroupID string `json:"security_group_id"`
}

type ec2Tag struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Ec2InstanceType is an EC2 instance type name.
type Ec2InstanceType string

// UnmarshalJSON applies the master's AWS defaults, then decodes leniently.
func (c *AWSClusterConfig) UnmarshalJSON(data []byte) error {
	*c = AWSClusterConfig{
		InstanceName:     "determined-ai-agent",
		RootVolumeSize:   200,
		TagKey:           "managed_by",
		NetworkInterface: ec2NetworkInterface{PublicIP: true},
		InstanceType:     "g4dn.metal",
	}
	type noMethods *AWSClusterConfig
	return union.Boundary(json.Unmarshal(data, noMethods(c)))
}

// GCPClusterConfig is type gcp (fields and types only; base_config, a
// compute.InstanceProperties in the master, is kept as raw JSON).
type GCPClusterConfig struct {
	BaseConfig             json.RawMessage     `json:"base_config"`
	Project                string              `json:"project"`
	Zone                   string              `json:"zone"`
	BootDiskSize           int                 `json:"boot_disk_size"`
	BootDiskSourceImage    string              `json:"boot_disk_source_image"`
	BootDiskType           string              `json:"boot_disk_type"`
	Labels                 map[string]string   `json:"labels"`
	LabelKey               string              `json:"label_key"`
	LabelValue             string              `json:"label_value"`
	NamePrefix             string              `json:"name_prefix"`
	NetworkInterface       gceNetworkInterface `json:"network_interface"`
	NetworkTags            []string            `json:"network_tags"`
	ServiceAccount         gceServiceAccount   `json:"service_account"`
	InstanceType           gceInstanceType     `json:"instance_type"`
	OperationTimeoutPeriod model.Duration      `json:"operation_timeout_period"`
	CPUSlotsAllowed        bool                `json:"cpu_slots_allowed"`
	UseCloudLogging        bool                `json:"use_cloud_logging"`
}

type gceNetworkInterface struct {
	Network    string `json:"network"`
	Subnetwork string `json:"subnetwork"`
	ExternalIP bool   `json:"external_ip"`
}

type gceServiceAccount struct {
	Email  string   `json:"email"`
	Scopes []string `json:"scopes"`
}

type gceInstanceType struct {
	MachineType string `json:"machine_type"`
	GPUType     string `json:"gpu_type"`
	GPUNum      int    `json:"gpu_num"`
	Preemptible bool   `json:"preemptible"`
}

// UnmarshalJSON applies the master's GCP defaults (boot image left empty), then decodes leniently.
func (c *GCPClusterConfig) UnmarshalJSON(data []byte) error {
	*c = GCPClusterConfig{
		BootDiskSize:           200,
		LabelKey:               "managed-by",
		InstanceType:           gceInstanceType{MachineType: "n1-standard-32", GPUType: "nvidia-tesla-t4", GPUNum: 4},
		OperationTimeoutPeriod: model.Duration(5 * time.Minute),
	}
	type noMethods *GCPClusterConfig
	return union.Boundary(json.Unmarshal(data, noMethods(c)))
}
