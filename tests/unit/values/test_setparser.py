"""The ``--set`` family as Helm 3.17 parses it.

Expected values restate the cases of Helm's ``pkg/strvals`` tests, plus edge cases
checked against ``helm template`` 3.17.3 (marked "helm 3.17.3"). The differential
test at the end compares with the real binary when ``make tools`` has installed it.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path as FsPath
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.diagnostics import UsageError
from chartgen.values.merge import coalesce
from chartgen.values.setparser import MAX_INDEX, SetSyntaxError, apply, typed_value
from chartgen.yamlio import load_yaml

HELM = FsPath(__file__).resolve().parents[3] / ".tools" / "helm"


def parsed(kind: str, *exprs: str, into: dict[str, Any] | None = None) -> dict[str, Any]:
    target: dict[str, Any] = {} if into is None else into
    for expr in exprs:
        apply(target, expr, kind)
    return target


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("name1=null,f=false,t=true", {"name1": None, "f": False, "t": True}),
        ("name1=value1", {"name1": "value1"}),
        ("name1=value1,name2=value2,", {"name1": "value1", "name2": "value2"}),
        ("name1=,name2=value2", {"name1": "", "name2": "value2"}),
        ("leading_zeros=00009", {"leading_zeros": "00009"}),
        ("zero_int=0", {"zero_int": 0}),
        ("long_int=1234567890", {"long_int": 1234567890}),
        ("name1=one\\,two,name2=three\\,four", {"name1": "one,two", "name2": "three,four"}),
        ("name1=one\\=two,name2=three\\=four", {"name1": "one=two", "name2": "three=four"}),
        ("name1=one two three", {"name1": "one two three"}),
        ("outer.middle.inner=value", {"outer": {"middle": {"inner": "value"}}}),
        ("outer.inner1=value,outer.middle.inner=value", {"outer": {"inner1": "value", "middle": {"inner": "value"}}}),
        ("name1.name2=", {"name1": {"name2": ""}}),
        ("name1={value1,value2},name2={value1,value2}", {"name1": ["value1", "value2"], "name2": ["value1", "value2"]}),
        ("name1={1021,902}", {"name1": [1021, 902]}),
        ("name1.name2={value1,value2}", {"name1": {"name2": ["value1", "value2"]}}),
        ("list[0]=foo", {"list": ["foo"]}),
        ("list[0].foo=bar,list[0].hello=world", {"list": [{"foo": "bar", "hello": "world"}]}),
        ("list[0]=foo,list[1]=bar,", {"list": ["foo", "bar"]}),
        ("list[0]=foo,list[3]=bar", {"list": ["foo", None, None, "bar"]}),
        ("noval[0]", {"noval": []}),
        ("noval[0]=", {"noval": [""]}),
        ("nested[0][0]=1", {"nested": [[1]]}),
        ("nested[1][1]=1", {"nested": [None, [None, 1]]}),
        ("name1.name2[1].foo=bar,name1.name2[0].foo=bar", {"name1": {"name2": [{"foo": "bar"}, {"foo": "bar"}]}}),
        ("name1.name2[1].foo=bar", {"name1": {"name2": [None, {"foo": "bar"}]}}),
        # helm 3.17.3
        ("a={}", {"a": [""]}),
        ("a={x}y=1", {"a": ["x"], "y": 1}),
        ("a={1,true,null,x}", {"a": [1, True, None, "x"]}),
        ("a[0].b=", {"a": []}),
        ("a[0][0].b=", {"a": []}),
        ("a[0].b=,c=1", {"a": [{"b": ""}], "c": 1}),
        ("a.b[0]", {"a": {"b": []}}),
        ("nested[0][0]", {"nested": []}),
        ("a[70000]", {"a": []}),
        ("a[+1]=x", {"a": [None, "x"]}),
        ("a[1]=x,a[0]=y,b=\\", {"a": ["y", "x"], "b": ""}),
        ("a\\=b=c\\,d,e=\\{x}", {"a=b": "c,d", "e": "{x}"}),
        ("a\\.b=1", {"a.b": 1}),
        ("a=x}", {"a": "x}"}),
    ],
)  # fmt: skip
def test_set_grammar(expr: str, expected: dict[str, Any]) -> None:
    assert parsed("set", expr) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("true", True), ("TRUE", True), ("fAlSe", False), ("Null", None), ("NULL", None),
        ("falſe", False),  # Go's EqualFold folds the long s, as casefold does
        ("0", 0), ("-007", -7), ("+5", 5), ("-0", 0), ("00", "00"), ("007", "007"),
        ("9223372036854775807", 9223372036854775807), ("-9223372036854775808", -9223372036854775808),
        ("9223372036854775808", "9223372036854775808"),
        ("1.5", "1.5"), ("1e3", "1e3"), ("0x1F", "0x1F"), ("1_000", "1_000"), (" 5", " 5"),
        ("yes", "yes"), ("on", "on"), ("~", "~"), ("", ""), ("\u0661", "\u0661"),
    ],
)  # fmt: skip
def test_set_types_values_as_helm_typedval(text: str, expected: object) -> None:
    got = typed_value(text)
    assert got == expected
    assert type(got) is type(expected)


@pytest.mark.parametrize(
    ("kind", "expr", "expected"),
    [
        ("set-string", "long_int_string=1234567890", {"long_int_string": "1234567890"}),
        ("set-string", "boolean=true,is_null=null,zero=0", {"boolean": "true", "is_null": "null", "zero": "0"}),
        ("set-string", "a={1,true}", {"a": ["1", "true"]}),
        ("set-json", 'a="1",b=3,c=true,d="true"', {"a": "1", "b": 3, "c": True, "d": "true"}),
        ("set-json", 'a={"x":[1,2.5,{"y":null}]}', {"a": {"x": [1, 2.5, {"y": None}]}}),
        ("set-json", "a=1.0,b=1e2,c=-0.5", {"a": 1, "b": 100, "c": -0.5}),
        ("set-json", 'a=  ,b= {"x":null}', {"a": None, "b": {"x": None}}),
        ("set-json", "a=1b=2", {"a": 1, "b": 2}),
        ("set-json", "a=[1] ,b=2", {"a": [1], "b": 2}),
        ("set-json", "a[1]=true,a[0]=", {"a": [None, True]}),
        ("set-literal", "name=", {"name": ""}),
        ("set-literal", "zero=0", {"zero": "0"}),
        ("set-literal", "name1=null,name2=value2", {"name1": "null,name2=value2"}),
        ("set-literal", "name1=value,,,tail", {"name1": "value,,,tail"}),
        ("set-literal", "a.b=c,d=e", {"a": {"b": "c,d=e"}}),
        ("set-literal", "a,b=c", {"a,b": "c"}),
        ("set-literal", "a\\.b=c", {"a\\": {"b": "c"}}),
        ("set-literal", "a[1]=x\\y", {"a": [None, "x\\y"]}),
        ("set-literal", "a[0][1].b={x}", {"a": [[None, {"b": "{x}"}]]}),
    ],
)  # fmt: skip
def test_other_kinds(kind: str, expr: str, expected: dict[str, Any]) -> None:
    assert parsed(kind, expr) == expected


def test_flags_merge_into_existing_values() -> None:
    existing = {"outer": {"inner1": "overwrite", "inner2": "value2"}}
    assert parsed("set", "outer.inner1=value1,outer.inner3=value3,outer.inner4=4", into=existing) == {
        "outer": {"inner1": "value1", "inner2": "value2", "inner3": "value3", "inner4": 4}
    }
    existing = {"outer": {"inner1": "overwrite", "inner2": "value2"}}
    assert parsed("set-string", "outer.inner1=1,outer.inner3=3", into=existing) == {
        "outer": {"inner1": "1", "inner2": "value2", "inner3": "3"}
    }
    existing = {"outer": {"inner1": {"x": "overwrite"}, "inner2": "value2", "inner3": ["overwrite"]}}
    expr = 'outer.inner1={"a":"1"},outer.inner3=["n1","n2"],outer.inner4=,outer.inner4={"cc":[1,2,3]},outer.inner4.cc[1]=null'
    assert parsed("set-json", expr, into=existing) == {
        "outer": {
            "inner1": {"a": "1"},
            "inner2": "value2",
            "inner3": ["n1", "n2"],
            "inner4": {"cc": [1, None, 3]},
        }
    }


def test_nested_lists_across_flags() -> None:
    assert parsed("set", "listOuter[0][0].type=listValue", "listOuter[0][0].status=alive") == {
        "listOuter": [[{"type": "listValue", "status": "alive"}]]
    }
    existing = {"listOuter": [[[{"exited": "old"}]]]}
    got = parsed("set", "listOuter[0][1][0].type=listValue", "listOuter[0][0][1].status=alive", into=existing)
    assert got == {"listOuter": [[[{"exited": "old"}, {"status": "alive"}], [{"type": "listValue"}]]]}


def test_a_list_item_that_is_not_a_map_becomes_one() -> None:
    assert parsed("set", "a[0]=x", "a[0].b=1") == {"a": [{"b": 1}]}


def test_largest_index_is_allowed() -> None:
    got = parsed("set", f"a[{MAX_INDEX}]=x")
    assert len(got["a"]) == MAX_INDEX + 1
    assert got["a"][-1] == "x"


def test_thirty_nested_keys_are_allowed() -> None:
    path = ".".join(f"k{i}" for i in range(31))
    got = parsed("set", f"{path}=v")
    for i in range(30):
        got = got[f"k{i}"]
    assert got == {"k30": "v"}


@pytest.mark.parametrize(
    ("kind", "expr", "column", "reason"),
    [
        ("set", "name1", 1, "has no value"),
        ("set", "name1,name2=", 1, "has no value"),
        ("set", "name1,name2", 1, "has no value"),
        ("set", "name1.name2", 7, "has no value"),
        ("set", "name1.name2,name1.name3", 7, "has no value"),
        ("set", "name1={1021,902", 7, "never closed"),
        ("set", "a={x,{y}}", 9, "has no value"),
        ("set", "list[0].foo=bar,list[-30].hello=world", 22, "negative"),
        ("set", "a[x]=1", 3, "not an integer"),
        ("set", "a[ 1]=x", 3, "not an integer"),
        ("set", "a[]=x", 3, "not an integer"),
        ("set", "a[1", 2, "never closed"),
        ("set", "illegal[0]name.foo=bar", 11, "unexpected 'name'"),
        ("set", f"a[{MAX_INDEX + 1}]=x", 3, "limit"),
        ("set", f"a[{MAX_INDEX + 1}].b=x", 3, "limit"),
        ("set", "name1=value1,,,,name2=value2,", 14, "expected a key"),
        ("set", "]={}].", 5, "not a map"),
        ("set", "=b", 1, "empty key"),
        ("set", "a=1,=b", 5, "empty key"),
        ("set", ".b=1", 1, "empty key"),
        ("set", "a.", 3, "empty key"),
        ("set", "a..b=1", 3, "empty key"),
        ("set", "name1.=name2", 7, "empty key"),
        ("set", "a[0].=1", 6, "empty key"),
        ("set", "[0]=1", 1, "empty key"),
        ("set", "a={1},a[0][0]=2", 8, "a[0] is a number, not a list"),
        ("set", "a=x,a.b=1", 5, "a is a string, not a map"),
        ("set", "a=null,a.b=1", 8, "a is null, not a map"),
        ("set", "a.b=1,a[0]=1", 7, "a is a map, not a list"),
        ("set-json", "a=NaN", 3, "JSON"),
        ("set-json", "a=1e400", 3, "JSON"),
        ("set-json", 'a={"x":}', 8, "JSON"),
        ("set-json", "a=tru", 3, "JSON"),
        ("set-json", "=1", 1, "empty key"),
        ("set-literal", "name", 1, "has no value"),
        ("set-literal", "=x", 1, "empty key"),
        ("set-literal", "a[x]=1", 3, "not an integer"),
    ],
)  # fmt: skip
def test_refused_flags_point_at_the_problem(kind: str, expr: str, column: int, reason: str) -> None:
    with pytest.raises(SetSyntaxError) as info:
        apply({}, expr, kind)
    assert info.value.column == column
    assert reason in info.value.reason


def test_too_many_nested_keys_points_at_the_extra_dot() -> None:
    expr = ".".join(f"k{i}" for i in range(32)) + "=v"
    with pytest.raises(SetSyntaxError) as info:
        apply({}, expr, "set")
    assert info.value.column == expr.index(".k31") + 1


def test_scalars_refuse_keys_set_inside_them() -> None:
    target: dict[str, Any] = {"a": "x"}
    with pytest.raises(SetSyntaxError):
        apply(target, "a.b=1", "set")
    assert target == {"a": "x"}


def test_a_refused_flag_leaves_the_target_untouched() -> None:
    target: dict[str, Any] = {"keep": [1, 2]}
    with pytest.raises(SetSyntaxError):
        apply(target, "keep[0]=9,new=1,bad", "set")
    assert target == {"keep": [1, 2]}


def test_shared_structures_are_not_changed() -> None:
    items = [1, 2]
    target: dict[str, Any] = {"a": items, "m": {"k": "v"}}
    nested = target["m"]
    apply(target, "a[0]=5,m.k=w", "set")
    assert target == {"a": [5, 2], "m": {"k": "w"}}
    assert items == [1, 2]
    assert nested == {"k": "v"}


def test_unknown_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="kind"):
        apply({}, "a=1", "set-yaml")


@pytest.mark.parametrize(
    ("expr", "records"),
    [
        ("a=1", [(("a",), 3)]),
        ("a.b=1,c={x,y}", [(("a",), 1), (("a", "b"), 5), (("c",), 9), (("c", 0), 10), (("c", 1), 12)]),
        ("a[2].b=x", [(("a",), 1), (("a", 2), 2), (("a", 2, "b"), 8)]),
        ("a=", [(("a",), 3)]),
        ("a\\,b=\\,x", [(("a,b",), 6)]),
        ("a={x,y},a=z", [(("a",), 11)]),
        ("a[0].b=", [(("a",), 1)]),
        ("noval[0]", [(("noval",), 1)]),
    ],
)  # fmt: skip
def test_records_name_what_the_flag_owns_with_value_columns(expr: str, records: list[Any]) -> None:
    assert apply({}, expr, "set") == records


def test_records_skip_maps_merged_into() -> None:
    assert apply({"a": {"old": 1}}, "a.b=1", "set") == [(("a", "b"), 5)]


def test_json_records_start_after_blanks() -> None:
    assert apply({}, "a=  [1],b=", "set-json") == [(("a",), 5), (("b",), 11)]


def test_set_file_reads_each_file_verbatim(tmp_path: FsPath) -> None:
    one = tmp_path / "one.txt"
    one.write_bytes(b"line1\r\nline2\n")
    two = tmp_path / "two.txt"
    two.write_bytes("zw\u00e9i".encode())
    got = parsed("set-file", f"a={one},b={{{one},{two}}},c=")
    assert got == {"a": "line1\r\nline2\n", "b": ["line1\r\nline2\n", "zw\u00e9i"], "c": ""}


def test_set_file_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"from\r\nstdin")))
    assert parsed("set-file", "a=-") == {"a": "from\r\nstdin"}


@pytest.mark.parametrize("expr", ["a=missing.txt", "a=,b=x"])
def test_unreadable_set_file_is_a_usage_error(
    tmp_path: FsPath, expr: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match="set_file: cannot read"):
        apply({}, expr, "set-file")


# -- properties ---------------------------------------------------------------

_SAFE_KEY = st.text(st.characters(codec="utf-8", exclude_characters="\\.[=,"), min_size=1, max_size=6)
_ANY_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)


_KEY_SPECIAL = "\\.[=,"
_VALUE_SPECIAL = "\\,{"


def _escape(text: str, special: str) -> str:
    return "".join("\\" + c if c in special else c for c in text)


@given(key=st.text(st.characters(codec="utf-8"), min_size=1, max_size=8), value=_ANY_TEXT)
def test_escaping_carries_any_text_through_set_string(key: str, value: str) -> None:
    expr = _escape(key, _KEY_SPECIAL) + "=" + _escape(value, _VALUE_SPECIAL)
    assert parsed("set-string", expr) == {key: value}


@given(key=_SAFE_KEY, value=_ANY_TEXT)
def test_set_literal_keeps_everything_after_the_first_equals(key: str, value: str) -> None:
    assert parsed("set-literal", f"{key}={value}") == {key: value}


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_ANY_TEXT, inner, max_size=3),
    max_leaves=8,
)


def _as_helm_number(value: Any) -> Any:
    """JSON numbers are float64 in Helm; integral ones print (and compare) as integers."""
    if isinstance(value, dict):
        return {k: _as_helm_number(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_helm_number(v) for v in value]
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value


@given(value=_JSON)
def test_set_json_decodes_any_json_value(value: Any) -> None:
    assert parsed("set-json", f"k={json.dumps(value)}")["k"] == _as_helm_number(value)


# -- differential against the real helm ----------------------------------------

_CHART_VALUES = "a:\n  x: 1\n  keep: k\n  gone: null\nb: [1, 2]\ns: str\nm: {}\n"
_NAME = st.sampled_from(["a", "b", "s", "m", "x", "k2", " ", "\\.d", "\\,c", "\u017f"])
_STEP = _NAME.map(lambda name: "." + name) | st.sampled_from(["[0]", "[1]", "[2]"])
_KEY = st.builds(lambda head, steps: head + "".join(steps), _NAME, st.lists(_STEP, max_size=3))
_TOKENS = [
    "a", "x", ".", "[0]", "[", "]", "=", ",", "{", "}", "\\", "\\,", "true", "NULL", "007", "-5",
    "0", "1.5", " ", "{p,q}", "{}", '"j"', "[1,2]", '{"x":1}', "null", "\u017f",
]  # fmt: skip
_SOUP = st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=10).map("".join)
_VALUE_PARTS = [
    "", "1", "007", "-5", "true", "NULL", "1.5", "x y", "{p,q}", "{}", '"j"', "[1,2]", '{"x":1}', "\\,", "\u017f",
]  # fmt: skip
_VALUE = st.lists(st.sampled_from(_VALUE_PARTS), max_size=2).map("".join)
_ASSIGN = st.builds(lambda key, value: key + "=" + value, _KEY, st.one_of(_VALUE, _VALUE, _VALUE, _SOUP))
# Mostly well-formed assignments (values must agree), some token soup (refusals must agree).
_ASSIGNS = st.lists(_ASSIGN, min_size=1, max_size=3).map(",".join)
_EXPR = st.one_of(*[_ASSIGNS] * 5, _SOUP)
_KIND = st.sampled_from(["set", "set-string", "set-json", "set-literal"])


def _helm_values(chart: FsPath, kind: str, exprs: list[str]) -> Any:
    args = [str(HELM), "template", "x", str(chart)]
    args += [f"--{kind}={expr}" for expr in exprs]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode:
        return None
    return json.loads(done.stdout.splitlines()[-1].removeprefix("# "))


@pytest.fixture(scope="module")
def toy_chart(tmp_path_factory: pytest.TempPathFactory) -> FsPath:
    chart = tmp_path_factory.mktemp("chart")
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: toy\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text(_CHART_VALUES)
    (chart / "templates").mkdir()
    (chart / "templates" / "values.yaml").write_text("# {{ toJson .Values }}\n")
    return chart


@pytest.mark.skipif(not HELM.exists(), reason="real helm not installed at .tools/helm (run `make tools`)")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=_KIND, exprs=st.lists(_EXPR, min_size=1, max_size=2))
def test_same_values_as_real_helm(toy_chart: FsPath, kind: str, exprs: list[str]) -> None:
    expected = _helm_values(toy_chart, kind, exprs)
    user: dict[str, Any] = {}
    try:
        for expr in exprs:
            apply(user, expr, kind)
    except SetSyntaxError as exc:
        # The one deliberate difference: Helm silently drops empty keys, chartgen refuses them.
        assert expected is None or "empty key" in exc.reason, (exprs, expected, exc.reason)
        return
    assert expected is not None, f"helm refused {exprs}, chartgen accepted them"
    values, _ = coalesce(user, load_yaml(_CHART_VALUES, "values.yaml").data)
    assert values == expected
