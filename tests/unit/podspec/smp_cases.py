"""Hand-written strategic-merge cases, one rule each, shared by the unit and the kubectl tests.

Each expected value is worked out from the rule it names (see chartgen/podspec/smp.py);
test_smp_kubectl.py checks every one of them against the real kubectl as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def pod(spec: dict[str, Any] | None = None, **metadata: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", **metadata}}
    if spec is not None:
        doc["spec"] = spec
    return doc


def containers(*items: dict[str, Any]) -> dict[str, Any]:
    return {"containers": list(items)}


@dataclass(frozen=True)
class Case:
    id: str
    original: dict[str, Any]
    patch: dict[str, Any]
    expected: dict[str, Any] | None  # None: kubectl rejects the patch
    error: str = ""  # a fragment of our PatchError message when expected is None


A = {"name": "a", "image": "img-a"}
B = {"name": "b", "image": "img-b"}
C = {"name": "c", "image": "img-c"}

CASES = [
    Case(
        "merge-containers-by-name",
        pod(containers(A, B)),
        {"spec": {"containers": [{"name": "b", "image": "new"}]}},
        pod(containers(A, {"name": "b", "image": "new"})),
    ),
    Case(
        # A patch item the original lacks, ahead of every patched original item, goes first.
        "new-item-goes-first",
        pod(containers(A, B)),
        {"spec": {"containers": [C]}},
        pod(containers(C, A, B)),
    ),
    Case(
        # Patch order [a, c]; b is original-only and a came before it in the original.
        "new-item-after-patched-item",
        pod(containers(A, B)),
        {"spec": {"containers": [{"name": "a", "image": "x"}, C]}},
        pod(containers({"name": "a", "image": "x"}, C, B)),
    ),
    Case(
        "patch-order-reorders-named-items",
        pod(containers(A, B)),
        {"spec": {"containers": [{"name": "b"}, {"name": "a"}]}},
        pod(containers(B, A)),
    ),
    Case(
        # Patch order [c, a]; b (original-only) was ahead of c in the original, so it stays ahead.
        "original-only-item-stays-ahead",
        pod(containers(A, B, C)),
        {"spec": {"containers": [{"name": "c", "image": "x"}, {"name": "a", "image": "y"}]}},
        pod(containers(B, {"name": "c", "image": "x"}, {"name": "a", "image": "y"})),
    ),
    Case(
        "merge-env-by-name",
        pod(containers({"name": "a", "env": [{"name": "X", "value": "1"}, {"name": "Y", "value": "2"}]})),
        {"spec": {"containers": [{"name": "a", "env": [{"name": "Y", "value": "3"}]}]}},
        pod(containers({"name": "a", "env": [{"name": "X", "value": "1"}, {"name": "Y", "value": "3"}]})),
    ),
    Case(
        "merge-volume-mounts-by-mount-path",
        pod(containers({"name": "a", "volumeMounts": [{"name": "v1", "mountPath": "/data"}]})),
        {"spec": {"containers": [{"name": "a", "volumeMounts": [{"name": "v2", "mountPath": "/data"}]}]}},
        pod(containers({"name": "a", "volumeMounts": [{"name": "v2", "mountPath": "/data"}]})),
    ),
    Case(
        "merge-ports-by-container-port",
        pod(containers({"name": "a", "ports": [{"containerPort": 80, "name": "http"}]})),
        {"spec": {"containers": [{"name": "a", "ports": [{"containerPort": 80, "protocol": "TCP"}]}]}},
        pod(containers({"name": "a", "ports": [{"containerPort": 80, "name": "http", "protocol": "TCP"}]})),
    ),
    Case(
        # Merge keys compare with their JSON type: "80" is not 80, so it is a new item (first).
        "merge-key-compares-types",
        pod(containers({"name": "a", "ports": [{"containerPort": 80}]})),
        {"spec": {"containers": [{"name": "a", "ports": [{"containerPort": "80"}]}]}},
        pod(containers({"name": "a", "ports": [{"containerPort": "80"}, {"containerPort": 80}]})),
    ),
    Case(
        "merge-image-pull-secrets-by-name",
        pod({"imagePullSecrets": [{"name": "s1"}]}),
        {"spec": {"imagePullSecrets": [{"name": "s1"}, {"name": "s2"}]}},
        pod({"imagePullSecrets": [{"name": "s1"}, {"name": "s2"}]}),
    ),
    Case(
        "primitive-lists-replace",
        pod(containers({"name": "a", "args": ["x", "y"], "command": ["sh"]})),
        {"spec": {"containers": [{"name": "a", "args": ["z"]}]}},
        pod(containers({"name": "a", "args": ["z"], "command": ["sh"]})),
    ),
    Case(
        "tolerations-replace-whole",
        pod({"tolerations": [{"key": "k1", "operator": "Exists"}]}),
        {"spec": {"tolerations": [{"key": "k2", "operator": "Exists"}]}},
        pod({"tolerations": [{"key": "k2", "operator": "Exists"}]}),
    ),
    Case(
        # Maps merge even where the OpenAPI calls them atomic: SMP reads only the patch tags.
        "node-selector-merges",
        pod({"nodeSelector": {"a": "1", "b": "2"}}),
        {"spec": {"nodeSelector": {"b": "3", "c": "4"}}},
        pod({"nodeSelector": {"a": "1", "b": "3", "c": "4"}}),
    ),
    Case(
        "null-deletes-keys",
        pod({"nodeSelector": {"a": "1", "b": "2"}, "hostNetwork": True}),
        {"spec": {"nodeSelector": {"a": None, "zzz": None}, "hostNetwork": None}},
        pod({"nodeSelector": {"b": "2"}}),
    ),
    Case(
        # Nulls inside a value the original lacks are dropped, as are maps with a $patch.
        "new-value-loses-nulls-and-directives",
        pod({}),
        {"spec": {"securityContext": {"runAsUser": 1, "fsGroup": None, "sysctls": [{"$patch": "delete"}]}}},
        pod({"securityContext": {"runAsUser": 1, "sysctls": []}}),
    ),
    Case(
        # ...but a list item the patch adds is kept exactly as written (a kubectl artefact).
        "new-list-item-kept-verbatim",
        pod(containers(A)),
        {"spec": {"containers": [{"name": "n", "image": None, "env": [{"name": "E", "$patch": "delete"}]}]}},
        pod(containers({"name": "n", "image": None, "env": [{"name": "E", "$patch": "delete"}]}, A)),
    ),
    Case(
        "type-change-replaces",
        pod({"nodeSelector": {"a": "1"}}),
        {"spec": {"nodeSelector": ["x"]}},
        pod({"nodeSelector": ["x"]}),
    ),
    Case(
        "patch-replace-on-map",
        pod(containers({"name": "a", "resources": {"limits": {"cpu": "1"}, "requests": {"cpu": "1"}}})),
        {
            "spec": {
                "containers": [{"name": "a", "resources": {"$patch": "replace", "limits": {"memory": "1Gi"}}}]
            }
        },
        pod(containers({"name": "a", "resources": {"limits": {"memory": "1Gi"}}})),
    ),
    Case(
        # A deleted map is left empty where the original had it.
        "patch-delete-on-map",
        pod({"nodeSelector": {"a": "1"}, "hostNetwork": True}),
        {"spec": {"nodeSelector": {"$patch": "delete"}, "securityContext": {"$patch": "delete"}}},
        pod({"nodeSelector": {}, "hostNetwork": True}),
    ),
    Case(
        "patch-replace-on-list",
        pod(containers(A, B)),
        {"spec": {"containers": [C, {"$patch": "replace"}]}},
        pod(containers(C)),
    ),
    Case(
        "patch-delete-on-list-item",
        pod(containers(A, B, C)),
        {"spec": {"containers": [{"name": "b", "$patch": "delete"}]}},
        pod(containers(A, C)),
    ),
    Case(
        # Union; patch order [c, a] for the named items, b stays behind a.
        "finalizers-union",
        pod(None, finalizers=["a", "b"]),
        {"metadata": {"finalizers": ["c", "a"]}},
        pod(None, finalizers=["c", "a", "b"]),
    ),
    Case(
        "delete-from-primitive-list",
        pod(None, finalizers=["a", "b", "c"]),
        {"metadata": {"$deleteFromPrimitiveList/finalizers": ["b", "x"]}},
        pod(None, finalizers=["a", "c"]),
    ),
    Case(
        # The directive orders the items it names ([c, a]); b, unnamed, was ahead of c and stays so.
        "set-element-order",
        pod(containers(A, B, C)),
        {
            "spec": {
                "$setElementOrder/containers": [{"name": "c"}, {"name": "a"}],
                "containers": [{"name": "a", "image": "x"}],
            }
        },
        pod(containers(B, C, {"name": "a", "image": "x"})),
    ),
    Case(
        "set-element-order-moves-new-item",
        pod(containers(A, B)),
        {
            "spec": {
                "$setElementOrder/containers": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
                "containers": [C],
            }
        },
        pod(containers(A, B, C)),
    ),
    Case(
        "set-element-order-on-primitives",
        pod(None, finalizers=["a", "b", "c"]),
        {"metadata": {"$setElementOrder/finalizers": ["c", "b", "a"]}},
        pod(None, finalizers=["c", "b", "a"]),
    ),
    Case(
        # kubectl reads the original back through a Go slice that the deletion shifted and
        # the addition overwrote ([a, c, d]), so c counts as ahead of d and stays first.
        "set-element-order-sees-overwritten-original",
        pod(containers(A, B, C)),
        {
            "spec": {
                "$setElementOrder/containers": [{"name": "d"}, {"name": "a"}],
                "containers": [{"name": "d"}, {"name": "b", "$patch": "delete"}],
            }
        },
        pod(containers(C, {"name": "d"}, A)),
    ),
    Case(
        # With an empty order list Go's sort comparator calls an unknown item "less" both ways;
        # its insertion sort then walks the patch-only item d (merged first) to the end.
        "empty-set-element-order-moves-unknown-items-last",
        pod(None, finalizers=["a", "b", "c"]),
        {"metadata": {"finalizers": ["d"], "$setElementOrder/finalizers": []}},
        pod(None, finalizers=["a", "b", "c", "d"]),
    ),
    Case(
        # ...and, when the original has no such list, reverses the patch's list.
        "empty-set-element-order-reverses-a-new-list",
        pod(None),
        {"metadata": {"finalizers": ["a", "b", "c"], "$setElementOrder/finalizers": []}},
        pod(None, finalizers=["c", "b", "a"]),
    ),
    Case(
        "retain-keys-clears-other-volume-source",
        pod({"volumes": [{"name": "v", "emptyDir": {}}]}),
        {
            "spec": {
                "volumes": [{"name": "v", "hostPath": {"path": "/x"}, "$retainKeys": ["name", "hostPath"]}]
            }
        },
        pod({"volumes": [{"name": "v", "hostPath": {"path": "/x"}}]}),
    ),
    Case(
        "without-retain-keys-both-sources-stay",
        pod({"volumes": [{"name": "v", "emptyDir": {}}]}),
        {"spec": {"volumes": [{"name": "v", "hostPath": {"path": "/x"}}]}},
        pod({"volumes": [{"name": "v", "emptyDir": {}, "hostPath": {"path": "/x"}}]}),
    ),
    Case(
        "unknown-scalar-field-is-set",
        pod({"hostNetwork": True}),
        {"spec": {"madeUp": 1}},
        pod({"hostNetwork": True, "madeUp": 1}),
    ),
    Case(
        "missing-merge-key",
        pod(containers(A)),
        {"spec": {"containers": [{"image": "x"}]}},
        None,
        "does not contain declared merge key 'name'",
    ),
    Case(
        "delete-item-without-merge-key",
        pod(containers(A)),
        {"spec": {"containers": [{"$patch": "delete"}]}},
        None,
        "does not contain declared merge key 'name'",
    ),
    Case(
        "unknown-patch-directive",
        pod({"nodeSelector": {"a": "1"}}),
        {"spec": {"nodeSelector": {"$patch": "bogus"}}},
        None,
        "unknown patch type 'bogus'",
    ),
    Case(
        "merge-directive-in-list",
        pod(containers(A)),
        {"spec": {"containers": [{"$patch": "merge"}]}},
        None,
        "merging lists cannot yet be specified",
    ),
    Case(
        "retain-keys-must-list-patched-keys",
        pod({"volumes": [{"name": "v", "emptyDir": {}}]}),
        {"spec": {"volumes": [{"name": "v", "hostPath": {"path": "/x"}, "$retainKeys": ["name"]}]}},
        None,
        "'hostPath' is set but not retained",
    ),
    Case(
        "set-element-order-must-agree-with-patch",
        pod(containers(A, B)),
        {"spec": {"$setElementOrder/containers": [{"name": "a"}, {"name": "b"}], "containers": [B, A]}},
        None,
        "does not match the $setElementOrder list",
    ),
    Case(
        "unknown-field-cannot-merge-lists",
        pod({"madeUp": [{"x": 1}]}),
        {"spec": {"madeUp": [{"x": 2}]}},
        None,
        "unable to find api field 'madeUp' in PodSpec",
    ),
    Case(
        "mixed-primitive-list",
        pod(None, finalizers=["a"]),
        {"metadata": {"finalizers": [1]}},
        None,
        "list element types are not identical",
    ),
]
