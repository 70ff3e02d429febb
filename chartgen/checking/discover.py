"""Which files under a directory are values files: the names the pre-commit hook matches.

The hook's ``files:`` pattern (``.pre-commit-hooks.yaml``) is a file name holding ``values``
and ending ``.yaml`` or ``.yml``; this is the same rule for ``chartgen lint DIR``, so a
repository gets the same files checked from the hook and from CI.
"""

from __future__ import annotations

import os
from collections.abc import Iterable


def is_values_name(name: str) -> bool:
    return "values" in name and name.endswith((".yaml", ".yml"))


def expand(paths: Iterable[str]) -> tuple[list[str], list[str]]:
    """Each path as given, a directory replaced by the values files under it (sorted, spelt as
    ``os.path.normpath`` spells them: ``.`` gives ``a/values.yaml``; hidden
    directories such as ``.git`` and symbolic links to directories are not entered); and the
    directories that held none."""
    files: list[str] = []
    empty: list[str] = []
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            files.append(path)
            continue
        found: list[str] = []
        for directory, subdirectories, names in os.walk(path):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            found.extend(
                os.path.normpath(os.path.join(directory, name))
                for name in sorted(names)
                if is_values_name(name)
            )
        if not found:
            empty.append(path)
        files.extend(found)
    return files, empty
