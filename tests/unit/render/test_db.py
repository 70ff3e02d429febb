"""The bundled database's objects: when they exist, what they are named, and how values are typed."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.values.load import load_sources
from chartgen.yamlio import emit, load_yaml

TEMPLATES = (
    "db-deployment.yaml",
    "db-persistent-volume-claim.yaml",
    "db-service.yaml",
    "db-volume-snapshot-class.yaml",
    "db-volume-snapshot.yaml",
)
REQUIRED = {"maxSlotsPerPod": 4, "initialUserPassword": "Corpus-Passw0rd"}


def render_db(
    values: dict[str, Any], *, release: str = "0.38.1", upgrade: bool = False
) -> dict[tuple[str, str], Any]:
    """The database objects for these values, by kind and name."""
    source = load_yaml(emit.dump({**REQUIRED, **values}) + "\n", "values.yaml")
    loaded = load_sources([source], app_version=release)
    manifests = render(loaded.values, ReleaseInfo("det", "ns", release, upgrade), only=TEMPLATES)
    objects = [yaml.safe_load(m.text) for m in manifests]
    return {(o["kind"], o["metadata"]["name"]): o for o in objects}


def container(objects: dict[tuple[str, str], Any]) -> Any:
    return objects["Deployment", "determined-db-deployment-det"]["spec"]["template"]["spec"]["containers"][0]


def test_default_install_has_deployment_claim_and_service() -> None:
    objects = render_db({})
    assert set(objects) == {
        ("Deployment", "determined-db-deployment-det"),
        ("PersistentVolumeClaim", "determined-db-pvc-det"),
        ("Service", "determined-db-service-det"),
    }
    claim = objects["PersistentVolumeClaim", "determined-db-pvc-det"]
    assert claim["spec"] == {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "30Gi"}}}


def test_quoted_values_are_strings_and_bare_values_keep_their_type() -> None:
    # Upstream quotes PGPORT and the resource quantities but writes the Service port bare.
    objects = render_db({"db": {"port": 15432, "cpuRequest": 2}})
    env = {e["name"]: e["value"] for e in container(objects)["env"]}
    assert env["PGPORT"] == "15432"
    assert container(objects)["resources"] == {"requests": {"cpu": "2", "memory": "8Gi"}}
    assert objects["Service", "determined-db-service-det"]["spec"]["ports"] == [
        {"port": 15432, "protocol": "TCP"}
    ]


def test_bare_text_is_typed_as_upstream_output_reads_it() -> None:
    objects = render_db({"db": {"port": "5433", "storageSize": "10"}})
    assert objects["Service", "determined-db-service-det"]["spec"]["ports"][0]["port"] == 5433
    claim = objects["PersistentVolumeClaim", "determined-db-pvc-det"]
    assert claim["spec"]["resources"]["requests"]["storage"] == 10


@pytest.mark.parametrize(
    ("db", "resources"),
    [
        ({"cpuRequest": None, "memRequest": None}, {}),
        ({"cpuRequest": None, "memRequest": None, "memLimit": "1Gi"}, {"limits": {"memory": "1Gi"}}),
        ({"cpuLimit": 0.5}, {"requests": {"cpu": "2", "memory": "8Gi"}, "limits": {"cpu": "0.5"}}),
    ],
)
def test_resources_hold_only_what_is_set(db: dict[str, Any], resources: dict[str, Any]) -> None:
    assert container(render_db({"db": db}))["resources"] == resources


def test_external_database_renders_nothing() -> None:
    assert render_db({"db": {"hostAddress": "db.example.com"}}) == {}


def test_disable_pvc_drops_the_claim_and_its_volume() -> None:
    objects = render_db({"db": {"disablePVC": True}})
    assert ("PersistentVolumeClaim", "determined-db-pvc-det") not in objects
    pod = objects["Deployment", "determined-db-deployment-det"]["spec"]["template"]["spec"]
    assert "volumes" not in pod
    assert "volumeMounts" not in pod["containers"][0]


def test_node_port_and_storage_class() -> None:
    objects = render_db({"db": {"useNodePortForDB": True, "storageClassName": "fast"}})
    assert objects["Service", "determined-db-service-det"]["spec"]["type"] == "NodePort"
    assert objects["PersistentVolumeClaim", "determined-db-pvc-det"]["spec"]["storageClassName"] == "fast"


def claim_name(objects: dict[tuple[str, str], Any]) -> str:
    pod = objects["Deployment", "determined-db-deployment-det"]["spec"]["template"]["spec"]
    name: str = pod["volumes"][0]["persistentVolumeClaim"]["claimName"]
    return name


def test_claim_suffix_names_the_claim_from_0_38_only() -> None:
    assert claim_name(render_db({"db": {"claimSuffix": "legacy"}})) == "determined-db-pvc-legacy"
    assert (
        claim_name(render_db({"db": {"claimSuffix": "legacy"}}, release="0.35.0")) == "determined-db-pvc-det"
    )


def test_restore_makes_a_claim_from_the_snapshot_on_upgrade_only() -> None:
    values = {"db": {"restoreSnapshotSuffix": "nightly"}}
    restored = render_db(values, upgrade=True)["PersistentVolumeClaim", "determined-db-pvc-nightly"]
    assert restored["spec"]["dataSource"] == {
        "name": "determined-db-snapshot-nightly",
        "kind": "VolumeSnapshot",
        "apiGroup": "snapshot.storage.k8s.io",
    }
    assert ("PersistentVolumeClaim", "determined-db-pvc-det") in render_db(values)
    assert ("PersistentVolumeClaim", "determined-db-pvc-det") in render_db(
        values, release="0.35.0", upgrade=True
    )


def test_snapshot_on_upgrade_in_namespace_default() -> None:
    values = {"db": {"snapshotSuffix": "nightly", "claimSuffix": "legacy"}}
    objects = render_db(values, upgrade=True)
    snapshot = objects["VolumeSnapshot", "determined-db-snapshot-nightly"]
    assert snapshot["metadata"]["namespace"] == "default"
    assert snapshot["spec"] == {
        "volumeSnapshotClassName": "determined-db-snapshot-class",
        "source": {"persistentVolumeClaimName": "determined-db-pvc-legacy"},
    }
    assert objects["VolumeSnapshotClass", "determined-db-snapshot-class"]["driver"] == "pd.csi.storage.gke.io"
    assert not {kind for kind, _ in render_db(values)} & {"VolumeSnapshot", "VolumeSnapshotClass"}
    assert not {kind for kind, _ in render_db(values, release="0.35.0", upgrade=True)} & {
        "VolumeSnapshot",
        "VolumeSnapshotClass",
    }


@settings(deadline=None)
@given(text=st.text(min_size=1))
def test_user_text_reaches_the_objects_unchanged(text: str) -> None:
    values = {"db": {"claimSuffix": text, "snapshotSuffix": text, "user": text, "password": text}}
    objects = render_db(values, upgrade=True)
    assert claim_name(objects) == "determined-db-pvc-" + text
    assert ("VolumeSnapshot", "determined-db-snapshot-" + text) in objects
    env = {e["name"]: e["value"] for e in container(objects)["env"]}
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"]) == (text, text)
