"""chartgen's lint against the consumers' recorded verdicts: the master's start-up and the API server.

``record.py`` ran real ``helm template`` on each case and fed what it wrote to the master-decode
and API-server oracles (Go, from the consumers' own code); this replays lint on the same cases
and holds it to ``judge.py``'s rule. No Go and no upstream chart are needed here.
"""

from __future__ import annotations

import collections

import pytest

from chartgen.releases import SUPPORTED
from tests.oracles.consumers import Case, Verdict
from tests.oracles.judge import disagreement, refusals
from tests.oracles.record import FOUND, RECORDED, recorded
from tests.support.golden import REAL_WORLD

RECORDS = recorded()


def test_the_record_holds_the_corpus_the_goldens_and_generated_cases_of_every_release() -> None:
    sources = collections.Counter((case.release, case.source.split(":")[0]) for case, _ in RECORDS)
    production = len(list(REAL_WORLD.glob("*.yaml")))
    for release in SUPPORTED:
        assert sources[(release, "corpus")] > 0 and sources[(release, "generated")] == RECORDED, release
        assert sources[(release, "real-world")] == sources[(release, "real-world-over-base")] == production
    assert sources[(SUPPORTED[-1], "found")] == len(FOUND)
    assert sum(n for (_, kind), n in sources.items() if kind == "golden") > 100


def test_the_record_holds_refusals_of_every_consumer() -> None:
    """A replay of acceptances only would let any rule pass: each consumer refuses some cases."""
    lines = [line for _, verdict in RECORDS for line in refusals(verdict)]
    seen = {line.split(" ")[0].split(",")[0] for line in lines}
    assert {"helm:", "master", "api", "postgres"} <= seen
    assert any(line.startswith("master (database") for line in lines)


@pytest.mark.parametrize(
    ("case", "verdict"),
    RECORDS,
    ids=[f"{case.release}-{case.source}-{index}" for index, (case, _) in enumerate(RECORDS)],
)
def test_lint_agrees_with_the_consumers(case: Case, verdict: Verdict) -> None:
    problem = disagreement(case, verdict)
    assert problem is None, str(problem)
