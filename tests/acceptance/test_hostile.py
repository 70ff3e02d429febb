"""Hostile input gets an answer: an exit status, located findings, no traceback and no secret.

Each input runs as a real process (``/dev/zero`` and parser warnings behave as they do for
users), with Python warnings turned into errors, under a CPU limit far above what any takes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support import process
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


def run(hostile: Hostile, directory: Path) -> process.Done:
    argv = hostile.write(directory)
    env = {**os.environ, "PYTHONWARNINGS": "error"}
    return process.run(
        [*process.CHARTGEN, *argv], limits=process.Limits(), cwd=directory, env=env, stdin=hostile.stdin
    )


@pytest.mark.parametrize("hostile", cases(), ids=lambda h: h.name)
def test_hostile_input_gets_a_located_answer(hostile: Hostile, tmp_path: Path) -> None:
    done = run(hostile, tmp_path)
    out, err = done.out, done.err
    assert done.code == EXPECTED_CODE.get(hostile.name, 1), out + err
    assert "Traceback" not in out + err and "internal error" not in out + err
    assert SECRET not in out + err
    findings = [line for line in (out + err).splitlines() if "error[" in line or "warning[" in line]
    for line in findings:
        assert FINDING.match(line), f"not located: {line[:200]}"
    if done.code == 1:
        assert any(FINDING.match(line) and "error[" in line for line in findings), out + err
    if done.code == 2:
        assert err.startswith("chartgen: error: ") and len(err) < 500
    # Output stays proportionate to what was asked, whatever the input's size.
    assert len(out) + len(err) < 4_000_000
