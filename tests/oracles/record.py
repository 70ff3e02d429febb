"""Record the consumers' verdicts on values cases, for ``make test`` to replay without Go or Helm.

    python -m tests.oracles.record --charts '/tmp/up-{release}/helm/charts/determined' \\
        [--examples 2000] [--release 0.38.1] [--write]

The cases: every conformance case and golden, the real-world files on every release, the
database's cases (``DATABASE``), the cases big runs found lint wrong on (``FOUND``), then
``--examples`` generated cases per release (the Helm-edges strategy, derandomised). Each is
rendered by real ``helm template`` from the upstream chart (never committed: CI does not have
it), and what Helm writes goes to the consumers' oracles (``consumers.py``; ``make oracles``
builds and fetches them). Prints, per release, how many
cases each consumer refuses and every case where chartgen's lint disagrees (``judge.py``); with
``--write``, stores all of them but the generated cases past the first ``RECORDED`` per release
in ``tests/data/oracles/consumers.jsonl``.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys

import yaml

from chartgen.releases import SUPPORTED
from tests.oracles.consumers import ROOT, Case, Oracles, Verdict
from tests.oracles.judge import disagreement

RECORDS = ROOT / "tests" / "data" / "oracles" / "consumers.jsonl"
RECORDED = 40
SEED = 20261126


def corpus_cases() -> list[Case]:
    """The conformance corpus and the goldens, each with its release, flags and names."""
    from tests.support.corpus import CASES

    found = []
    for kind, base in (("corpus", CASES), ("golden", ROOT / "golden")):
        for values in sorted(base.glob("**/values.yaml")):
            meta_path = values.parent / "case.yaml"
            meta = yaml.safe_load(meta_path.read_text()) if meta_path.exists() else {}
            meta = meta if isinstance(meta, dict) else {}
            if meta.get("is_upgrade"):
                continue  # helm template renders an install; upgrades are another recording
            release = str(meta.get("chart_version", meta.get("app_version", SUPPORTED[-1])))
            found.append(
                Case(
                    release,
                    (values.read_text(),),
                    tuple(meta.get("set") or ()),
                    tuple(meta.get("set_string") or ()),
                    release_name=str(meta.get("release", "determined")),
                    namespace=str(meta.get("namespace", "default")),
                    source=f"{kind}:{values.parent.relative_to(base)}",
                )
            )
    return found


#: The database's values as its consumers read them (issue 26): PostgreSQL's ``PGPORT``, the master's
#: URL and Go's name check; name -> (--set, --set-string, --set-json), on the latest release.
DATABASE = {
    "port-08080": (("db.port=08080",), (), ()),
    "port-4e0": ((), ("db.port=4e0",), ()),
    "port-1_0": (("db.port=1_0",), (), ()),
    "port-8080.0": (("db.port=8080.0",), (), ()),
    "port-0x1F90": (("db.port=0x1F90",), (), ()),
    "port-04": ((), ("db.port=04",), ()),
    "port-007": ((), ("db.port=007",), ()),
    "port-010": ((), ("db.port=010",), ()),
    "port-010-database-postgres": (("db.name=postgres",), ("db.port=010",), ()),
    "port-null": (("db.port=null",), (), ()),
    "external-port-08080": (("db.hostAddress=pg.example.com", "db.port=08080"), (), ()),
    "external-port-null": (("db.hostAddress=pg.example.com", "db.port=null"), (), ()),
    "host-quote": ((), ("db.hostAddress=a'b",), ()),
    "host-accent": ((), ("db.hostAddress=é",), ()),
    "host-true": (("db.hostAddress=true",), (), ()),
    "host-map": ((), (), ('db.hostAddress={"a": 1}',)),
    "host-digits": ((), ("db.hostAddress=1234",), ()),
    "password-hash": ((), ("db.password=p#ss",), ()),
    "password-at": ((), ("db.password=p@ss",), ()),
    "password-slash": ((), ("db.password=p/ss",), ()),
    "user-colon": ((), ("db.user=u:x",), ()),
    "name-slash": ((), ("db.name=a/b",), ()),
}


#: Cases a run of 2,000 generated cases per release found lint wrong on, kept once fixed:
#: name -> (--set, --set-string, --set-json), on the latest release.
FOUND = {
    # The master refuses a negative max_slots_per_pod; the chart writes the text bare (f18a4b5).
    "max-slots-text-negative": ((), ("maxSlotsPerPod=-1",), ()),
    "max-slots-text-padded": ((), ("maxSlotsPerPod= -1",), ()),
}


def database_cases() -> list[Case]:
    """``DATABASE`` and ``FOUND``, each over the generated cases' base values."""
    from tests.differential.strategy import BASE

    return [
        Case(SUPPORTED[-1], (BASE,), set_, set_string, set_json, source=f"{kind}:{name}")
        for kind, cases in (("database", DATABASE), ("found", FOUND))
        for name, (set_, set_string, set_json) in cases.items()
    ]


