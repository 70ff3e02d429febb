"""Every corpus case through the real command line, in process: same objects, or refused by name."""

from __future__ import annotations

import pytest
from conformance_cases import Case, discover

from chartgen.releases import SUPPORTED
from tests.oracles.judge import broken_upstream
from tests.support.cli import run_cli
from tests.support.corpus import CASES, CORPUS, SHARED, digest

CASES_FOUND = discover()


BROKEN_UPSTREAM = broken_upstream()


def test_the_release_table_and_the_corpus_name_the_same_releases() -> None:
    """A release added to the table needs its corpus, and a corpus release needs its table row."""
    corpus_releases = sorted(path.name for path in CASES.iterdir() if path.is_dir())
    assert corpus_releases == sorted(SUPPORTED)
    for case in CASES_FOUND:
        assert case.meta["chart_version"] == case.directory.parent.name, case.name
        expectations = [(case.directory / n).exists() for n in ("expected.yaml", "expected-error.txt")]
        assert expectations.count(True) == 1, case.name


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/conformance beside this clone")
def test_the_vendored_corpus_is_the_shared_one() -> None:
    """``make corpus`` copies ``../shared/conformance``; a stale copy would test an old specification."""
    vendored, shared = digest(CORPUS), digest(SHARED)
    stale = sorted(name for name in vendored.keys() | shared.keys() if vendored.get(name) != shared.get(name))
    assert stale == [], (
        f"tests/conformance/corpus differs from ../shared/conformance (run `make corpus`): {stale[:10]}"
    )


@pytest.mark.parametrize("case", CASES_FOUND, ids=lambda case: case.name)
def test_case_conforms(case: Case) -> None:
    code, stdout, stderr = run_cli(case.argv())
    if case.name in BROKEN_UPSTREAM:
        located = [line for line in stderr.splitlines() if ": error[" in line]
        assert code == 1 and not stdout.strip() and located, (
            f"{case.name}: Helm's objects are refused ({BROKEN_UPSTREAM[case.name]}), "
            f"so chartgen must refuse them with located errors; exit {code}, standard error:\n{stderr}"
        )
        assert all(line.split(":")[1].isdigit() for line in located), located
        assert case.refusal_accepted(code, stdout, stderr), (
            f"{case.name}: the refusal must name one of accept.yaml's {case.accepted_refusals}:\n{stderr}"
        )
        return
    problems = case.verdict(code, stdout, stderr)
    if problems:
        pytest.fail(f"{case.name} does not conform:\n" + "\n".join(problems), pytrace=False)
