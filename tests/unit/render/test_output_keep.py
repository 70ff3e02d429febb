"""--output-dir's old tree, what else writes the directory, and signals: the parts no process shows.

The whole processes are in tests/acceptance/test_output_dir_hostile.py.
"""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from chartgen.rendering import output
from chartgen.rendering.engine import Manifest
from chartgen.rendering.output import write_tree

MANIFESTS = [
    Manifest("templates/master-service.yaml", "Service", "kind: Service\nmetadata:\n  name: new\n"),
    Manifest("templates/db-service.yaml", "Service", "kind: Service\nmetadata:\n  name: db\n"),
]


def old_tree(root: Path) -> Path:
    templates = root / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-service.yaml").write_text("old\n")
    (templates / "kept.yaml").write_text("kept\n")
    return templates


def test_kept_files_are_the_same_files_never_read(tmp_path: Path) -> None:
    templates = old_tree(tmp_path)
    before = os.stat(templates / "kept.yaml")
    write_tree(MANIFESTS, str(tmp_path))
    assert os.path.samestat(os.stat(templates / "kept.yaml"), before)


def test_where_hard_links_are_refused_files_are_copied_and_links_stay_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = old_tree(tmp_path)
    os.chmod(templates / "kept.yaml", 0o640)
    (templates / "link.yaml").symlink_to("kept.yaml")
    docs = tmp_path / "determined" / "docs"
    docs.mkdir(mode=0o750)
    (docs / "notes.txt").write_text("notes\n")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", refuse)
    write_tree(MANIFESTS, str(tmp_path))
    monkeypatch.undo()
    assert (templates / "kept.yaml").read_text() == "kept\n"
    assert stat.S_IMODE(os.stat(templates / "kept.yaml").st_mode) == 0o640
    assert os.readlink(templates / "link.yaml") == "kept.yaml"
    assert (docs / "notes.txt").read_text() == "notes\n"
    assert stat.S_IMODE(os.stat(docs).st_mode) == 0o750


def test_a_named_pipe_that_cannot_be_linked_is_an_error_and_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = old_tree(tmp_path)
    os.mkfifo(templates / "pipe.yaml")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", refuse)
    with pytest.raises(PermissionError) as caught:
        write_tree(MANIFESTS, str(tmp_path))
    monkeypatch.undo()
    assert caught.value.filename == str(templates / "pipe.yaml")
    assert (templates / "master-service.yaml").read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["determined"]


@pytest.mark.parametrize("where", ["determined", "determined/templates"])
def test_a_file_where_the_render_needs_a_directory_is_an_error_and_is_kept(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / where).write_text("mine\n")
    with pytest.raises(NotADirectoryError) as caught:
        write_tree(MANIFESTS, str(tmp_path))
    assert caught.value.filename == str(tmp_path / where)
    assert (tmp_path / where).read_text() == "mine\n"
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".chartgen-")]


def test_a_link_in_place_of_the_chart_directory_is_replaced_and_its_target_untouched(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "templates").mkdir(parents=True)
    (elsewhere / "templates" / "secret.yaml").write_text("not for the render\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "determined").symlink_to(elsewhere)
    write_tree(MANIFESTS, str(out))
    assert not (out / "determined").is_symlink()
    assert sorted(os.listdir(out / "determined" / "templates")) == ["db-service.yaml", "master-service.yaml"]
    assert (elsewhere / "templates" / "secret.yaml").read_text() == "not for the render\n"


@pytest.fixture
def previous_handlers() -> Iterator[list[int]]:
    """SIGTERM noted by a Python handler that returns, SIGINT ignored; both put back afterwards."""
    noted: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)

    saved = signal.signal(signal.SIGTERM, note), signal.signal(signal.SIGINT, signal.SIG_IGN)
    yield noted
    signal.signal(signal.SIGTERM, saved[0])
    signal.signal(signal.SIGINT, saved[1])


def during_write(monkeypatch: pytest.MonkeyPatch, action: Callable[[], None]) -> None:
    real = output.stream

    def stream(group: list[Manifest]) -> str:
        action()
        return real(group)

    monkeypatch.setattr(output, "stream", stream)


def test_handlers_are_set_only_while_writing_and_an_ignored_signal_stays_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, previous_handlers: list[int]
) -> None:
    seen: list[object] = []
    during_write(
        monkeypatch, lambda: seen.extend([signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)])
    )
    before = signal.getsignal(signal.SIGTERM)
    write_tree(MANIFESTS, str(tmp_path))
    assert seen[0] is not before and callable(seen[0])
    assert seen[1] == signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is before
    assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def test_a_signal_whose_handler_returns_abandons_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, previous_handlers: list[int]
) -> None:
    templates = old_tree(tmp_path)
    during_write(monkeypatch, lambda: signal.raise_signal(signal.SIGTERM))
    with pytest.raises(InterruptedError) as caught:
        write_tree(MANIFESTS, str(tmp_path))
    assert caught.value.filename == str(tmp_path)
    assert previous_handlers == [signal.SIGTERM]  # delivered once, after the clean-up
    assert (templates / "master-service.yaml").read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["determined"]


def test_a_write_from_another_thread_sets_no_handler(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    failed: list[BaseException] = []

    def write() -> None:
        try:
            write_tree(MANIFESTS, str(tmp_path))
        except BaseException as exc:
            failed.append(exc)

    thread = threading.Thread(target=write)
    thread.start()
    thread.join()
    assert failed == []
    assert signal.getsignal(signal.SIGTERM) is before
    assert (tmp_path / "determined" / "templates" / "db-service.yaml").exists()


def test_a_writer_waits_its_turn_and_remakes_a_directory_removed_meanwhile(tmp_path: Path) -> None:
    """What a failing writer that had made the directory leaves to the one waiting for it."""
    out = tmp_path / "out"
    out.mkdir()
    held = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(held, fcntl.LOCK_EX)
    thread = threading.Thread(target=write_tree, args=(MANIFESTS, str(out)))
    thread.start()
    thread.join(0.3)
    assert thread.is_alive()
    assert os.listdir(out) == []
    out.rmdir()
    os.close(held)
    thread.join(10)
    assert not thread.is_alive()
    assert sorted(os.listdir(out / "determined" / "templates")) == ["db-service.yaml", "master-service.yaml"]


def test_a_signal_ends_the_wait_for_another_writer_at_once(
    tmp_path: Path, previous_handlers: list[int]
) -> None:
    templates = old_tree(tmp_path)
    held = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(held, fcntl.LOCK_EX)
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(0.2, signal.pthread_kill, (main, signal.SIGTERM))
    timer.start()
    try:
        with pytest.raises(InterruptedError):
            write_tree(MANIFESTS, str(tmp_path))
    finally:
        timer.join()
        os.close(held)
    assert previous_handlers == [signal.SIGTERM]
    assert (templates / "master-service.yaml").read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["determined"]
