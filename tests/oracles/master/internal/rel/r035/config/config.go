// Package config holds the master.yaml types whose shape is specific to
// 0.35.0 and 0.35.1, rooted at Config.
package config

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/pkg/errors"

	"masterdecode/internal/check"
	sc "masterdecode/internal/config"
	"masterdecode/internal/device"
	"masterdecode/internal/expconf"
	"masterdecode/internal/logger"
	shared "masterdecode/internal/model"
	"masterdecode/internal/provconfig"
	model "masterdecode/internal/rel/tcd35/model"
	"masterdecode/internal/union"
)

// Aliases keep the master's type names for the shared types.
type (
	DBConfig            = sc.DBConfig
	CacheConfig         = sc.CacheConfig
	WebhooksConfig      = sc.WebhooksConfig
	IntegrationsConfig  = sc.IntegrationsConfig
	ObservabilityConfig = sc.ObservabilityConfig
	TLSConfig           = sc.TLSConfig
	AuthZConfig         = sc.AuthZConfig
	ScimConfig          = sc.ScimConfig
	DetCloudConfig      = sc.DetCloudConfig
	ProxiedServerConfig = sc.ProxiedServerConfig
)

// Config is master.yaml.
type Config struct {
	ConfigFile            string                            `json:"config_file"`
	Log                   logger.Config                     `json:"log"`
	DB                    DBConfig                          `json:"db"`
	TensorBoardTimeout    int                               `json:"tensorboard_timeout"`
	NotebookTimeout       *int                              `json:"notebook_timeout"`
	Security              SecurityConfig                    `json:"security"`
	CheckpointStorage     expconf.CheckpointStorageConfig   `json:"checkpoint_storage"`
	TaskContainerDefaults model.TaskContainerDefaultsConfig `json:"task_container_defaults"`
	Port                  int                               `json:"port"`
	Root                  string                            `json:"root"`
	Telemetry             sc.TelemetryConfig                `json:"telemetry"`
	EnableCors            bool                              `json:"enable_cors"`
	LaunchError           bool                              `json:"launch_error"`
	ClusterName           string                            `json:"cluster_name"`
	Logging               shared.LoggingConfig              `json:"logging"`
	RetentionPolicy       shared.LogRetentionPolicy         `json:"retention_policy"`
	Observability         ObservabilityConfig               `json:"observability"`
	Cache                 CacheConfig                       `json:"cache"`
	Webhooks              WebhooksConfig                    `json:"webhooks"`
	FeatureSwitches       []string                          `json:"feature_switches"`
	ReservedPorts         []int                             `json:"reserved_ports"`
	ResourceConfig
	InternalConfig InternalConfig     `json:"__internal"`
	Scim           ScimConfig         `json:"scim"`
	SAML           SAMLConfig         `json:"saml"`
	OIDC           OIDCConfig         `json:"oidc"`
	DetCloud       DetCloudConfig     `json:"det_cloud"`
	Integrations   IntegrationsConfig `json:"integrations"`
}

// DefaultConfig is what the master decodes master.yaml over.
func DefaultConfig() *Config {
	return &Config{
		Log:                   *logger.DefaultConfig(),
		DB:                    *sc.DefaultDBConfig(),
		TaskContainerDefaults: *model.DefaultTaskContainerDefaults(),
		TensorBoardTimeout:    5 * 60,
		Security: SecurityConfig{
			DefaultTask: shared.AgentUserGroup{User: "root", Group: "root"},
			SSH:         SSHConfig{RsaKeySize: 1024},
			AuthZ:       *sc.DefaultAuthZConfig(),
		},
		Root: "/usr/share/determined/master",
		Telemetry: sc.TelemetryConfig{
			Enabled:                  true,
			OtelExportedOtlpEndpoint: "localhost:4317",
		},
		LaunchError:     true,
		Logging:         shared.LoggingConfig{DefaultLoggingConfig: &shared.DefaultLoggingConfig{}},
		Cache:           CacheConfig{CacheDir: "/var/cache/determined"},
		FeatureSwitches: []string{},
		ResourceConfig:  ResourceConfig{RootManagerInternal: &ResourceManagerConfig{}},
		Observability:   ObservabilityConfig{EnablePrometheus: true},
		OIDC:            OIDCConfig{AuthenticationClaim: "email", SCIMAuthenticationAttribute: "userName"},
	}
}

