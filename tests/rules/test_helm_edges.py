"""The issue's minimal cases where a value leaves the user's YAML and enters a template.

Each was reproduced with helm 3.17 on top of ``maxSlotsPerPod: 4`` and a valid password; the
differential test (tests/differential) checks the same rules on generated cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.values.load import SetFlags
from tests.support.cli import run_cli

from .rulecheck import BASE, diagnostics, found, messages


def test_a_large_quantity_renders_as_helm_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(BASE + "masterMemRequest: 1073741824\n")
    code, out, _ = run_cli(["render", "-f", str(path)])
    assert code == 0 and "memory: '1.073741824e+09'" in out


@pytest.mark.parametrize(
    "flags",
    [SetFlags(set_json=["maxSlotsPerPod=1000000"]), SetFlags(set_json=["tensorboardTimeout=1234567"])],
)
def test_a_large_integer_from_set_json_is_the_number_the_master_reads(
    tmp_path: Path, flags: SetFlags
) -> None:
    """Helm writes ``1e+06``; the master decodes master.yaml through JSON and reads 1000000."""
    assert found(tmp_path, BASE, ["float-exponent", "int-range", "wrong-type"], flags=flags) == []


def test_set_keeps_digits_with_a_leading_zero_as_text_as_helm_does(tmp_path: Path) -> None:
    """``00`` stays text, which Helm writes bare and go-yaml reads as 0: what 0 draws, it draws."""
    flags = SetFlags(set=["maxSlotsPerPod=00"])
    assert messages(tmp_path, BASE, "wrong-type", flags=flags) == []
    (message,) = messages(tmp_path, BASE, "max-slots-per-pod-positive", flags=flags)
    assert "not `00`, which the master reads as 0:" in message


def test_set_digits_with_a_leading_zero_work_where_go_yaml_reads_the_number_meant(tmp_path: Path) -> None:
    """Helm writes ``port: 08080`` bare; the API server and the master read 8080."""
    (message,) = messages(tmp_path, BASE, "wrong-type", flags=SetFlags(set=["masterPort=08080"]))
    assert "exactly as `8080`, so it works as that" in message


def test_set_digits_every_reader_takes_as_octal_are_not_as_written(tmp_path: Path) -> None:
    """``--set maxSlotsPerPod=010`` stays text; written bare, every YAML reader takes octal 8."""
    (message,) = messages(tmp_path, BASE, "not-as-written", flags=SetFlags(set=["maxSlotsPerPod=010"]))
    assert "YAML reads `8`, not `10`" in message


@pytest.mark.parametrize(("text", "rule"), [('defaultScheduler: " coscheduler "\n', (3, 19))])
def test_a_value_the_chart_trims_is_accepted_with_a_warning(
    tmp_path: Path, text: str, rule: tuple[int, int]
) -> None:
    found_here = [d for d in diagnostics(tmp_path, BASE + text) if d.is_error or d.rule == "untrimmed-value"]
    assert [(d.location.line, d.location.column, d.rule) for d in found_here if d.location] == [
        (*rule, "untrimmed-value")
    ]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('enterpriseEdition: "false"\n', 'the non-empty string "false" is true, not false'),
        ('useNodePortForMaster: "off"\n', 'the non-empty string "off" is true, not false'),
    ],
)
def test_truthiness_is_refused_saying_what_helm_does_with_it(tmp_path: Path, text: str, says: str) -> None:
    rules = ["wrong-type", "not-as-written"]
    assert found(tmp_path, BASE + text, rules) == [(3, text.index(":") + 3, "not-as-written")]
    assert says in messages(tmp_path, BASE + text, "not-as-written")[0]


@pytest.mark.parametrize(
    ("text", "rule", "says"),
    [
        ('logColor: "false"\n', None, ""),
        ('logColor: "no"\n', None, ""),
        ('logColor: "t"\n', None, ""),
        ("logColor: 0\n", "wrong-type", "where 0 counts as unset, so Helm writes the chart's default, true"),
        ("logColor: false\n", "log-color-ignored", 'write logColor: "false"'),
        (
            "logColor: 1\n",
            "not-as-written",
            "YAML reads 1 as a number, which the master reads there as false",
        ),
        (
            'logColor: "1"\n',
            "not-as-written",
            'YAML reads "1" as a number, which the master reads there as false',
        ),
        ('logColor: "nope"\n', "not-as-written", "reads any text but a boolean word there as false"),
    ],
)
def test_log_color_is_judged_by_what_the_master_reads(
    tmp_path: Path, text: str, rule: str | None, says: str
) -> None:
    """The chart writes logColor bare through ``default true``; the master reads it with viper's
    cast (its oracle: a number, or text that is no boolean word, becomes false)."""
    rules = ["wrong-type", "not-as-written", "log-color-ignored"]
    assert [f[2] for f in found(tmp_path, BASE + text, rules)] == ([rule] if rule else [])
    if rule:
        assert says in messages(tmp_path, BASE + text, rule)[0]


def test_a_duplicate_key_says_helm_keeps_the_last_value(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(BASE + "clusterName: a\nclusterName: b\n")
    code, err, _ = run_cli(["lint", str(path)])
    assert code == 1 and f"{path}:4:1: error[yaml-duplicate-key]" in err
    assert "accepts the file and keeps the last value" in err and "refuses" not in err


@pytest.mark.parametrize("word", ["n", "no", "on", "y"])
def test_a_yaml_11_word_where_text_belongs_shows_the_quoted_form(tmp_path: Path, word: str) -> None:
    text = BASE + f"imagePullSecretName: {word}\n"
    # Helm writes true where the word was; false it does not write at all (no effect, a warning).
    rule = "not-as-written" if word in ("on", "y") else "wrong-type"
    assert found(tmp_path, text, ["wrong-type", "not-as-written"]) == [(3, 22, rule)]
    (message,) = messages(tmp_path, text, rule)
    assert "YAML 1.1" in message and f'imagePullSecretName: "{word}"' in message


def test_gpu_type_on_a_pool_points_to_slot_type(tmp_path: Path) -> None:
    text = BASE + "resourcePools:\n  - pool_name: default\n    gpu_type: rocm\n"
    (message,) = messages(tmp_path, text, "misplaced-key")
    assert "slotType: rocm" in message


def test_placeholders_in_kubeconfig_secrets_and_two_in_one_value_are_all_reported(tmp_path: Path) -> None:
    text = BASE + (
        "additional_resource_managers:\n"
        "  - resource_manager:\n"
        "      type: kubernetes\n"
        "      cluster_name: far\n"
        "      max_slots_per_pod: 4\n"
        '      kubeconfig_secret_name: "<name>"\n'
        '      kubeconfig_secret_value: "<value>"\n'
        "    resource_pools:\n"
        "      - pool_name: far\n"
        'clusterName: "${ENV}-${REGION}"\n'
    )
    assert found(tmp_path, text, ["placeholder"]) == [
        (8, 31, "placeholder"),
        (9, 32, "placeholder"),
        (12, 14, "placeholder"),
    ]
    assert "`${ENV}` and `${REGION}` are placeholders" in messages(tmp_path, text, "placeholder")[-1]
