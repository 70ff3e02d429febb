// Package config mirrors the master/internal/config (and master/pkg/config)
// types that are identical in every release 0.35.0–0.38.1. The types that
// differ live in internal/rel/*/config.
package config

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pkg/errors"

	"masterdecode/internal/check"
	"masterdecode/internal/device"
	"masterdecode/internal/license"
	"masterdecode/internal/model"
	"masterdecode/internal/union"
)

// CacheConfig is `cache`.
type CacheConfig struct {
	CacheDir string `json:"cache_dir"`
}

// DBConfig is `db`.
type DBConfig struct {
	User             string `json:"user"`
	Password         string `json:"password"`
	Migrations       string `json:"migrations"`
	ViewsAndTriggers string `json:"views_and_triggers"`
	Host             string `json:"host"`
	Port             string `json:"port"`
	Name             string `json:"name"`
	SSLMode          string `json:"ssl_mode"`
	SSLRootCert      string `json:"ssl_root_cert"`
}

// DefaultDBConfig is the master's default.
func DefaultDBConfig() *DBConfig {
	return &DBConfig{Migrations: "file://static/migrations", SSLMode: "disable"}
}

// WebhooksConfig is `webhooks`.
type WebhooksConfig struct {
	BaseURL    string `json:"base_url"`
	SigningKey string `json:"signing_key"`
}

// IntegrationsConfig is `integrations`.
type IntegrationsConfig struct {
	Pachyderm PachydermConfig `json:"pachyderm"`
}

// PachydermConfig is `integrations.pachyderm`.
type PachydermConfig struct {
	Address string `json:"address"`
}

// TelemetryConfig is `telemetry` (master/pkg/config).
type TelemetryConfig struct {
	Enabled                  bool   `json:"enabled"`
	SegmentMasterKey         string `json:"segment_master_key"`
	OtelEnabled              bool   `json:"otel_enabled"`
	OtelExportedOtlpEndpoint string `json:"otel_endpoint"`
	SegmentWebUIKey          string `json:"segment_webui_key"`
	ClusterID                string `json:"cluster_id"`
}

// ObservabilityConfig is `observability`.
type ObservabilityConfig struct {
	EnablePrometheus bool `json:"enable_prometheus"`
}

// TLSConfig is `security.tls`.
type TLSConfig struct {
	Cert string `json:"cert"`
	Key  string `json:"key"`
}

// Validate wants both files or neither.
func (t *TLSConfig) Validate() []error {
	var errs []error
	if t.Cert == "" && t.Key != "" {
		errs = append(errs, errors.New("TLS key file provided without a cert file"))
	} else if t.Key == "" && t.Cert != "" {
		errs = append(errs, errors.New("TLS cert file provided without a key file"))
	}
	return errs
}

// Enabled is true when both files are set.
func (t *TLSConfig) Enabled() bool { return t.Cert != "" && t.Key != "" }

// ProxiedServerConfig is one of `__internal.proxied_servers`.
type ProxiedServerConfig struct {
	PathPrefix  string `json:"path_prefix"`
	Destination string `json:"destination"`
}

// Validate checks the prefix and that the destination URL has a port.
func (p *ProxiedServerConfig) Validate() []error {
	var errs []error
	if p.PathPrefix == "" {
		errs = append(errs, errors.New("path_prefix must be set"))
	}
	if p.Destination == "" {
		return append(errs, errors.New("destination must be set"))
	}
	u, err := url.Parse(p.Destination)
	if err != nil {
		return append(errs, errors.Wrap(err, "failed to parse proxied destination"))
	}
	if u.Port() == "" {
		errs = append(errs, errors.New("proxy path must include a port"))
	}
	return errs
}

// ---- authz ----

// KnownAuthZTypes are the types the master binary registers at init
// (basic, permissive and rbac in every release 0.35.0–0.38.1).
var KnownAuthZTypes = map[string]bool{"basic": true, "permissive": true, "rbac": true}

// BasicAuthZType is the default authz type.
const BasicAuthZType = "basic"

// AuthZConfig is `security.authz`.
type AuthZConfig struct {
	Type                   string                       `json:"type"`
	FallbackType           *string                      `json:"fallback"`
	RBACUIEnabled          *bool                        `json:"rbac_ui_enabled"`
	StrictNTSCEnabled      bool                         `json:"_strict_ntsc_enabled"`
	AssignWorkspaceCreator AssignWorkspaceCreatorConfig `json:"workspace_creator_assign_role"`
	StrictJobQueueControl  bool                         `json:"strict_job_queue_control"`
}

