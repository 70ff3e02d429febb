"""``db.port``, ``db.hostAddress`` and the credentials as their consumers read them (issue 26).

Each case is one the oracles judged (``tests/oracles/record.py`` ``DATABASE``; the spellings in
``tests/data/oracles/postgres.jsonl`` and ``masterdb.jsonl``): an error exactly where PostgreSQL's
first start or the master's database connection refuses, nothing where they read what was meant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.diagnostics import Severity
from chartgen.values.load import SetFlags

from .rulecheck import BASE, diagnostics

RULES = ("db-port", "db-connection")
SCHEMA = ("wrong-type", "invalid-format", "out-of-range", "not-as-written")


def errors(tmp_path: Path, text: str = "", flags: SetFlags | None = None) -> list[tuple[str, str, str]]:
    """``(rule, path, message)`` of each error about the database's values."""
    return [
        (d.rule, ".".join(map(str, d.path)), d.message)
        for d in diagnostics(tmp_path, BASE + text, flags=flags)
        if d.severity is Severity.ERROR and d.path[:1] == ("db",)
    ]


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (SetFlags(set=["db.port=08080"]), "PostgreSQL 10 refuses PGPORT `08080`"),
        (SetFlags(set_string=["db.port=4e0"]), "PostgreSQL 10 refuses PGPORT `4e0`"),
        (SetFlags(set=["db.port=1_0"]), "PostgreSQL 10 refuses PGPORT `1_0`"),
        (SetFlags(set=["db.port=8080.0"]), "PostgreSQL 10 refuses PGPORT `8080.0`"),
        (SetFlags(set=["db.port=null"]), "PostgreSQL 10 refuses PGPORT ``"),
        (SetFlags(set=["db.port=0x1F90"]), "whose libpq refuses it"),
        (SetFlags(set_string=["db.port=010"]), "listens on 8 for PGPORT `010`"),
    ],
)
def test_ports_the_bundled_database_refuses(tmp_path: Path, flags: SetFlags, says: str) -> None:
    ((rule, path, message),) = errors(tmp_path, flags=flags)
    assert (rule, path) == ("db-port", "db.port")
    assert says in message and "never" in message


@pytest.mark.parametrize(
    "flags",
    [
        SetFlags(set_string=["db.port=04"]),  # 4 to PostgreSQL, its libpq and YAML alike
        SetFlags(set_string=["db.port=007"]),
        SetFlags(set_string=["db.port= 8080"]),
        SetFlags(set=["db.name=postgres"], set_string=["db.port=010"]),  # no psql: the server's 8 is the port
        SetFlags(set=["db.hostAddress=pg.example.com", "db.port=08080"]),  # only the master: YAML reads 8080
        SetFlags(set=["db.hostAddress=pg.example.com", "db.port=1e3"]),
        SetFlags(set=["db.hostAddress=true"]),  # the master looks up the name "true"
        SetFlags(set_string=["db.password=p@ss"]),  # the last @ ends the password
        SetFlags(set_string=["db.name=a/b"]),
    ],
)
def test_values_every_consumer_reads_as_meant(tmp_path: Path, flags: SetFlags) -> None:
    assert errors(tmp_path, flags=flags) == []


@pytest.mark.parametrize(
    ("flags", "path", "says"),
    [
        (
            SetFlags(set_string=["db.hostAddress=a'b"]),
            "db.hostAddress",
            "Go's resolver refuses the host name `a'b`",
        ),
        (
            SetFlags(set_string=["db.hostAddress=é"]),
            "db.hostAddress",
            "Go's resolver refuses the host name `é`",
        ),
        (SetFlags(set_string=["db.hostAddress=1234"]), "db.hostAddress", "Go's resolver refuses"),
        (SetFlags(set_json=['db.hostAddress={"a": 1}']), "db.hostAddress", "too many colons in address"),
        (SetFlags(set=["db.hostAddress=pg.example.com", "db.port=null"]), "db.port", "dials port 0"),
        (SetFlags(set_string=["db.user=u:x"]), "db.user", "reads the URL's user as another than written"),
        (SetFlags(set_string=["db.password=p#ss"]), "db.password", "do not read it back as written"),
        (SetFlags(set_string=["db.password=p/ss"]), "db.password", "do not read it back as written"),
    ],
)
def test_settings_the_master_cannot_connect_with(
    tmp_path: Path, flags: SetFlags, path: str, says: str
) -> None:
    ((rule, where, message),) = errors(tmp_path, flags=flags)
    assert (where, rule) == (path, "db-port" if path == "db.port" else "db-connection")
    assert says in message and "cannot connect" in message


def test_a_password_is_never_shown(tmp_path: Path) -> None:
    ((_, _, message),) = errors(tmp_path, flags=SetFlags(set_string=["db.password=s3cret/x"]))
    assert "s3cret" not in message


def test_the_rules_own_the_port_and_the_host(tmp_path: Path) -> None:
    """The schema's type, format and range findings there are the rules' to make."""
    flags = SetFlags(set=["db.port=08080", "db.hostAddress=a b"])
    found = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.path[:1] == ("db",)]
    assert {d.rule for d in found} <= set(RULES) and not {d.rule for d in found} & set(SCHEMA)
