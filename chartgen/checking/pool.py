"""Checking many files on several cores: forked workers that inherit everything imported.

Plain ``fork`` and a pipe each: ``multiprocessing`` costs more to import than a worker saves.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from chartgen.hints import TYPE_CHECKING, typing

if TYPE_CHECKING:
    Item = typing.TypeVar("Item")
    Result = typing.TypeVar("Result")

#: Below this many files a second process costs more than it saves.
PARALLEL_FROM = 24
#: More workers than this wait on each other's imports and the disk.
MOST_WORKERS = 8


def cores() -> int:
    """The cores this process may run on (a CPU-limited container's, not the machine's)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _send(write_end: int, data: bytes) -> None:
    """A worker's results, down its pipe: all of them, or (killed while writing) a part."""
    with os.fdopen(write_end, "wb") as stream:
        stream.write(data)


def _received(data: bytes, status: int) -> list[object] | None:
    """A worker's results, or None where it failed, died or was killed (its items are then
    checked again here): only a worker that ended normally sent all of them."""
    if not data or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    import pickle

    try:
        results: list[object] = pickle.loads(data)
    except Exception:
        return None
    return results


def in_parallel(check: Callable[[Item], Result], items: Sequence[Item], workers: int) -> list[Result]:
    """``check`` of every item, in order; with ``workers`` > 1 and enough items, shared with
    forked processes. A worker that fails hands its items back, and they are checked here, so
    an error is raised as from a single process."""
    workers = min(workers, MOST_WORKERS, len(items))
    if len(items) < PARALLEL_FROM or workers < 2 or not hasattr(os, "fork"):
        return [check(item) for item in items]
    import pickle

    chunks = [items[index::workers] for index in range(workers)]
    sys.stdout.flush()
    sys.stderr.flush()
    children = []
    for chunk in chunks[1:]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker: whatever happens, it ends here and never returns
            try:
                os.close(read_end)
                try:
                    data = pickle.dumps([check(item) for item in chunk], pickle.HIGHEST_PROTOCOL)
                except BaseException:
                    data = b""
                _send(write_end, data)
            finally:
                os._exit(0)
        os.close(write_end)
        children.append((pid, read_end, chunk))
    results: list[list[object]] = []
    try:
        results.append([check(item) for item in chunks[0]])
        while children:
            pid, read_end, chunk = children.pop(0)
            try:
                with os.fdopen(read_end, "rb") as stream:
                    data = stream.read()
            finally:
                _, status = os.waitpid(pid, 0)
            results.append(_received(data, status) or [check(item) for item in chunk])
    finally:
        for pid, read_end, _ in children:  # the parent failed: no worker is left behind
            os.close(read_end)
            os.waitpid(pid, 0)
    ordered: list[object] = [None] * len(items)
    for index, chunk_results in enumerate(results):
        ordered[index::workers] = chunk_results
    return ordered  # type: ignore[return-value]  # every slot now holds a Result
