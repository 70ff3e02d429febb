"""chartgen.kubeapi over objects built by reading the API server's Go validation (1.28)."""

from __future__ import annotations

import copy
from typing import Any

from chartgen.kubeapi import checked, refusals

DEPLOYMENT: dict[str, Any] = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
    "spec": {
        "selector": {"matchLabels": {"app": "web"}},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {
                "containers": [
                    {
                        "name": "web",
                        "image": "nginx",
                        "volumeMounts": [{"name": "a", "mountPath": "/a"}],
                        "ports": [{"name": "http", "containerPort": 80}],
                        "resources": {"requests": {"cpu": "1"}, "limits": {"cpu": "2"}},
                    }
                ],
                "volumes": [{"name": "a", "secret": {"secretName": "s"}}],
            },
        },
    },
}
CONTAINER = "spec.template.spec.containers[0]"


def fields(obj: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r.field, r.type) for r in refusals(obj)]


def changed(**edits: Any) -> dict[str, Any]:
    obj = copy.deepcopy(DEPLOYMENT)
    pod = obj["spec"]["template"]["spec"]
    for key, value in edits.items():
        if key in ("volumes", "tolerations", "nodeSelector", "priorityClassName", "serviceAccountName"):
            pod[key] = value
        else:
            pod["containers"][0][key] = value
    return obj


def test_a_valid_deployment_passes() -> None:
    assert checked(DEPLOYMENT) and refusals(DEPLOYMENT) == []


def test_mount_paths_unique_per_container() -> None:
    obj = changed(
        volumeMounts=[{"name": "a", "mountPath": "/x"}, {"name": "b", "mountPath": "/x"}],
        volumes=[{"name": "a", "secret": {"secretName": "s"}}, {"name": "b", "configMap": {"name": "c"}}],
    )
    (found,) = refusals(obj)
    assert (found.field, found.detail, found.bad_value) == (
        f"{CONTAINER}.volumeMounts[1].mountPath",
        "must be unique",
        "/x",
    )
    assert found.related == (f"{CONTAINER}.volumeMounts[0]",)


def test_volume_names_unique_and_mounts_name_a_volume() -> None:
    obj = changed(volumes=[{"name": "a", "emptyDir": {}}, {"name": "a", "emptyDir": {}}])
    assert fields(obj) == [("spec.template.spec.volumes[1].name", "Duplicate")]
    obj = changed(volumeMounts=[{"name": "nope", "mountPath": "/x"}])
    assert fields(obj) == [(f"{CONTAINER}.volumeMounts[0].name", "NotFound")]


def test_volume_source_errors() -> None:
    assert fields(changed(volumes=[{"name": "a"}])) == [
        ("spec.template.spec.volumes[0]", "Required"),
        (f"{CONTAINER}.volumeMounts[0].name", "NotFound"),  # a volume with an error is not usable
    ]
    obj = changed(volumes=[{"name": "a", "hostPath": {"path": "/data/../etc"}}])
    assert fields(obj)[0] == ("spec.template.spec.volumes[0].hostPath.path", "Invalid")


def test_ports() -> None:
    obj = changed(ports=[{"name": "http", "containerPort": 80}, {"name": "http", "containerPort": 81}])
    assert fields(obj) == [(f"{CONTAINER}.ports[1].name", "Duplicate")]
    obj = changed(ports=[{"name": "a-very-long-port-name", "containerPort": 70000}])
    assert fields(obj) == [
        (f"{CONTAINER}.ports[0].name", "Invalid"),
        (f"{CONTAINER}.ports[0].containerPort", "Invalid"),
    ]


def test_resources() -> None:
    obj = changed(resources={"requests": {"cpu": "3"}, "limits": {"cpu": "2"}})
    assert fields(obj) == [(f"{CONTAINER}.resources.requests", "Invalid")]
    obj = changed(resources={"requests": {"memory": "1GB"}})
    assert fields(obj) == [(f"{CONTAINER}.resources.requests[memory]", "Invalid")]
    obj = changed(resources={"requests": {"nvidia.com/gpu": "1"}})
    assert fields(obj) == [(f"{CONTAINER}.resources.limits", "Required")]  # not overcommitable