// Resolve mirrors Config.Resolve: port, root, resource managers, webhook key.
func (c *Config) Resolve() error {
	if c.Port == 0 {
		if c.Security.TLS.Enabled() {
			c.Port = 8443
		} else {
			c.Port = 8080
		}
	}
	c.Root = sc.AbsRoot(c.Root)
	c.DB.Migrations = fmt.Sprintf("file://%s", filepath.Join(c.Root, "static/migrations"))
	c.DB.ViewsAndTriggers = filepath.Join(c.Root, "static/views_and_triggers")
	if err := c.ResolveResource(); err != nil {
		return err
	}
	for _, r := range c.ResourceManagers() {
		if r.ResourceManager.AgentRM != nil {
			if r.ResourceManager.AgentRM.Scheduler == nil {
				r.ResourceManager.AgentRM.Scheduler = sc.DefaultSchedulerConfig()
			}
			if r.ResourceManager.AgentRM.Scheduler.GetType() == sc.RoundRobinScheduling {
				return fmt.Errorf("scheduler not available")
			}
		}
		if r.ResourceManager.KubernetesRM != nil {
			var err error
			c.TaskContainerDefaults, err = k8sValidateMaxSlots(r, c.TaskContainerDefaults, len(c.ResourceManagers()))
			if err != nil {
				return err
			}
		}
	}
	if c.Webhooks.SigningKey == "" {
		c.Webhooks.SigningKey = sc.RandomSigningKey
	}
	if c.OIDC.AutoProvisionUsers && c.Scim.Enabled {
		c.OIDC.AutoProvisionUsers = false
		c.OIDC.GroupsAttributeName = ""
	}
	if c.OIDC.GroupsAttributeName != "" && !c.Security.AuthZ.IsRBACUIEnabled() {
		c.OIDC.GroupsAttributeName = ""
	}
	if c.SAML.AutoProvisionUsers && c.Scim.Enabled {
		c.SAML.AutoProvisionUsers = false
		c.SAML.GroupsAttributeName = ""
	}
	if c.SAML.GroupsAttributeName != "" && !c.Security.AuthZ.IsRBACUIEnabled() {
		c.SAML.GroupsAttributeName = ""
	}
	return nil
}

func k8sValidateMaxSlots(r *ResourceManagerWithPoolsConfig, tcd model.TaskContainerDefaultsConfig, totalRMs int,
) (model.TaskContainerDefaultsConfig, error) {
	if tcd.Kubernetes == nil {
		tcd.Kubernetes = &shared.KubernetesTaskContainerDefaults{}
	}
	rmMax := r.ResourceManager.KubernetesRM.MaxSlotsPerPod
	taskMax := tcd.Kubernetes.MaxSlotsPerPod
	if totalRMs == 1 {
		if (rmMax != nil) == (taskMax != nil) {
			return tcd, fmt.Errorf("must provide exactly one of " +
				"resource_manager.max_slots_per_pod and " +
				"task_container_defaults.kubernetes.max_slots_per_pod")
		}
		if rmMax != nil {
			tcd.Kubernetes.MaxSlotsPerPod = rmMax
		}
		if taskMax != nil {
			r.ResourceManager.KubernetesRM.MaxSlotsPerPod = taskMax
		}
	} else if rmMax == nil {
		return tcd, fmt.Errorf("must provide resource_manager.max_slots_per_pod")
	}
	if n := *r.ResourceManager.KubernetesRM.MaxSlotsPerPod; n < 0 {
		return tcd, fmt.Errorf("max_slots_per_pod must be >= 0 got %d", n)
	}
	return tcd, nil
}

