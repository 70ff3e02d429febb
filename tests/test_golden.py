"""Goldens: chartgen's own output for every option, reviewed as diffs (``make golden`` rewrites them)."""

from __future__ import annotations

import difflib

import pytest

from tests.support.golden import Case, cases, render_case


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_output_matches_golden(case: Case) -> None:
    name, actual = render_case(case)
    expected_path = case.directory / name
    assert expected_path.exists(), f"{case.name}: no {name}; run `make golden` and review it"
    expected = expected_path.read_text()
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"golden/{case.name}/{name}",
                "rendered now",
            )
        )
        pytest.fail(f"golden/{case.name} differs (run `make golden` if intended):\n{diff}")


def test_every_case_has_exactly_one_output() -> None:
    for case in cases():
        outputs = [p.name for p in case.directory.iterdir() if p.name in ("rendered.yaml", "refused.txt")]
        assert len(outputs) == 1, f"golden/{case.name}: {outputs}"
