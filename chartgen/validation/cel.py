"""CEL, as house rules use it: compiled with the place of each mistake, evaluated within a cost.

The one module that imports the CEL library (cel-python's ``celpy``, chosen by measurement:
see docs/policies.md), and only a configuration with policies imports this module. celpy's
parser is loaded prebuilt from ``chartgen/data/cel_parser.py`` where it can be (``_prebuilt``).

``compile`` refuses what cannot run before any values are read: a syntax error, a name that is
neither a variable the policy is given nor one its macros bind, a function CEL does not have,
a macro without its variable, an operator or function applied to literals of the wrong type, and
an expression whose type is known and is not a boolean. Each refusal says where (1-based column).

``Program.evaluate`` is bounded as the Kubernetes API server bounds CEL: each step of the
interpreter costs one, and each operation over a list, map or string also costs its size, so
nested macros over thousands of items or strings doubled inside a macro run out of ``COST_LIMIT``
and stop at once, in the evaluating thread: no work is left running.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from chartgen.hints import typing

#: What one evaluation may cost (steps plus sizes): a policy over a few hundred pools costs
#: tens of thousands; a pool list nested in itself, thousands of items deep, runs out.
COST_LIMIT = 50_000
#: How deep a parsed expression may nest: the interpreter recurses a few frames per level,
#: and this keeps it well inside Python's default recursion limit.
MAX_DEPTH = 120
#: Macros: their first argument is the variable they bind.
MACROS = frozenset({"all", "exists", "exists_one", "map", "filter"})
#: Names CEL knows as values: its types (``type(x) == string``).
TYPE_NAMES = frozenset(
    {
        "bool",
        "bytes",
        "double",
        "duration",
        "int",
        "list",
        "map",
        "null_type",
        "string",
        "timestamp",
        "type",
        "uint",
    }
)


class CelError(Exception):
    """An expression that cannot run: ``message`` at ``column`` (1-based) of the expression."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


class EvaluationError(Exception):
    """An expression that failed on these values (a missing key, no such overload)."""


class CostExceeded(BaseException):
    """Raised inside the interpreter when an evaluation has spent ``COST_LIMIT``: a
    ``BaseException`` so that no ``except Exception`` of the library turns it into a value."""


def _library() -> typing.Any:
    """``celpy``, or a usage error saying how to install it."""
    try:
        import celpy
    except ImportError:  # installed without its dependencies (pip --no-deps)
        from chartgen.diagnostics import UsageError

        raise UsageError(
            "policies need the CEL library cel-python, which chartgen depends on: pip install chartgen "
            "(or pip install 'cel-python>=0.5,<0.6')"
        ) from None
    return celpy


_ENVIRONMENT: list[typing.Any] = []


def _environment() -> typing.Any:
    """One environment, with its parser prebuilt where it can be (``_prebuilt``); celpy raises
    the interpreter's recursion limit when it builds one, and that is put back: ``MAX_DEPTH``
    needs no more."""
    if not _ENVIRONMENT:
        celpy = _library()
        from celpy.celparser import CELParser

        if CELParser.CEL_PARSER is None:
            CELParser.CEL_PARSER = _prebuilt()
        limit = sys.getrecursionlimit()
        try:
            _ENVIRONMENT.append(celpy.Environment())
        finally:
            sys.setrecursionlimit(limit)
    return _ENVIRONMENT[0]


def parser_key() -> dict[str, str]:
    """What cel-python's parser is built from here: lark's version, and digests of cel-python's
    grammar and of the module that gives lark its options (``celpy/celparser.py``)."""
    import hashlib
    import os

    import lark
    from celpy import celparser

    key = {"lark": lark.__version__}
    folder = os.path.dirname(os.path.abspath(celparser.__file__))
    for name in ("cel.lark", "celparser.py"):
        with open(os.path.join(folder, name), "rb") as handle:
            key[name] = hashlib.sha256(handle.read()).hexdigest()
    return key


