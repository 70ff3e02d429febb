"""The database's port, host and credentials as their consumers read them (``chartgen.database``).

Without ``db.hostAddress`` the chart runs PostgreSQL 10 (``postgres:10.14``) with ``PGPORT`` set to
``db.port`` quoted; the master reads ``db`` from ``master.yaml`` and writes it unescaped into the
URL its database drivers parse. These rules report exactly what those consumers refuse, and own
``db.port`` and ``db.hostAddress``: the schema's type, format and range there are theirs to judge.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from chartgen.database import CHART_SETTINGS, cast_string, connection, first_start, server_port
from chartgen.diagnostics import Diagnostic, Path, dotted
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy
from chartgen.validation.writes import read_bare
from chartgen.yamlio.resolve import go_string

PORT_RULE = "db-port"
CONNECTION_RULE = "db-connection"
PORT: Path = ("db", "port")
HOST: Path = ("db", "hostAddress")
#: Where ``master.yaml``'s ``db`` settings come from: each setting's values path.
_SOURCES = {
    "host": HOST,
    "port": PORT,
    "user": ("db", "user"),
    "password": ("db", "password"),
    "name": ("db", "name"),
}


def _bare(value: object) -> str | None:
    """The string the master holds for a value the chart writes bare into ``master.yaml``
    (``host: {{ … }}``): what go-yaml reads of Helm's text there, cast to a string; None where
    the line no longer parses (``written-bare`` and the master's start-up say what then)."""
    read = read_bare(go_string(value))
    return None if read is None else cast_string(read[0])


def _quoted(value: object) -> str:
    """The string the master, or the database's container, gets for a value the chart quotes:
    its text (``quote`` of nothing is null, which both read as empty)."""
    return "" if value is None else go_string(value)


def master_settings(ctx: Context) -> dict[str, str | None]:
    """The master's ``db`` settings of the URL as the chart writes them
    (``templates/master-config.yaml``) and the master holds them; None for a setting written bare
    whose line no longer parses."""
    db = mapping(ctx.get("db"))
    external = truthy(db.get("hostAddress"))
    return {
        "host": _bare(db.get("hostAddress")) if external else f"determined-db-service-{ctx.release_name}",
        "port": _bare(db.get("port")),
        "user": _quoted(db.get("user")),
        "password": _quoted(db.get("password")),
        "name": _quoted(db.get("name")),
    }


@rule(PORT_RULE, owns=(PORT,))
def db_port(ctx: Context) -> Iterator[Diagnostic]:
    """``db.port`` must be a port the bundled PostgreSQL starts on and the master connects to.

    Without ``db.hostAddress`` the chart passes the port quoted to PostgreSQL 10 as ``PGPORT``,
    which reads it as C's ``strtol`` does (a leading ``0`` is octal, ``0x`` hexadecimal; nothing
    may follow), and the image's first start then runs psql, whose libpq reads it as a decimal
    number: where either refuses it, or the two differ, the database never starts. The master
    and the database's Service read it bare, as YAML does. With ``db.hostAddress`` only the
    master reads it, into the URL of its connection.

    pass: ``db: {port: 5433}``
    pass: ``--set-string db.port=04`` (4 to all: PostgreSQL, libpq, YAML)
    fail: ``--set db.port=08080`` (8 is no octal digit: PostgreSQL refuses it)
    fail: ``--set-string db.port=010`` (PostgreSQL listens on 8, psql looks for 10)
    """
    db = mapping(ctx.get("db"))
    value = db.get("port")
    settings = master_settings(ctx)
    if not truthy(db.get("hostAddress")):
        pgport = _quoted(value)
        why = first_start(pgport, _quoted(db.get("user")), _quoted(db.get("name")))
        if why is not None:
            yield ctx.diag(
                PORT_RULE, PORT, f"db.port: {why}", hint="write the port as a decimal number, 1 to 65535"
            )
            return
        listening, read = server_port(pgport).port, settings["port"]
        if read is not None and read != str(listening):
            yield ctx.diag(
                PORT_RULE,
                PORT,
                f"db.port: PostgreSQL 10 listens on {listening} for PGPORT `{pgport}`, but the master and the "
                f"database's Service read the bare text as {read or 'no port'}: the master finds no database",
                hint="write the port as a decimal number, 1 to 65535",
            )
            return
    yield from _judged(ctx, "port", settings)


@rule(CONNECTION_RULE, owns=(HOST,))
def db_connection(ctx: Context) -> Iterator[Diagnostic]:
    """The master must be able to connect with ``db.hostAddress``, ``db.user``, ``db.password``
    and ``db.name``.

    The master writes them unescaped into the URL ``postgres://USER:PASSWORD@HOST:PORT/NAME``
    (``master/internal/db/setup.go``), which Go's URL parser and its drivers read: pgx to
    connect, go-pg for the migrations. A character the URL parser refuses, or one that moves
    the parts (``/``, ``?``, ``#``, a ``%`` escape), and a host name Go's resolver refuses before
    asking DNS (``a'b``, ``é``, ``1234``) leave it unable to connect: it retries for a minute,
    then stops.

    pass: ``db: {hostAddress: pg.example.com, password: "s3cret-Passw0rd!"}``
    fail: ``db: {hostAddress: "a'b"}`` (no host name to Go's resolver)
    fail: ``db: {password: "p#ss"}`` (``#`` ends the URL)
    """
    settings = master_settings(ctx)
    for key in ("host", "user", "password", "name"):
        if key == "host" and not truthy(mapping(ctx.get("db")).get("hostAddress")):
            continue  # the chart's own Service name
        yield from _judged(ctx, key, settings)


def _judged(ctx: Context, key: str, settings: Mapping[str, str | None]) -> Iterator[Diagnostic]:
    """The master's refusal of one setting, on the chart's defaults for the others."""
    value = settings[key]
    if value is None:
        return
    alone = {**CHART_SETTINGS, key: value}
    refusals = connection(alone).refusals(alone)
    if not refusals:
        return
    path = _SOURCES[key]
    secret = key == "password"
    shown = "" if secret else f" (`{value}`)" if value else " (empty)"
    why = "its drivers do not read it back as written" if secret else "; ".join(refusals)
    yield ctx.diag(
        CONNECTION_RULE if key != "port" else PORT_RULE,
        path,
        f"{dotted(path)}: the master writes it{shown} unescaped into the URL of its database connection, "
        f"postgres://USER:PASSWORD@HOST:PORT/NAME, and {why}; so it cannot connect, and stops",
        hint=_HINTS[key]
        + ("; the port is db.port" if key == "host" and re.search(r":[0-9]+$", value) else ""),
    )


_HINTS = {
    "port": "write the port as a decimal number, 1 to 65535",
    "host": "write a host name (letters, digits, - and _ in labels of at most 63) or an IP address",
    "user": "the URL takes letters, digits and -._~!$&'()*+,;=@ in a user name (: ends it), and no /, ?, # or %",
    "password": "the URL takes letters, digits and -._~!$&'()*+,;=:@ in a password, and no /, ?, # or %",
    "name": "write the database name without /, ?, # or %",
}
