"""Every rule id chartgen can report is in the catalogue, explained, and documented in docs/rules.md."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from chartgen.validation.registry import RULES, all_rules

ROOT = Path(__file__).resolve().parents[2]
# Calls whose first or second argument is the rule id of the finding they make (``error(node, id, …)``).
_MAKERS = frozenset({"Diagnostic", "diag", "_diag", "error", "add", "_located", "Hazard", "_fails"})


def _is_rule_id(value: object) -> bool:
    return isinstance(value, str) and value.islower() and "-" in value and " " not in value


def _rule_ids(tree: ast.AST, constants: dict[str, set[str]]) -> Iterator[tuple[str, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            for arg in node.args[:2] if name in _MAKERS else ():
                if isinstance(arg, ast.Constant) and _is_rule_id(arg.value):
                    yield arg.value, node.lineno
                if isinstance(arg, ast.Name):
                    yield from ((value, node.lineno) for value in constants.get(arg.id, ()))
            for keyword in node.keywords:
                if keyword.arg == "rule" and isinstance(keyword.value, ast.Constant):
                    yield keyword.value.value, node.lineno
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        value = getattr(node, "value", None)
        for target in targets:
            pairs = [(target, value)]
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                pairs = list(zip(target.elts, value.elts, strict=False))  # ``text, rule = …, "id"``
            for name_node, value_node in pairs:
                named_rule = isinstance(name_node, ast.Name) and name_node.id == "rule"
                if named_rule and isinstance(value_node, ast.Constant):
                    yield value_node.value, node.lineno


def _module_constants(trees: list[ast.Module]) -> dict[str, set[str]]:
    """Module-level ``NAME = "rule-id"``: rule ids passed by name (``RULE_ID``, ``TYPE``)."""
    constants: dict[str, set[str]] = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and _is_rule_id(node.value.value):
                        constants.setdefault(target.id, set()).add(node.value.value)
    return constants


def test_every_rule_id_the_code_reports_is_registered() -> None:
    list(all_rules())
    sources = sorted((ROOT / "chartgen").rglob("*.py"))
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sources]
    constants = _module_constants(trees)
    emitted = {
        f"{path.relative_to(ROOT)}:{line}: {rule}"
        for path, tree in zip(sources, trees, strict=True)
        for rule, line in _rule_ids(tree, constants)
        if rule not in RULES
    }
    assert not emitted, "reported but not registered:\n" + "\n".join(sorted(emitted))


def test_the_scan_finds_rules_reported_outside_the_runner() -> None:
    """The scan above sees each way the code names a rule: a literal, a constant, a variable."""
    tree = ast.parse((ROOT / "chartgen/yamlio/load.py").read_text(encoding="utf-8"))
    found = {rule for rule, _ in _rule_ids(tree, {})}
    assert {"yaml-syntax", "yaml-duplicate-key", "yaml-reused-anchor", "yaml-warning"} <= found
    plan = ast.parse((ROOT / "chartgen/planning/request.py").read_text(encoding="utf-8"))
    assert {rule for rule, _ in _rule_ids(plan, {"RULE_ID": {"plan-inventory"}})} == {"plan-inventory"}


def test_every_rule_is_explained() -> None:
    for known in all_rules():
        assert len(known.doc.split()) >= 8, known.rule
        assert known.rule == known.rule.lower() and " " not in known.rule
