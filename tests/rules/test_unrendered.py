"""Values the chart does not render under the other values: a warning says so, never an error."""

from __future__ import annotations

from pathlib import Path

from .rulecheck import BASE, diagnostics


def _rules(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    return [(d.rule, d.severity.value) for d in diagnostics(tmp_path, text) if d.rule != "db-keep-policy"]


def test_oidc_without_the_enterprise_edition_is_only_not_used(tmp_path: Path) -> None:
    """The issue's example: nothing reads ``oidc`` without ``enterpriseEdition``."""
    text = BASE + "oidc:\n  enabled: true\n  provider: Okta\n  idpRecipientUrl: nope\n  idpSsoUrl: 1234567\n"
    assert _rules(tmp_path, text) == [("sso-needs-enterprise", "warning")]
    assert ("invalid-format", "error") in _rules(tmp_path, text + "enterpriseEdition: true\n")


def test_bundled_database_settings_with_an_external_database_are_not_used(tmp_path: Path) -> None:
    external = "db:\n  hostAddress: db.example.com\n  name: det\n  user: det\n  password: Db-Passw0rd-1\n  port: 5432\n"
    text = BASE + external + "  storageSize: lots\n  cpuRequest: abc\n"
    assert _rules(tmp_path, text) == [("db-bundled-unused", "warning"), ("db-bundled-unused", "warning")]
    bundled = BASE + "db:\n  storageSize: lots\n"
    assert ("invalid-format", "error") in _rules(tmp_path, bundled)


def test_the_claim_settings_without_a_claim_are_not_used(tmp_path: Path) -> None:
    text = BASE + "db:\n  disablePVC: true\n  storageClassName: Not_A_Name\n"
    assert _rules(tmp_path, text) == [("db-bundled-unused", "warning")]


def test_genai_switched_off_is_only_not_used(tmp_path: Path) -> None:
    text = BASE + "genai:\n  port: 1e7\n  agentGroupID: 1000001\n"
    assert _rules(tmp_path, text) == [("genai-needs-version", "warning")]