def _prebuilt() -> typing.Any:
    """The parser ``chartgen.gen.cel_parser`` built and ``chartgen/data/cel_parser.py`` holds, if
    it was built from what is installed (``parser_key``); else None, and celpy builds its own
    (0.15–0.3 s of CPU more, the same parser)."""
    from chartgen.data import cel_parser

    try:
        if parser_key() != cel_parser.KEY:
            return None
    except OSError:  # cel-python installed without its sources: nothing to compare
        return None
    import lark
    from celpy import InterpretedRunner
    from celpy.celparser import CELParser

    options = dict(cel_parser.OPTIONS)
    options["lexer_callbacks"] = {
        terminal: getattr(CELParser, name) for terminal, name in options["lexer_callbacks"].items()
    }
    # lark writes the rules' names as text; built, they are tokens, and celpy's messages print them.
    memo = dict(cel_parser.MEMO)
    for index, entry in memo.items():
        name = entry.get("origin", {}).get("name") if entry["__type__"] == "Rule" else None
        if name in cel_parser.ORIGINS:
            memo[index] = {
                **entry,
                "origin": {**entry["origin"], "name": lark.Token(cel_parser.ORIGINS[name], name)},
            }
    parser = lark.Lark.__new__(lark.Lark)
    # What lark's own cache does with what it loads (lark.Lark.__init__, cache=True), from our file.
    return parser._load(
        {"data": cel_parser.DATA, "memo": memo},
        tree_class=InterpretedRunner.tree_node_class,
        **options,
    )


def _functions() -> frozenset[str]:
    from celpy.evaluation import base_functions

    return frozenset(name for name in base_functions if name[0] not in "_!-") | MACROS | {"has"}


class Program:
    """A compiled expression, evaluated on values converted by ``to_cel``."""

    def __init__(self, source: str, tree: typing.Any) -> None:
        self.source = source
        self._tree = tree
        self._runner = _environment().program(tree, _numeric_relations())

    def evaluate(self, variables: Mapping[str, typing.Any]) -> typing.Any:
        """The expression's value; ``EvaluationError`` when it fails on these values,
        ``CostExceeded`` when it would cost more than ``COST_LIMIT``."""
        from celpy.evaluation import CELEvalError

        evaluator = _bounded()(self._tree, self._runner.new_activation())
        try:
            value = evaluator.evaluate(dict(variables))
        except CELEvalError as exc:
            raise EvaluationError(_reason(exc)) from None
        except RecursionError:
            raise EvaluationError("the values are nested too deeply to evaluate") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ArithmeticError) as exc:
            # What the library leaves unconverted (an unsupported form it parsed): still the user's.
            raise EvaluationError(f"{type(exc).__name__}: {exc}") from None
        if isinstance(value, CELEvalError):
            raise EvaluationError(_reason(value))
        return value


_RELATIONS = {"_==_": "eq", "_!=_": "ne", "_<_": "lt", "_<=_": "le", "_>_": "gt", "_>=_": "ge"}
_NUMERIC_RELATIONS: list[dict[str, typing.Any]] = []


def _numeric_relations() -> dict[str, typing.Any]:
    """The comparisons, with CEL's numeric rule that celpy lacks: an int, a uint and a double
    compare by their values (``2.0 == 2``, ``1 >= 0.5``), as the specification's heterogeneous
    equality and ordering say. YAML writes ``2`` and ``2.5`` alike; a policy should not care."""
    if _NUMERIC_RELATIONS:
        return _NUMERIC_RELATIONS[0]
    import operator

    from celpy import celtypes
    from celpy.evaluation import base_functions

    numbers = (celtypes.IntType, celtypes.UintType, celtypes.DoubleType)

    def numeric(name: str, compare: typing.Any) -> typing.Any:
        fallback = base_functions[name]

        def relation(left: typing.Any, right: typing.Any) -> typing.Any:
            if isinstance(left, numbers) and isinstance(right, numbers) and type(left) is not type(right):
                # Python compares an int and a float exactly (celpy's own types refuse to).
                return celtypes.BoolType(compare(_plain(left), _plain(right)))
            return fallback(left, right)

        return relation

    def _plain(number: typing.Any) -> int | float:
        return float(number) if isinstance(number, celtypes.DoubleType) else int(number)

    table = {name: numeric(name, getattr(operator, op)) for name, op in _RELATIONS.items()}
    _NUMERIC_RELATIONS.append(table)
    return table


