"""Structural rules: for each, values that pass and values that fail at an exact (line, col).

Every snippet follows ``BASE`` (two lines), so its first line is line 3.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from chartgen import api
from chartgen.diagnostics import Severity
from chartgen.releases import SUPPORTED
from chartgen.validation.runner import run_rules
from chartgen.validation.schema_walk import Walker, release_schema
from chartgen.values.load import SetFlags, load_values
from tests.support.corpus import CASES, ROOT

from .rulecheck import BASE, diagnostics, found, messages

REAL_WORLD = ROOT / "tests" / "data" / "real-world"

RULES = [
    "unknown-key", "foreign-key", "misplaced-key", "key-not-in-release", "wrong-type", "invalid-enum",
    "out-of-range", "invalid-format", "quantity-unit", "placeholder", "missing-key", "no-effect",
    "untrimmed-value", "not-as-written",
]  # fmt: skip


def lint(tmp_path: Path, text: str, release: str = "0.38.1") -> list[tuple[int, int, str]]:
    return found(tmp_path, BASE + text, RULES, release=release)


def only(tmp_path: Path, text: str, release: str = "0.38.1") -> tuple[str, Severity]:
    """The message and severity of the single structural finding of ``text``."""
    (finding,) = [d for d in diagnostics(tmp_path, BASE + text, release=release) if d.rule in RULES]
    return finding.message, finding.severity


# ---------------------------------------------------------------------------- unknown-key


def test_known_keys_pass(tmp_path: Path) -> None:
    assert lint(tmp_path, "slotType: cpu\nslotResourceRequests:\n  cpu: 2\n") == []


def test_unknown_key_suggests_the_camel_case_name(tmp_path: Path) -> None:
    assert lint(tmp_path, "slot_type: rocm\n") == [(3, 1, "unknown-key")]
    message, severity = only(tmp_path, "slot_type: rocm\n")
    assert "did you mean `slotType`?" in message and "Helm ignores it" in message
    assert severity is Severity.WARNING  # it has no effect; a strict master section refuses it (below)


def test_an_unknown_key_where_the_master_refuses_it_is_an_error(tmp_path: Path) -> None:
    text = (
        "additional_resource_managers:\n- resource_manager: {type: kubernetes, cluster_name: b,"
        " kubeconfig_secret_name: k, kubeconfig_secret_value: c, max_slots_per_pod: 2, bogus: 1}\n"
        "  resource_pools: [{pool_name: p}]\n"
    )
    message, severity = only(tmp_path, text)
    assert "unknown key `bogus`" in message and "refuses to start" in message
    assert severity is Severity.ERROR


def test_unknown_nested_key_suggests_a_near_spelling(tmp_path: Path) -> None:
    assert lint(tmp_path, "db:\n  storgeSize: 10Gi\n") == [(4, 3, "unknown-key")]
    assert "did you mean `storageSize`?" in only(tmp_path, "db:\n  storgeSize: 10Gi\n")[0]


def test_unknown_key_near_a_moved_one_explains_where_it_belongs(tmp_path: Path) -> None:
    message, _ = only(tmp_path, "db:\n  hostname: pg.example.com\n")
    assert "db.hostAddress" in message


def test_unknown_key_in_a_resource_pool_is_dropped_by_the_master(tmp_path: Path) -> None:
    text = "resourcePools:\n  - pool_name: rocm-pool\n    gpu_kind: rocm\n"
    assert lint(tmp_path, text) == [(5, 5, "unknown-key")]
    assert "silently drops" in only(tmp_path, text)[0]


def test_camel_case_in_a_pool_suggests_the_masters_snake_case(tmp_path: Path) -> None:
    text = "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n      gpuPodSpec: {}\n"
    assert lint(tmp_path, text) == [(6, 7, "unknown-key")]
    assert "did you mean `gpu_pod_spec`?" in only(tmp_path, text)[0]


def test_unknown_key_in_a_resource_manager_stops_the_master(tmp_path: Path) -> None:
    text = (
        "additional_resource_managers:\n"
        "  - resource_manager:\n"
        "      type: kubernetes\n"
        "      cluster_name: far\n"
        "      max_slots_per_pod: 1\n"
        "      kubeconfig_secret_name: far-rm\n"
        "      kubeconfig_secret_value: config\n"
        "      namespace: far-jobs\n"
        "    resource_pools:\n"
        "      - pool_name: far_pool\n"
    )
    assert lint(tmp_path, text) == [(10, 7, "unknown-key")]
    message, _ = only(tmp_path, text)
    assert "refuses to start" in message and "did you mean `default_namespace`?" in message


def test_a_set_flag_is_located_at_the_flag(tmp_path: Path) -> None:
    flags = SetFlags(set=["slot_type=cpu"])
    (finding,) = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.rule in RULES]
    assert (finding.rule, finding.location and finding.location.file) == ("unknown-key", "--set")


# ---------------------------------------------------------------------------- foreign-key


def test_helm_global_values_pass(tmp_path: Path) -> None:
    assert lint(tmp_path, "global:\n  storageClass: ssd\n") == []


def test_another_charts_key_is_a_warning(tmp_path: Path) -> None:
    assert lint(tmp_path, "pachyderm:\n  enabled: true\n") == [(3, 1, "foreign-key")]
    assert only(tmp_path, "pachyderm:\n  enabled: true\n")[1] is Severity.WARNING


def test_an_umbrella_block_is_recognised(tmp_path: Path) -> None:
    text = "determined:\n  maxSlotsPerPod: 8\n"
    assert lint(tmp_path, text) == [(3, 1, "foreign-key")]
    assert "lint the `determined` block on its own" in only(tmp_path, text)[0]


# ---------------------------------------------------------------------------- misplaced-key


def test_pool_max_slots_under_kubernetes_passes(tmp_path: Path) -> None:
    text = (
        "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n"
        "      kubernetes:\n        max_slots_per_pod: 8\n"
    )
    assert lint(tmp_path, text) == []


def test_pool_namespace_is_refused_with_the_reason(tmp_path: Path) -> None:
    text = "resourcePools:\n  - pool_name: a\n    kubernetes_namespace: team-a\n"
    assert lint(tmp_path, text) == [(5, 5, "misplaced-key")]
    assert "bound to workspaces" in only(tmp_path, text)[0]


def test_a_pool_gpu_type_points_to_slot_type(tmp_path: Path) -> None:
    text = "resourcePools:\n  - pool_name: a\n    gpu_type: rocm\n"
    assert lint(tmp_path, text) == [(5, 5, "misplaced-key")]
    assert "slotType: rocm" in only(tmp_path, text)[0]


def test_pool_max_slots_belongs_under_task_container_defaults(tmp_path: Path) -> None:
    text = "resourcePools:\n  - pool_name: a\n    max_slots_per_pod: 8\n"
    assert lint(tmp_path, text) == [(5, 5, "misplaced-key")]
    assert "task_container_defaults.kubernetes.max_slots_per_pod" in only(tmp_path, text)[0]


def test_master_resource_manager_at_the_top_level(tmp_path: Path) -> None:
    text = "resource_manager:\n  default_compute_resource_pool: gpu\n"
    assert lint(tmp_path, text) == [(3, 1, "misplaced-key")]
    assert "defaultComputeResourcePool" in only(tmp_path, text)[0]


def test_master_only_task_settings_are_explained(tmp_path: Path) -> None:
    text = "taskContainerDefaults:\n  shm_size_bytes: 8589934592\n"
    assert lint(tmp_path, text) == [(4, 3, "misplaced-key")]
    assert "resourcePools[].task_container_defaults.shm_size_bytes" in only(tmp_path, text)[0]


# ---------------------------------------------------------------------------- key-not-in-release


def test_master_service_passes_where_it_exists(tmp_path: Path) -> None:
    assert lint(tmp_path, "masterService:\n  annotations:\n    a: b\n", "0.38.1") == []


def test_master_service_is_not_read_by_0_35(tmp_path: Path) -> None:
    text = "masterService:\n  annotations:\n    a: b\n"
    assert lint(tmp_path, text, "0.35.0") == [(3, 1, "key-not-in-release")]
    assert "(it is read from 0.36.0 on)" in only(tmp_path, text, "0.35.0")[0]


def test_renamed_master_key_names_the_new_one(tmp_path: Path) -> None:
    text = (
        "additional_resource_managers:\n"
        "  - resource_manager:\n"
        "      type: kubernetes\n"
        "      determined_master_ip: 10.1.2.3\n"
    )
    assert lint(tmp_path, text, "0.35.0") == []
    assert lint(tmp_path, text, "0.38.1") == [(6, 7, "key-not-in-release")]
    message, _ = only(tmp_path, text, "0.38.1")
    assert "determined_master_host" in message and "refuses to start" in message


# ---------------------------------------------------------------------------- wrong-type


def test_booleans_pass(tmp_path: Path) -> None:
    assert lint(tmp_path, "enterpriseEdition: false\n") == []


def test_quoted_boolean_is_an_error(tmp_path: Path) -> None:
    assert lint(tmp_path, 'enterpriseEdition: "false"\n') == [(3, 20, "not-as-written")]
    assert 'the non-empty string "false" is true' in only(tmp_path, 'enterpriseEdition: "false"\n')[0]


def test_quoted_number_in_the_charts_values_is_a_warning(tmp_path: Path) -> None:
    assert lint(tmp_path, 'masterPort: "8443"\n') == [(3, 13, "wrong-type")]
    assert only(tmp_path, 'masterPort: "8443"\n')[1] is Severity.WARNING


def test_quoted_number_copied_to_the_master_is_an_error(tmp_path: Path) -> None:
    text = (
        "resourcePools:\n  - pool_name: a\n    task_container_defaults:\n"
        '      kubernetes:\n        max_slots_per_pod: "8"\n'
    )
    assert lint(tmp_path, text) == [(7, 28, "wrong-type")]
    message, severity = only(tmp_path, text)
    assert severity is Severity.ERROR and "master cannot read" in message


def test_a_scalar_where_a_section_belongs(tmp_path: Path) -> None:
    assert lint(tmp_path, "checkpointStorage: s3\n") == [(3, 20, "wrong-type")]


def test_annotation_values_must_be_strings(tmp_path: Path) -> None:
    assert lint(tmp_path, 'masterService:\n  annotations:\n    a: "true"\n') == []
    assert lint(tmp_path, "masterService:\n  annotations:\n    a: true\n") == [(5, 8, "wrong-type")]


def test_a_bare_log_action_is_explained_for_0_35(tmp_path: Path) -> None:
    text = "taskContainerDefaults:\n  logPolicies:\n    - pattern: OOM\n      action: cancel_retries\n"
    assert lint(tmp_path, text, "0.38.1") == []
    assert lint(tmp_path, text, "0.35.0") == [(6, 15, "wrong-type")]
    assert "only as a mapping" in only(tmp_path, text, "0.35.0")[0]


# ---------------------------------------------------------------------------- invalid-enum


def test_scheduler_choices_per_release(tmp_path: Path) -> None:
    assert lint(tmp_path, "defaultScheduler: coscheduler\n") == []
    assert lint(tmp_path, "defaultScheduler: preemption\n", "0.35.0") == []
    for release in ("0.36.0", "0.37.0", "0.38.0", "0.38.1"):
        assert lint(tmp_path, "defaultScheduler: preemption\n", release) == [(3, 19, "no-effect")]
    assert "silently ignores it" in only(tmp_path, "defaultScheduler: preemption\n")[0]


def test_log_level_is_case_insensitive_but_closed(tmp_path: Path) -> None:
    assert lint(tmp_path, "logLevel: INFO\n") == []
    assert lint(tmp_path, "logLevel: verbose\n") == [(3, 11, "invalid-enum")]


def test_storage_type(tmp_path: Path) -> None:
    assert lint(tmp_path, "checkpointStorage:\n  type: gcs\n  bucket: b\n") == []
    assert lint(tmp_path, "checkpointStorage:\n  type: minio\n") == [(4, 9, "invalid-enum")]


# ---------------------------------------------------------------------------- out-of-range


def test_ports(tmp_path: Path) -> None:
    assert lint(tmp_path, "masterPort: 8443\n") == []
    assert lint(tmp_path, "masterPort: 80800\n") == [(3, 13, "out-of-range")]
    assert "between 1 and 65535" in only(tmp_path, "masterPort: 80800\n")[0]


def test_max_slots_bounds_are_left_to_their_own_rule(tmp_path: Path) -> None:
    assert found(tmp_path, "maxSlotsPerPod: 0\ninitialUserPassword: Corpus-Passw0rd\n", RULES) == []


# ---------------------------------------------------------------------------- invalid-format


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("db:\n  storageClassName: Fast_SSD\n", (4, 21)),
        ("db:\n  memRequest: 8GB\n", (4, 15)),
        ("loadBalancerSourceRanges:\n  - 10.0.0.0/33\n", (4, 5)),
        ("checkpointStorage:\n  endpointUrl: minio:9000\n", (4, 16)),
        ("resourceManager:\n  defaultNamespace: Team_A\n", (4, 21)),
    ],
)
def test_malformed_values(tmp_path: Path, text: str, position: tuple[int, int]) -> None:
    assert lint(tmp_path, text) == [(*position, "invalid-format")]


def test_well_formed_values(tmp_path: Path) -> None:
    text = (
        "db:\n  storageClassName: fast-ssd\n  memRequest: 8Gi\n  cpuRequest: 500m\n"
        "  hostAddress: pg.example.com\n"
        "loadBalancerSourceRanges:\n  - 10.0.0.0/8\n"
        "checkpointStorage:\n  endpointUrl: http://minio:9000\n"
        "resourceManager:\n  defaultNamespace: team-a\n"
    )
    assert lint(tmp_path, text) == []


def test_gigabytes_get_a_hint(tmp_path: Path) -> None:
    assert "write 8Gi or 8G" in only(tmp_path, "db:\n  memRequest: 8GB\n")[0]


# ---------------------------------------------------------------------------- quantity-unit


def test_memory_without_a_unit(tmp_path: Path) -> None:
    assert lint(tmp_path, "db:\n  memRequest: 2Gi\n") == []
    assert lint(tmp_path, "db:\n  memRequest: 2\n") == [(4, 15, "quantity-unit")]
    assert only(tmp_path, "db:\n  memRequest: 2\n")[1] is Severity.WARNING


def test_milli_bytes_as_a_limit_is_an_error(tmp_path: Path) -> None:
    assert lint(tmp_path, "masterMemLimit: 512m\n") == [(3, 17, "quantity-unit")]
    message, severity = only(tmp_path, "masterMemLimit: 512m\n")
    assert severity is Severity.ERROR and "512Mi" in message


# ---------------------------------------------------------------------------- placeholder


def test_placeholder_in_a_value(tmp_path: Path) -> None:
    text = "checkpointStorage:\n  type: s3\n  bucket: ${MLDE_BUCKET_NAME}\n"
    assert lint(tmp_path, text) == [(5, 11, "placeholder")]
    assert "`${MLDE_BUCKET_NAME}`" in only(tmp_path, text)[0]


def test_documentation_placeholder(tmp_path: Path) -> None:
    text = "checkpointStorage:\n  hostPath: /mnt/<cluster-name>/checkpoints\n"
    assert lint(tmp_path, text) == [(4, 13, "placeholder")]


def test_placeholder_in_a_pod_spec(tmp_path: Path) -> None:
    text = "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n      serviceAccountName: ${local.ksa}\n"
    assert lint(tmp_path, text) == [(6, 27, "placeholder")]


def test_shell_variables_in_free_text_pass(tmp_path: Path) -> None:
    assert lint(tmp_path, 'taskContainerDefaults:\n  startupHook: "echo ${HOME} > /tmp/x"\n') == []
    text = "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n      containers:\n        - args:\n            - echo ${HOME}\n"
    assert lint(tmp_path, text) == []


def test_secret_placeholders_are_not_echoed(tmp_path: Path) -> None:
    text = "db:\n  password: ${RDS_ADMIN_PASSWORD}\n"
    assert lint(tmp_path, text) == [(4, 13, "placeholder")]
    assert "RDS_ADMIN_PASSWORD" not in only(tmp_path, text)[0]


# ---------------------------------------------------------------------------- missing-key


def test_node_groups_need_gpus(tmp_path: Path) -> None:
    assert lint(tmp_path, "cluster:\n  nodes:\n    - name: a100\n      gpus: 8\n") == []
    assert lint(tmp_path, "cluster:\n  nodes:\n    - name: a100\n") == [(5, 7, "missing-key")]
    assert "needs `gpus`" in only(tmp_path, "cluster:\n  nodes:\n    - name: a100\n")[0]


# ---------------------------------------------------------------------------- no-effect


def test_agent_only_pool_setting(tmp_path: Path) -> None:
    assert lint(tmp_path, "resourcePools:\n  - pool_name: a\n") == []
    text = "resourcePools:\n  - pool_name: a\n    max_aux_containers_per_agent: 1\n"
    assert lint(tmp_path, text) == [(5, 5, "no-effect")]
    assert only(tmp_path, text)[1] is Severity.WARNING


def test_fluent_is_unused(tmp_path: Path) -> None:
    assert lint(tmp_path, "fluent:\n  image: fluent/fluent-bit:1.9\n") == [(3, 1, "no-effect")]


def test_pools_need_a_name(tmp_path: Path) -> None:
    assert lint(tmp_path, "resourcePools:\n  - description: big GPUs\n") == [(4, 5, "missing-key")]
    assert lint(tmp_path, 'resourcePools:\n  - pool_name: ""\n') == [(4, 16, "missing-key")]


def test_additional_resource_managers_are_kubernetes(tmp_path: Path) -> None:
    text = "additional_resource_managers:\n  - resource_manager:\n      type: agent\n"
    assert lint(tmp_path, text) == [(5, 13, "invalid-enum")]
    text = "additional_resource_managers:\n  - resource_manager:\n      cluster_name: far\n"
    assert lint(tmp_path, text) == [(5, 7, "missing-key")]


# ---------------------------------------------------------------------------- corpus and real files


def _valid_cases() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/expected.yaml"))


@pytest.mark.parametrize("case", _valid_cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_valid_corpus_values_have_no_structural_errors(case: Path) -> None:
    meta = yaml.safe_load((case / "case.yaml").read_text())
    flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
    loaded = load_values([str(case / "values.yaml")], app_version=meta["chart_version"], flags=flags)
    errors = [d for d in run_rules(loaded) if d.rule in RULES and d.is_error]
    assert errors == []


@pytest.mark.parametrize("release", SUPPORTED)
def test_real_world_files_get_located_diagnostics(release: str) -> None:
    for path in sorted(REAL_WORLD.glob("*.yaml")):
        result = api.lint([str(path)], app_version=release)
        assert result.diagnostics, path.name
        for d in result.diagnostics:
            assert d.location is not None and d.location.file == str(path), (path.name, d)


# ---------------------------------------------------------------------------- the walker against jsonschema

# Findings that correspond to JSON Schema keywords (formats, placeholders and
# no-effect notes are the walker's own).
KEYWORD_RULES = {
    "wrong-type", "invalid-enum", "out-of-range", "unknown-key", "foreign-key", "misplaced-key",
    "key-not-in-release", "missing-key",
}  # fmt: skip

RICH = {
    "maxSlotsPerPod": 4,
    "logLevel": "debug",
    "masterPort": 8443,
    "db": {"hostAddress": "10.0.0.1", "port": 6543, "sslMode": "verify-ca", "memLimit": "4Gi"},
    "checkpointStorage": {"type": "s3", "bucket": "b", "saveTrialBest": 2},
    "taskContainerDefaults": {
        "cpuPodSpec": {"spec": {"containers": [{"name": "determined-container"}]}},
        "logPolicies": [{"pattern": "OOM", "action": {"type": "cancel_retries"}}],
    },
    "resourcePools": [
        {"pool_name": "default"},
        {
            "pool_name": "gpu",
            "task_container_defaults": {"kubernetes": {"max_slots_per_pod": 8}, "image": "x"},
        },
    ],
    "additional_resource_managers": [
        {"resource_manager": {"type": "kubernetes", "cluster_name": "far", "max_slots_per_pod": 2}}
    ],
    "security": {"defaultTask": {"uid": 1000, "user": "u"}, "authz": {"type": "rbac"}},
    "loadBalancerSourceRanges": ["10.0.0.0/8"],
    "genai": {"version": "0.4.0", "port": 9011, "extraResourcePoolMetadata": {"gpu": {"gpu_type": "A100"}}},
    "cluster": {"nodes": [{"name": "a100", "gpus": 8, "count": 2}]},
}


def _keyword_schema(release: str) -> dict[str, Any]:
    """The release's schema without the two annotations that relax plain JSON Schema, and with
    the third, ``x-empty-is-default``, said in it: text the master reads as a boolean word."""
    from chartgen.yamlio.resolve import BOOLEAN_TEXT

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            kept = {k: strip(v) for k, v in node.items() if k not in ("x-checked-by", "x-case-insensitive")}
            if kept.get("x-empty-is-default"):
                kept["anyOf"] = [{"type": kept.pop("type")}, {"type": "string", "pattern": BOOLEAN_TEXT}]
            return kept
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    return strip(release_schema(release))  # type: ignore[no-any-return]


SCHEMA = {r: _keyword_schema(r) for r in SUPPORTED}
VALIDATORS = {r: jsonschema.Draft202012Validator(SCHEMA[r]) for r in SUPPORTED}


def _walker_accepts(values: Any, release: str) -> bool:
    findings = Walker(SCHEMA[release], release).run(values)
    return not any(f.rule in KEYWORD_RULES or f.data.get("keyword") == "pattern" for f in findings)


def _bases() -> list[tuple[str, dict[str, Any]]]:
    bases = [(r, RICH) for r in SUPPORTED]
    for case in _valid_cases():
        meta = yaml.safe_load((case / "case.yaml").read_text())
        bases.append((meta["chart_version"], yaml.safe_load((case / "values.yaml").read_text()) or {}))
    return bases


BASES = _bases()


@pytest.mark.parametrize(("release", "values"), BASES)
def test_walker_and_jsonschema_accept_the_same_valid_values(release: str, values: dict[str, Any]) -> None:
    assert VALIDATORS[release].is_valid(values)
    assert _walker_accepts(values, release)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


WORDS = [
    "kubernetes",
    "coscheduler",
    "preemption",
    "s3",
    "8Gi",
    "500m",
    "default",
    "pool_name",
    "gpus",
    "name",
]
SCALARS = (
    st.none() | st.booleans() | st.integers(-3, 70000) | st.floats(-10, 10) | st.sampled_from(WORDS)
    | st.text(max_size=6)
)  # fmt: skip
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(WORDS), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_walker_agrees_with_jsonschema_on_mutated_values(data: st.DataObject) -> None:
    release, base = data.draw(st.sampled_from(BASES))
    values = copy.deepcopy(base)
    path = data.draw(st.sampled_from(_paths(values)[1:]))
    parent = values
    for part in path[:-1]:
        parent = parent[part]
    if isinstance(parent, dict) and data.draw(st.booleans()):
        parent[data.draw(st.sampled_from([*WORDS, "enabled", "pool", "type"]))] = data.draw(JSON)
    else:
        parent[path[-1]] = data.draw(JSON)
    assert VALIDATORS[release].is_valid(values) == _walker_accepts(values, release), values


# ---------------------------------------------------------------------------- untrimmed-value


def test_choices_the_chart_trims_work_with_blanks_and_get_a_warning(tmp_path: Path) -> None:
    # helm 3.17 renders the coscheduler and the ConfigMap certificate for these (the chart trims).
    text = 'defaultScheduler: " coscheduler "\n'
    assert lint(tmp_path, text) == [(3, 19, "untrimmed-value")]
    assert only(tmp_path, text)[0].endswith("write `coscheduler`")
    assert lint(tmp_path, "defaultScheduler: coscheduler\n") == []
    db = "db:\n  hostAddress: h\n  sslMode: verify-ca\n  sslRootCert: c.crt\n  certResourceName: certs\n"
    assert lint(tmp_path, db + '  resourceType: "configMap "\n') == [(8, 17, "untrimmed-value")]
    # Blanks do not make an unknown choice valid.
    assert lint(tmp_path, 'defaultScheduler: " cosched "\n') == [(3, 19, "invalid-enum")]


@pytest.mark.parametrize(
    ("word", "value"), [("n", "false"), ("on", "true"), ("Yes", "true"), ("off", "false")]
)
def test_a_yaml_1_1_word_where_text_belongs_is_explained_in_the_users_words(
    tmp_path: Path, word: str, value: str
) -> None:
    text = BASE + f"clusterName: {word}\n"
    # True is written (``cluster_name: true``), which is not the text; false is not written at all.
    rule = "not-as-written" if value == "true" else "wrong-type"
    assert found(tmp_path, text, ["wrong-type", "not-as-written"]) == [(3, 14, rule)]
    (message,) = messages(tmp_path, text, rule)
    assert f"a bare `{word}` is the boolean {value}" in message and f'clusterName: "{word}"' in message


@pytest.mark.parametrize(
    "line",
    [
        'useNodePortForMaster: "true"',
        'observability: {enable_prometheus: "false"}',
        'telemetry: {enabled: "off"}',
    ],
)
def test_text_the_chart_renders_as_the_boolean_it_spells_is_what_was_meant(tmp_path: Path, line: str) -> None:
    """``"true"`` passes ``if`` as true does; ``"false"`` written bare into master.yaml is read false:
    a warning that says so (the schema, and editors, still want the boolean), not an error."""
    (finding,) = [d for d in diagnostics(tmp_path, BASE + line + "\n") if d.rule == "wrong-type"]
    assert finding.severity is Severity.WARNING
    assert (
        "exactly as `true`, so it works as that" in finding.message or "exactly as `false`" in finding.message
    )


def test_a_secret_word_is_not_quoted_back(tmp_path: Path) -> None:
    (message,) = messages(tmp_path, BASE + "db:\n  password: yes\n", "not-as-written")
    assert "yes" not in message


@pytest.mark.parametrize(
    ("line", "truth"),
    [
        ('enterpriseEdition: "false"', 'the non-empty string "false" is true'),
        ("logColor: 0", "where 0 counts as unset, so Helm writes the chart's default, true"),
        ('useNodePortForMaster: "nope"', "where a template tests it with `if` it counts as true"),
    ],
)
def test_a_non_boolean_where_a_boolean_belongs_says_what_helm_makes_of_it(
    tmp_path: Path, line: str, truth: str
) -> None:
    text = BASE + line + "\n"
    (rule,) = [
        rule for _, _, rule in found(tmp_path, text, ["wrong-type", "not-as-written", "log-color-ignored"])
    ]
    assert rule == ("wrong-type" if line.startswith("logColor") else "not-as-written")
    assert truth in messages(tmp_path, text, rule)[0]


def test_every_placeholder_of_a_value_is_reported_in_one_run(tmp_path: Path) -> None:
    text = BASE + "clusterName: ${ENV}-<region>\n"
    assert found(tmp_path, text, ["placeholder"]) == [(3, 14, "placeholder")]
    assert "`${ENV}` and `<region>` are placeholders" in messages(tmp_path, text, "placeholder")[0]
    secret = BASE + "db:\n  password: <user> <password>\n"
    assert messages(tmp_path, secret, "placeholder") == [
        "db.password: the value holds 2 placeholders left by templating or copied from documentation; "
        "Helm uses them literally. Fill in the real value"
    ]
