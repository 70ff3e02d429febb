"""``chartgen/data/cel_parser.py``: cel-python's CEL parser, built once here instead of at each run.

cel-python builds its parser with lark when the first policy is compiled: lark reads the CEL
grammar and computes the LALR(1) tables, about 0.3 s of every ``chartgen lint`` with policies.
This builds the very same parser by cel-python's own code (``celpy.celparser.CELParser``) and
writes what lark serializes of it (the terminals, rules and tables lark's cache would pickle) as
Python literals, which ``chartgen.validation.cel`` loads instead, only while lark and cel-python
are the ones it was built from (``cel.parser_key``). lark numbers its states in the order of
sets, which differ from one process to the next; they are numbered here by a breadth-first walk
of the table, so the same versions always generate the same file.
"""

from __future__ import annotations

import ast
from collections import deque
from typing import Any

from chartgen.release_data import module_text


def built() -> Any:
    """A parser built as cel-python builds its own, leaving the one it holds (if any) in place."""
    from celpy import InterpretedRunner
    from celpy.celparser import CELParser

    held = CELParser.CEL_PARSER
    CELParser.CEL_PARSER = None
    try:
        CELParser(tree_class=InterpretedRunner.tree_node_class)
        parser = CELParser.CEL_PARSER
    finally:
        CELParser.CEL_PARSER = held
    return parser


def parser_data(parser: Any) -> dict[str, Any]:
    """``DATA``, ``MEMO``, ``OPTIONS`` and ``ORIGINS`` of the module: ``OPTIONS`` are those lark
    takes when it loads a parser (callbacks, regex flags) as literals, the callbacks by their names
    on ``CELParser``; the rest of lark's serialization as it is, but for the numbering of states."""
    from celpy.celparser import CELParser
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef

    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {
        name: value for name, value in data["options"].items() if name not in _LOAD_ALLOWED_OPTIONS
    }
    frontend = data["parser"]
    frontend["lexer_conf"]["g_regex_flags"] = int(frontend["lexer_conf"]["g_regex_flags"])
    frontend["parser"] = canonical(frontend["parser"])
    options = parser.options
    callbacks = {}
    for terminal, function in options.lexer_callbacks.items():
        name = getattr(function, "__name__", "")
        if getattr(CELParser, name, None) is not function:
            raise RuntimeError(f"cel-python's lexer callback for {terminal} is not a CELParser method")
        callbacks[terminal] = name
    unsupported = [
        name for name in ("postlex", "transformer", "edit_terminals") if getattr(options, name, None)
    ]
    if unsupported or options.regex or options.use_bytes or options._plugins:
        raise RuntimeError(f"cel-python's parser has options this cannot write: {unsupported}")
    loaded = {
        "lexer_callbacks": callbacks,
        "g_regex_flags": int(options.g_regex_flags),
        "propagate_positions": options.propagate_positions,
        "debug": options.debug,
    }
    return {"DATA": data, "MEMO": memo, "OPTIONS": loaded, "ORIGINS": origins(parser)}


def origins(parser: Any) -> dict[str, str]:
    """The rules whose name lark keeps as a token of the grammar (``Token('RULE', 'unary_not')``),
    which its serialization writes as plain text: a tree's ``data`` is that name, and cel-python
    writes it into its error messages (``found no matching overload for Token('RULE', ...)``)."""
    from lark import Token

    found: dict[str, str] = {}
    plain = set()
    for rule in parser.rules:
        name = rule.origin.name
        if isinstance(name, Token):
            found[str(name)] = name.type
        else:
            plain.add(name)
    if plain & set(found) or any(rule.alias for rule in parser.rules):
        raise RuntimeError("cel-python's rules name their trees in a way this cannot write")
    return found


def canonical(table: dict[str, Any]) -> dict[str, Any]:
    """lark's serialized parse table, its tokens numbered by name and its states in the order a
    breadth-first walk from the start states meets them (each state's moves by token name)."""
    names = table["tokens"]
    tokens = {name: index for index, name in enumerate(sorted(names.values()))}
    states = table["states"]
    number: dict[Any, int] = {}
    queue = deque(table["start_states"][start] for start in sorted(table["start_states"]))
    while queue:
        state = queue.popleft()
        if state in number:
            continue
        number[state] = len(number)
        for _, (action, arg) in sorted(states[state].items(), key=lambda item: names[item[0]]):
            if action == 0:
                queue.append(arg)
    if len(number) != len(states):
        raise RuntimeError("the CEL parse table has states no start state reaches")
    renumbered = {}
    for state, index in sorted(number.items(), key=lambda item: item[1]):
        moves = {
            tokens[names[token]]: (0, number[arg]) if action == 0 else (1, arg)
            for token, (action, arg) in states[state].items()
        }
        renumbered[index] = dict(sorted(moves.items()))
    return {
        "tokens": {index: name for name, index in tokens.items()},
        "states": renumbered,
        "start_states": {start: number[state] for start, state in sorted(table["start_states"].items())},
        "end_states": {start: number[state] for start, state in sorted(table["end_states"].items())},
    }


def module() -> str:
    """The text of ``chartgen/data/cel_parser.py`` for the installed lark and cel-python."""
    from chartgen.validation.cel import parser_key

    constants = {"KEY": parser_key(), **parser_data(built())}
    text = module_text(
        "cel-python's CEL parser as lark serializes it, built from the versions ``KEY`` names "
        "(``chartgen.gen.cel_parser``).",
        constants,
        blocks=True,
    )
    for name, value in constants.items():
        try:
            same = ast.literal_eval(repr(value)) == value
        except (ValueError, SyntaxError):
            same = False
        if not same:
            raise RuntimeError(f"{name} of the CEL parser's serialization holds what is not a literal")
    return text
