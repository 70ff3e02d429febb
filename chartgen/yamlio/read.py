"""Reading what users hand us (values files, ``--set-file`` files, standard input): bounded and decoded.

Any input, however large, costs at most ``MAX_INPUT_BYTES`` plus one byte of reading: a
values file is a few kilobytes, and one beyond the cap is refused with a located finding
rather than read (``/dev/zero`` would never end). Standard input is read once and shared,
so ``-f -`` and ``--set-file k=-`` mean the same text for every file ``lint`` checks.
"""

from __future__ import annotations

import codecs
import sys

from chartgen.diagnostics import STDIN as STDIN
from chartgen.diagnostics import STDIN_NAME as STDIN_NAME
from chartgen.diagnostics import ChartgenError, Diagnostic, Location, UsageError

#: Parsing this much YAML takes about half a second; real values files are a hundred times smaller.
MAX_INPUT_BYTES = 256 * 1024

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_stdin: bytes | None = None


def _read_stdin() -> bytes:
    global _stdin
    if _stdin is None:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is not None:
            _stdin = stream.read(MAX_INPUT_BYTES + 1)
        else:  # a text stream (tests replace sys.stdin with one)
            _stdin = sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogatepass")
    return _stdin


def forget_stdin() -> None:
    """Let the next read take standard input afresh (each in-process CLI run has its own)."""
    global _stdin
    _stdin = None


#: Paths of descriptors this process already holds (``<(sops -d …)``, ``/dev/stdin``): their pipe
#: has its writer, so reading them ends.
_INHERITED = ("/dev/fd/", "/proc/self/fd/", "/dev/stdin")


def read_bytes(file: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """At most ``limit`` + 1 bytes of ``file`` (``-``: standard input); raises ``OSError``.

    A named pipe is refused rather than read: opening one waits for a writer that may never
    come, and reading it for one that never stops. It is opened without waiting, to say so.
    """
    if file == STDIN:
        return _read_stdin()
    import os
    import stat

    descriptor = os.open(file, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as handle:
        if stat.S_ISFIFO(os.fstat(descriptor).st_mode) and not file.startswith(_INHERITED):
            import errno

            raise OSError(
                errno.EINVAL, "it is a named pipe (FIFO): give a regular file, or - for standard input"
            )
        os.set_blocking(descriptor, True)
        return handle.read(limit + 1)


def too_large(name: str) -> ChartgenError:
    """The finding for an input over ``MAX_INPUT_BYTES``, a file or text handed to the library."""
    return ChartgenError(
        [
            Diagnostic(
                "input-too-large",
                f"{name} is larger than {MAX_INPUT_BYTES // 1024} KiB: chartgen reads no more of it "
                "(a values file is a few kilobytes; is this the right file?)",
                location=Location(name, 1, 1),
            )
        ]
    )


def decode(data: bytes, name: str) -> str:
    """The text of ``data``: UTF-8, or UTF-16/32 with a byte-order mark (as Helm's YAML reader takes)."""
    if len(data) > MAX_INPUT_BYTES:
        raise too_large(name)
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), "utf-8")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise ChartgenError(
            [
                Diagnostic(
                    "not-utf8",
                    f"byte 0x{data[exc.start]:02x} is not {encoding.upper().removesuffix('-SIG')} text: "
                    "Helm reads values files as UTF-8 (or UTF-16/32 with a byte-order mark)",
                    location=Location(name, line, column),
                )
            ]
        ) from None


def read_text(file: str) -> tuple[str, str]:
    """``(text, name)`` of a values file or of standard input, bounded and decoded."""
    name = STDIN_NAME if file == STDIN else file
    try:
        data = read_bytes(file)
    except OSError as exc:
        raise UsageError(f"cannot read values file {file}: {exc.strerror or exc}") from None
    return decode(data, name), name
