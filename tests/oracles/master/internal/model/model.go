// Package model mirrors the master/pkg/model types that appear in master.yaml
// and are the same in every release 0.35.0–0.38.1.
package model

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"time"

	"github.com/pkg/errors"
	"github.com/robfig/cron/v3"
	k8sV1 "k8s.io/api/core/v1"

	"masterdecode/internal/check"
	"masterdecode/internal/union"
)

// Duration decodes only from a Go duration string.
type Duration time.Duration

// MarshalJSON writes the duration string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON accepts "90s"-style strings only.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var v interface{}
	if err := json.Unmarshal(b, &v); err != nil {
		return union.Boundary(err)
	}
	s, ok := v.(string)
	if !ok {
		return errors.Errorf("invalid duration: %s", b)
	}
	p, err := time.ParseDuration(s)
	if err != nil {
		return errors.Wrap(err, "error parsing duration")
	}
	*d = Duration(p)
	return nil
}

// UserID is a user id.
type UserID int

// AgentUserGroup is security.default_task.
type AgentUserGroup struct {
	ID     int    `json:"id"`
	UserID UserID `json:"user_id"`
	User   string `json:"user"`
	UID    int    `json:"uid"`
	Group  string `json:"group"`
	GID    int    `json:"gid"`
}

// Validate refuses negative ids and empty names.
func (c AgentUserGroup) Validate() []error {
	var errs []error
	if c.UID < 0 {
		errs = append(errs, errors.New("uid less than zero"))
	}
	if c.GID < 0 {
		errs = append(errs, errors.New("gid less than zero"))
	}
	if len(c.User) == 0 {
		errs = append(errs, errors.New("user not set"))
	}
	if len(c.Group) == 0 {
		errs = append(errs, errors.New("group not set"))
	}
	return errs
}

// ClusterID and OrgID are string ids.
type (
	ClusterID string
	OrgID     string
)

// InvalidationMap is part of __internal.external_sessions.
type InvalidationMap struct {
	DefaultTime       time.Time                       `json:"defaultTime"`
	LastUpdated       time.Time                       `json:"lastUpdated"`
	InvalidationTimes map[string]map[string]time.Time `json:"invalidationTimes"`
}

// ExternalSessions is __internal.external_sessions.
type ExternalSessions struct {
	LoginURI        string    `json:"login_uri"`
	LogoutURI       string    `json:"logout_uri"`
	InvalidationURI string    `json:"invalidation_uri"`
	JwtKey          string    `json:"jwt_key"`
	OrgID           OrgID     `json:"org_id"`
	ClusterID       ClusterID `json:"cluster_id"`
	Invalidations   *InvalidationMap
}

// ---- logging ----

// LoggingConfig is the `logging` union (type: default | elastic).
type LoggingConfig struct {
	DefaultLoggingConfig *DefaultLoggingConfig `union:"type,default" json:"-"`
	ElasticLoggingConfig *ElasticLoggingConfig `union:"type,elastic" json:"-"`
}

// MarshalJSON writes the flat union.
func (c LoggingConfig) MarshalJSON() ([]byte, error) { return union.Marshal(c) }

// UnmarshalJSON is the strict union decode, then the plain fields.
func (c *LoggingConfig) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, c); err != nil {
		return union.Boundary(err)
	}
	type noMethods *LoggingConfig
	return errors.Wrap(json.Unmarshal(data, noMethods(c)), "failed to parse logging options")
}

// DefaultLoggingConfig has no fields.
type DefaultLoggingConfig struct{}

// ElasticLoggingConfig is logging of type elastic.
type ElasticLoggingConfig struct {
	Host     string                `json:"host"`
	Port     int                   `json:"port"`
	Security ElasticSecurityConfig `json:"security"`
}

// ElasticSecurityConfig is logging.security.
type ElasticSecurityConfig struct {
	Username *string         `json:"username"`
	Password *string         `json:"password"`
	TLS      TLSClientConfig `json:"tls"`
}

// Validate wants username and password together.
func (o ElasticSecurityConfig) Validate() []error {
	if (o.Username != nil) != (o.Password != nil) {
		return []error{errors.New("username and password must be specified together")}
	}
	return nil
}

// TLSClientConfig is logging.security.tls.
type TLSClientConfig struct {
	Enabled         bool   `json:"enabled"`
	SkipVerify      bool   `json:"skip_verify"`
	CertificatePath string `json:"certificate"`
	CertificateName string `json:"certificate_name"`
	CertBytes       []byte
}

// Validate refuses a certificate with verification off.
func (t TLSClientConfig) Validate() []error {
	if t.CertificatePath != "" && t.SkipVerify {
		return []error{errors.New("cannot specify a cert file with verification off")}
	}
	return nil
}

// LogRetentionPolicy is retention_policy.
type LogRetentionPolicy struct {
	LogRetentionDays *int16  `json:"log_retention_days"`
	Schedule         *string `json:"schedule"`
}

