"""The repository a GitOps file belongs to: the boundary nothing is read outside of, and its remotes.

GitOps files arrive in pull requests and CI lints them on a runner with its own credentials, so a
file they name (an Argo CD value file, a helmfile ``values:`` entry, a Flux ``valuesFrom`` manifest)
is read only when its real path, every symbolic link resolved, is inside the repository; anything
else is a located finding at the line that names it, and the file is never opened. Argo CD draws
the same boundary (``util/io/path/resolved.go``, ``resolveFileOrDirectory``: links resolved, then
the path must lie under the repository root; an absolute value file is taken from the root).

The root is the nearest directory up from the file holding ``.git`` (a directory, or the file a
worktree or submodule has): what ``git rev-parse --show-toplevel`` answers, found in about 0.03 ms
rather than the 2.4 ms of starting git (measured on this repository, 1,000 and 20 runs). Outside a
git work tree, the directory ``lint`` was given bounds it, else the file's own directory.

Remote URLs come from the repository's ``config`` and are compared as Argo CD compares them
(``util/git/git.go``, ``NormalizeGitURL``: trimmed, lower-cased, ``.git`` dropped, ``git@host:path``
read as ``ssh://git@host/path``), and further by host and path alone: a clone made over SSH is
the same repository an Application names by HTTPS, though Argo CD caches the two apart.
"""

from __future__ import annotations

import os
import re

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.records import record

#: A repository's ``config`` is a few hundred bytes; a larger one is read no further than this.
_MAX_CONFIG_BYTES = 64 * 1024
#: Argo CD's ``sshURLRegex``: ``user@host:path`` or ``ssh://user@host/path``.
_SSH = re.compile(r"^(ssh://)?([^/:]*?)@[^@]+$")
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)

OUTSIDE = "values-file-outside-repository"
MISSING = "values-file-missing"


@record(frozen=True)
class Repo:
    """A repository's root (a real path, links resolved) and its remotes, normalised."""

    root: str
    remotes: tuple[str, ...] = ()
    #: Whether ``root`` is a git work tree's top, rather than the directory that stood in for it.
    is_git: bool = False

    @classmethod
    def of(cls, file: str, given: str | None = None) -> Repo:
        """The repository holding ``file``: its git work tree, else ``given`` (the directory
        ``lint`` was given), else the file's own directory."""
        start = os.path.dirname(os.path.abspath(file))
        top = _work_tree(start)
        if top is not None:
            return cls(os.path.realpath(top), tuple(_remotes(top)), is_git=True)
        fallback = given if given is not None and os.path.isdir(given) else start
        return cls(os.path.realpath(fallback))

    def names(self, url: str) -> bool:
        """Whether ``url`` (an Argo CD ``repoURL``) is one of this repository's remotes."""
        wanted = normalise(url)
        return bool(wanted) and wanted in self.remotes

    def contains(self, path: str) -> bool:
        """Whether ``path``, every link resolved, is inside the repository (the root itself too)."""
        return self._holds(os.path.realpath(path))

    def open(
        self,
        base_file: str,
        relative: str,
        at: Location,
        *,
        rooted: bool = False,
        severity: Severity = Severity.WARNING,
        what: str = "values file",
    ) -> str | Diagnostic:
        """The path of ``relative`` (written in ``base_file``, relative to its directory) when it
        is inside the repository, spelt as ``base_file`` is (relative stays relative); else the
        finding at ``at``, and nothing is opened.

        ``rooted``: an absolute path is taken from the repository's root (Argo CD's rule);
        otherwise it names a file on this machine, which is outside. A URL is outside too.
        The path returned may not exist: whether that is an error is the tool's rule (a name
        no file can have, holding a NUL, is ``values-file-missing`` here)."""
        if "\0" in relative:
            return Diagnostic(
                MISSING,
                f"{what} {relative!r} names no file: no path holds a NUL character",
                Severity.ERROR,
                at,
            )
        if _SCHEME.match(relative) or relative.startswith("git::"):
            return self._outside(
                at, f"{what} {relative!r} is fetched from elsewhere, outside the repository", severity
            )
        if os.path.isabs(relative) and not rooted:
            return self._outside(
                at, f"{what} {relative!r} is an absolute path, outside the repository", severity
            )
        base_dir = os.path.realpath(os.path.dirname(base_file) or os.curdir)
        if os.path.isabs(relative):
            joined = os.path.join(self.root, relative.lstrip("/" + os.sep))
        else:
            joined = os.path.join(base_dir, relative)
        real = os.path.realpath(joined)
        if not self._holds(real):
            if self._holds(os.path.normpath(joined)):
                why = f"{what} {relative!r} is a symbolic link (or passes through one) to outside the repository"
            else:
                why = f"{what} {relative!r} leaves the repository"
            return self._outside(at, why, severity)
        spelt = os.path.normpath(os.path.join(os.path.dirname(base_file), relative))
        if os.path.isabs(relative) or os.path.realpath(spelt) != real:  # ``link/..`` follows the link
            spelt = real if os.path.isabs(base_file) else os.path.relpath(real)
        return spelt

    def _holds(self, real: str) -> bool:
        return real == self.root or real.startswith(self.root.rstrip(os.sep) + os.sep)

    def _outside(self, at: Location, why: str, severity: Severity) -> Diagnostic:
        return Diagnostic(
            OUTSIDE,
            f"{why}: it was not read, so its values were not checked",
            severity,
            at,
            hint="keep the file in this repository and name it by a relative path inside it",
        )


