"""Where task logs go: Elasticsearch needs its address; its settings mean nothing otherwise."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy

ELASTIC_ONLY = ("host", "port", "security")


def _logging_type(ctx: Context) -> tuple[dict[str, object], object]:
    logging = mapping(ctx.get("logging"))
    return logging, logging.get("type") if truthy(logging.get("type")) else ""


@rule("elastic-address-required")
def elastic_address(ctx: Context) -> Iterator[Diagnostic]:
    """``logging.type: elastic`` needs ``logging.host`` and ``logging.port``.

    pass: ``logging: {type: elastic, host: es.example.com, port: 9200}``
    fail: ``logging: {type: elastic, port: 9200}``
    """
    logging, kind = _logging_type(ctx)
    if kind != "elastic":
        return
    for name, what in (("host", "host name"), ("port", "port")):
        if missing(logging.get(name)):
            yield ctx.required(
                "elastic-address-required", ("logging", name),
                f"it is the Elasticsearch {what} the master and tasks send logs to",
                when="when logging.type is elastic",
            )  # fmt: skip


@rule("elastic-settings-ignored")
def elastic_settings_ignored(ctx: Context) -> Iterator[Diagnostic]:
    """Elasticsearch settings do nothing unless ``logging.type`` is ``elastic``.

    pass: ``logging: {type: elastic, host: es, port: 9200}``
    fail (warning): ``logging: {type: default, host: es}``
    """
    logging, kind = _logging_type(ctx)
    if kind == "elastic" or not logging:
        return
    for name in ELASTIC_ONLY:
        if truthy(logging.get(name)):
            yield ctx.diag(
                "elastic-settings-ignored", ("logging", name),
                f"logging.{name} is ignored: the chart passes Elasticsearch settings to the master only "
                "when logging.type is elastic",
                severity=Severity.WARNING,
                key=True,
            )  # fmt: skip
