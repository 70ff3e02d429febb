"""A safe fix's rendered effect is exactly what it says: rendered before and after, checked.

The issue's case first: quoting ``clusterName: NO`` made Helm write ``cluster_name: NO``, which
the master reads as false, where the key had no effect before; lint's advice to quote it
contradicted its own ``written-bare``. Then each check of ``chartgen.fixing.effect`` alone.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

import chartgen
from chartgen.fixing.effect import DEFERRED, EffectCheck, moved_beyond
from chartgen.fixing.engine import candidates, lint_text
from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.validation.writes import master_settings
from chartgen.values.load import from_text, load_sources
from chartgen.yamlio.edit import Document, Fix

BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"
ABSENT = object()


def master_yaml(text: str, release: str = "0.38.1") -> dict[str, Any]:
    """master.yaml as the master's YAML 1.1 reader reads it, from chartgen's render of ``text``."""
    loaded = load_sources([from_text(text, "values.yaml")], app_version=release)
    for manifest in render(loaded.values, ReleaseInfo("determined", "default", release)):
        obj = yaml.safe_load(manifest.text)
        if obj["kind"] == "Secret" and obj["metadata"]["name"] == "determined-master-config-determined":
            config: dict[str, Any] = yaml.safe_load(obj["stringData"]["master.yaml"])
            return config
    raise AssertionError("no master config")


def rendered(text: str, release: str = "0.38.1") -> list[Any]:
    loaded = load_sources([from_text(text, "values.yaml")], app_version=release)
    return [
        yaml.safe_load(m.text) for m in render(loaded.values, ReleaseInfo("determined", "default", release))
    ]


# The case: clusterName: NO


@pytest.mark.parametrize("word", ["NO", "yes", "off", "On"])
def test_a_bare_word_the_chart_writes_bare_is_not_quoted_as_safe_and_lint_agrees(word: str) -> None:
    text = BASE + f"clusterName: {word}\n"
    quoted = BASE + f"clusterName: '{word}'\n"
    # lint's advice for the bare word is what written-bare says of the quoted one: quoting does not help.
    (advice,) = [d for d in lint_text(text, "values.yaml", "0.38.1") if d.path == ("clusterName",)]
    assert f'quoting it (`clusterName: "{word}"`) does not help' in advice.message
    assert "into master.yaml" in advice.message and "choose another text" in advice.message
    assert "quote it:" not in advice.message
    (bare,) = [d for d in lint_text(quoted, "values.yaml", "0.38.1") if d.path == ("clusterName",)]
    assert bare.rule == "written-bare" and "choose text" in bare.hint
    # fix applies nothing safe, and says why the quoting waits for --unsafe-fixes.
    fixed = chartgen.fix(text)
    assert fixed.text == text and fixed.applied == []
    (left,) = fixed.unsafe_left
    assert left.description.startswith("quoted `clusterName`")
    reads = "false" if word.lower() in ("no", "off") else "true"
    assert (
        f"master.yaml's `cluster_name` reads back as the boolean {reads}, not as the text" in left.description
    )
    offered, _ = candidates(text, "values.yaml", "0.38.1")
    assert [c.safe for c in offered] == [False]
    # Rendered before and after the safe fixes, the master reads the same master.yaml: the chart
    # leaves a false clusterName out (the key has no effect) and writes a true one as `true`.
    assert rendered(fixed.text) == rendered(text)
    assert master_yaml(fixed.text).get("cluster_name", ABSENT) is (True if reads == "true" else ABSENT)
    # What quoting would have done: the master reads a boolean again, never the text.
    unsafe = chartgen.fix(text, unsafe=True)
    assert unsafe.text == quoted
    assert master_yaml(unsafe.text)["cluster_name"] is (reads == "true")
    assert master_settings(master_yaml(unsafe.text))["cluster_name"] is (reads == "true")  # as viper holds it


def test_a_bare_word_where_the_chart_quotes_it_is_quoted_as_safe_and_the_master_reads_the_text() -> None:
    text = BASE + "checkpointStorage:\n  type: s3\n  bucket: ckpts\n  prefix: no\n"
    advice = [
        d for d in lint_text(text, "values.yaml", "0.38.1") if d.path == ("checkpointStorage", "prefix")
    ]
    assert advice and 'quote it: prefix: "no"' in advice[0].message
    fixed = chartgen.fix(text)
    assert fixed.text == text.replace("prefix: no", "prefix: 'no'")
    assert [a.safe for a in fixed.applied] == [True]
    assert master_yaml(text)["checkpoint_storage"]["prefix"] == "false"  # Helm's text of the boolean
    assert master_yaml(fixed.text)["checkpoint_storage"]["prefix"] == "no"


# Each check alone, on fixes made up for it


def _fix(text: str, path: tuple[str | int, ...], edits: list[Any]) -> Fix:
    return Fix("unknown-key", path, "made up", tuple(edits), safe=True)


def test_a_fix_that_changes_a_value_beside_its_own_is_not_safe() -> None:
    text = BASE + "slot_type: gpu\nclusterName: east\n"
    doc = Document.parse(text)
    fix = _fix(
        text,
        ("slot_type",),
        [*doc.rename_key(("slot_type",), "slotType"), *doc.replace_value(("clusterName",), "west")],
    )
    (why,) = EffectCheck(text, "values.yaml", "0.38.1").judge([fix])
    assert why == "it also changes `clusterName`"


def test_moves_and_renames_are_one_place_each() -> None:
    old = {("a", "x"): 1, ("a", "y"): "t", ("b",): 2}
    assert moved_beyond(old, {("c", "x"): 1, ("c", "y"): "t", ("b",): 2}, [("a",)]) is None
    assert (
        moved_beyond(old, {("c", "x"): 1, ("d", "y"): "t", ("b",): 2}, [("a",)])
        == "it moves one key to two places"
    )
    assert moved_beyond(old, {("c", "x"): 1, ("c", "y"): "t", ("b",): 3}, [("a",)]) == "it also changes `b`"
    assert moved_beyond(old, {("c", "x"): 1, ("c", "y"): "u", ("b",): 2}, [("a",)]) == "it also sets `c.y`"
    # A null the moved value fills was no value.
    assert moved_beyond({("p",): "v", ("q",): None}, {("q",): "v"}, [("p",)]) is None


def test_removing_a_key_the_chart_reads_is_not_safe_and_says_what_changes() -> None:
    text = BASE + "clusterName: east\n"
    fix = _fix(text, ("clusterName",), Document.parse(text).remove(("clusterName",)))
    (why,) = EffectCheck(text, "values.yaml", "0.38.1").judge([fix])
    assert why == "the chart reads `clusterName` as written: without it, master.yaml's `cluster_name` changes"


def test_removing_a_key_passed_on_where_nobody_reads_it_is_safe() -> None:
    """A pool's kubernetes_namespace is written into master.yaml, and only its own text goes."""
    text = BASE + "resourcePools:\n  - pool_name: default\n    kubernetes_namespace: team-a\n"
    fixed = chartgen.fix(text)
    assert [(a.rule, a.safe) for a in fixed.applied] == [("misplaced-key", True)]
    before, after = master_yaml(text)["resource_pools"][0], master_yaml(fixed.text)["resource_pools"][0]
    assert before.pop("kubernetes_namespace") == "team-a" and before == after


