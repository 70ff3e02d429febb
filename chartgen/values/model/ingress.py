"""``ingress``: chartgen renders a networking.k8s.io/v1 Ingress to the master (upstream Helm ignores it)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Annotations, ObjectName

# Kubernetes refuses a Prefix path that does not start with "/".
IngressPath = Annotated[str, Field(pattern=r"^/")]


class IngressTls(Section):
    model_config = config("chartgen", where="ingress.tls")

    termination: Literal["loadBalancer", "passthrough"] | None = field(
        "Where TLS ends: loadBalancer (the Ingress holds the certificate, plain HTTP to the master) or "
        "passthrough (the master's tlsSecret; nginx ssl-passthrough)."
    )
    secretName: ObjectName | None = field("TLS Secret of the Ingress, for loadBalancer termination.")


class Ingress(Section):
    model_config = config("chartgen", where="ingress")

    enabled: bool | None = field("Render an Ingress to the master Service.", False)
    className: ObjectName | None = field("IngressClass of the Ingress (spec.ingressClassName).")
    host: str | None = field("Host name the Ingress serves (wildcards only as the first label).")
    path: IngressPath | None = field("Path served, with pathType Prefix; starts with /.", "/")
    annotations: Annotations | None = field("Annotations of the Ingress; values are strings.")
    tls: IngressTls | None = field("TLS of the Ingress.")
