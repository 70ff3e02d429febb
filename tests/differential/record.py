"""Run the differential cases through real ``helm template`` and chartgen, where the upstream chart is at hand.

    python -m tests.differential.record --charts '/tmp/up-{release}/helm/charts/determined' \\
        [--examples 2000] [--write]

Draws ``--examples`` cases per release from the strategy (derandomised: the same cases every run),
prints how helm and chartgen judged them and every disagreement, and with ``--write`` records
helm's verdicts on the first ``RECORDED`` cases per release into ``tests/data/differential``, which
``make test`` replays without the upstream chart (never committed, so CI does not have it).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

from chartgen.releases import SUPPORTED
from tests.differential.strategy import Case, cases
from tests.differential.verdict import Outcome, chartgen, disagreements, helm

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "differential" / "helm-verdicts.jsonl"
RECORDED = 60
SEED = 20261125


def draw(release: str, examples: int, *, seed_value: int = SEED) -> list[Case]:
    """The first ``examples`` distinct cases the strategy gives for ``release``."""
    drawn: dict[str, Case] = {}

    @seed(seed_value)
    @settings(
        max_examples=examples * 2,
        derandomize=False,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(cases(release))
    def collect(case: Case) -> None:
        if len(drawn) < examples:
            drawn.setdefault(case.key, case)

    collect()
    return list(drawn.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--charts", required=True, help="the upstream chart of each release, {release} in the path"
    )
    parser.add_argument("--helm", default=str(ROOT / ".tools" / "helm"))
    parser.add_argument("--examples", type=int, default=RECORDED)
    parser.add_argument("--release", action="append", choices=SUPPORTED)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--write", action="store_true", help=f"record the first {RECORDED} per release")
    args = parser.parse_args(argv)
    records = []
    failed = 0
    for release in args.release or SUPPORTED:
        counts: collections.Counter[str] = collections.Counter()
        drawn = draw(release, args.examples, seed_value=args.seed + SUPPORTED.index(release))
        for index, case in enumerate(drawn):
            by_helm = helm(case, args.helm, args.charts.format(release=release))
            by_chartgen = chartgen(case)
            problems = disagreements(case, by_helm, by_chartgen)
            verdict = "helm refuses" if by_helm.refused else "helm renders"
            verdict += ", chartgen " + ("refuses" if by_chartgen.refused else "renders")
            counts[verdict + (": DISAGREE" if problems else "")] += 1
            if problems:
                failed += 1
                print(f"{release} {case.key} {list(case.notes)}: {'; '.join(problems)}")
            if index < RECORDED:
                records.append({"case": case.to_json(), "helm": by_helm.to_json()})
        print(
            f"{release}: {sum(counts.values())} cases: "
            + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
        )
    if args.write:
        RECORDS.parent.mkdir(parents=True, exist_ok=True)
        RECORDS.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        print(f"recorded {len(records)} helm verdicts in {RECORDS.relative_to(ROOT)}")
    return 1 if failed else 0


def recorded() -> list[tuple[Case, Outcome]]:
    """The recorded cases with helm's verdict on each."""
    return [
        (Case.from_json(line["case"]), Outcome.from_json(line["helm"]))
        for line in map(json.loads, RECORDS.read_text().splitlines())
    ]


if __name__ == "__main__":
    sys.exit(main())
