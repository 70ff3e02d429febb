"""Every registered rule has tests: its id appears in a test module under tests/rules
(or, for a command's own findings, in that command's acceptance tests; for an upgrade hazard of
``chartgen diff``, in the hazards' unit tests; for a GitOps reader's, in tests/gitops)."""

from __future__ import annotations

from pathlib import Path

from chartgen.validation.registry import RULES, all_rules


def test_every_rule_id_is_asserted_somewhere() -> None:
    list(all_rules())
    here = Path(__file__).parent
    modules = [
        *here.glob("test_*.py"),
        *(here.parent / "acceptance").glob("test_*_cli.py"),
        *(here.parent / "gitops").glob("test_*.py"),
    ]
    others = [
        here.parent / "acceptance" / "test_migrate.py",
        here.parent / "unit" / "diff" / "test_hazards.py",
    ]
    text = "\n".join(p.read_text() for p in [*modules, *others])
    untested = sorted(rule for rule in RULES if f'"{rule}"' not in text and f"[{rule}]" not in text)
    assert untested == []


def test_every_rule_documents_itself() -> None:
    list(all_rules())
    undocumented = sorted(rule.rule for rule in RULES.values() if not rule.doc)
    assert undocumented == []
