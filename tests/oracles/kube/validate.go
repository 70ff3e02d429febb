package main

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"

	"k8s.io/apimachinery/pkg/api/meta"
	genericvalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/warning"

	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/networking/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/rbac/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	"k8s.io/kubernetes/pkg/capabilities"

	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/core/configmap"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/secret"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/core/serviceaccount"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/networking/ingressclass"
	"k8s.io/kubernetes/pkg/registry/networking/networkpolicy"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrole"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrolebinding"
	"k8s.io/kubernetes/pkg/registry/rbac/role"
	"k8s.io/kubernetes/pkg/registry/rbac/rolebinding"
	"k8s.io/kubernetes/pkg/registry/scheduling/priorityclass"
	"k8s.io/kubernetes/pkg/registry/storage/storageclass"
)

// FieldError is one field.Error of the validation, as JSON.
type FieldError struct {
	Type     string `json:"type"`
	Field    string `json:"field"`
	Detail   string `json:"detail"`
	BadValue string `json:"bad_value"`
}

// Result is the verdict on one object.
type Result struct {
	APIVersion   string        `json:"apiVersion"`
	Kind         string        `json:"kind"`
	Namespace    string        `json:"namespace"`
	Name         string        `json:"name"`
	Checked      bool          `json:"checked"`
	Errors       []FieldError  `json:"errors"`
	UpdateErrors *[]FieldError `json:"update_errors,omitempty"`
	// OldMatched is present only when the request had "old": whether an old
	// object with the same apiVersion/kind/namespace/name was found (and so
	// whether update_errors is the result of an update validation).
	OldMatched *bool    `json:"old_matched,omitempty"`
	Warnings   []string `json:"warnings"`
}

// strategy is what the API server's generic registry store calls on create
// and update (k8s.io/apiserver/pkg/registry/rest).
type strategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

type kindInfo struct {
	resource string
	strategy strategy
}

