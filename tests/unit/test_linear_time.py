"""No user text costs super-linear time: each check's time must grow with its input's length
as a linear one does, on inputs built to make a backtracking matcher try every split.

Timings are compared between two sizes eight times apart (the best of a few runs, with a
floor so that microsecond noise cannot fail a test): linear work grows eightfold, quadratic
work sixty-fourfold, so the slack below tolerates a loaded machine and still catches it.
"""

from __future__ import annotations

import ast
import importlib
import json
import random
import re
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from re import _constants as sre
from re import _parser as sre_parse
from typing import Any

import pytest

import chartgen
from chartgen import quantities
from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.kubeapi.quantity import parse_quantity, read_quantity
from chartgen.redaction import SECRET_KEYS
from chartgen.rendering import select
from chartgen.validation import config, runner, schema_walk, suppression
from chartgen.validation.rules import apiserver
from chartgen.values import load, setparser
from chartgen.yamlio import emit
from chartgen.yamlio.read import MAX_INPUT_BYTES

SMALL, LARGE = 2_000, 16_000
SLACK = 3.0
FLOOR = 5e-5  # seconds: below this a timing says nothing


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _grows_linearly(run: Callable[[int], object], small: int = SMALL, large: int = LARGE) -> tuple[bool, str]:
    """Whether ``run(n)`` takes at most ``SLACK`` times linear growth from ``small`` to ``large``.

    Measured up to three times over, each the best of three runs, so that runs the machine
    preempted cannot fail it.
    """
    for _ in range(3):
        fast = min(_timed(lambda: run(small)) for _ in range(3))
        limit = large / small * SLACK * max(fast, FLOOR)
        slow = float("inf")
        for _ in range(3):
            slow = min(slow, _timed(lambda: run(large)))
            if slow <= limit:
                return True, ""
    return False, f"{fast * 1e3:.3f} ms at {small}, {slow * 1e3:.3f} ms at {large}"


def _assert_linear(run: Callable[[int], object], small: int = SMALL, large: int = LARGE) -> None:
    linear, timings = _grows_linearly(run, small, large)
    assert linear, timings


# ---------------------------------------------------------------------------- the entry points


def _scalar(text: str) -> str:
    emit._string.cache_clear()  # each run must decide afresh
    return emit.scalar(text)


