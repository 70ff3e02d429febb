"""Each rule's fix: what it writes, whether it waits for --unsafe-fixes, and that the finding is gone."""

from __future__ import annotations

import pytest

import chartgen
from chartgen.fixing.engine import lint_text
from chartgen.validation.registry import all_rules

BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"

# (rule, release, before, after, safe): ``after`` is what the fix writes; unsafe ones only with --unsafe-fixes.
CASES = [
    ("unknown-key", "0.38.1", "slot_type: rocm  # AMD\n", "slotType: rocm  # AMD\n", True),
    (
        "unknown-key", "0.38.1",
        "checkpointStorage:\n  type: s3\n  bukcet: ckpts\n",
        "checkpointStorage:\n  type: s3\n  bucket: ckpts\n", True,
    ),
    (
        "misplaced-key", "0.38.1",
        "resourcePools:\n  - pool_name: a\n    max_slots_per_pod: 8\n",
        "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n      kubernetes:\n        max_slots_per_pod: 8\n",
        True,
    ),
    (
        "misplaced-key", "0.38.1",
        "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n      max_slots_per_pod: 8\n      shm_size_bytes: 4096\n",
        "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n      shm_size_bytes: 4096\n      kubernetes:\n        max_slots_per_pod: 8\n",
        True,
    ),
    (
        "misplaced-key", "0.38.1",
        "resourcePools:\n  - pool_name: a\n    kubernetes_namespace: team-a\n",
        "resourcePools:\n  - pool_name: a\n    # kubernetes_namespace: team-a removed by chartgen fix: ignored on a pool; "
        "namespaces are bound to workspaces\n",
        True,
    ),
    (
        "misplaced-key", "0.38.1",
        "resourceManager:\n  defaultNamespace: det\n  defaultComputeResourcePool: default\n",
        "resourceManager:\n  defaultNamespace: det\ndefaultComputeResourcePool: default\n", True,
    ),
    ("not-as-written", "0.38.1", "clusterName: yes\n", "clusterName: 'yes'\n", False),
    ("wrong-type", "0.38.1", "imagePullSecretName: no\n", "imagePullSecretName: 'no'\n", False),
    ("wrong-type", "0.38.1", 'masterPort: "8443"\n', "masterPort: 8443\n", True),
    ("untrimmed-value", "0.38.1", "defaultScheduler: ' coscheduler'\n", "defaultScheduler: coscheduler\n", True),
    ("key-not-in-release", "0.38.1", "defaultImages:\n  kubeSchedulerPreemption: x:1\n  cpuImage: a/b:1\n", "defaultImages:\n  cpuImage: a/b:1\n", False),
    ("no-effect", "0.38.1", "defaultScheduler: preemption\n", "", False),
    ("no-effect", "0.38.1", "fluent:\n  uid: 1000\n", "", False),
    ("log-color-ignored", "0.38.1", "logColor: false\n", "", False),
    ("security-token-ignored", "0.38.1", "security:\n  token:\n    max_lifespan_days: 9\n", "", False),
    ("master-host-settings-ignored", "0.38.1", "determinedMasterPort: 443\n", "", False),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "release", "before", "after", "safe"), CASES)
def test_fix(rule: str, release: str, before: str, after: str, safe: bool) -> None:
    text = BASE + before
    assert rule in {d.rule for d in lint_text(text, "v.yaml", release)}
    fixed = chartgen.fix(text, file="v.yaml", app_version=release, unsafe=True)
    assert fixed.text == BASE + after
    assert rule in {a.rule for a in fixed.applied}
    assert rule not in {d.rule for d in fixed.remaining}
    cautious = chartgen.fix(text, file="v.yaml", app_version=release)
    assert (cautious.text == fixed.text) is safe
    if not safe:
        assert cautious.text == text and rule in {a.rule for a in cautious.unsafe_left}


def test_a_renamed_key_is_safe_and_a_password_beside_an_empty_one_takes_its_place() -> None:
    rm = "additional_resource_managers:\n- resource_manager:\n    type: kubernetes\n    cluster_name: b\n"
    rm += (
        "    determined_master_ip: 10.0.0.1\n    max_slots_per_pod: 1\n  resource_pools:\n  - pool_name: b\n"
    )
    fixed = chartgen.fix(BASE + rm, app_version="0.38.1")
    assert "    determined_master_host: 10.0.0.1\n" in fixed.text
    fixed = chartgen.fix("maxSlotsPerPod: 4\ninitialUserPassword:\ndefaultPassword: Legacy-Passw0rd\n")
    assert fixed.text == "maxSlotsPerPod: 4\ninitialUserPassword: Legacy-Passw0rd\n"
    fixed = chartgen.fix("maxSlotsPerPod: 4\ndefaultPassword: Legacy-Passw0rd  # old name\n")
    assert fixed.text == "maxSlotsPerPod: 4\ninitialUserPassword: Legacy-Passw0rd  # old name\n"
    assert [a.rule for a in fixed.applied] == ["default-password-deprecated"]


def test_a_deprecated_password_that_loses_is_removed_only_unsafely() -> None:
    text = BASE + "defaultPassword: Legacy-Passw0rd\n"
    assert chartgen.fix(text).text == text
    assert chartgen.fix(text, unsafe=True).text == BASE


def test_duplicate_keys_keep_the_one_helm_keeps_and_only_unsafely() -> None:
    text = BASE + "masterPort: 8080  # old\nmasterPort: 8443\n"
    assert chartgen.fix(text).text == text
    fixed = chartgen.fix(text, unsafe=True)
    assert fixed.text == BASE + "masterPort: 8443\n"
    assert [a.rule for a in fixed.applied] == ["yaml-duplicate-key"]


def test_no_fix_without_one_clear_answer() -> None:
    text = BASE + "db:\n  memRequest: 2\nresource_manager:\n  type: kubernetes\n"
    assert chartgen.fix(text, unsafe=True).text == text


def test_every_fix_is_declared_on_a_registered_rule_and_tested_here() -> None:
    from pathlib import Path

    fixable = {rule.rule: rule.safe for rule in all_rules() if rule.fix is not None}
    assert {rule for rule, *_ in CASES} <= set(fixable)
    text = Path(__file__).read_text()
    assert sorted(rule for rule in fixable if f'"{rule}"' not in text) == []
    assert fixable["unknown-key"] and not fixable["no-effect"]