// served maps every group/version/kind the 1.28 API server serves and that
// this oracle wires to its registry strategy (pkg/registry/<group>/<resource>).
var served = map[schema.GroupVersionKind]kindInfo{
	{Group: "", Version: "v1", Kind: "ConfigMap"}:             {"configmaps", configmap.Strategy},
	{Group: "", Version: "v1", Kind: "Secret"}:                {"secrets", secret.Strategy},
	{Group: "", Version: "v1", Kind: "Service"}:               {"services", service.Strategy},
	{Group: "", Version: "v1", Kind: "ServiceAccount"}:        {"serviceaccounts", serviceaccount.Strategy},
	{Group: "", Version: "v1", Kind: "PersistentVolumeClaim"}: {"persistentvolumeclaims", persistentvolumeclaim.Strategy},
	{Group: "", Version: "v1", Kind: "Pod"}:                   {"pods", pod.Strategy},
	{Group: "", Version: "v1", Kind: "Namespace"}:             {"namespaces", namespace.Strategy},

	{Group: "apps", Version: "v1", Kind: "Deployment"}:  {"deployments", deployment.Strategy},
	{Group: "apps", Version: "v1", Kind: "StatefulSet"}: {"statefulsets", statefulset.Strategy},
	{Group: "apps", Version: "v1", Kind: "DaemonSet"}:   {"daemonsets", daemonset.Strategy},

	{Group: "batch", Version: "v1", Kind: "Job"}:     {"jobs", job.Strategy},
	{Group: "batch", Version: "v1", Kind: "CronJob"}: {"cronjobs", cronjob.Strategy},

	{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"}:        {"clusterroles", clusterrole.Strategy},
	{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleBinding"}: {"clusterrolebindings", clusterrolebinding.Strategy},
	{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "Role"}:               {"roles", role.Strategy},
	{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleBinding"}:        {"rolebindings", rolebinding.Strategy},

	{Group: "scheduling.k8s.io", Version: "v1", Kind: "PriorityClass"}: {"priorityclasses", priorityclass.Strategy},

	{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress"}:       {"ingresses", ingress.Strategy},
	{Group: "networking.k8s.io", Version: "v1", Kind: "IngressClass"}:  {"ingressclasses", ingressclass.Strategy},
	{Group: "networking.k8s.io", Version: "v1", Kind: "NetworkPolicy"}: {"networkpolicies", networkpolicy.Strategy},

	{Group: "policy", Version: "v1", Kind: "PodDisruptionBudget"}: {"poddisruptionbudgets", poddisruptionbudget.Strategy},

	{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClass"}: {"storageclasses", storageclass.Strategy},
}

// removed lists group/versions that existed for these groups but that the
// 1.28 API server no longer serves: an object of such an apiVersion is
// refused ("no matches for kind") before any validation.
var removed = map[schema.GroupVersion]string{
	{Group: "extensions", Version: "v1beta1"}:                "removed in 1.16 (workloads) / 1.22 (Ingress)",
	{Group: "apps", Version: "v1beta1"}:                      "removed in 1.16",
	{Group: "apps", Version: "v1beta2"}:                      "removed in 1.16",
	{Group: "networking.k8s.io", Version: "v1beta1"}:         "removed in 1.22",
	{Group: "rbac.authorization.k8s.io", Version: "v1beta1"}: "removed in 1.22",
	{Group: "scheduling.k8s.io", Version: "v1beta1"}:         "removed in 1.22",
	{Group: "storage.k8s.io", Version: "v1beta1"}:            "StorageClass removed in 1.22",
	{Group: "policy", Version: "v1beta1"}:                    "removed in 1.25",
	{Group: "batch", Version: "v1beta1"}:                     "removed in 1.25",
	// alpha versions are off unless --runtime-config enables them
	{Group: "rbac.authorization.k8s.io", Version: "v1alpha1"}: "alpha, removed in 1.22",
	{Group: "scheduling.k8s.io", Version: "v1alpha1"}:         "alpha, removed in 1.22",
}

func init() {
	// kube-apiserver --allow-privileged: its flag default is false, but
	// kubeadm, kind, minikube and the managed clusters all run with true.
	// Without it, ValidateSecurityContext refuses privileged: true
	// ("disallowed by cluster policy").
	capabilities.Setup(true, 0)
}

// decoder is the JSON serializer the API server uses for request bodies,
// in strict mode so that unknown and duplicate fields can be reported as the
// warnings the API server sends for fieldValidation=Warn (its default when a
// client such as Helm sends no fieldValidation parameter).
var decoder = kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, legacyscheme.Scheme, legacyscheme.Scheme,
	kjson.SerializerOptions{Yaml: false, Pretty: false, Strict: true})

type header struct {
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Metadata   json.RawMessage `json:"metadata"`
}

type metaHeader struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
}

// identify reads apiVersion, kind, metadata.namespace and metadata.name
// without the scheme, tolerating anything malformed.
func identify(raw []byte) (gvk schema.GroupVersionKind, ns, name string) {
	var h header
	_ = json.Unmarshal(raw, &h)
	var m metaHeader
	if len(h.Metadata) > 0 {
		// Field by field, so a bad type in one does not hide the other.
		var mm map[string]json.RawMessage
		if json.Unmarshal(h.Metadata, &mm) == nil {
			_ = json.Unmarshal(mm["name"], &m.Name)
			_ = json.Unmarshal(mm["namespace"], &m.Namespace)
		}
	}
	gv, _ := schema.ParseGroupVersion(h.APIVersion)
	return gv.WithKind(h.Kind), m.Namespace, m.Name
}

func key(gvk schema.GroupVersionKind, ns, name string) string {
	return gvk.GroupVersion().String() + "|" + gvk.Kind + "|" + ns + "|" + name
}

// requestNamespace is the namespace Helm sends the object to: its own
// metadata.namespace, else the release namespace ("default" here).
func requestNamespace(ns string) string {
	if ns == "" {
		return metav1.NamespaceDefault
	}
	return ns
}

// ValidateRequest validates the objects of one request; old objects, when
// given, are matched by apiVersion/kind/namespace/name and the update
// validation is run as well.
func ValidateRequest(objects, old []json.RawMessage) []*Result {
	results := make([]*Result, 0, len(objects))
	oldByKey := map[string][]byte{}
	for _, o := range old {
		gvk, ns, name := identify(o)
		if info, ok := served[gvk]; ok && info.strategy.NamespaceScoped() {
			ns = requestNamespace(ns)
		} else if ok {
			ns = ""
		}
		oldByKey[key(gvk, ns, name)] = o
	}
	alloc := newNodePortEmulator()
	for _, raw := range objects {
		results = append(results, validateOne(raw, oldByKey, old != nil, alloc))
	}
	return results
}

func validateOne(raw []byte, oldByKey map[string][]byte, haveOld bool, alloc *nodePortEmulator) (res *Result) {
	gvk, ns, name := identify(raw)
	res = &Result{
		APIVersion: gvk.GroupVersion().String(),
		Kind:       gvk.Kind,
		Namespace:  ns,
		Name:       name,
		Errors:     []FieldError{},
		Warnings:   []string{},
	}
	defer func() {
		if r := recover(); r != nil {
			res.Checked = true
			res.Errors = append(res.Errors, FieldError{Type: "panic", Detail: truncate(fmt.Sprintf("%v\n%s", r, debug.Stack()), 2000)})
		}
	}()

	info, ok := served[gvk]
	if !ok {
		if why, gone := removed[gvk.GroupVersion()]; gone {
			res.Checked = true
			res.Errors = append(res.Errors, FieldError{
				Type:     "NotServed",
				Field:    "apiVersion",
				Detail:   fmt.Sprintf("the 1.28 API server does not serve %s (%s): no matches for kind %q in version %q", gvk.GroupVersion(), why, gvk.Kind, gvk.GroupVersion()),
				BadValue: gvk.GroupVersion().String(),
			})
		}
		// Other kinds (CRDs such as VolumeSnapshot or an OpenShift Route,
		// or kinds not wired here) have no Go validation to run.
		return res
	}
	res.Checked = true
	scoped := info.strategy.NamespaceScoped()
	reqNS := ""
	if scoped {
		reqNS = requestNamespace(ns)
	}
	res.Namespace = reqNS

	obj, warns, ferr := decode(raw, gvk)
	res.Warnings = append(res.Warnings, warns...)
	if ferr != nil {
		res.Errors = append(res.Errors, *ferr)
		return res
	}

	ctx, rec := requestContext("create", gvk, info.resource, reqNS, name)
	objMeta, err := meta.Accessor(obj)
	if err != nil {
		res.Errors = append(res.Errors, FieldError{Type: "InternalError", Detail: err.Error()})
		return res
	}
	// rest.BeforeCreate: the request namespace wins over an empty one; a
	// cluster-scoped object's namespace is cleared.
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(reqNS, scoped), objMeta); err != nil {
		res.Errors = append(res.Errors, FieldError{Type: "BadRequest", Field: "metadata.namespace", Detail: err.Error(), BadValue: ns})
		return res
	}
	// The create handler: generateName, then system fields.
	if objMeta.GetName() == "" && objMeta.GetGenerateName() != "" {
		objMeta.SetName(info.strategy.GenerateName(objMeta.GetGenerateName()))
	}
	rest.FillObjectMetaSystemFields(objMeta)

	// The Service registry allocates node ports (BeginCreate) before
	// rest.BeforeCreate; emulate the allocation of requested node ports.
	var errs field.ErrorList
	if gvk.Group == "" && gvk.Kind == "Service" {
		errs = append(errs, alloc.allocate(obj)...)
	}

	// rest.BeforeCreate (k8s.io/apiserver/pkg/registry/rest/create.go)
	info.strategy.PrepareForCreate(ctx, obj)
	errs = append(errs, info.strategy.Validate(ctx, obj)...)
	if len(errs) == 0 {
		// BeforeCreate runs the common ObjectMeta validation only after the
		// strategy's validation has passed (which itself validates ObjectMeta
		// with the kind's name validator).
		errs = append(errs, genericvalidation.ValidateObjectMetaAccessor(objMeta, scoped, path.ValidatePathSegmentName, field.NewPath("metadata"))...)
	}
	res.Errors = append(res.Errors, convertErrors(errs)...)
	if len(errs) == 0 {
		// The API server asks for warnings only once validation has passed.
		res.Warnings = append(res.Warnings, info.strategy.WarningsOnCreate(ctx, obj)...)
	}
	res.Warnings = append(res.Warnings, rec.warnings...)

	if haveOld {
		matched := false
		res.OldMatched = &matched
		oldRaw, found := oldByKey[key(gvk, reqNS, name)]
		if !found {
			return res
		}
		matched = true
		uerrs, uwarns := validateUpdate(raw, oldRaw, gvk, info, reqNS, name)
		res.UpdateErrors = &uerrs
		for _, w := range uwarns {
			if !contains(res.Warnings, w) {
				res.Warnings = append(res.Warnings, w)
			}
		}
	}
	return res
}

// validateUpdate runs rest.BeforeUpdate's validation for an upgrade from
// old to new as Helm makes it: the old object is stored as the API server
// stores it on create (the live object); Helm sends a strategic merge patch
// made by strategicpatch.CreateThreeWayMergePatch(old manifest, new manifest,
// live object); the API server applies it to the live object and validates
// the result against the live object. An empty patch is not sent at all.
func validateUpdate(raw, oldRaw []byte, gvk schema.GroupVersionKind, info kindInfo, reqNS, name string) (errsOut []FieldError, warnsOut []string) {
	errsOut = []FieldError{}
	defer func() {
		if r := recover(); r != nil {
			errsOut = append(errsOut, FieldError{Type: "panic", Detail: truncate(fmt.Sprintf("%v\n%s", r, debug.Stack()), 2000)})
		}
	}()
	scoped := info.strategy.NamespaceScoped()

	// The live object: the old manifest as created.
	old, _, ferr := decode(oldRaw, gvk)
	if ferr != nil {
		ferr.Detail = "old object: " + ferr.Detail
		return append(errsOut, *ferr), nil
	}
	octx, _ := requestContext("create", gvk, info.resource, reqNS, name)
	oldMeta, _ := meta.Accessor(old)
	_ = rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(reqNS, scoped), oldMeta)
	rest.FillObjectMetaSystemFields(oldMeta)
	info.strategy.PrepareForCreate(octx, old)
	// Validate is run for its side effects too (the Job strategy generates
	// spec.selector and the controller-uid labels there).
	_ = info.strategy.Validate(octx, old)
	oldMeta.SetResourceVersion("1")

	// The live object as the client sees it.
	liveVersioned, err := legacyscheme.Scheme.ConvertToVersion(old.DeepCopyObject(), gvk.GroupVersion())
	if err != nil {
		return append(errsOut, FieldError{Type: "InternalError", Detail: "live object: " + err.Error()}), nil
	}
	live, err := json.Marshal(liveVersioned)
	if err != nil {
		return append(errsOut, FieldError{Type: "InternalError", Detail: "live object: " + err.Error()}), nil
	}
	dataStruct, err := legacyscheme.Scheme.New(gvk)
	if err != nil {
		return append(errsOut, FieldError{Type: "InternalError", Detail: err.Error()}), nil
	}
	patchMeta, err := strategicpatch.NewPatchMetaFromStruct(dataStruct)
	if err != nil {
		return append(errsOut, FieldError{Type: "InternalError", Detail: err.Error()}), nil
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(oldRaw, raw, live, patchMeta, true)
	if err != nil {
		return append(errsOut, FieldError{Type: "PatchError", Detail: "helm could not make the patch: " + err.Error()}), nil
	}
	if string(patch) == "{}" {
		return errsOut, nil // Helm sends nothing
	}
	patched, err := strategicpatch.StrategicMergePatch(live, patch, dataStruct)
	if err != nil {
		return append(errsOut, FieldError{Type: "PatchError", Detail: "the API server could not apply the patch: " + err.Error()}), nil
	}

	obj, _, ferr := decode(patched, gvk)
	if ferr != nil {
		return append(errsOut, *ferr), nil
	}
	ctx, rec := requestContext("patch", gvk, info.resource, reqNS, name)
	objMeta, _ := meta.Accessor(obj)
	_ = rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(reqNS, scoped), objMeta)

	// rest.BeforeUpdate (k8s.io/apiserver/pkg/registry/rest/update.go)
	objMeta.SetGeneration(oldMeta.GetGeneration())
	info.strategy.PrepareForUpdate(ctx, obj, old)
	if len(objMeta.GetUID()) == 0 {
		objMeta.SetUID(oldMeta.GetUID())
	}
	if t := oldMeta.GetCreationTimestamp(); !t.IsZero() {
		objMeta.SetCreationTimestamp(t)
	}
	var errs field.ErrorList
	// validateCommonFields
	errs = append(errs, genericvalidation.ValidateObjectMetaAccessor(objMeta, scoped, path.ValidatePathSegmentName, field.NewPath("metadata"))...)
	errs = append(errs, genericvalidation.ValidateObjectMetaAccessorUpdate(objMeta, oldMeta, field.NewPath("metadata"))...)
	errs = append(errs, info.strategy.ValidateUpdate(ctx, obj, old)...)
	errsOut = append(errsOut, convertErrors(errs)...)
	if len(errs) == 0 {
		warnsOut = append(warnsOut, info.strategy.WarningsOnUpdate(ctx, obj, old)...)
	}
	warnsOut = append(warnsOut, rec.warnings...)
	return errsOut, warnsOut
}

// decode does what the API server does with a request body: decode into the
// versioned type, default it, convert it to the internal type.
func decode(raw []byte, gvk schema.GroupVersionKind) (runtime.Object, []string, *FieldError) {
	var warns []string
	versioned, _, err := decoder.Decode(raw, &gvk, nil)
	if err != nil {
		if runtime.IsStrictDecodingError(err) && versioned != nil {
			if se, ok := runtime.AsStrictDecodingError(err); ok {
				for _, e := range se.Errors() {
					warns = append(warns, e.Error())
				}
			}
		} else {
			return nil, warns, &FieldError{Type: "DecodeError", Detail: err.Error()}
		}
	}
	legacyscheme.Scheme.Default(versioned)
	internal, err := legacyscheme.Scheme.ConvertToVersion(versioned, schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return nil, warns, &FieldError{Type: "DecodeError", Detail: "conversion to the internal version: " + err.Error()}
	}
	return internal, warns, nil
}

type warningRecorder struct{ warnings []string }

func (w *warningRecorder) AddWarning(agent, text string) {
	if !contains(w.warnings, text) {
		w.warnings = append(w.warnings, text)
	}
}

func requestContext(verb string, gvk schema.GroupVersionKind, resource, ns, name string) (context.Context, *warningRecorder) {
	ctx := genericapirequest.WithNamespace(context.Background(), ns)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true,
		Verb:              verb,
		APIPrefix:         apiPrefix(gvk.Group),
		APIGroup:          gvk.Group,
		APIVersion:        gvk.Version,
		Namespace:         ns,
		Resource:          resource,
		Name:              name,
	})
	rec := &warningRecorder{}
	ctx = warning.WithWarningRecorder(ctx, rec)
	return ctx, rec
}

