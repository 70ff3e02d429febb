"""Rule explanations reach terminals and SARIF readers without the docstrings' reStructuredText:
``chartgen rule`` and SARIF's plain-text fields write code between single backquotes, as
ruff does; ``help.markdown`` (what GitHub code scanning shows beside an alert) code spans.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from chartgen.validation.registry import RULES, all_rules
from tests.support.cli import run_cli
from tests.support.golden import real_world_files

SARIF_SCHEMA = Path(__file__).resolve().parents[1] / "data" / "sarif" / "sarif-2.1.0-rtm.5.json"
# Findings of rules whose explanations hold literals, ``2**63`` and a long (> 1024) explanation.
VALUES = "maxSlotsPerPod: 1e20\ninitialUserPassword: abc12\nretentionPolicy: {schedule: 1d}\nslotType: cpu\n"


def test_rule_shows_literals_as_plain_text_writes_code() -> None:
    code, out, _ = run_cli(["rule", "int-range"])
    assert code == 0
    assert "``" not in out
    assert "a Go `int`. `master.yaml` is decoded" in out
    assert "pass: `tensorboardTimeout: 300`\nfail: `maxSlotsPerPod: 1e20`\n" in out


def test_no_rule_text_shows_double_backquotes() -> None:
    list(all_rules())
    assert any("``" in known.doc for known in RULES.values())  # what the docstrings are written in
    for argv in (["rule", "--all"], ["rule", "--list"]):
        code, out, _ = run_cli(argv)
        assert code == 0 and "``" not in out
    _, listed, _ = run_cli(["rule", "--list"])
    assert re.search(r"^slot-resource-requests +A slot type other than `gpu` needs `slot", listed, re.M)


@pytest.fixture
def sarif_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, dict[str, str]]]:
    monkeypatch.chdir(tmp_path)
    Path("values.yaml").write_text(VALUES)
    code, out, _ = run_cli(["lint", "--format", "sarif", "values.yaml"])
    assert code == 1
    log = json.loads(out)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    return {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}


def test_sarif_text_fields_are_plain_text(sarif_rules: dict[str, dict[str, dict[str, str]]]) -> None:
    assert {"int-range", "retention-schedule", "slot-resource-requests"} <= set(sarif_rules)
    for rule in sarif_rules.values():
        for name in ("shortDescription", "fullDescription", "help"):
            assert "``" not in rule[name]["text"], (rule["id"], name)
    requests = sarif_rules["slot-resource-requests"]
    assert "`slotType: cpu`" in requests["help"]["text"]
    schedule = sarif_rules["retention-schedule"]["shortDescription"]["text"]
    assert schedule.startswith("A `retentionPolicy.schedule` that is neither a Go duration")


def test_sarif_descriptions_keep_within_github_limits(
    sarif_rules: dict[str, dict[str, dict[str, str]]],
) -> None:
    schedule = sarif_rules["retention-schedule"]
    assert len(schedule["help"]["text"]) > 1024  # the whole explanation is the help
    for rule in sarif_rules.values():
        assert len(rule["shortDescription"]["text"]) <= 1024
        assert len(rule["fullDescription"]["text"]) <= 1024
        assert rule["help"]["text"].startswith(rule["fullDescription"]["text"])


def test_sarif_markdown_help_renders_as_the_explanation_reads(
    sarif_rules: dict[str, dict[str, dict[str, str]]],
) -> None:
    markdown = sarif_rules["int-range"]["help"]["markdown"]
    assert "a Go `int`. `master.yaml` is decoded" in markdown
    assert r"from 2\*\*63 up (or below -2\*\*63)" in markdown  # not bold text
    assert "pass: `tensorboardTimeout: 300`\\\nfail: `maxSlotsPerPod: 1e20`" in markdown  # two lines


@pytest.mark.parametrize("path", real_world_files(), ids=lambda p: p.stem)
def test_messages_carry_no_markup(path: Path) -> None:
    """Messages are written for people at run time; only docstrings are reStructuredText."""
    for suffix in (".lint.txt", ".fix.txt"):
        assert "``" not in path.with_suffix(suffix).read_text()
