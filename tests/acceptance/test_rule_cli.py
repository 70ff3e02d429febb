"""``chartgen rule``: a rule's explanation, as ``ruff rule`` prints one; unknown ids are usage errors."""

from __future__ import annotations

from chartgen.validation.registry import RULES, all_rules
from tests.support.cli import run_cli


def test_rule_prints_its_docstring() -> None:
    code, out, err = run_cli(["rule", "yaml-duplicate-key"])
    assert (code, err) == (0, "")
    assert out.startswith("yaml-duplicate-key\n\nA key written twice in the same mapping.\n")
    assert "fix: keep one" in out


def test_rule_says_which_fix_applies() -> None:
    code, out, _ = run_cli(["rule", "misplaced-key"])
    assert code == 0 and out.splitlines()[0] == "misplaced-key (fixed by chartgen fix)"


def test_list_names_every_rule_once() -> None:
    list(all_rules())
    code, out, _ = run_cli(["rule", "--list"])
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == sorted(RULES)


def test_all_explains_every_rule() -> None:
    code, out, _ = run_cli(["rule", "--all"])
    assert code == 0
    assert all(f"\n{name}" in f"\n{out}" for name in RULES)


def test_unknown_rule_is_a_usage_error_with_suggestions() -> None:
    code, out, err = run_cli(["rule", "yaml-dup"])
    assert (code, out) == (2, "")
    assert err == "chartgen: error: unknown rule yaml-dup; did you mean yaml-duplicate-key?\n"
    assert run_cli(["rule"])[0] == 2
