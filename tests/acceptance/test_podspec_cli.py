"""``chartgen podspec`` end to end: seed 004's example, ``--explain``, exit codes and located findings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from chartgen.cli import main

DATA = Path(__file__).parent / "data" / "podspec"
VALUES = str(DATA / "values.yaml")
TASK = str(DATA / "expconf.yaml")

# Seed 004: the task's emptyDir takes over the pool's mount at /etc/secret-volume; both volumes stay
# (volumes merge by name). List order is what ``kubectl patch --local --type strategic`` gives.
SEED_PREVIEW = """\
apiVersion: v1
kind: Pod
spec:
  volumes:
  - name: empty-dir-override
    emptyDir:
      sizeLimit: 100Mi
  - name: secret-volume
    secret:
      secretName: prod-test-secret
  containers:
  - name: determined-container
    volumeMounts:
    - name: empty-dir-override
      mountPath: /etc/secret-volume
"""


def podspec(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["podspec", *args])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_seed_example_previews_as_the_seed_describes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--task", TASK)
    assert (code, err) == (0, "")
    assert out == SEED_PREVIEW
    pod = yaml.safe_load(out)["spec"]
    (mount,) = pod["containers"][0]["volumeMounts"]
    (volume,) = [v for v in pod["volumes"] if v["name"] == mount["name"]]
    assert (mount["mountPath"], volume["emptyDir"]) == ("/etc/secret-volume", {"sizeLimit": "100Mi"})
    # The pool named on the command line gives the same pod as the task's resources.resource_pool.
    assert podspec(capsys, "-f", VALUES, "--kind", "gpu", "--task", TASK, "--pool", "prod_pool")[1] == out


def test_explain_marks_where_each_part_came_from(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(DATA)
    code, out, err = podspec(
        capsys, "-f", "values.yaml", "--kind", "gpu", "--task", "expconf.yaml", "--explain"
    )
    assert (code, err) == (0, "")
    assert yaml.safe_load(out) == yaml.safe_load(SEED_PREVIEW)
    lines = out.splitlines()
    assert lines[0].startswith(
        "# pod spec of GPU tasks in pool prod_pool (from the task's resources.resource_pool)"
    )
    assert (
        "#   pool: resourcePools[0].task_container_defaults.gpu_pod_spec (pool prod_pool), values.yaml:6:7"
        in lines
    )
    assert "#   task: the task's environment.pod_spec, expconf.yaml:3:3" in lines
    body = [line for line in lines if not line.startswith("#")]
    assert body == [
        "apiVersion: v1  # pool",
        "kind: Pod  # pool",
        "spec:",
        "  volumes:",
        "  - name: empty-dir-override  # task",
        "    emptyDir:",
        "      sizeLimit: 100Mi",
        "  - name: secret-volume  # pool",
        "    secret:",
        "      secretName: prod-test-secret",
        "  containers:",
        "  - name: determined-container  # pool",
        "    volumeMounts:",
        "    - name: empty-dir-override  # task",
        "      mountPath: /etc/secret-volume  # pool",
    ]
    assert "#   spec.restartPolicy: Never" in lines
    assert (
        "#   spec.hostNetwork: false (network mode bridge, from the master's default network mode)" in lines
    )
    assert any(
        line.startswith("#   metadata.namespace: the namespace bound to the task's workspace")
        for line in lines
    )


def test_unknown_pool_on_the_command_line_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--pool", "gpu")
    assert (code, out) == (2, "")
    assert err == "chartgen: error: pool 'gpu': no resource pool has that name (pools: prod_pool)\n"


def test_unknown_pool_of_the_task_is_located_in_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    task = write(tmp_path, "task.yaml", "resources:\n  resource_pool: staging\n")
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--task", task)
    assert (code, out) == (1, "")
    assert err == (
        f"{task}:2:18: error[pod-spec-pool] the task's resources.resource_pool names pool 'staging', "
        "but no resource pool has that name (pools: prod_pool)\n"
    )


def test_default_pool_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "cpu")
    assert (code, out) == (1, "")
    assert "error[pod-spec-pool] the master's default pool names pool 'default'" in err
    code, out, err = podspec(
        capsys, "-f", VALUES, "--kind", "cpu", "--set", "defaultAuxResourcePool=prod_pool"
    )
    assert (code, err) == (0, "")
    assert out == "{}\n"


def test_an_invalid_task_spec_is_reported_in_the_task_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    task = write(
        tmp_path,
        "task.yaml",
        "environment:\n  pod_spec:\n    apiVersion: v1\n    kind: Pod\n    metadata: {name: mine}\n"
        "    spec:\n      tolerationz: []\n",
    )
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--pool", "prod_pool", "--task", task)
    assert (code, out) == (1, "")
    lines = err.splitlines()
    assert lines[0].startswith(f"{task}:5:22: error[pod-spec-name-namespace] metadata.name is not supported")
    assert lines[0].endswith("; Determined rejects the task")
    assert lines[1].startswith(f"{task}:7:7: warning[pod-spec-unknown-field] unknown field `tolerationz`")


def test_an_invalid_values_spec_stops_the_preview(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = podspec(
        capsys, "-f", VALUES, "--kind", "gpu", "--pool", "prod_pool",
        "--set", "resourcePools[0].task_container_defaults.gpu_pod_spec.spec.hostNetwork=true",
    )  # fmt: skip
    assert (code, out) == (1, "")
    assert err.startswith("--set:1:")
    assert "error[pod-spec-host-network]" in err


def test_a_task_spec_without_containers_warns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    task = write(
        tmp_path, "task.yaml", "environment:\n  pod_spec:\n    spec:\n      serviceAccountName: sa\n"
    )
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--pool", "prod_pool", "--task", task)
    assert code == 0
    assert "containers" not in yaml.safe_load(out)["spec"]
    assert (
        f"{task}:2:3: warning[pod-spec-merge] the task's environment.pod_spec has no spec.containers" in err
    )
    assert f"{task}:2:3: warning[pod-spec-kind]" in err


def test_checkpoint_gc(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    values = write(
        tmp_path,
        "values.yaml",
        "taskContainerDefaults:\n"
        "  gpuPodSpec: {apiVersion: v1, kind: Pod, spec: {tolerations: [{key: gpu, operator: Exists}]}}\n"
        "  checkpointGcPodSpec: {apiVersion: v1, kind: Pod, metadata: {labels: {customLabel: checkpointgc-label}}}\n",
    )
    code, out, err = podspec(capsys, "-f", values, "--kind", "checkpoint-gc", "--explain")
    assert (code, err) == (0, "")
    assert yaml.safe_load(out) == {
        "apiVersion": "v1",
        "kind": "Pod",
        "spec": {"tolerations": [{"key": "gpu", "operator": "Exists"}]},
        "metadata": {"labels": {"customLabel": "checkpointgc-label"}},
    }
    assert "metadata:  # gc top-level" in out.splitlines()
    assert "#   spec.priorityClassName: determined-system-priority" in out.splitlines()


def test_user_text_cannot_break_out_of_the_explanation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    values = write(
        tmp_path,
        "values.yaml",
        'resourcePools:\n- pool_name: "a\\nkind: Evil"\n  task_container_defaults:\n'
        '    gpu_pod_spec: {apiVersion: v1, kind: Pod, metadata: {labels: {x: "1\\n# y: 2"}}}\n',
    )
    code, out, err = podspec(capsys, "-f", values, "--kind", "gpu", "--pool", "a\nkind: Evil", "--explain")
    assert (code, err) == (0, "")
    assert yaml.safe_load(out) == {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"labels": {"x": "1\n# y: 2"}},
    }
    assert '# pod spec of GPU tasks in pool "a\\nkind: Evil" (from --pool)' in out


def test_values_are_required(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = podspec(capsys, "--kind", "gpu")
    assert (code, out) == (2, "")
    assert err == "chartgen: error: podspec needs the values: -f VALUES (or --set)\n"


def test_a_kind_the_task_would_not_get_warns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    task = write(tmp_path, "task.yaml", "resources:\n  resource_pool: prod_pool\n  slots_per_trial: 0\n")
    code, out, err = podspec(capsys, "-f", VALUES, "--kind", "gpu", "--task", task)
    assert code == 0
    assert [v["name"] for v in yaml.safe_load(out)["spec"]["volumes"]] == ["secret-volume"]
    assert err == (
        f"{task}:3:20: warning[pod-spec-task-kind] the task asks for 0 slots, so Determined starts it "
        "from the CPU pod spec, not the GPU one: use kind cpu\n"
    )
    assert podspec(capsys, "-f", VALUES, "--kind", "cpu", "--task", task) == (0, "{}\n", "")


def test_null_in_a_task_spec_is_decoded_as_the_master_decodes_it(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(
        "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX-long\ndb:\n  keepOnUninstall: true\n"
        "taskContainerDefaults:\n  gpuPodSpec:\n    apiVersion: v1\n    kind: Pod\n"
        "    metadata:\n      labels: {a: x, b: z}\n    spec:\n      priorityClassName: high\n"
    )
    task = tmp_path / "task.yaml"
    task.write_text(
        "environment:\n  pod_spec:\n    apiVersion: v1\n    kind: Pod\n"
        "    metadata:\n      labels: {a: null}\n    spec:\n      priorityClassName: null\n"
    )
    import chartgen

    result = chartgen.preview_pod([str(values)], kind="gpu", task=task)
    assert result.pod["metadata"]["labels"] == {"a": "", "b": "z"}
    assert result.pod["spec"]["priorityClassName"] == "high"
    assert [d.rule for d in result.warnings] == ["pod-spec-null", "pod-spec-null"]
