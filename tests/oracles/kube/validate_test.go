package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const masterDeployment = `{
  "apiVersion": "apps/v1", "kind": "Deployment",
  "metadata": {"name": "det-master", "namespace": "determined", "labels": {"app": "det"}},
  "spec": {
    "selector": {"matchLabels": {"app": "det"}},
    "template": {
      "metadata": {"labels": {"app": "det"}},
      "spec": {
        "containers": [{
          "name": "master", "image": "determinedai/determined-master:0.38.1",
          "ports": [{"name": "http", "containerPort": 8080}],
          "resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "2", "memory": "2Gi"}},
          "volumeMounts": [{"name": "config", "mountPath": "/etc/determined"}, {"name": "cache", "mountPath": "/cache"}]
        }],
        "volumes": [{"name": "config", "secret": {"secretName": "cfg"}}, {"name": "cache", "emptyDir": {}}]
      }
    }
  }
}`

const lbService = `{
  "apiVersion": "v1", "kind": "Service",
  "metadata": {"name": "det-master", "namespace": "determined"},
  "spec": {"type": "LoadBalancer", "selector": {"app": "det"},
           "ports": [{"name": "http", "port": 8080, "targetPort": 8080, "protocol": "TCP"}]}
}`

// edit decodes doc, applies f to it and re-encodes it.
func edit(t *testing.T, doc string, f func(m map[string]interface{})) json.RawMessage {
	t.Helper()
	var m map[string]interface{}
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func get(m map[string]interface{}, path ...interface{}) interface{} {
	var cur interface{} = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			cur = cur.(map[string]interface{})[k]
		case int:
			cur = cur.([]interface{})[k]
		}
	}
	return cur
}

func container(m map[string]interface{}) map[string]interface{} {
	return get(m, "spec", "template", "spec", "containers", 0).(map[string]interface{})
}

func one(t *testing.T, obj json.RawMessage) *Result {
	t.Helper()
	res := ValidateRequest([]json.RawMessage{obj}, nil)
	if len(res) != 1 {
		t.Fatalf("got %d results", len(res))
	}
	if !res[0].Checked {
		t.Fatalf("not checked: %+v", res[0])
	}
	return res[0]
}

func expectError(t *testing.T, errs []FieldError, typ, fieldPath, detailPart string) {
	t.Helper()
	for _, e := range errs {
		if e.Type == typ && e.Field == fieldPath && strings.Contains(e.Detail, detailPart) {
			return
		}
	}
	t.Fatalf("no %s error on %s containing %q in %+v", typ, fieldPath, detailPart, errs)
}

func TestValidObjectsAccepted(t *testing.T) {
	for _, doc := range []string{masterDeployment, lbService} {
		r := one(t, json.RawMessage(doc))
		if len(r.Errors) != 0 {
			t.Errorf("%s refused: %+v", r.Kind, r.Errors)
		}
	}
}

func TestDuplicateMountPath(t *testing.T) {
	obj := edit(t, masterDeployment, func(m map[string]interface{}) {
		mounts := container(m)["volumeMounts"].([]interface{})
		mounts[1].(map[string]interface{})["mountPath"] = "/etc/determined"
	})
	r := one(t, obj)
	expectError(t, r.Errors, "FieldValueInvalid", "spec.template.spec.containers[0].volumeMounts[1].mountPath", "must be unique")
}

func TestContainerPortNameTooLong(t *testing.T) {
	obj := edit(t, masterDeployment, func(m map[string]interface{}) {
		ports := container(m)["ports"].([]interface{})
		ports[0].(map[string]interface{})["name"] = "http-port-name-16" // 17 > 15
	})
	r := one(t, obj)
	expectError(t, r.Errors, "FieldValueInvalid", "spec.template.spec.containers[0].ports[0].name", "must be no more than 15 characters")
}

func TestLabelValueTooLong(t *testing.T) {
	obj := edit(t, masterDeployment, func(m map[string]interface{}) {
		get(m, "metadata", "labels").(map[string]interface{})["app"] = strings.Repeat("a", 64)
	})
	r := one(t, obj)
	expectError(t, r.Errors, "FieldValueInvalid", "metadata.labels", "must be no more than 63 characters")

	// 63 characters are fine
	ok := edit(t, masterDeployment, func(m map[string]interface{}) {
		get(m, "metadata", "labels").(map[string]interface{})["app"] = strings.Repeat("a", 63)
	})
	if r := one(t, ok); len(r.Errors) != 0 {
		t.Fatalf("63-character label value refused: %+v", r.Errors)
	}
}

func TestLoadBalancerSourceRangesNetmask(t *testing.T) {
	obj := edit(t, lbService, func(m map[string]interface{}) {
		get(m, "spec").(map[string]interface{})["loadBalancerSourceRanges"] = []interface{}{"10.0.0.0/255.0.0.0"}
	})
	r := one(t, obj)
	expectError(t, r.Errors, "FieldValueInvalid", "spec.LoadBalancerSourceRanges", "must be a list of IP ranges")

	ok := edit(t, lbService, func(m map[string]interface{}) {
		get(m, "spec").(map[string]interface{})["loadBalancerSourceRanges"] = []interface{}{"10.0.0.0/8"}
	})
	if r := one(t, ok); len(r.Errors) != 0 {
		t.Fatalf("10.0.0.0/8 refused: %+v", r.Errors)
	}
}