def test_tolerations_node_selector_names() -> None:
    obj = changed(tolerations=[{"key": "gpu", "operator": "Exists", "value": "yes"}, {"operator": "Equal"}])
    assert fields(obj) == [
        ("spec.template.spec.tolerations[0].operator", "Invalid"),
        ("spec.template.spec.tolerations[1].operator", "Invalid"),
    ]
    assert fields(changed(nodeSelector={"bad key!": "x"})) == [("spec.template.spec.nodeSelector", "Invalid")]
    assert fields(changed(priorityClassName="High")) == [("spec.template.spec.priorityClassName", "Invalid")]
    assert fields(changed(env=[{"name": "1X", "value": "v"}])) == [(f"{CONTAINER}.env[0].name", "Invalid")]


def test_selector_must_match_template_labels() -> None:
    obj = copy.deepcopy(DEPLOYMENT)
    obj["spec"]["template"]["metadata"]["labels"] = {"app": "other"}
    assert fields(obj) == [("spec.template.metadata.labels", "Invalid")]


def test_label_values_at_most_63() -> None:
    obj = copy.deepcopy(DEPLOYMENT)
    obj["metadata"]["labels"] = {"app": "x" * 64}
    assert fields(obj) == [("metadata.labels", "Invalid")]


SERVICE: dict[str, Any] = {
    "apiVersion": "v1",
    "kind": "Service",
    "metadata": {"name": "det", "namespace": "default"},
    "spec": {
        "type": "LoadBalancer",
        "ports": [{"port": 8080, "targetPort": 8081}],
        "selector": {"app": "det"},
    },
}


def test_service() -> None:
    assert refusals(SERVICE) == []
    obj = copy.deepcopy(SERVICE)
    obj["metadata"]["name"] = "1-det"  # a DNS-1035 label starts with a letter
    obj["spec"]["ports"][0]["port"] = 10250
    assert fields(obj) == [("metadata.name", "Invalid"), ("spec.ports[0]", "Invalid")]
    obj = copy.deepcopy(SERVICE)
    obj["spec"]["type"] = "NodePort"
    obj["spec"]["loadBalancerSourceRanges"] = ["10.0.0.0/255.0.0.0"]
    assert fields(obj) == [
        ("spec.LoadBalancerSourceRanges", "Forbidden"),
        ("spec.LoadBalancerSourceRanges", "Invalid"),
    ]


def test_ingress() -> None:
    obj = {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "Ingress",
        "metadata": {
            "name": "i",
            "namespace": "default",
            "annotations": {"kubernetes.io/ingress.class": "a"},
        },
        "spec": {
            "ingressClassName": "b",
            "rules": [
                {
                    "host": "10.0.0.1",
                    "http": {
                        "paths": [
                            {
                                "path": "x",
                                "pathType": "Prefix",
                                "backend": {"service": {"name": "s", "port": {"number": 80}}},
                            }
                        ]
                    },
                }
            ],
        },
    }
    assert fields(obj) == [
        ("spec.rules[0].host", "Invalid"),
        ("spec.rules[0].http.paths[0].path", "Invalid"),
        ("annotations.kubernetes.io/ingress.class", "Invalid"),
    ]


def test_other_kinds() -> None:
    pvc = {
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": {"name": "c", "namespace": "default"},
        "spec": {
            "accessModes": ["ReadWriteOnce"],
            "resources": {"requests": {"storage": "0"}},
            "storageClassName": "Fast",
        },
    }
    assert fields(pvc) == [("spec.resources[storage]", "Invalid"), ("spec.storageClassName", "Invalid")]
    role = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRole",
        "metadata": {"name": "a/b"},
        "rules": [],
    }
    assert fields(role) == [("metadata.name", "Invalid")]
    pc = {
        "apiVersion": "scheduling.k8s.io/v1",
        "kind": "PriorityClass",
        "metadata": {"name": "p"},
        "value": 2_000_000_000,
    }
    assert fields(pc) == [("value", "Forbidden")]
    assert not checked({"apiVersion": "route.openshift.io/v1", "kind": "Route"})
