"""master.yaml's ``resource_manager: {default_compute_resource_pool: …}`` pasted at the top of a
values file: ``fix`` moves each key that maps one to one onto the chart's own, as it moves
``resourceManager.defaultComputeResourcePool``, and nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import chartgen
from chartgen.fixing.engine import lint_text
from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.values.load import from_text, load_sources
from tests.support.golden import REAL_WORLD

BASE = (
    "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"
    "resourcePools:\n  - pool_name: default\n  - pool_name: gpu-pool\n"
)


def resource_manager(text: str) -> dict[str, Any]:
    """master.yaml's resource_manager, as the master reads it, from chartgen's render of ``text``."""
    loaded = load_sources([from_text(text, "values.yaml")], app_version="0.38.1")
    for manifest in render(loaded.values, ReleaseInfo(), only=["master-config.yaml"]):
        config = yaml.safe_load(yaml.safe_load(manifest.text)["stringData"]["master.yaml"])
        found: dict[str, Any] = config["resource_manager"]
        return found
    raise AssertionError("no master config")


def findings(text: str) -> set[tuple[str, tuple[str | int, ...]]]:
    return {(d.rule, d.path) for d in lint_text(text, "values.yaml", "0.38.1")}


def test_both_keys_move_and_the_block_goes_with_them() -> None:
    text = (
        BASE
        + "resource_manager:  # from master.yaml\n  default_aux_resource_pool: default\n  default_compute_resource_pool: gpu-pool\n"
    )
    assert ("misplaced-key", ("resource_manager",)) in findings(text)
    fixed = chartgen.fix(text)
    assert fixed.text == BASE + "defaultAuxResourcePool: default\ndefaultComputeResourcePool: gpu-pool\n"
    assert [(a.rule, a.description, a.safe) for a in fixed.applied] == [
        ("misplaced-key", "moved `resource_manager.default_aux_resource_pool` to `defaultAuxResourcePool`: "
         "the chart writes it there", True),
        ("misplaced-key", "moved `resource_manager.default_compute_resource_pool` to `defaultComputeResourcePool`: "
         "the chart writes it there", True),
    ]  # fmt: skip
    assert not any(d.path[:1] == ("resource_manager",) for d in fixed.remaining)
    # The master now reads what the pasted block said; before, the chart ignored it.
    before, after = resource_manager(text), resource_manager(fixed.text)
    assert (after["default_aux_resource_pool"], after["default_compute_resource_pool"]) == (
        "default",
        "gpu-pool",
    )
    assert before.get("default_compute_resource_pool") != "gpu-pool"
    assert {k: v for k, v in after.items() if not k.startswith("default_")} == {
        k: v for k, v in before.items() if not k.startswith("default_")
    }


def test_other_keys_stay_with_their_finding() -> None:
    text = (
        BASE
        + "resource_manager:\n  type: kubernetes\n  default_compute_resource_pool: gpu-pool\n  max_slots_per_pod: 2\n"
    )
    fixed = chartgen.fix(text, unsafe=True)
    assert fixed.text == (
        BASE
        + "resource_manager:\n  type: kubernetes\n  max_slots_per_pod: 2\ndefaultComputeResourcePool: gpu-pool\n"
    )
    assert ("misplaced-key", ("resource_manager",)) in {(d.rule, d.path) for d in fixed.remaining}
    assert chartgen.fix(fixed.text, unsafe=True).text == fixed.text


def test_a_key_already_set_at_the_top_is_not_overwritten() -> None:
    text = (
        BASE + "defaultComputeResourcePool: default\n"
        "resource_manager:\n  default_compute_resource_pool: gpu-pool\n  default_aux_resource_pool: gpu-pool\n"
    )
    fixed = chartgen.fix(text, unsafe=True)
    assert fixed.text == (
        BASE
        + "defaultComputeResourcePool: default\nresource_manager:\n  default_compute_resource_pool: gpu-pool\n"
        "defaultAuxResourcePool: gpu-pool\n"
    )
    assert ("misplaced-key", ("resource_manager",)) in {(d.rule, d.path) for d in fixed.remaining}
    assert resource_manager(fixed.text)["default_compute_resource_pool"] == "default"


PASTED = [
    p for p in sorted(REAL_WORLD.glob("*.yaml")) if "\nresource_manager:" in p.read_text(encoding="utf-8")
]


def test_three_real_world_files_paste_the_block() -> None:
    assert [p.name[:2] for p in PASTED] == ["04", "05", "06"]


@pytest.mark.parametrize("path", PASTED, ids=lambda p: p.stem)
def test_real_world_files_get_the_pools_they_pasted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    pasted = yaml.safe_load(text)["resource_manager"]
    fixed = chartgen.fix(text, file=path.name)
    moved = [a for a in fixed.applied if a.path[:1] == ("resource_manager",)]
    assert sorted(a.path[1] for a in moved) == sorted(pasted) and all(a.safe for a in moved)
    assert "resource_manager" not in yaml.safe_load(fixed.text)
    after = resource_manager(fixed.text)
    assert after["default_compute_resource_pool"] == pasted["default_compute_resource_pool"]
    assert after["default_aux_resource_pool"] == pasted["default_aux_resource_pool"]