// DefaultAuthZConfig is the master's default.
func DefaultAuthZConfig() *AuthZConfig {
	fb := BasicAuthZType
	return &AuthZConfig{
		Type:                   BasicAuthZType,
		FallbackType:           &fb,
		AssignWorkspaceCreator: AssignWorkspaceCreatorConfig{Enabled: true, RoleID: 2},
	}
}

func knownTypesList() string {
	ks := make([]string, 0, len(KnownAuthZTypes))
	for k := range KnownAuthZTypes {
		ks = append(ks, k)
	}
	// The master lists them in Go map order (random); sorted here.
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// Validate checks the types; a type other than basic needs a license.
func (c *AuthZConfig) Validate() []error {
	var errs []error
	const tmpl = "\"%s\" is not a known authz type, must be one of: %s"
	if !KnownAuthZTypes[c.Type] {
		errs = append(errs, fmt.Errorf(tmpl, c.Type, knownTypesList()))
	}
	if c.Type != BasicAuthZType {
		license.RequireLicense("RBAC")
	}
	if c.FallbackType != nil && !KnownAuthZTypes[*c.FallbackType] {
		errs = append(errs, fmt.Errorf(tmpl, *c.FallbackType, knownTypesList()))
	}
	return errs
}

// IsRBACUIEnabled mirrors the master.
func (c AuthZConfig) IsRBACUIEnabled() bool {
	if c.RBACUIEnabled != nil {
		return *c.RBACUIEnabled
	}
	return c.Type != BasicAuthZType
}

// AssignWorkspaceCreatorConfig is `security.authz.workspace_creator_assign_role`.
type AssignWorkspaceCreatorConfig struct {
	Enabled bool `json:"enabled"`
	RoleID  int  `json:"role_id"`
}

// Validate refuses role ids <= 0.
func (a AssignWorkspaceCreatorConfig) Validate() []error {
	if a.RoleID <= 0 {
		return []error{fmt.Errorf("workspace_creator_assign_role.role_id must be >= 0 got %d", a.RoleID)}
	}
	return nil
}

// ---- scim / det cloud ----

// ScimConfig is `scim`.
type ScimConfig struct {
	Enabled bool       `json:"enabled"`
	Auth    AuthConfig `json:"auth"`
}

// AuthConfig is `scim.auth` (type: basic | oauth).
type AuthConfig struct {
	BasicAuthConfig *BasicAuthConfig `union:"type,basic" json:"-"`
	OAuthConfig     *OAuthConfig     `union:"type,oauth" json:"-"`
}

// MarshalJSON writes null when unset.
func (a AuthConfig) MarshalJSON() ([]byte, error) {
	if a.BasicAuthConfig == nil && a.OAuthConfig == nil {
		return json.Marshal(nil)
	}
	return union.Marshal(a)
}

// UnmarshalJSON is the strict union decode.
func (a *AuthConfig) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, a); err != nil {
		return union.Boundary(err)
	}
	type noMethods *AuthConfig
	return errors.Wrap(json.Unmarshal(data, noMethods(a)), "failed to parse SCIM auth config")
}

// BasicAuthConfig is scim.auth of type basic.
type BasicAuthConfig struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Validate wants both.
func (b BasicAuthConfig) Validate() []error {
	var errs []error
	if b.Username == "" {
		errs = append(errs, errors.New("username is missing"))
	}
	if b.Password == "" {
		errs = append(errs, errors.New("password is missing"))
	}
	return errs
}

// OAuthConfig has no fields.
type OAuthConfig struct{}

// DetCloudConfig is `det_cloud`.
type DetCloudConfig struct {
	Enabled        bool   `json:"enabled"`
	LoginURL       string `json:"login_url"`
	AlwaysRedirect bool   `json:"always_redirect"`
}

// Validate parses the login URL when enabled.
func (c DetCloudConfig) Validate() []error {
	if !c.Enabled {
		return nil
	}
	_, err := url.Parse(c.LoginURL)
	return []error{err}
}

// ---- schedulers ----

// Scheduler names and fitting policies.
const (
	DefaultSchedulingPriority = 42
	FairShareScheduling       = "fair_share"
	PriorityScheduling        = "priority"
	RoundRobinScheduling      = "round_robin"
	best                      = "best"
	worst                     = "worst"
	DefaultFitPolicy          = best
	DefaultResourcePoolName   = "default"
	DefaultClusterName        = "default"
)

// DefaultSchedulerConfig is the agent RM's default scheduler.
func DefaultSchedulerConfig() *SchedulerConfig {
	p := DefaultSchedulingPriority
	return &SchedulerConfig{
		Priority:      &PrioritySchedulerConfig{DefaultPriority: &p},
		FittingPolicy: DefaultFitPolicy,
	}
}

