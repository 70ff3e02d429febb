"""The chart's unconditional requirements: maxSlotsPerPod, the initial password, masterPort, task images."""

from __future__ import annotations

from pathlib import Path

import pytest

from .rulecheck import BASE, found, messages

PASSWORD = "Corpus-Passw0rd"


def test_max_slots_set_passes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, ["max-slots-per-pod-required"]) == []


def test_max_slots_null_points_at_the_key(tmp_path: Path) -> None:
    text = f"maxSlotsPerPod: null\ninitialUserPassword: {PASSWORD}\n"
    assert found(tmp_path, text, ["max-slots-per-pod-required"]) == [(1, 1, "max-slots-per-pod-required")]


def test_max_slots_never_written_points_at_the_file(tmp_path: Path) -> None:
    text = f"initialUserPassword: {PASSWORD}\n"
    assert found(tmp_path, text, ["max-slots-per-pod-required"]) == [(1, 1, "max-slots-per-pod-required")]


def test_password_required(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, ["initial-password-required"]) == []
    text = "maxSlotsPerPod: 4\ninitialUserPassword: ''\n"
    assert found(tmp_path, text, ["initial-password-required"]) == [(2, 1, "initial-password-required")]


def test_deprecated_default_password_satisfies_the_requirement(tmp_path: Path) -> None:
    text = f"maxSlotsPerPod: 4\ninitialUserPassword: null\ndefaultPassword: {PASSWORD}\n"
    assert found(tmp_path, text, ["initial-password-required", "initial-password-strength"]) == []


def test_password_strength(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, ["initial-password-strength"]) == []
    text = "maxSlotsPerPod: 4\ninitialUserPassword: lowercase123\n"
    assert found(tmp_path, text, ["initial-password-strength"]) == [(2, 22, "initial-password-strength")]
    (message,) = messages(tmp_path, text, "initial-password-strength")
    assert "no an upper-case letter" not in message
    assert "upper-case" in message
    assert "lowercase123" not in message


def test_short_password_names_every_missing_class(tmp_path: Path) -> None:
    text = "maxSlotsPerPod: 4\ninitialUserPassword: ab\n"
    (message,) = messages(tmp_path, text, "initial-password-strength")
    assert "fewer than 8 characters" in message
    assert "no upper-case letter" in message
    assert "no digit" in message
    assert "no lower-case letter" not in message


def test_password_length_counts_bytes_as_the_chart_does(tmp_path: Path) -> None:
    # 7 characters but 9 bytes in UTF-8: Go's len, which the chart uses, says 9.
    text = "maxSlotsPerPod: 4\ninitialUserPassword: Ää1aBcd\n"
    assert found(tmp_path, text, ["initial-password-strength"]) == []


def test_weak_default_password_is_checked_where_it_is_written(tmp_path: Path) -> None:
    text = "maxSlotsPerPod: 4\ndefaultPassword: Short1\n"
    assert found(tmp_path, text, ["initial-password-strength"]) == [(2, 18, "initial-password-strength")]
    (message,) = messages(tmp_path, text, "initial-password-strength")
    assert message.startswith("defaultPassword (used as initialUserPassword)")


def test_master_port_required(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "masterPort: 8443\n", ["master-port-required"]) == []
    text = BASE + "masterPort: null\n"
    assert found(tmp_path, text, ["master-port-required"]) == [(3, 1, "master-port-required")]


def test_task_images_paired_in_0_35_0(tmp_path: Path) -> None:
    pair = BASE + "taskContainerDefaults:\n  cpuImage: my/cpu:1\n  gpuImage: my/gpu:1\n"
    assert found(tmp_path, pair, ["task-images-paired"], release="0.35.0") == []
    alone = BASE + "taskContainerDefaults:\n  cpuImage: my/cpu:1\n"
    assert found(tmp_path, alone, ["task-images-paired"], release="0.35.0") == [(3, 1, "task-images-paired")]
    empty = BASE + "taskContainerDefaults:\n  cpuImage: ''\n  gpuImage: my/gpu:1\n"
    assert found(tmp_path, empty, ["task-images-paired"], release="0.35.0") == [(4, 3, "task-images-paired")]


def test_task_images_alone_are_fine_from_0_38_1(tmp_path: Path) -> None:
    alone = BASE + "taskContainerDefaults:\n  cpuImage: my/cpu:1\n"
    assert found(tmp_path, alone, ["task-images-paired"], release="0.38.1") == []


@pytest.mark.parametrize("section", ["resourceManager", "defaultImages"])
def test_a_section_the_chart_reads_unguarded_must_not_be_deleted(tmp_path: Path, section: str) -> None:
    # helm 3.17: "nil pointer evaluating interface {}.defaultNamespace" (or .cpuImage).
    assert found(tmp_path, BASE + f"{section}: {{}}\n", ["section-required"]) == []
    text = BASE + f"{section}: null\n"
    assert found(tmp_path, text, ["section-required"]) == [(3, 1, "section-required")]
    assert "Helm refuses to render (nil pointer" in messages(tmp_path, text, "section-required")[0]


def test_a_placeholder_password_is_one_finding_not_also_weak_or_deprecated(tmp_path: Path) -> None:
    rules = ["initial-password-strength", "placeholder", "default-password-deprecated"]
    for text in ("maxSlotsPerPod: 4\n", "maxSlotsPerPod: 4\ninitialUserPassword: Str0ng-Passw0rd\n"):
        line = text.count("\n") + 1
        assert found(tmp_path, text + "defaultPassword: <myPassword>\n", rules) == [(line, 18, "placeholder")]
        # Filled in, the deprecated name is the one thing left to say.
        assert found(tmp_path, text + "defaultPassword: Legacy-Passw0rd\n", rules) == [
            (line, 1, "default-password-deprecated")
        ]
