"""Bulk lint is as correct as serial lint: shared input read once, a dead worker costs nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chartgen.checking import check
from chartgen.checking.pool import PARALLEL_FROM

MANY = PARALLEL_FROM + 6


def _files(directory: Path, text: str) -> list[str]:
    names = []
    for index in range(MANY):
        path = directory / f"values-{index}.yaml"
        path.write_text(text.replace("N", str(index + 1)))
        names.append(str(path))
    return names


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: no workers")
def test_standard_input_is_read_once_for_every_worker(tmp_path: Path) -> None:
    files = _files(tmp_path, "maxSlotsPerPod: N\n")
    for how in (["--set-file", "initialUserPassword=-"], ["-f", "-"]):
        stdin = "Passw0rdX-long" if how[0] == "--set-file" else "initialUserPassword: Passw0rdX-long\n"
        done = subprocess.run(
            [sys.executable, "-m", "chartgen", "lint", "--format", "json", *how, *files],
            input=stdin, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert (done.returncode, done.stderr) == (0, ""), done.stdout
        assert json.loads(done.stdout) == []


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: no workers")
def test_a_worker_killed_while_sending_costs_only_a_recheck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chartgen.checking import pool

    files = _files(tmp_path, "maxSlotsPerPod: N\ninitialUserPassword: weak\n")
    expected = check(files)
    assert len(expected.diagnostics) == MANY
    parent, send = os.getpid(), pool._send

    def killed_halfway(write_end: int, data: bytes) -> None:
        if os.getpid() != parent:
            os.write(write_end, data[: len(data) // 2])
            os.kill(os.getpid(), signal.SIGKILL)
        send(write_end, data)

    monkeypatch.setattr(pool, "_send", killed_halfway)
    assert check(files, workers=4) == expected