func TestRequestAboveLimit(t *testing.T) {
	obj := edit(t, masterDeployment, func(m map[string]interface{}) {
		res := container(m)["resources"].(map[string]interface{})
		res["requests"].(map[string]interface{})["memory"] = "3Gi"
	})
	r := one(t, obj)
	expectError(t, r.Errors, "FieldValueInvalid", "spec.template.spec.containers[0].resources.requests", "must be less than or equal to memory limit")
}

func TestDeploymentSelectorImmutable(t *testing.T) {
	old := json.RawMessage(masterDeployment)
	changed := edit(t, masterDeployment, func(m map[string]interface{}) {
		get(m, "spec", "selector", "matchLabels").(map[string]interface{})["component"] = "master"
		get(m, "spec", "template", "metadata", "labels").(map[string]interface{})["component"] = "master"
	})
	res := ValidateRequest([]json.RawMessage{changed}, []json.RawMessage{old})
	r := res[0]
	if len(r.Errors) != 0 {
		t.Fatalf("the new Deployment alone is valid, got %+v", r.Errors)
	}
	if r.OldMatched == nil || !*r.OldMatched || r.UpdateErrors == nil {
		t.Fatalf("old object not matched: %+v", r)
	}
	expectError(t, *r.UpdateErrors, "FieldValueInvalid", "spec.selector", "field is immutable")

	// the same object as update is fine
	res = ValidateRequest([]json.RawMessage{old}, []json.RawMessage{old})
	if u := res[0].UpdateErrors; u == nil || len(*u) != 0 {
		t.Fatalf("unchanged update refused: %+v", res[0])
	}
}

func TestDecodeErrorIsRefusal(t *testing.T) {
	obj := edit(t, masterDeployment, func(m map[string]interface{}) {
		get(m, "spec").(map[string]interface{})["replicas"] = "one"
	})
	r := one(t, obj)
	if len(r.Errors) != 1 || r.Errors[0].Type != "DecodeError" {
		t.Fatalf("want one DecodeError, got %+v", r.Errors)
	}
}

func TestCRDNotChecked(t *testing.T) {
	res := ValidateRequest([]json.RawMessage{json.RawMessage(`{"apiVersion":"snapshot.storage.k8s.io/v1","kind":"VolumeSnapshot","metadata":{"name":"s"}}`)}, nil)
	if res[0].Checked || len(res[0].Errors) != 0 {
		t.Fatalf("CRD should be unchecked: %+v", res[0])
	}
}

func TestNamespaceDefaultAndClusterScope(t *testing.T) {
	res := ValidateRequest([]json.RawMessage{
		json.RawMessage(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}`),
		json.RawMessage(`{"apiVersion":"scheduling.k8s.io/v1","kind":"PriorityClass","metadata":{"name":"p","namespace":"x"},"value":10}`),
	}, nil)
	if res[0].Namespace != "default" || res[1].Namespace != "" {
		t.Fatalf("namespaces: %q %q", res[0].Namespace, res[1].Namespace)
	}
	for _, r := range res {
		if len(r.Errors) != 0 {
			t.Fatalf("refused: %+v", r)
		}
	}
}

func TestUnknownFieldWarning(t *testing.T) {
	obj := edit(t, lbService, func(m map[string]interface{}) {
		get(m, "spec").(map[string]interface{})["bogus"] = 1
	})
	r := one(t, obj)
	if len(r.Errors) != 0 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], `unknown field "spec.bogus"`) {
		t.Fatalf("want an unknown-field warning only, got %+v", r)
	}
}

func TestNodePortRangeEmulated(t *testing.T) {
	svc := func(port int) json.RawMessage {
		return edit(t, lbService, func(m map[string]interface{}) {
			get(m, "spec").(map[string]interface{})["type"] = "NodePort"
			get(m, "spec", "ports", 0).(map[string]interface{})["nodePort"] = port
		})
	}
	r := one(t, svc(8080))
	expectError(t, r.Errors, "FieldValueInvalid", "spec.ports[0].nodePort", "not in the valid range")
	// the same requested port twice in one request: the second is taken
	res := ValidateRequest([]json.RawMessage{svc(30080), svc(30080)}, nil)
	if len(res[0].Errors) != 0 {
		t.Fatalf("first refused: %+v", res[0].Errors)
	}
	expectError(t, res[1].Errors, "FieldValueInvalid", "spec.ports[0].nodePort", "already allocated")
}

func TestPanicRecoveredAndLinesAnswered(t *testing.T) {
	resp := handleLine([]byte(`{"id":"x","objects":[{"apiVersion":"v1","kind":"Pod"}, 3, "junk"]}`))
	if resp.ID != "x" || len(resp.Results) != 3 {
		t.Fatalf("bad response %+v", resp)
	}
	bad := handleLine([]byte(`{"id":"y","objects":`))
	if bad.Error == "" {
		t.Fatalf("malformed request not reported: %+v", bad)
	}
}
