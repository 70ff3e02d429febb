"""Values Helm renders and the Determined master refuses when it starts.

Each rule follows a check the master runs on ``master.yaml`` at start-up (``check.Validate``
over the decoded configuration, and the licence check), as the master-decode oracle replays it
(``tests/oracles/master``; the facts are in ``docs/consumers.md``).
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.releases import has
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy


@rule("elastic-tls-skip-verify")
def elastic_tls_skip_verify(ctx: Context) -> Iterator[Diagnostic]:
    """An Elasticsearch certificate together with ``skipVerify``: the master refuses the pair.

    The chart writes both into ``master.yaml`` (``certificate: /etc/determined/elastic.crt`` and
    ``skip_verify: true``), and the master's TLS settings check
    (``master/pkg/model/logging_config.go``, ``TLSClientConfig.Validate``) stops start-up with
    "cannot specify a cert file with verification off".

    pass: ``logging: {type: elastic, host: es, port: 9200, security: {tls: {enabled: true, certificate: …}}}``
    fail: the same with ``skipVerify: true``
    """
    logging = mapping(ctx.get("logging"))
    if logging.get("type") != "elastic":
        return
    tls = mapping(mapping(logging.get("security")).get("tls"))
    if truthy(tls.get("skipVerify")) and truthy(tls.get("certificate")):
        yield ctx.diag(
            "elastic-tls-skip-verify", ("logging", "security", "tls", "skipVerify"),
            "logging.security.tls.skipVerify with logging.security.tls.certificate: the master refuses "
            "a certificate with verification off (\"cannot specify a cert file with verification off\") "
            "and does not start",
            hint="remove skipVerify to verify Elasticsearch against the certificate, or the certificate to skip verification",
        )  # fmt: skip


@rule("authz-needs-license")
def authz_needs_license(ctx: Context) -> Iterator[Diagnostic]:
    """An authorization type other than ``basic`` needs an Enterprise licence in 0.35–0.37.

    The open-source master of those releases checks ``security.authz.type`` at start-up
    (``master/internal/config/authz_config.go``, ``license.RequireLicense``) and panics without a
    licence: "An enterprise license is required to use this feature: RBAC". With
    ``enterpriseEdition: true`` the chart installs the Enterprise image instead.

    pass: ``security: {authz: {type: rbac}}`` with ``enterpriseEdition: true``
    fail (0.37.0): ``security: {authz: {type: rbac}}``
    """
    if not has(ctx.release, "authz-license") or truthy(ctx.get("enterpriseEdition")):
        return
    kind = mapping(mapping(ctx.get("security")).get("authz")).get("type")
    if truthy(kind) and kind != "basic":
        yield ctx.diag(
            "authz-needs-license", ("security", "authz", "type"),
            f"security.authz.type {kind!r} needs an Enterprise licence: the open-source {ctx.release} master "
            "panics at start-up without one (\"An enterprise license is required to use this feature: RBAC\"); "
            "set enterpriseEdition: true for the Enterprise image, or use type basic",
        )  # fmt: skip