// Validate checks the day count and the schedule (duration or cron).
func (p LogRetentionPolicy) Validate() []error {
	var errs []error
	if p.LogRetentionDays != nil && *p.LogRetentionDays < -1 {
		errs = append(errs, errors.New("log retention days must be between -1 and 32767"))
	}
	if p.Schedule != nil {
		if _, err := time.ParseDuration(*p.Schedule); err != nil {
			if _, err := cron.ParseStandard(*p.Schedule); err != nil {
				errs = append(errs, errors.New("log retention schedule must be a valid duration or cron expression"))
			}
		}
	}
	return errs
}

// ---- task container defaults pieces ----

// RuntimeItem is a string or a {cpu, cuda|gpu, rocm} map.
type RuntimeItem struct {
	CPU  string `json:"cpu,omitempty"`
	CUDA string `json:"cuda,omitempty"`
	ROCM string `json:"rocm,omitempty"`
}

// UnmarshalJSON mirrors the master: a plain string sets all three; in a map,
// `gpu` is read only when `cuda` ends up empty.
func (r *RuntimeItem) UnmarshalJSON(data []byte) error {
	var plain string
	if err := json.Unmarshal(data, &plain); err == nil {
		r.CPU, r.ROCM, r.CUDA = plain, plain, plain
		return nil
	}
	type noMethods RuntimeItem
	var parsed noMethods
	if err := json.Unmarshal(data, &parsed); err != nil {
		return errors.Wrapf(err, "failed to parse runtime item")
	}
	keys := map[string]json.RawMessage{}
	if err := json.Unmarshal(data, &keys); err != nil {
		return errors.Wrapf(err, "failed to decode JSON runtime item into map")
	}
	if _, ok := keys["cpu"]; ok {
		r.CPU = parsed.CPU
	}
	if _, ok := keys["rocm"]; ok {
		r.ROCM = parsed.ROCM
	}
	if _, ok := keys["cuda"]; ok {
		r.CUDA = parsed.CUDA
	}
	if r.CUDA == "" {
		var compat struct {
			GPU string `json:"gpu,omitempty"`
		}
		if err := json.Unmarshal(data, &compat); err != nil {
			return errors.Wrapf(err, "failed to parse runtime item")
		}
		r.CUDA = compat.GPU
	}
	return nil
}

// RuntimeItems is a list or a {cpu, cuda|gpu, rocm} map of lists.
type RuntimeItems struct {
	CPU  []string `json:"cpu,omitempty"`
	CUDA []string `json:"cuda,omitempty"`
	ROCM []string `json:"rocm,omitempty"`
}

// UnmarshalJSON appends, as the master does.
func (r *RuntimeItems) UnmarshalJSON(data []byte) error {
	var plain []string
	if err := json.Unmarshal(data, &plain); err == nil {
		r.CPU = append(r.CPU, plain...)
		r.ROCM = append(r.ROCM, plain...)
		r.CUDA = append(r.CUDA, plain...)
		return nil
	}
	type noMethods RuntimeItems
	var parsed noMethods
	if err := json.Unmarshal(data, &parsed); err != nil {
		return errors.Wrapf(err, "failed to parse runtime items")
	}
	r.CPU = append(r.CPU, parsed.CPU...)
	r.ROCM = append(r.ROCM, parsed.ROCM...)
	r.CUDA = append(r.CUDA, parsed.CUDA...)
	if len(r.CUDA) == 0 {
		var compat struct {
			GPU []string `json:"gpu,omitempty"`
		}
		if err := json.Unmarshal(data, &compat); err != nil {
			return errors.Wrapf(err, "failed to parse runtime items")
		}
		r.CUDA = append(r.CUDA, compat.GPU...)
	}
	return nil
}

const defaultDeviceMode = "mrw"

// DevicesConfig is task_container_defaults.devices.
type DevicesConfig []DeviceConfig

// UnmarshalJSON replaces, keeping earlier entries whose container_path is new.
func (d *DevicesConfig) UnmarshalJSON(data []byte) error {
	got := make([]DeviceConfig, 0)
	if err := json.Unmarshal(data, &got); err != nil {
		return errors.Wrap(err, "failed to parse devices")
	}
	seen := map[string]bool{}
	for _, x := range got {
		seen[x.ContainerPath] = true
	}
	for _, x := range *d {
		if !seen[x.ContainerPath] {
			got = append(got, x)
		}
	}
	*d = got
	return nil
}

// DeviceConfig is "host:container[:mode]" or a map.
type DeviceConfig struct {
	HostPath      string `json:"host_path"`
	ContainerPath string `json:"container_path"`
	Mode          string `json:"mode"`
}

