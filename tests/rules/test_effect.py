"""Schema errors judged by what the chart renders (``chartgen.validation.rules.effect``): the
consumers read the objects, so a value that renders as what it says is a warning, one that is not
rendered a warning, and one that renders as another value ``not-as-written``."""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.diagnostics import Severity
from chartgen.values.load import SetFlags

from .rulecheck import BASE, diagnostics

SCHEMA = ("wrong-type", "invalid-enum", "invalid-format", "out-of-range", "not-as-written")


def judged(tmp_path: Path, text: str, flags: SetFlags | None = None) -> list[tuple[str, Severity, str]]:
    return [
        (d.rule, d.severity, d.message)
        for d in diagnostics(tmp_path, BASE + text, flags=flags)
        if d.rule in SCHEMA
    ]


@pytest.mark.parametrize(
    ("text", "flags", "rule", "severity", "says"),
    [
        # Written ``cluster_name: 1234`` whether text or number: the master's cluster name is 1234.
        ("clusterName: 1234\n", None, "wrong-type", Severity.WARNING, "exactly as `'1234'`"),
        # Helm holds values-file numbers as floats: the name becomes 1.234567e+06.
        ("clusterName: 1234567\n", None, "not-as-written", Severity.ERROR, "writes `1.234567e+06`"),
        ("clusterName: on\n", None, "not-as-written", Severity.ERROR, "a bare `on` is the boolean true"),
        # ``if`` counts any text as true: the claim is disabled.
        ('db:\n  disablePVC: "false"\n', None, "not-as-written", Severity.ERROR, 'string "false" is true'),
        # Azure settings under shared_fs storage: nothing renders them.
        ("checkpointStorage:\n  type: shared_fs\n  container: 4\n", None, "wrong-type", Severity.WARNING,
         "no effect with these values"),
        # Helm writes ``port: 08080`` bare, which go-yaml (Kubernetes, the master) reads as 8080;
        # chartgen writes the same token.
        ("", SetFlags(set=["masterPort=08080"]), "wrong-type", Severity.WARNING, "exactly as `8080`"),
        # Written bare as the number it spells, in its one spelling: read alike by every reader.
        ("", SetFlags(set_string=["masterPort=8443"]), "wrong-type", Severity.WARNING, "works only because"),
        # Written only into master.yaml (quoted): the text meant is what the master reads.
        ("", SetFlags(set=["checkpointStorage.hostPath=8080"]), "wrong-type", Severity.WARNING, "exactly as"),
        # The master casts text to an integer without a word: tasks would run as gid 0.
        ("security:\n  defaultTask:\n    gid: abc\n", None, "not-as-written", Severity.ERROR, "as 0"),
        # The master's viper holds a mapping of nulls as no setting: as if the key were null.
        ("resourcePools:\n  pool_name: null\n", None, "wrong-type", Severity.WARNING, "holds only nulls"),
        # Written bare, read by go-yaml as the 0 meant; ``default 1`` would turn a written 0 into 1.
        ("", SetFlags(set=["checkpointStorage.saveTrialLatest=00"]), "wrong-type", Severity.WARNING,
         "its readers take it as `0`"),
        ("", SetFlags(set=["notebookTimeout=1e3"]), "wrong-type", Severity.WARNING, "exactly as `1000`"),
        # A boolean the chart writes as its text, which the master reads as the text.
        ("", SetFlags(set=["clusterName=true"]), "wrong-type", Severity.WARNING, "exactly as `'true'`"),
        # Helm prints a mapping as Go does; the master takes that text as the network interface.
        ("", SetFlags(set_json=['taskContainerDefaults.dtrainNetworkInterface={"a": 1}']), "not-as-written",
         Severity.ERROR, "as Go prints it, `map[a:1]`"),
        # A section where the templates only test a boolean: ``if`` counts it true.
        ("", SetFlags(set_json=['db.disablePVC={"a": 1}']), "not-as-written", Severity.ERROR, "counts as true"),
        # The API server does not check a pull secret's name; the kubelet passes over what it cannot find.
        ("", SetFlags(set=["imagePullSecretName=a'b"]), "invalid-format", Severity.WARNING,
         "pulls the images without credentials"),
        # A boolean where the chart compares text, used only for its truth: gpu, as unset.
        ("slotType: false\n", None, "wrong-type", Severity.WARNING, "no effect with these values"),
        # Read by nobody without db.sslMode.
        ("db:\n  resourceType: true\n", None, "wrong-type", Severity.WARNING, "no effect with these values"),
        ('', SetFlags(set_json=['db.resourceType={"a": 1}']), "wrong-type", Severity.WARNING, "no effect"),
        # ``default ""`` makes 0 empty before upstream's ``eq``: nothing is written.
        ("", SetFlags(set=["logging.type=0"]), "wrong-type", Severity.WARNING, "no effect with these values"),
        # Printed `map[a:1]`, which the master's cast reads as 0.
        ("", SetFlags(set_json=['security.defaultTask.uid={"a": 1}']), "not-as-written", Severity.ERROR,
         "`map[a:1]` there as 0"),
        # ``if`` takes false as it takes null: the chart's 8Gi request is dropped.
        ("", SetFlags(set=["masterMemRequest=false"]), "wrong-type", Severity.WARNING, "it is false"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_type_is_judged_by_what_the_chart_renders(
    tmp_path: Path, text: str, flags: SetFlags | None, rule: str, severity: Severity, says: str
) -> None:
    ((found, level, message),) = judged(tmp_path, text, flags)
    assert (found, level) == (rule, severity)
    assert says in message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        # YAML reads `&anc` written bare as null: the master's default logging, not an unknown type.
        ('logging:\n  type: "&anc"\n', "`&` at its start is YAML syntax"),
        ('notebookTimeout: "&anc"\n', "`&` at its start is YAML syntax"),
        ('checkpointStorage:\n  saveExperimentBest: "#"\n', "`#` at its start is YAML syntax"),
    ],
)
def test_text_yaml_reads_as_another_value_is_written_bare_s_finding(
    tmp_path: Path, text: str, says: str
) -> None:
    (finding,) = [d for d in diagnostics(tmp_path, BASE + text) if d.is_error]
    assert finding.rule == "written-bare"
    assert says in finding.message


def test_a_consumers_reading_of_the_printed_value_says_more_than_its_type(tmp_path: Path) -> None:
    """The master takes the pool named `map[a:1]`, which no pool has: that is the one error."""
    flags = SetFlags(set_json=['defaultComputeResourcePool={"a": 1}'])
    errors = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.is_error]
    assert [d.rule for d in errors] == ["default-pool-exists"]