// SecurityConfig is `security`.
type SecurityConfig struct {
	DefaultTask         shared.AgentUserGroup `json:"default_task"`
	TLS                 TLSConfig             `json:"tls"`
	SSH                 SSHConfig             `json:"ssh"`
	AuthZ               AuthZConfig           `json:"authz"`
	InitialUserPassword string                `json:"initial_user_password"`
}

// SSHConfig is `security.ssh`.
type SSHConfig struct {
	RsaKeySize int `json:"rsa_key_size"`
}

// Validate checks the RSA key size.
func (t *SSHConfig) Validate() []error {
	var errs []error
	if t.RsaKeySize < 1 {
		errs = append(errs, errors.New("RSA Key size must be greater than 0"))
	} else if t.RsaKeySize > 16384 {
		errs = append(errs, errors.New("RSA Key size must be less than 16,384"))
	}
	return errs
}

// InternalConfig is `__internal` (0.35–0.36: with preemption_timeout).
type InternalConfig struct {
	AuditLoggingEnabled bool                    `json:"audit_logging_enabled"`
	ExternalSessions    shared.ExternalSessions `json:"external_sessions"`
	ProxiedServers      []ProxiedServerConfig   `json:"proxied_servers"`
	PreemptionTimeout   *shared.Duration        `json:"preemption_timeout"`
}

// Validate checks each proxied server.
func (i *InternalConfig) Validate() []error {
	var errs []error
	for _, p := range i.ProxiedServers {
		errs = append(errs, p.Validate()...)
	}
	return errs
}

// OIDCConfig is `oidc` (0.35).
type OIDCConfig struct {
	Enabled                     bool   `json:"enabled"`
	Provider                    string `json:"provider"`
	ClientID                    string `json:"client_id"`
	ClientSecret                string `json:"client_secret"`
	IDPSSOURL                   string `json:"idp_sso_url"`
	IDPRecipientURL             string `json:"idp_recipient_url"`
	AuthenticationClaim         string `json:"authentication_claim"`
	SCIMAuthenticationAttribute string `json:"scim_authentication_attribute"`
	AutoProvisionUsers          bool   `json:"auto_provision_users"`
	GroupsAttributeName         string `json:"groups_attribute_name"`
	DisplayNameAttributeName    string `json:"display_name_attribute_name"`
	AlwaysRedirect              bool   `json:"always_redirect"`
}

// Validate parses the recipient URL when enabled.
func (c OIDCConfig) Validate() []error {
	if !c.Enabled {
		return nil
	}
	_, err := url.Parse(c.IDPRecipientURL)
	return []error{err}
}

// SAMLConfig is `saml` (0.35–0.36).
type SAMLConfig struct {
	Enabled                  bool   `json:"enabled"`
	Provider                 string `json:"provider"`
	IDPRecipientURL          string `json:"idp_recipient_url"`
	IDPSSOURL                string `json:"idp_sso_url"`
	IDPSSODescriptorURL      string `json:"idp_sso_descriptor_url"`
	IDPMetadataURL           string `json:"idp_metadata_url"`
	AutoProvisionUsers       bool   `json:"auto_provision_users"`
	GroupsAttributeName      string `json:"groups_attribute_name"`
	DisplayNameAttributeName string `json:"display_name_attribute_name"`
	AlwaysRedirect           bool   `json:"always_redirect"`
}

// Validate requires the SAML endpoints when enabled.
func (c SAMLConfig) Validate() []error {
	if !c.Enabled {
		return nil
	}
	_, urlErr := url.Parse(c.IDPRecipientURL)
	return []error{
		urlErr,
		check.NotEmpty(c.Provider, "saml_provider must be specified"),
		check.NotEmpty(c.IDPRecipientURL, "saml_idp_recipient_url must be specified"),
		check.NotEmpty(c.IDPSSOURL, "saml_idp_sso_url must be specified"),
		check.NotEmpty(c.IDPSSODescriptorURL, "saml_idp_sso_descriptor_url must be specified"),
		check.NotEmpty(c.IDPMetadataURL, "saml_metadata_url must be specified"),
	}
}

// ---- resources ----

