package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// base is a master.yaml as the 0.38.1 chart writes it; {{X}} markers are replaced per test.
const base = `log:
  level: "info"
  color: {{COLOR}}
checkpoint_storage:
  type: "shared_fs"
  host_path: "/tmp/checkpoints"
  save_experiment_best: 0
  save_trial_best: 1
  save_trial_latest: 1
db:
  user: "postgres"
  password: "postgres"
  host: determined-db-service-det
  port: 5432
  name: "determined"
security:
  initial_user_password: "Corpus-Passw0rd"
  default_task:
    user: root
    uid: {{UID}}
    group: root
    gid: 0
port: 8081
resource_manager:
  type: "kubernetes"
  default_namespace: "determined"
  max_slots_per_pod: {{SLOTS}}
  master_service_name: determined-master-service-det
  {{RM}}
  default_aux_resource_pool:
  default_compute_resource_pool:
resource_pools:
  - pool_name: default
    {{POOL}}
task_container_defaults:
  {{TCD}}
  image:
     cpu: "determinedai/pytorch-ngc:0.38.1"
     gpu: "determinedai/pytorch-ngc:0.38.1"
{{TOP}}
`

func masterYAML(repl map[string]string) string {
	s := base
	defaults := map[string]string{"COLOR": "true", "UID": "0", "SLOTS": "4", "RM": "", "POOL": "", "TCD": "", "TOP": ""}
	for k, v := range defaults {
		if r, ok := repl[k]; ok {
			v = r
		}
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	return s
}

type verdict struct {
	ID     string                 `json:"id"`
	OK     bool                   `json:"ok"`
	Stage  string                 `json:"stage"`
	Error  string                 `json:"error"`
	Config map[string]interface{} `json:"config"`
}

func run(t *testing.T, rel string, repl map[string]string) verdict {
	t.Helper()
	line, _ := json.Marshal(map[string]string{"id": "t", "release": rel, "master_yaml": masterYAML(repl)})
	b, err := json.Marshal(handle(line))
	if err != nil {
		t.Fatal(err)
	}
	var v verdict
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func dig(m map[string]interface{}, path ...string) interface{} {
	var cur interface{} = m
	for _, p := range path {
		cur = cur.(map[string]interface{})[p]
	}
	return cur
}

func TestBaseDecodesInEveryRelease(t *testing.T) {
	for rel := range releases {
		if v := run(t, rel, nil); !v.OK {
			t.Errorf("%s: %s %s", rel, v.Stage, v.Error)
		}
	}
}

// An integral float in exponent form reaches an int field as a whole number.
func TestExponentIntoInt(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"UID": "1.000001e+06"})
	if !v.OK || dig(v.Config, "security", "default_task", "uid") != float64(1000001) {
		t.Fatalf("%+v", v)
	}
	v = run(t, "0.38.1", map[string]string{"SLOTS": "1.073741824e+09"})
	if !v.OK || dig(v.Config, "resource_manager", "max_slots_per_pod") != float64(1073741824) {
		t.Fatalf("%+v", v)
	}
}

// From 2^63 up, an int field refuses the number (json.Unmarshal), except the
// viper-registered ints (uid, gid, port), which cast.ToInt wraps to a negative.
func TestOverflowIntoInt(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"SLOTS": "9.3e+18"})
	want := "cannot unmarshal configuration: error unmarshaling JSON: while decoding JSON: " +
		"json: cannot unmarshal number 9300000000000000000 into Go struct field Config.resource_manager of type int"
	if v.OK || v.Stage != "decode" || v.Error != want {
		t.Fatalf("%+v", v)
	}
	v = run(t, "0.38.1", map[string]string{"UID": "9.3e+18"})
	if v.OK || v.Stage != "validate" || !strings.Contains(v.Error, "root.Security.DefaultTask: uid less than zero") {
		t.Fatalf("%+v", v)
	}
}

// log.color is registered with viper as a bool: strings are cast, and what
// strconv.ParseBool refuses becomes false.
func TestLogColorString(t *testing.T) {
	for _, c := range []string{`"false"`, `"yes"`, `"0"`} {
		v := run(t, "0.38.1", map[string]string{"COLOR": c})
		if !v.OK || dig(v.Config, "log", "color") != false {
			t.Fatalf("%s: %+v", c, v)
		}
	}
	v := run(t, "0.38.1", map[string]string{"COLOR": `"true"`})
	if !v.OK || dig(v.Config, "log", "color") != true {
		t.Fatalf("%+v", v)
	}
}

