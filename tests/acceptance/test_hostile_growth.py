"""Input built to cost super-linear time gets its answer, as a whole process, within a CPU budget.

Each input of issue 27 (item 1) is sized at chartgen's caps: a values file, a configuration or
a manifest of at most 256 KiB, at most 10,000 values, a ``--set`` flag as long as Linux lets one
argument be (128 KiB), list padding within the ``--set`` budget. Each runs as a real process
whose CPU time is limited by the kernel (``RLIMIT_CPU``): a loop on user text that grows with
the square of its length, or a backtracking match, is killed rather than timed. Within the
budget the answer is a proper one: the exit status expected, every finding located, no traceback.

The budget is well above what each input costs (a fraction of a second to under four seconds of
CPU, ``tests/unit/test_linear_time.py`` checks growth itself) and far below what the quadratic
loops took: minutes.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from chartgen.yamlio.load import MAX_VALUES
from chartgen.yamlio.read import MAX_INPUT_BYTES
from tests.acceptance.test_hostile import FINDING
from tests.support.hostile import GOOD, Hostile

CPU_SECONDS = 10
#: Wall-clock time after which a process that sleeps rather than computes is killed.
TIMEOUT = 120
#: The longest one command-line argument may be on Linux (``MAX_ARG_STRLEN``, with its NUL).
MAX_ARGUMENT = 128 * 1024 - 1
#: Items of a list that fill a values file up to the cap on values, with room for a few more.
ITEMS = MAX_VALUES - 10
POD_SPEC = "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n"
#: The database's claim as a release installed it, up to the size it asks for.
PVC = """apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: determined-db-pvc-determined
  namespace: default
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: '"""


def _fill(head: str, line: str, tail: str = "", count: int = 0) -> str:
    """``head``, then ``line`` (formatted with ``i``) ``count`` times or as many as fit the file cap."""
    budget = MAX_INPUT_BYTES - len(head.encode()) - len(tail.encode())
    lines = []
    for i in range(count or sys.maxsize):
        text = line.format(i=i)
        budget -= len(text.encode())
        if budget < 0:
            break
        lines.append(text)
    return head + "".join(lines) + tail


def _padding(head: str, tail: str, char: str = "a") -> str:
    """``head``, ``char`` repeated, ``tail``: as long as a file may be."""
    return head + char * (MAX_INPUT_BYTES - len(head.encode()) - len(tail.encode())) + tail


def _lint(name: str, text: str) -> Hostile:
    return Hostile(name, {"values.yaml": text.encode()}, ("lint", "{dir}/values.yaml"))


def _items(name: str, head: str, item: str, indent: str = "", count: int = ITEMS) -> Hostile:
    return _lint(name, _fill(GOOD + head, f"{indent}- {item}\n", count=count))


def _set(name: str, flag: str) -> Hostile:
    return Hostile(name, {"values.yaml": GOOD.encode()}, ("lint", "{dir}/values.yaml", "--set", flag))


@dataclass(frozen=True)
class Case:
    hostile: Hostile
    code: int
    #: A rule every run must report (that the input was judged, not skipped), if any.
    rule: str = ""


