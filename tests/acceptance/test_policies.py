"""House rules in CEL (issue 42): policies in the configuration, rules like the others.

The examples of docs/policies.md are read from the page and run, each with values that pass and
values that fail at the line the page marks; the issue's two examples are among them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import jsonschema
import pytest

import chartgen
from chartgen.validation import cel
from tests.support import process
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "policies.md"
SARIF_SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-2.1.0-rtm.5.json"
#: What every installation needs besides the house rules, appended to each example's values.
REQUIRED = "maxSlotsPerPod: 4\ninitialUserPassword: Example-Passw0rd\n"
REGISTRY = """policies:
  - id: corp-registry
    expression: "values.imageRegistry.startsWith('registry.corp.example/')"
    path: imageRegistry
    message: Determined images come only from registry.corp.example
"""
BAD_REGISTRY = "imageRegistry: docker.io/determinedai\n" + REQUIRED
GOOD_REGISTRY = "imageRegistry: registry.corp.example/determinedai\n" + REQUIRED


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> str:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return name


def lint(*argv: str) -> tuple[int, list[str], str]:
    """Exit code, ``FILE:LINE:COL: severity[rule] message`` of each finding, and standard error."""
    code, out, err = run_cli(["lint", "-q", *argv])
    assert "Traceback" not in out + err
    return code, [line for line in out.splitlines() if not line.startswith("  hint: ")], err


def _examples() -> list[tuple[str, str, str, str]]:
    """``(title, configuration, passing values, failing values)`` of each house rule on the page."""
    text = PAGE.read_text()
    section = text.split("## House rules people write", 1)[1].split("\n## ", 1)[0]
    found = []
    for part in section.split("\n### ")[1:]:
        title = part.splitlines()[0]
        blocks = re.findall(r"```yaml\n(.*?)```", part, re.S)
        assert len(blocks) == 3, title
        found.append((title, *blocks))
    return found


EXAMPLES = _examples()


def test_the_page_documents_every_house_rule_the_issue_names() -> None:
    titles = " ".join(title.lower() for title, *_ in EXAMPLES)
    for subject in (
        "registry",
        "pools",
        "node",
        "loadbalancer",
        "storage",
        "resource requests",
        "checkpoint",
    ):
        assert subject in titles


@pytest.mark.parametrize(("title", "config", "passing", "failing"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_documented_house_rule_passes_and_fails_as_the_page_says(
    title: str, config: str, passing: str, failing: str
) -> None:
    policy = re.search(r"- id: (\S+)", config)
    assert policy is not None
    rule = policy[1]
    write(".chartgen.yaml", config)
    write("passes.yaml", passing + REQUIRED)
    code, found, err = lint("passes.yaml")
    assert (code, found, err) == (0, [], "")
    write("fails.yaml", failing + REQUIRED)
    marked = next(i for i, line in enumerate(failing.splitlines(), 1) if "# finding here" in line)
    code, found, err = lint("fails.yaml")
    ours = [line for line in found if f"[{rule}]" in line]
    assert len(ours) == 1 and ours[0].startswith(f"fails.yaml:{marked}:"), found
    severity = re.search(r"severity: (\w+)", config)
    expected = severity[1] if severity else "error"
    assert f": {expected}[{rule}] " in ours[0]
    assert code == (1 if expected == "error" else 0)
    assert found == ours and err == ""


def test_the_issue_examples_locate_each_finding_and_name_the_object() -> None:
    write(".chartgen.yaml", REGISTRY + EXAMPLES[3][1].removeprefix("policies:\n"))
    write("values.yaml", BAD_REGISTRY + "useNodePortForMaster: false\n")
    code, found, _ = lint("values.yaml")
    assert code == 1
    assert found == [
        "values.yaml:1:1: error[lb-source-ranges] a LoadBalancer Service is open only to the office ranges "
        "(Service determined-master-service-determined)",
        "values.yaml:1:16: error[corp-registry] Determined images come only from registry.corp.example",
    ]


def test_a_path_nobody_wrote_points_at_its_nearest_written_parent() -> None:
    write(
        ".chartgen.yaml",
        "policies:\n  - id: db-class\n    expression: has(values.db.storageClassName)\n"
        "    path: db.storageClassName\n    message: the database names its storage class\n",
    )
    write("values.yaml", REQUIRED + "db:\n  storageSize: 10Gi\n")
    # db's value starts on line 4 (a map is located where its first key is)
    assert lint("values.yaml")[1] == ["values.yaml:4:3: error[db-class] the database names its storage class"]


@pytest.mark.parametrize(
    ("policy", "wanted"),
    [
        (
            "    expression: values.imageRegistry.startsWith('a'\n",
            r"column 36: syntax error: the expression ends too soon",
        ),
        ("    expression: vaules.imageRegistry == 'a'\n", r"column 1: undeclared reference to 'vaules'"),
        (
            "    expression: values.imageRegistry.startswith('a')\n",
            r"column 22: undeclared reference to function 'startswith'",
        ),
        ("    expression: object.kind == 'Service'\n", r"column 1: undeclared reference to 'object'"),
        ("    expression: values.pools.all(p, q.name == 'a')\n", r"column 21: undeclared reference to 'q'"),
        ("    expression: size(values.x) + 'a' == 1\n", r"column 1: no such overload: int \+ string"),
        (
            "    expression: values.x.startsWith(1)\n",
            r"column 21: startsWith needs a string argument, not a int",
        ),
        ("    expression: \"'yes'\"\n", r"column 1: the expression is a string, not a bool"),
        ("    expression: release.name.first == 'a'\n", r"column 14: string has no field 'first'"),
    ],
)
def test_an_expression_that_cannot_run_is_a_usage_error_naming_file_policy_and_column(
    policy: str, wanted: str
) -> None:
    write(".chartgen.yaml", f"policies:\n  - id: house\n    message: m\n{policy}")
    write("values.yaml", GOOD_REGISTRY)
    code, found, err = lint("values.yaml")
    assert code == 2 and found == []
    assert re.search(rf"\.chartgen\.yaml: policies\[0\] \(house\): expression, {wanted}", err), err


@pytest.mark.parametrize(
    ("config", "wanted"),
    [
        (
            "policies:\n  - id: foreign-key\n    expression: 'true'\n    message: m\n",
            "'foreign-key' is a built-in rule's",
        ),
        (
            "policies:\n  - id: a\n    expression: 'true'\n    message: m\n    severity: fatal\n",
            "severity must be error or warning, not 'fatal'",
        ),
        ("policies:\n  - id: a\n    message: m\n", "a policy needs expression"),
        ("policies:\n  - expression: 'true'\n", "a policy needs id and message"),
        (
            "policies:\n  - id: a\n    expression: 'true'\n    message: m\n    when: x\n",
            "unknown field 'when'",
        ),
        ("policies:\n  - id: a b\n    expression: 'true'\n    message: m\n", "id 'a b' must be letters"),
        ("policies:\n  - id: a\n    expression: 'true'\n    message: m\n    kinds: []\n", "kinds must list"),
        (
            "policies:\n  - id: a\n    expression: 'true'\n    message: m\n    path: a..b\n",
            "path 'a..b' is not a values path",
        ),
        (
            "policies:\n  - {id: a, expression: 'true', message: m}\n  - {id: a, expression: 'true', message: other}\n",
            "'a' is given to two policies",
        ),
        ("policies: {id: a}\n", "policies must be a list"),
        (
            "policies:\n  - id: a\n    expression: 'true'\n    message: m\nseverity:\n  b: warning\n",
            "severity: no rule is named 'b'",
        ),
    ],
)
def test_a_malformed_policy_is_a_usage_error(config: str, wanted: str) -> None:
    write(".chartgen.yaml", config)
    write("values.yaml", GOOD_REGISTRY)
    code, found, err = lint("values.yaml")
    assert (code, found) == (2, [])
    assert ".chartgen.yaml" in err and wanted in err, err


def test_an_expression_that_fails_on_these_values_is_a_located_finding() -> None:
    write(
        ".chartgen.yaml",
        "policies:\n  - id: db-class\n    expression: values.db.storageClassName == 'ssd'\n"
        "    path: db.storageClassName\n    message: the database's disks are ssd\n"
        "  - id: not-a-bool\n    expression: values.imageRegistry\n    path: imageRegistry\n    message: m\n",
    )
    write("values.yaml", GOOD_REGISTRY + "db:\n  storageSize: 10Gi\n")
    code, found, _ = lint("values.yaml")
    assert code == 1
    assert found == [
        "values.yaml:1:16: error[not-a-bool] the policy could not be judged: the expression gave a string, "
        "not a bool: a policy passes when it is true",
        "values.yaml:5:3: error[db-class] the policy could not be judged: the expression failed: "
        "no such member in mapping: 'storageClassName'",
    ]


def test_numbers_compare_by_value_whatever_yaml_made_of_them() -> None:
    write(
        ".chartgen.yaml", "policies:\n  - {id: cpu, expression: 'values.masterCpuRequest == 2', message: m}\n"
    )
    write("values.yaml", REQUIRED + "masterCpuRequest: 2.0\n")
    assert lint("values.yaml")[:2] == (0, [])


def test_a_runaway_expression_stops_in_bounded_time_with_a_finding_naming_the_policy(tmp_path: Path) -> None:
    """Pools nested in themselves three deep over 3,000 pools: 2.7e10 steps unbounded."""
    write(
        ".chartgen.yaml",
        "policies:\n  - id: unique-pools\n    path: resourcePools\n    message: pool names are unique\n"
        "    expression: >-\n      values.resourcePools.all(a, values.resourcePools.all(b,"
        " values.resourcePools.exists(c, a.pool_name != b.pool_name || c == a)))\n",
    )
    pools = "".join(f"  - pool_name: team-{i}\n" for i in range(3000))
    write("values.yaml", REQUIRED + "resourcePools:\n" + pools)
    done = process.run(
        [*process.CHARTGEN, "lint", "values.yaml"], limits=process.Limits(cpu=20), cwd=tmp_path
    )
    assert done.code == 1, done.text
    assert "Traceback" not in done.text
    assert (
        "\nvalues.yaml:4:3: error[unique-pools] the policy could not be judged: evaluating the expression would "
        f"cost more than CEL's bound of {cel.COST_LIMIT:,}"
    ) in done.out
    assert done.cpu < 10


@pytest.mark.parametrize(
    "text",
    [
        "values.l.map(x, values.s + values.s).size() > 0",  # strings doubled, a list of them
        "values.l.all(x, x in values.l)",  # a scan of the list per item
        "values.l.map(x, values.l + values.l).size() > 0",  # lists copied per item
    ],
)
def test_the_cost_of_an_operation_grows_with_what_it_reads(text: str) -> None:
    program = cel.compile(text, {"values": "dyn"})
    values = {"values": cel.to_cel({"l": list(range(3000)), "s": "x" * 100_000})}
    with pytest.raises(cel.CostExceeded):
        program.evaluate(values)


def test_a_policy_over_a_few_hundred_pools_stays_within_the_bound() -> None:
    program = cel.compile("values.l.all(p, p.pool_name.matches('^team-[0-9]+$'))", {"values": "dyn"})
    assert program.evaluate({"values": cel.to_cel({"l": [{"pool_name": f"team-{i}"} for i in range(500)]})})


def test_suppression_select_ignore_severity_and_strict_treat_a_policy_as_a_rule() -> None:
    write(".chartgen.yaml", REGISTRY)
    write("values.yaml", BAD_REGISTRY)
    assert lint("values.yaml", "--ignore", "corp-registry")[:2] == (0, [])
    assert lint("values.yaml", "--select", "corp-*")[0] == 1
    assert lint("values.yaml", "--select", "corp-registry")[1] == [
        "values.yaml:1:16: error[corp-registry] Determined images come only from registry.corp.example"
    ]
    code, _, err = lint("values.yaml", "--select", "corp-registri")
    assert code == 2 and "no rule is named 'corp-registri'" in err
    write("values.yaml", BAD_REGISTRY.replace("\n", "  # chartgen: ignore[corp-registry]\n", 1))
    assert lint("values.yaml")[:2] == (0, [])
    write("values.yaml", GOOD_REGISTRY.replace("\n", "  # chartgen: ignore[corp-registry]\n", 1))
    assert lint("values.yaml")[1] == [
        "values.yaml:1:52: warning[unused-suppression] this suppression ignore[corp-registry] suppresses nothing here: remove it"
    ]
    write(".chartgen.yaml", REGISTRY + "severity:\n  corp-registry: warning\n")
    write("values.yaml", BAD_REGISTRY)
    assert lint("values.yaml") == (
        0,
        ["values.yaml:1:16: warning[corp-registry] Determined images come only from registry.corp.example"],
        "",
    )
    assert lint("values.yaml", "--strict")[0] == 1
    write(".chartgen.yaml", REGISTRY + "ignore: [corp-registry]\n")
    assert lint("values.yaml")[:2] == (0, [])


def test_an_override_scopes_a_policy_to_some_paths_and_may_replace_one() -> None:
    write(".chartgen.yaml", "overrides:\n  - paths: [prod/*.yaml]\n    " + REGISTRY.replace("\n", "\n    "))
    write("prod/values.yaml", BAD_REGISTRY)
    write("dev/values.yaml", BAD_REGISTRY)
    assert lint("prod/values.yaml", "dev/values.yaml")[1] == [
        "prod/values.yaml:1:16: error[corp-registry] Determined images come only from registry.corp.example"
    ]
    write(
        ".chartgen.yaml",
        REGISTRY
        + "overrides:\n  - paths: [dev/*.yaml]\n    policies:\n      - id: corp-registry\n"
        + "        expression: \"values.imageRegistry.startsWith('docker.io/')\"\n        message: dev pulls from Docker Hub\n",
    )
    assert lint("prod/values.yaml", "dev/values.yaml")[1] == [
        "prod/values.yaml:1:16: error[corp-registry] Determined images come only from registry.corp.example"
    ]


def test_every_format_reports_a_policy_and_sarif_describes_it_by_its_message() -> None:
    write(".chartgen.yaml", REGISTRY)
    write("values.yaml", BAD_REGISTRY)
    code, out, _ = run_cli(["lint", "--format", "json", "values.yaml"])
    assert code == 1 and [row["rule"] for row in json.loads(out)] == ["corp-registry"]
    code, out, _ = run_cli(["lint", "--format", "github", "values.yaml"])
    assert out.startswith("::error file=values.yaml,line=1,col=16,title=chartgen (corp-registry)::Determined")
    code, out, _ = run_cli(["lint", "--format", "sarif", "values.yaml"])
    log = json.loads(out)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    (rule,) = log["runs"][0]["tool"]["driver"]["rules"]
    assert rule["id"] == "corp-registry"
    assert rule["shortDescription"]["text"] == "Determined images come only from registry.corp.example"
    assert "values.imageRegistry.startsWith('registry.corp.example/')" in rule["fullDescription"]["text"]


def test_chartgen_rule_explains_a_policy_of_the_nearest_or_the_given_configuration(tmp_path: Path) -> None:
    write("gitops/.chartgen.yaml", REGISTRY)
    code, out, _ = run_cli(["rule", "corp-registry", "--config", "gitops/.chartgen.yaml"])
    assert code == 0
    assert out.startswith(
        "corp-registry\n\nDetermined images come only from registry.corp.example\n\nA house rule of "
    )
    assert "`values.imageRegistry.startsWith('registry.corp.example/')`" in out
    assert run_cli(["rule", "corp-registry"])[0] == 2
    code, out, _ = run_cli(["rule", "--list", "--config", "gitops/.chartgen.yaml"])
    assert "corp-registry" in out
    done = process.run(
        [*process.CHARTGEN, "rule", "corp-registry"], limits=process.Limits(), cwd=tmp_path / "gitops"
    )
    assert done.code == 0 and done.out.startswith("corp-registry\n")


def test_the_library_check_treats_a_policy_as_a_rule() -> None:
    write(".chartgen.yaml", REGISTRY)
    write("values.yaml", BAD_REGISTRY)
    result = chartgen.check(["values.yaml"])
    assert [(d.rule, d.location.line if d.location else None) for d in result.diagnostics] == [
        ("corp-registry", 1)
    ]
    assert not result.ok
    assert chartgen.check(["values.yaml"], ignore=["corp-registry"]).ok
    assert [d.rule for d in chartgen.check(["values.yaml"], select=["corp-registry"]).diagnostics] == [
        "corp-registry"
    ]
    with pytest.raises(chartgen.UsageError, match=r"^select: no rule is named 'corp-registri'$"):
        chartgen.check(["values.yaml"], select=["corp-registri"])
    rules = chartgen.rules_for(["values.yaml"])
    assert rules["corp-registry"].doc.startswith("Determined images come only from registry.corp.example\n\n")
    assert "foreign-key" in rules


def test_a_configuration_without_policies_never_imports_the_cel_library(tmp_path: Path) -> None:
    write("values.yaml", GOOD_REGISTRY)
    probe = "import sys, chartgen; chartgen.check(['values.yaml']); print('celpy' in sys.modules)"
    done = process.run([sys.executable, "-c", probe], limits=process.Limits(), cwd=tmp_path)
    assert done.out.strip() == "False", done.text
