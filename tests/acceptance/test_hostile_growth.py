"""Input built to cost super-linear time gets its answer, as a whole process, within a CPU budget.

Each input of issue 27 (item 1) is sized at chartgen's caps: a values file, a configuration or
a manifest of at most 256 KiB, at most 10,000 values, a ``--set`` flag as long as Linux lets one
argument be (128 KiB), list padding within the ``--set`` budget, tens of thousands of flags
(Linux lets all arguments take 2 MiB). Each runs as a real process
whose CPU time is limited by the kernel (``RLIMIT_CPU``): a loop on user text that grows with
the square of its length, or a backtracking match, is killed rather than timed. Within the
budget the answer is a proper one: the exit status expected, every finding located, no traceback.

The budget is well above what each input costs (a fraction of a second to about five seconds of
CPU, ``tests/unit/test_linear_time.py`` checks growth itself) and far below what the quadratic
loops took: minutes.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from chartgen.yamlio.load import MAX_VALUES
from chartgen.yamlio.read import MAX_INPUT_BYTES
from tests.acceptance.test_hostile import FINDING
from tests.support import process
from tests.support.hostile import GOOD, Hostile

CPU_SECONDS = 10
#: The longest one command-line argument may be on Linux (``MAX_ARG_STRLEN``, with its NUL).
MAX_ARGUMENT = 128 * 1024 - 1
#: Items of a list that fill a values file up to the cap on values, with room for a few more.
ITEMS = MAX_VALUES - 10
#: ``--set`` flags on one command line, well inside Linux's 2 MiB for all arguments.
SET_FLAGS = 30_000
#: Folders of the longest names Linux allows, as deep as a path may be (4,096 bytes) with room
#: for the test's own directory.
DEEP = "/".join(["a" * 250] * 15)
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
                "url-account",
                _padding(
                    GOOD + "checkpointStorage:\n  type: azure\n  container: c\n  account_url: 'http://",
                    " b'\n",
                ),
            ),
            1,
            "invalid-format",
        ),
        *(
            Case(
                _lint(
                    f"url-{sso}",
                    _padding(
                        GOOD + f"enterpriseEdition: true\n{sso}:\n  enabled: true\n  idpSsoUrl: 'http://",
                        " '\n",
                    ),
                ),
                1,
                "invalid-format",
            )
            for sso in ("oidc", "saml")
        ),
        Case(
            _lint(
                "cpu-quantity", _padding(GOOD + "slotType: cpu\nslotResourceRequests: {cpu: '", "x'}\n", "1")
            ),
            1,
            "wrong-type",
        ),
        # An image path component: the grammar's `[-]*` lets a backtracking match split a run of
        # letters every way before it meets the `!`.
        Case(
            _lint("image-name", _padding(GOOD + "defaultImages: {cpuImage: '", "!'}\n")),
            1,
            "invalid-image-name",
        ),
        Case(_lint("suppression-openings", _fill(GOOD, "# chartgen: ignore[", "\n", count=ITEMS)), 0),
        # Refused as too large, and so not scanned for comments either.
        Case(
            _lint("suppression-openings-too-large", "# chartgen: ignore[" * (8 * MAX_INPUT_BYTES // 19)),
            1,
            "input-too-large",
        ),
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
        # A glob compiled for every file, or matched a step at a time: the glob times the path.
        Case(
            Hostile(
                "exclude-glob-deep-path",
                {
                    ".chartgen.yaml": _fill("exclude: ['", "**a", "b']\n").encode(),
                    **{f"{DEEP}/values-{i}.yaml": GOOD.encode() for i in range(3)},
                },
                ("lint", "{dir}"),
            ),
            0,
        ),
        Case(
            Hostile(
                "exclude-glob-many-files",
                {
                    ".chartgen.yaml": _fill("exclude: ['", "x", "']\n").encode(),
                    **{f"values-{i}.yaml": GOOD.encode() for i in range(120)},
                },
                ("lint", "{dir}"),
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
        Case(
            Hostile(
                "diff-quantity-long-fraction",
                {
                    "values.yaml": GOOD.encode(),
                    "old.yaml": _padding(PVC + "32212254720.", "'\n", "0").encode(),
                },
                ("diff", "-f", "{dir}/values.yaml", "--from-manifest", "{dir}/old.yaml"),
            ),
            3,  # 30Gi in bytes, its fraction as long as a file may be: the size unchanged
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
            _items(
                "pools-with-pod-specs",
                "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n      nodeSelector: {a: b}\nresourcePools:\n",
                "pool_name: p{i}",
                count=ITEMS // 5,
            ),
            0,
            "default-pool-exists",
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
            Hostile(
                "many-set-flags",
                {"values.yaml": GOOD.encode()},
                (
                    "lint",
                    "{dir}/values.yaml",
                    *(arg for i in range(SET_FLAGS) for arg in ("--set", f"k{i}=1")),
                ),
            ),
            0,
            "foreign-key",
        ),
        Case(
            _set("long-set-pools", "resourcePools={" + ",".join(["1"] * ((MAX_ARGUMENT - 16) // 2)) + "}"),
            1,
            "wrong-type",
        ),
    ]


def run(hostile: Hostile, directory: Path) -> process.Done:
    """``python -m chartgen`` on ``hostile`` under ``CPU_SECONDS`` of CPU."""
    argv = hostile.write(directory)
    env = {**os.environ, "PYTHONWARNINGS": "error"}
    return process.run(
        [*process.CHARTGEN, *argv], limits=process.Limits(cpu=CPU_SECONDS), cwd=directory, env=env
    )


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.hostile.name)
def test_hostile_input_is_answered_within_the_cpu_budget(case: Case, tmp_path: Path) -> None:
    done = run(case.hostile, tmp_path)
    text = done.text
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


SHOW_ONLY = """
import chartgen

try:
    chartgen.render({"maxSlotsPerPod": 4, "initialUserPassword": "Passw0rdX-long"}, show_only=["*" * %d + "b"])
except chartgen.UsageError as refused:
    print(str(refused).splitlines()[0])
"""


def test_a_librarys_show_only_glob_is_answered_within_the_cpu_budget(tmp_path: Path) -> None:
    """``render(show_only=…)`` matches globs as ``--show-only`` does: without backtracking."""
    argv = [sys.executable, "-c", SHOW_ONLY % (MAX_ARGUMENT - 1)]
    done = process.run(argv, limits=process.Limits(cpu=CPU_SECONDS), cwd=tmp_path)
    assert (done.code, done.err) == (0, "")
    assert done.out.startswith("could not find template ****") and done.cpu < CPU_SECONDS
