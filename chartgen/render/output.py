"""Write rendered objects as files, all or nothing."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence

from chartgen.render.engine import Manifest


def write_tree(manifests: Sequence[Manifest], directory: str) -> None:
    """One file per template under ``directory/determined/templates/``, as ``helm template --output-dir``.

    Files are written into a temporary directory beside the target and moved into
    place only once all are written, so a failure leaves the target as it was.
    """
    by_template: dict[str, list[str]] = {}
    for manifest in manifests:
        by_template.setdefault(manifest.source, []).append(manifest.text)
    os.makedirs(directory, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".chartgen-", dir=directory)
    try:
        for source, docs in by_template.items():
            path = os.path.join(staging, source)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("".join(f"---\n# Source: {source}\n{doc}\n" for doc in docs))
                handle.flush()
                os.fsync(handle.fileno())
        for source in by_template:
            target = os.path.join(directory, source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.replace(os.path.join(staging, source), target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
