"""Hostile input gets an answer: an exit status, located findings, no traceback and no secret.

Each input runs as a real process (``/dev/zero`` and parser warnings behave as they do for
users), with Python warnings turned into errors. Time and memory are measured by
``make bench``, not here: the timeout only keeps a regression from hanging the suite.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.hostile import SECRET, Hostile, cases

FINDING = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning)\[(?P<rule>[a-z0-9-]+)\] "
)
# Inputs Helm takes (warnings at most), and the one usage error; every other input is refused.
EXPECTED_CODE = {
    "reused-anchor": 0,
    "utf16": 0,
    "utf32": 0,
    "stdin-for-every-file": 0,
    "huge-kube-version": 2,
    "long-unknown-keys-under-the-cap": 0,  # keys nobody reads: warnings, each located
    "huge-quantity-exponent": 0,  # a quantity the API server holds with a scale: no power computed
}


def run(hostile: Hostile, directory: Path) -> subprocess.CompletedProcess[bytes]:
    argv = hostile.write(directory)
    env = {**os.environ, "PYTHONWARNINGS": "error"}
    return subprocess.run(
        [sys.executable, "-m", "chartgen", *argv],
        input=hostile.stdin,
        capture_output=True,
        timeout=60,
        env=env,
        cwd=directory,
        check=False,
    )


@pytest.mark.parametrize("hostile", cases(), ids=lambda h: h.name)
def test_hostile_input_gets_a_located_answer(hostile: Hostile, tmp_path: Path) -> None:
    done = run(hostile, tmp_path)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == EXPECTED_CODE.get(hostile.name, 1), out + err
    assert "Traceback" not in out + err and "internal error" not in out + err
    assert SECRET not in out + err
    findings = [line for line in (out + err).splitlines() if "error[" in line or "warning[" in line]
    for line in findings:
        assert FINDING.match(line), f"not located: {line[:200]}"
    if done.returncode == 1:
        assert any(FINDING.match(line) and "error[" in line for line in findings), out + err
    if done.returncode == 2:
        assert err.startswith("chartgen: error: ") and len(err) < 500
    # Output stays proportionate to what was asked, whatever the input's size.
    assert len(out) + len(err) < 4_000_000
