"""Every regular expression chartgen compiles is accounted for: grown by a linear-time test, or
said why it need not be.

``test_linear_time`` runs each pattern it finds in chartgen's source on adversarial texts of
growing size; it finds a pattern where ``re.<method>(PATTERN, …)`` names it, or where a module's
compiled pattern is applied by its name. A pattern applied any other way (through a variable, an
attribute, a glob compiler) would be missed without a word. This test reads every call that
compiles or applies a regular expression in chartgen and fails on each that finding misses and
``ELSEWHERE`` does not list, and on a listed one that is gone.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

import chartgen
from chartgen import quantities
from chartgen.validation import cel, config
from chartgen.validation.rules import chart_required
from tests.unit.test_linear_time import _assert_linear, _literal_patterns, _over_text, _slow

#: Patterns a call applies through a variable: how it applies them, and which they are.
Applied = tuple[str, Callable[[], Iterable[str]]]

#: Each call the finding misses (module, then the call as written): what it applies, grown below as
#: the finding's are, or why no text can make it super-linear.
ELSEWHERE: dict[str, Applied | str] = {
    "chartgen.quantities: re.fullmatch(pattern, value)": (
        "fullmatch",
        lambda: [pattern for pattern, *_ in quantities._NAMES.values()],
    ),
    "chartgen.validation.rules.chart_required: re.search(pattern, value)": (
        "search",
        lambda: [pattern for pattern, _ in chart_required._PASSWORD_NEEDS],
    ),
    "chartgen.validation.schema_walk: re.search(pattern, value)": (
        "the values schemas' patterns, which test_linear_time reads from the schemas"
    ),
    "chartgen.rendering.select: re.compile(f\"[{('^' if negate else '')}{members}]\")": (
        "one character class of a --show-only glob, with no repeat, matched against one character"
    ),
    r"""chartgen.validation.cel: re.sub(f"'?{name}'?(\\([^)]{{0,200}}\\))?( <class '[\\w.]{{1,200}}'>)?", cel_name, text)""": (
        "search",
        lambda: [rf"'?{name}'?(\([^)]{{0,200}}\))?( <class '[\w.]{{1,200}}'>)?" for name in cel._TYPES],
    ),
    "chartgen.validation.editor_schema: re.escape(text)": "escapes text: matches nothing",
    "chartgen.validation.editor_schema: re.escape(c)": "escapes a character: matches nothing",
    "chartgen.validation.config: fnmatchcase(rule, pattern)": (
        "a --select or --ignore glob against a rule id: test_rule_globs_are_linear"
    ),
    "chartgen.values.model.ingress: Field(pattern='^/')": (
        "pydantic-core matches with Rust's regex crate, which cannot backtrack"
    ),
}


def _compiles(call: ast.Call) -> bool:
    """Whether ``call`` compiles or applies a regular expression: a function of ``re`` or of
    ``fnmatch`` (which compiles a glob into one), or a ``pattern=`` constraint of a model."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id in ("re", "fnmatch")
    if isinstance(func, ast.Name) and func.id in ("fnmatch", "fnmatchcase"):
        return True
    return any(keyword.arg == "pattern" for keyword in call.keywords)


def _sites() -> Iterator[tuple[str, int, ast.Call, str | None]]:
    """Each such call in chartgen: its module, line, the call, and the module-level name its
    compiled pattern is bound to, if it is."""
    root = Path(chartgen.__file__).parent
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        bound = {
            id(node.value): node.targets[0].id
            for node in tree.body
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _compiles(node):
                yield module, node.lineno, node, bound.get(id(node))


def test_every_regular_expression_is_grown_or_listed() -> None:
    found = list(_literal_patterns())
    where = {place for place, _, _ in found}
    grown = [pattern for _, pattern, _ in found]
    missed, listed = [], set()
    for module, line, call, name in _sites():
        key = f"{module}: {ast.unparse(call)}"
        if key in ELSEWHERE:
            listed.add(key)
        elif name is not None:
            compiled = getattr(importlib.import_module(module), name)
            if not (isinstance(compiled, re.Pattern) and _over_text(compiled) in grown):
                missed.append(f"{key} (line {line}: compiled as {name}, applied where nothing finds it)")
        elif f"{module}:{line}" not in where:
            missed.append(f"{key} (line {line})")
    assert not missed, "\n".join(missed)
    assert listed == set(ELSEWHERE), f"gone: {set(ELSEWHERE) - listed}"


APPLIED = {key: value for key, value in ELSEWHERE.items() if not isinstance(value, str)}


@pytest.mark.parametrize("key", APPLIED)
def test_patterns_applied_elsewhere_are_linear(key: str) -> None:
    mode, patterns = APPLIED[key]
    slow = {pattern: found for pattern in patterns() if (found := _slow(re.compile(pattern), mode))}
    assert not slow, slow


def test_rule_globs_are_linear() -> None:
    """A rule glob is compiled by ``fnmatch`` and matched against a rule id: its growth is the glob's."""

    def matches(n: int) -> bool:
        fnmatch._compile_pattern.cache_clear()  # each run compiles afresh
        return config.rule_matches("initial-password-strength", "*a" * (n // 2) + "b")

    assert not matches(100) and config.rule_matches("initial-password-strength", "*a*s*")
    _assert_linear(matches)
