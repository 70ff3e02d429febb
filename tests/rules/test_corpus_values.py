"""The conformance corpus through the chart rules: what upstream renders passes, what it refuses is refused.

Only the rules of the chart's and the cluster's semantics are judged here (not
the structure rules), so each module's verdicts are checked on their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from chartgen.validate.registry import RULES, all_rules
from chartgen.validate.runner import run_rules
from chartgen.values.load import SetFlags, load_values

CASES = Path(__file__).parents[1] / "conformance" / "cases"
MODULES = {
    "chart_required", "checkpoint", "database", "logging", "sso", "observability", "resource_managers",
    "genai", "pools", "slots", "versions", "release", "quirks",
}  # fmt: skip


def _semantic_rule_ids() -> set[str]:
    list(all_rules())
    return {rule_id for rule_id, r in RULES.items() if r.check.__module__.rsplit(".", 1)[-1] in MODULES}


def _cases() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/case.yaml"))


@pytest.mark.parametrize("case_dir", _cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_case(case_dir: Path) -> None:
    meta = yaml.safe_load((case_dir / "case.yaml").read_text())
    flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
    loaded = load_values([str(case_dir / "values.yaml")], app_version=meta["chart_version"], flags=flags)
    ours = _semantic_rule_ids()
    found = [
        d
        for d in run_rules(loaded, release_name=meta["release"], namespace=meta["namespace"])
        if d.rule_id in ours
    ]
    errors = [d for d in found if d.is_error]
    if (case_dir / "expected.yaml").exists():
        assert errors == [], "upstream renders this case"
    else:
        assert errors, "upstream refuses this case"
        assert any(meta["error_mentions"] in d.message for d in errors), [d.message for d in errors]


def test_every_module_has_rules() -> None:
    modules = {
        r.check.__module__.rsplit(".", 1)[-1] for r in RULES.values() if r.rule_id in _semantic_rule_ids()
    }
    assert modules == MODULES
