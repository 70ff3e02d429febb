"""OIDC, SAML and SCIM: complete when the enterprise edition reads them, a warning otherwise."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found

SSO_RULES = ["oidc-required", "saml-required", "scim-required", "sso-needs-enterprise"]
EE = BASE + "enterpriseEdition: true\n"
OIDC = """oidc:
  enabled: true
  provider: Okta
  idpRecipientUrl: https://det.example.com
  idpSsoUrl: https://example.okta.com
  clientId: det-client
  clientSecretName: oidc-secret
  clientSecretKey: client-secret
"""
SAML = """saml:
  enabled: true
  provider: Okta
  idpRecipientUrl: https://det.example.com/saml/sso
  idpSsoUrl: https://example.okta.com/app/sso/saml
  idpSsoDescriptorUrl: http://www.okta.com/exk123
  idpCertPath: /etc/saml/okta.cert
"""
SCIM = "scim:\n  enabled: true\n  auth:\n    type: basic\n    username: u\n    password: TopSecretScim\n"


def test_complete_sections_pass(tmp_path: Path) -> None:
    assert found(tmp_path, EE + OIDC + SAML + SCIM, SSO_RULES) == []


def test_oidc_required_fields(tmp_path: Path) -> None:
    text = EE + OIDC.replace("  provider: Okta\n", "")
    assert found(tmp_path, text, SSO_RULES) == [(4, 1, "oidc-required")]
    text = EE + OIDC.replace("clientSecretKey: client-secret", "clientSecretKey: ''")
    assert found(tmp_path, text, SSO_RULES) == [(11, 3, "oidc-required")]


def test_saml_required_fields(tmp_path: Path) -> None:
    text = EE + SAML.replace("  idpCertPath: /etc/saml/okta.cert\n", "")
    assert found(tmp_path, text, SSO_RULES) == [(4, 1, "saml-required")]


def test_scim_required_fields(tmp_path: Path) -> None:
    assert found(tmp_path, EE + "scim:\n  enabled: true\n", SSO_RULES) == [(4, 1, "scim-required")]
    text = EE + SCIM.replace("    password: TopSecretScim\n", "")
    assert found(tmp_path, text, SSO_RULES) == [(6, 3, "scim-required")]
    other = EE + "scim:\n  enabled: true\n  auth:\n    type: token\n"
    assert found(tmp_path, other, SSO_RULES) == []


def test_sections_without_enterprise_edition_are_ignored(tmp_path: Path) -> None:
    text = BASE + OIDC.replace("  provider: Okta\n", "") + "scim:\n  enabled: true\n"
    assert found(tmp_path, text, SSO_RULES) == [
        (3, 1, "sso-needs-enterprise"),
        (10, 1, "sso-needs-enterprise"),
    ]
    assert all(d.severity is Severity.WARNING for d in diagnostics(tmp_path, text) if d.rule in SSO_RULES)
