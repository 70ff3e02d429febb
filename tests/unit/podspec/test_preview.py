"""Pod preview: which default applies, how the task's spec merges in as the master does it, and the trace."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from chartgen.podspec.preview import (
    MASTER_DEFAULT_POOL,
    Override,
    Pools,
    UnknownPool,
    launch_overrides,
    pools,
    preview_pod,
)


def spec(**pod_spec: Any) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "spec": pod_spec}


GPU_TOP = spec(tolerations=[{"key": "gpu", "operator": "Exists"}])
CPU_TOP = spec(nodeSelector={"kind": "cpu"})
POOL_GPU = spec(
    volumes=[{"name": "secret-volume", "secret": {"secretName": "prod-test-secret"}}],
    containers=[
        {
            "name": "determined-container",
            "volumeMounts": [{"name": "secret-volume", "mountPath": "/etc/secret-volume"}],
        }
    ],
)


def values(**extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "taskContainerDefaults": {"gpuPodSpec": GPU_TOP, "cpuPodSpec": CPU_TOP},
        "resourcePools": [
            {"pool_name": "default"},
            {"pool_name": "prod_pool", "task_container_defaults": {"gpu_pod_spec": POOL_GPU}},
        ],
    }
    base.update(extra)
    return base


def test_a_pools_own_spec_replaces_the_top_level_one() -> None:
    preview = preview_pod(values(), "gpu", "prod_pool")
    assert preview.pod == POOL_GPU
    assert [layer.tag for layer in preview.layers] == ["pool"]
    assert preview.layers[0].path == ("resourcePools", 1, "task_container_defaults", "gpu_pod_spec")
    assert [n.text for n in preview.notes] == [
        "taskContainerDefaults.gpuPodSpec is not used in pool prod_pool: the pool's gpu_pod_spec replaces it"
    ]


def test_a_pool_without_its_own_spec_uses_the_top_level_one() -> None:
    preview = preview_pod(values(), "gpu", "default")
    assert preview.pod == GPU_TOP
    assert preview.trace == "top-level"
    assert preview_pod(values(), "cpu", "prod_pool").pod == CPU_TOP


def test_a_null_pool_spec_falls_back_and_an_empty_one_does_not() -> None:
    # The chart copies pools verbatim: null leaves the master's pointer nil, {} makes an empty Pod.
    given = values()
    given["resourcePools"][1]["task_container_defaults"]["gpu_pod_spec"] = None
    assert preview_pod(given, "gpu", "prod_pool").pod == GPU_TOP
    given["resourcePools"][1]["task_container_defaults"]["gpu_pod_spec"] = {}
    preview = preview_pod(given, "gpu", "prod_pool")
    assert preview.pod == {}
    assert preview.layers[0].tag == "pool"


def test_an_empty_top_level_spec_is_not_written_by_the_chart() -> None:
    given = values(taskContainerDefaults={"gpuPodSpec": {}})
    preview = preview_pod(given, "gpu", "default")
    assert (preview.pod, preview.layers) == ({}, [])
    assert preview.notes[-1].text == "no pod spec applies: Determined starts from an empty Pod"


def test_the_task_spec_merges_by_strategic_merge_patch() -> None:
    task = spec(
        volumes=[{"name": "empty-dir-override", "emptyDir": {"sizeLimit": "100Mi"}}],
        containers=[
            {
                "name": "determined-container",
                "volumeMounts": [{"name": "empty-dir-override", "mountPath": "/etc/secret-volume"}],
            }
        ],
    )
    preview = preview_pod(values(), "gpu", "prod_pool", task=task)
    # Order as ``kubectl patch --local --type strategic`` gives it: the new volume first.
    assert preview.pod["spec"]["volumes"] == [
        {"name": "empty-dir-override", "emptyDir": {"sizeLimit": "100Mi"}},
        {"name": "secret-volume", "secret": {"secretName": "prod-test-secret"}},
    ]
    (container,) = preview.pod["spec"]["containers"]
    assert container["volumeMounts"] == [{"name": "empty-dir-override", "mountPath": "/etc/secret-volume"}]
    assert preview.trace == {
        "apiVersion": "pool",
        "kind": "pool",
        "spec": {
            "volumes": ["task", "pool"],
            "containers": [{"name": "pool", "volumeMounts": [{"name": "task", "mountPath": "pool"}]}],
        },
    }


def test_a_task_spec_without_containers_removes_the_defaults_containers() -> None:
    # Go's Pod type writes spec.containers without omitempty, so the master's patch carries null.
    task = {"metadata": {"labels": {"team": "a"}}, "spec": {"serviceAccountName": "sa"}}
    preview = preview_pod(values(), "gpu", "prod_pool", task=task)
    assert "containers" not in preview.pod["spec"]
    assert preview.pod["spec"]["volumes"] == POOL_GPU["spec"]["volumes"]
    (warning,) = [n for n in preview.notes if n.warn]
    assert warning.layer is not None and warning.layer.in_task
    assert "removes the containers of the default spec: determined-container" in warning.text
    # Without containers beneath it, there is nothing to remove and nothing to say.
    assert not any(n.warn for n in preview_pod(values(), "gpu", "default", task=task).notes)


def test_nulls_in_the_task_delete_nothing_and_names_take_kubernetes_spelling() -> None:
    # The master reads the task's spec into Go types first: a null is just an unset field.
    given = values(taskContainerDefaults={"gpuPodSpec": spec(nodeSelector={"a": "b"}, containers=[])})
    task = {"spec": {"nodeSelector": None, "HostIPC": True, "containers": []}}
    pod = preview_pod(given, "gpu", "default", task=task).pod
    assert pod["spec"] == {"nodeSelector": {"a": "b"}, "containers": [], "hostIPC": True}


def test_a_task_spec_alone_is_used_as_written() -> None:
    task = spec(priorityClassName="high")
    given = values(taskContainerDefaults={})
    preview = preview_pod(given, "gpu", "default", task=task)
    assert preview.pod == task
    assert preview.trace == "task"


def test_checkpoint_gc_spec_goes_onto_the_aux_pools_gpu_spec() -> None:
    gc = spec(containers=[{"name": "determined-container", "resources": {"limits": {"memory": "1Gi"}}}])
    given = values(taskContainerDefaults={"gpuPodSpec": GPU_TOP, "checkpointGcPodSpec": gc})
    task = spec(priorityClassName="ignored")
    preview = preview_pod(given, "checkpoint-gc", "prod_pool", task=task)
    assert preview.pod == {**gc, "spec": {**GPU_TOP["spec"], **gc["spec"]}}
    assert [layer.tag for layer in preview.layers] == ["base top-level", "gc top-level"]
    texts = [n.text for n in preview.notes]
    assert "the task's pod spec is not used: the checkpoint-GC spec takes precedence" in texts
    assert any(t.startswith("checkpoint GC runs in the default auxiliary pool, default") for t in texts)


def test_checkpoint_gc_without_its_spec_uses_the_experiments() -> None:
    aux = {"pool_name": "aux", "task_container_defaults": {"gpu_pod_spec": spec(hostname="aux-gpu")}}
    given = values(defaultAuxResourcePool="aux")
    given["resourcePools"].append(aux)
    task = spec(
        subdomain="exp", containers=[{"name": "determined-container", "env": [{"name": "A", "value": "1"}]}]
    )
    preview = preview_pod(given, "checkpoint-gc", "prod_pool", task=task)
    assert preview.pod["spec"]["hostname"] == "aux-gpu"
    assert preview.pod["spec"]["subdomain"] == "exp"
    assert preview.pod["spec"]["volumes"] == POOL_GPU["spec"]["volumes"]
    assert [layer.tag for layer in preview.layers] == ["base pool", "pool", "task"]
    # A zero-slot experiment started from its pool's CPU spec.
    cpu = preview_pod(given, "checkpoint-gc", "prod_pool", experiment_slots=0)
    assert cpu.pod["spec"] == {"hostname": "aux-gpu", "nodeSelector": {"kind": "cpu"}}


def test_pools_include_the_masters_default_and_additional_managers() -> None:
    assert [p.name for p in pools({"resourcePools": []})] == [MASTER_DEFAULT_POOL]
    given = values(
        additional_resource_managers=[
            {"resource_manager": {}, "resource_pools": [{"pool_name": "far", "task_container_defaults": {}}]}
        ]
    )
    assert [p.name for p in pools(given)] == ["default", "prod_pool", "far"]
    assert Pools(given).find("far").path == ("additional_resource_managers", 0, "resource_pools", 0)
    with pytest.raises(UnknownPool) as caught:
        preview_pod(given, "gpu", "gpu-pool")
    assert caught.value.known == ["default", "prod_pool", "far"]
    assert str(caught.value) == "no resource pool is named 'gpu-pool' (pools: default, prod_pool, far)"


def test_inputs_are_not_mutated() -> None:
    given, task = values(), spec(containers=[{"name": "determined-container", "env": [{"name": "A"}]}])
    before = copy.deepcopy((given, task))
    preview = preview_pod(given, "gpu", "prod_pool", task=task)
    preview.pod["spec"]["containers"][0]["env"].append({"name": "B"})
    assert (given, task) == before


def _override(overrides: list[Override], name: str) -> str:
    (found,) = [o.what for o in overrides if o.field == name]
    return found


def test_launch_overrides_follow_the_values() -> None:
    given = values(resourceManager={"defaultNamespace": "team-a"}, defaultScheduler=" coscheduler ")
    given["resourcePools"][1]["task_container_defaults"]["network_mode"] = "host"
    pool = launch_overrides(given, "gpu", "prod_pool", Pools(given))
    assert _override(pool, "spec.hostNetwork").startswith("true (network mode host, from resourcePools[1]")
    assert "else team-a (resourceManager.defaultNamespace)" in _override(pool, "metadata.namespace")
    assert "coscheduler" in _override(pool, "spec.schedulerName")
    assert _override(pool, "spec.restartPolicy") == "Never"
    assert "nvidia.com/gpu from the slots" in _override(pool, "spec.containers[determined-container]")
    top = launch_overrides(given, "cpu", "default", Pools(given))
    assert _override(top, "spec.hostNetwork").startswith("false (network mode bridge")
    assert "none for slots" in _override(top, "spec.containers[determined-container]")
    gc = launch_overrides(given, "checkpoint-gc", "prod_pool", Pools(given))
    assert _override(gc, "spec.priorityClassName") == "determined-system-priority"
    assert not [o for o in gc if o.field == "spec.schedulerName"]
    rocm_values = values(slotType="rocm")
    rocm = launch_overrides(rocm_values, "gpu", "default", Pools(rocm_values))
    assert "amd.com/gpu" in _override(rocm, "spec.containers[determined-container]")
