"""Strings the chart writes without quotes must read back from YAML as the same string."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chartgen.values.load import SetFlags

from .rulecheck import BASE, diagnostics, found, messages

RULE = ["written-bare"]


@pytest.mark.parametrize(
    ("value", "reads"),
    [
        ("1e3", "the number 1000"),
        ("0x10", "the number 16"),
        ("010", "the number 8"),
        ("08", "the number 8"),
        ("1.50", "the number 1.5"),
        ("yes", "the boolean true"),
        ("~", "null"),
        ("x #y", "only x is left"),
        (" a ", "reads a"),
        ("[a]", "`[` at its start"),
        ("{a: 1}", "`{` at its start"),
        ("'q'", "`'` at its start"),
        ("&anc", "`&` at its start"),
        ("*a", "`*` at its start"),
        ("!tag", "`!` at its start"),
        ("@at", "`@` at its start"),
        ("- x", "`-` at its start"),
        ("a: b", "starts a YAML mapping"),
        ("\t", "drops its leading and trailing blanks"),
        ("one\ntwo", "Helm refuses to render"),
    ],
)
def test_a_cluster_name_yaml_reads_as_something_else_is_an_error_at_the_value(
    tmp_path: Path, value: str, reads: str
) -> None:
    text = BASE + f"clusterName: {json.dumps(value)}\n"
    assert found(tmp_path, text, RULE) == [(3, 14, "written-bare")]
    (message,) = messages(tmp_path, text, "written-bare")
    assert "into master.yaml" in message and reads in message


@pytest.mark.parametrize("value", ["prod-east", "1234", "true", "1.5", "a\tb", "a#b", "a:b", "x-"])
def test_text_that_reads_back_as_the_same_text_passes(tmp_path: Path, value: str) -> None:
    assert found(tmp_path, BASE + f"clusterName: {json.dumps(value)}\n", RULE) == []


def test_text_embedded_in_the_image_keeps_only_what_yaml_reads(tmp_path: Path) -> None:
    text = BASE + 'imageRegistry: "registry #2"\n'
    assert found(tmp_path, text, RULE) == [(3, 16, "written-bare")]
    assert "only registry is left" in messages(tmp_path, text, "written-bare")[0]
    assert found(tmp_path, BASE + 'imageRegistry: "%x"\n', RULE) == [(3, 16, "written-bare")]
    assert found(tmp_path, BASE + "imageRegistry: registry.example.com/team\n", RULE) == []


def test_a_value_written_with_quotes_may_hold_anything(tmp_path: Path) -> None:
    text = BASE + 'db:\n  password: "x #y: [z]"\n'
    assert found(tmp_path, text, RULE) == []


def test_set_flags_are_located_at_the_flag(tmp_path: Path) -> None:
    flags = SetFlags(set_string=["clusterName=0x10"])
    assert found(tmp_path, BASE, RULE, flags=flags) == [(1, 13, "written-bare")]


def test_a_secret_is_not_shown(tmp_path: Path) -> None:
    text = BASE + 'checkpointStorage:\n  type: azure\n  container: c\n  connection_string: "Sekr1t #x"\n'
    (found_one,) = [d for d in diagnostics(tmp_path, text) if d.rule == "written-bare"]
    assert "Sekr1t" not in found_one.message and "the value" in found_one.message
