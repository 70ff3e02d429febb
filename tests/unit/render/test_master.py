"""The master's objects: master.yaml's content and types, the config checksum, and release differences."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.values.load import load_sources
from chartgen.yamlio import emit, load_yaml

TEMPLATES = ("master-config.yaml", "master-deployment.yaml", "master-service.yaml", "master-route.yaml")
REQUIRED = {"maxSlotsPerPod": 4, "initialUserPassword": "Corpus-Passw0rd"}
CONFIG = ("Secret", "determined-master-config-det")
DEPLOYMENT = ("Deployment", "determined-master-deployment-det")
SERVICE = ("Service", "determined-master-service-det")
ROUTE = ("Route", "determined-master-route-det")


def render_master(values: dict[str, Any], *, release: str = "0.38.1") -> dict[tuple[str, str], Any]:
    """The master's objects for these values (over the required ones), by kind and name."""
    # A values file ends with a line break; without it a final literal block would lose its own.
    source = load_yaml(emit.dump({**REQUIRED, **values}) + "\n", "values.yaml")
    loaded = load_sources([source], app_version=release)
    manifests = render(loaded.values, ReleaseInfo("det", "ns", release), only=TEMPLATES)
    objects = [yaml.safe_load(m.text) for m in manifests]
    return {(o["kind"], o["metadata"]["name"]): o for o in objects}


def master_yaml(values: dict[str, Any], *, release: str = "0.38.1") -> Any:
    return yaml.safe_load(render_master(values, release=release)[CONFIG]["stringData"]["master.yaml"])


def pod(objects: dict[tuple[str, str], Any]) -> Any:
    return objects[DEPLOYMENT]["spec"]["template"]


def checksum(values: dict[str, Any]) -> str:
    digest: str = pod(render_master(values))["metadata"]["annotations"]["checksum/config"]
    return digest


# Checksum: it is what rolls the master on upgrade.


def test_checksum_is_a_sha256_digest_and_stable_for_the_same_values() -> None:
    first = checksum({"clusterName": "east"})
    assert len(first) == 64 and int(first, 16) >= 0
    assert checksum({"clusterName": "east"}) == first


@pytest.mark.parametrize(
    "change",
    [
        {"clusterName": "west"},
        {"checkpointStorage": {"saveTrialBest": 5}},
        {
            "logging": {
                "type": "elastic",
                "host": "es",
                "port": 9200,
                "security": {"tls": {"certificate": "PEM"}},
            }
        },
    ],
)
def test_checksum_follows_every_change_to_the_master_configuration(change: dict[str, Any]) -> None:
    assert checksum({"clusterName": "east", **change}) != checksum({"clusterName": "east"})


def test_checksum_ignores_values_outside_the_configuration() -> None:
    assert checksum({"masterCpuRequest": 7, "masterPort": 9000}) == checksum({})


def test_checksum_covers_the_elastic_certificate_alone() -> None:
    # The certificate file sits beside master.yaml in the Secret; a new certificate must roll the master too.
    def with_cert(cert: str) -> dict[str, Any]:
        return {
            "logging": {
                "type": "elastic",
                "host": "es",
                "port": 9200,
                "security": {"tls": {"certificate": cert}},
            }
        }

    objects = render_master(with_cert("PEM-1"))
    assert objects[CONFIG]["stringData"]["elastic.crt"] == "PEM-1\n"
    assert checksum(with_cert("PEM-1")) != checksum(with_cert("PEM-2"))
    assert master_yaml(with_cert("PEM-1")) == master_yaml(with_cert("PEM-2"))


# Text the user controls comes back exactly, wherever it lands in master.yaml.

