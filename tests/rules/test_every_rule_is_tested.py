"""Every registered rule has tests: its id appears in a test module under tests/rules."""

from __future__ import annotations

from pathlib import Path

from chartgen.validation.registry import RULES, all_rules


def test_every_rule_id_is_asserted_somewhere() -> None:
    list(all_rules())
    text = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    untested = sorted(rule for rule in RULES if f'"{rule}"' not in text)
    assert untested == []


def test_every_rule_documents_itself() -> None:
    list(all_rules())
    undocumented = sorted(rule.rule for rule in RULES.values() if not rule.doc)
    assert undocumented == []