#: celpy's class names, as CEL names the types.
_TYPES = {
    "IntType": "int", "UintType": "uint", "DoubleType": "double", "StringType": "string",
    "BytesType": "bytes", "BoolType": "bool", "ListType": "list", "MapType": "map", "NoneType": "null",
    "TimestampType": "timestamp", "DurationType": "duration",
}  # fmt: skip


def _reason(error: Exception) -> str:
    """What a CEL evaluation error says, without the library's internals (class names, tokens)."""
    import re

    args = error.args
    message = str(args[0]) if args else "evaluation failed"
    detail = args[2] if len(args) > 2 and isinstance(args[2], tuple) and args[2] else ()
    if message.startswith("found no matching overload for"):
        # Split, not searched: the message quotes the operands, which hold the user's values.
        head, applied, rest = message.partition(" applied to '(")
        operands, closed, _ = rest.rpartition(")'")
        # The operator as the library names it: ``Token('RULE', 'relation_eq')``, ``'_%_'``, ``_?_:_``.
        written = head.removeprefix("found no matching overload for ")[:200]
        quoted = re.findall(r"'(\w+)'\)", written)
        if applied and closed and written:
            word = quoted[-1] if quoted else written.split()[0]
            operator = _OPERATORS.get(word, word)
            types = [_TYPES.get(name, name) for name in re.findall(r"\.(\w+)'>", operands)]
            if len(types) == 2 and operator in _OPERATORS.values():
                return f"no such overload: {types[0]} {operator} {types[1]}"
            return f"no such overload: {operator}({', '.join(types)})"
        return "no such overload"
    if message in ("no such overload", "invalid_argument", "return error for overflow") and detail:
        text = str(detail[0])
        for name, cel_name in _TYPES.items():
            text = re.sub(rf"'?{name}'?(\([^)]{{0,200}}\))?( <class '[\w.]{{1,200}}'>)?", cel_name, text)
        message = f"{message}: {text}"
    return (
        " ".join(message.replace("_", " ").split())
        if message.startswith("return error")
        else " ".join(message.split())
    )


_OPERATORS = {
    "relation_eq": "==",
    "relation_ne": "!=",
    "relation_lt": "<",
    "relation_le": "<=",
    "relation_gt": ">",
    "relation_ge": ">=",
    "relation_in": "in",
    "addition_add": "+",
    "addition_sub": "-",
    "multiplication_mul": "*",
    "multiplication_div": "/",
    "multiplication_mod": "%",
}


_BOUNDED: list[type] = []


def _bounded() -> type:
    """celpy's interpreter, charging each step and each collection or string an operation reads."""
    if _BOUNDED:
        return _BOUNDED[0]
    from celpy import celtypes
    from celpy.evaluation import Evaluator

    sized = (celtypes.ListType, celtypes.MapType, celtypes.StringType, celtypes.BytesType)

    class Bounded(Evaluator):
        def __init__(self, ast: typing.Any, activation: typing.Any, spent: list[int] | None = None) -> None:
            super().__init__(ast, activation)
            self.spent = spent if spent is not None else [0]

        def sub_evaluator(self, ast: typing.Any) -> Bounded:
            return Bounded(ast, self.activation, self.spent)

        def _charge(self, cost: int) -> None:
            self.spent[0] += cost
            if self.spent[0] > COST_LIMIT:
                raise CostExceeded

        def _visit_tree(self, tree: typing.Any) -> typing.Any:
            self._charge(1)
            return super()._visit_tree(tree)

        def visit_children(self, tree: typing.Any) -> list[typing.Any]:
            values: list[typing.Any] = super().visit_children(tree)
            if len(tree.children) > 1:
                self._charge(sum(len(value) for value in values if isinstance(value, sized)))
            return values

    _BOUNDED.append(Bounded)
    return Bounded


