"""The conformance corpus through every rule: what upstream renders passes, what it refuses is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from chartgen.validation.runner import run_rules
from chartgen.values.load import SetFlags, load_values
from tests.oracles.judge import broken_upstream
from tests.support.corpus import CASES

BROKEN_UPSTREAM = broken_upstream()


def _cases() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/case.yaml"))


@pytest.mark.parametrize("case_dir", _cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_case(case_dir: Path) -> None:
    meta = yaml.safe_load((case_dir / "case.yaml").read_text())
    flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
    loaded = load_values([str(case_dir / "values.yaml")], app_version=meta["chart_version"], flags=flags)
    found = run_rules(loaded, release_name=meta["release"], namespace=meta["namespace"])
    errors = [d for d in found if d.is_error]
    broken = BROKEN_UPSTREAM.get(f"{case_dir.parent.name}/{case_dir.name}")
    if broken:
        assert errors, f"upstream renders objects a consumer refuses: {broken}"
        assert all(d.location is not None and d.location.line and d.location.column for d in errors)
    elif (case_dir / "expected.yaml").exists():
        assert errors == [], "upstream renders this case"
    else:
        assert errors, "upstream refuses this case"
        naming = [d for d in errors if meta["error_mentions"] in d.message]
        assert naming, [d.message for d in errors]
        # Located at the value (or the key, or the mapping a missing key belongs in).
        assert all(d.location is not None and d.location.line and d.location.column for d in naming)
