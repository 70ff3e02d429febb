"""A public function given an argument of the wrong type raises a ``TypeError`` that names the
function and what it takes, at its door: never a traceback from deep inside.

Every callable of ``chartgen.__all__`` is listed in ``CASES`` (one case per argument it checks),
is a class of the typed model, or says in ``WITHOUT_CASES`` why it has none: a new public name
fails ``test_every_public_callable_is_covered`` until it is one of these."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chartgen

CHARTGEN = Path(chartgen.__file__).parent

#: Neither a values source nor a list of them: what a caller may pass by mistake.
NOT_VALUES = st.one_of(
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.binary(max_size=4),
    st.sets(st.integers(), max_size=2),
    st.builds(object),
    st.builds(chartgen.Db),
    st.lists(st.integers(), min_size=1, max_size=2),
)

TAKING_VALUES: dict[str, Callable[[object], object]] = {
    "load_values()": lambda bad: chartgen.load_values(bad),  # type: ignore[arg-type]
    "validate()": lambda bad: chartgen.validate(bad),  # type: ignore[arg-type]
    "lint()": lambda bad: chartgen.lint(bad),  # type: ignore[arg-type]
    "render()": lambda bad: chartgen.render(bad),  # type: ignore[arg-type]
    "plan()": lambda bad: chartgen.plan(bad),  # type: ignore[arg-type]
    "preview_pod()": lambda bad: chartgen.preview_pod(bad, kind="gpu"),  # type: ignore[arg-type]
}

#: What a caller may pass by mistake, by kind; a case names the kinds its argument takes, and
#: draws from the others. Collections are never empty: an empty one is a list of anything.
KINDS: dict[str, st.SearchStrategy[Any]] = {
    "int": st.integers(),
    "float": st.floats(allow_nan=False),
    "bool": st.booleans(),
    "None": st.none(),
    "str": st.text(max_size=6),
    "bytes": st.binary(max_size=4),
    "list of int": st.lists(st.integers(), min_size=1, max_size=2),
    "list of str": st.lists(st.text(max_size=4), min_size=1, max_size=2),
    "tuple of str": st.lists(st.text(max_size=4), min_size=1, max_size=2).map(tuple),
    "set of int": st.sets(st.integers(), min_size=1, max_size=2),
    "dict": st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),
    "object": st.builds(object),
    "section": st.builds(chartgen.Db),
}
STRINGS = ("list of str", "tuple of str")
NUMBERS = ("int", "float", "bool")

TEXT = "maxSlotsPerPod: 4\n"


class Case(NamedTuple):
    """``call`` with the wrong value in one argument; ``takes``, how its ``TypeError`` begins."""

    takes: str
    call: Callable[[Any], object]
    accepts: tuple[str, ...] = ()


def _source(name: str) -> Callable[[Any], object]:
    return lambda bad: chartgen.ValuesSource(**{name: bad})


CASES: dict[str, list[Case]] = {
    "check": [
        Case("check() takes files as a list of paths", lambda bad: chartgen.check(bad), STRINGS),
        Case("check() takes values as a list of paths", lambda bad: chartgen.check(values=bad), STRINGS),
        Case(
            "check() takes flags as chartgen.SetFlags or None",
            lambda bad: chartgen.check(flags=bad),
            ("None",),
        ),
        Case(
            "check() takes config as a path, or None", lambda bad: chartgen.check(config=bad), ("str", "None")
        ),
        Case("check() takes select as a list", lambda bad: chartgen.check(select=bad), (*STRINGS, "None")),
        Case("check() takes ignore as a list", lambda bad: chartgen.check(ignore=bad), STRINGS),
        Case("check() takes strict as True or False", lambda bad: chartgen.check(strict=bad), ("bool",)),
        *(
            Case(
                f"check() takes {name} as a string, or None",
                lambda bad, name=name: chartgen.check(**{name: bad}),
                ("str", "None"),
            )
            for name in ("app_version", "release_name", "namespace", "subchart")
        ),
        Case(
            "check() takes workers as a number",
            lambda bad: chartgen.check(workers=bad),
            ("int", "bool", "None"),
        ),
    ],
    "rules_for": [
        Case("rules_for() takes files as a list of paths", lambda bad: chartgen.rules_for(bad), STRINGS),
        Case("rules_for() takes values as a list", lambda bad: chartgen.rules_for(values=bad), STRINGS),
        Case(
            "rules_for() takes config as a path", lambda bad: chartgen.rules_for(config=bad), ("str", "None")
        ),
    ],
    "subchart_setting": [
        Case(
            "subchart_setting() takes file as a path",
            lambda bad: chartgen.subchart_setting(bad),
            ("str", "None"),
        )
    ],
    "diff": [
        Case(
            "diff() takes installed as chartgen.ValuesSource or chartgen.ManifestSource",
            lambda bad: chartgen.diff(bad, chartgen.ValuesSource()),
        ),
        Case(
            "diff() takes change as chartgen.ValuesSource",
            lambda bad: chartgen.diff(chartgen.ValuesSource(), bad),
        ),
    ],
    "ValuesSource": [
        Case("ValuesSource() takes files as a list of paths", _source("files"), STRINGS),
        Case("ValuesSource() takes flags as chartgen.SetFlags or None", _source("flags"), ("None",)),
        Case("ValuesSource() takes app_version as a string", _source("app_version"), ("str",)),
        Case("ValuesSource() takes release as a string", _source("release"), ("str",)),
        Case("ValuesSource() takes namespace as a string", _source("namespace"), ("str",)),
        Case(
            "ValuesSource() takes is_upgrade as True, False or None", _source("is_upgrade"), ("bool", "None")
        ),
    ],
    "ManifestSource": [
        Case("ManifestSource() takes path as a string", lambda bad: chartgen.ManifestSource(bad), ("str",)),
        Case(
            "ManifestSource() takes namespace as a string",
            lambda bad: chartgen.ManifestSource("-", namespace=bad),
            ("str",),
        ),
    ],
    "SetFlags": [
        Case(
            f"SetFlags() takes {name} as a list of --{name.replace('_', '-')} expressions",
            lambda bad, name=name: chartgen.SetFlags(**{name: bad}),
            STRINGS,
        )
        for name in ("set", "set_string", "set_json", "set_file", "set_literal")
    ],
    "ValuesText": [
        Case("ValuesText() takes text as a string", lambda bad: chartgen.ValuesText(bad), ("str",)),
        Case("ValuesText() takes name as a string", lambda bad: chartgen.ValuesText(TEXT, bad), ("str",)),
    ],
    "fix": [
        Case("fix() takes text as a string", lambda bad: chartgen.fix(bad), ("str",)),
        Case("fix() takes file as a string", lambda bad: chartgen.fix(TEXT, file=bad), ("str",)),
        Case(
            "fix() takes app_version as a string", lambda bad: chartgen.fix(TEXT, app_version=bad), ("str",)
        ),
        Case("fix() takes unsafe as True or False", lambda bad: chartgen.fix(TEXT, unsafe=bad), ("bool",)),
        Case("fix() takes also_safe as a collection", lambda bad: chartgen.fix(TEXT, also_safe=bad), STRINGS),
    ],
    "migrate": [
        Case("migrate() takes text as a string", lambda bad: chartgen.migrate(bad, to="0.38.1"), ("str",)),
        Case("migrate() takes to as a string", lambda bad: chartgen.migrate(TEXT, to=bad), ("str",)),
        Case(
            "migrate() takes source as a string",
            lambda bad: chartgen.migrate(TEXT, to="0.38.1", source=bad),
            ("str", "None"),
        ),
        Case(
            "migrate() takes file as a string",
            lambda bad: chartgen.migrate(TEXT, to="0.38.1", file=bad),
            ("str",),
        ),
        Case(
            "migrate() takes unsafe as True or False",
            lambda bad: chartgen.migrate(TEXT, to="0.38.1", unsafe=bad),
            ("bool",),
        ),
    ],
    "set_value": [
        Case("set_value() takes text as a string", lambda bad: chartgen.set_value(bad, ("a",), 1), ("str",)),
        Case(
            "set_value() takes path as a tuple of keys (strings) and list indexes (ints)",
            lambda bad: chartgen.set_value(TEXT, bad, 1),
            ("tuple of str",),
        ),
        Case(
            "set_value() takes value as a str, int, float, bool or None",
            lambda bad: chartgen.set_value(TEXT, ("a",), bad),
            (*NUMBERS, "str", "None"),
        ),
        Case(
            "set_value() takes file as a string",
            lambda bad: chartgen.set_value(TEXT, ("a",), 1, file=bad),
            ("str",),
        ),
    ],
    "read_values_text": [
        Case(
            "read_values_text() takes path as a string", lambda bad: chartgen.read_values_text(bad), ("str",)
        )
    ],
    "write_values_text": [
        Case(
            "write_values_text() takes path as a string",
            lambda bad: chartgen.write_values_text(bad, ""),
            ("str",),
        ),
        Case(
            "write_values_text() takes text as a string",
            lambda bad: chartgen.write_values_text("values.yaml", bad),
            ("str",),
        ),
    ],
    "unified_diff": [
        Case(
            "unified_diff() takes path as a string", lambda bad: chartgen.unified_diff(bad, "", ""), ("str",)
        ),
        Case(
            "unified_diff() takes before as a string",
            lambda bad: chartgen.unified_diff("v", bad, ""),
            ("str",),
        ),
        Case(
            "unified_diff() takes after as a string",
            lambda bad: chartgen.unified_diff("v", "", bad),
            ("str",),
        ),
    ],
    "rule_explanation": [
        Case("rule_explanation() takes a chartgen.Rule", lambda bad: chartgen.rule_explanation(bad))
    ],
    "rule_summary": [
        Case("rule_summary() takes doc as a string", lambda bad: chartgen.rule_summary(bad), ("str",))
    ],
    "rule_matches": [
        Case(
            "rule_matches() takes a rule id and a pattern",
            lambda bad: chartgen.rule_matches(bad, "*"),
            ("str",),
        ),
        Case(
            "rule_matches() takes a rule id and a pattern",
            lambda bad: chartgen.rule_matches("a", bad),
            ("str",),
        ),
    ],
    "check_release": [
        Case(
            "check_release() takes app_version as a string", lambda bad: chartgen.check_release(bad), ("str",)
        )
    ],
    "check_kube_version": [
        Case(
            "check_kube_version() takes the version as a string",
            lambda bad: chartgen.check_kube_version(bad),
            ("str",),
        )
    ],
    "schema": [Case("schema() takes app_version as a string", lambda bad: chartgen.schema(bad), ("str",))],
    "schema_text": [
        Case("schema() takes app_version as a string", lambda bad: chartgen.schema_text(bad), ("str",))
    ],
    "ChartgenError": [
        Case("ChartgenError() takes a list of chartgen.Diagnostic", lambda bad: chartgen.ChartgenError(bad))
    ],
    "ValuesError": [
        Case("ValuesError() takes a list of chartgen.Diagnostic", lambda bad: chartgen.ValuesError(bad))
    ],
    "to_yaml_stream": [
        Case("to_yaml_stream() takes a list of chartgen.Manifest", lambda bad: chartgen.to_yaml_stream(bad))
    ],
    "write_manifests": [
        Case(
            "write_manifests() takes a list of chartgen.Manifest",
            lambda bad: chartgen.write_manifests(bad, "out"),
        ),
        Case(
            "write_manifests() takes directory as a path",
            lambda bad: chartgen.write_manifests([], bad),
            ("str",),
        ),
    ],
    "load_values": [
        Case(
            "load_values() takes app_version as a string",
            lambda bad: chartgen.load_values(app_version=bad),
            ("str",),
        ),
        Case(
            "load_values() takes flags as chartgen.SetFlags",
            lambda bad: chartgen.load_values(flags=bad),
            ("None",),
        ),
        Case(
            "load_values() takes subchart as a string",
            lambda bad: chartgen.load_values(subchart=bad),
            ("str", "None"),
        ),
    ],
    "validate": [
        Case(
            "validate() takes release_name as a string",
            lambda bad: chartgen.validate({}, release_name=bad),
            ("str",),
        ),
        Case(
            "validate() takes namespace as a string",
            lambda bad: chartgen.validate({}, namespace=bad),
            ("str",),
        ),
        Case(
            "validate() takes is_upgrade as True or False",
            lambda bad: chartgen.validate({}, is_upgrade=bad),
            ("bool",),
        ),
        Case(
            "validate() takes app_version as a string",
            lambda bad: chartgen.validate({}, app_version=bad),
            ("str",),
        ),
        Case(
            "validate() takes flags as chartgen.SetFlags",
            lambda bad: chartgen.validate({}, flags=bad),
            ("None",),
        ),
    ],
    "lint": [
        Case(
            "lint() takes release_name as a string", lambda bad: chartgen.lint({}, release_name=bad), ("str",)
        ),
        Case("lint() takes namespace as a string", lambda bad: chartgen.lint({}, namespace=bad), ("str",)),
        Case(
            "lint() takes app_version as a string", lambda bad: chartgen.lint({}, app_version=bad), ("str",)
        ),
        Case("lint() takes flags as chartgen.SetFlags", lambda bad: chartgen.lint({}, flags=bad), ("None",)),
    ],
    "render": [
        Case(
            "render() takes release_name as a string",
            lambda bad: chartgen.render({}, release_name=bad),
            ("str",),
        ),
        Case(
            "render() takes namespace as a string", lambda bad: chartgen.render({}, namespace=bad), ("str",)
        ),
        Case(
            "render() takes is_upgrade as True or False",
            lambda bad: chartgen.render({}, is_upgrade=bad),
            ("bool",),
        ),
        Case(
            "render() takes show_only as a list of globs",
            lambda bad: chartgen.render({}, show_only=bad),
            STRINGS,
        ),
        Case(
            "render() takes app_version as a string",
            lambda bad: chartgen.render({}, app_version=bad),
            ("str",),
        ),
        Case(
            "render() takes flags as chartgen.SetFlags", lambda bad: chartgen.render({}, flags=bad), ("None",)
        ),
        Case(
            "render() takes subchart as a string",
            lambda bad: chartgen.render({}, subchart=bad),
            ("str", "None"),
        ),
    ],
    "plan": [
        Case(
            "plan() takes nodes as GPUs per node",
            lambda bad: chartgen.plan(nodes=bad),
            ("str", "None", "list of int"),
        ),
        Case(
            "plan() takes cpu_allocatable as CPUs per node",
            lambda bad: chartgen.plan(cpu_allocatable=bad),
            ("str", "None", "list of int", *STRINGS),
        ),
        Case(
            "plan() takes jobs as slots per job",
            lambda bad: chartgen.plan(nodes="4", jobs=bad),
            ("str", "list of int"),
        ),
        Case(
            "plan() takes pool as a string", lambda bad: chartgen.plan(nodes="4", pool=bad), ("str", "None")
        ),
        Case(
            "plan() takes slot_cpu as CPUs",
            lambda bad: chartgen.plan(nodes="4", slot_cpu=bad),
            (*NUMBERS, "str", "None"),
        ),
        Case(
            "plan() takes max_slots_per_pod as a whole number",
            lambda bad: chartgen.plan(nodes="4", max_slots_per_pod=bad),
            ("int", "bool", "None"),
        ),
        Case(
            "plan() takes scheduler as", lambda bad: chartgen.plan(nodes="4", scheduler=bad), ("str", "None")
        ),
        Case(
            "plan() takes app_version as a string", lambda bad: chartgen.plan({}, app_version=bad), ("str",)
        ),
        Case("plan() takes flags as chartgen.SetFlags", lambda bad: chartgen.plan({}, flags=bad), ("None",)),
    ],
    "preview_pod": [
        Case("preview_pod() takes kind as", lambda bad: chartgen.preview_pod({}, kind=bad), ("str",)),
        Case(
            "preview_pod() takes pool as a string",
            lambda bad: chartgen.preview_pod({}, kind="gpu", pool=bad),
            ("str", "None"),
        ),
        Case(
            "preview_pod() takes task as the path",
            lambda bad: chartgen.preview_pod({}, kind="gpu", task=bad),
            ("str", "None"),
        ),
        Case(
            "preview_pod() takes app_version as a string",
            lambda bad: chartgen.preview_pod({}, kind="gpu", app_version=bad),
            ("str",),
        ),
        Case(
            "preview_pod() takes flags as chartgen.SetFlags",
            lambda bad: chartgen.preview_pod({}, kind="gpu", flags=bad),
            ("None",),
        ),
    ],
}

#: A result chartgen builds and returns: its constructor keeps what it is given (as a dataclass's
#: does), and chartgen reads only the ones it built.
RESULT = "a result chartgen builds, never given to it by a caller"

RESULTS = (
    "Applied", "CheckResult", "ClusterNode", "Deadlock", "Diagnostic", "DiffResult", "DocumentEntry",
    "Edit", "FieldChange", "Fix", "FixResult", "FixRounds", "Hazard", "JobPlan", "LaunchOverride",
    "LintResult", "LoadedValues", "LoadedYaml", "Location", "Manifest", "MigrateResult", "ObjectChange",
    "ObjectId", "Placement", "Plan", "PlanReport", "PlanRequest", "PodPreview", "PodPreviewNote",
    "PodPreviewResult", "PodRequest", "PodSpecLayer", "RenderResult", "Rule", "RuleContext", "Sizing",
    "ValuesDocument",
)  # fmt: skip

WITHOUT_CASES: dict[str, str] = {
    **dict.fromkeys(RESULTS, RESULT),
    "Severity": "an enum: Severity(42) is the ValueError every enum raises, naming the value",
    "HazardCategory": "an enum: HazardCategory(42) is the ValueError every enum raises, naming the value",
    "UsageError": "an exception whose message is any text, as Exception's is",
    "all_rules": "takes no arguments",
}


def _public_callables() -> set[str]:
    return {name for name in chartgen.__all__ if callable(getattr(chartgen, name))}


def _model_classes() -> list[str]:
    return sorted(name for name in _public_callables() if hasattr(getattr(chartgen, name), "model_fields"))


def _entry_file(name: str) -> str:
    """The file of the public callable ``name``: where its ``TypeError`` must come from."""
    return str(sys.modules[getattr(chartgen, name).__module__].__file__)


def _raised_at_the_door(exc: BaseException, name: str) -> None:
    """Raised by chartgen's argument check, called from the public callable's own module (its
    body, or the argument helpers beside it): no frame of the code that would do the work."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).is_relative_to(CHARTGEN)]
    assert frames, "raised by Python, not by chartgen"
    assert frames[-1].filename == str(CHARTGEN / "arguments.py"), frames[-1]
    entry = _entry_file(name)
    rest = frames[:-1]
    if (
        isinstance(getattr(chartgen, name), type)
        and rest
        and rest[0].filename == str(CHARTGEN / "records.py")
    ):
        rest = rest[1:]  # the record's generated __init__, calling its class's __post_init__
    assert rest, "the check was not called from the public callable"
    assert all(f.filename in (entry, str(CHARTGEN / "arguments.py")) for f in rest), [
        (f.filename, f.name) for f in rest
    ]


