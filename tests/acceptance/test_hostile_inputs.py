"""Every input bounded, configuration and library input included: each case is a whole process
under a CPU and memory limit, and answers with a one-line usage error or a located finding."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from chartgen.yamlio.read import MAX_INPUT_BYTES
from tests.support import process

GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX-long\n"
LIMITS = process.Limits(cpu=10, memory=1024 * 1024 * 1024)


def run(argv: list[str], cwd: Path) -> tuple[int, str]:
    """Exit status and standard output and error of ``chartgen ARGV``, CPU- and memory-limited."""
    done = process.run([*process.CHARTGEN, *argv], limits=LIMITS, cwd=cwd)
    assert "Traceback" not in done.text and "internal error" not in done.text, done.text
    return done.code, done.text


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "values.yaml").write_text(GOOD)
    return tmp_path


def test_a_configuration_of_endless_bytes_is_read_no_further_than_a_values_file(work: Path) -> None:
    code, out = run(["lint", "--config", "/dev/zero", "values.yaml"], work)
    assert (code, out) == (
        2,
        "chartgen: error: configuration /dev/zero is larger than 256 KiB: chartgen reads no more\n",
    )
    with open(work / ".chartgen.yaml", "wb") as handle:
        handle.truncate(150 * 1024 * 1024)  # 150 MB, sparse
    code, out = run(["lint", "values.yaml"], work)
    assert (code, out) == (2, f"chartgen: error: configuration {work}/.chartgen.yaml is larger than 256 KiB: "
                              "chartgen reads no more\n")  # fmt: skip


def test_a_deeply_nested_pyproject_is_a_usage_error(work: Path) -> None:
    (work / "pyproject.toml").write_text("[tool.chartgen]\nx = " + "[" * 50_000 + "]" * 50_000 + "\n")
    code, out = run(["lint", "values.yaml"], work)
    assert (code, out) == (
        2,
        f"chartgen: error: {work}/pyproject.toml: nested too deeply for a configuration\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["lint", "fifo.yaml"],
        ["lint", "-f", "fifo.yaml", "values.yaml"],
        ["lint", "--config", "fifo.yaml", "values.yaml"],
        ["render", "-f", "fifo.yaml"],
        ["fix", "fifo.yaml"],
        ["diff", "--from-manifest", "manifests", "-f", "values.yaml"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_a_named_pipe_is_refused_not_waited_on(work: Path, argv: list[str]) -> None:
    os.mkfifo(work / "fifo.yaml")
    (work / "manifests").mkdir()
    os.mkfifo(work / "manifests" / "objects.yaml")
    code, out = run(argv, work)
    assert code == 2, out
    assert out.startswith("chartgen: error: ") and "named pipe (FIFO)" in out, out


def test_a_pipe_the_shell_hands_over_is_read(work: Path) -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, GOOD.encode())
    os.close(write_end)
    try:
        argv = [*process.CHARTGEN, "lint", "-f", f"/dev/fd/{read_end}"]
        done = process.run(argv, limits=LIMITS, cwd=work, pass_fds=(read_end,))
    finally:
        os.close(read_end)
    assert (done.code, done.out, done.err) == (0, "All checks passed (1 source).\n", "")


def test_set_file_contents_are_bounded_in_total(work: Path) -> None:
    (work / "cert.pem").write_text("x" * (MAX_INPUT_BYTES // 2 + 1))
    flags = [arg for index in range(2000) for arg in ("--set-file", f"k{index}=cert.pem")]
    code, out = run(["lint", "values.yaml", *flags], work)
    assert code == 1
    refused = [line for line in out.splitlines() if "error[set-syntax]" in line]
    assert len(refused) == 1999 and "hold more than 256 KiB in all" in refused[0]
    assert refused[0].startswith("--set-file:2:")


def test_manifests_are_bounded_in_total(work: Path) -> None:
    (work / "manifests").mkdir()
    for index in range(15):  # 15 MB of objects, each file under the cap
        obj = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m%d-%d}\ndata: {a: b}\n"
        text = "---\n".join(obj % (index, n) for n in range(1024 * 1024 // 80))
        (work / "manifests" / f"m{index}.yaml").write_text(text)
    code, out = run(["diff", "--from-manifest", "manifests", "-f", "values.yaml"], work)
    assert code == 2 and out.startswith("chartgen: error: manifests under manifests exceed 1 MiB"), out


@pytest.mark.parametrize(
    "written", ["global:\n  {key}: 1\n", "global: {{{key}: 1}}\n"], ids=["block", "flow"]
)
def test_a_key_the_parser_reads_no_further_is_refused_as_the_parser_refuses_it(
    work: Path, written: str
) -> None:
    """The fast reader takes keys up to the full parser's 1,024 characters, and leaves a longer
    one to the full parser, which refuses it: the same answer either way."""
    for length, expected in ((1024, 0), (1025, 1)):
        (work / "values.yaml").write_text(GOOD + written.format(key="k" * length))
        code, out = run(["lint", "values.yaml"], work)
        assert code == expected, out
        assert ("error[yaml-syntax]" in out) == (expected == 1), out


LIBRARY = """\
import chartgen

deep = {}
here = deep
for _ in range(100_000):
    here["a"] = {}
    here = here["a"]
holds_itself = {"maxSlotsPerPod": 4}
holds_itself["self"] = holds_itself
big = "a: " + "x" * %d
for source in (deep, holds_itself, {"resourcePools": list(range(20_000))}, chartgen.ValuesText(big, "big.yaml")):
    for d in chartgen.lint(source).diagnostics:
        print(d)
fixed = chartgen.fix(big, file="big.yaml")
assert fixed.text == big and not fixed.applied
for d in fixed.remaining:
    print(d)
"""


def test_the_librarys_inputs_are_bounded_as_files_are(tmp_path: Path) -> None:
    argv = [sys.executable, "-c", textwrap.dedent(LIBRARY % (MAX_INPUT_BYTES + 1))]
    done = process.run(argv, limits=LIMITS, cwd=tmp_path)
    assert (done.code, done.err) == (0, "")
    rules = [line.split("] ", 1)[0].split(": ", 1)[1] for line in done.out.splitlines()]
    assert rules == [
        "error[yaml-too-deep",
        "error[yaml-too-deep",
        "error[yaml-too-many-values",
        "error[input-too-large",
        "error[input-too-large",  # fix(text) of the same text: not parsed, nothing changed
    ]
