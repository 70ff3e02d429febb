"""Monitoring: an ``observability`` section must say whether Prometheus endpoints are on."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import missing, truthy


@rule("observability-enable-prometheus")
def enable_prometheus(ctx: Context) -> Iterator[Diagnostic]:
    """A non-empty ``observability`` map needs ``enable_prometheus`` (``false`` counts as set).

    pass: ``observability: {enable_prometheus: true}``
    fail: ``observability: {other: 1}``
    """
    observability = ctx.get("observability")
    if not (truthy(observability) and isinstance(observability, dict)):
        return
    if missing(observability.get("enable_prometheus")):
        yield ctx.required(
            "observability-enable-prometheus", ("observability", "enable_prometheus"),
            "it is the only setting the chart passes on",
            when="when observability is set (true or false)",
        )  # fmt: skip