def normalise(url: str) -> str:
    """``url`` as this repository's remotes are compared: ``host/path``, lower-cased, without
    scheme, user, password, port, ``.git`` or a trailing ``/``; empty when it names no host."""
    text = url.strip().lower()
    if _SSH.match(text) and not text.startswith("ssh://"):
        text = "ssh://" + text.replace(":", "/", 1)
    if not _SCHEME.match(text):
        return ""  # a local path: no host to compare
    text = _SCHEME.sub("", text, count=1)
    host, _, path = text.partition("/")
    host = host.rpartition("@")[2].partition(":")[0]
    path = path.strip("/").removesuffix(".git").strip("/")
    return f"{host}/{path}" if host and path else ""


def _work_tree(start: str) -> str | None:
    """The nearest directory from ``start`` up holding ``.git``, as git finds its work tree."""
    here = start
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _remotes(top: str) -> list[str]:
    """Every ``url`` of a ``[remote "…"]`` section of the repository's ``config``, normalised."""
    text = _read_config(top)
    found: list[str] = []
    in_remote = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            in_remote = re.match(r'^\[\s*remote\s+"', line) is not None
            continue
        if not in_remote or not line or line[0] in "#;":
            continue
        name, equals, value = line.partition("=")
        if equals and name.strip().lower() == "url":
            normalised = normalise(_config_value(value))
            if normalised and normalised not in found:
                found.append(normalised)
    return found


def _read_config(top: str) -> str:
    """The ``config`` of the git directory of work tree ``top`` (``.git``, or where a worktree's
    or submodule's ``.git`` file points, and a worktree's common directory); empty if none."""
    dot_git = os.path.join(top, ".git")
    git_dir = dot_git
    if os.path.isfile(dot_git):
        pointer = _read_small(dot_git)
        if not pointer.startswith("gitdir:"):
            return ""
        git_dir = os.path.join(top, pointer[len("gitdir:") :].strip())
        common = _read_small(os.path.join(git_dir, "commondir")).strip()
        if common:
            git_dir = os.path.join(git_dir, common)
    return _read_small(os.path.join(git_dir, "config"))


def _read_small(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(_MAX_CONFIG_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def _config_value(text: str) -> str:
    """A git config value: quotes removed, a comment after it dropped, ``\\`` escapes read."""
    out: list[str] = []
    quoted = False
    chars = iter(text.strip())
    for char in chars:
        if char == '"':
            quoted = not quoted
        elif char == "\\":
            escaped = next(chars, "")
            out.append({"n": "\n", "t": "\t", "b": "\b"}.get(escaped, escaped))
        elif char in "#;" and not quoted:
            break
        else:
            out.append(char)
    return "".join(out).strip()
