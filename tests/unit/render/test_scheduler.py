"""The gang scheduler Determined deploys into kube-system: which releases offer which scheduler."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.values.load import load_sources
from chartgen.yamlio import emit, load_yaml

TEMPLATES = ("scheduler-config.yaml", "scheduler-deployment.yaml", "scheduler-permissions.yaml")
REQUIRED = {"maxSlotsPerPod": 4, "initialUserPassword": "Corpus-Passw0rd"}


def render_scheduler(values: dict[str, Any], *, release: str = "0.38.1") -> dict[tuple[str, str], Any]:
    """The scheduler objects for these values, by kind and name."""
    source = load_yaml(emit.dump({**REQUIRED, **values}) + "\n", "values.yaml")
    loaded = load_sources([source], app_version=release)
    manifests = render(loaded.values, ReleaseInfo("det", "ns", release), only=TEMPLATES)
    objects = [yaml.safe_load(m.text) for m in manifests]
    return {(o["kind"], o["metadata"]["name"]): o for o in objects}


def objects_named(name: str) -> set[tuple[str, str]]:
    return {
        ("ServiceAccount", name),
        ("ConfigMap", "scheduler-config"),
        ("ClusterRole", f"{name}-pod-permissions"),
        ("ClusterRoleBinding", f"{name}-as-kube-scheduler"),
        ("ClusterRoleBinding", f"{name}-as-volume-scheduler"),
        ("RoleBinding", f"{name}-pod-role"),
        ("RoleBinding", f"{name}-extention-apiserver"),
        ("Deployment", name),
    }


def profile(objects: dict[tuple[str, str], Any]) -> Any:
    config = yaml.safe_load(objects["ConfigMap", "scheduler-config"]["data"]["config.yaml"])
    assert config["apiVersion"] == "kubescheduler.config.k8s.io/v1alpha2"
    [only] = config["profiles"]
    return only


@pytest.mark.parametrize("release", ["0.35.0", "0.38.1"])
@pytest.mark.parametrize("scheduler", [None, "", "default", "volcano"])
def test_no_objects_for_other_schedulers(release: str, scheduler: Any) -> None:
    assert render_scheduler({"defaultScheduler": scheduler}, release=release) == {}


@pytest.mark.parametrize("release", ["0.35.0", "0.38.1"])
def test_coscheduler(release: str) -> None:
    objects = render_scheduler({"defaultScheduler": " coscheduler "}, release=release)
    assert set(objects) == objects_named("coscheduler")
    assert profile(objects)["schedulerName"] == "coscheduler"
    assert "preFilter" not in profile(objects)["plugins"]
    container = objects["Deployment", "coscheduler"]["spec"]["template"]["spec"]["containers"][0]
    assert container["image"] == "k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.18.9"
    assert container["resources"] == {"requests": {"cpu": "0.1"}}
    assert objects["Deployment", "coscheduler"]["metadata"]["labels"]["release"] == "coscheduler-det"
    # Upstream gives this one binding no namespace.
    assert "namespace" not in objects["RoleBinding", "coscheduler-pod-role"]["metadata"]


def test_preemption_until_0_36() -> None:
    objects = render_scheduler({"defaultScheduler": "preemption"}, release="0.35.0")
    assert set(objects) == objects_named("preemption")
    assert profile(objects)["plugins"]["preFilter"] == {"enabled": [{"name": "Coscheduling"}]}
    container = objects["Deployment", "preemption"]["spec"]["template"]["spec"]["containers"][0]
    assert container["image"] == "determinedai/kube-scheduler:0.17.0"
    assert "--scheduler-name=coscheduler" in container["command"]
    assert render_scheduler({"defaultScheduler": "preemption"}, release="0.38.1") == {}


def test_scheduler_image_is_configurable() -> None:
    objects = render_scheduler(
        {"defaultScheduler": "coscheduler", "defaultImages": {"kubeScheduler": "my/sched:1"}}
    )
    assert (
        objects["Deployment", "coscheduler"]["spec"]["template"]["spec"]["containers"][0]["image"]
        == "my/sched:1"
    )
