"""Values files people really wrote: located diagnostics that say what the chart does, never a traceback."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.support.golden import lint_output, real_world_files


@pytest.mark.parametrize("path", real_world_files(), ids=lambda p: p.stem)
def test_lint_output_is_the_reviewed_one(path: Path) -> None:
    actual = lint_output(path)
    expected = path.with_suffix(".lint.txt").read_text()
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "reviewed", "now")
        )
        pytest.fail(f"{path.name}: lint output changed (run `make golden` if intended):\n{diff}")


@pytest.mark.parametrize("path", real_world_files(), ids=lambda p: p.stem)
def test_every_finding_is_located_and_no_traceback(path: Path) -> None:
    output = lint_output(path)
    assert "Traceback" not in output
    code, *lines = output.splitlines()
    assert code in ("exit 0", "exit 1")
    findings = [line for line in lines if not line.startswith("  hint: ")]
    assert findings, "each of these files has at least one real problem"
    for line in findings:
        where = line.split(" ", 1)[0]
        assert where.startswith(path.name + ":"), line
        # Missing values (required ones, the database's keep policy) point at the file;
        # everything else at a line and column.
        if "-required]" not in line and "[db-keep-policy]" not in line:
            _, row, col = where.rstrip(":").split(":")
            assert int(row) > 0 and int(col) > 0, line