def test_a_fix_whose_upgrade_loses_what_the_database_holds_is_not_safe() -> None:
    """``db.name: yes`` is the database ``true``; quoting it renames the database the master opens."""
    text = BASE + "db:\n  name: yes\n"
    fixed = chartgen.fix(text)
    assert fixed.text == text
    (left,) = fixed.unsafe_left
    assert "not safe: the next helm upgrade: db.name changes" in left.description


def test_a_value_moved_to_a_key_that_does_not_take_it_is_not_safe() -> None:
    text = BASE + "resources:\n  resource_pool: prod_pool\n"
    fixed = chartgen.fix(text)
    assert fixed.text == text
    (left,) = fixed.unsafe_left
    assert left.description == (
        "renamed `resources` to `resourcePools` (not safe: then resourcePools must be a list, not a mapping)"
    )


def test_the_fixes_of_a_round_are_checked_together_and_only_the_unsafe_one_is_left() -> None:
    pools = "".join(f"  - pool_name: p{i}\n    kubernetes_namespace: team-{i}\n" for i in range(40))
    text = BASE + "clusterName: NO\nresourcePools:\n" + pools
    fixed = chartgen.fix(text)
    assert len(fixed.applied) == 40 and all(a.rule == "misplaced-key" for a in fixed.applied)
    assert [a.rule for a in fixed.unsafe_left] == ["wrong-type"]
    assert "clusterName: NO\n" in fixed.text


def test_two_fixes_safe_alone_but_not_together_wait_for_the_next_round() -> None:
    class Halves(EffectCheck):
        def unintended(self, after: str, paths: Any) -> str | None:
            return "both" if len(paths) > 1 else None

    text = BASE + "slot_type: gpu\nlog_color: true\n"
    doc = Document.parse(text)
    fixes = [_fix(text, ("slot_type",), doc.rename_key(("slot_type",), "slotType")),
             _fix(text, ("log_color",), doc.rename_key(("log_color",), "logColor"))]  # fmt: skip
    assert Halves(text, "values.yaml", "0.38.1").judge(fixes) == [None, DEFERRED]


def test_a_reason_never_shows_a_secret() -> None:
    from chartgen.diffing.objects import ObjectId
    from chartgen.fixing.effect import _misread

    place = (ObjectId("", "Secret", "default", "x"), "master.yaml", ("db", "password"))
    why = _misread(
        {("db", "password"): "S3cret-Pw"}, {("db", "password"): ("m", {place: "m"})}, {place: False}
    )
    assert why is not None and "S3cret" not in why and "`db.password`" in why
