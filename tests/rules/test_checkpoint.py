"""Checkpoint storage: type, each type's location, Azure credentials, the server mount."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found

CHECKPOINT_RULES = [
    "checkpoint-type-required",
    "checkpoint-location-required",
    "azure-credentials",
    "checkpoint-mount-ignored",
    "checkpoint-save-count",
]


def test_defaults_and_complete_types_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, CHECKPOINT_RULES) == []
    for storage in (
        "type: s3\n  bucket: ckpts",
        "type: gcs\n  bucket: ckpts",
        "type: directory\n  containerPath: /ckpt",
        "type: shared_fs\n  hostPath: /mnt/ckpt\n  mountToServer: true",
        "type: azure\n  container: c\n  connection_string: x",
        "type: azure\n  container: c\n  account_url: https://a\n  credential: x",
    ):
        assert found(tmp_path, BASE + f"checkpointStorage:\n  {storage}\n", CHECKPOINT_RULES) == [], storage


def test_type_required(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: null\n"
    assert found(tmp_path, text, ["checkpoint-type-required"]) == [(4, 3, "checkpoint-type-required")]
    text = BASE + "checkpointStorage: null\n"
    assert found(tmp_path, text, ["checkpoint-type-required"]) == [(3, 1, "checkpoint-type-required")]


def test_location_required_per_type(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: s3\n"
    assert found(tmp_path, text, ["checkpoint-location-required"]) == [(3, 1, "checkpoint-location-required")]
    text = BASE + "checkpointStorage:\n  type: directory\n"
    assert found(tmp_path, text, ["checkpoint-location-required"]) == [(3, 1, "checkpoint-location-required")]
    text = BASE + "checkpointStorage:\n  hostPath: null\n"
    assert found(tmp_path, text, ["checkpoint-location-required"]) == [(4, 3, "checkpoint-location-required")]
    text = BASE + "checkpointStorage:\n  type: azure\n  connection_string: x\n"
    assert found(tmp_path, text, ["checkpoint-location-required"]) == [(3, 1, "checkpoint-location-required")]


def test_leftover_default_of_another_type_is_not_an_error(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: s3\n  bucket: b\n"
    assert [d for d in diagnostics(tmp_path, text) if d.path[:1] == ("checkpointStorage",)] == []


def test_azure_both_connection_string_and_url(tmp_path: Path) -> None:
    text = BASE + (
        "checkpointStorage:\n  type: azure\n  container: c\n"
        "  connection_string: TopSecretConn\n  account_url: https://a\n"
    )
    assert found(tmp_path, text, ["azure-credentials"]) == [(7, 16, "azure-credentials")]
    assert all("TopSecretConn" not in d.message for d in diagnostics(tmp_path, text))


def test_azure_credential_with_connection_string(tmp_path: Path) -> None:
    text = BASE + (
        "checkpointStorage:\n  type: azure\n  container: c\n"
        "  connection_string: TopSecretConn\n  credential: TopSecretCred\n"
    )
    assert found(tmp_path, text, ["azure-credentials"]) == [(7, 15, "azure-credentials")]
    assert all("TopSecret" not in d.message for d in diagnostics(tmp_path, text))


def test_azure_needs_one_way_in(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: azure\n  container: c\n"
    assert found(tmp_path, text, ["azure-credentials"]) == [(4, 9, "azure-credentials")]


def test_mount_to_server_only_for_shared_fs(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: s3\n  bucket: b\n  mountToServer: true\n"
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule == "checkpoint-mount-ignored"]
    assert finding.severity is Severity.WARNING
    assert found(tmp_path, text, ["checkpoint-mount-ignored"]) == [(6, 18, "checkpoint-mount-ignored")]


def test_negative_save_counts_are_the_master_refusing_experiments(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  saveExperimentBest: 0\n  saveTrialBest: -1\n  saveTrialLatest: -2\n"
    findings = [d for d in diagnostics(tmp_path, text) if d.is_error]
    assert [(d.rule, d.path) for d in findings] == [
        ("checkpoint-save-count", ("checkpointStorage", "saveTrialBest")),
        ("checkpoint-save-count", ("checkpointStorage", "saveTrialLatest")),
    ]
    assert "refuses every experiment that does not set its own" in findings[0].message
    assert found(tmp_path, BASE + "checkpointStorage:\n  saveTrialBest: 0\n", CHECKPOINT_RULES) == []


def test_azure_problems_are_all_reported_at_once(tmp_path: Path) -> None:
    text = BASE + "checkpointStorage:\n  type: azure\n  connection_string: x\n  account_url: https://a\n"
    assert found(tmp_path, text, CHECKPOINT_RULES) == [
        (3, 1, "checkpoint-location-required"),
        (6, 16, "azure-credentials"),
    ]
