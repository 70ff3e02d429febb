"""chartgen run as users run it, a process of its own under kernel limits, and what each run cost.

A hostile input is given to a whole process: its CPU time is limited by the kernel
(``RLIMIT_CPU``), so a super-linear loop is killed rather than timed, and memory and file size
where a case asks. Output goes to files, not pipes, so a child that writes much never waits on the
test.

What a run cost is what ``wait4`` says of that child (with any workers it waited for): CPU time
and peak memory. A child forked from the test runner would count the runner's own memory as its
peak (Linux keeps the largest size across ``exec``), so a small launcher, a bare interpreter of
about 8 MiB, forks chartgen and reports. ``CHARTGEN_COSTS=FILE`` appends each run to FILE as a
tab-separated line (test, command, exit status, CPU seconds, peak MiB): the table of costs,
written only when asked for.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import IO

CHARTGEN = (sys.executable, "-m", "chartgen")
COSTS = "CHARTGEN_COSTS"
#: Wall-clock time after which a child that sleeps rather than computes is killed.
TIMEOUT = 120
#: What one write fills of a pipe without a reader (Linux): standard input is written whole first.
PIPE_SIZE = 64 * 1024

#: Forks ARGV under the limits, and reports on fd REPORT its pid, then its wait status and usage.
_LAUNCHER = """
import os, resource, signal, sys
report, cpu, memory, size, default_signals = map(int, sys.argv[1:6])
argv = sys.argv[6:]
os.set_inheritable(report, False)
pid = os.fork()
if pid == 0:
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
        for limit, value in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_FSIZE, size)):
            if value:
                resource.setrlimit(limit, (value, value))
        if default_signals:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
os.write(report, b"%d\\n" % pid)
_, status, usage = os.wait4(pid, 0)
os.write(report, b"%d %r %d\\n" % (status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss))
"""


@dataclass(frozen=True)
class Limits:
    """What the kernel allows the child (0: no limit)."""

    cpu: int = 10  # seconds
    memory: int = 0  # bytes of address space
    file_size: int = 0  # bytes, the largest file it may write
    #: SIGINT and SIGTERM as a terminal delivers them: a shell ignores SIGINT for a command it
    #: starts in the background, and a child inherits that.
    default_signals: bool = False


@dataclass(frozen=True)
class Done:
    code: int  # negative: killed by that signal, as subprocess says
    out: str
    err: str
    cpu: float  # seconds, user and system
    peak: float  # MiB, the largest resident size

    @property
    def text(self) -> str:
        return self.out + self.err


class Process:
    """A started child, and how it ended once the launcher has reported it."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        limits: Limits,
        cwd: str | os.PathLike[str] | None = None,
        env: dict[str, str] | None = None,
        stdin: bytes = b"",
        pass_fds: Sequence[int] = (),
    ) -> None:
        assert len(stdin) < PIPE_SIZE, "standard input is written before the child reads it"
        self.argv = list(argv)
        # Closed once the child has ended and they have been read.
        self._out: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        self._err: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        read_end, write_end = os.pipe()
        os.write(write_end, stdin)
        os.close(write_end)
        self._report, report_end = os.pipe()
        self._received = b""
        numbers = [str(int(value)) for value in astuple(limits)]
        try:
            self._launcher = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _LAUNCHER, str(report_end), *numbers, *self.argv],
                stdin=read_end, stdout=self._out, stderr=self._err, cwd=cwd, env=env,
                pass_fds=(report_end, *pass_fds),
            )  # fmt: skip
        finally:
            os.close(read_end)
            os.close(report_end)
        line = self._line(TIMEOUT)
        assert line is not None, "the launcher never started the child"
        self.pid = int(line)
        self.done: Done | None = None

    def signal(self, signum: int) -> None:
        assert self.done is None, "a reaped child's number may be another process's"
        os.kill(self.pid, signum)

    def poll(self) -> Done | None:
        """How the child ended, or None while it runs."""
        if self.done is None:
            self._ended(self._line(0))
        return self.done

    def wait(self, timeout: float = TIMEOUT) -> Done:
        if self.done is None:
            line = self._line(timeout)
            if line is None:
                os.kill(self.pid, signal.SIGKILL)
                self._ended(self._line(None))
                raise subprocess.TimeoutExpired(self.argv, timeout)
            self._ended(line)
        assert self.done is not None
        return self.done

    def _line(self, timeout: float | None) -> bytes | None:
        """The launcher's next line, or None if none came within ``timeout`` seconds."""
        while b"\n" not in self._received:
            ready, _, _ = select.select([self._report], [], [], timeout)
            if not ready:
                return None
            data = os.read(self._report, 4096)
            assert data, "the launcher ended without a report"
            self._received += data
        line, self._received = self._received.split(b"\n", 1)
        return line

    def _ended(self, line: bytes | None) -> None:
        if line is None:
            return
        status, cpu, peak = line.split()
        self._launcher.wait()
        os.close(self._report)
        self._out.seek(0)
        self._err.seek(0)
        self.done = Done(
            os.waitstatus_to_exitcode(int(status)),
            self._out.read().decode("utf-8", "replace"),
            self._err.read().decode("utf-8", "replace"),
            float(cpu),
            int(peak) / 1024,  # KiB on Linux
        )
        self._out.close()
        self._err.close()
        _record(self.argv, self.done)


def run(
    argv: Sequence[str],
    *,
    limits: Limits,
    cwd: str | os.PathLike[str] | None = None,
    env: dict[str, str] | None = None,
    stdin: bytes = b"",
    pass_fds: Sequence[int] = (),
    timeout: float = TIMEOUT,
) -> Done:
    """``argv`` as a process under ``limits``, to its end."""
    return Process(argv, limits=limits, cwd=cwd, env=env, stdin=stdin, pass_fds=pass_fds).wait(timeout)


def _record(argv: list[str], done: Done) -> None:
    path = os.environ.get(COSTS)
    if not path:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
    shown = argv[3:] if argv[1:3] == ["-m", "chartgen"] else argv[1:]
    temporary = tempfile.gettempdir()
    words = [os.path.basename(arg) if arg.startswith(temporary) else arg for arg in shown]
    command = " ".join(word if len(word) <= 40 else f"{word[:30]}…({len(word):,})" for word in words)
    command = " ".join(command.split())[:120]  # one field: no tab or newline of a script in it
    with open(path, "a", encoding="utf-8") as costs:
        costs.write(f"{test}\t{command}\t{done.code}\t{done.cpu:.2f}\t{done.peak:.1f}\n")