def test_every_public_callable_is_covered() -> None:
    covered = set(CASES) | set(WITHOUT_CASES) | set(_model_classes())
    assert _public_callables() - covered == set(), "a public callable with no wrong-type case"
    assert covered - _public_callables() == set(), "a case for a name that is not public"
    assert set(CASES) & set(WITHOUT_CASES) == set()


ALL_CASES = [(name, index) for name, cases in CASES.items() for index in range(len(cases))]


@pytest.mark.parametrize(("name", "index"), ALL_CASES, ids=[f"{n}-{i}" for n, i in ALL_CASES])
@settings(max_examples=30, deadline=None)  # a dozen kinds to draw from; the first call imports the module
@given(data=st.data())
def test_an_argument_of_the_wrong_type_is_a_type_error_at_the_door(
    name: str, index: int, data: st.DataObject
) -> None:
    case = CASES[name][index]
    bad = data.draw(st.one_of([kind for label, kind in KINDS.items() if label not in case.accepts]))
    with pytest.raises(TypeError) as raised:
        case.call(bad)
    message = str(raised.value)
    assert message.startswith(case.takes), message
    assert type(bad).__name__ in message.rpartition(", not ")[2], message
    _raised_at_the_door(raised.value, name)


@pytest.mark.parametrize("name", _model_classes())
def test_a_class_of_the_typed_model_refuses_a_python_object_in_its_own_words(name: str) -> None:
    section = getattr(chartgen, name)
    field = next(iter(section.model_fields))
    with pytest.raises(chartgen.ValuesError) as raised:
        section(**{field: object()})
    places = [str(d.location) for d in raised.value.diagnostics]
    assert any(place.startswith(f"{name}.{field}") for place in places), places
    deepest = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert deepest.filename == str(CHARTGEN / "values" / "model" / "base.py"), deepest