def real_world_cases() -> list[Case]:
    """The production values files others wrote (``tests/data/real-world``) on every release:
    whatever release each targets, Helm and chartgen are judged on the same one. Each as found
    (most lack a value the chart requires, so Helm refuses them), and over the values the
    generated cases start from, which Helm renders for the consumers to judge."""
    from tests.differential.strategy import BASE
    from tests.support.golden import REAL_WORLD

    return [
        Case(release, (*base, path.read_text()), source=f"real-world{suffix}:{path.name}")
        for path in sorted(REAL_WORLD.glob("*.yaml"))
        for release in SUPPORTED
        for base, suffix in (((), ""), ((BASE,), "-over-base"))
    ]


def generated_cases(release: str, examples: int, seed: int) -> list[Case]:
    """The Helm-edges strategy's cases (tricky scalars, nulls, layered files, the --set family)."""
    from tests.differential.record import draw

    if examples <= 0:
        return []

    return [
        Case(release, case.files, case.set, case.set_string, case.set_json, source="generated")
        for case in draw(release, examples, seed_value=seed + SUPPORTED.index(release))
    ]


def recorded() -> list[tuple[Case, Verdict]]:
    """The recorded cases with the consumers' verdict on each."""
    return [
        (Case.from_json(line["case"]), Verdict.from_json(line["verdict"]))
        for line in map(json.loads, RECORDS.read_text().splitlines())
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--charts", required=True, help="the upstream chart of each release, {release} in the path"
    )
    parser.add_argument("--helm", default=str(ROOT / ".tools" / "helm"))
    parser.add_argument("--examples", type=int, default=RECORDED)
    parser.add_argument("--release", action="append", choices=SUPPORTED)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-corpus", action="store_true", help="generated cases only")
    parser.add_argument("--write", action="store_true", help="store the verdicts for make test")
    args = parser.parse_args(argv)
    releases = args.release or list(SUPPORTED)
    oracles = Oracles(args.helm, args.charts)
    records, failed = [], 0
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    try:
        cases = (
            []
            if args.no_corpus
            else [c for c in corpus_cases() + real_world_cases() + database_cases() if c.release in releases]
        )
        for release in releases:
            cases += generated_cases(release, args.examples, args.seed)
        per_release: collections.Counter[str] = collections.Counter()
        for case in cases:
            verdict = oracles.judge(case)
            problem = disagreement(case, verdict)
            tally = counts[case.release]
            tally["cases"] += 1
            tally["helm refuses"] += verdict.helm_refused
            tally["master refuses"] += verdict.master_refuses
            tally["api refuses"] += bool(verdict.kube or verdict.tasks)
            tally["database refuses"] += any(
                line.startswith(("postgres", "master (database")) for line in verdict.refused_by
            )
            tally["objects checked"] += verdict.checked
            tally[f"chartgen {'agrees' if problem is None else problem.kind}"] += 1
            if problem:
                failed += 1
                shown = (
                    case.source
                    if case.source != "generated"
                    else json.dumps([*case.files[1:], *case.flags()])
                )
                print(f"{case.release} {shown}: {problem}")
            if case.source == "generated":
                per_release[case.release] += 1
            if case.source != "generated" or per_release[case.release] <= RECORDED:
                records.append({"case": case.to_json(), "verdict": verdict.to_json()})
    finally:
        oracles.close()
    for release, tally in sorted(counts.items()):
        print(f"{release}: " + ", ".join(f"{n} {k}" for k, n in tally.items()))
    if args.write:
        RECORDS.parent.mkdir(parents=True, exist_ok=True)
        RECORDS.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        print(f"recorded {len(records)} cases in {RECORDS.relative_to(ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
