"""Write rendered objects as files, all or nothing."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
from collections.abc import Sequence

from chartgen.render.engine import Manifest, stream


def _check_target(path: str) -> None:
    """Fail before anything moves if ``path`` could not be replaced by a file."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    parent = os.path.dirname(path)
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), parent)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), parent)


def write_tree(manifests: Sequence[Manifest], directory: str) -> list[str]:
    """One file per template under ``directory/determined/templates/``, as ``helm template --output-dir``.

    Every file is written and synced in a staging directory inside ``directory``
    first, and every target checked; only then are the files renamed into place,
    each rename atomic. A failure before that point leaves ``directory`` as it
    was (a directory this call created is removed again). Files of templates
    not rendered this time are left alone, as Helm leaves them. Returns the
    paths written, in install order.
    """
    by_template: dict[str, list[Manifest]] = {}
    for manifest in manifests:
        by_template.setdefault(manifest.source, []).append(manifest)
    targets = {source: os.path.join(directory, source) for source in by_template}
    created = not os.path.exists(directory)
    os.makedirs(directory, exist_ok=True)
    moved = False
    staging = ""
    try:
        staging = tempfile.mkdtemp(prefix=".chartgen-", dir=directory)
        for source, group in by_template.items():
            path = os.path.join(staging, source)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                # Each file is its template's part of the stream, as Helm writes it.
                handle.write(stream(group))
                handle.flush()
                os.fsync(handle.fileno())
        for target in targets.values():
            _check_target(target)
        moved = True
        for source, target in targets.items():
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.replace(os.path.join(staging, source), target)
    finally:
        if staging:
            shutil.rmtree(staging, ignore_errors=True)
        if created and not moved:
            with contextlib.suppress(OSError):
                os.rmdir(directory)
    return list(targets.values())
