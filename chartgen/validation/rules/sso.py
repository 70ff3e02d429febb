"""Single sign-on (OIDC, SAML) and SCIM: read only by the enterprise edition, and then complete."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Path, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy

OIDC_REQUIRED = (
    "provider",
    "idpRecipientUrl",
    "idpSsoUrl",
    "clientId",
    "clientSecretName",
    "clientSecretKey",
)
SAML_REQUIRED = ("provider", "idpRecipientUrl", "idpSsoUrl", "idpSsoDescriptorUrl", "idpCertPath")
SSO_SECTIONS = ("oidc", "saml", "scim")


def _section(ctx: Context, name: str) -> dict[str, object] | None:
    """The section when the chart reads it: enterprise edition and a non-empty map."""
    value = ctx.get(name)
    if truthy(ctx.get("enterpriseEdition")) and truthy(value) and isinstance(value, dict):
        return value
    return None


def _required(ctx: Context, rule: str, path: Path, what: str) -> Diagnostic:
    return ctx.required(rule, path, what, when=f"when {path[0]} is set with enterpriseEdition: true")


@rule("oidc-required")
def oidc_required(ctx: Context) -> Iterator[Diagnostic]:
    """An ``oidc`` section needs its provider, URLs, client ID and client secret reference.

    pass: ``oidc: {provider: Okta, idpRecipientUrl: …, idpSsoUrl: …, clientId: …, clientSecretName: …, clientSecretKey: …}``
    fail: the same without ``provider``
    """
    oidc = _section(ctx, "oidc")
    if oidc is None:
        return
    for name in OIDC_REQUIRED:
        if missing(oidc.get(name)):
            yield _required(ctx, "oidc-required", ("oidc", name), "the master's OIDC login needs it")


@rule("saml-required")
def saml_required(ctx: Context) -> Iterator[Diagnostic]:
    """A ``saml`` section needs its provider, the IdP URLs and the IdP certificate path.

    pass: ``saml: {provider: Okta, idpRecipientUrl: …, idpSsoUrl: …, idpSsoDescriptorUrl: …, idpCertPath: …}``
    fail: the same without ``idpCertPath``
    """
    saml = _section(ctx, "saml")
    if saml is None:
        return
    for name in SAML_REQUIRED:
        if missing(saml.get(name)):
            yield _required(ctx, "saml-required", ("saml", name), "the master's SAML login needs it")


@rule("scim-required")
def scim_required(ctx: Context) -> Iterator[Diagnostic]:
    """A ``scim`` section needs ``auth.type``, and basic authentication its user name and password.

    pass: ``scim: {enabled: true, auth: {type: basic, username: u, password: p}}``
    fail: ``scim: {enabled: true}``
    """
    scim = _section(ctx, "scim")
    if scim is None:
        return
    auth = mapping(scim.get("auth"))
    kind = auth.get("type")
    if missing(kind):
        yield _required(ctx, "scim-required", ("scim", "auth", "type"), "it says how SCIM clients log in")
    elif kind == "basic":
        for name in ("username", "password"):
            if missing(auth.get(name)):
                yield _required(ctx, "scim-required", ("scim", "auth", name), "basic authentication needs it")


@rule("sso-needs-enterprise")
def sso_needs_enterprise(ctx: Context) -> Iterator[Diagnostic]:
    """OIDC, SAML and SCIM are enterprise features: without ``enterpriseEdition: true`` the chart ignores them.

    pass: ``enterpriseEdition: true`` with ``oidc: {…}``
    fail (warning): ``oidc: {…}`` alone
    """
    if truthy(ctx.get("enterpriseEdition")):
        return
    for name in SSO_SECTIONS:
        if truthy(ctx.get(name)):
            yield ctx.diag(
                "sso-needs-enterprise", (name,),
                f"{name} is ignored: the chart configures OIDC, SAML and SCIM only when "
                "enterpriseEdition: true",
                severity=Severity.WARNING,
                key=True,
            )  # fmt: skip
