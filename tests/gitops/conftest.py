"""Small git repositories in ``tmp_path``, laid out as GitOps repositories are, for tests/gitops.

GitOps files name other files relative to the repository (Argo CD ``$values/…``, Flux
``valuesFrom``, helmfile ``values:``) and match sources by the repository's git remote, so the
readers are tested on a real ``git init`` with an ``origin`` remote, never on a bare directory.

Use the ``git_repo`` fixture (files under ``tmp_path / "repo"``, remote ``REMOTE``), or, for
several repositories or another remote, ``make_repo`` (importable: ``from tests.gitops.conftest
import make_repo``). Files are written byte for byte as given, so the line numbers a test
asserts are the lines of its own text; ``GitRepo.line`` finds them by content.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

#: The ``origin`` of repositories made here: an Argo CD source whose ``repoURL`` is this is "this repository".
REMOTE = "https://github.com/example/deploy.git"

# A developer's or runner's git configuration (hooks, signing, templates) must not change a test.
_GIT = (
    "git",
    "-c",
    "init.defaultBranch=main",
    "-c",
    "commit.gpgsign=false",
    "-c",
    "core.hooksPath=/dev/null",
)
_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
}


class GitRepo:
    """A git work tree at ``root``; paths given to its methods are relative to it, with ``/``."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def git(self, *args: str) -> str:
        """Run git in the work tree (its output), failing the test when git fails."""
        done = subprocess.run(
            [*_GIT, *args],
            cwd=self.root,
            env={**os.environ, **_ENV},
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def write(self, relative: str, text: str) -> Path:
        """Write ``text`` exactly (directories made as needed); the file's absolute path."""
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def link(self, relative: str, target: str) -> Path:
        """A symbolic link at ``relative`` pointing at ``target`` as written (relative or absolute)."""
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target)
        return path

    def path(self, relative: str) -> str:
        """The absolute path of a file, as findings name it when lint is given absolute paths."""
        return str(self.root / relative)

    def line(self, relative: str, needle: str, nth: int = 1) -> int:
        """The 1-based line of the ``nth`` line of a file containing ``needle`` (the test fails if none)."""
        found = [i for i, text in enumerate(self.text(relative).splitlines(), 1) if needle in text]
        assert len(found) >= nth, f"{needle!r} is not in {relative} {nth} time(s)"
        return found[nth - 1]

    def text(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")

    def commit(self, message: str = "change") -> str:
        """Commit everything in the work tree; the new commit's id (for ``--from-git`` tests)."""
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").strip()


def make_repo(root: Path, files: Mapping[str, str] | None = None, *, remote: str | None = REMOTE) -> GitRepo:
    """``git init`` at ``root`` with ``files`` written and ``origin`` set to ``remote`` (none when None)."""
    root.mkdir(parents=True, exist_ok=True)
    repo = GitRepo(root)
    repo.git("init", "-q")
    if remote is not None:
        repo.git("remote", "add", "origin", remote)
    for relative, text in (files or {}).items():
        repo.write(relative, text)
    return repo


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    """An empty repository at ``tmp_path / "repo"`` with ``origin`` = ``REMOTE``."""
    return make_repo(tmp_path / "repo")
