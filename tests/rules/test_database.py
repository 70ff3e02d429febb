"""The database: credentials, the bundled database's claim size, TLS to the database."""

from __future__ import annotations

from pathlib import Path

from .rulecheck import BASE, diagnostics, found

DB_RULES = [
    "db-credentials-required",
    "db-storage-size-required",
    "db-ssl-root-cert",
    "db-ssl-cert-resource",
    "db-cert-without-ssl-mode",
]
SSL = "db:\n  sslMode: verify-ca\n  sslRootCert: root.crt\n  resourceType: {kind}\n  certResourceName: db-cert\n"


def test_complete_settings_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, DB_RULES) == []
    for kind in ("secret", "configMap"):
        assert found(tmp_path, BASE + SSL.format(kind=kind), DB_RULES) == []


def test_credentials_required(tmp_path: Path) -> None:
    text = BASE + "db:\n  user: null\n"
    assert found(tmp_path, text, ["db-credentials-required"]) == [(4, 3, "db-credentials-required")]
    text = BASE + "db:\n  name: det\n  password: ''\n"
    assert found(tmp_path, text, ["db-credentials-required"]) == [(5, 3, "db-credentials-required")]


def test_storage_size_required_only_for_the_bundled_claim(tmp_path: Path) -> None:
    text = BASE + "db:\n  storageSize: null\n"
    assert found(tmp_path, text, ["db-storage-size-required"]) == [(4, 3, "db-storage-size-required")]
    for other in ("hostAddress: 10.0.0.1", "disablePVC: true"):
        text = BASE + f"db:\n  storageSize: null\n  {other}\n"
        assert found(tmp_path, text, ["db-storage-size-required"]) == [], other


def test_ssl_root_cert_required(tmp_path: Path) -> None:
    text = BASE + "db:\n  sslMode: verify-ca\n  resourceType: secret\n  certResourceName: db-cert\n"
    assert found(tmp_path, text, DB_RULES) == [(3, 1, "db-ssl-root-cert")]


def test_ssl_resource_type_and_name_required(tmp_path: Path) -> None:
    text = BASE + "db:\n  sslMode: verify-ca\n  sslRootCert: root.crt\n"
    assert found(tmp_path, text, DB_RULES) == [
        (3, 1, "db-ssl-cert-resource"),
        (3, 1, "db-ssl-cert-resource"),
    ]
    names = sorted(d.path[-1] for d in diagnostics(tmp_path, text) if d.rule == "db-ssl-cert-resource")
    assert names == ["certResourceName", "resourceType"]


def test_certificate_without_ssl_mode(tmp_path: Path) -> None:
    text = BASE + "db:\n  certResourceName: db-cert\n"
    assert found(tmp_path, text, DB_RULES) == [(4, 21, "db-cert-without-ssl-mode")]


def test_keep_policy_warns_for_a_bundled_database_without_it(tmp_path: Path) -> None:
    keep = {"opt_in": ["db-keep-policy"]}
    assert found(tmp_path, BASE, ["db-keep-policy"], **keep) == [(1, 1, "db-keep-policy")]  # db is unwritten
    text = BASE + "db:\n  storageSize: 100Gi\n"
    assert found(tmp_path, text, ["db-keep-policy"], **keep) == [(3, 1, "db-keep-policy")]
    (warning,) = [d for d in diagnostics(tmp_path, text, **keep) if d.rule == "db-keep-policy"]
    assert not warning.is_error
    assert "helm uninstall deletes it" in warning.message
    assert "reclaimPolicy is Retain" in warning.hint  # a remedy upstream Helm and Argo CD honour


def test_keep_policy_is_opt_in(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, ["db-keep-policy"]) == []


def test_keep_policy_satisfied_or_nothing_to_keep(tmp_path: Path) -> None:
    for db in ("keepOnUninstall: true", "hostAddress: db.example.com", "disablePVC: true"):
        assert (
            found(tmp_path, BASE + f"db:\n  {db}\n", ["db-keep-policy"], opt_in=["db-keep-policy"]) == []
        ), db


def test_an_empty_host_is_unset_to_the_chart_not_a_malformed_one(tmp_path: Path) -> None:
    # helm 3.17 renders the bundled database for hostAddress: "" (its `if` reads "" as unset).
    assert found(tmp_path, BASE + 'db:\n  hostAddress: ""\n', ["db-connection"]) == []
    assert found(tmp_path, BASE + 'db:\n  hostAddress: "a b"\n', ["db-connection"]) == [
        (4, 16, "db-connection")
    ]
