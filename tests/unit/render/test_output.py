"""--output-dir is all or nothing: one swap of the whole tree, and nothing left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from chartgen.rendering import output
from chartgen.rendering.engine import Manifest
from chartgen.rendering.output import write_tree

MANIFESTS = [
    Manifest("templates/master-service.yaml", "Service", "kind: Service\nmetadata:\n  name: new\n"),
    Manifest("templates/db-service.yaml", "Service", "kind: Service\nmetadata:\n  name: db\n"),
]


def tree(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): path.read_text() for path in sorted(root.rglob("*")) if path.is_file()
    }


def test_the_new_tree_replaces_the_old_one_keeping_other_templates(tmp_path: Path) -> None:
    templates = tmp_path / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-service.yaml").write_text("old\n")
    (templates / "from-an-older-render.yaml").write_text("kept, as Helm keeps it\n")
    written = write_tree(MANIFESTS, str(tmp_path))
    assert written == [str(templates / "master-service.yaml"), str(templates / "db-service.yaml")]
    files = tree(tmp_path)
    assert files["determined/templates/from-an-older-render.yaml"] == "kept, as Helm keeps it\n"
    assert files["determined/templates/master-service.yaml"].endswith("name: new\n")
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".chartgen-")]


def test_a_symlinked_subdirectory_is_replaced_by_a_real_one_and_its_target_is_untouched(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "master-service.yaml").write_text("theirs\n")
    out = tmp_path / "out"
    (out / "determined").mkdir(parents=True)
    (out / "determined" / "templates").symlink_to(elsewhere)
    write_tree(MANIFESTS, str(out))
    assert not (out / "determined" / "templates").is_symlink()
    assert (elsewhere / "master-service.yaml").read_text() == "theirs\n"
    assert (out / "determined" / "templates" / "master-service.yaml").read_text().endswith("name: new\n")


def test_a_failure_leaves_the_old_tree_and_no_staging_directory(tmp_path: Path) -> None:
    templates = tmp_path / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-service.yaml").write_text("old\n")
    (templates / "db-service.yaml").mkdir()  # a directory where a file must go
    with pytest.raises(IsADirectoryError) as caught:
        write_tree(MANIFESTS, str(tmp_path))
    assert caught.value.filename == str(templates / "db-service.yaml")
    assert tree(tmp_path) == {"determined/templates/master-service.yaml": "old\n"}
    assert sorted(os.listdir(tmp_path)) == ["determined"]


def test_staging_left_by_a_killed_writer_is_removed_by_the_next_one(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    stale = tmp_path / f".chartgen-{dead.stdout.strip()}-abc"
    (stale / "determined").mkdir(parents=True)
    write_tree(MANIFESTS, str(tmp_path))
    assert not stale.exists()


def test_a_swap_the_system_refuses_leaves_the_old_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a shared sticky directory does to another user's tree: the one rename is refused."""
    templates = tmp_path / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-service.yaml").write_text("someone else's\n")

    def refuse(new: str, old: str) -> bool:
        raise PermissionError(1, "Operation not permitted", old)

    monkeypatch.setattr(output, "_exchange", refuse)
    with pytest.raises(PermissionError) as caught:
        write_tree(MANIFESTS, str(tmp_path))
    assert caught.value.filename == str(tmp_path / "determined")
    assert tree(tmp_path) == {"determined/templates/master-service.yaml": "someone else's\n"}
    assert sorted(os.listdir(tmp_path)) == ["determined"]


def test_without_an_exchange_the_old_tree_is_put_back_when_the_second_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = tmp_path / "determined" / "templates"
    templates.mkdir(parents=True)
    (templates / "master-service.yaml").write_text("old\n")
    renames: list[tuple[str, str]] = []
    real_rename = os.rename

    def rename(src: str, dst: str) -> None:
        renames.append((src, dst))
        if len(renames) == 2:
            raise OSError(18, "Invalid cross-device link", dst)
        real_rename(src, dst)

    monkeypatch.setattr(output, "_exchange", lambda new, old: False)
    monkeypatch.setattr(output.os, "rename", rename)
    with pytest.raises(OSError):
        write_tree(MANIFESTS, str(tmp_path))
    monkeypatch.undo()
    assert len(renames) == 3  # old aside, new refused, old back
    assert tree(tmp_path) == {"determined/templates/master-service.yaml": "old\n"}
    assert sorted(os.listdir(tmp_path)) == ["determined"]
