"""The genai objects: which appear for which storage layout, and what the backend is told."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from chartgen.rendering.chart import manifest_templates, render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.values.load import load_sources
from chartgen.yamlio import emit, load_yaml

REQUIRED = {"maxSlotsPerPod": 4, "initialUserPassword": "Corpus-Passw0rd"}
GENAI = {"version": "0.4.0", "port": 9011, "messageQueuePort": 6379, "extraResourcePoolMetadata": {}}
PVC = {"generatedPVC": {"storageSize": "1Ti", "storageClassName": "standard-rwx"}}


def render_genai(values: dict[str, Any], *, release: str = "0.38.1") -> dict[tuple[str, str], Any]:
    """The genai objects for these values, by kind and name."""
    source = load_yaml(emit.dump({**REQUIRED, **values}) + "\n", "values.yaml")
    loaded = load_sources([source], app_version=release)
    only = [t for t in manifest_templates() if t.startswith("genai/")]
    manifests = render(loaded.values, ReleaseInfo("det", "ns", release), only=only)
    objects = [yaml.safe_load(m.text) for m in manifests]
    return {(o["kind"], o["metadata"]["name"]): o for o in objects}


def pod(objects: dict[tuple[str, str], Any]) -> Any:
    return objects["Deployment", "genai-deployment-det"]["spec"]["template"]["spec"]


def env(objects: dict[tuple[str, str], Any]) -> dict[str, Any]:
    return {e["name"]: e["value"] for e in pod(objects)["containers"][0]["env"]}


@pytest.mark.parametrize("genai", [None, {}, {**GENAI, "version": ""}])
def test_nothing_without_a_version(genai: Any) -> None:
    assert render_genai({"genai": genai}) == {}


@pytest.mark.parametrize("release", ["0.35.0", "0.38.1"])
def test_generated_claim_layout(release: str) -> None:
    objects = render_genai({"genai": {**GENAI, **PVC}}, release=release)
    assert set(objects) == {
        ("ServiceAccount", "genai-det"),
        ("ConfigMap", "genai-resource-pool-metadata-det"),
        ("PersistentVolumeClaim", "genai-pvc-det"),
        ("Service", "genai-backend-service-det"),
        ("Service", "genai-queue-service-det"),
        ("Deployment", "genai-deployment-det"),
    }
    claim = objects["PersistentVolumeClaim", "genai-pvc-det"]
    assert claim["metadata"]["labels"] == {"app": "genai-pvc-det", "release": "det"}
    assert claim["spec"]["storageClassName"] == "standard-rwx"
    assert pod(objects)["volumes"][0] == {
        "name": "genai-pvc-storage",
        "persistentVolumeClaim": {"claimName": "genai-pvc-det"},
    }
    assert env(objects)["K8S_SHARED_PVC_NAME"] == "genai-pvc-det"
    assert env(objects)["SHARED_FS_ROOT_PATH"] == "/run/determined/workdir/shared_fs"


def test_host_path_layout() -> None:
    objects = render_genai(
        {"genai": {**GENAI, "sharedFSHostPath": "/mnt/shared", "sharedFSMountPath": "/run/shared"}}
    )
    assert ("PersistentVolumeClaim", "genai-pvc-det") not in objects
    assert pod(objects)["volumes"][0] == {
        "name": "genai-shared-host-path",
        "hostPath": {"path": "/mnt/shared", "type": "Directory"},
    }
    assert pod(objects)["containers"][0]["volumeMounts"][0] == {
        "name": "genai-shared-host-path",
        "mountPath": "/run/shared",
    }
    assert env(objects)["K8S_SHARED_HOST_PATH"] == "/mnt/shared"
    assert "K8S_SHARED_PVC_NAME" not in env(objects)


def test_shared_claim_with_permission_job() -> None:
    genai = {
        **GENAI,
        "sharedPVCName": "team-share",
        "agentGroupID": 2000,
        "shouldInitializeSharedFSGroupPermissions": True,
    }
    objects = render_genai({"genai": genai})
    assert ("PersistentVolumeClaim", "team-share") not in objects
    job = objects["Job", "genai-initialize-shared-fs-permissions-det"]
    spec = job["spec"]["template"]["spec"]
    assert spec["securityContext"] == {
        "runAsUser": 0,
        "runAsGroup": 2000,
        "fsGroup": 2000,
        "fsGroupChangePolicy": "OnRootMismatch",
    }
    assert spec["volumes"][0]["persistentVolumeClaim"] == {"claimName": "team-share"}
    assert "GROUP_ID=2000;" in spec["containers"][0]["command"][2].splitlines()
    assert job["metadata"]["annotations"]["helm.sh/hook-weight"] == "0"
    assert pod(objects)["securityContext"]["fsGroup"] == 2000


@pytest.mark.parametrize(
    ("settings_", "scheme"),
    [
        ({}, "http"),
        ({"tlsSecret": "tls"}, "https"),
        ({"tlsSecret": "tls", "useNodePortForMaster": True}, "http"),
    ],
)
def test_master_scheme(settings_: dict[str, Any], scheme: str) -> None:
    objects = render_genai({"genai": {**GENAI, **PVC}, "masterPort": 443, **settings_})
    assert env(objects)["DET_MASTER"] == f"{scheme}://determined-master-service-det.ns:443"


@pytest.mark.parametrize(
    ("resource_type", "volume"),
    [("configMap", {"configMap": {"name": "dbcert"}}), ("secret", {"secret": {"secretName": "dbcert"}})],
)
def test_database_certificate(resource_type: str, volume: dict[str, Any]) -> None:
    db = {
        "hostAddress": "db.example.com",
        "sslMode": "verify-full",
        "sslRootCert": "root.crt",
        "certResourceName": "dbcert",
        "resourceType": resource_type,
    }
    objects = render_genai({"genai": {**GENAI, **PVC}, "db": db})
    assert pod(objects)["volumes"][-1] == {"name": "database-cert", **volume}
    assert pod(objects)["containers"][0]["volumeMounts"][-1] == {
        "name": "database-cert",
        "mountPath": "/mount/determined/secrets/",
        "readOnly": True,
    }
    assert (env(objects)["DB_HOST"], env(objects)["DB_SSL_MODE"]) == ("db.example.com", "verify-full")
    assert env(objects)["DB_SSL_ROOT_CERT"] == "/mount/determined/secrets/root.crt"


def test_certificate_mount_without_ssl_has_no_volume() -> None:
    # Upstream mounts when a certificate resource is named but adds the volume only with sslMode.
    objects = render_genai({"genai": {**GENAI, **PVC}, "db": {"certResourceName": "dbcert"}})
    assert pod(objects)["containers"][0]["volumeMounts"][-1]["name"] == "database-cert"
    assert all(v["name"] != "database-cert" for v in pod(objects)["volumes"])


def test_quoted_and_bare_values() -> None:
    genai = {**GENAI, **PVC, "version": 1.10, "agentGroupID": "77", "cpuRequest": 1}
    objects = render_genai({"genai": genai})
    # The tag is quoted upstream (Go prints the float 1.1); the group ID is bare text, read back as a number.
    assert env(objects)["LORE_DOCKER_TAG_SUFFIX"] == "1.1"
    assert pod(objects)["containers"][0]["image"] == "determinedai/genai:1.1"
    assert pod(objects)["securityContext"]["runAsUser"] == 77
    assert pod(objects)["containers"][0]["resources"] == {"requests": {"cpu": "1"}}
    assert env(objects)["GENAI_HOST_PORT"] == "9011"
    assert objects["Service", "genai-backend-service-det"]["spec"]["ports"][0]["port"] == 9011


def test_pool_metadata_is_a_yaml_file() -> None:
    metadata = {"default": {"gpu_type": "A100", "max_agents": 2}}
    objects = render_genai({"genai": {**GENAI, **PVC, "extraResourcePoolMetadata": metadata}})
    text = objects["ConfigMap", "genai-resource-pool-metadata-det"]["data"]["resource_pool_metadata.yaml"]
    assert yaml.safe_load(text) == metadata


# Text written bare upstream is retyped as a plain scalar; a letter at either end keeps it text.
stays_text = st.one_of(st.text().map(lambda s: "p" + s), st.text().map(lambda s: s + "p"))


@settings(deadline=None)
@given(text=stays_text)
@example(text="ends in a space \nnext line")
def test_user_text_reaches_the_objects_unchanged(text: str) -> None:
    genai = {
        **GENAI,
        "sharedFSHostPath": text,
        "sharedFSMountPath": text,
        "imagePullSecretName": text,
        "extraResourcePoolMetadata": {text: {text: text}},
    }
    objects = render_genai({"genai": genai, "db": {"user": text}})
    values = env(objects)
    assert values["K8S_SHARED_HOST_PATH"] == values["SHARED_FS_ROOT_PATH"] == values["DB_USER"] == text
    assert pod(objects)["imagePullSecrets"] == [{"name": text}]
    metadata = objects["ConfigMap", "genai-resource-pool-metadata-det"]["data"]["resource_pool_metadata.yaml"]
    assert yaml.safe_load(metadata) == {text: {text: text}}
