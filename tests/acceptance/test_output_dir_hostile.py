"""``--output-dir`` against what shares its directory: racing renders, links in the old tree, signals.

Each case runs ``chartgen render`` as its own process, as a GitOps job does, under a CPU
limit and a file-size limit, so a regression that reads ``/dev/zero`` is killed instead of
hanging the suite or filling the disk; the timeout only stops a process that waits forever.
"""

from __future__ import annotations

import os
import signal
import stat
import time
from pathlib import Path

import pytest

from tests.support import process

TIMEOUT = 60
#: Renders tried until a signal lands mid-write; on a loaded machine many finish first.
ATTEMPTS = 60
VALUES = "maxSlotsPerPod: {slots}\ninitialUserPassword: {password}\ndb:\n  keepOnUninstall: true\n"
SECRET = "token-4c1d9e-never-in-a-render"
SUBSET = ("-s", "templates/master-config.yaml", "-s", "templates/db-service.yaml")
STAGING = ".chartgen-"

Tree = dict[str, str]


#: Bounds on the render, and the signals it is sent as a terminal would deliver them.
LIMITS = process.Limits(cpu=5, file_size=64 << 20, default_signals=True)


def start(*args: str) -> process.Process:
    return process.Process([*process.CHARTGEN, "render", *args], limits=LIMITS)


def render(*args: str) -> process.Done:
    return start(*args).wait(TIMEOUT)


def snapshot(root: Path) -> Tree:
    """Every entry under ``root`` as what it is, never following a link: a file's text,
    ``-> target`` for a link, ``dir``, or ``special``."""
    found: Tree = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            mode = os.lstat(path).st_mode
            rel = os.path.relpath(path, root)
            if stat.S_ISLNK(mode):
                found[rel] = f"-> {os.readlink(path)}"
            elif stat.S_ISDIR(mode):
                found[rel] = "dir"
            elif stat.S_ISREG(mode):
                found[rel] = Path(path).read_text()
            else:
                found[rel] = "special"
    return found


def staging(directory: Path) -> list[str]:
    return [name for name in os.listdir(directory) if name.startswith(STAGING)]


@pytest.fixture(scope="module")
def values(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("values")
    first, second = folder / "first.yaml", folder / "second.yaml"
    first.write_text(VALUES.format(slots=4, password="Passw0rdX"))
    second.write_text(VALUES.format(slots=8, password="0therPassw0rd"))
    return first, second


@pytest.fixture(scope="module")
def alone(values: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Tree]:
    """What each render writes into a fresh directory when nothing else runs."""
    folder = tmp_path_factory.mktemp("alone")
    first, second = values
    runs = {
        "first": ("-f", str(first)),
        "second": ("-f", str(second)),
        "subset": ("-f", str(second), *SUBSET),
    }
    trees = {}
    for name, args in runs.items():
        assert render(*args, "--output-dir", str(folder / name)).code == 0
        trees[name] = snapshot(folder / name)
    assert trees["first"] != trees["second"]
    assert sorted(trees["first"]) == sorted(trees["second"])
    return trees


def test_racing_renders_into_a_new_directory_leave_one_complete_render(
    values: tuple[Path, Path], alone: dict[str, Tree], tmp_path: Path
) -> None:
    """Renders wait for each other: the last one wins whole, and nothing a finished one wrote is lost.

    Helm keeps the files of templates a render does not write, so after a full render and a
    ``--show-only`` one the tree is what running them one after the other leaves.
    """
    first, second = values
    one_after_other = {
        False: [alone["first"], alone["second"]],
        True: [alone["first"], {**alone["first"], **alone["subset"]}],
    }
    races = []
    for race in range(20):
        out = tmp_path / f"race-{race}" / "new" / "out"
        subset = race % 2 == 1
        other = ("-f", str(second), *(SUBSET if subset else ()))
        pair = [start("-f", str(first), "--output-dir", str(out)), start(*other, "--output-dir", str(out))]
        races.append((out, subset, pair))
    for out, subset, renders in races:
        for running in renders:
            done = running.wait(TIMEOUT)
            assert (done.code, done.err) == (0, "")
        assert snapshot(out) in one_after_other[subset], out
        assert staging(out) == []


def test_links_in_the_old_tree_are_kept_as_links_and_never_read(
    values: tuple[Path, Path], alone: dict[str, Tree], tmp_path: Path
) -> None:
    token = tmp_path / "token"
    token.write_text(SECRET)
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    (secrets / "token.yaml").write_text(SECRET)
    out = tmp_path / "out"
    templates = out / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "kept-token.yaml").symlink_to(token)
    (templates / "relative-token.yaml").symlink_to("../../../token")
    (templates / "master-config.yaml").symlink_to(
        token
    )  # rendered: the link is replaced, never written through
    (out / "determined" / "charts").symlink_to(secrets)
    result = render("-f", str(values[0]), "--output-dir", str(out))
    assert (result.code, result.err) == (0, "")
    tree = snapshot(out)
    assert not [path for path, text in tree.items() if SECRET in text]
    assert tree == {
        **alone["first"],
        "determined/templates/kept-token.yaml": f"-> {token}",
        "determined/templates/relative-token.yaml": "-> ../../../token",
        "determined/charts": f"-> {secrets}",
    }
    assert token.read_text() == SECRET
    assert snapshot(secrets) == {"token.yaml": SECRET}


