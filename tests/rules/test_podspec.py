"""Pod spec rules: for each, a value that passes and one that fails at an exact (line, col).

``pod()`` puts a snippet into ``taskContainerDefaults.gpuPodSpec`` after ``BASE`` (two lines)
and the spec's ``apiVersion``/``kind`` (lines 5 and 6), so a snippet's first line is line 7,
and its columns move right by four.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from chartgen.diagnostics import Severity
from chartgen.podspec import patchkeys
from chartgen.releases import MASTER_KUBERNETES, SUPPORTED
from chartgen.validation.runner import run_rules
from chartgen.values.load import SetFlags, load_values
from tests.support.corpus import CASES

from .rulecheck import BASE, diagnostics, found, messages

RULES = [
    "pod-spec-kind", "pod-spec-unknown-field", "pod-spec-field-too-new", "pod-spec-type",
    "pod-spec-required-field", "pod-spec-name-namespace", "pod-spec-host-network",
    "pod-spec-restart-policy", "pod-spec-gpu-resources", "pod-spec-run-as-user",
    "pod-spec-determined-container", "pod-spec-null",
]  # fmt: skip

HEAD = "taskContainerDefaults:\n  gpuPodSpec:\n    apiVersion: v1\n    kind: Pod\n"


def pod(body: str) -> str:
    return BASE + HEAD + textwrap.indent(textwrap.dedent(body), "    ")


def lint(tmp_path: Path, text: str, release: str = "0.38.1") -> list[tuple[int, int, str]]:
    return found(tmp_path, text, RULES, release=release)


def severity(tmp_path: Path, text: str, rule: str) -> list[Severity]:
    return [d.severity for d in diagnostics(tmp_path, text) if d.rule == rule]


def test_a_valid_pod_spec_passes(tmp_path: Path) -> None:
    text = pod(
        """\
        metadata:
          labels: {team: vision}
        spec:
          priorityClassName: high
          nodeSelector: {disktype: ssd}
          tolerations: [{key: gpu, operator: Equal, value: "true", effect: NoSchedule, tolerationSeconds: 30}]
          containers:
          - name: determined-container
            resources: {requests: {cpu: 500m, memory: 8Gi}, limits: {memory: 16Gi, ephemeral-storage: 1}}
            securityContext: {privileged: true, capabilities: {add: [SYS_PTRACE]}}
            volumeMounts: [{name: data, mountPath: /data}]
            env: [{name: A, value: "1"}]
            ports: []
          - name: sidecar
            image: alpine
            resources: {limits: {nvidia.com/gpu: 1}}
            ports: [{containerPort: 8080}]
            livenessProbe: {httpGet: {port: http, path: /}}
          volumes:
          - name: data
            emptyDir: {sizeLimit: 100Mi}
        """
    )
    assert lint(tmp_path, text) == []


def test_kind_must_be_a_pod(tmp_path: Path) -> None:
    text = BASE + "taskContainerDefaults:\n  gpuPodSpec:\n    apiVersion: apps/v1\n    kind: Deployment\n"
    assert lint(tmp_path, text) == [(5, 17, "pod-spec-kind"), (6, 11, "pod-spec-kind")]
    assert severity(tmp_path, text, "pod-spec-kind") == [Severity.ERROR, Severity.ERROR]


def test_missing_kind_is_a_warning_at_the_spec(tmp_path: Path) -> None:
    text = BASE + "taskContainerDefaults:\n  gpuPodSpec:\n    spec: {priorityClassName: high}\n"
    assert lint(tmp_path, text) == [(4, 3, "pod-spec-kind")]
    assert severity(tmp_path, text, "pod-spec-kind") == [Severity.WARNING]
    (message,) = messages(tmp_path, text, "pod-spec-kind")
    assert "`apiVersion: v1` and `kind: Pod`" in message


def test_empty_specs_are_not_checked(tmp_path: Path) -> None:
    # The chart skips an empty top-level spec; an empty pool spec is a deliberate empty Pod.
    text = BASE + (
        "taskContainerDefaults: {cpuPodSpec: {}}\n"
        "resourcePools:\n- pool_name: default\n  task_container_defaults: {gpu_pod_spec: {}}\n"
    )
    assert lint(tmp_path, text) == []


def test_unknown_field_suggests_the_field_meant(tmp_path: Path) -> None:
    text = pod("spec:\n  tolerationz: [{key: gpu, operator: Exists}]\n")
    assert lint(tmp_path, text) == [(8, 7, "pod-spec-unknown-field")]
    (message,) = messages(tmp_path, text, "pod-spec-unknown-field")
    assert message.startswith("unknown field `tolerationz` in spec:")
    assert message.endswith("did you mean `tolerations`?")
    assert lint(tmp_path, pod("spec:\n  tolerations: [{key: gpu, operator: Exists}]\n")) == []


def test_unknown_field_in_a_nested_type(tmp_path: Path) -> None:
    # The example of seed 004 puts nodeSelectorTerms straight under affinity.
    text = pod("spec:\n  affinity:\n    nodeSelectorTerms: {kubernetes.io/hostname: foo}\n")
    assert lint(tmp_path, text) == [(9, 9, "pod-spec-unknown-field")]
    (message,) = messages(tmp_path, text, "pod-spec-unknown-field")
    assert "in spec.affinity" in message and "Affinity" in message


def test_field_in_another_case_is_a_warning(tmp_path: Path) -> None:
    text = pod("spec:\n  NodeSelector: {disktype: ssd}\n")
    assert lint(tmp_path, text) == [(8, 7, "pod-spec-unknown-field")]
    assert severity(tmp_path, text, "pod-spec-unknown-field") == [Severity.WARNING]
    assert "spelt `nodeSelector`" in messages(tmp_path, text, "pod-spec-unknown-field")[0]


def test_patch_directives_are_unknown_fields(tmp_path: Path) -> None:
    text = pod("spec:\n  $retainKeys: [volumes]\n")
    assert lint(tmp_path, text) == [(8, 7, "pod-spec-unknown-field")]
    assert "strategic-merge-patch directive" in messages(tmp_path, text, "pod-spec-unknown-field")[0]


@pytest.mark.parametrize("release", SUPPORTED)
def test_field_newer_than_the_masters_kubernetes(tmp_path: Path, release: str) -> None:
    text = pod("spec:\n  securityContext:\n    appArmorProfile: {type: RuntimeDefault}\n")
    assert lint(tmp_path, text, release) == [(9, 9, "pod-spec-field-too-new")]
    (message,) = [d.message for d in diagnostics(tmp_path, text, release=release) if d.rule in RULES]
    assert f"Kubernetes 1.30 field, but the Determined {release} master" in message
    assert f"Kubernetes {MASTER_KUBERNETES} API" in message
    ok = pod("spec:\n  securityContext:\n    seccompProfile: {type: RuntimeDefault}\n")
    assert lint(tmp_path, ok, release) == []


def test_wrong_types(tmp_path: Path) -> None:
    text = pod(
        """\
        metadata:
          labels: {team: 7}
        spec:
          hostPID: "yes"
          terminationGracePeriodSeconds: 1.5
          tolerations: [{key: gpu, operator: Equal, value: true}]
          containers:
          - name: sidecar
            ports: [{containerPort: 99999999999}]
            resources: {limits: {memory: 8GB}}
          imagePullSecrets: regcred
        """
    )
    assert lint(tmp_path, text) == [
        (8, 22, "pod-spec-type"),
        (10, 16, "pod-spec-type"),
        (11, 38, "pod-spec-type"),
        (12, 56, "pod-spec-type"),
        (15, 33, "pod-spec-type"),
        (16, 38, "pod-spec-type"),
        (17, 25, "pod-spec-type"),
    ]
    found_messages = messages(tmp_path, text, "pod-spec-type")
    assert found_messages[0] == (
        "metadata.labels.team must be a string (quote it), not a number: "
        "the master cannot read it and does not start"
    )
    assert "'8GB' is not a Kubernetes quantity such as 500m, 2 or 8Gi (write 8Gi or 8G)" in found_messages[5]


def test_right_types_in_every_scalar_kind(tmp_path: Path) -> None:
    text = pod(
        """\
        spec:
          hostPID: false
          terminationGracePeriodSeconds: 30
          overhead: {cpu: 0.5, memory: 1e3}
          containers:
          - name: sidecar
            livenessProbe: {httpGet: {port: 8080}, tcpSocket: {port: http}}
            resources: {limits: {cpu: "2", memory: +1.5Gi}}
        """
    )
    assert lint(tmp_path, text) == []


def test_required_fields(tmp_path: Path) -> None:
    text = pod("spec:\n  volumes:\n  - emptyDir: {}\n  containers:\n  - image: alpine\n")
    assert lint(tmp_path, text) == [(9, 9, "pod-spec-required-field"), (11, 9, "pod-spec-required-field")]
    assert messages(tmp_path, text, "pod-spec-required-field")[0].startswith(
        "spec.volumes[0] has no `name`, which Kubernetes requires of a Volume"
    )
    # No containers at all is fine: Determined adds its own.
    assert lint(tmp_path, pod("spec:\n  volumes:\n  - {name: a, emptyDir: {}}\n")) == []


def test_name_and_namespace(tmp_path: Path) -> None:
    text = pod("metadata:\n  name: my-pod\n  namespace: team-a\n")
    assert lint(tmp_path, text) == [(8, 13, "pod-spec-name-namespace"), (9, 18, "pod-spec-name-namespace")]
    first, second = messages(tmp_path, text, "pod-spec-name-namespace")
    assert first.startswith("metadata.name is not supported: Determined names every pod")
    assert "the one bound to the task's workspace" in second and "refuses to start" in second
    assert lint(tmp_path, pod("metadata:\n  name: ''\n  labels: {a: b}\n")) == []


def test_host_network(tmp_path: Path) -> None:
    assert lint(tmp_path, pod("spec:\n  hostNetwork: true\n")) == [(8, 20, "pod-spec-host-network")]
    assert severity(tmp_path, pod("spec:\n  hostNetwork: true\n"), "pod-spec-host-network") == [
        Severity.ERROR
    ]
    assert severity(tmp_path, pod("spec:\n  hostNetwork: false\n"), "pod-spec-host-network") == [
        Severity.WARNING
    ]
    assert lint(tmp_path, pod("spec:\n  hostIPC: false\n")) == []


def test_restart_policy(tmp_path: Path) -> None:
    text = pod("spec:\n  restartPolicy: OnFailure\n")
    assert lint(tmp_path, text) == [(8, 22, "pod-spec-restart-policy")]
    assert severity(tmp_path, text, "pod-spec-restart-policy") == [Severity.ERROR]
    never = pod("spec:\n  restartPolicy: Never\n")
    assert severity(tmp_path, never, "pod-spec-restart-policy") == [Severity.WARNING]
    assert lint(tmp_path, pod("spec:\n  containers: [{name: a, restartPolicy: Always}]\n")) == []


def test_gpu_resources_of_the_determined_container(tmp_path: Path) -> None:
    text = pod(
        """\
        spec:
          containers:
          - name: determined-container
            resources:
              limits: {nvidia.com/gpu: 1, memory: 8Gi}
              requests:
                amd.com/gpu: 1
        """
    )
    assert lint(tmp_path, text) == [(11, 20, "pod-spec-gpu-resources"), (13, 13, "pod-spec-gpu-resources")]
    assert "the task's slots decide its GPUs" in messages(tmp_path, text, "pod-spec-gpu-resources")[0]
    sidecar = text.replace("name: determined-container", "name: sidecar")
    assert lint(tmp_path, sidecar) == []


def test_run_as_user_of_the_determined_container(tmp_path: Path) -> None:
    text = pod(
        """\
        spec:
          containers:
          - name: determined-container
            securityContext: {runAsUser: 1000, runAsGroup: 1000, runAsNonRoot: true}
        """
    )
    assert lint(tmp_path, text) == [(10, 27, "pod-spec-run-as-user"), (10, 44, "pod-spec-run-as-user")]
    assert "det user link-with-agent-user" in messages(tmp_path, text, "pod-spec-run-as-user")[0]
    pod_level = pod("spec:\n  securityContext: {runAsUser: 1000}\n")
    assert lint(tmp_path, pod_level) == []


def test_fields_the_master_refuses_on_the_determined_container(tmp_path: Path) -> None:
    text = pod(
        """\
        spec:
          containers:
          - name: determined-container
            image: my/image:1.0
            imagePullPolicy: Always
            lifecycle: {}
            command: []
            tty: true
        """
    )
    assert lint(tmp_path, text) == [
        (10, 9, "pod-spec-determined-container"),
        (11, 9, "pod-spec-determined-container"),
        (12, 9, "pod-spec-determined-container"),
        (14, 9, "pod-spec-determined-container"),
    ]
    found_ = [d for d in diagnostics(tmp_path, text) if d.rule == "pod-spec-determined-container"]
    assert [d.severity for d in found_] == [Severity.ERROR] * 3 + [Severity.WARNING]
    assert "environment.image" in found_[0].message and "refuses to start" in found_[0].message
    assert "forcePullImage" in found_[1].message
    assert "has no effect" in found_[3].message
    # A sidecar may set all of these.
    assert lint(tmp_path, text.replace("name: determined-container", "name: sidecar")) == []


def test_a_second_determined_init_container(tmp_path: Path) -> None:
    text = pod("spec:\n  initContainers:\n  - name: determined-init-container\n    image: busybox\n")
    assert lint(tmp_path, text) == [(9, 15, "pod-spec-determined-container")]
    assert lint(tmp_path, pod("spec:\n  initContainers:\n  - name: warm-cache\n    image: busybox\n")) == []


def test_every_pod_spec_of_the_values_is_checked(tmp_path: Path) -> None:
    bad = "{apiVersion: v1, kind: Pod, spec: {hostNetwork: true}}"
    text = BASE + (
        f"taskContainerDefaults:\n  cpuPodSpec: {bad}\n  checkpointGcPodSpec: {bad}\n"
        f"resourcePools:\n- pool_name: a\n  task_container_defaults:\n    checkpoint_gc_pod_spec: {bad}\n"
        "additional_resource_managers:\n- resource_manager: {kubeconfig_secret_name: s, kubeconfig_secret_value: v}\n"
        f"  resource_pools:\n  - pool_name: b\n    task_container_defaults:\n      cpu_pod_spec: {bad}\n"
    )
    assert [where[:2] for where in lint(tmp_path, text)] == [(4, 63), (5, 72), (9, 77), (15, 69)]


def test_a_spec_set_on_the_command_line_points_at_the_flag(tmp_path: Path) -> None:
    flags = SetFlags(
        set_json=[
            'taskContainerDefaults.gpuPodSpec={"kind": "Pod", "apiVersion": "v1", "spec": {"hostNetwork": true}}'
        ]
    )
    (finding,) = [d for d in diagnostics(tmp_path, BASE, flags=flags) if d.rule in RULES]
    assert finding.location is not None and finding.location.file == "--set-json"


def test_the_table_knows_kinds_requirements_and_versions() -> None:
    table = patchkeys.pod_table()
    assert table["scalars"]["ResourceRequirements"] == {"limits": "quantity", "requests": "quantity"}
    assert table["scalars"]["Toleration"]["tolerationSeconds"] == "int64"
    assert table["scalars"]["ContainerPort"]["containerPort"] == "int32"
    assert table["scalars"]["HTTPGetAction"]["port"] == "int-or-string"
    assert table["scalars"]["ManagedFieldsEntry"]["fieldsV1"] == "any"
    assert table["required"]["VolumeMount"] == ["mountPath", "name"]
    assert table["since"]["SecurityContext"] == {"appArmorProfile": "1.30"}
    assert "appArmorProfile" in table["types"]["SecurityContext"]


def test_field_versions_record_the_first_version_with_a_field() -> None:
    def table(version: str, fields: list[str]) -> dict[str, object]:
        return {"kubernetes": version, "types": {"Pod": dict.fromkeys(fields, "scalar")}}

    older = {"1.28.0": table("1.28.0", ["a"]), "1.29.0": table("1.29.0", ["a", "b"])}
    newest = table("1.31.0", ["a", "b", "c"])
    assert patchkeys.field_versions(older, newest) == {"Pod": {"b": "1.29", "c": "1.31"}}


def _corpus() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/expected.yaml"))


@pytest.mark.parametrize("case_dir", _corpus(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_valid_corpus_values_have_no_pod_spec_errors(case_dir: Path) -> None:
    meta = yaml.safe_load((case_dir / "case.yaml").read_text())
    flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
    loaded = load_values([str(case_dir / "values.yaml")], app_version=meta["chart_version"], flags=flags)
    findings = run_rules(loaded, release_name=meta["release"], namespace=meta["namespace"])
    assert [d for d in findings if d.rule in RULES and d.is_error] == []


def test_the_corpus_has_pod_specs_to_check() -> None:
    with_specs = [
        p
        for p in _corpus()
        if "PodSpec" in (p / "values.yaml").read_text() or "pod_spec" in (p / "values.yaml").read_text()
    ]
    assert len(with_specs) >= 4


def test_null_deletes_nothing_in_a_pod_spec(tmp_path: Path) -> None:
    text = pod("metadata:\n  labels: {team: null}\nspec:\n  priorityClassName: null\n")
    assert lint(tmp_path, text) == [(8, 22, "pod-spec-null"), (10, 26, "pod-spec-null")]
    assert severity(tmp_path, text, "pod-spec-null") == [Severity.WARNING, Severity.WARNING]
    label, field = messages(tmp_path, text, "pod-spec-null")
    assert 'is the empty string ""' in label and "the default's value stays" in field