def to_cel(data: typing.Any) -> typing.Any:
    """Values or an object as CEL sees them (YAML's maps, lists and scalars)."""
    from celpy.adapter import json_to_cel

    try:
        return json_to_cel(data)
    except RecursionError:
        raise EvaluationError("the values are nested too deeply to evaluate") from None
    except (TypeError, ValueError) as exc:
        raise EvaluationError(f"a value CEL cannot hold: {exc}") from None


def compile(source: str, variables: Mapping[str, str]) -> Program:
    """``source`` checked and compiled; ``variables`` maps each name it may read to its type
    (``dyn``, or ``map(string)`` for a map of strings). Raises ``CelError``."""
    celpy = _library()
    if not source.strip():
        raise CelError("the expression is empty", 1)
    try:
        tree = _environment().compile(source)
    except celpy.CELParseError as exc:
        raise CelError(*_syntax(exc, source)) from None
    except RecursionError:
        raise CelError(f"the expression nests more deeply than {MAX_DEPTH} levels", 1) from None
    _check_depth(tree)
    found = _Checker(source, variables, _functions()).type_of(tree, frozenset())
    if found not in ("bool", "dyn"):
        raise CelError(f"the expression is a {found}, not a bool: a policy passes when it is true", 1)
    return Program(source, tree)


def _syntax(exc: typing.Any, source: str) -> tuple[str, int]:
    """lark's complaint (celpy keeps it as the error's context) as a message and a column."""
    cause = exc.__context__
    token = getattr(cause, "token", None)
    if token is not None and token.type == "$END":
        return "syntax error: the expression ends too soon", len(source.rstrip()) + 1
    if token is not None:
        return f"syntax error: {str(token)!r} is not expected here", exc.column or 1
    char = getattr(cause, "char", None)
    if char is not None:
        return f"syntax error: {char!r} is not expected here", exc.column or 1
    return "syntax error", exc.column or 1


def _check_depth(tree: typing.Any) -> None:
    import lark

    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise CelError(f"the expression nests more deeply than {MAX_DEPTH} levels", _column(node))
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, lark.Tree))


def _column(node: typing.Any) -> int:
    meta = getattr(node, "meta", None)
    column = getattr(meta, "column", None) if meta is not None and not getattr(meta, "empty", True) else None
    if column is None:
        column = getattr(node, "column", None)
    return int(column) if column else 1


#: The types a literal, an operator or a function is known to have; ``dyn`` is any (a value
#: read from ``values`` or ``object``), never an error.
_LITERALS = {
    "INT_LIT": "int",
    "UINT_LIT": "uint",
    "FLOAT_LIT": "double",
    "STRING_LIT": "string",
    "MLSTRING_LIT": "string",
    "BYTES_LIT": "bytes",
    "BOOL_LIT": "bool",
    "NULL_LIT": "null",
}
_NUMBERS = frozenset({"int", "uint", "double"})
#: Methods and functions on strings: (receiver, argument types, result).
_STRING_METHODS = {
    "startsWith": (("string",), "bool"),
    "endsWith": (("string",), "bool"),
    "matches": (("string",), "bool"),
    "contains": (("string",), "bool"),
}