def test_no_render_judges_a_value_beside_another_error(tmp_path: Path) -> None:
    """The chart refuses CPU slots without requests: chartgen's render says nothing of Helm's."""
    (finding,) = judged(tmp_path, "slotType: cpu\nslotResourceRequests: 7\n")
    assert finding[:2] == ("wrong-type", Severity.ERROR)


def test_a_number_where_the_chart_compares_text_is_rendered_as_go_refuses_it(tmp_path: Path) -> None:
    """Helm's ``trim`` refuses the number 4 (``defaultScheduler``): the error stands. The database's
    certificate type is trimmed only with database TLS: without it, 4 has no effect."""
    assert judged(tmp_path, "defaultScheduler: 4\n")[0][:2] == ("wrong-type", Severity.ERROR)
    assert judged(tmp_path, "defaultScheduler: info\n")[0][:2] == ("invalid-enum", Severity.WARNING)
    assert judged(tmp_path, "db:\n  resourceType: 4\n")[0][:2] == ("wrong-type", Severity.WARNING)


def test_a_secret_not_as_written_is_not_shown(tmp_path: Path) -> None:
    ((rule, _, message),) = judged(tmp_path, "db:\n  password: 12345678901\n")
    assert rule == "not-as-written" and "12345678901" not in message and "e+10" not in message


def test_an_empty_section_of_the_wrong_kind_renders_as_null(tmp_path: Path) -> None:
    """``if`` counts an empty map false, as it counts null: the chart's pools are not written."""
    ((rule, severity, message),) = judged(tmp_path, "resourcePools: {}\n")
    assert (rule, severity) == ("wrong-type", Severity.WARNING) and "`resourcePools: null`" in message


def test_a_value_beside_text_written_bare_is_still_judged(tmp_path: Path) -> None:
    """written-bare is about how the master reads what Helm writes: the render is still Helm's."""
    flags = SetFlags(set=["db.hostAddress=00"])
    ((rule, severity, _),) = judged(tmp_path, "clusterName: 1234\n", flags)
    assert (rule, severity) == ("wrong-type", Severity.WARNING)


def test_a_format_refused_of_text_written_bare_is_judged_on_what_yaml_reads(tmp_path: Path) -> None:
    """``'q'`` written bare is the name q, which the API takes: that the text changes is
    ``written-bare``'s finding, not a bad name."""
    found = [
        (d.rule, d.severity) for d in diagnostics(tmp_path, BASE + "externalCaCertSecretName: \"'q'\"\n")
    ]
    assert ("written-bare", Severity.ERROR) in found and not [r for r, _ in found if r == "invalid-format"]
