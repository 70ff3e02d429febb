"""Slots: positive slots per pod, CPU slot requests, requests ignored with GPU slots."""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found, messages

PASSWORD = "initialUserPassword: Corpus-Passw0rd\n"
SLOT_RULES = [
    "max-slots-per-pod-positive",
    "slot-resource-requests",
    "slot-resource-requests-ignored",
]


def test_positive_slots_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, SLOT_RULES) == []


def test_zero_and_negative_slots(tmp_path: Path) -> None:
    for value in ("0", "-2"):
        text = f"{PASSWORD}maxSlotsPerPod: {value}\n"
        assert found(tmp_path, text, SLOT_RULES) == [(2, 17, "max-slots-per-pod-positive")], value
        on_the_value = [d.rule for d in diagnostics(tmp_path, text) if d.path == ("maxSlotsPerPod",)]
        assert on_the_value == ["max-slots-per-pod-positive"], "one finding per problem"


@pytest.mark.parametrize(
    ("value", "shown"),
    [("'-1'", "not -1:"), ("' -1'", "not ` -1`, which the master reads as -1:"), ("'-1 #c'", "-1 #c"),
     ("'0'", "not 0:"), ("'-0x1'", "which the master reads as -1"), ("-1.0", "not -1:")],
)  # fmt: skip
def test_text_is_judged_as_the_number_the_master_reads(tmp_path: Path, value: str, shown: str) -> None:
    """The chart writes maxSlotsPerPod bare into master.yaml: ``--set-string maxSlotsPerPod=-1``
    is the -1 the master stops on (a case the consumers' oracles found lint passing)."""
    text = f"{PASSWORD}maxSlotsPerPod: {value}\n"
    assert found(tmp_path, text, SLOT_RULES) == [(2, 17, "max-slots-per-pod-positive")], value
    (message,) = messages(tmp_path, text, "max-slots-per-pod-positive")
    assert shown in message


def test_text_the_master_reads_as_a_positive_number_passes(tmp_path: Path) -> None:
    assert found(tmp_path, f"{PASSWORD}maxSlotsPerPod: ' 4'\n", SLOT_RULES) == []


def test_cpu_slots_with_requests_pass(tmp_path: Path) -> None:
    for cpu in ("7", "7.5", "'7.5'"):
        text = BASE + f"slotType: cpu\nslotResourceRequests:\n  cpu: {cpu}\n"
        assert found(tmp_path, text, SLOT_RULES) == [], cpu


def test_cpu_slots_need_requests(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "slotType: cpu\n", SLOT_RULES) == [(3, 11, "slot-resource-requests")]
    text = BASE + "slotType: cpu\nslotResourceRequests: 7\n"
    # Not a map at all: the type error is the one finding (one mistake, one finding).
    assert found(tmp_path, text, [*SLOT_RULES, "wrong-type"]) == [(4, 23, "wrong-type")]
    text = BASE + "slotType: cpu\nslotResourceRequests:\n  memory: 1Gi\n"
    assert found(tmp_path, text, SLOT_RULES) == [(4, 1, "slot-resource-requests")]
    text = BASE + "slotType: cpu\nslotResourceRequests:\n  cpu: null\n  memory: 1Gi\n"
    assert found(tmp_path, text, SLOT_RULES) == [(5, 3, "slot-resource-requests")]


def test_rocm_slots_need_the_requests_map(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "slotType: rocm\n", SLOT_RULES) == [(3, 11, "slot-resource-requests")]
    assert found(tmp_path, BASE + "slotType: rocm\nslotResourceRequests: {}\n", SLOT_RULES) == []


def test_requests_with_gpu_slots_are_ignored(tmp_path: Path) -> None:
    text = BASE + "slotResourceRequests:\n  cpu: 7\n"
    assert found(tmp_path, text, SLOT_RULES) == [(3, 1, "slot-resource-requests-ignored")]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule in SLOT_RULES]
    assert finding.severity is Severity.WARNING