// ResourceManagerWithPoolsConfig is one of additional_resource_managers.
type ResourceManagerWithPoolsConfig struct {
	ResourceManager *ResourceManagerConfig `json:"resource_manager"`
	ResourcePools   []ResourcePoolConfig   `json:"resource_pools"`
}

// ResourceConfig is embedded in Config.
type ResourceConfig struct {
	RootManagerInternal                *ResourceManagerConfig            `json:"resource_manager"`
	RootPoolsInternal                  []ResourcePoolConfig              `json:"resource_pools"`
	AdditionalResourceManagersInternal []*ResourceManagerWithPoolsConfig `json:"additional_resource_managers"`
}

// ResourceManagers lists the root manager first.
func (r *ResourceConfig) ResourceManagers() []*ResourceManagerWithPoolsConfig {
	return append([]*ResourceManagerWithPoolsConfig{{
		ResourceManager: r.RootManagerInternal, ResourcePools: r.RootPoolsInternal,
	}}, r.AdditionalResourceManagersInternal...)
}

// ResolveResource fills the default manager, cluster name and pool.
func (r *ResourceConfig) ResolveResource() error {
	if r.RootManagerInternal == nil {
		r.RootManagerInternal = &ResourceManagerConfig{AgentRM: sc.DefaultAgentRM()}
	}
	m := r.RootManagerInternal
	if m.AgentRM == nil && m.KubernetesRM == nil && m.DispatcherRM == nil && m.PbsRM == nil {
		m.AgentRM = sc.DefaultAgentRM()
	}
	for _, c := range r.AdditionalResourceManagersInternal {
		if c.ResourceManager.AgentRM == nil && c.ResourceManager.KubernetesRM == nil && c.ResourceManager.DispatcherRM == nil {
			return fmt.Errorf("please specify an resource manager type")
		}
	}
	if m.ClusterName() == "" {
		m.setClusterName(sc.DefaultClusterName)
	}
	if r.RootPoolsInternal == nil && (m.AgentRM != nil || m.KubernetesRM != nil) {
		p := defaultRPConfig()
		p.PoolName = sc.DefaultResourcePoolName
		r.RootPoolsInternal = []ResourcePoolConfig{p}
	}
	return nil
}

// Validate mirrors ResourceConfig.Validate.
func (r ResourceConfig) Validate() []error {
	seenRM := map[string]bool{}
	seenPool := map[string]bool{}
	var errs []error
	for _, rm := range r.ResourceManagers() {
		if len(rm.ResourcePools) == 0 && (rm.ResourceManager.AgentRM != nil || rm.ResourceManager.KubernetesRM != nil) {
			errs = append(errs, fmt.Errorf("for additional_resource_managers, you must specify at least one resource pool"))
		}
		name := rm.ResourceManager.ClusterName()
		if seenRM[name] {
			errs = append(errs, fmt.Errorf("resource manager has a duplicate name: %s", name))
		}
		seenRM[name] = true
		inRM := map[string]bool{}
		for _, p := range rm.ResourcePools {
			if seenPool[p.PoolName] {
				if inRM[p.PoolName] {
					errs = append(errs, fmt.Errorf("resource pool has a duplicate name: %s", p.PoolName))
				} else {
					errs = append(errs, fmt.Errorf("resource pool has a duplicate name: %s "+
						"They must be unique across even different resource managers", p.PoolName))
				}
			}
			inRM[p.PoolName] = true
			seenPool[p.PoolName] = true
		}
	}
	for _, rm := range r.AdditionalResourceManagersInternal {
		if rm.ResourceManager.KubernetesRM == nil {
			errs = append(errs, fmt.Errorf("additional_resource_managers only supports resource managers of type: kubernetes"))
		}
	}
	return errs
}

// ResourceManagerConfig is a resource manager (type: agent | kubernetes | slurm | pbs).
type ResourceManagerConfig struct {
	AgentRM      *sc.AgentResourceManagerConfig      `union:"type,agent" json:"-"`
	KubernetesRM *KubernetesResourceManagerConfig    `union:"type,kubernetes" json:"-"`
	DispatcherRM *sc.DispatcherResourceManagerConfig `union:"type,slurm" json:"-"`
	PbsRM        *sc.DispatcherResourceManagerConfig `union:"type,pbs" json:"-"`
}

