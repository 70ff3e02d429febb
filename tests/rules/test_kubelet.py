"""invalid-image-name: images the kubelet cannot parse, in the chart's objects, the task pods and
the task images, located at the value that causes them (``chartgen/validation/rules/kubelet.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.validation.rules.kubelet import task_images
from chartgen.values.load import SetFlags

from .rulecheck import BASE, found, messages

RULE = "invalid-image-name"


def test_published_images_pass(tmp_path: Path) -> None:
    text = BASE + (
        "detVersion: 0.38.1\n"
        "imageRegistry: registry.example.com:5000/determinedai\n"
        "defaultImages: {postgreSQL: 'postgres:14.9'}\n"
        "taskContainerDefaults: {cpuImage: 'my/cpu:1', gpuImage: 'localhost/gpu'}\n"
    )
    assert found(tmp_path, text, [RULE, "det-version"]) == []
    pinned = BASE + "detVersion: 0.38.1@sha256:" + "a" * 64 + "\n"
    assert found(tmp_path, pinned, [RULE]) == []


def test_a_tag_no_reference_holds_is_an_error_at_det_version(tmp_path: Path) -> None:
    text = BASE + 'detVersion: "0.38 beta"\n'
    # det-version's warning (no such published tag) gives way to the error.
    assert found(tmp_path, text, [RULE, "det-version"]) == [(3, 13, RULE)]
    (message,) = messages(tmp_path, text, RULE)
    assert message == (
        "Deployment determined-master-deployment-determined: the kubelet refuses to pull image "
        '"determinedai/determined-master:0.38 beta" (invalid reference format; InvalidImageName), '
        "so container determined-master-determined never starts and the pod stays Pending"
    )


def test_the_value_at_fault_among_those_built_into_the_image(tmp_path: Path) -> None:
    bad_registry = BASE + "imageRegistry: Registry\n"
    assert found(tmp_path, bad_registry, [RULE]) == [(3, 16, RULE)]
    (message,) = messages(tmp_path, bad_registry, RULE)
    assert "(invalid reference format: repository name must be lowercase; InvalidImageName)" in message
    both = BASE + "imageRegistry: Registry\ndetVersion: 'a b'\n"
    assert found(tmp_path, both, [RULE]) == [(3, 16, RULE), (4, 13, RULE)]


def test_default_images_and_genai(tmp_path: Path) -> None:
    db = BASE + "defaultImages: {postgreSQL: 'Postgres:14'}\n"
    assert found(tmp_path, db, [RULE]) == [(3, 29, RULE)]
    genai = BASE + (
        "genai:\n  version: 0.4 x\n  port: 9011\n  messageQueuePort: 6379\n  sharedPVCName: team-share\n"
        "  extraResourcePoolMetadata: {default: {gpu_type: A100}}\n"
    )
    (message,) = messages(tmp_path, genai, RULE)
    assert message.startswith("Deployment genai-deployment-determined: the kubelet refuses to pull image")
    assert found(tmp_path, genai, [RULE]) == [(4, 12, RULE)]


def test_task_images_by_device(tmp_path: Path) -> None:
    cpu = BASE + "taskContainerDefaults: {cpuImage: 'x y', gpuImage: ok}\n"
    assert found(tmp_path, cpu, [RULE]) == [(3, 35, RULE)]
    (message,) = messages(tmp_path, cpu, RULE)
    assert message == (
        'the CPU task image of pool default: the kubelet refuses to pull image "x y" '
        "(invalid reference format; InvalidImageName), so the pods of the tasks that use it stay Pending"
    )
    # The ROCm image is used only on ROCm slots.
    rocm = BASE + "defaultImages: {rocmImage: 'r r'}\n"
    assert found(tmp_path, rocm, [RULE]) == []
    assert found(tmp_path, rocm + "slotType: rocm\nslotResourceRequests: {cpu: 1}\n", [RULE]) == [
        (3, 28, RULE)
    ]


def test_a_pools_image_replaces_the_top_level_one(tmp_path: Path) -> None:
    text = BASE + (
        "taskContainerDefaults: {gpuImage: 'G G', cpuImage: ok}\n"
        "resourcePools:\n"
        "- pool_name: default\n"
        "  task_container_defaults:\n"
        "    image: {gpu: fine, cpu: 'C C'}\n"
    )
    assert found(tmp_path, text, [RULE]) == [(7, 29, RULE)]
    (message,) = messages(tmp_path, text, RULE)
    assert message.startswith('the CPU task image of pool default: the kubelet refuses to pull image "C C"')


def test_pod_spec_containers_but_not_the_task_container(tmp_path: Path) -> None:
    text = BASE + (
        "taskContainerDefaults:\n"
        "  gpuPodSpec:\n"
        "    apiVersion: v1\n"
        "    kind: Pod\n"
        "    spec:\n"
        "      containers:\n"
        "      - {name: sidecar, image: 'Side:1'}\n"
    )
    assert found(tmp_path, text, [RULE]) == [(9, 32, RULE)]
    (message,) = messages(tmp_path, text, RULE)
    assert message.endswith("so container sidecar never starts and the task's pod stays Pending")
    # Blanks around a task pod's image are the API server's refusal (api-task-pod), not this one.
    padded = text.replace("'Side:1'", "' side:1'")
    assert found(tmp_path, padded, [RULE, "api-task-pod"]) == [(9, 32, "api-task-pod")]


def test_blanks_around_the_chart_s_image_refuse_its_pods(tmp_path: Path) -> None:
    text = BASE + "defaultImages: {postgreSQL: ' postgres:14'}\n"
    (message,) = messages(tmp_path, text, RULE)
    assert message == (
        "Deployment determined-db-deployment-determined: the API server refuses every pod made from it: "
        'image " postgres:14" must not have leading or trailing whitespace'
    )


def test_set_flags_are_located(tmp_path: Path) -> None:
    flags = SetFlags(set=["detVersion=a b"])
    assert found(tmp_path, BASE, [RULE], flags=flags) == [(1, 12, RULE)]


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({}, []),
        (
            {"resource_manager": {"type": "kubernetes"}, "task_container_defaults": {"image": "i"}},
            [("default", "cpu", "i"), ("default", "cuda", "i")],
        ),
        (
            {
                "resource_manager": {"type": "kubernetes", "slot_type": "cpu"},
                "task_container_defaults": {"image": {"cpu": "c", "gpu": "g"}},
            },
            [("default", "cpu", "c")],
        ),
        (
            {
                "resource_manager": {"type": "kubernetes", "slot_type": "gpu"},
                "resource_pools": [
                    {"pool_name": "a", "task_container_defaults": {"image": {"cuda": "", "gpu": "p"}}},
                    {"pool_name": "b", "task_container_defaults": {"image": {"cpu": ""}}},
                ],
                "additional_resource_managers": [
                    {"resource_manager": {"type": "kubernetes", "slot_type": "rocm"}, "resource_pools": []}
                ],
                "task_container_defaults": {"image": {"cpu": "c", "cuda": "g", "rocm": "r"}},
            },
            [
                ("a", "cpu", "c"),
                ("a", "cuda", "p"),
                ("b", "cpu", "c"),
                ("b", "cuda", "g"),
                ("default", "cpu", "c"),
                ("default", "rocm", "r"),
            ],
        ),
    ],
)
def test_task_images_follow_the_masters_choice(settings: dict[str, object], expected: list[object]) -> None:
    assert list(task_images(settings)) == expected
