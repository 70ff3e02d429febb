"""``chartgen.database``'s reading of ``PGPORT`` against PostgreSQL's own binaries, as recorded.

``postgres.py`` recorded, per spelling, the port PostgreSQL 10.15 listens on, the port the
image's libpq (PostgreSQL 12 and 13) connects to, and whether the image's first start succeeds
(its entrypoint, initdb, a temporary server, psql); this holds chartgen's port to each answer,
without the binaries.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chartgen.database import first_start, libpq_port, server_port
from tests.oracles.postgres import IMAGE_LIBPQ, RECORDS

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def test_the_record_holds_each_way_the_first_start_fails() -> None:
    stages = {row["first_start"]["stage"] for row in ROWS}
    assert {"", "initdb", "temp-server", "psql"} <= stages


@pytest.mark.parametrize("row", ROWS, ids=[f"{row['pgport']!r}-{row['database']}" for row in ROWS])
def test_chartgen_reads_pgport_as_postgresql_does(row: dict[str, Any]) -> None:
    text = row["pgport"]
    assert server_port(text).port == row["server"]["port"]
    for version in IMAGE_LIBPQ:
        assert libpq_port(text).port == row["libpq"][version]["port"], version
    why = first_start(text, "postgres", row["database"])
    assert (why is None) == row["first_start"]["ok"], (why, row["first_start"])
    if why is None:
        assert server_port(text).port == row["first_start"]["port"]