// ClusterName returns (and back-fills from `name`) the cluster name.
func (r ResourceManagerConfig) ClusterName() string {
	switch {
	case r.AgentRM != nil:
		if r.AgentRM.ClusterName == "" {
			r.AgentRM.ClusterName = r.AgentRM.Name
		}
		return r.AgentRM.ClusterName
	case r.KubernetesRM != nil:
		if r.KubernetesRM.ClusterName == "" {
			r.KubernetesRM.ClusterName = r.KubernetesRM.Name
		}
		return r.KubernetesRM.ClusterName
	case r.DispatcherRM != nil:
		if r.DispatcherRM.ClusterName == "" {
			r.DispatcherRM.ClusterName = r.DispatcherRM.Name
		}
		return r.DispatcherRM.ClusterName
	case r.PbsRM != nil:
		if r.PbsRM.ClusterName == "" {
			r.PbsRM.ClusterName = r.PbsRM.Name
		}
		return r.PbsRM.ClusterName
	}
	panic(fmt.Sprintf("unknown rm type %+v", r))
}

func (r *ResourceManagerConfig) setClusterName(name string) {
	switch {
	case r.AgentRM != nil:
		r.AgentRM.ClusterName = name
	case r.KubernetesRM != nil:
		r.KubernetesRM.ClusterName = name
	case r.DispatcherRM != nil:
		r.DispatcherRM.ClusterName = name
	case r.PbsRM != nil:
		r.PbsRM.ClusterName = name
	default:
		panic(fmt.Sprintf("unknown rm type %+v", r))
	}
}

// MarshalJSON writes the flat union.
func (r ResourceManagerConfig) MarshalJSON() ([]byte, error) { return union.Marshal(r) }

// UnmarshalJSON is the strict union decode; no type means an agent manager.
func (r *ResourceManagerConfig) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, r); err != nil {
		return union.Boundary(err)
	}
	type noMethods *ResourceManagerConfig
	if err := json.Unmarshal(data, noMethods(r)); err != nil {
		return union.Boundary(err)
	}
	if r.AgentRM == nil && r.KubernetesRM == nil && r.DispatcherRM == nil && r.PbsRM == nil {
		r.AgentRM = &sc.AgentResourceManagerConfig{
			Scheduler:                  &sc.SchedulerConfig{FittingPolicy: sc.DefaultFitPolicy},
			DefaultComputeResourcePool: sc.DefaultResourcePoolName,
			DefaultAuxResourcePool:     sc.DefaultResourcePoolName,
		}
	}
	return nil
}

// KubernetesResourceManagerConfig is a resource manager of type kubernetes (0.35–0.37: determined_master_ip).
type KubernetesResourceManagerConfig struct {
	DefaultNamespace           string                        `json:"default_namespace"`
	MaxSlotsPerPod             *int                          `json:"max_slots_per_pod"`
	ClusterName                string                        `json:"cluster_name"`
	MasterServiceName          string                        `json:"master_service_name"`
	LeaveKubernetesResources   bool                          `json:"leave_kubernetes_resources"`
	DefaultScheduler           string                        `json:"default_scheduler"`
	SlotType                   device.Type                   `json:"slot_type"`
	SlotResourceRequests       sc.PodSlotResourceRequests    `json:"slot_resource_requests"`
	Fluent                     sc.FluentConfig               `json:"fluent"`
	KubeconfigPath             string                        `json:"kubeconfig_path"`
	DetMasterScheme            string                        `json:"determined_master_scheme,omitempty"`
	DetMasterIP                string                        `json:"determined_master_ip,omitempty"`
	DetMasterPort              int32                         `json:"determined_master_port,omitempty"`
	DefaultAuxResourcePool     string                        `json:"default_aux_resource_pool"`
	DefaultComputeResourcePool string                        `json:"default_compute_resource_pool"`
	NoDefaultResourcePools     bool                          `json:"no_default_resource_pools"`
	InternalTaskGateway        *sc.InternalTaskGatewayConfig `json:"internal_task_gateway"`
	Name                       string                        `json:"name"`
	Metadata                   map[string]string             `json:"metadata"`
}

