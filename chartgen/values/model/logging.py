"""``logging`` (where task logs go) and ``retentionPolicy`` (how long they stay)."""

from __future__ import annotations

from typing import Literal

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Host, Port, RetentionDays


class ElasticTls(Section):
    model_config = config("chart", where="logging.security.tls")

    enabled: bool | None = field("Connect to Elasticsearch over TLS.")
    skipVerify: bool | None = field("Do not verify Elasticsearch's certificate.")
    certificateName: str | None = field("Name to verify the certificate against, if not the host.")
    certificate: str | None = field(
        "PEM contents (not a path) of the CA certificate; --set-file logging.security.tls.certificate=PATH.",
        free_text=True,
    )


class ElasticSecurity(Section):
    model_config = config("chart", where="logging.security")

    username: str | None = field("Elasticsearch user.")
    password: str | None = field("Elasticsearch password.", secret=True)
    tls: ElasticTls | None = field("TLS settings of the Elasticsearch connection.")


class Logging(Section):
    model_config = config("chart", where="logging")

    type: Literal["default", "elastic"] | None = field(
        "Log backend: default (through the master into PostgreSQL) or elastic."
    )
    host: Host | None = field("elastic: Elasticsearch host.")
    port: Port | None = field("elastic: Elasticsearch port.")
    security: ElasticSecurity | None = field("elastic: authentication and TLS.")


class RetentionPolicy(Section):
    model_config = config("chart", where="retentionPolicy")

    logRetentionDays: RetentionDays | None = field(
        "Days task logs are kept by default (-1: forever); the master holds it in 16 bits."
    )
    schedule: str | None = field("When old logs are deleted: a duration such as 24h or a cron expression.")
