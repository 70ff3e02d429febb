"""Every object chartgen renders is valid Kubernetes: it validates against the official OpenAPI schemas.

The schemas are those ``kubernetes-validate`` ships (its ``-strict`` variant, where
an object may hold no field the API does not define, so a misspelt or misplaced
key fails). It ships 1.25 to its newest release. The kinds the chart renders are
all GA APIs that have not changed shape in that range, so three versions stand
for it: the oldest shipped (1.25), 1.29 (the middle of the range) and the newest
(a field the API removes fails there first). chartgen's own Ingress is checked
against every shipped version: issue 4 promises Kubernetes >= 1.19, but the
package ships no schema before 1.25, so 1.19 to 1.24 cannot be checked here
(networking.k8s.io/v1 Ingress is unchanged since 1.19).

CRDs have no official schema and are exempt: the OpenShift Route and the CSI
VolumeSnapshot and VolumeSnapshotClass. The coscheduler ConfigMap carries a
``kubescheduler.config.k8s.io/v1alpha2`` configuration as text: that is data
inside a valid ConfigMap, not an object the API server sees.

Checked: every golden ``rendered.yaml``, and every rendered case of the vendored
conformance corpus (upstream's output, which chartgen's equals object for object).
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from kubernetes_validate.utils import all_versions
from referencing import Registry, Resource

from tests.support.corpus import CASES as CORPUS
from tests.support.golden import GOLDEN

ROOT = Path(__file__).resolve().parents[1]

SCHEMAS = resources.files("kubernetes_validate") / "kubernetes-json-schema"

CRDS = {
    ("route.openshift.io/v1", "Route"),
    ("snapshot.storage.k8s.io/v1", "VolumeSnapshot"),
    ("snapshot.storage.k8s.io/v1", "VolumeSnapshotClass"),
}
SHIPPED = tuple(all_versions())
VERSIONS = (SHIPPED[0], "1.29.0", SHIPPED[-1])
EVERY_VERSION_KINDS = {("networking.k8s.io/v1", "Ingress")}


def _schema_file(api_version: str, kind: str) -> str:
    """The package's file name for a kind: ``rbac.authorization.k8s.io/v1`` ClusterRole -> clusterrole-rbac-v1."""
    group_version = re.sub(r"^([^./]*)(?:\.[^/]*)?/", r"\1-", api_version)
    return f"{kind.lower()}-{group_version}.json"


@cache
def _definitions(version: str) -> Registry:
    defs = json.loads((SCHEMAS / f"v{version}-local-strict" / "_definitions.json").read_text())
    resource: Resource[Any] = Resource.from_contents(defs)
    return resource @ Registry()


@cache
def validator(version: str, api_version: str, kind: str) -> Draft202012Validator:
    path = SCHEMAS / f"v{version}-local-strict" / _schema_file(api_version, kind)
    assert path.is_file(), f"no Kubernetes {version} schema for {api_version} {kind}"
    schema = json.loads(path.read_text())
    resource: Resource[Any] = Resource.from_contents(schema)
    return Draft202012Validator(schema, registry=resource @ _definitions(version))


def problems(obj: dict[str, Any], version: str) -> list[str]:
    """Why ``obj`` is not a valid object of Kubernetes ``version`` (nothing if it is)."""
    # Most objects recur across cases (RBAC, priority classes): each distinct one is checked once.
    return list(_problems(json.dumps(obj, sort_keys=True), version))


@cache
def _problems(text: str, version: str) -> tuple[str, ...]:
    obj = json.loads(text)
    check = validator(version, obj["apiVersion"], obj["kind"])
    return tuple(
        f"{'.'.join(str(p) for p in error.absolute_path) or '<root>'}: {error.message}"
        for error in sorted(check.iter_errors(obj), key=lambda e: list(map(str, e.absolute_path)))
    )


def load_objects(path: Path) -> list[dict[str, Any]]:
    return [obj for obj in yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader) if obj]


def rendered_files() -> list[Path]:
    goldens = sorted(GOLDEN.glob("*/rendered.yaml"))
    corpus = sorted(CORPUS.glob("*/*/expected.yaml"))
    return goldens + corpus


def _file_id(path: Path) -> str:
    return str(path.parent.relative_to(ROOT))


@pytest.mark.parametrize("path", rendered_files(), ids=_file_id)
def test_every_standard_object_validates(path: Path) -> None:
    failures = []
    objects = load_objects(path)
    assert objects, f"{path}: no objects"
    for obj in objects:
        key = (obj["apiVersion"], obj["kind"])
        if key in CRDS:
            continue
        versions = SHIPPED if key in EVERY_VERSION_KINDS else VERSIONS
        name = f"{obj['kind']} {obj['metadata']['name']}"
        for version in versions:
            failures += [f"{name} (Kubernetes {version}): {problem}" for problem in problems(obj, version)]
    assert not failures, f"{_file_id(path)}:\n  " + "\n  ".join(failures)


def test_goldens_render_an_ingress_and_every_crd_kind() -> None:
    """The exemptions and the every-version check are exercised, not dead."""
    kinds = {
        (obj["apiVersion"], obj["kind"])
        for path in GOLDEN.glob("*/rendered.yaml")
        for obj in load_objects(path)
    }
    assert kinds >= CRDS | EVERY_VERSION_KINDS


def test_versions_checked() -> None:
    assert SHIPPED[0] == "1.25.0", (
        "kubernetes-validate now ships older schemas: check the Ingress against them"
    )
    assert "1.29.0" in SHIPPED


DEPLOYMENT: dict[str, Any] = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "web"},
    "spec": {
        "selector": {"matchLabels": {"app": "web"}},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {"containers": [{"name": "web", "image": "nginx"}]},
        },
    },
}


def test_the_schemas_reject_what_the_api_server_rejects() -> None:
    """A misplaced key, a wrong type and a missing required field each fail, in every checked version."""
    assert problems(DEPLOYMENT, SHIPPED[-1]) == []
    misplaced = copy.deepcopy(DEPLOYMENT)
    misplaced["spec"]["template"]["spec"]["containers"][0]["mountPath"] = "/data"
    wrong_type = copy.deepcopy(DEPLOYMENT)
    wrong_type["spec"]["replicas"] = "one"
    no_container_name = copy.deepcopy(DEPLOYMENT)
    del no_container_name["spec"]["template"]["spec"]["containers"][0]["name"]
    ingress_v1beta1_backend = {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "Ingress",
        "metadata": {"name": "seed-003"},
        "spec": {
            "rules": [
                {"http": {"paths": [{"path": "/", "backend": {"serviceName": "m", "servicePort": 8080}}]}}
            ]
        },
    }
    for version in VERSIONS:
        assert any("mountPath" in p for p in problems(misplaced, version))
        assert any(p.startswith("spec.replicas") for p in problems(wrong_type, version))
        assert any("'name' is a required property" in p for p in problems(no_container_name, version))
        assert problems(ingress_v1beta1_backend, version), "seed 003's v1beta1 backend is not v1"
