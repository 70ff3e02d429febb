"""Where the conformance corpus lives: a verbatim copy of ``../shared/conformance`` (``make corpus``).

CI clones the project beside ``../shared``, but a clone elsewhere (``git clone . /tmp/x``) has no
``../shared``; the vendored copy makes every clone self-contained, and a test fails when the copy
and the shared corpus drift apart.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "conformance" / "corpus"
CASES = CORPUS / "cases"
SHARED = ROOT.parent / "shared" / "conformance"


def digest(tree: Path) -> dict[str, str]:
    """Every file under ``tree`` by relative path, with a digest of its bytes."""
    return {
        str(path.relative_to(tree)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(tree.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }
