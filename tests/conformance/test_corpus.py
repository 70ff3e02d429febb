"""Every corpus case through the real command line, in process: same objects, or refused by name."""

from __future__ import annotations

import pytest
from conformance_cases import Case, discover

from tests.support.cli import run_cli

CASES = discover()


def test_corpus_is_complete() -> None:
    """The vendored corpus holds both releases and every case has an expectation."""
    releases = {case.directory.parent.name for case in CASES}
    assert releases == {"0.35.0", "0.38.1"}
    assert len(CASES) == 146
    for case in CASES:
        expectations = [(case.directory / n).exists() for n in ("expected.yaml", "expected-error.txt")]
        assert expectations.count(True) == 1, case.name


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_case_conforms(case: Case) -> None:
    code, stdout, stderr = run_cli(case.argv())
    problems = case.verdict(code, stdout, stderr)
    if problems:
        pytest.fail(f"{case.name} does not conform:\n" + "\n".join(problems), pytrace=False)
