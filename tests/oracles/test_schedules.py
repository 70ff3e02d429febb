"""chartgen parses a log retention schedule as the master's Go code does (recorded by
``tests/oracles/schedules.py`` from Go 1.22's ``time.ParseDuration`` and robfig/cron v3.0.1's
``ParseStandard``)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from chartgen.schedules import (
    ConstantDelaySchedule,
    CronPanic,
    ScheduleError,
    SpecSchedule,
    master_schedule_error,
    parse_duration,
    parse_standard,
)
from tests.oracles.schedules import RECORDS

# Split at "\n" only: str.splitlines would also split inside a spec at U+0085 or U+2028.
ROWS: list[dict[str, Any]] = [json.loads(line) for line in RECORDS.read_text().split("\n") if line]


def test_the_record_covers_every_verdict() -> None:
    """Durations and cron expressions each accepted and refused, descriptors, ``@every``, zones
    found and not found, and robfig's panic."""
    kinds = {
        (row["duration"]["ok"], row["cron"]["ok"], row["cron"]["panic"], row["cron"]["every"] is not None)
        for row in ROWS
    }
    assert len(ROWS) >= 2000
    assert kinds == {
        (True, False, False, False),
        (False, True, False, False),
        (False, True, False, True),
        (False, False, False, False),
        (False, False, True, False),
    }
    assert {row["zone"]["ok"] for row in ROWS if row["zone"]} == {True, False}
    assert sum(row["cron"]["ok"] for row in ROWS) >= 400 and sum(row["duration"]["ok"] for row in ROWS) >= 300


def _zones(row: dict[str, Any]) -> Any:
    """The oracle machine's answer for the zone the spec names (the master's comes from its image)."""

    def loader(name: str) -> bool:
        assert row["zone"] is not None and name == row["zone"]["name"]
        return bool(row["zone"]["ok"])

    return loader


@pytest.mark.parametrize("row", ROWS, ids=[repr(row["spec"])[:60] for row in ROWS])
def test_go_parses(row: dict[str, Any]) -> None:
    spec = row["spec"]
    want = row["duration"]
    if want["ok"]:
        assert parse_duration(spec) == want["ns"]
    else:
        with pytest.raises(ScheduleError) as refused:
            parse_duration(spec)
        assert str(refused.value) == want["error"]

    want = row["cron"]
    if want["panic"]:
        with pytest.raises(CronPanic):
            parse_standard(spec, _zones(row))
    elif not want["ok"]:
        with pytest.raises(ScheduleError) as refused:
            parse_standard(spec, _zones(row))
        assert not isinstance(refused.value, CronPanic)
    elif want["every"] is not None:
        assert parse_standard(spec, _zones(row)) == ConstantDelaySchedule(want["every"])
    else:
        schedule = parse_standard(spec, _zones(row))
        assert isinstance(schedule, SpecSchedule)
        bits = [schedule.second, schedule.minute, schedule.hour, schedule.dom, schedule.month, schedule.dow]
        assert [str(b) for b in bits] == want["bits"]
        assert schedule.location == want["location"]

    accepted = row["duration"]["ok"] or row["cron"]["ok"]
    assert (master_schedule_error(spec, _zones(row)) is None) == accepted


def test_the_schedule_parsers_take_linear_time() -> None:
    """Hostile sizes (a values file holds at most 256 KiB) parse in well under a second."""
    hostile = [
        "1" * 200_000 + "h",
        "1." + "9" * 200_000 + "s",
        "1h" * 100_000,
        "0 0 * * " + ",".join(["1"] * 60_000),
        "0 0 * * " + "0" * 200_000 + "1",
        " " * 200_000,
        "\u3000" * 100_000 + "@daily",
        "TZ=" + "a" * 200_000 + " 0 0 * * *",
        "@every " + "1s" * 100_000,
        "µ" * 100_000,
    ]
    for spec in hostile:
        started = time.perf_counter()
        master_schedule_error(spec)
        assert time.perf_counter() - started < 1.0, spec[:20]
