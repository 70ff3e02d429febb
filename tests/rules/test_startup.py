"""What the master refuses at start-up though Helm renders it (each found by the master oracle)."""

from __future__ import annotations

from pathlib import Path

from chartgen.values.load import SetFlags

from .rulecheck import BASE, found, messages

ELASTIC = """logging:
  type: elastic
  host: es.example.com
  port: 9200
  security:
    tls:
      enabled: true
      certificate: '-----BEGIN CERTIFICATE-----'
"""


def test_an_elastic_certificate_with_verification_off_stops_the_master(tmp_path: Path) -> None:
    text = BASE + ELASTIC + "      skipVerify: true\n"
    assert found(tmp_path, text, ["elastic-tls-skip-verify"]) == [(11, 19, "elastic-tls-skip-verify")]
    assert (
        "cannot specify a cert file with verification off"
        in messages(tmp_path, text, "elastic-tls-skip-verify")[0]
    )
    assert found(tmp_path, BASE + ELASTIC, ["elastic-tls-skip-verify"]) == []


def test_rbac_needs_a_licence_before_0_38(tmp_path: Path) -> None:
    text = BASE + "security:\n  authz:\n    type: rbac\n"
    assert found(tmp_path, text, ["authz-needs-license"], release="0.37.0") == [
        (5, 11, "authz-needs-license")
    ]
    assert found(tmp_path, text, ["authz-needs-license"], release="0.38.0") == []
    enterprise = text + "enterpriseEdition: true\n"
    assert found(tmp_path, enterprise, ["authz-needs-license"], release="0.35.0") == []


def test_an_additional_manager_needs_cluster_name_not_only_name(tmp_path: Path) -> None:
    text = BASE + (
        "additional_resource_managers:\n"
        "- resource_manager: {type: kubernetes, name: edge, kubeconfig_secret_name: k,"
        " kubeconfig_secret_value: config, max_slots_per_pod: 2}\n"
        "  resource_pools: [{pool_name: edge}]\n"
    )
    assert [f[2] for f in found(tmp_path, text, ["additional-rm-cluster-name"])] == [
        "additional-rm-cluster-name"
    ]
    assert (
        "the deprecated `name` does not stand in for it"
        in messages(tmp_path, text, "additional-rm-cluster-name")[0]
    )


def test_bounds_the_master_holds_values_in(tmp_path: Path) -> None:
    """log_retention_days is an int16 the master refuses below -1; task ids are not negative."""
    assert found(tmp_path, BASE + "retentionPolicy:\n  logRetentionDays: 65536\n", ["out-of-range"]) == [
        (4, 21, "out-of-range")
    ]
    assert found(tmp_path, BASE + "retentionPolicy:\n  logRetentionDays: -1\n", ["out-of-range"]) == []
    task = "security:\n  defaultTask: {uid: -1, gid: 0, user: u, group: g}\n"
    assert found(tmp_path, BASE + task, ["out-of-range"]) == [(4, 22, "out-of-range")]


def test_text_spelling_a_number_is_held_to_the_bounds_of_that_number(tmp_path: Path) -> None:
    """``--set-string retentionPolicy.logRetentionDays=65536`` is written bare: the master reads 65536."""
    flags = SetFlags(set_string=["retentionPolicy.logRetentionDays=65536"])
    assert found(tmp_path, BASE, ["out-of-range"], flags=flags) == [(1, 34, "out-of-range")]
    ok = SetFlags(set_string=["retentionPolicy.logRetentionDays=30"])
    assert found(tmp_path, BASE, ["out-of-range"], flags=ok) == []
