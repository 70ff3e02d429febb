"""Bulk lint is as correct as serial lint: shared input read once, a dead worker costs nothing.

Each case is ``chartgen lint`` as a whole process under a CPU limit, on enough files to fork
workers (one per core, so these need two cores).
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from chartgen.checking.pool import PARALLEL_FROM
from tests.support import process

MANY = PARALLEL_FROM + 6
LIMITS = process.Limits(cpu=20)
#: Put on the path of one run only: the first worker forked writes half its results and is killed.
DIES_WHILE_SENDING = """
import os
import signal
import sys


def _die_while_sending():
    pool = sys.modules.get("chartgen.checking.pool")
    if pool is None:
        return
    try:
        os.close(os.open(os.environ["DIED"], os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return  # another worker died already

    def send(write_end, data):
        os.write(write_end, data[: len(data) // 2])
        os.kill(os.getpid(), signal.SIGKILL)

    pool._send = send


os.register_at_fork(after_in_child=_die_while_sending)
"""

pytestmark = pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: no workers")


def _files(directory: Path, text: str) -> list[str]:
    names = []
    for index in range(MANY):
        path = directory / f"values-{index}.yaml"
        path.write_text(text.replace("N", str(index + 1)))
        names.append(str(path))
    return names


def test_standard_input_is_read_once_for_every_worker(tmp_path: Path) -> None:
    files = _files(tmp_path, "maxSlotsPerPod: N\n")
    for how in (["--set-file", "initialUserPassword=-"], ["-f", "-"]):
        stdin = "Passw0rdX-long" if how[0] == "--set-file" else "initialUserPassword: Passw0rdX-long\n"
        argv = [*process.CHARTGEN, "lint", "--format", "json", *how, *files]
        done = process.run(argv, limits=LIMITS, stdin=stdin.encode())
        assert (done.code, done.err) == (0, ""), done.out
        assert json.loads(done.out) == []


def test_a_worker_killed_while_sending_costs_only_a_recheck(tmp_path: Path) -> None:
    """Its files are checked again by the parent: every file's one finding, and nothing else."""
    files = _files(tmp_path, "maxSlotsPerPod: N\ninitialUserPassword: weak\n")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(textwrap.dedent(DIES_WHILE_SENDING))
    died = tmp_path / "died"
    env = {**os.environ, "PYTHONPATH": str(hook), "DIED": str(died)}
    done = process.run([*process.CHARTGEN, "lint", "--format", "json", *files], limits=LIMITS, env=env)
    assert died.exists(), "no worker was forked, so none died"
    assert (done.code, done.err) == (1, ""), done.out
    found = sorted((finding["file"], finding["rule"]) for finding in json.loads(done.out))
    assert found == sorted((file, "initial-password-strength") for file in files)