func apiPrefix(group string) string {
	if group == "" {
		return "api"
	}
	return "apis"
}

func convertErrors(errs field.ErrorList) []FieldError {
	out := make([]FieldError, 0, len(errs))
	for _, e := range errs {
		if e == nil {
			continue
		}
		out = append(out, FieldError{
			Type:     string(e.Type),
			Field:    e.Field,
			Detail:   e.Detail,
			BadValue: truncate(formatValue(e.BadValue), 200),
		})
	}
	return out
}

var omit = reflect.TypeOf(field.OmitValueType{})

// formatValue is %v of a bad value, with pointers followed and String()
// used where the value (or a pointer to it) has one.
func formatValue(v interface{}) string {
	if v == nil {
		return ""
	}
	rv := reflect.ValueOf(v)
	if rv.Type() == omit {
		return ""
	}
	for rv.Kind() == reflect.Ptr {
		if rv.IsNil() {
			return "<nil>"
		}
		if s, ok := rv.Interface().(fmt.Stringer); ok {
			return s.String()
		}
		rv = rv.Elem()
	}
	if s, ok := rv.Interface().(fmt.Stringer); ok {
		return s.String()
	}
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	if s, ok := p.Interface().(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%v", rv.Interface())
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// do not cut a UTF-8 sequence in half
	cut := n
	for cut > 0 && cut < len(s) && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