awkward_text = st.text(
    st.characters(blacklist_categories=("Cs",)),
    max_size=40,
) | st.sampled_from(
    ['a "quoted": value', "x: y # z", "multi\nline\n", "  lead", "{{ .Values }}", "- item", "é\u2028"]
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(text=awkward_text)
def test_quoted_options_come_back_byte_identical(text: str) -> None:
    # Upstream quotes these, so any string stays that string.
    config = master_yaml(
        {
            "checkpointStorage": {"type": "s3", "bucket": "b", "prefix": text, "accessKey": text},
            "taskContainerDefaults": {"startupHook": text},
            "retentionPolicy": {"schedule": text or "x"},
            "db": {"user": text},
        }
    )
    assert config["checkpoint_storage"]["prefix"] == text
    assert config["checkpoint_storage"]["access_key"] == text
    assert config["db"]["user"] == text
    assert config["retention_policy"]["schedule"] == (text or "x")
    if text:
        assert config["task_container_defaults"]["startup_hook"] == text


# No number, boolean or null starts with "x", or has blanks around it, or spans lines.
not_a_scalar = (
    awkward_text.map(lambda t: "x" + t)
    | awkward_text.map(lambda t: " " + t)
    | awkward_text.map(lambda t: t + "\n")
    | st.sampled_from(['a "quoted": value', "x: y # z", "- item", "{{ .Values }}", "1234 "])
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(text=not_a_scalar)
def test_bare_options_keep_any_text_that_is_not_another_scalar(text: str) -> None:
    # Upstream writes these bare; text that does not read as a number, boolean or null stays text.
    config = master_yaml(
        {"clusterName": text, "resourceManager": {"clusterName": text}, "db": {"hostAddress": text}}
    )
    assert config["cluster_name"] == text
    assert config["resource_manager"]["cluster_name"] == text
    assert config["db"]["host"] == text


@pytest.mark.parametrize(("text", "read"), [("1234", 1234), ("true", True), ("0x1F", 31), ("2.5", 2.5)])
def test_bare_options_read_scalar_text_as_upstream_output_does(text: str, read: Any) -> None:
    # The corpus' set-flags case: --set-string clusterName=1234 gives cluster_name: 1234, a number.
    assert master_yaml({"clusterName": text})["cluster_name"] == read


def test_quote_of_a_missing_value_leaves_the_key_empty() -> None:
    # Upstream's quote prints nothing for null, so unset s3 keys are null rather than "".
    storage = master_yaml({"checkpointStorage": {"type": "s3", "bucket": "b"}})["checkpoint_storage"]
    assert storage["access_key"] is None and storage["prefix"] is None


def test_log_settings_fall_back_as_upstream_defaults_do() -> None:
    # `default` treats false as empty, so logColor: false still renders true.
    assert master_yaml({"logLevel": None, "logColor": False})["log"] == {"level": "info", "color": True}
    assert master_yaml({"logLevel": "debug"})["log"]["level"] == "debug"


# User data blocks are carried whole.


def test_pass_through_blocks_are_carried_as_data() -> None:
    pools = [
        {"pool_name": "default"},
        {"pool_name": "gpu", "task_container_defaults": {"kubernetes": {"x": [1]}}},
    ]
    pod_spec = {
        "spec": {"containers": [{"name": "determined-container", "resources": {"limits": {"cpu": "2"}}}]}
    }
    policies = [{"pattern": ".*OOM.*", "action": {"type": "cancel_retries"}}]
    config = master_yaml(
        {
            "resourcePools": pools,
            "security": {"authz": {"type": "rbac", "fallback": "yes"}},
            "fluent": {"image": "fluent/fluent-bit:1.9.3", "uid": 1000},
            "taskContainerDefaults": {"cpuPodSpec": pod_spec, "logPolicies": policies},
        }
    )
    assert config["resource_pools"] == pools
    assert config["security"]["authz"] == {"type": "rbac", "fallback": "yes"}
    assert config["resource_manager"]["fluent"] == {"image": "fluent/fluent-bit:1.9.3", "uid": 1000}
    assert config["task_container_defaults"]["cpu_pod_spec"] == pod_spec
    assert config["task_container_defaults"]["log_policies"] == policies


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(text=awkward_text | st.just("ends in a space \nnext line"))
def test_text_inside_pass_through_blocks_comes_back_unchanged(text: str) -> None:
    pools = [{"pool_name": "default", "description": text, text: [text]}]
    config = master_yaml({"resourcePools": pools, "security": {"authz": {"type": text}}})
    assert config["resource_pools"] == pools
    assert config["security"]["authz"] == {"type": text}


def test_additional_managers_swap_their_kubeconfig_secret_for_a_mounted_file() -> None:
    managers = [
        {
            "resource_manager": {
                "type": "kubernetes",
                "cluster_name": f"c{i}",
                "kubeconfig_secret_name": f"secret-{i}",
                "kubeconfig_secret_value": "config",
            },
            "resource_pools": [{"pool_name": f"p{i}"}],
        }
        for i in range(2)
    ]
    objects = render_master({"additional_resource_managers": managers})
    config = yaml.safe_load(objects[CONFIG]["stringData"]["master.yaml"])
    assert config["additional_resource_managers"] == [
        {
            "resource_manager": {
                "type": "kubernetes",
                "cluster_name": f"c{i}",
                "kubeconfig_path": f"/mount/determined/secrets/{i}/config",
            },
            "resource_pools": [{"pool_name": f"p{i}"}],
        }
        for i in range(2)
    ]
    spec = pod(objects)["spec"]
    assert spec["volumes"][1:] == [
        {"name": f"additionalrm-kubeconfig{i}", "secret": {"secretName": f"secret-{i}"}} for i in range(2)
    ]
    assert spec["containers"][0]["volumeMounts"][1:] == [
        {
            "name": f"additionalrm-kubeconfig{i}",
            "mountPath": f"/mount/determined/secrets/{i}/",
            "readOnly": True,
        }
        for i in range(2)
    ]


# Releases differ.


def test_preemption_scheduler_is_written_only_by_0_35_0() -> None:
    assert (
        master_yaml({"defaultScheduler": "preemption"}, release="0.35.0")["resource_manager"][
            "default_scheduler"
        ]
        == "preemption"
    )
    assert "default_scheduler" not in master_yaml({"defaultScheduler": "preemption"})["resource_manager"]
    for release in ("0.35.0", "0.38.1"):
        manager = master_yaml({"defaultScheduler": " coscheduler "}, release=release)["resource_manager"]
        assert manager["default_scheduler"] == "coscheduler"


def test_task_images_per_release() -> None:
    # 0.38.1 takes each image on its own and adds ROCm; 0.35.0 takes the pair or neither.
    assert master_yaml({"taskContainerDefaults": {"gpuImage": "my/gpu:1"}})["task_container_defaults"][
        "image"
    ] == {
        "cpu": "determinedai/pytorch-ngc:0.38.1",
        "gpu": "my/gpu:1",
        "rocm": "determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d",
    }
    images = {"cpuImage": "my/cpu:1", "gpuImage": "my/gpu:1"}
    assert master_yaml({"taskContainerDefaults": images}, release="0.35.0")["task_container_defaults"][
        "image"
    ] == {
        "cpu": "my/cpu:1",
        "gpu": "my/gpu:1",
    }
    assert master_yaml({}, release="0.35.0")["task_container_defaults"]["image"] == {
        "cpu": "determinedai/pytorch-ngc:0.35.0",
        "gpu": "determinedai/pytorch-ngc:0.35.0",
    }


def test_master_host_settings_exist_only_in_0_38_1() -> None:
    values = {"determinedMasterHost": "det.internal", "tlsSecret": "det-tls"}
    manager = master_yaml(values)["resource_manager"]
    assert (manager["determined_master_scheme"], manager["determined_master_host"]) == (
        "https",
        "det.internal",
    )
    assert manager["determined_master_port"] == 8080
    assert "determined_master_host" not in master_yaml(values, release="0.35.0")["resource_manager"]


def test_oidc_agent_attributes_and_groups_scope_exist_only_in_0_38_1() -> None:
    oidc = {
        "enabled": True,
        "provider": "Okta",
        "idpRecipientUrl": "https://a",
        "idpSsoUrl": "https://b",
        "clientId": "c",
        "clientSecretName": "s",
        "clientSecretKey": "k",
        "agentUidAttributeName": "uid",
        "excludeGroupsScope": True,
    }
    new = master_yaml({"enterpriseEdition": True, "oidc": oidc})["oidc"]
    old = master_yaml({"enterpriseEdition": True, "oidc": oidc}, release="0.35.0")["oidc"]
    assert (new["agent_uid_attribute_name"], new["exclude_groups_scope"]) == ("uid", True)
    assert "agent_uid_attribute_name" not in old and "exclude_groups_scope" not in old


def test_master_service_annotations_exist_only_in_0_38_1() -> None:
    values = {"masterService": {"annotations": {"team": "ml"}}}
    assert render_master(values)[SERVICE]["metadata"]["annotations"] == {"team": "ml"}
    assert "annotations" not in render_master(values, release="0.35.0")[SERVICE]["metadata"]


# Service and route.


@pytest.mark.parametrize(
    ("values", "kind"),
    [
        ({}, "LoadBalancer"),
        ({"useNodePortForMaster": True}, "NodePort"),
        (
            {"useNodePortForMaster": True, "openshiftRoute": {"enabled": True, "termination": "edge"}},
            "ClusterIP",
        ),
    ],
)
def test_service_type(values: dict[str, Any], kind: str) -> None:
    objects = render_master(values)
    assert objects[SERVICE]["spec"]["type"] == kind
    assert (ROUTE in objects) == (kind == "ClusterIP")
