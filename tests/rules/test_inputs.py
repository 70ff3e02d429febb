"""Rules found while reading a source (bytes, YAML, ``--set``), each at its line and column."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chartgen.values.load import SetFlags
from tests.support.cli import run_cli

from .rulecheck import BASE, diagnostics, found

CASES: list[tuple[bytes, tuple[int, int, str]]] = [
    (b"a: \xe9\n", (1, 4, "not-utf8")),
    (b"a: [1\n", (2, 1, "yaml-syntax")),
    (b"a: 1\na: 2\n", (2, 1, "yaml-duplicate-key")),
    (b"? [a, b]\n: 1\n", (1, 3, "yaml-complex-key")),
    (b"<<: 5\n", (1, 5, "yaml-merge")),
    (b"a: &x {b: *x}\n", (1, 4, "yaml-alias-cycle")),
    (b'a: "\\ud83d"\n', (1, 4, "yaml-invalid-character")),
    (b"x:\n  y: [1, .nan]\n", (2, 10, "yaml-not-a-number")),
    (b"- master\n", (1, 1, "values-not-a-map")),
    (b"a: [" + b",".join([b"1"] * 10_001) + b"]\n", (1, 1, "yaml-too-many-values")),
    (b"a: " + b"[" * 250 + b"]" * 250 + b"\n", (1, 203, "yaml-too-deep")),
    (b"#" * (300 * 1024), (1, 1, "input-too-large")),
]


def _findings(argv: list[str]) -> list[tuple[int, int, str]]:
    code, out, _ = run_cli(["lint", "--format", "json", *argv])
    assert code == 1
    return [(row["line"], row["column"], row["rule"]) for row in json.loads(out)]


@pytest.mark.parametrize(("data", "expected"), CASES, ids=[case[1][2] for case in CASES])
def test_source_problem_is_located(tmp_path: Path, data: bytes, expected: tuple[int, int, str]) -> None:
    path = tmp_path / "values.yaml"
    path.write_bytes(data)
    assert expected in _findings([str(path)])


def test_reused_anchor_warns_at_the_second_definition(tmp_path: Path) -> None:
    text = BASE + "x-a: &pool {b: 1}\nx-b: &pool {c: 2}\n"
    assert found(tmp_path, text, ["yaml-reused-anchor"]) == [(4, 6, "yaml-reused-anchor")]


def test_set_syntax_points_at_the_flag_and_column() -> None:
    assert _findings(["--set", "maxSlotsPerPod=4", "--set", "a[0=1"]) == [(2, 2, "set-syntax")]


def test_type_conflict_is_located_and_gives_way_to_the_wrong_type_error(tmp_path: Path) -> None:
    from chartgen.values.load import load_values

    path = tmp_path / "values.yaml"
    path.write_text(BASE + "db: 5\n")
    (conflict,) = [d for d in load_values([str(path)]).notes if d.rule == "values-type-conflict"]
    assert (conflict.location.line, conflict.location.column) == (3, 5) if conflict.location else False
    # One mistake, one finding: nothing said about db's keys, nor the conflict, beside the type error.
    assert [(d.rule, d.path) for d in diagnostics(tmp_path, BASE + "db: 5\n") if d.path[:1] == ("db",)] == [
        ("wrong-type", ("db",))
    ]
    flags = SetFlags(set=["db.name=x"])
    assert found(tmp_path, BASE, ["values-type-conflict"], flags=flags) == []


def test_the_typed_model_refuses_what_it_cannot_type(tmp_path: Path) -> None:
    from chartgen import api
    from chartgen.diagnostics import ChartgenError

    path = tmp_path / "values.yaml"
    path.write_text(BASE + "masterPort: lots\n")
    loaded = api.load_values(str(path))
    with pytest.raises(ChartgenError) as refused:
        assert loaded.model is None
    # In lint's words, where the file wrote it.
    assert [(d.rule, str(d.location), d.message) for d in refused.value.diagnostics] == [
        ("wrong-type", f"{path}:3:13", "masterPort must be an integer, not a string")
    ]
    # What lint has no words for (no values file holds a Python object) keeps pydantic's.
    with pytest.raises(ChartgenError) as refused:
        api.Values(maxSlotsPerPod=object())
    assert [(d.rule, str(d.location), d.message) for d in refused.value.diagnostics] == [
        ("model-refused", "Values.maxSlotsPerPod", "maxSlotsPerPod: Input should be a valid integer")
    ]


@pytest.mark.parametrize("text", ["a: '.nan'\n", 'a: ".inf"\n', "a: .nanx\n", "a: 1e400x\n"])
def test_text_that_only_looks_like_nan_or_infinity_is_text(tmp_path: Path, text: str) -> None:
    assert found(tmp_path, BASE + text, ["yaml-not-a-number"]) == []
