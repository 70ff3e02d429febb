"""Write rendered objects as files, all or nothing, whatever else uses the directory.

The new tree is built beside the old one, inside ``directory``, and swapped in with one
rename: Linux's ``renameat2(RENAME_EXCHANGE)`` exchanges the two directories atomically,
so a reader (or a kill) sees the old tree or the new one, never a mix. Where the exchange
is not available the old tree is renamed away first and put back if the second rename
fails.

Writers of one directory take turns, holding an exclusive ``flock`` on the directory itself
(no lock file is left behind): each starts from the tree the one before it finished, so
renders racing into a directory (two CI jobs, say) end as if run one after the other, the
last one winning whole, and none removes what another finished.

What a render keeps of the old tree (the files of templates it does not write, as Helm
keeps them) is carried over entry by entry without following a symbolic link: links stay
links, and files are hard-linked, so nothing in them is read (copied only where the file
system refuses the link).

Staging directories carry the writer's process id. SIGTERM or SIGINT during a write removes
its staging directory before the signal takes its course; after a SIGKILL, the next writer
removes the staging directories whose writer is gone.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator, Sequence
from types import FrameType, TracebackType

from chartgen.rendering.engine import CHART_NAME, Manifest, stream

_STAGING = ".chartgen-"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
# A directory of a tree, opened without following a link in its place.
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class _Interrupted(BaseException):
    """Unwinds a write on SIGTERM or SIGINT; not an ``Exception``, so no error handler takes it."""


class _Signals:
    """SIGTERM and SIGINT while a tree is written, given back to their own handlers afterwards.

    A signal is noted, and the write stops at the next point where it can (``check``), so its
    clean-up always runs whole; only the wait for another writer is cut short at once.
    Handlers are set only from the main thread (Python allows no other), and a signal that is
    ignored, or handled outside Python, is left as it is.
    """

    def __init__(self) -> None:
        self.received: int | None = None
        self.waiting = False

    def __enter__(self) -> _Signals:
        main = threading.current_thread() is threading.main_thread()
        self._previous = [
            (signum, signal.signal(signum, self._note))
            for signum in (signal.SIGTERM, signal.SIGINT)
            if main and signal.getsignal(signum) not in (None, signal.SIG_IGN)
        ]
        return self

    def _note(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signum
        if self.waiting:
            self.waiting = False
            raise _Interrupted

    def check(self) -> None:
        """Stop here if a signal came."""
        if self.received is not None:
            raise _Interrupted

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool:
        for signum, handler in self._previous:
            signal.signal(signum, handler)
        if self.received is not None:
            signal.raise_signal(self.received)  # ends the process, raises KeyboardInterrupt, or returns
        return kind is _Interrupted


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
    if error in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # this file system cannot exchange
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


def _same(fd: int, path: str) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False


def _wait_turn(fd: int, signals: _Signals) -> None:
    """Wait until no other writer holds ``fd``'s directory; a signal ends the wait at once.

    A file system without locks (some network ones) is written without waiting: each swap is
    still whole, but of two racing renders the later may not keep a file only the other wrote.
    """
    signals.waiting = True
    try:
        signals.check()
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
    finally:
        signals.waiting = False


def _open_locked(directory: str, signals: _Signals) -> tuple[int, bool]:
    """``directory``, made if missing, open and ours to write; and whether this call made it.

    A writer that fails removes the directory it made, so one waiting for it may wake to a
    directory that is gone: it makes the directory again.
    """
    parent = os.path.dirname(directory.rstrip(os.sep))
    while True:
        if parent:
            os.makedirs(parent, exist_ok=True)
        created = False
        with contextlib.suppress(FileExistsError):
            os.mkdir(directory)
            created = True
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            _wait_turn(fd, signals)
        except BaseException:
            os.close(fd)
            if created:
                with contextlib.suppress(OSError):
                    os.rmdir(directory)
            raise
        if _same(fd, directory):
            return fd, created
        os.close(fd)


@contextlib.contextmanager
def _closing(fd: int) -> Iterator[int]:
    try:
        yield fd
    finally:
        os.close(fd)


def _named(error: OSError, path: str) -> OSError:
    return OSError(error.errno, error.strerror, path)


def _keep_file(name: str, mode: int, old: int, new: int) -> None:
    """The same file in the new tree: hard-linked, or copied where links are refused (regular
    files only: a named pipe or a device is never opened)."""
    try:
        os.link(name, name, src_dir_fd=old, dst_dir_fd=new, follow_symlinks=False)
        return
    except OSError:
        if not stat.S_ISREG(mode):
            raise
    with open(
        os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=old), "rb"
    ) as reader:
        if not stat.S_ISREG(os.fstat(reader.fileno()).st_mode):  # replaced since it was listed
            raise OSError(errno.EINVAL, "not a regular file")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        with open(os.open(name, flags, 0o600, dir_fd=new), "wb") as writer:
            shutil.copyfileobj(reader, writer)
            writer.flush()
            os.fchmod(writer.fileno(), stat.S_IMODE(mode))
            os.fsync(writer.fileno())


class _Plan:
    """What a render writes under ``directory``: ``files``, and the ``folders`` they go in."""

    def __init__(self, directory: str, files: Iterable[str]) -> None:
        self.directory = directory
        self.files = frozenset(files)
        folders = {CHART_NAME}
        for file in self.files:
            folder = os.path.dirname(file)
            while folder:
                folders.add(folder)
                folder = os.path.dirname(folder)
        self.folders = frozenset(folders)


def _carry(old: int, new: int, names: list[str], prefix: str, plan: _Plan, signals: _Signals) -> None:
    """The old directory ``old``'s entries ``names`` into ``new``, but for the files this render
    writes; ``prefix`` is their directory's path under the output directory.

    A link where the render needs a directory is left behind (the render's directory replaces
    it, and its target is untouched); a directory where the render writes a file, or a file
    where it needs a directory, is an error, as it is for Helm.
    """
    for name in names:
        signals.check()
        path = os.path.join(prefix, name)
        shown = os.path.join(plan.directory, path)
        try:
            mode = os.stat(name, dir_fd=old, follow_symlinks=False).st_mode
            if path in plan.files:
                if stat.S_ISDIR(mode):
                    raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
                continue
            if path in plan.folders and not stat.S_ISDIR(mode):
                if stat.S_ISLNK(mode):
                    continue
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
            if stat.S_ISLNK(mode):
                os.symlink(os.readlink(name, dir_fd=old), name, dir_fd=new)
                continue
            if not stat.S_ISDIR(mode):
                _keep_file(name, mode, old, new)
                continue
            os.mkdir(name, dir_fd=new)
            old_folder = os.open(name, _DIRECTORY, dir_fd=old)
        except OSError as exc:
            raise _named(exc, shown) from None
        with _closing(old_folder):
            try:
                entries = os.listdir(old_folder)
                new_folder = os.open(name, _DIRECTORY, dir_fd=new)
            except OSError as exc:
                raise _named(exc, shown) from None
            with _closing(new_folder):
                _carry(old_folder, new_folder, entries, path, plan, signals)
        if path not in plan.folders:
            os.chmod(name, stat.S_IMODE(mode), dir_fd=new)


def _write(by_template: dict[str, list[Manifest]], directory: str, signals: _Signals) -> None:
    lock, created = _open_locked(directory, signals)
    staging = ""
    done = False
    try:
        _remove_stale(directory)
        staging = tempfile.mkdtemp(prefix=f"{_STAGING}{os.getpid()}-", dir=directory)
        plan = _Plan(directory, by_template)
        if os.path.lexists(os.path.join(directory, CHART_NAME)):
            with _closing(os.open(staging, _DIRECTORY)) as new:
                _carry(lock, new, [CHART_NAME], "", plan, signals)
        for source, group in by_template.items():
            signals.check()
            path = os.path.join(staging, source)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "x", encoding="utf-8") as handle:
                # Each file is its template's part of the stream, as Helm writes it.
                handle.write(stream(group))
                handle.flush()
                os.fsync(handle.fileno())
        tree = os.path.join(staging, CHART_NAME)
        os.makedirs(tree, exist_ok=True)
        signals.check()
        _swap(tree, os.path.join(directory, CHART_NAME), os.path.join(staging, "old"))
        done = True
    except OSError as exc:
        # Name the user's path, never the staging directory that is about to disappear.
        shown = exc.filename if isinstance(exc.filename, str) and staging not in exc.filename else directory
        raise OSError(exc.errno, exc.strerror, shown) from None
    finally:
        if staging:
            shutil.rmtree(staging, ignore_errors=True)
        if created and not done:
            with contextlib.suppress(OSError):
                os.rmdir(directory)  # only if empty: a tree another writer finished in it stays
        os.close(lock)  # the next writer's turn, once nothing of this one is left


def write_tree(manifests: Sequence[Manifest], directory: str) -> list[str]:
    """One file per template under ``directory/determined/templates/``, as ``helm template --output-dir``.

    Files of templates not rendered this time are kept, as Helm keeps them; links among them
    stay links, never read. On any failure ``directory`` is as it was, and a directory this
    call created is removed again. Errors name ``directory``'s own paths. Returns the paths
    written, in install order.
    """
    by_template: dict[str, list[Manifest]] = {}
    for manifest in manifests:
        by_template.setdefault(manifest.source, []).append(manifest)
    with _Signals() as signals:
        _write(by_template, directory, signals)
        return [os.path.join(directory, source) for source in by_template]
    # Reached when SIGTERM or SIGINT stopped the write and their own handler returned.
    raise InterruptedError(errno.EINTR, os.strerror(errno.EINTR), directory)