func TestUnknownTopLevelKeyRefuses(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"TOP": "bogus_top: 1"})
	if v.OK || v.Stage != "decode" || !strings.HasSuffix(v.Error, `json: unknown field "bogus_top"`) {
		t.Fatalf("%+v", v)
	}
}

func TestUnknownResourceManagerKeyRefuses(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"RM": "bogus_rm: 1"})
	if v.OK || v.Stage != "decode" || !strings.HasSuffix(v.Error, `json: unknown field "bogus_rm"`) {
		t.Fatalf("%+v", v)
	}
	// determined_master_ip: renamed by 0.38's shim, a field in 0.35–0.37.
	for _, rel := range []string{"0.37.0", "0.38.1"} {
		if v := run(t, rel, map[string]string{"RM": "determined_master_ip: 10.0.0.1"}); !v.OK {
			t.Fatalf("%s: %+v", rel, v)
		}
	}
	if v := run(t, "0.37.0", map[string]string{"RM": "determined_master_host: h"}); v.OK {
		t.Fatalf("0.37.0 should refuse determined_master_host")
	}
}

func TestUnknownResourcePoolKeyDropped(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"POOL": "bogus_pool_key: 1"})
	if !v.OK {
		t.Fatalf("%+v", v)
	}
	pool := v.Config["resource_pools"].([]interface{})[0].(map[string]interface{})
	if _, ok := pool["bogus_pool_key"]; ok || pool["pool_name"] != "default" {
		t.Fatalf("%+v", pool)
	}
}

// Below task_container_defaults (its own UnmarshalJSON) nothing is coerced:
// a number where a string is expected refuses; at the top level it is coerced.
func TestNumberWhereStringExpected(t *testing.T) {
	v := run(t, "0.38.1", map[string]string{"TCD": "startup_hook: 5"})
	want := "failed to parse task container defaults: json: cannot unmarshal number into Go struct field " +
		"TaskContainerDefaultsConfig.startup_hook of type string"
	if v.OK || v.Stage != "decode" || !strings.HasSuffix(v.Error, want) {
		t.Fatalf("%+v", v)
	}
	v = run(t, "0.38.1", map[string]string{"TOP": "cluster_name: 123"})
	if !v.OK || v.Config["cluster_name"] != "123" {
		t.Fatalf("%+v", v)
	}
}

func TestRocmSlotType(t *testing.T) {
	for _, rel := range []string{"0.35.0", "0.35.1"} {
		v := run(t, rel, map[string]string{"RM": "slot_type: rocm"})
		if v.OK || v.Stage != "validate" || !strings.Contains(v.Error,
			"error found at root.ResourceConfig.RootManagerInternal.KubernetesRM: rocm slot_type is not supported yet on k8s") {
			t.Fatalf("%s: %+v", rel, v)
		}
	}
	for _, rel := range []string{"0.36.0", "0.37.0", "0.38.0", "0.38.1"} {
		v := run(t, rel, map[string]string{"RM": "slot_type: rocm"})
		if !v.OK || dig(v.Config, "resource_manager", "slot_type") != "rocm" {
			t.Fatalf("%s: %+v", rel, v)
		}
	}
}

func TestNeverCrashes(t *testing.T) {
	for _, line := range []string{"garbage", `{"id": 5}`, `{"id":"x","release":"9.9.9"}`,
		`{"id":"x","release":"0.38.1","master_yaml":"- a\n- b"}`,
		`{"id":"x","release":"0.38.1","master_yaml":"task_container_defaults:\n  cpu_pod_spec: null\n"}`,
		`{"id":"x","release":"0.38.1","master_yaml":"additional_resource_managers:\n- resource_pools: []\n"}`} {
		r := handle([]byte(line))
		if r.OK {
			t.Errorf("%s: unexpectedly ok", line)
		}
	}
	if r := handle([]byte("garbage")); r.Stage != "request" || r.ID != "" {
		t.Errorf("%+v", r)
	}
	// The master's own unchecked type assertion: viper drops a section holding only null.
	if r := handle([]byte(`{"id":"x","release":"0.38.1","master_yaml":"task_container_defaults:\n  cpu_pod_spec: null\n"}`)); r.Stage != "panic" {
		t.Errorf("%+v", r)
	}
}
