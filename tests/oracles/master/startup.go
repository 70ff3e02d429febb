package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ghodss/yaml"
	"github.com/pkg/errors"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"masterdecode/internal/check"
)

// stageError is a refusal at one stage of start-up.
type stageError struct {
	stage string
	err   error
}

func (s *stageError) Error() string { return s.err.Error() }

func at(stage string, err error) error { return &stageError{stage: stage, err: err} }

// newViper registers the keys the master registers as flags (init.go), with
// their defaults, the ".." key delimiter and typing by default value.
// Environment variables are not bound: the chart sets none of the DET_* names.
func newViper() *viper.Viper {
	v := viper.NewWithOptions(viper.KeyDelimiter(".."))
	v.SetTypeByDefaultValue(true)
	flags := pflag.NewFlagSet("determined-master", pflag.ContinueOnError)
	path := func(parts ...string) string {
		return strings.ReplaceAll(strings.Join(parts, ".."), "-", "_")
	}
	str := func(def string, parts ...string) {
		name := strings.Join(parts, "-")
		flags.String(name, def, "")
		_ = v.BindPFlag(path(parts...), flags.Lookup(name))
		v.SetDefault(path(parts...), def)
	}
	boolean := func(def bool, parts ...string) {
		name := strings.Join(parts, "-")
		flags.Bool(name, def, "")
		_ = v.BindPFlag(path(parts...), flags.Lookup(name))
		v.SetDefault(path(parts...), def)
	}
	integer := func(def int, parts ...string) {
		name := strings.Join(parts, "-")
		flags.Int(name, def, "")
		_ = v.BindPFlag(path(parts...), flags.Lookup(name))
		v.SetDefault(path(parts...), def)
	}
	// Defaults are the same DefaultConfig() values in every release 0.35.0–0.38.1.
	str("", "config-file")
	str("info", "log", "level")
	boolean(true, "log", "color")
	str("", "db", "user")
	str("", "db", "password")
	str("", "db", "host")
	str("", "db", "port")
	str("", "db", "name")
	str("disable", "db", "ssl-mode")
	str("", "db", "ssl-root-cert")
	integer(0, "security", "default-task", "uid")
	integer(0, "security", "default-task", "gid")
	str("root", "security", "default-task", "user")
	str("root", "security", "default-task", "group")
	str("", "security", "tls", "cert")
	str("", "security", "tls", "key")
	str("", "webhooks", "signing-key")
	str("", "webhooks", "base-url")
	integer(0, "port")
	str("/usr/share/determined/master", "root")
	boolean(true, "telemetry", "enabled")
	str("", "telemetry", "segment-master-key")
	str("", "telemetry", "segment-webui-key")
	boolean(false, "telemetry", "otel-enabled")
	str("localhost:4317", "telemetry", "otel-endpoint")
	str("", "security", "initial-user-password")
	return v
}

// startup replays initializeConfig: the file through ghodss/yaml into a map,
// merged into viper, pod specs restored, then getConfig and check.Validate.
func startup(rel *release, text []byte) (interface{}, error) {
	var configMap, cpMap map[string]interface{}
	if err := yaml.Unmarshal(text, &configMap); err != nil {
		return nil, at("yaml", fmt.Errorf("unmarshalling yaml configuration file: %w", err))
	}
	if err := yaml.Unmarshal(text, &cpMap); err != nil {
		return nil, at("yaml", fmt.Errorf("unmarshalling yaml configuration file: %w", err))
	}
	v := newViper()
	if err := v.MergeConfigMap(configMap); err != nil {
		return nil, at("decode", fmt.Errorf("can't merge configuration to viper: %w", err))
	}
	merged := mergeCustomSpecs(v.AllSettings(), cpMap)
	conf, err := getConfig(rel, merged)
	if err != nil {
		return nil, err
	}
	if err := check.Validate(conf); err != nil {
		return nil, at("validate", err)
	}
	return conf, nil
}

// mergeCustomSpecs puts back the three top-level pod specs as the file had
// them (viper lower-cases and splits their keys). The unchecked type
// assertion is the master's: it panics when viper dropped the section.
func mergeCustomSpecs(all, cp map[string]interface{}) map[string]interface{} {
	if tcd, ok := cp["task_container_defaults"].(map[string]interface{}); ok {
		for _, key := range []string{"cpu_pod_spec", "gpu_pod_spec", "checkpoint_gc_pod_spec"} {
			if spec, ok := tcd[key]; ok {
				all["task_container_defaults"].(map[string]interface{})[key] = spec
			}
		}
	}
	return all
}

func getConfig(rel *release, configMap map[string]interface{}) (interface{}, error) {
	if err := applyBackwardsCompatibility(rel, configMap); err != nil {
		return nil, at("decode", errors.Wrap(err, "cannot apply backwards compatibility"))
	}
	conf := rel.newConfig()
	bs, err := json.Marshal(configMap)
	if err != nil {
		return nil, at("decode", errors.Wrap(err, "cannot marshal configuration map into json bytes"))
	}
	// The master passes a pointer to its *Config variable.
	if err := yaml.Unmarshal(bs, &conf, yaml.DisallowUnknownFields); err != nil {
		return nil, at("decode", errors.Wrap(err, "cannot unmarshal configuration"))
	}
	if err := rel.resolve(conf); err != nil {
		return nil, at("validate", err)
	}
	return conf, nil
}

