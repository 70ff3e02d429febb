// Package expconf mirrors the master/pkg/schemas/expconf types used in
// master.yaml. Log policies here are the 0.35.0–0.37.0 shape; 0.38 has its own
// package (internal/expconf38).
package expconf

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pkg/errors"

	"masterdecode/internal/union"
)

// CheckpointStorageConfigV0 is checkpoint_storage (type: shared_fs | s3 | gcs | azure | directory).
type CheckpointStorageConfigV0 struct {
	RawSharedFSConfig  *SharedFSConfigV0  `union:"type,shared_fs" json:"-"`
	RawS3Config        *S3ConfigV0        `union:"type,s3" json:"-"`
	RawGCSConfig       *GCSConfigV0       `union:"type,gcs" json:"-"`
	RawAzureConfig     *AzureConfigV0     `union:"type,azure" json:"-"`
	RawDirectoryConfig *DirectoryConfigV0 `union:"type,directory" json:"-"`

	RawSaveExperimentBest *int `json:"save_experiment_best"`
	RawSaveTrialBest      *int `json:"save_trial_best"`
	RawSaveTrialLatest    *int `json:"save_trial_latest"`
}

// CheckpointStorageConfig is the latest version.
type CheckpointStorageConfig = CheckpointStorageConfigV0

// MarshalJSON writes the flat union (an empty union is allowed).
func (c CheckpointStorageConfigV0) MarshalJSON() ([]byte, error) { return union.MarshalEx(c, true) }

// UnmarshalJSON is the strict union decode, then the plain fields.
func (c *CheckpointStorageConfigV0) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, c); err != nil {
		return union.Boundary(err)
	}
	type noMethods *CheckpointStorageConfigV0
	return errors.Wrap(json.Unmarshal(data, noMethods(c)), "failed to parse checkpoint storage")
}

// SharedFSConfigV0 is type shared_fs.
type SharedFSConfigV0 struct {
	RawHostPath        *string `json:"host_path"`
	RawContainerPath   *string `json:"container_path,omitempty"`
	RawCheckpointPath  *string `json:"checkpoint_path,omitempty"`
	RawTensorboardPath *string `json:"tensorboard_path,omitempty"`
	RawStoragePath     *string `json:"storage_path"`
	RawPropagation     *string `json:"propagation"`
}

// S3ConfigV0 is type s3.
type S3ConfigV0 struct {
	RawBucket      *string `json:"bucket"`
	RawAccessKey   *string `json:"access_key"`
	RawSecretKey   *string `json:"secret_key"`
	RawEndpointURL *string `json:"endpoint_url"`
	RawPrefix      *string `json:"prefix"`
}

func checkPrefix(prefix *string) error {
	if prefix == nil {
		return nil
	}
	p := *prefix
	if p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../") {
		return errors.New("'prefix' must not contain /../")
	}
	return nil
}

// Validate checks the prefix only (the bucket is not required here).
func (c S3ConfigV0) Validate() []error {
	var errs []error
	if err := checkPrefix(c.RawPrefix); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// GCSConfigV0 is type gcs.
type GCSConfigV0 struct {
	RawBucket *string `json:"bucket"`
	RawPrefix *string `json:"prefix"`
}

// Validate requires a bucket and checks the prefix.
func (c GCSConfigV0) Validate() []error {
	var errs []error
	if c.RawBucket == nil {
		errs = append(errs, errors.New("'bucket' must be specified"))
	}
	if err := checkPrefix(c.RawPrefix); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// AzureConfigV0 is type azure.
type AzureConfigV0 struct {
	RawContainer        *string `json:"container"`
	RawConnectionString *string `json:"connection_string,omitempty"`
	RawAccountURL       *string `json:"account_url,omitempty"`
	RawCredential       *string `json:"credential,omitempty"`
}

// Validate requires a container and one credential source.
func (c AzureConfigV0) Validate() []error {
	var errs []error
	if c.RawContainer == nil {
		errs = append(errs, errors.New("'container' must not be empty"))
	}
	if c.RawConnectionString != nil && c.RawAccountURL != nil {
		errs = append(errs, errors.New("exactly one of 'connection_string' or 'account_url' must be set"))
	}
	if c.RawConnectionString != nil && c.RawCredential != nil {
		errs = append(errs, errors.New("'credential' and 'connection_string' must not both be set"))
	}
	return errs
}

// DirectoryConfigV0 is type directory.
type DirectoryConfigV0 struct {
	RawContainerPath *string `json:"container_path"`
}

// Validate requires container_path.
func (c DirectoryConfigV0) Validate() []error {
	var errs []error
	if c.RawContainerPath == nil {
		errs = append(errs, errors.New("'container_path' must be specified"))
	}
	return errs
}

// SlurmConfigV0 is task_container_defaults.slurm.
type SlurmConfigV0 struct {
	RawSlotsPerNode *int     `json:"slots_per_node,omitempty"`
	RawGpuType      *string  `json:"gpu_type,omitempty"`
	RawSbatchArgs   []string `json:"sbatch_args,omitempty"`
}

// PbsConfigV0 is task_container_defaults.pbs.
type PbsConfigV0 struct {
	RawSlotsPerNode *int     `json:"slots_per_node,omitempty"`
	RawSbatchArgs   []string `json:"pbsbatch_args,omitempty"`
}

// LogPoliciesConfigV0 is task_container_defaults.log_policies (0.35.0–0.37.0).
type LogPoliciesConfigV0 []LogPolicyV0

// LogPoliciesConfig is the latest version.
type LogPoliciesConfig = LogPoliciesConfigV0

// LogPolicyV0 is one policy (0.35.0–0.37.0): a pattern and an action object.
type LogPolicyV0 struct {
	RawPattern string      `json:"pattern"`
	RawAction  LogActionV0 `json:"action"`
}

// LogActionV0 is the action union (type: cancel_retries | exclude_node).
type LogActionV0 struct {
	RawCancelRetries *LogActionCancelRetriesV0 `union:"type,cancel_retries" json:"-"`
	RawExcludeNode   *LogActionExcludeNodeV0   `union:"type,exclude_node" json:"-"`
}

// MarshalJSON writes the flat union.
func (s LogActionV0) MarshalJSON() ([]byte, error) { return union.MarshalEx(s, true) }

// UnmarshalJSON is the strict union decode.
func (s *LogActionV0) UnmarshalJSON(data []byte) error {
	if err := union.Unmarshal(data, s); err != nil {
		return union.Boundary(err)
	}
	type noMethods *LogActionV0
	if err := json.Unmarshal(data, noMethods(s)); err != nil {
		return fmt.Errorf("failed to parse searcher config: %w", err)
	}
	return nil
}

// LogActionCancelRetriesV0 has no fields.
type LogActionCancelRetriesV0 struct{}

// LogActionExcludeNodeV0 has no fields.
type LogActionExcludeNodeV0 struct{}
