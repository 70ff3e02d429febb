"""chartgen writes every number as Helm's Go code does (recorded by ``tests/oracles/numbers.py``)."""

from __future__ import annotations

import json

import pytest

from chartgen.yamlio import emit
from chartgen.yamlio.resolve import go_float, go_string, json_float
from tests.oracles.numbers import RECORDS

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def test_the_record_covers_every_notation() -> None:
    """Plain in both, exponent in %v only (1e-6 to 1e-4, 1e6 to 1e21), exponent in both; each signed."""
    kinds = {("e" in row["v"], "e" in row["json"], row["value"].startswith("-")) for row in ROWS}
    notations = {(False, False), (True, False), (True, True)}
    assert len(ROWS) >= 2000 and kinds == {(*n, sign) for n in notations for sign in (True, False)}


@pytest.mark.parametrize("row", ROWS, ids=[row["value"] for row in ROWS])
def test_go_formats(row: dict[str, str]) -> None:
    value = float(row["value"])
    assert go_float(value) == row["v"]
    assert go_string(value) == row["v"]
    assert json_float(value) == row["json"]
    assert emit.scalar(emit.GoFloat(value)) == row["yaml"]
    assert emit.scalar(emit.JsonFloat(value)) == row["json"]


def test_maxslotsperpod_1e20_renders_as_helm_writes_it_and_lint_says_the_master_cannot_start() -> None:
    """The issue's example: ``maxSlotsPerPod: 1e20`` is written ``1e+20`` (it was ``1.0e+20``),
    and as it does not fit the master's 64-bit integer, lint refuses it (``int-range``)."""
    from chartgen.api import ValuesText, lint, load_values
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo

    text = ValuesText("maxSlotsPerPod: 1e20\ninitialUserPassword: Str0ng-Passw0rd\n")
    loaded = load_values(text)
    manifests = render(loaded.values, ReleaseInfo("determined", "default", loaded.release))
    config = next(m.text for m in manifests if m.template == "templates/master-config.yaml")
    assert "max_slots_per_pod: 1e+20\n" in config
    assert [d.rule for d in lint(text).diagnostics if d.is_error] == ["int-range"]


def test_pod_spec_numbers_are_written_as_to_json_writes_them() -> None:
    """Upstream writes the default pod specs with ``toJson``: its digits, not go-yaml's."""
    from chartgen.api import ValuesText, load_values
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo

    spec = "taskContainerDefaults: {cpuPodSpec: {spec: {activeDeadlineSeconds: 1e20, x: 2.5e-7}}}\n"
    loaded = load_values(ValuesText("maxSlotsPerPod: 4\n" + spec))
    manifests = render(loaded.values, ReleaseInfo("determined", "default", loaded.release))
    config = next(m.text for m in manifests if m.template == "templates/master-config.yaml")
    assert "activeDeadlineSeconds: 100000000000000000000\n" in config
    assert "x: 2.5e-7\n" in config
