"""One model, one verdict: the typed model and ``lint`` agree on every value.

The same generated values go to both. A structural error of lint's schema walker means the
model refuses them; the model refusing them means lint reports an error (some bounds, such as
``maxSlotsPerPod`` below 1, are a rule's to report rather than the walker's), or, for a key
nobody reads or values in a section the chart does not render, the warning that they are not used.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import chartgen
from chartgen.diagnostics import Severity
from chartgen.releases import SUPPORTED
from chartgen.validation.rules.effect import JUDGED
from chartgen.validation.rules.unrendered import GATES
from chartgen.validation.schema_walk import release_schema, walk_values
from chartgen.values.model import parse_values

GATE_RULES = {gate.rule for gate in GATES}
IGNORED_KEYS = {"unknown-key", "key-not-in-release", "misplaced-key"}
BASE: dict[str, Any] = {
    "maxSlotsPerPod": 4,
    "initialUserPassword": "Verdict-Passw0rd",
    "db": {"keepOnUninstall": True},
}
# Values that sit on the edges both have to decide: numbers as floats and as strings, booleans
# as strings, YAML 1.1 words, case, blanks, empty and wrong containers.
TRICKY = st.sampled_from(
    [0, 1, 4, -1, 8080, 8080.0, 4.5, 1e6, "8080", "4", " 8080 ", "4.0", "1e3", "0x10", "010", "DEBUG", "info",
     "x", "", "true", "false", "yes", True, False, None, [], {}, ["a"], {"a": 1}, "coscheduler", " coscheduler ",
     "s3", "gcs", "shared_fs", "configMap", "8Gi", "500m", "10.0.0.0/8", "https://example.com"]
)  # fmt: skip


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        return _resolve(schema, schema["$defs"][node["$ref"].rsplit("/", 1)[-1]])
    for option in node.get("anyOf", []):
        resolved = _resolve(schema, option)
        if "properties" in resolved:
            return resolved
    return node


def _paths(release: str) -> list[tuple[str, ...]]:
    """Every property path two sections deep, as lint and the model both know them."""
    schema = release_schema(release)
    out = []
    for key, node in schema["properties"].items():
        out.append((key,))
        for sub in _resolve(schema, node).get("properties", {}):
            out.append((key, sub))
    return out


def _with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    values = copy.deepcopy(BASE)
    target = values
    for key in path[:-1]:
        if not isinstance(target.get(key), dict):
            target[key] = {}
        target = target[key]
    target[path[-1]] = value
    return values


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    release = draw(st.sampled_from(SUPPORTED))
    changes = draw(st.lists(st.tuples(st.sampled_from(_paths(release)), TRICKY), min_size=1, max_size=3))
    values = copy.deepcopy(BASE)
    for path, value in changes:
        values = _merge(values, _with(path, value))
    return release, values


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        both = isinstance(out.get(key), dict) and isinstance(value, dict)
        out[key] = _merge(out[key], value) if both else value
    return out


def _model_takes(values: dict[str, Any], release: str) -> bool:
    try:
        parse_values(values, release)
    except ValidationError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(cases())
def test_the_model_and_lint_reach_one_verdict(case: tuple[str, dict[str, Any]]) -> None:
    release, values = case
    walker = [f for f in walk_values(values, release) if f.severity is Severity.ERROR]
    model = _model_takes(values, release)
    if walker:
        assert not model, f"lint refuses {[f.message for f in walker]}, the model takes {values}"
    if not model:
        result = chartgen.lint(values, app_version=release)
        # Lint judges only what the chart renders and reads: of a section it does not render, or a
        # key nobody reads, it says so (a warning: the value has no effect).
        # A value the chart renders as what it evidently says, or does not render at all: a
        # warning of the schema's rule (``chartgen.validation.rules.effect``).
        unused = [
            d
            for d in result.diagnostics
            if d.rule in GATE_RULES | IGNORED_KEYS or (d.rule in JUDGED and not d.is_error)
        ]
        # A value a rule owns (``rule(owns=…)``: db.port, db.hostAddress) is judged by what its
        # consumers read, not by the model's type.
        assert not result.ok or unused or _owned(values), f"the model refuses {values}, lint takes it"


def _owned(values: dict[str, Any]) -> bool:
    from chartgen.validation.registry import all_rules

    return any(
        isinstance(section := values.get(path[0]), dict) and path[-1] in section
        for rule in all_rules()
        for path in rule.owns
        if len(path) == 2
    )


@pytest.mark.parametrize(
    ("path", "value", "typed"),
    [
        (("masterPort",), 8080.0, 8080),
        (("masterPort",), "8080", 8080),
        (("maxSlotsPerPod",), 4.0, 4),
        (("logLevel",), "DEBUG", "debug"),
    ],
)
def test_what_helm_reads_as_the_same_value_the_model_types_as_it(
    path: tuple[str, ...], value: Any, typed: Any
) -> None:
    loaded = chartgen.load_values(_with(path, value))
    assert chartgen.lint(_with(path, value)).ok
    assert getattr(loaded.model, path[-1]) == typed