def cases() -> list[Case]:
    long_name = "a" * 200 + ".yaml"
    stars = "*" * (MAX_ARGUMENT - 1) + "b"
    return [
        # Regular expressions that tried every split of a long text.
        Case(
            _lint(
                "url",
                _padding(
                    GOOD + "checkpointStorage:\n  type: s3\n  bucket: b\n  endpointUrl: 'http://", " '\n"
                ),
            ),
            1,
            "invalid-format",
        ),
        Case(
            _lint(
                "cpu-quantity", _padding(GOOD + "slotType: cpu\nslotResourceRequests: {cpu: '", "x'}\n", "1")
            ),
            1,
            "wrong-type",
        ),
        Case(_lint("suppression-openings", _fill(GOOD, "# chartgen: ignore[", "\n", count=ITEMS)), 0),
        Case(
            Hostile(
                "emitted-string",
                {"values.yaml": _padding(GOOD + "taskContainerDefaults: {startupHook: '0", " '}\n").encode()},
                ("render", "-f", "{dir}/values.yaml"),
            ),
            0,
        ),
        Case(
            Hostile(
                "exclude-glob",
                {
                    ".chartgen.yaml": _fill("exclude: ['", "*", "b']\n").encode(),
                    long_name: GOOD.encode(),
                },
                ("lint", f"{{dir}}/{long_name}"),
            ),
            0,
        ),
        Case(
            Hostile(
                "show-only-glob",
                {"values.yaml": GOOD.encode()},
                ("render", "-f", "{dir}/values.yaml", "--show-only", stars),
            ),
            2,
        ),
        Case(
            Hostile(
                "diff-quantity",
                {
                    "values.yaml": GOOD.encode(),
                    "old.yaml": _padding(PVC, "x'\n", "1").encode(),
                },
                ("diff", "-f", "{dir}/values.yaml", "--from-manifest", "{dir}/old.yaml"),
            ),
            3,  # changes, none of them a hazard
        ),
        # Per-finding work that scanned every finding, or every value of one text.
        Case(_items("wrong-pools", "resourcePools:\n", "p{i}"), 1, "wrong-type"),
        Case(_items("wrong-resource-managers", "additional_resource_managers:\n", "{i}"), 1, "wrong-type"),
        Case(_items("wrong-source-ranges", "loadBalancerSourceRanges:\n", "{i}"), 1, "wrong-type"),
        Case(
            _items("wrong-tolerations", POD_SPEC + "      tolerations:\n", "t{i}", "      "),
            1,
            "pod-spec-type",
        ),
        Case(
            _items("duplicate-containers", POD_SPEC + "      containers:\n", "name: c", "      ", ITEMS // 2),
            1,
            "api-task-pod",
        ),
        Case(
            _items("nameless-volumes", POD_SPEC + "      volumes:\n", "name: v", "      ", ITEMS // 2),
            1,
            "api-task-pod",
        ),
        Case(
            _lint(
                "bad-node-selector",
                _fill(GOOD + POD_SPEC + "      nodeSelector:\n", "        'bad key {i}': v\n", count=ITEMS),
            ),
            1,
            "api-task-pod",
        ),
        Case(
            _lint(
                "suppressed-findings",
                _fill(GOOD, "k{i}: 1  # chartgen: ignore[foreign-key]\n", count=ITEMS // 3),
            ),
            0,
        ),
        # --set: padding within its budget, and the longest list one flag holds.
        Case(_set("padded-index", "resourcePools[65535].pool_name=p"), 1, "wrong-type"),
        Case(
            _set("long-set-list", "x={" + ",".join(["1"] * ((MAX_ARGUMENT - 4) // 2)) + "}"), 0, "foreign-key"
        ),
        Case(
            _set("long-set-pools", "resourcePools={" + ",".join(["1"] * ((MAX_ARGUMENT - 16) // 2)) + "}"),
            1,
            "wrong-type",
        ),
    ]


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    cpu: float  # seconds, user and system


def run(hostile: Hostile, directory: Path) -> Run:
    """``python -m chartgen`` on ``hostile`` under ``CPU_SECONDS`` of CPU, and the CPU it took."""
    argv = hostile.write(directory)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "chartgen", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        cwd=directory,
        env={**os.environ, "PYTHONWARNINGS": "error"},
        preexec_fn=limit,
        timeout=TIMEOUT,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Run(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
        after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime,
    )


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.hostile.name)
def test_hostile_input_is_answered_within_the_cpu_budget(case: Case, tmp_path: Path) -> None:
    done = run(case.hostile, tmp_path)
    text = done.out + done.err
    assert done.code == case.code, f"exit {done.code} after {done.cpu:.1f} s of CPU: {text[-2000:]}"
    assert done.cpu < CPU_SECONDS
    assert "Traceback" not in text and "internal error" not in text
    findings = [line for line in text.splitlines() if "error[" in line or "warning[" in line]
    for line in findings:
        assert FINDING.match(line), f"not located: {line[:200]}"
    if case.rule:
        assert any(f"[{case.rule}]" in line for line in findings), text[-2000:]
    if done.code == 1:
        assert any("error[" in line for line in findings), text[-2000:]
    if done.code == 2:
        assert done.err.startswith("chartgen: error: ")