func applyBackwardsCompatibility(rel *release, m map[string]interface{}) error {
	if err := shimOldRMConfig(m); err != nil {
		return err
	}
	if rel.shimPreemptionTimeout {
		shimPreemptionTimeout(m)
	}
	if rel.shimMasterIP {
		shimDeterminedMasterIP(m)
	}
	return nil
}

// shimOldRMConfig converts the pre-resource-manager `scheduler`/`provisioner`
// keys; it refuses mixing them with resource_manager/resource_pools.
func shimOldRMConfig(m map[string]interface{}) error {
	_, hasRM := m["resource_manager"]
	_, hasPools := m["resource_pools"]
	sched, hasSched := m["scheduler"]
	prov, hasProv := m["provisioner"]
	oldStyle := hasSched || hasProv
	if (hasRM || hasPools) && oldStyle {
		return errors.New("cannot use the old and the new configuration schema at the same time")
	}
	if !oldStyle {
		return nil
	}
	newSched := map[string]interface{}{"type": "priority", "fitting_policy": "best"}
	newRM := map[string]interface{}{"type": "agent"}
	if hasSched {
		sm, ok := sched.(map[string]interface{})
		if !ok {
			return errors.New("wrong type for scheduler field")
		}
		if fit, ok := sm["fit"]; ok {
			if newSched["fitting_policy"], ok = fit.(string); !ok {
				return errors.New("wrong type for scheduler.fit field")
			}
		}
		if typ, ok := sm["type"]; ok {
			if newSched["type"], ok = typ.(string); !ok {
				return errors.New("wrong type for scheduler.type field")
			}
		}
		if rp, ok := sm["resource_provider"]; ok {
			rpm, ok := rp.(map[string]interface{})
			if !ok {
				return errors.New("wrong type for scheduler.resource_provider field")
			}
			if t, ok := rpm["type"]; ok {
				ts, isStr := t.(string)
				switch {
				case !isStr:
					return errors.New("wrong type for scheduler.resource_provider.type field")
				case ts == "default":
					newRM["type"] = "agent"
				case ts == "kubernetes":
					newRM["type"] = "kubernetes"
				default:
					return errors.New("wrong value for scheduler.resource_provider.type field")
				}
			} else {
				newRM["type"] = "agent"
			}
			if newRM["type"] == "kubernetes" {
				for k, x := range rpm {
					if k != "type" {
						newRM[k] = x
					}
				}
			} else {
				newRM["default_cpu_resource_pool"] = "default"
				newRM["default_gpu_resource_pool"] = "default"
			}
		} else {
			newRM["default_cpu_resource_pool"] = "default"
			newRM["default_gpu_resource_pool"] = "default"
		}
	}
	newRM["scheduler"] = newSched
	m["resource_manager"] = newRM
	if newRM["type"] == "agent" {
		pool := map[string]interface{}{"pool_name": "default"}
		if hasProv {
			pm, ok := prov.(map[string]interface{})
			if !ok {
				return errors.New("wrong type for provisioner field")
			}
			pool["provider"] = pm
			if p, ok := pm["provider"]; ok {
				ps, ok := p.(string)
				if !ok {
					return errors.New("wrong type for provisioner.provider field")
				}
				if ps != "aws" && ps != "gcp" {
					return errors.New("wrong value for provisioner.provider field")
				}
				pm["type"] = pm["provider"]
				delete(pm, "provider")
			}
		}
		m["resource_pools"] = []map[string]interface{}{pool}
	}
	delete(m, "scheduler")
	delete(m, "provisioner")
	return nil
}

// shimPreemptionTimeout (0.37.0+): __internal.preemption_timeout (a duration
// string) becomes task_container_defaults.preemption_timeout in seconds when
// that is unset. The unchecked .(string) is the master's: a non-string panics.
func shimPreemptionTimeout(m map[string]interface{}) {
	internal, ok := m["__internal"].(map[string]interface{})
	if !ok {
		return
	}
	if old, ok := internal["preemption_timeout"]; ok && old != nil {
		if d, err := time.ParseDuration(old.(string)); err == nil {
			secs := int(d.Seconds())
			if tcd, ok := m["task_container_defaults"].(map[string]interface{}); ok {
				if cur, ok := tcd["preemption_timeout"]; !ok || cur == nil {
					tcd["preemption_timeout"] = secs
					m["task_container_defaults"] = tcd
				}
			}
		}
	}
	delete(internal, "preemption_timeout")
}

// shimDeterminedMasterIP (0.38.0+): determined_master_ip → determined_master_host
// in a kubernetes resource_manager. The master looks for the additional
// managers as []map[string]any, which a decoded list never is, so they are
// left alone (as here).
func shimDeterminedMasterIP(m map[string]interface{}) {
	fix := func(rm map[string]interface{}) {
		if rm["type"] != "kubernetes" {
			return
		}
		if ip, ok := rm["determined_master_ip"]; ok {
			if _, ok := rm["determined_master_host"]; !ok {
				rm["determined_master_host"] = ip
			}
			delete(rm, "determined_master_ip")
		}
	}
	if rm, ok := m["resource_manager"].(map[string]interface{}); ok {
		fix(rm)
	}
	if rms, ok := m["additional_resource_managers"].([]map[string]interface{}); ok {
		for _, rm := range rms {
			fix(rm)
		}
	}
}
