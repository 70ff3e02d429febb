"""Which files under a directory are checked: values files, by the names the pre-commit hook
matches, and GitOps files (Argo CD, Flux, helmfile, kustomize), by their content.

The pre-commit hook (``.pre-commit-hooks.yaml``, ``types: [yaml]``) hands chartgen every YAML
file, and ``check`` passes by those holding no Determined values; a walk reads fewer, to stay
cheap on large trees: files named as values files (``values`` in the name, ``.yaml`` or
``.yml``) and those whose content may be GitOps objects. A Determined values file named
otherwise is checked when named on the command line, or by the hook.

A directory is the boundary of what its walk reads: a file under it that is a symbolic link to
somewhere outside (its real path not under the directory's) is skipped with a located finding,
never opened, so ``lint DIR`` in CI cannot be made to read and quote a runner's own files. A
file named on the command line is the user's choice and is read as given.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from chartgen.diagnostics import Diagnostic, Location, Severity

#: The finding for a file under a directory that links out of it.
LINK_OUT = "link-outside-directory"


def is_values_name(name: str) -> bool:
    return "values" in name and name.endswith((".yaml", ".yml"))


def expand(paths: Iterable[str]) -> tuple[list[str], list[str], list[Diagnostic]]:
    """Each path as given, a directory replaced by the values files under it (sorted, spelt as
    ``os.path.normpath`` spells them: ``.`` gives ``a/values.yaml``; hidden
    directories such as ``.git`` and symbolic links to directories are not entered); the
    directories that held none; and a finding for each file under a directory that is a link out
    of it, not read."""
    files: list[str] = []
    empty: list[str] = []
    skipped: list[Diagnostic] = []
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            files.append(path)
            continue
        root = os.path.realpath(path)
        found: list[str] = []
        for directory, subdirectories, names in os.walk(path):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            for name in sorted(names):
                if not name.endswith((".yaml", ".yml", ".gotmpl")):
                    continue
                file = os.path.normpath(os.path.join(directory, name))
                if os.path.islink(file) and not _under(os.path.realpath(file), root):
                    if is_values_name(name):  # any other YAML file is a GitOps file only by its content
                        skipped.append(_link_out(file, path))
                elif is_values_name(name) or _holds_gitops(file):
                    found.append(file)
        if not found:
            empty.append(path)
        files.extend(found)
    return files, empty, skipped


def _holds_gitops(file: str) -> bool:
    """Whether a YAML file not named as a values file may hold GitOps objects (Argo CD
    Applications, Flux HelmReleases, …): ``check`` then reads it and checks the Determined
    installs it makes, if any. A file that cannot be read is left out, as any other YAML file."""
    from chartgen.gitops import looks_like_gitops
    from chartgen.yamlio.read import read_bytes

    if file.endswith(".gotmpl"):  # a helmfile template, by helmfile's own names; no other template
        from chartgen.gitops.helmfile import is_helmfile_name

        return is_helmfile_name(file)
    try:
        data = read_bytes(file)
    except OSError:
        return False
    return looks_like_gitops(data.decode("utf-8", "replace"))


def _under(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def _link_out(file: str, directory: str) -> Diagnostic:
    return Diagnostic(
        LINK_OUT,
        f"this file is a symbolic link to outside {directory}, so it was not read",
        Severity.WARNING,
        Location(file, 1, 1),
        hint="lint DIR reads only what is in the tree it walks; name the file on the command line to lint it",
    )
