"""Sections about the master itself: its Service, OpenShift route, telemetry, metrics, CPU slots."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Annotations, Host


class MasterService(Section):
    model_config = config("chart", where="masterService")

    annotations: Annotations | None = field(
        "Annotations put on the master Service (for example a cloud load balancer's settings); values are strings."
    )


class OpenshiftRoute(Section):
    model_config = config("chart", where="openshiftRoute")

    enabled: bool | None = field(
        "Create an OpenShift Route to the master; the master Service becomes ClusterIP."
    )
    host: Host | None = field("Host name of the Route; OpenShift generates one when unset.")
    termination: Literal["edge", "passthrough", "reencrypt"] | None = field(
        "TLS termination of the Route: edge (at the router), passthrough (at the master) or reencrypt."
    )


class Telemetry(Section):
    model_config = config("chart", where="telemetry")

    enabled: bool | None = field(
        "Send anonymous usage information to Determined (master.yaml telemetry.enabled).",
        True,
        values_yaml=True,
    )


class Observability(Section):
    model_config = config("chart", where="observability")

    enable_prometheus: bool | None = field(
        "Serve Prometheus metrics from the master; required whenever observability is set."
    )


class SlotResourceRequests(Section):
    model_config = config("chart", where="slotResourceRequests")

    cpu: Annotated[float, Field(gt=0)] | None = field(
        "CPUs requested per slot when slotType is cpu; must fit what Kubernetes can allocate on a node "
        "(an 8-core node may offer 7.91). The master reads it as a number, so 500m is refused."
    )
