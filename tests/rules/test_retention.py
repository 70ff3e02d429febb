"""The log retention schedule: what the master's duration and cron parsers refuse stops it at start-up.

The chart quotes the schedule into ``master.yaml``, so the master parses the text as written
(checked with the master-decode oracle: ``"|"``, ``" coscheduler "`` and ``"1.5"`` are refused
with "log retention schedule must be a valid duration or cron expression"; ``24h``,
``0 0 * * *`` and ``@daily`` start).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.releases import SUPPORTED
from chartgen.values.load import SetFlags

from .rulecheck import BASE, diagnostics, found, messages

RULES = ["retention-schedule", "wrong-type"]


def schedule(text: str) -> str:
    return BASE + f"retentionPolicy:\n  schedule: {text}\n"


@pytest.mark.parametrize(
    "written", ['"24h"', '"0 0 * * *"', '"@daily"', "30m", "1h30m", '"@every 24h"', '"0 3 * * mon-fri"']
)
def test_durations_and_cron_expressions_start_the_master(tmp_path: Path, written: str) -> None:
    assert found(tmp_path, schedule(written), RULES) == []


@pytest.mark.parametrize("release", SUPPORTED)
@pytest.mark.parametrize(
    "written", ['"|"', '" coscheduler "', "1d", '"0 0 * * * *"', "daily", '" "', '"@every 1d"']
)
def test_what_neither_parser_reads_stops_the_master(tmp_path: Path, written: str, release: str) -> None:
    text = schedule(written)
    assert found(tmp_path, text, RULES, release=release) == [(4, 13, "retention-schedule")]
    (message,) = messages(tmp_path, text, "retention-schedule", release=release)
    assert "log retention schedule must be a valid duration or cron expression" in message
    assert "the master refuses it at start-up" in message


def test_the_message_says_what_each_parser_objects_to(tmp_path: Path) -> None:
    (message,) = messages(tmp_path, schedule("1d"), "retention-schedule")
    assert 'time: unknown unit "d" in duration "1d"' in message
    assert "expected exactly 5 fields, found 1" in message
    (finding,) = [d for d in diagnostics(tmp_path, schedule("1d")) if d.rule == "retention-schedule"]
    assert "168h" in finding.hint and finding.is_error and finding.path == ("retentionPolicy", "schedule")


def test_a_time_zone_prefix_without_a_space_crashes_the_master(tmp_path: Path) -> None:
    text = schedule('"TZ=UTC"')
    assert found(tmp_path, text, RULES) == [(4, 13, "retention-schedule")]
    assert "cron parser panic" in messages(tmp_path, text, "retention-schedule")[0]
    assert found(tmp_path, schedule('"CRON_TZ=UTC 0 0 * * *"'), RULES) == []


def test_a_string_set_on_the_command_line_is_judged_as_written(tmp_path: Path) -> None:
    """``--set-string retentionPolicy.schedule=1.5``: the master gets "1.5", no unit, five fields short."""
    flags = SetFlags(set_string=["retentionPolicy.schedule=1.5"])
    ds = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.rule in RULES]
    assert [(d.rule, d.location.file if d.location else "") for d in ds] == [
        ("retention-schedule", "--set-string")
    ]
    assert 'time: missing unit in duration "1.5"' in ds[0].message
    flags = SetFlags(set_string=["retentionPolicy.schedule=24h"])
    assert [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.rule in RULES] == []


@pytest.mark.parametrize(
    ("written", "rule"),
    [("1.5", "wrong-type"), ("24", "wrong-type"), ("yes", "not-as-written"), ("{every: 24h}", "wrong-type")],
)
def test_a_value_that_is_not_a_string_gets_one_error(tmp_path: Path, written: str, rule: str) -> None:
    """The chart would write ``'1.5'``, ``'24'``, ``'true'``: the master refuses them too, and the
    schema walker already says the value is not a string (``yes`` is not even the text written)."""
    assert found(tmp_path, schedule(written), [*RULES, "not-as-written"]) == [(4, 13, rule)]


def test_a_bare_no_is_false_and_the_chart_writes_no_schedule(tmp_path: Path) -> None:
    """YAML 1.1 reads ``no`` as false, which the chart skips: only wrong-type says it is not the text."""
    assert found(tmp_path, schedule("no"), RULES) == [(4, 13, "wrong-type")]
    assert found(tmp_path, schedule('"no"'), RULES) == [(4, 13, "retention-schedule")]


def test_an_empty_schedule_is_not_written(tmp_path: Path) -> None:
    assert found(tmp_path, schedule('""'), RULES) == []
    assert found(tmp_path, schedule("null"), RULES) == []
