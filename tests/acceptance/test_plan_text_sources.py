"""``plan``'s text names where each setting came from: the place in a file when there is one,
nothing more for values given as Python data; user text in it cannot rewrite the terminal."""

from __future__ import annotations

from pathlib import Path

import chartgen
from tests.support.cli import run_cli

SETTINGS = {"slotType": "cpu", "slotResourceRequests": {"cpu": 4}, "maxSlotsPerPod": 2}


def test_values_given_as_data_name_the_key_and_no_place() -> None:
    text = chartgen.plan(SETTINGS, cpu_allocatable="8,8", jobs="4").text()
    assert "None" not in text
    assert "slotResourceRequests.cpu: 4 (from slotResourceRequests.cpu)\n" in text
    assert "maxSlotsPerPod: 2 (from maxSlotsPerPod; recommended: 2)\n" in text


def test_values_from_a_file_name_the_place(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text("slotType: cpu\nslotResourceRequests:\n  cpu: 4\nmaxSlotsPerPod: 2\n")
    code, out, _ = run_cli(["plan", "-f", str(values), "--cpu-allocatable", "8,8", "--jobs", "4"])
    assert code == 0
    assert f"slotResourceRequests.cpu: 4 (from slotResourceRequests.cpu at {values}:3:8)\n" in out
    assert f"maxSlotsPerPod: 2 (from maxSlotsPerPod at {values}:4:17; recommended: 2)\n" in out


def test_node_names_are_escaped(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "slotType: cpu\nslotResourceRequests: {cpu: 4}\ncluster:\n  nodes:\n"
        '    - {name: "a\\e[31mb\\nforged", count: 2, gpus: 0, allocatableCpu: 8}\n'
        '    - {name: "sm\\e[0mall", count: 1, gpus: 0, allocatableCpu: 1}\n'
    )
    code, out, _ = run_cli(["plan", "-f", str(values), "--jobs", "4,4", "--scheduler", "default"])
    assert code == 1
    assert "\x1b" not in out and "\nforged" not in out
    assert "    a\\u001b[31mb\\nforged-1: 1 pod of job 1\n" in out
    assert "note: sm\\u001b[0mall cannot hold a slot of 4 CPUs" in out
