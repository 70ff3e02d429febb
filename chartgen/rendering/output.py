"""Write rendered objects as files, all or nothing.

The new tree is built beside the old one, inside ``directory``, and swapped in with one
rename: Linux's ``renameat2(RENAME_EXCHANGE)`` exchanges the two directories atomically,
so a reader (or a kill) sees the old tree or the new one, never a mix. Where the exchange
is not available the old tree is renamed away first and put back if the second rename
fails. Staging directories carry the writer's process id, and a later run removes those
whose writer is gone, so even a killed run leaves nothing behind for long.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Sequence

from chartgen.rendering.engine import CHART_NAME, Manifest, stream

_STAGING = ".chartgen-"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(new: str, old: str) -> bool:
    """Swap two directories in one step; False when this system cannot."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    if renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(old), _RENAME_EXCHANGE) == 0:
        return True
    error = ctypes.get_errno()
    if error in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: this file system cannot exchange
        return False
    raise OSError(error, os.strerror(error), old)


def _swap(new: str, old: str, aside: str) -> None:
    """Put ``new`` where ``old`` is; the old tree ends at ``new``'s place (exchange) or ``aside``."""
    if not os.path.lexists(old):
        os.rename(new, old)
        return
    if _exchange(new, old):
        return
    os.rename(old, aside)
    try:
        os.rename(new, old)
    except OSError:
        os.rename(aside, old)
        raise


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_stale(directory: str) -> None:
    """Staging directories of writers that were killed before they could clean up."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            if not entry.name.startswith(_STAGING) or not entry.is_dir(follow_symlinks=False):
                continue
            pid = entry.name[len(_STAGING) :].split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                shutil.rmtree(entry.path, ignore_errors=True)


def write_tree(manifests: Sequence[Manifest], directory: str) -> list[str]:
    """One file per template under ``directory/determined/templates/``, as ``helm template --output-dir``.

    Files of templates not rendered this time are kept, as Helm keeps them (they are
    copied into the new tree; a symbolic link inside the old tree is copied as what it
    points to, since a link to another file system could not be swapped in one step).
    On any failure ``directory`` is as it was, and a directory this call created is
    removed again. Errors name ``directory``'s own paths. Returns the paths written, in
    install order.
    """
    by_template: dict[str, list[Manifest]] = {}
    for manifest in manifests:
        by_template.setdefault(manifest.source, []).append(manifest)
    created = not os.path.exists(directory)
    os.makedirs(directory, exist_ok=True)
    _remove_stale(directory)
    target = os.path.join(directory, CHART_NAME)
    staging = ""
    done = False
    try:
        staging = tempfile.mkdtemp(prefix=f"{_STAGING}{os.getpid()}-", dir=directory)
        tree = os.path.join(staging, CHART_NAME)
        if os.path.isdir(target):
            shutil.copytree(target, tree, symlinks=False)
        for source, group in by_template.items():
            path = os.path.join(staging, source)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if os.path.isdir(path) and not os.path.islink(path):
                raise IsADirectoryError(21, os.strerror(21), os.path.join(directory, source))
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            with open(path, "w", encoding="utf-8") as handle:
                # Each file is its template's part of the stream, as Helm writes it.
                handle.write(stream(group))
                handle.flush()
                os.fsync(handle.fileno())
        _swap(tree, target, os.path.join(staging, "old"))
        done = True
    except OSError as exc:
        # Name the user's path, never the staging directory that is about to disappear.
        shown = exc.filename if isinstance(exc.filename, str) and staging not in exc.filename else directory
        raise OSError(exc.errno, exc.strerror, shown) from None
    finally:
        if staging:
            shutil.rmtree(staging, ignore_errors=True)
        if created and not done:
            shutil.rmtree(directory, ignore_errors=True)
    return [os.path.join(directory, source) for source in by_template]