// UnmarshalJSON defaults slot_type to cuda, decodes leniently, fills pool names.
func (k *KubernetesResourceManagerConfig) UnmarshalJSON(data []byte) error {
	*k = KubernetesResourceManagerConfig{SlotType: device.CUDA}
	type noMethods *KubernetesResourceManagerConfig
	err := json.Unmarshal(data, noMethods(k))
	if k.NoDefaultResourcePools {
		k.DefaultComputeResourcePool, k.DefaultAuxResourcePool = "", ""
	} else {
		if k.DefaultComputeResourcePool == "" {
			k.DefaultComputeResourcePool = sc.DefaultResourcePoolName
		}
		if k.DefaultAuxResourcePool == "" {
			k.DefaultAuxResourcePool = sc.DefaultResourcePoolName
		}
	}
	if err == nil && k.SlotType == "gpu" {
		k.SlotType = device.CUDA
	}
	return union.Boundary(err)
}

// Validate (0.35): rocm is refused on Kubernetes; no scheduler check.
func (k KubernetesResourceManagerConfig) Validate() []error {
	var slotType, cpu error
	switch k.SlotType {
	case device.CPU, device.CUDA:
	case device.ROCM:
		slotType = errors.Errorf("rocm slot_type is not supported yet on k8s")
	default:
		slotType = errors.Errorf("slot_type must be either cuda or cpu")
	}
	if k.SlotType == device.CPU {
		cpu = check.GreaterThan(k.SlotResourceRequests.CPU, float32(0), "slot_resource_requests.cpu must be > 0")
	}
	return []error{slotType, cpu, check.NotEmpty(k.ClusterName, "cluster_name is required")}
}

// ResourcePoolConfig is one of resource_pools.
type ResourcePoolConfig struct {
	PoolName                 string                             `json:"pool_name"`
	Description              string                             `json:"description"`
	Provider                 *provconfig.Config                 `json:"provider"`
	Scheduler                *sc.SchedulerConfig                `json:"scheduler,omitempty"`
	MaxAuxContainersPerAgent int                                `json:"max_aux_containers_per_agent"`
	TaskContainerDefaults    *model.TaskContainerDefaultsConfig `json:"task_container_defaults"`
	AgentReattachEnabled     bool                               `json:"agent_reattach_enabled"`
	AgentReconnectWait       shared.Duration                    `json:"agent_reconnect_wait"`
	MaxCPUContainersPerAgent int                                `json:"max_cpu_containers_per_agent,omitempty"`
}

func defaultRPConfig() ResourcePoolConfig {
	return ResourcePoolConfig{
		MaxAuxContainersPerAgent: 100,
		MaxCPUContainersPerAgent: -1,
		AgentReconnectWait:       shared.Duration(sc.AgentReconnectWait),
	}
}

// UnmarshalJSON applies the pool defaults and decodes leniently (unknown keys dropped).
func (r *ResourcePoolConfig) UnmarshalJSON(data []byte) error {
	*r = defaultRPConfig()
	type noMethods *ResourcePoolConfig
	if err := json.Unmarshal(data, noMethods(r)); err != nil {
		return union.Boundary(err)
	}
	if r.MaxCPUContainersPerAgent != -1 {
		r.MaxAuxContainersPerAgent = r.MaxCPUContainersPerAgent
	}
	r.MaxCPUContainersPerAgent = 0
	return nil
}

// Validate requires a name and a non-negative container count.
func (r ResourcePoolConfig) Validate() []error {
	return []error{
		check.True(len(r.PoolName) != 0, "resource pool name cannot be empty"),
		check.True(r.MaxAuxContainersPerAgent >= 0, "resource pool max cpu containers per agent should be >= 0"),
	}
}
