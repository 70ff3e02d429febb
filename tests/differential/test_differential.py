"""chartgen against real ``helm template`` on generated values cases (issue: Helm-exact edges).

Replayed: helm's recorded verdicts on a fixed sample of cases per release (``record.py`` made them
with the upstream chart, which CI does not have). Live: with ``CHARTGEN_UPSTREAM_CHARTS`` set to
the chart's path with ``{release}`` in it, hypothesis draws new cases and runs helm on each.
"""

from __future__ import annotations

import collections
import os

import pytest
from hypothesis import HealthCheck, given, settings

from chartgen.releases import SUPPORTED
from tests.differential.record import RECORDED, ROOT, recorded
from tests.differential.strategy import Case, cases
from tests.differential.verdict import Outcome, chartgen, disagreements, helm

RECORDS = recorded()
CHARTS = os.environ.get("CHARTGEN_UPSTREAM_CHARTS", "")


def test_every_release_has_its_recorded_sample_with_both_verdicts() -> None:
    per_release = collections.Counter(case.release for case, _ in RECORDS)
    assert per_release == {release: RECORDED for release in SUPPORTED}
    verdicts = collections.Counter(outcome.refused for _, outcome in RECORDS)
    assert verdicts[True] > 0 and verdicts[False] > 0


@pytest.mark.parametrize(
    ("case", "by_helm"), RECORDS, ids=[f"{case.release}-{case.key}" for case, _ in RECORDS]
)
def test_chartgen_keeps_helms_recorded_verdict(case: Case, by_helm: Outcome) -> None:
    problems = disagreements(case, by_helm, chartgen(case))
    assert problems == [], f"{list(case.notes)}: {problems}"


@pytest.mark.skipif(
    not CHARTS, reason="CHARTGEN_UPSTREAM_CHARTS is unset: the upstream chart is never committed"
)
@settings(max_examples=int(os.environ.get("CHARTGEN_DIFFERENTIAL_EXAMPLES", "50")), deadline=None,
          suppress_health_check=list(HealthCheck))  # fmt: skip
@given(case=cases())
def test_chartgen_keeps_helms_live_verdict(case: Case) -> None:
    by_helm = helm(case, str(ROOT / ".tools" / "helm"), CHARTS.format(release=case.release))
    assert disagreements(case, by_helm, chartgen(case)) == [], list(case.notes)
