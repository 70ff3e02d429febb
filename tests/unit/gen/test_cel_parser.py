"""The CEL parser chartgen ships (``chartgen/data/cel_parser.py``) is the one cel-python builds.

It is loaded instead of built only while lark and cel-python are those it was generated from,
and it parses every expression as the parser cel-python builds does: the same trees, with the
same positions, the same syntax errors at the same places, and the same verdicts of
``chartgen.validation.cel.compile``: over the expressions of docs/policies.md and over
expressions generated from CEL's operators, literals and macros, well formed or not. That the
file equals what the generator makes of the installed versions is tests/unit/gen/test_generated_in_sync.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import lark
import pytest
import yaml
from celpy.celparser import CELParser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.data import cel_parser as shipped
from chartgen.gen import ROOT
from chartgen.gen.cel_parser import built, canonical
from chartgen.validation import cel

BUILT = built()
LOADED = cel._prebuilt()
VARIABLES = {"values": "dyn", "release": "map(string)", "object": "dyn"}


def _documented() -> list[str]:
    """Every ``expression`` of a policy in docs/policies.md."""
    found = []
    page = (ROOT / "docs" / "policies.md").read_text()
    for block in re.findall(r"```yaml\n(.*?)```", page, re.S):
        document = yaml.safe_load(block)
        if isinstance(document, dict) and "policies" in document:
            found += [policy["expression"] for policy in document["policies"]]
    return found


DOCUMENTED = _documented()


def shape(node: Any) -> Any:
    """A tree or token as data, with every position lark gives it (``Tree ==`` ignores them)."""
    if isinstance(node, lark.Token):
        places = (node.line, node.column, node.end_line, node.end_column, node.start_pos, node.end_pos)
        return ("token", repr(node.type), str(node), places)
    meta = node.meta
    places = (
        ()
        if meta.empty
        else (meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos)
    )
    # repr: a name lark keeps as a token is not the same as its text (cel-python prints it).
    return (type(node).__name__, repr(node.data), places, [shape(child) for child in node.children])


def parsed(parser: Any, text: str) -> Any:
    """The tree, or what lark says of the syntax error (but the parser state's own number)."""
    try:
        return shape(parser.parse(text))
    except lark.exceptions.UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        return (
            type(exc).__name__,
            exc.line,
            exc.column,
            None if token is None else (token.type, str(token)),
            getattr(exc, "char", None),
            sorted(getattr(exc, "expected", None) or ()),
            sorted(getattr(exc, "allowed", None) or ()),
            exc.get_context(text),
        )


@contextmanager
def parsing_with(parser: Any) -> Iterator[None]:
    held = CELParser.CEL_PARSER
    CELParser.CEL_PARSER = parser
    try:
        yield
    finally:
        CELParser.CEL_PARSER = held


def verdict(parser: Any, text: str) -> tuple[str, int]:
    """What ``cel.compile`` says of ``text`` when cel-python parses with ``parser``."""
    with parsing_with(parser):
        try:
            cel.compile(text, VARIABLES)
        except cel.CelError as exc:
            return exc.message, exc.column
    return "compiled", 0


def same_everywhere(text: str) -> None:
    assert parsed(LOADED, text) == parsed(BUILT, text)
    assert verdict(LOADED, text) == verdict(BUILT, text)


def test_the_shipped_parser_was_generated_from_the_installed_lark_and_cel_python() -> None:
    assert cel.parser_key() == shipped.KEY, "run `python -m chartgen.gen` (make generate)"
    assert LOADED is not None and LOADED.source_path == "<deserialized>"


def test_policies_parse_with_the_shipped_parser_and_build_none() -> None:
    program = """
import lark.parsers.lalr_analysis as analysis
from chartgen.validation import cel
def refuse(self):
    raise SystemExit("lark built a parser")
analysis.LALR_Analyzer.compute_lalr = refuse
cel.compile("values.imageRegistry.startsWith('registry.corp.example/')", {"values": "dyn"})
from celpy.celparser import CELParser
print(CELParser.CEL_PARSER.source_path)
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "<deserialized>\n", "")


def test_the_shipped_parser_has_the_terminals_rules_options_and_tables_cel_python_builds() -> None:
    def terminals(parser: Any) -> Any:
        conf = parser.lexer_conf
        return [t.serialize() for t in conf.terminals], conf.ignore, conf.g_regex_flags, conf.callbacks

    assert terminals(LOADED) == terminals(BUILT)
    assert [(rule.serialize(), repr(rule.origin.name)) for rule in LOADED.rules] == [
        (rule.serialize(), repr(rule.origin.name)) for rule in BUILT.rules
    ]
    assert LOADED.options.options == BUILT.options.options
    # The same automaton: a walk from the start state meets the same moves on both, state for state.
    ours, theirs = LOADED.parser.parser._parse_table, BUILT.parser.parser._parse_table
    assert ours.start_states.keys() == theirs.start_states.keys() == {"expr"}
    paired = {theirs.start_states["expr"]: ours.start_states["expr"]}
    stack = list(paired.items())
    while stack:
        their_state, our_state = stack.pop()
        their_moves, our_moves = theirs.states[their_state], ours.states[our_state]
        assert our_moves.keys() == their_moves.keys()
        for token, (action, arg) in their_moves.items():
            assert our_moves[token][0] is action
            if action.name == "Reduce":
                assert our_moves[token][1].serialize() == arg.serialize()
                assert repr(our_moves[token][1].origin.name) == repr(arg.origin.name)
            elif arg in paired:
                assert paired[arg] == our_moves[token][1]
            else:
                paired[arg] = our_moves[token][1]
                stack.append((arg, our_moves[token][1]))
    assert len(paired) == len(set(paired.values())) == len(theirs.states) == len(ours.states)
    assert paired[theirs.end_states["expr"]] == ours.end_states["expr"]


def test_another_lark_or_cel_python_builds_its_parser_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(shipped.KEY, "lark", "0.0.0")
    assert cel._prebuilt() is None


def test_the_documented_expressions_parse_alike() -> None:
    assert len(DOCUMENTED) >= 7
    for text in DOCUMENTED:
        same_everywhere(text)
        assert verdict(LOADED, text) == ("compiled", 0)


#: CEL's pieces: literals, names, operators, punctuation and keywords, for well-formed and
#: broken expressions alike.
PIECES = [
    *("0", "42", "-7", "0x1F", "3u", "2.5", "1e3", ".5", "'a'", '"b"', "'''m\nl'''", "r'\\d'", "b'x'"),
    *("true", "false", "null", "values", "release", "object", "x", "p", "in", "has", "size", "all"),
    *("exists", "exists_one", "map", "filter", "matches", "startsWith", "int", "string", "type"),
    *("+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "!", "?", ":", "."),
    *(",", "(", ")", "[", "]", "{", "}", "`", "#", "\\", "'unclosed", "é", "\t", "\n", "// c\n"),
]


@given(
    st.lists(st.sampled_from(PIECES), max_size=14), st.lists(st.sampled_from(["", " ", "  "]), max_size=14)
)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_run_of_cel_pieces_parses_or_fails_alike(pieces: list[str], gaps: list[str]) -> None:
    text = "".join(piece + (gaps[i] if i < len(gaps) else " ") for i, piece in enumerate(pieces))
    same_everywhere(text)


def _expressions() -> st.SearchStrategy[str]:
    """Well-formed CEL, nested: what a policy writes."""
    atoms = st.sampled_from(
        ["values", "release.name", "object.spec", "p", "1", "2.0", "3u", "'s'", "true", "null"]
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.sampled_from(
            ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "in"]
        )
        return st.one_of(
            st.tuples(inner, binary, inner).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
            st.tuples(st.sampled_from(["!", "-"]), inner).map("".join),
            inner.map(lambda e: f"({e})"),
            st.tuples(inner, inner, inner).map(lambda t: f"{t[0]} ? {t[1]} : {t[2]}"),
            st.tuples(inner, st.sampled_from(["a", "b_c", "spec"])).map(lambda t: f"{t[0]}.{t[1]}"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
            st.lists(inner, max_size=3).map(lambda items: f"[{', '.join(items)}]"),
            st.lists(st.tuples(inner, inner), max_size=2).map(
                lambda items: "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
            ),
            st.tuples(inner, st.sampled_from(["all", "exists", "map", "filter"]), inner).map(
                lambda t: f"{t[0]}.{t[1]}(p, {t[2]})"
            ),
            st.tuples(st.sampled_from(["size", "has", "int", "string"]), inner).map(
                lambda t: f"{t[0]}({t[1]})"
            ),
            inner.map(lambda e: f"{e}.startsWith('a')"),
            st.tuples(inner, st.lists(inner, max_size=2)).map(
                lambda t: f"{t[0]}{{{', '.join(f'f{i}: {v}' for i, v in enumerate(t[1]))}}}"
            ),
            st.sampled_from([".values", ".f()", ".f(1, 2)"]),
        )

    return st.recursive(atoms, extend, max_leaves=12)


@given(_expressions())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_well_formed_expression_parses_alike(text: str) -> None:
    same_everywhere(text)


def test_the_numbering_of_states_does_not_change_what_the_table_says() -> None:
    table = {
        "tokens": {0: "B", 1: "A", 2: "$END"},
        "states": {"s": {0: (0, "t"), 1: (0, "u")}, "t": {2: (1, {"@": 3})}, "u": {0: (0, "t")}},
        "start_states": {"expr": "s"},
        "end_states": {"expr": "t"},
    }
    assert canonical(table) == {
        "tokens": {0: "$END", 1: "A", 2: "B"},
        "states": {0: {1: (0, 1), 2: (0, 2)}, 1: {2: (0, 2)}, 2: {0: (1, {"@": 3})}},
        "start_states": {"expr": 0},
        "end_states": {"expr": 2},
    }


def test_the_generated_file_is_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    program = "import sys; from chartgen.gen.cel_parser import module; sys.stdout.write(module())"
    texts = {
        subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
        ).stdout
        for seed in ("0", "1", "2")
    }
    assert texts == {(ROOT / "chartgen" / "data" / "cel_parser.py").read_text()}