// SchedulerConfig is a scheduler (type: fair_share | priority | round_robin).
type SchedulerConfig struct {
	FairShare              *FairShareSchedulerConfig  `union:"type,fair_share" json:"-"`
	Priority               *PrioritySchedulerConfig   `union:"type,priority" json:"-"`
	RoundRobin             *RoundRobinSchedulerConfig `union:"type,round_robin" json:"-"`
	FittingPolicy          string                     `json:"fitting_policy"`
	AllowHeterogeneousFits bool                       `json:"allow_heterogeneous_fits"`
}

// MarshalJSON writes the flat union.
func (s SchedulerConfig) MarshalJSON() ([]byte, error) { return union.Marshal(s) }

// UnmarshalJSON decodes strictly and fills the defaults.
func (s *SchedulerConfig) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, s); err != nil {
		return union.Boundary(err)
	}
	type noMethods *SchedulerConfig
	if err := json.Unmarshal(data, noMethods(s)); err != nil {
		return union.Boundary(err)
	}
	if s.FairShare == nil && s.Priority == nil && s.RoundRobin == nil {
		s.Priority = &PrioritySchedulerConfig{}
	}
	if s.Priority != nil && s.Priority.DefaultPriority == nil {
		p := DefaultSchedulingPriority
		s.Priority.DefaultPriority = &p
	}
	if s.FittingPolicy == "" {
		s.FittingPolicy = best
	}
	return nil
}

// Validate checks the fitting policy.
func (s SchedulerConfig) Validate() []error {
	return []error{check.Contains(s.FittingPolicy, []interface{}{best, worst}, "invalid fitting policy")}
}

// GetType names the chosen scheduler.
func (s *SchedulerConfig) GetType() string {
	switch {
	case s.FairShare != nil:
		return FairShareScheduling
	case s.Priority != nil:
		return PriorityScheduling
	case s.RoundRobin != nil:
		return RoundRobinScheduling
	}
	panic("neither scheduler type configured")
}

// FairShareSchedulerConfig has no fields.
type FairShareSchedulerConfig struct{}

// PrioritySchedulerConfig is the priority scheduler.
type PrioritySchedulerConfig struct {
	Preemption      bool `json:"preemption"`
	DefaultPriority *int `json:"default_priority"`
}

// Validate checks the default priority range.
func (p PrioritySchedulerConfig) Validate() []error {
	return model.ValidatePrioritySetting(p.DefaultPriority)
}

// RoundRobinSchedulerConfig has no fields.
type RoundRobinSchedulerConfig struct{}

// ---- agent resource manager ----

// AgentResourceManagerConfig is a resource manager of type agent.
type AgentResourceManagerConfig struct {
	ClusterName                string            `json:"cluster_name"`
	Scheduler                  *SchedulerConfig  `json:"scheduler"`
	DefaultAuxResourcePool     string            `json:"default_aux_resource_pool"`
	DefaultComputeResourcePool string            `json:"default_compute_resource_pool"`
	NoDefaultResourcePools     bool              `json:"no_default_resource_pools"`
	DefaultCPUResourcePool     string            `json:"default_cpu_resource_pool,omitempty"`
	DefaultGPUResourcePool     string            `json:"default_gpu_resource_pool,omitempty"`
	RequireAuthentication      bool              `json:"require_authentication"`
	ClientCA                   string            `json:"client_ca"`
	Name                       string            `json:"name"`
	Metadata                   map[string]string `json:"metadata"`
}

// UnmarshalJSON decodes leniently and resolves the pool defaults.
func (a *AgentResourceManagerConfig) UnmarshalJSON(data []byte) error {
	type noMethods *AgentResourceManagerConfig
	if err := json.Unmarshal(data, noMethods(a)); err != nil {
		return union.Boundary(err)
	}
	if a.NoDefaultResourcePools {
		a.DefaultComputeResourcePool, a.DefaultAuxResourcePool = "", ""
	} else {
		if a.DefaultAuxResourcePool == "" && a.DefaultCPUResourcePool != "" {
			a.DefaultAuxResourcePool = a.DefaultCPUResourcePool
		}
		if a.DefaultComputeResourcePool == "" && a.DefaultGPUResourcePool != "" {
			a.DefaultComputeResourcePool = a.DefaultGPUResourcePool
		}
		if a.DefaultComputeResourcePool == "" {
			a.DefaultComputeResourcePool = DefaultResourcePoolName
		}
		if a.DefaultAuxResourcePool == "" {
			a.DefaultAuxResourcePool = DefaultResourcePoolName
		}
	}
	a.DefaultCPUResourcePool, a.DefaultGPUResourcePool = "", ""
	return nil
}

