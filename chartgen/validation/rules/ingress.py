"""The Ingress chartgen renders in front of the master (seed 003, "TLS").

Seed 003 leaves users to write this Ingress by hand, in one of two modes: TLS
ends in the load balancer (the Ingress holds the certificate and forwards plain
HTTP) or passes through to the master (which then holds ``tlsSecret``). These
rules catch the combinations that render an Ingress that cannot work. The
secret name's format is checked with every other object name, by the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy

# RFC 1123 host names as Kubernetes checks spec.rules[].host: lower-case labels, a
# wildcard allowed only as the whole first label.
_LABEL = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?"
HOST = rf"(\*\.)?{_LABEL}(\.{_LABEL})*"
MAX_HOST = 253
MAX_LABEL = 63


def _enabled(ctx: Context) -> bool:
    return truthy(mapping(ctx.get("ingress")).get("enabled"))


def _termination(ctx: Context) -> str | None:
    termination = mapping(mapping(ctx.get("ingress")).get("tls")).get("termination")
    return termination if isinstance(termination, str) else None


@rule("ingress-host")
def host(ctx: Context) -> Iterator[Diagnostic]:
    """An Ingress with TLS needs a host, and a host must be a valid RFC 1123 name.

    pass: ``ingress: {enabled: true, host: det.example.com, tls: {termination: passthrough}}``
    fail: ``ingress: {enabled: true, tls: {termination: passthrough}}``, ``host: Det_Example``
    """
    if not _enabled(ctx):
        return
    value = mapping(ctx.get("ingress")).get("host")
    if value is None or value == "":
        if _termination(ctx):
            yield ctx.required(
                "ingress-host",
                ("ingress", "host"),
                "the certificate and the ssl-passthrough routing both select traffic by host name",
                when="when ingress.tls is set",
                refused=False,
                at=("ingress", "tls"),
            )
        return
    if not isinstance(value, str):
        return
    labels = value.split(".")
    if (
        len(value) > MAX_HOST
        or any(len(label) > MAX_LABEL for label in labels)
        or not re.fullmatch(HOST, value)
    ):
        yield ctx.diag(
            "ingress-host",
            ("ingress", "host"),
            f"ingress.host {value!r} is not a valid host name: lower-case RFC 1123 labels "
            "separated by dots, with '*' allowed only as the whole first label; Kubernetes "
            "rejects the Ingress",
        )


@rule("ingress-tls")
def tls(ctx: Context) -> Iterator[Diagnostic]:
    """Each TLS mode needs its certificate: the Ingress's for loadBalancer, the master's for passthrough.

    pass: ``ingress.tls: {termination: loadBalancer, secretName: det-tls}``
    fail: ``ingress.tls: {termination: loadBalancer}``; ``termination: passthrough`` without ``tlsSecret``
    """
    if not _enabled(ctx):
        return
    termination = _termination(ctx)
    settings = mapping(mapping(ctx.get("ingress")).get("tls"))
    if termination == "loadBalancer" and not truthy(settings.get("secretName")):
        yield ctx.diag(
            "ingress-tls",
            ("ingress", "tls", "termination"),
            "ingress.tls.secretName is required with ingress.tls.termination: loadBalancer: "
            "it is the TLS Secret holding the certificate the load balancer presents",
        )
    if termination == "passthrough" and not truthy(ctx.get("tlsSecret")):
        yield ctx.diag(
            "ingress-tls",
            ("ingress", "tls", "termination"),
            "ingress.tls.termination: passthrough forwards TLS to the master, but tlsSecret is "
            "not set, so the master serves plain HTTP and every connection fails; set tlsSecret "
            "to the master's TLS Secret or use termination: loadBalancer",
        )
    if termination == "passthrough" and truthy(settings.get("secretName")):
        yield ctx.diag(
            "ingress-tls",
            ("ingress", "tls", "secretName"),
            "ingress.tls.secretName is ignored with termination: passthrough: the master's "
            "tlsSecret holds the certificate",
            severity=Severity.WARNING,
        )


@rule("ingress-exposure")
def exposure(ctx: Context) -> Iterator[Diagnostic]:
    """An Ingress beside a LoadBalancer Service or an OpenShift route opens a second public entry.

    pass: ``useNodePortForMaster: true`` with ``ingress.enabled: true``
    fail: ``ingress.enabled: true`` alone (the master Service stays a LoadBalancer)
    """
    if not _enabled(ctx):
        return
    route = mapping(ctx.get("openshiftRoute"))
    if truthy(route.get("enabled")):
        yield ctx.diag(
            "ingress-exposure",
            ("ingress", "enabled"),
            "ingress.enabled together with openshiftRoute.enabled exposes the master twice, "
            "through the Route and through the Ingress",
            severity=Severity.WARNING,
        )
    elif not truthy(ctx.get("useNodePortForMaster")):
        yield ctx.diag(
            "ingress-exposure",
            ("ingress", "enabled"),
            "ingress.enabled with the master Service still of type LoadBalancer (the default) "
            "gives the master two public entry points, one of them bypassing the Ingress",
            severity=Severity.WARNING,
            hint="set useNodePortForMaster: true, as Determined's TLS setup guide says",
        )
