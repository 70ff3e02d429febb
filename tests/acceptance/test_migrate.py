"""``chartgen migrate``: a values file for one release rewritten to mean the same on another."""

from __future__ import annotations

from pathlib import Path

import pytest

import chartgen
from chartgen.fixing.engine import candidates, lint_text
from chartgen.fixing.migrate import guess_source
from tests.oracles.judge import broken_upstream
from tests.support.cli import run_cli
from tests.support.corpus import CASES

#: Corpus cases whose objects a consumer refuses (the master, the API server): errors on 0.38.1 too.
BROKEN_UPSTREAM = broken_upstream()
OLD_CASES = sorted(p.parent for p in (CASES / "0.35.0").glob("*/values.yaml"))
BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"
RM = (
    "additional_resource_managers:\n- resource_manager:\n    type: kubernetes\n    cluster_name: b\n"
    "    {key}: 10.0.0.1  # the master\n    max_slots_per_pod: 1\n  resource_pools:\n  - pool_name: b\n"
)


@pytest.mark.parametrize("case", OLD_CASES, ids=lambda p: p.name)
def test_corpus_files_of_0_35_0_lint_clean_on_0_38_1_or_keep_only_their_own_errors(case: Path) -> None:
    text = (case / "values.yaml").read_text()
    migrated = chartgen.migrate(text, to="0.38.1", source="0.35.0", unsafe=True)
    before = {(d.rule, d.path) for d in lint_text(text, "values.yaml", "0.35.0")}
    after = {(d.rule, d.path) for d in lint_text(migrated.text, "values.yaml", "0.38.1")}
    # Nothing new appears: refused files stay refused for what they lack on both releases,
    # and a warning left is one the file had on 0.35.0 too, with no fix.
    assert after <= before
    offered, _ = candidates(migrated.text, "values.yaml", "0.38.1")
    assert offered == []
    assert migrated.ok is not (case.name.startswith("err-") or f"0.38.1/{case.name}" in BROKEN_UPSTREAM)


def test_preemption_is_dropped_only_with_unsafe_fixes_and_says_what_changes() -> None:
    text = BASE + "defaultScheduler: preemption  # priority\n"
    cautious = chartgen.migrate(text, to="0.38.1", source="0.35.0")
    assert cautious.text == text
    (left,) = cautious.unsafe_left
    assert "default Kubernetes scheduler" in left.description
    assert chartgen.migrate(text, to="0.38.1", source="0.35.0", unsafe=True).text == BASE


def test_a_key_renamed_between_releases_is_renamed_both_ways() -> None:
    old, new = BASE + RM.format(key="determined_master_ip"), BASE + RM.format(key="determined_master_host")
    assert chartgen.migrate(old, to="0.38.1", source="0.35.0").text == new
    assert chartgen.migrate(new, to="0.35.0", source="0.38.1").text == old
    assert guess_source(old, "values.yaml") == "0.35.0"


def test_a_key_the_target_does_not_read_is_removed_and_named() -> None:
    text = BASE + "db:\n  snapshotSuffix: nightly\n  memRequest: 2Gi\n"
    migrated = chartgen.migrate(text, to="0.37.0", source="0.38.1")
    assert migrated.text == BASE + "db:\n  memRequest: 2Gi\n"
    (note,) = migrated.notes
    assert note.rule == "migrate-dropped" and "db.snapshotSuffix" in note.message
    assert str(note.location) == "values.yaml:4:3"


def test_a_key_the_source_ignored_is_kept_and_flagged_as_taking_effect() -> None:
    text = BASE + "masterService:\n  annotations:\n    a: b\n"
    migrated = chartgen.migrate(text, to="0.38.1", source="0.35.0")
    assert migrated.text == text
    assert [n.rule for n in migrated.notes] == ["migrate-takes-effect"]


def test_values_the_target_requires_are_left_as_errors_not_invented() -> None:
    text = BASE + "taskContainerDefaults:\n  cpuImage: my/cpu:1\n"
    migrated = chartgen.migrate(text, to="0.35.0", source="0.38.1")
    assert migrated.text == text
    assert [d.rule for d in migrated.remaining if d.is_error] == ["task-images-paired"]
    assert not migrated.ok


def test_cli(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(BASE + "defaultScheduler: preemption\n")
    code, out, err = run_cli(["migrate", "--from", "0.35.0", "--to", "0.38.1", str(values)])
    assert code == 0 and "warning[no-effect] defaultScheduler" in out
    assert (
        "1 more with --unsafe-fixes" in err and values.read_text() == BASE + "defaultScheduler: preemption\n"
    )
    code, out, _ = run_cli(["migrate", "--to", "v0.38.1", "--unsafe-fixes", str(values)])
    assert code == 0 and "fixed[no-effect] removed `defaultScheduler`" in out
    assert values.read_text() == BASE
    assert run_cli(["migrate", str(values)])[0] == 2
    assert run_cli(["migrate", "--to", "0.34.0", str(values)])[0] == 2