// Validate mirrors the agent RM checks.
func (a AgentResourceManagerConfig) Validate() []error {
	var errs []error
	if a.NoDefaultResourcePools {
		errs = append(errs,
			check.Equal("", a.DefaultAuxResourcePool,
				"default_aux_resource_pool should be empty if no_default_resource_pools is set"),
			check.Equal("", a.DefaultComputeResourcePool,
				"default_compute_resource_pool should be empty if no_default_resource_pools is set"))
	}
	return append(errs,
		check.NotEmpty(a.DefaultAuxResourcePool, "default_aux_resource_pool should be non-empty"),
		check.NotEmpty(a.DefaultComputeResourcePool, "default_compute_resource_pool should be non-empty"),
		check.NotEmpty(a.ClusterName, "cluster_name is required"))
}

// DefaultAgentRM is the resource manager used when none is configured.
func DefaultAgentRM() *AgentResourceManagerConfig {
	return &AgentResourceManagerConfig{
		ClusterName:                DefaultClusterName,
		DefaultComputeResourcePool: DefaultResourcePoolName,
		DefaultAuxResourcePool:     DefaultResourcePoolName,
	}
}

// ---- kubernetes resource manager pieces ----

// InternalTaskGatewayConfig is resource_manager.internal_task_gateway.
type InternalTaskGatewayConfig struct {
	GatewayName      string `json:"gateway_name"`
	GatewayNamespace string `json:"gateway_namespace"`
	GatewayIP        string `json:"gateway_ip"`
	GWPortStart      int    `json:"gateway_port_range_start"`
	GWPortEnd        int    `json:"gateway_port_range_end"`
}

// UnmarshalJSON applies the default port range and decodes leniently.
func (i *InternalTaskGatewayConfig) UnmarshalJSON(data []byte) error {
	*i = InternalTaskGatewayConfig{GWPortStart: 32768, GWPortEnd: 65535}
	type noMethods *InternalTaskGatewayConfig
	return union.Boundary(json.Unmarshal(data, noMethods(i)))
}

// Validate mirrors the gateway checks.
func (i *InternalTaskGatewayConfig) Validate() []error {
	var errs []error
	if err := check.IsValidK8sLabel(i.GatewayName); err != nil {
		errs = append(errs, fmt.Errorf("invalid gateway_name: %w", err))
	}
	if err := check.IsValidK8sLabel(i.GatewayNamespace); err != nil {
		errs = append(errs, fmt.Errorf("invalid gateway_namespace: %w", err))
	}
	if err := check.NotEmpty(i.GatewayIP); err != nil {
		errs = append(errs, fmt.Errorf("invalid gateway_ip: %w", err))
	}
	if err := check.BetweenInclusive(i.GWPortStart, 1025, 65535); err != nil {
		errs = append(errs, fmt.Errorf("invalid gateway_port_range_start: %w", err))
	}
	if err := check.BetweenInclusive(i.GWPortEnd, 1025, 65535); err != nil {
		errs = append(errs, fmt.Errorf("invalid gateway_port_range_end: %w", err))
	}
	if i.GWPortStart >= i.GWPortEnd {
		errs = append(errs, fmt.Errorf("gateway_port_range_start must be less than or equal to gateway_port_range_end"))
	}
	return errs
}

// PodSlotResourceRequests is resource_manager.slot_resource_requests.
type PodSlotResourceRequests struct {
	CPU float32 `json:"cpu"`
}

// FluentConfig is resource_manager.fluent (unused by the master).
type FluentConfig struct {
	Image string `json:"image"`
	UID   int    `json:"uid"`
	GID   int    `json:"gid"`
}

// ---- dispatcher (slurm / pbs) resource manager ----

