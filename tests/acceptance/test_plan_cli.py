"""``chartgen plan`` end to end: the seed examples, exit codes, values inventories, usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chartgen.cli import main
from tests.support.cli import run_cli


def plan(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["plan", *args])
    out, err = capsys.readouterr()
    return code, out, err


def plan_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = plan(capsys, *args, "--format", "json")
    assert not err
    document: dict[str, Any] = json.loads(out)
    return code, document


def test_four_and_eight_gpu_nodes_get_four_slots_per_pod(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = plan_json(capsys, "--nodes", "4,8", "--jobs", "8")
    assert code == 0
    assert out["maxSlotsPerPod"] == 4
    assert out["jobs"] == [{"slots": 8, "pods": 2, "schedulable": True, "reason": None}]
    assert "slotResourceRequests" not in out


def test_sixteen_core_nodes_with_fifteen_allocatable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = plan_json(capsys, "--cpu-allocatable", "15x3")
    assert code == 0
    assert (out["slotResourceRequests"], out["maxSlotsPerPod"]) == ({"cpu": 15}, 1)


def test_thirty_two_and_sixty_four_core_nodes_with_fifteen_cpus_per_slot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = plan_json(capsys, "--cpu-allocatable", "31x2,63x2", "--slot-cpu", "15")
    assert code == 0
    assert (out["slotResourceRequests"], out["maxSlotsPerPod"]) == ({"cpu": 15}, 2)


def test_sixteen_slots_on_three_four_gpu_nodes_never_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = plan(capsys, "--nodes", "4x3", "--jobs", "16")
    assert code == 1
    assert "job 1: 16 slots: not schedulable: 16 slots need 4 pods of 4 GPUs, but the cluster holds" in out


def test_two_twelve_slot_jobs_on_twelve_gpus(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = plan_json(capsys, "--nodes", "4x3", "--jobs", "12,12")
    assert code == 1
    assert out["deadlockPossible"] is True
    held = sorted(job["placedPods"] for job in out["example"]["jobs"])
    assert held == [1, 2]
    assert len(out["example"]["placements"]) == 3

    code, out = plan_json(capsys, "--nodes", "4x3", "--jobs", "12x2", "--scheduler", "coscheduler")
    assert code == 0
    assert (out["deadlockPossible"], out["example"]) == (False, None)
    assert "coscheduler" in out["deadlockReason"]


def test_text_output_shows_the_stuck_placement(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = plan(capsys, "--nodes", "4x3", "--jobs", "12,12")
    assert (code, err) == (1, "")
    assert "deadlock: possible without gang scheduling" in out
    assert "    node-3: 1 pod of job 2\n" in out
    assert "defaultScheduler: coscheduler" in out


def test_no_jobs_only_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = plan(capsys, "--nodes", "8,8,4")
    assert code == 0
    assert out.startswith("cluster: 3 nodes, 20 GPUs (1 × 4 GPUs, 2 × 8 GPUs)\nmaxSlotsPerPod: 4 (")


def test_values_inventory_and_settings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "maxSlotsPerPod: 4\n"
        "defaultScheduler: coscheduler\n"
        "resourcePools:\n"
        "  - pool_name: default\n"
        "  - pool_name: big\n"
        "    task_container_defaults:\n"
        "      kubernetes:\n"
        "        max_slots_per_pod: 8\n"
        "cluster:\n"
        "  nodes:\n"
        "    - {name: a100, count: 2, gpus: 8, allocatableCpu: 95500m, pool: big}\n"
        "    - {name: t4, count: 3, gpus: 4, allocatableCpu: '31', pool: default}\n"
    )
    code, _, err = plan(capsys, "-f", str(values))
    assert code == 2 and "choose one with pool" in err

    code, out = plan_json(capsys, "-f", str(values), "--pool", "default", "--jobs", "12,12")
    assert (out["maxSlotsPerPod"], out["scheduler"], out["deadlockPossible"], code) == (
        4,
        "coscheduler",
        False,
        0,
    )

    code, out = plan_json(
        capsys, "-f", str(values), "--pool", "big", "--jobs", "16,16", "--scheduler", "default"
    )
    assert out["maxSlotsPerPod"] == 8
    assert [job["pods"] for job in out["jobs"]] == [2, 2]
    assert (out["deadlockPossible"], code) == (True, 1)


def test_bad_values_are_located_findings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "slotType: cpu\nslotResourceRequests:\n  cpu: 16\ncluster:\n  nodes:\n    - {name: c, count: 4, gpus: 0, allocatableCpu: 15}\n"
    )
    code, out, err = plan(capsys, "-f", str(values))
    assert (code, out) == (1, "")
    assert err == (
        f"{values}:3:8: error[plan-inventory] slotResourceRequests.cpu: a slot of 16 CPUs fits no node: "
        "the largest allocatable CPU count is 15\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--nodes", "4,x"], "nodes '4,x': 'x' is not a number of GPUs; write e.g. 4,4,8 or 4x3"),
        (["--nodes", "4", "--jobs", "8,-1"], "jobs '8,-1': '-1' is not a positive number of slots"),
        (["--cpu-allocatable", "7.91,15.5", "--slot-cpu", "16"], "the largest allocatable CPU count is 15.5"),
        (["--nodes", "4", "--slot-cpu", "2"], "slot_cpu sizes CPU slots"),
        (["--jobs", "8"], "plan needs a cluster"),
        (["--nodes", "4", "--cpu-allocatable", "4"], "not both"),
    ],
)
def test_usage_errors_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = plan(capsys, *args)
    assert (code, out) == (2, "")
    assert message in err


def test_the_real_entry_point_reports_bad_nodes_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "chartgen", "plan", "--nodes", "4;8"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == "chartgen: error: nodes '4;8': '4;8' is not a positive number of GPUs; write e.g. 4,4,8 or 4x3\n"
    )


def test_the_only_pool_named_is_the_one_planned(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "maxSlotsPerPod: 8\n"
        "resourcePools:\n"
        "  - pool_name: gpu\n"
        "    task_container_defaults: {kubernetes: {max_slots_per_pod: 4}}\n"
        "cluster:\n"
        "  nodes:\n"
        "    - {name: a, count: 2, gpus: 8, pool: gpu}\n"
        "    - {name: b, gpus: 4}\n"
    )
    code, out, _ = plan(capsys, "-f", str(values), "--jobs", "8")
    assert code == 0
    assert (
        "maxSlotsPerPod: 4 (from resourcePools[0].task_container_defaults.kubernetes.max_slots_per_pod" in out
    )
    assert out.startswith("cluster: 3 nodes, 20 GPUs (1 × 4 GPUs, 2 × 8 GPUs)\n")


def test_plan_and_lint_agree_on_a_size_that_leaves_gpus_idle(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "maxSlotsPerPod: 3\ninitialUserPassword: Str0ng-Passw0rd\ndb:\n  keepOnUninstall: true\n"
        "cluster:\n  nodes:\n  - name: gpu\n    gpus: 4\n    count: 2\n"
    )
    lint_code, lint_out, _ = run_cli(["lint", str(values)])
    plan_code, plan_out, _ = run_cli(["plan", "-f", str(values), "--jobs", "3"])
    assert (lint_code, plan_code) == (1, 1)
    assert "error[cluster-max-slots-divide-nodes]" in lint_out
    assert "error: maxSlotsPerPod 3 does not divide the 4 GPUs" in plan_out
    code, out, _ = run_cli(["plan", "-f", str(values), "--jobs", "3", "--format", "json"])
    assert code == 1 and json.loads(out)["problems"]
