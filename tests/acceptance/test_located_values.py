"""Values given as data (the typed model, a mapping) are located by their path, through every
door: ``str(d)``, the text, JSON, GitHub and SARIF reports, and the ``Diagnostic``'s fields; the
model's own objections are chartgen's findings, worded as lint words the same mistake in a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import chartgen
from chartgen import report
from chartgen.diagnostics import ValuesError

GOOD = {"maxSlotsPerPod": 4, "initialUserPassword": "Installer-Passw0rd"}
TWICE = [{"pool_name": "default"}, {"pool_name": "default"}]


def _pools() -> chartgen.Values:
    return chartgen.Values(**GOOD, resourcePools=[chartgen.ResourcePool(**pool) for pool in TWICE])


def _duplicate(found: list[chartgen.Diagnostic]) -> chartgen.Diagnostic:
    (d,) = [d for d in found if d.rule == "pool-names-unique"]
    return d


@pytest.mark.parametrize(
    ("values", "name"),
    [
        (_pools, "Values.resourcePools[1].pool_name"),
        (lambda: {**GOOD, "resourcePools": TWICE}, "<values 1>.resourcePools[1].pool_name"),
    ],
    ids=["model", "mapping"],
)
def test_a_finding_on_data_is_located_by_its_path(values: object, name: str) -> None:
    d = _duplicate(chartgen.validate(values()))  # type: ignore[operator]
    assert (d.location, d.path) == (
        chartgen.Location(name, logical=True),
        ("resourcePools", 1, "pool_name"),
    )
    assert str(d).startswith(f"{name}: error[pool-names-unique] resource pool 'default' is already defined")
    assert report.as_text([d]).startswith(f"{name}: error[pool-names-unique] ")
    (row,) = json.loads(report.as_json([d]))
    assert (row["file"], row["line"], row["column"], row["path"]) == (
        name,
        None,
        None,
        ["resourcePools", 1, "pool_name"],
    )
    (result,) = json.loads(report.as_sarif([d]))["runs"][0]["results"]
    assert result["locations"] == [{"logicalLocations": [{"name": name}]}]
    github = report.as_github([d])
    assert "file=" not in github and f"::{name}: resource pool" in github.replace(
        "::error title=chartgen (pool-names-unique)", ""
    )
    assert report.summary([d]) == "Found 1 error.\n"  # no file among them


def test_no_finding_on_data_points_at_a_first_line() -> None:
    for values in (
        chartgen.Values(resourcePools=[chartgen.ResourcePool(**p) for p in TWICE]),
        {"resourcePools": TWICE},
    ):
        found = chartgen.validate(values)
        assert {d.rule for d in found} >= {"initial-password-required", "pool-names-unique"}
        assert all(d.location is not None and d.location.logical and d.location.line is None for d in found)
        assert not [str(d) for d in found if ":1:1" in str(d)]
    # A required key nobody wrote belongs to the root, as it belongs to a file's first line.
    (required,) = [
        d for d in chartgen.validate({"maxSlotsPerPod": 4}) if d.rule == "initial-password-required"
    ]
    assert str(required.location) == "<values 1>"


def test_each_layer_is_located_in_its_own_source(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(
        "maxSlotsPerPod: 4\ninitialUserPassword: Installer-Passw0rd\n"
        "resourcePools:\n  - pool_name: default\n  - pool_name: default\n"
    )
    found = chartgen.validate([str(path), {"masterPort": "lots"}])
    (port,) = [d for d in found if d.path == ("masterPort",)]
    assert (port.rule, str(port.location)) == ("wrong-type", "<values 2>.masterPort")
    assert str(_duplicate(found).location) == f"{path}:5:16"


def test_validate_takes_the_typed_values_as_they_are() -> None:
    typed = _pools()
    assert chartgen.validate(typed) == chartgen.validate(chartgen.load_values(typed))
    assert chartgen.validate(chartgen.ValuesText("a: [", "inline.yaml"))[0].rule == "yaml-syntax"


# ---------------------------------------------------------------- the model's own objections


def _linted(values: dict[str, object], tmp_path: Path) -> list[tuple[str, str]]:
    """Rule and message of lint's errors and warnings for the same values in a file."""
    path = tmp_path / "values.yaml"
    path.write_text(yaml.safe_dump(values))
    return [(d.rule, d.message) for d in chartgen.lint(str(path)).diagnostics]