ENTRY_POINTS: dict[str, Callable[[int], object]] = {
    "url": lambda n: quantities.check_format("url", "http://" + "a" * n + " "),
    "spelled number": lambda n: quantities.spells_number("1" * n + "x", {"number", "integer"}),
    "cpu quantity": lambda n: quantities.check_format("cpu", "1" * n + "x"),
    "suppression comments": lambda n: suppression.directives(
        "# chartgen: ignore[" * (n // 19), "values.yaml"
    ),
    "emitted string": lambda n: _scalar("0" + "a" * n + " "),
    "exclude glob": lambda n: config._matches("a" * n, "*" * 40 + "b"),
    "exclude glob, directories": lambda n: config._matches("a/" * (n // 2), "**/" * 10 + "**" + "*b"),
    "show-only glob": lambda n: select.Pattern("p", select._glob_steps("*" * 40 + "b")).matches("a" * n),
    "show-only glob, names": lambda n: select.Pattern("p", select._glob_steps("*a" * 8 + "b")).matches(
        "a" * n
    ),
    "placeholders": lambda n: schema_walk.placeholders("${a" * (n // 3), whole=True),
    "api field path": lambda n: apiserver._steps("[a" * (n // 2)),
    "diff quantity": lambda n: read_quantity("1" * n + "x"),
    "long quantity": lambda n: read_quantity("1" * n),
    "long binary fraction": lambda n: read_quantity("0." + "1" * n + "Ki"),
    "long exponent": lambda n: read_quantity("1e" + "0" * n + "3"),
    "long memory quantity": lambda n: quantities.check_format("memory", "1" * n + "m"),
    "api quantity": lambda n: quantities.quantity_value("1" * n + "x"),
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_entry_point_is_linear(name: str) -> None:
    _assert_linear(ENTRY_POINTS[name])


def test_entry_points_still_judge_as_before() -> None:
    """The inputs above are refused, and what they are built from still accepted."""
    assert quantities.check_format("url", "http://" + "a" * 99 + " ") is not None
    assert quantities.check_format("url", "http://" + "a" * 99) is None
    assert not quantities.spells_number("1" * 99 + "x", {"number"})
    assert quantities.spells_number("1.5e3", {"number"}) and quantities.spells_number("12.", {"number"})
    assert read_quantity("1" * 99 + "x") is None
    assert read_quantity("1.5Gi") == 3 * 2**29 * 10**9
    assert read_quantity("1" * 99) == int("1" * 99) * 10**9
    assert read_quantity("0." + "1" * 99 + "Ki") == 113_777_777_778
    assert read_quantity("1e" + "0" * 99 + "3") == 10**12
    assert quantities.check_format("memory", "1" * 99 + "m") is not None
    assert emit.scalar("0" + "a" * 9 + " ") == "'0aaaaaaaaa '"
    assert emit.scalar("0aaaaaaaaa") == "0aaaaaaaaa"
    assert emit.scalar("8Gi") == "8Gi" and emit.scalar("0.5.1") == "'0.5.1'"
    assert schema_walk.placeholders("${A} <name>", whole=True) == ["${A}", "<name>"]
    assert schema_walk.placeholders("${a" * 9, whole=False) == []
    assert apiserver._steps("spec.containers[0].env[X].name[") == [
        "spec",
        "containers",
        0,
        "env",
        "X",
        "name",
    ]
    assert not config._matches("a" * 99, "*" * 40 + "b")
    assert config._matches("a/b/c.yaml", "**/*.yaml") and config._matches("c.yaml", "**/*.yaml")
    assert not config._matches("a/b/c.yaml", "*.yaml") and not config._matches("xc.yaml", "**/c.yaml")
    assert config._matches("a/b/c.yaml", "a/**") and not config._matches("b/c.yaml", "a/**")
    show = select.Pattern("p", select._glob_steps("templates/[^x]*.y?ml"))
    assert show.matches("templates/a.yaml") and not show.matches("templates/x.yaml")
    assert not show.matches("templates/a/b.yaml")
    assert select._glob_steps("[z-a]") is None and select._glob_steps("[]") is None


def _old_glob_regex(glob: str, show_only: bool) -> str:
    """The regular expression a glob was translated to before (the oracle: same paths, slowly)."""
    pieces = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    out, i = "", 0
    while i < len(glob):
        token = next(
            t for t in (*(() if show_only else ("**/", "**")), "*", "?", glob[i]) if glob.startswith(t, i)
        )
        if show_only and token == "\\":
            token = glob[i : i + 2]
            out += re.escape(token[1])
        elif show_only and token == "[":
            token = glob[i : glob.index("]", i) + 1]
            out += token
        else:
            out += pieces.get(token, re.escape(token))
        i += len(token)
    return out


def test_globs_match_what_they_matched() -> None:
    rng = random.Random(7)
    paths = ["".join(rng.choice("ab/.") for _ in range(rng.randrange(8))) for _ in range(60)]
    for show_only, tokens in (
        (False, ("*", "**", "**/", "?", "a", "b", "/", ".")),
        (True, ("*", "?", "a", "/", "[ab]", "[^a]", "\\*", "\\a")),
    ):
        for _ in range(300):
            glob = "".join(rng.choice(tokens) for _ in range(rng.randrange(6)))
            oracle = re.compile(_old_glob_regex(glob if show_only else glob.removeprefix("./"), show_only))
            steps = select._glob_steps(glob) if show_only else None
            for path in paths:
                expected = oracle.fullmatch(path) is not None
                got = select.Pattern(glob, steps).matches(path) if show_only else config._matches(path, glob)
                assert got == expected, (glob, path)


def test_suppression_comments_are_read_as_before() -> None:
    line = "key: 1  # chartgen: ignore[a, b] #chartgen:ignore[] # chartgen: ignore[c"
    found = suppression.directives(line + "\n# chartgen:ignore[d]\n", "f")
    assert [(d.line, d.column, d.rules, sorted(d.lines)) for d in found] == [
        (1, 9, ("a", "b"), [1]),
        (1, 34, (), [1]),
        (2, 1, ("d",), [2, 3]),
    ]


def test_too_large_file_is_not_scanned_for_comments(tmp_path: Path) -> None:
    comment = "# chartgen: ignore[unknown-key]\n"
    fits, too_large = tmp_path / "fits.yaml", tmp_path / "large.yaml"
    fits.write_text(comment + "x" * (MAX_INPUT_BYTES - len(comment)))
    too_large.write_text(comment + "x" * (MAX_INPUT_BYTES + 1 - len(comment)))
    assert list(suppression.texts_of([str(fits), str(too_large)])) == [str(fits)]


def test_kubernetes_quantity_parser_is_linear() -> None:
    def parse(n: int) -> None:
        with pytest.raises(ValueError):
            parse_quantity("1" * n + "x")

    _assert_linear(parse)


# ---------------------------------------------------------------------------- loops over values and findings

GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Abcdefg1x\n"
POD_SPEC = "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n"


def _lint(text: str) -> list[Diagnostic]:
    return runner.run_rules(load.load_sources([load.from_text(text, "values.yaml")]))


def _lines(line: str, n: int) -> str:
    return "".join(line.format(i=i) for i in range(n))


#: Values files of ``n`` values wrong alike, each a finding that was asked about every other one
#: (or about every value of the same text), and the rule and count of findings each gives.
ALIKE: dict[str, tuple[Callable[[int], str], str, int, int]] = {
    "wrong list items": (
        lambda n: GOOD + "resourcePools:\n" + _lines("- p{i}\n", n),
        "wrong-type",
        1_000,
        8_000,
    ),
    "wrong items beside a section not rendered": (
        lambda n: GOOD + "oidc:\n" + _lines("  k{i}: 1\n", n) + "resourcePools:\n" + _lines("- p{i}\n", n),
        "wrong-type",
        500,
        4_000,
    ),
    "containers of one name": (
        lambda n: GOOD + POD_SPEC + "      containers:\n" + _lines("      - name: c\n", n),
        "api-task-pod",
        250,
        2_000,
    ),
    "bad node selector keys": (
        lambda n: GOOD + POD_SPEC + "      nodeSelector:\n" + _lines("        'bad {i}': v\n", n),
        "api-task-pod",
        250,
        2_000,
    ),
}


@pytest.mark.parametrize("name", ALIKE)
def test_findings_of_values_alike_are_linear(name: str) -> None:
    make, rule, small, large = ALIKE[name]
    found = [d for d in _lint(make(small)) if d.rule == rule]
    assert len(found) >= small and all(d.location and d.location.line for d in found)
    _assert_linear(lambda n: _lint(make(n)), small, large)


def test_findings_under_a_wrong_value_go_unsaid_in_linear_time() -> None:
    def findings(n: int) -> list[Diagnostic]:
        wrong = [Diagnostic("wrong-type", "", path=("resourcePools", i)) for i in range(n)]
        below = [Diagnostic("required", "", path=("resourcePools", i, "pool_name")) for i in range(n)]
        beside = [Diagnostic("required", "", path=("resourcePoolsX", i, "pool_name")) for i in range(n)]
        return wrong + below + beside

    kept = runner._one_error_per_value(findings(3))
    assert [d.path for d in kept] == [("resourcePools", i) for i in range(3)] + [
        ("resourcePoolsX", i, "pool_name") for i in range(3)
    ]
    _assert_linear(lambda n: runner._one_error_per_value(findings(n)), 1_000, 8_000)


def test_suppressions_are_matched_in_linear_time() -> None:
    def apply(n: int) -> list[Diagnostic]:
        text = _lines("k{i}: 1  # chartgen: ignore[foreign-key]\n", n)
        found = [
            Diagnostic("foreign-key", "", Severity.WARNING, Location("v.yaml", i, 1)) for i in range(1, n + 1)
        ]
        return suppression.apply(found, {"v.yaml": text}, known=lambda rule: True, enabled=lambda rule: True)

    assert apply(3) == []
    _assert_linear(apply, 1_000, 8_000)


def test_a_long_set_list_is_linear() -> None:
    assert setparser.apply({}, "x={1,2}", "set") == [(("x",), 3), (("x", 0), 4), (("x", 1), 6)]
    _assert_linear(lambda n: setparser.apply({}, "x={" + ",".join(["1"] * n) + "}", "set"))


def test_a_flag_of_many_secrets_is_linear() -> None:
    """After each secret's value the rest of the flag is looked at (is it more of the secret?)."""
    assert setparser.apply({}, "db.password=a,db.password=b", "set", SECRET_KEYS) == [
        (("db",), 1),
        (("db", "password"), 27),
    ]
    with pytest.raises(setparser.SetSyntaxError):
        setparser.apply({}, "db.password=a,b", "set", SECRET_KEYS)
    _assert_linear(lambda n: setparser.apply({}, "db.password=a," * n, "set", SECRET_KEYS), 8_000, 64_000)


#: ``--set`` flags by the thousand: each once copied every map and list the flags before it made.
SET_FLAGS: dict[str, Callable[[int], list[str]]] = {
    "keys": lambda n: [f"k{i}=1" for i in range(n)],
    "keys of one map": lambda n: [f"a.k{i}=1" for i in range(n)],
    "items of one list": lambda n: [f"a[{i}]=1" for i in range(n)],
}


@pytest.mark.parametrize("name", SET_FLAGS)
def test_many_set_flags_are_linear(name: str) -> None:
    def loaded(n: int) -> load.LoadedValues:
        return load.load_sources([], flags=load.SetFlags(set=SET_FLAGS[name](n)))

    assert len(loaded(3).keys) >= 3
    _assert_linear(loaded, 6_000, 48_000)


# ---------------------------------------------------------------------------- every pattern, by construction

#: How a pattern is applied: matched whole, at the start, or searched for (the scanning methods).
_MODES = {"fullmatch": "fullmatch", "match": "match"} | dict.fromkeys(
    ("search", "findall", "finditer", "sub", "subn", "split"), "search"
)
#: Characters that end an adversarial text, so that the match fails (or scans on) at the very end.
_ENDINGS = ("", "!", " ", "\x00", "x", "/")
#: Characters a character class is sampled from, in this order.
_CANDIDATES = string.ascii_lowercase + string.ascii_uppercase + string.digits + string.punctuation + " \t\n"


def _literal_patterns() -> Iterator[tuple[str, re.Pattern[str], str]]:
    """Each pattern chartgen's source applies (``where``, compiled pattern, mode), found by reading
    every ``re.<method>(pattern, …)`` and every ``NAME.<method>(…)`` on a module's compiled pattern.

    A pattern built at run time (a glob) is not found here; a schema's are, by ``_schema_patterns``.
    """
    root = Path(chartgen.__file__).parent
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "re." not in source:
            continue
        tree = ast.parse(source)
        module_name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        module = None
        # A pattern compiled into a name is found where that name is applied.
        named = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            method, owner = node.func.attr, node.func.value
            if not isinstance(owner, ast.Name) or (
                method not in _MODES and (method != "compile" or id(node) in named)
            ):
                continue
            module = module or importlib.import_module(module_name)
            where = f"{module_name}:{node.lineno}"
            if owner.id == "re" and node.args:
                pattern = _resolve(node.args[0], module)
                flags = _resolve(node.args[1], module) if method == "compile" and len(node.args) > 1 else 0
                if isinstance(pattern, str | bytes):
                    pattern = re.compile(pattern, flags)
                if isinstance(pattern, re.Pattern):
                    # One compiled and returned may be applied by a scanning method: assume the worst.
                    yield where, _over_text(pattern), _MODES.get(method, "search")
            elif isinstance(getattr(module, owner.id, None), re.Pattern) and method in _MODES:
                yield where, _over_text(getattr(module, owner.id)), _MODES[method]


def _over_text(pattern: re.Pattern[Any]) -> re.Pattern[str]:
    """A pattern over bytes as the same pattern over text, which grows as it does."""
    if isinstance(pattern.pattern, bytes):
        return re.compile(pattern.pattern.decode("latin-1"), pattern.flags & ~re.LOCALE)
    return pattern


def _schema_patterns() -> Iterator[tuple[str, re.Pattern[str], str]]:
    """Each ``pattern`` of the values schemas, which the walker searches for in a value."""

    def walk(node: object) -> Iterator[str]:
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                yield node["pattern"]
            for child in node.values():
                yield from walk(child)
        elif isinstance(node, list):
            for child in node:
                yield from walk(child)

    root = Path(chartgen.__file__).parents[1] / "values_schema"
    found = {pattern for path in root.glob("*.json") for pattern in walk(json.loads(path.read_text()))}
    for pattern in sorted(found):
        yield "values_schema", re.compile(pattern), "search"


def _resolve(node: ast.expr, module: Any) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return getattr(module, node.id, None)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        return getattr(re, node.attr)
    return None


def _patterns() -> Iterator[tuple[str, re.Pattern[str], str]]:
    yield from _literal_patterns()
    yield from _schema_patterns()


def _in_class(char: str, items: list[tuple[Any, Any]]) -> bool:
    """Whether ``char`` is in a parsed character class (``[...]``)."""
    code, negate, found = ord(char), False, False
    categories = {
        sre.CATEGORY_DIGIT: char.isdigit(),
        sre.CATEGORY_NOT_DIGIT: not char.isdigit(),
        sre.CATEGORY_SPACE: char.isspace(),
        sre.CATEGORY_NOT_SPACE: not char.isspace(),
        sre.CATEGORY_WORD: char.isalnum() or char == "_",
        sre.CATEGORY_NOT_WORD: not (char.isalnum() or char == "_"),
    }
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            found = found or code == av
        elif op is sre.RANGE:
            found = found or av[0] <= code <= av[1]
        elif op is sre.CATEGORY:
            found = found or categories.get(av, False)
    return found != negate


def _chars(op: Any, av: Any, literals: str = "") -> list[str]:
    """Characters one item of a pattern takes: one of each kind (lower, upper, digit, blank, other),
    and each of ``literals`` it takes (where a repeat of it overlaps what follows)."""
    if op is sre.LITERAL:
        return [chr(av)]
    if op is sre.NOT_LITERAL:
        return ["a" if av != ord("a") else "b"]
    if op is sre.ANY:
        return ["a", "0", " "]
    if op is sre.IN:
        kinds: dict[str, str] = {}
        for c in _CANDIDATES:
            if _in_class(c, av):
                kind = "a" if c.islower() else "A" if c.isupper() else "0" if c.isdigit() else c.isspace()
                kinds.setdefault(c if c in literals else str(kind), c)
        return list(kinds.values())
    return []


def _sample(items: Any) -> str:
    """A shortest text the pattern items match (the first way each time)."""
    out = []
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN):
            out.append((_chars(op, av) or ["\x00"])[0])
        elif op is sre.SUBPATTERN:
            out.append(_sample(av[-1]))
        elif op is sre.ATOMIC_GROUP:
            out.append(_sample(av))
        elif op is sre.BRANCH:
            out.append(_sample(av[1][0]))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            out.append(_sample(av[2]) * av[0])
    return "".join(out)


def _pumps(items: Any, literals: str, before: str = "") -> Iterator[tuple[str, str]]:
    """``(prefix, pump)`` for each unbounded repeat: text that reaches it, and text it repeats."""
    for index, (op, av) in enumerate(items):
        prefix = before + _sample(items[:index])
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            body = av[2]
            if av[1] == sre.MAXREPEAT and len(body):
                rest = _sample(body[1:])
                for char in _chars(*body[0], literals) or [_sample(body[:1])]:
                    yield prefix, char + rest
            yield from _pumps(body, literals, prefix)
        elif op is sre.SUBPATTERN:
            yield from _pumps(av[-1], literals, prefix)
        elif op is sre.ATOMIC_GROUP:
            yield from _pumps(av, literals, prefix)
        elif op is sre.BRANCH:
            for alternative in av[1]:
                yield from _pumps(alternative, literals, prefix)


def _adversaries(pattern: re.Pattern[str], mode: str) -> Iterator[Callable[[int], str]]:
    """Texts of any length ``n`` that make a backtracking matcher retry a repeat's every split."""
    seen = set()
    literals = "".join(set(pattern.pattern) & set(string.punctuation))  # as written: escapes too
    for prefix, pump in _pumps(sre_parse.parse(pattern.pattern, pattern.flags), literals):
        units = [(prefix, pump)] + ([("", pump), ("", prefix + pump)] if mode == "search" else [])
        for head, unit in units:
            for ending in _ENDINGS:
                if unit and (head, unit, ending) not in seen:
                    seen.add((head, unit, ending))
                    yield lambda n, h=head, u=unit, e=ending: h + u * (n // len(u)) + e


def test_every_pattern_is_found() -> None:
    """The search below finds the patterns it is meant to: were it blind, the next test would pass."""
    found = {(where.split(":")[0], pattern.pattern, mode) for where, pattern, mode in _patterns()}
    assert len(found) >= 40
    assert ("chartgen.quantities", quantities._URL, "fullmatch") in found
    assert ("chartgen.validation.suppression", suppression._OPENING.pattern, "search") in found
    assert ("chartgen.yamlio.emit", emit._PLAIN_DIGIT.pattern, "fullmatch") in found
    assert ("values_schema", "^/", "search") in found


def _slow(
    pattern: re.Pattern[str], mode: str, sizes: tuple[int, int] = (500, 4_000), *, first: bool = False
) -> list[str]:
    """The adversarial texts on which ``pattern`` grows faster than linearly (``first``: only the
    first found), with their timings."""
    apply: Callable[[str], object] = (
        (lambda text: list(pattern.finditer(text))) if mode == "search" else getattr(pattern, mode)
    )
    slow = []
    for make in _adversaries(pattern, mode):
        linear, timings = _grows_linearly(lambda n, make=make: apply(make(n)), *sizes)
        if not linear:
            slow.append(f"{make(4)!r}: {timings}")
            if first:
                break
    return slow


def test_every_pattern_is_linear() -> None:
    slow = {
        f"{where} {mode} {pattern.pattern!r}": found
        for where, pattern, mode in _patterns()
        if (found := _slow(pattern, mode))
    }
    assert not slow, slow


def test_the_construction_finds_quadratic_patterns() -> None:
    """Patterns chartgen once had, which took minutes on a values file of kilobytes."""
    short, long = (125, 1_000), (500, 4_000)  # the suppression comment's grows slowest
    for pattern, mode, sizes in (
        (r"[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#]+\S*", "fullmatch", short),
        (r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", "fullmatch", short),
        (r"#\s*chartgen:\s*ignore\[([^\]\n]*)\]", "search", long),
        (r"\$\{[^}]*\}|<[A-Za-z_][^<>\n]*>", "search", long),
        (r"([^.\[\]]+)|\[([^\]]*)\]", "search", long),
        (r"[0-9][A-Za-z0-9_.-]*[A-Za-z][A-Za-z0-9_.-]*", "fullmatch", short),
        (
            r"^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d{1,3})|(Ki|Mi|Gi|Ti|Pi|Ei|[kMGTPEmun])?)$",
            "match",
            short,
        ),
    ):
        assert _slow(re.compile(pattern), mode, sizes, first=True), pattern
