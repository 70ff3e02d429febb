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
        ("a\tb", "PyYAML stops at it"),
        ("one\ntwo", "Helm refuses to render"),
        # go-yaml keeps these text; PyYAML (and the corpus's compare.py) reads a date or a number.
        ("2001-12-14", "YAML 1.1 readers"),
        ("1:20", "YAML 1.1 readers"),
        ("0x_", "YAML 1.1 readers"),
    ],
)
def test_a_cluster_name_yaml_reads_as_something_else_is_an_error_at_the_value(
    tmp_path: Path, value: str, reads: str
) -> None:
    text = BASE + f"clusterName: {json.dumps(value)}\n"
    assert found(tmp_path, text, RULE) == [(3, 14, "written-bare")]
    (message,) = messages(tmp_path, text, "written-bare")
    assert "into master.yaml" in message and reads in message


# An empty string written bare is null, which Go and Kubernetes read as "" again.
@pytest.mark.parametrize("value", ["prod-east", "1234", "true", "1.5", "a#b", "a:b", "x-", ""])
def test_text_that_reads_back_as_the_same_text_passes(tmp_path: Path, value: str) -> None:
    assert found(tmp_path, BASE + f"clusterName: {json.dumps(value)}\n", RULE) == []


def test_text_embedded_in_the_image_keeps_only_what_yaml_reads(tmp_path: Path) -> None:
    text = BASE + 'imageRegistry: "registry #2"\n'
    assert found(tmp_path, text, RULE) == [(3, 16, "written-bare")]
    assert "only registry is left" in messages(tmp_path, text, "written-bare")[0]
    assert found(tmp_path, BASE + 'imageRegistry: "%x"\n', RULE) == [(3, 16, "written-bare")]
    # The registry starts the image's scalar: YAML drops a blank there (helm 3.17: image `lead/…`).
    assert found(tmp_path, BASE + 'imageRegistry: " lead"\n', RULE) == [(3, 16, "written-bare")]
    assert found(tmp_path, BASE + "imageRegistry: registry.example.com/team\n", RULE) == []


def test_the_message_names_only_the_templates_these_values_render(tmp_path: Path) -> None:
    """``db.hostAddress`` is written bare into master.yaml always, and into the GenAI Deployment
    only when GenAI is on: the message says where Helm writes it for these values."""
    text = BASE + 'db:\n  hostAddress: "on"\n  user: u\n  password: Passw0rd-x1\n  name: d\n'
    (off,) = messages(tmp_path, text, "written-bare")
    assert "into master.yaml, and YAML reads it back as the boolean true" in off
    genai = (
        "genai:\n  version: 0.4.0\n  port: 9011\n  messageQueuePort: 6379\n  sharedPVCName: share\n"
        "  extraResourcePoolMetadata: {}\n"
    )
    (on,) = messages(tmp_path, text + genai, "written-bare")
    assert "into master.yaml, templates/genai/genai-deployment.yaml, and" in on


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


EXPONENT = ["float-exponent", "wrong-type"]


def test_a_large_whole_number_the_master_reads_as_a_number_is_the_same_number(tmp_path: Path) -> None:
    """The issue's LDAP ids: written ``1.000001e+06`` into master.yaml, the master reads 1000001
    (it decodes through JSON, which writes the float without an exponent)."""
    text = BASE + "security:\n  defaultTask: {uid: 1000001, gid: 1000001, user: u, group: g}\n"
    assert found(tmp_path, text, (*EXPONENT, "int-range")) == []
    assert found(tmp_path, BASE + "tensorboardTimeout: 1234567\n", EXPONENT) == []
    assert found(tmp_path, BASE.replace("maxSlotsPerPod: 4", "maxSlotsPerPod: 1000000"), EXPONENT) == []


def test_a_large_whole_number_written_into_text_is_refused(tmp_path: Path) -> None:
    """GenAI's hook runs ``GROUP_ID=<agentGroupID>``: the shell gets ``1.000001e+06``."""
    genai = "genai:\n  version: 0.3.0\n  agentGroupID: 1000001\n"
    assert found(tmp_path, BASE + genai, EXPONENT) == [(5, 17, "float-exponent")]
    (message,) = messages(tmp_path, BASE + genai, "float-exponent")
    assert "`1.000001e+06` in text in templates/genai/genai-initialize-shared-fs-permissions.yaml" in message
    assert found(tmp_path, BASE + genai.replace("1000001", '"1000001"'), EXPONENT) == []


def test_a_whole_number_beyond_64_bits_stops_the_master(tmp_path: Path) -> None:
    """From 2**63 up the master cannot decode an integer field (its oracle says so)."""
    big = BASE.replace("maxSlotsPerPod: 4", "maxSlotsPerPod: 1e20")
    assert found(tmp_path, big, ("int-range",)) == [(1, 17, "int-range")]
    assert found(tmp_path, BASE + "tensorboardTimeout: 9223372036854775807\n", ("int-range",)) == [
        (3, 21, "int-range")
    ]
    assert found(tmp_path, BASE + "tensorboardTimeout: 9000000000000000000\n", ("int-range",)) == []


def test_below_a_million_nothing_changes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "tensorboardTimeout: 999999\n", EXPONENT) == []


def test_a_quantity_in_exponent_form_is_the_same_amount_and_renders_as_helm_writes_it(tmp_path: Path) -> None:
    import yaml

    import chartgen

    text = BASE + "db:\n  keepOnUninstall: true\n  storageSize: 1073741824\n  memRequest: 2147483648\n"
    assert found(tmp_path, text, EXPONENT) == []
    stream = chartgen.to_yaml_stream(chartgen.render(chartgen.ValuesText(text)).manifests)
    assert "storage: 1.073741824e+09\n" in stream
    (database,) = [
        d
        for d in yaml.safe_load_all(stream)
        if d and d["kind"] == "Deployment" and "-db-" in d["metadata"]["name"]
    ]
    container = database["spec"]["template"]["spec"]["containers"][0]
    assert container["resources"]["requests"]["memory"] == "2.147483648e+09"
