"""``chartgen.database.connection`` against the master's drivers, as recorded from Go.

``masterdb.py`` recorded what pgx v4.18.2, Go 1.22's resolver and go-pg v10.10.6 make of each
spelling of the ``db`` settings, with the URL built as the master builds it; this holds
chartgen's port to every answer, without Go.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chartgen.database import connection
from tests.oracles.masterdb import RECORDS

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def test_the_record_holds_refusals_of_each_stage() -> None:
    assert any(not r["connect"]["ok"] for r in ROWS)
    assert any(r["lookup"]["refused"] for r in ROWS)
    assert any(not r["migrate"]["ok"] for r in ROWS)
    assert any(r["migrate"]["ok"] and r["migrate"]["dial_port"] == 0 for r in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{json.dumps(r['given'])[:60]}" for i, r in enumerate(ROWS)])
def test_chartgen_reads_the_settings_as_the_drivers_do(row: dict[str, Any]) -> None:
    model = connection(row["given"])
    connect, lookup, migrate = row["connect"], row["lookup"], row["migrate"]
    if connect["root_cert"] != "unread":
        assert (model.error == "") == connect["ok"], (model.error, connect["error"])
    if connect["ok"]:
        read = (model.host, model.port, model.user, model.password, model.database)
        # Without a host in the URL pgconn takes the first socket directory that exists
        # (defaultHost): /tmp in the master's image, /var/run/postgresql on the recording machine.
        host = (
            "/tmp" if connect["host"] == "/var/run/postgresql" and model.host == "/tmp" else connect["host"]
        )
        assert read == (host, connect["port"], connect["user"], connect["password"], connect["database"])
        assert model.name_refused == bool(lookup["refused"]), lookup
    assert (model.migrations == "") == migrate["ok"], (model.migrations, migrate["error"])
    if migrate["ok"]:
        assert model.dial_port == migrate["dial_port"]