// UnmarshalJSON parses either form.
func (d *DeviceConfig) UnmarshalJSON(data []byte) error {
	var plain string
	if err := json.Unmarshal(data, &plain); err == nil {
		parts := strings.Split(plain, ":")
		if len(parts) < 2 || len(parts) > 3 {
			return errors.Errorf("invalid device string: %q", plain)
		}
		d.HostPath, d.ContainerPath = parts[0], parts[1]
		if len(parts) > 2 {
			d.Mode = parts[2]
		} else {
			d.Mode = defaultDeviceMode
		}
		return nil
	}
	d.Mode = defaultDeviceMode
	type noMethods *DeviceConfig
	return errors.Wrap(json.Unmarshal(data, noMethods(d)), "failed to parse device")
}

// BindMountsConfig is task_container_defaults.bind_mounts.
type BindMountsConfig []BindMount

// UnmarshalJSON replaces, keeping earlier entries whose container_path is new.
func (b *BindMountsConfig) UnmarshalJSON(data []byte) error {
	got := make([]BindMount, 0)
	if err := json.Unmarshal(data, &got); err != nil {
		return errors.Wrap(err, "failed to parse bind mounts")
	}
	seen := map[string]bool{}
	for _, x := range got {
		seen[x.ContainerPath] = true
	}
	for _, x := range *b {
		if !seen[x.ContainerPath] {
			got = append(got, x)
		}
	}
	*b = got
	return nil
}

// BindMount is one bind mount.
type BindMount struct {
	HostPath      string `json:"host_path"`
	ContainerPath string `json:"container_path"`
	ReadOnly      bool   `json:"read_only"`
	Propagation   string `json:"propagation"`
}

// Validate checks the paths.
func (b BindMount) Validate() []error {
	return []error{
		check.True(b.ContainerPath != ".", "container_path must not be \".\""),
		check.True(filepath.IsAbs(b.HostPath), "host_path must be an absolute path"),
	}
}

// UnmarshalJSON defaults propagation to rprivate.
func (b *BindMount) UnmarshalJSON(data []byte) error {
	b.Propagation = "rprivate"
	type noMethods *BindMount
	return errors.Wrap(json.Unmarshal(data, noMethods(b)), "failed to parse bind mounts")
}

// KubernetesTaskContainerDefaults is task_container_defaults.kubernetes.
type KubernetesTaskContainerDefaults struct {
	MaxSlotsPerPod *int `json:"max_slots_per_pod"`
}

// DeterminedK8ContainerName is the task container the pod-spec checks look at.
const DeterminedK8ContainerName = "determined-container"

// ValidatePodSpec mirrors the master's checks of a default pod spec.
func ValidatePodSpec(p *k8sV1.Pod) []error {
	if p == nil {
		return nil
	}
	errs := []error{
		check.Equal(p.Name, "", "pod Name is not a configurable option"),
		check.Equal(p.Namespace, "", "pod Namespace is not a configurable option"),
		check.False(p.Spec.HostNetwork, "host networking must be configured via master.yaml"),
	}
	for _, c := range p.Spec.Containers {
		if c.Name != DeterminedK8ContainerName {
			continue
		}
		errs = append(errs,
			check.Equal(c.Image, "", "container Image is not configurable, set it in the experiment config"),
			check.Equal(len(c.Command), 0, "container Command is not configurable"),
			check.Equal(len(c.Args), 0, "container Args are not configurable"),
			check.Equal(c.WorkingDir, "", "container WorkingDir is not configurable"),
			check.Equal(len(c.Ports), 0, "container Ports are not configurable"),
			check.True(c.LivenessProbe == nil, "container LivenessProbe is not configurable"),
			check.True(c.ReadinessProbe == nil, "container ReadinessProbe is not configurable"),
			check.True(c.StartupProbe == nil, "container StartupProbe is not configurable"),
			check.True(c.Lifecycle == nil, "container Lifecycle is not configurable"),
			check.Match(c.TerminationMessagePath, "", "container TerminationMessagePath is not configurable"),
			check.Match(string(c.TerminationMessagePolicy), "", "container TerminationMessagePolicy is not configurable"),
			check.Match(string(c.ImagePullPolicy), "", "container ImagePullPolicy is not configurable, set it in the experiment config"),
		)
	}
	return errs
}

// Scheduling priority bounds.
const (
	MinUserSchedulingPriority = 1
	MaxUserSchedulingPriority = 99
)

// ValidatePrioritySetting checks a priority when set.
func ValidatePrioritySetting(priority *int) []error {
	errs := make([]error, 0)
	if priority != nil {
		errs = append(errs,
			check.GreaterThanOrEqualTo(*priority, MinUserSchedulingPriority,
				"scheduling priority must be greater than 0 and less than 100"),
			check.LessThanOrEqualTo(*priority, MaxUserSchedulingPriority,
				"scheduling priority must be greater than 0 and less than 100"))
	}
	return errs
}
