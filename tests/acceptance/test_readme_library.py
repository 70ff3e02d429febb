"""The README's library section type-checks as written: its ``python`` blocks, in order (a block
may use the names of those above it), pass ``mypy --strict`` against this checkout's chartgen."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _library_code() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n### As a library\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```$", section, re.M | re.S)
    assert len(blocks) >= 2
    return "\n".join(blocks)


def test_the_library_section_passes_mypy_strict(tmp_path: Path) -> None:
    (tmp_path / "readme_library.py").write_text(_library_code(), encoding="utf-8")
    process = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "readme_library.py"],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert process.returncode == 0, process.stdout + process.stderr