// DispatcherResourceManagerConfig is a resource manager of type slurm or pbs.
type DispatcherResourceManagerConfig struct {
	ClusterName                string                                        `json:"cluster_name"`
	MasterHost                 string                                        `json:"master_host"`
	MasterPort                 int                                           `json:"master_port"`
	LauncherHost               string                                        `json:"host"`
	LauncherPort               int                                           `json:"port"`
	LauncherProtocol           string                                        `json:"protocol"`
	SlotType                   *device.Type                                  `json:"slot_type"`
	LauncherAuthFile           string                                        `json:"auth_file"`
	LauncherContainerRunType   string                                        `json:"container_run_type"`
	RendezvousNetworkInterface string                                        `json:"rendezvous_network_interface"`
	ProxyNetworkInterface      string                                        `json:"proxy_network_interface"`
	UserName                   string                                        `json:"user_name"`
	GroupName                  string                                        `json:"group_name"`
	SingularityImageRoot       string                                        `json:"singularity_image_root"`
	ApptainerImageRoot         string                                        `json:"apptainer_image_root"`
	JobStorageRoot             string                                        `json:"job_storage_root"`
	Path                       string                                        `json:"path"`
	LdLibraryPath              string                                        `json:"ld_library_path"`
	LauncherJvmArgs            string                                        `json:"launcher_jvm_args"`
	SudoAuthorized             string                                        `json:"sudo_authorized"`
	TresSupported              bool                                          `json:"tres_supported"`
	GresSupported              bool                                          `json:"gres_supported"`
	DefaultAuxResourcePool     *string                                       `json:"default_aux_resource_pool"`
	DefaultComputeResourcePool *string                                       `json:"default_compute_resource_pool"`
	JobProjectSource           *string                                       `json:"job_project_source"`
	Name                       string                                        `json:"name"`
	Metadata                   map[string]string                             `json:"metadata"`
	Security                   *DispatcherSecurityConfig                     `json:"security"`
	PartitionOverrides         map[string]DispatcherPartitionOverrideConfigs `json:"partition_overrides"`
}

// DispatcherSecurityConfig is the dispatcher's security section.
type DispatcherSecurityConfig struct {
	TLS model.TLSClientConfig `json:"tls"`
}

// DispatcherPartitionOverrideConfigs is one partition override
// (task_container_defaults kept as raw JSON here: not mirrored).
type DispatcherPartitionOverrideConfigs struct {
	RendezvousNetworkInterface  *string         `json:"rendezvous_network_interface"`
	ProxyNetworkInterface       *string         `json:"proxy_network_interface"`
	SlotType                    *device.Type    `json:"slot_type"`
	TaskContainerDefaultsConfig json.RawMessage `json:"task_container_defaults"`
	Description                 string          `json:"description"`
}

// UnmarshalJSON applies the dispatcher defaults.
func (c *DispatcherResourceManagerConfig) UnmarshalJSON(data []byte) error {
	*c = DispatcherResourceManagerConfig{
		LauncherPort: 8181, LauncherProtocol: "http", TresSupported: true, GresSupported: true,
		LauncherContainerRunType: "singularity",
	}
	type noMethods *DispatcherResourceManagerConfig
	if err := json.Unmarshal(data, noMethods(c)); err != nil {
		return union.Boundary(err)
	}
	if c.ApptainerImageRoot != "" {
		c.SingularityImageRoot = c.ApptainerImageRoot
	}
	if c.LauncherContainerRunType == "apptainer" {
		c.LauncherContainerRunType = "singularity"
	}
	return nil
}

// Validate mirrors the dispatcher checks.
func (c DispatcherResourceManagerConfig) Validate() []error {
	switch c.LauncherContainerRunType {
	case "singularity", "podman", "enroot":
	default:
		return []error{fmt.Errorf("invalid launch container run type: '%s'", c.LauncherContainerRunType)}
	}
	if c.ApptainerImageRoot != "" && c.SingularityImageRoot != "" {
		return []error{fmt.Errorf("apptainer_image_root and singularity_image_root cannot be both set")}
	}
	if c.SlotType != nil {
		switch *c.SlotType {
		case device.CPU, device.CUDA, device.ROCM:
		default:
			return []error{fmt.Errorf("invalid slot_type '%s'.  Specify one of cuda, rocm, or cpu", *c.SlotType)}
		}
	}
	if s := c.JobProjectSource; s != nil {
		switch {
		case *s == "project", *s == "workspace", *s == "label", strings.HasPrefix(*s, "label:"):
		default:
			return []error{fmt.Errorf("invalid job_project_source value: '%s'. "+
				"Specify one of project, workspace or label[:value]", *s)}
		}
	}
	return nil
}

// AgentReconnectWait is 5 attempts × 5 s (master/pkg/aproto).
const AgentReconnectWait = 25 * time.Second

// RandomSigningKey stands in for the 12 random hex digits the master puts in
// webhooks.signing_key when it is empty (fixed here so verdicts are stable).
const RandomSigningKey = "000000000000"

// AbsRoot resolves `root` like filepath.Abs in the master, taking the
// master's working directory to be "/" (an assumption; the chart never sets root).
func AbsRoot(root string) string {
	if filepath.IsAbs(root) {
		return filepath.Clean(root)
	}
	return filepath.Join("/", root)
}

// RequireLicense is license.RequireLicense.
func RequireLicense(resource string) { license.RequireLicense(resource) }