@pytest.mark.parametrize("name", sorted(TAKING_VALUES))
@given(bad=NOT_VALUES)
def test_values_of_a_type_that_holds_none_are_a_type_error(name: str, bad: object) -> None:
    with pytest.raises(TypeError) as raised:
        TAKING_VALUES[name](bad)
    assert str(raised.value).startswith(f"{name} takes ")
    assert "chartgen.ValuesText, a mapping or chartgen.Values" in str(raised.value)
    assert str(raised.value).endswith(f"not {type(bad).__name__ if not isinstance(bad, list) else 'int'}")
    _raised_at_the_door(raised.value, name.removesuffix("()"))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: chartgen.lint({}, app_version=38), "lint() takes app_version as a string"),
        (
            lambda: chartgen.lint({}, flags={"set": ["a=1"]}),
            "lint() takes flags as chartgen.SetFlags or None",
        ),
        (lambda: chartgen.lint({}, namespace=None), "lint() takes namespace as a string"),
        (lambda: chartgen.validate({}, release_name=1), "validate() takes release_name as a string"),
        (lambda: chartgen.validate({}, is_upgrade="no"), "validate() takes is_upgrade as True or False"),
        (lambda: chartgen.render({}, show_only="templates/*"), "render() takes show_only as a list of globs"),
        (lambda: chartgen.preview_pod({}, kind="gpu", task=3), "preview_pod() takes task as the path"),
        (lambda: chartgen.to_yaml_stream("kind: Pod"), "to_yaml_stream() takes a list of chartgen.Manifest"),
        (
            lambda: chartgen.to_yaml_stream([{"kind": "Pod"}]),
            "to_yaml_stream() takes a list of chartgen.Manifest",
        ),
        (
            lambda: chartgen.write_manifests(None, "out"),
            "write_manifests() takes a list of chartgen.Manifest",
        ),
        (lambda: chartgen.write_manifests([], 5), "write_manifests() takes directory as a path"),
        (lambda: chartgen.check_kube_version(1.29), "check_kube_version() takes the version as a string"),
        (lambda: chartgen.schema(0.38), "schema() takes app_version as a string"),
        (lambda: chartgen.schema_text(None), "schema() takes app_version as a string"),
    ],
)
def test_other_arguments_of_the_wrong_type_are_a_type_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    assert str(raised.value).startswith(message)
    deepest = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert deepest.filename == str(CHARTGEN / "arguments.py"), deepest


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: chartgen.fix(42), "fix() takes text as a string (the values file's text), not int"),
        (
            lambda: chartgen.check_release(42),
            "check_release() takes app_version as a string (chartgen.LATEST, or one of chartgen.SUPPORTED), not int",
        ),
        (
            lambda: chartgen.diff(42, chartgen.ValuesSource()),  # type: ignore[arg-type]
            "diff() takes installed as chartgen.ValuesSource or chartgen.ManifestSource, not int",
        ),
        (
            lambda: chartgen.check("values.yaml"),
            "check() takes files as a list of paths (values files or directories), not str",
        ),
        (
            lambda: chartgen.SetFlags(set="maxSlotsPerPod=4"),  # type: ignore[arg-type]
            "SetFlags() takes set as a list of --set expressions (strings), not str",
        ),
        (
            lambda: chartgen.fix(TEXT, also_safe=["unknown-key", 3]),
            "fix() takes also_safe as a collection of rule ids (strings), not a list holding int",
        ),
        (
            lambda: chartgen.set_value(TEXT, ["maxSlotsPerPod"], 8),  # type: ignore[arg-type]
            "set_value() takes path as a tuple of keys (strings) and list indexes (ints), not list",
        ),
        (
            lambda: chartgen.ChartgenError("no values"),  # type: ignore[arg-type]
            "ChartgenError() takes a list of chartgen.Diagnostic, not str",
        ),
    ],
)
def test_the_message_says_what_the_function_takes(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    assert str(raised.value) == message


def test_a_generator_is_refused_rather_than_used_up() -> None:
    with pytest.raises(TypeError) as raised:
        chartgen.check(path for path in ["values.yaml"])  # type: ignore[arg-type]
    assert (
        str(raised.value)
        == "check() takes files as a list of paths (values files or directories), not generator"
    )


def test_a_value_that_cannot_be_written_as_a_scalar_is_refused_before_the_file_is_read() -> None:
    # Before, an object recursed in the YAML emitter until Python's recursion limit.
    with pytest.raises(
        TypeError, match=r"^set_value\(\) takes value as a str, int, float, bool or None, not dict$"
    ):
        chartgen.set_value(TEXT, ("maxSlotsPerPod",), {"nested": 1})  # type: ignore[arg-type]


def test_a_section_of_the_model_is_not_the_values() -> None:
    with pytest.raises(TypeError) as raised:
        chartgen.lint(chartgen.Db(keepOnUninstall=True))
    assert str(raised.value) == (
        "lint() takes a path, chartgen.ValuesText, a mapping or chartgen.Values as values source 1, not Db"
    )