@pytest.mark.parametrize(
    ("build", "values", "where"),
    [
        (
            lambda: chartgen.Values(**GOOD, maxSlotPerPod=4),
            {**GOOD, "maxSlotPerPod": 4},
            "Values.maxSlotPerPod",
        ),
        (
            lambda: chartgen.Values(**{**GOOD, "maxSlotsPerPod": "four"}),
            {**GOOD, "maxSlotsPerPod": "four"},
            "Values.maxSlotsPerPod",
        ),
        (
            lambda: chartgen.Values(**GOOD, db={"storageSize": "-5Gi"}),
            {**GOOD, "db": {"storageSize": "-5Gi"}},
            "Values.db.storageSize",
        ),
        (lambda: chartgen.Values(**GOOD, db=5), {**GOOD, "db": 5}, "Values.db"),
        (
            lambda: chartgen.Values(**{**GOOD, "maxSlotsPerPod": 0}),
            {**GOOD, "maxSlotsPerPod": 0},
            "Values.maxSlotsPerPod",
        ),
        (
            lambda: chartgen.Values(**GOOD, defaultScheduler="bogus"),
            {**GOOD, "defaultScheduler": "bogus"},
            "Values.defaultScheduler",
        ),
    ],
    ids=["unknown-key", "wrong-type", "nested", "section-type", "owned-by-a-rule", "enum"],
)
def test_the_model_refuses_as_lint_words_it(
    build: object, values: dict[str, object], where: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError) as raised:  # pydantic's own error is a ValueError: so is chartgen's
        build()  # type: ignore[operator]
    assert isinstance(raised.value, ValuesError) and isinstance(raised.value, chartgen.ChartgenError)
    (d,) = raised.value.diagnostics
    # lint may add what the render shows (``but it has no effect with these values``).
    assert any(
        rule == d.rule and message.startswith(d.message) for rule, message in _linted(values, tmp_path)
    )
    assert d.is_error and str(d.location) == where and d.location is not None and d.location.logical
    assert str(raised.value) == str(d)


def test_an_unknown_keyword_gets_the_key_meant() -> None:
    with pytest.raises(ValuesError) as raised:
        chartgen.Values(maxSlotPerPod=4)
    assert str(raised.value) == (
        "Values.maxSlotPerPod: error[unknown-key] unknown key `maxSlotPerPod`: the 0.38.1 chart does not read "
        "it; Helm ignores it, so it has no effect; did you mean `maxSlotsPerPod`?"
    )
    assert raised.value.diagnostics[0].extra == {"suggestion": "maxSlotsPerPod"}


def test_a_section_built_alone_names_its_paths_from_itself() -> None:
    with pytest.raises(ValuesError) as raised:
        chartgen.Db(storageSize="-5Gi")
    (d,) = raised.value.diagnostics
    assert (d.rule, d.path, str(d.location)) == ("invalid-format", ("storageSize",), "Db.storageSize")
    with pytest.raises(ValuesError) as raised:
        chartgen.ResourcePool(pool_name="a", poolname="b")
    (d,) = raised.value.diagnostics
    assert (d.rule, str(d.location)) == ("unknown-key", "ResourcePool.poolname")
    assert d.message.endswith("did you mean `pool_name`?")


def test_the_typed_view_of_loaded_values_refuses_where_they_were_written(tmp_path: Path) -> None:
    with pytest.raises(ValuesError) as raised:
        _ = chartgen.load_values({**GOOD, "masterPort": "lots"}).model
    assert [(d.rule, str(d.location)) for d in raised.value.diagnostics] == [
        ("wrong-type", "<values 1>.masterPort")
    ]