def test_endless_entries_in_the_old_tree_are_kept_without_being_read(
    values: tuple[Path, Path], alone: dict[str, Tree], tmp_path: Path
) -> None:
    """A link to ``/dev/zero`` and a named pipe: reading either never ends (or fills the disk)."""
    out = tmp_path / "out"
    templates = out / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "zero.yaml").symlink_to("/dev/zero")
    (templates / "master-config.yaml").symlink_to("/dev/zero")
    os.mkfifo(templates / "pipe.yaml")
    began = time.monotonic()
    result = render("-f", str(values[0]), "--output-dir", str(out))
    assert (result.code, result.err) == (0, "")
    assert time.monotonic() - began < 10
    assert snapshot(out) == {
        **alone["first"],
        "determined/templates/zero.yaml": "-> /dev/zero",
        "determined/templates/pipe.yaml": "special",
    }


KEPT = 5000


def big_old_tree(out: Path) -> Tree:
    """An old tree whose kept part takes a while to carry over: the window a signal lands in."""
    templates = out / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-config.yaml").write_text("old\n")
    kept = out / "determined" / "kept"
    kept.mkdir()
    for number in range(KEPT):
        (kept / f"{number}.yaml").write_text(f"kept {number}\n")
    return snapshot(out)


def old_config(out: Path) -> bool:
    """Whether the old tree is still in place (its rendered file not replaced, every kept file there)."""
    config = out / "determined" / "templates" / "master-config.yaml"
    return config.read_text() == "old\n" and len(os.listdir(out / "determined" / "kept")) == KEPT


def signal_while_staged(out: Path, args: tuple[str, ...], signum: int) -> tuple[process.Done, bool]:
    """Start a render and send it ``signum`` as soon as its own staging directory exists: how it
    ended, and whether the signal was sent while it was staging."""
    running = start(*args)
    mine = f"{STAGING}{running.pid}-"
    deadline = time.monotonic() + TIMEOUT
    while running.poll() is None and time.monotonic() < deadline:
        if any(name.startswith(mine) for name in os.listdir(out)):
            running.signal(signum)
            return running.wait(TIMEOUT), True
        time.sleep(0.0005)
    return running.wait(TIMEOUT), False


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, -signal.SIGTERM), (signal.SIGINT, 130)])
def test_a_signal_mid_write_removes_the_staging_directory_and_keeps_the_old_tree(
    values: tuple[Path, Path], tmp_path: Path, signum: int, status: int
) -> None:
    """The process then ends as the signal would have it: killed by SIGTERM, 130 on SIGINT."""
    out = tmp_path / "out"
    old = big_old_tree(out)
    args = ("-f", str(values[0]), "--output-dir", str(out))
    landed = 0
    for _ in range(ATTEMPTS):
        done, staged = signal_while_staged(out, args, signum)
        assert staging(out) == []
        if staged and old_config(out):
            assert (done.code, done.err) == (status, "")
            landed += 1
            if landed == 3:
                break
        else:  # the signal came after the swap: the new tree is in place, whole
            config = out / "determined" / "templates" / "master-config.yaml"
            assert config.read_text().startswith("---\n# Source: determined/templates/master-config.yaml\n")
            config.write_text("old\n")
    assert landed == 3
    assert snapshot(out) == old


def test_staging_left_by_sigkill_is_removed_by_the_next_render(
    values: tuple[Path, Path], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    old = big_old_tree(out)
    args = ("-f", str(values[0]), "--output-dir", str(out))
    for _ in range(ATTEMPTS):
        done, staged = signal_while_staged(out, args, signal.SIGKILL)
        if staged and old_config(out):
            break
        (out / "determined" / "templates" / "master-config.yaml").write_text("old\n")
    assert done.code == -signal.SIGKILL
    assert staging(out) != []  # nothing of a process runs after SIGKILL
    assert {path: text for path, text in snapshot(out).items() if not path.startswith(STAGING)} == old
    result = render(*args)
    assert (result.code, result.err) == (0, "")
    assert staging(out) == []
    tree = snapshot(out)
    config = tree.pop("determined/templates/master-config.yaml")
    assert config.startswith("---\n# Source: determined/templates/master-config.yaml\n")
    assert {path: text for path, text in tree.items() if path in old} == {
        path: text for path, text in old.items() if path != "determined/templates/master-config.yaml"
    }