class _Checker:
    """Infers what it can of each subexpression's type, and refuses what cannot run."""

    def __init__(self, source: str, variables: Mapping[str, str], functions: frozenset[str]) -> None:
        self.source = source
        self.variables = variables
        self.functions = functions

    def fail(self, node: typing.Any, message: str) -> typing.NoReturn:
        raise CelError(message, _column(node))

    def type_of(self, node: typing.Any, bound: frozenset[str]) -> str:
        import lark

        if not isinstance(node, lark.Tree):
            return "dyn"
        kind = node.data
        children: list[typing.Any] = node.children
        if kind == "literal":
            return _LITERALS.get(children[0].type, "dyn")
        if kind == "ident":
            name = children[0].value
            if name in bound:
                return "dyn"
            if name in self.variables:
                return self.variables[name]
            if name in TYPE_NAMES:
                return "type"
            self.fail(node, f"undeclared reference to {name!r} (a policy reads {_listed(self.variables)})")
        if kind in ("ident_arg", "dot_ident_arg"):
            return self._call(node, None, children[0], children[1:], bound)
        if kind == "member_dot_arg":
            return self._call(node, children[0], children[1], children[2:], bound)
        if kind == "member_dot":
            receiver = self.type_of(children[0], bound)
            if receiver.startswith("map("):
                return receiver[4:-1]
            if receiver not in ("dyn", "map"):
                self.fail(children[1], f"{receiver} has no field {children[1].value!r}")
            return "dyn"
        if kind in ("dot_ident", "member_object"):
            self.fail(node, "messages and qualified names are not part of a policy's values")
        if kind == "list_lit":
            for child in children:
                self.type_of(child, bound)
            return "list"
        if kind == "map_lit":
            for child in children:
                self.type_of(child, bound)
            return "map"
        if kind == "member_index":
            receiver = self.type_of(children[0], bound)
            self.type_of(children[1], bound)
            if receiver not in ("dyn", "list", "map") and not receiver.startswith("map("):
                self.fail(node, f"a {receiver} cannot be indexed")
            return receiver[4:-1] if receiver.startswith("map(") else "dyn"
        if kind in ("exprlist", "mapinits", "fieldinits"):
            for child in children:
                self.type_of(child, bound)
            return "dyn"
        if kind == "expr" and len(children) == 3:
            self._want(children[0], "bool", "a condition", bound)
            first, second = self.type_of(children[1], bound), self.type_of(children[2], bound)
            return first if first == second else "dyn"
        if kind in ("conditionalor", "conditionaland") and len(children) == 2:
            for child in children:
                self._want(child, "bool", "|| and &&", bound)
            return "bool"
        if kind == "unary" and len(children) == 2:
            operand = self.type_of(children[1], bound)
            if children[0].data == "unary_not":
                if operand not in ("bool", "dyn"):
                    self.fail(node, f"! needs a bool, not a {operand}")
                return "bool"
            if operand not in ("int", "double", "dyn"):
                self.fail(node, f"- needs an int or a double, not a {operand}")
            return operand
        if kind in ("relation", "addition", "multiplication") and len(children) == 2:
            return self._operator(node, bound)
        if kind == "paren_expr" or len(children) == 1:
            return self.type_of(children[0], bound)
        for child in children:
            self.type_of(child, bound)
        return "dyn"

    def _want(self, node: typing.Any, wanted: str, what: str, bound: frozenset[str]) -> None:
        found = self.type_of(node, bound)
        if found not in (wanted, "dyn"):
            self.fail(node, f"{what} need a {wanted}, not a {found}")

    def _operator(self, node: typing.Any, bound: frozenset[str]) -> str:
        operation, right_node = node.children
        symbol = _OPERATORS.get(operation.data, operation.data)
        left = self.type_of(operation.children[0], bound) if operation.children else "dyn"
        right = self.type_of(right_node, bound)
        if node.data == "relation":
            if symbol == "in":
                if right not in ("dyn", "list", "map") and not right.startswith("map("):
                    self.fail(node, f"in needs a list or a map on its right, not a {right}")
            elif symbol not in ("==", "!=") and "dyn" not in (left, right):
                ordered = left == right and left in (*_NUMBERS, "string", "bytes", "bool")
                if not ordered and not (left in _NUMBERS and right in _NUMBERS):
                    self.fail(node, f"no such overload: {left} {symbol} {right}")
            return "bool"
        if "dyn" in (left, right):
            return "dyn"
        if left in _NUMBERS and left == right:
            if symbol == "%" and left == "double":
                self.fail(node, "no such overload: double % double")
            return left
        if symbol == "+" and left == right and left in ("string", "bytes", "list"):
            return left
        self.fail(node, f"no such overload: {left} {symbol} {right}")

    def _call(
        self, node: typing.Any, receiver_node: typing.Any, name_token: typing.Any, rest: list[typing.Any],
        bound: frozenset[str],
    ) -> str:  # fmt: skip
        name = name_token.value
        args = list(rest[0].children) if rest else []
        if name not in self.functions:
            self.fail(name_token, f"undeclared reference to function {name!r}")
        if name in MACROS:
            if receiver_node is None:
                self.fail(name_token, f"{name} is a macro: write LIST.{name}(x, predicate)")
            receiver = self.type_of(receiver_node, bound)
            if receiver not in ("dyn", "list", "map") and not receiver.startswith("map("):
                self.fail(name_token, f"{name} needs a list or a map, not a {receiver}")
            variable = args[0] if args else None
            names = [] if variable is None else list(variable.find_data("ident"))
            if len(args) != 2 or len(names) != 1 or _text(variable) != names[0].children[0].value:
                self.fail(name_token, f"{name} takes a variable name and an expression: {name}(x, ...)")
            inner = bound | {names[0].children[0].value}
            result = self.type_of(args[1], inner)
            if name in ("all", "exists", "exists_one", "filter") and result not in ("bool", "dyn"):
                self.fail(args[1], f"the predicate of {name} must be a bool, not a {result}")
            return "list" if name in ("map", "filter") else "bool"
        if name == "has":
            if receiver_node is not None or len(args) != 1 or _innermost(args[0]).data != "member_dot":
                self.fail(name_token, "has takes one field selection: has(a.b)")
            self.type_of(_innermost(args[0]).children[0], bound)
            return "bool"
        receiver = "dyn" if receiver_node is None else self.type_of(receiver_node, bound)
        types = [self.type_of(arg, bound) for arg in args]
        if name in _STRING_METHODS:
            wanted, result = _STRING_METHODS[name]
            full = ([receiver] if receiver_node is not None else []) + types
            if len(full) != 2:
                self.fail(name_token, f"{name} takes a string and one argument")
            if full[0] not in ("string", "dyn") and not (name == "contains" and full[0] in ("list", "map")):
                self.fail(name_token, f"{name} needs a string, not a {full[0]}")
            if full[1] not in (*wanted, "dyn") and full[0] in ("string", "dyn"):
                self.fail(args[-1], f"{name} needs a string argument, not a {full[1]}")
            return result
        if name == "size":
            full = ([receiver] if receiver_node is not None else []) + types
            if len(full) != 1:
                self.fail(name_token, "size takes one argument")
            if full[0] not in ("string", "bytes", "list", "map", "dyn") and not full[0].startswith("map("):
                self.fail(name_token, f"size needs a string, bytes, a list or a map, not a {full[0]}")
            return "int"
        if name in ("int", "uint", "double", "string", "bool", "bytes"):
            return str(name)
        return "dyn"


def _innermost(node: typing.Any) -> typing.Any:
    """The node under a chain of single-child wrappers (``expr`` → … → ``member``)."""
    import lark

    while isinstance(node, lark.Tree) and len(node.children) == 1 and isinstance(node.children[0], lark.Tree):
        node = node.children[0]
    return node


def _text(node: typing.Any) -> str:
    """An ident wrapped in single-child nodes, as its name; anything else as ''."""
    inner = _innermost(node)
    if inner.data == "ident":
        return str(inner.children[0].value)
    return ""


def _listed(variables: Mapping[str, str]) -> str:
    names = sorted(variables)
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
