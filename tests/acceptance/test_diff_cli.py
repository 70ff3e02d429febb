"""``chartgen diff``: each hazard and surprise from a pair of real values files, through the command line.

Each pair is an installed release and a change, both rendered by chartgen as Helm
would (install, then upgrade); the expected classification is what the Kubernetes
API server and Determined do with that change (see chartgen/diffing/hazards.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli

DATA = Path(__file__).parent / "data" / "diff"
NO_CHANGE, HAZARD, USAGE, CHANGES = 0, 1, 2, 3


def diff(*args: str) -> tuple[int, str, str]:
    return run_cli(["diff", "det", "-n", "determined", *args])


def report(old: str, new: str, *extra: str) -> tuple[int, dict[str, Any]]:
    code, out, err = diff(
        "--from-values",
        str(DATA / f"{old}.yaml"),
        "-f",
        str(DATA / f"{new}.yaml"),
        *extra,
        "--format",
        "json",
    )
    assert err == ""
    return code, json.loads(out)


def hazards(document: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(h["rule"], h["category"], h["severity"]) for h in document["hazards"]}


# (installed values, change, extra flags) -> (exit code, hazards as (rule, category, severity))
PAIRS: list[tuple[str, str, tuple[str, ...], int, set[tuple[str, str, str]]]] = [
    # data loss: the database's claim leaves the release, or the database leaves its volume
    ("installed", "disable-pvc", (), HAZARD, {
        ("pvc-deleted", "data-loss", "error"), ("db-volume-ephemeral", "data-loss", "error")}),
    ("installed", "external-db", (), HAZARD, {("pvc-deleted", "data-loss", "error")}),
    ("installed", "claim-suffix", (), HAZARD, {("db-volume-switched", "data-loss", "error")}),
    ("installed", "restore-snapshot", (), HAZARD, {("pvc-deleted", "data-loss", "error")}),
    ("installed", "installed", ("--from-release", "old"), HAZARD, {
        ("pvc-deleted", "data-loss", "error"), ("db-volume-switched", "data-loss", "error"),
        ("master-address-changed", "surprise", "warning")}),
    # Determined stops working, and no data is lost
    ("installed", "postgres-14", (), HAZARD, {("postgres-major-version", "breaks", "error")}),
    ("installed", "installed", ("--from-version", "0.38.1", "--app-version", "0.35.0"), HAZARD, {
        ("release-downgrade", "breaks", "error")}),
    # the API server refuses the update
    ("installed", "smaller-db", (), HAZARD, {("pvc-shrink", "upgrade-fails", "error")}),
    ("fast-storage", "slow-storage", (), HAZARD, {("pvc-spec-immutable", "upgrade-fails", "error")}),
    ("fast-storage", "installed", (), HAZARD, {("pvc-spec-immutable", "upgrade-fails", "error")}),
    ("snapshot", "snapshot-other-claim", ("--from-is-upgrade",), HAZARD, {
        ("immutable-snapshot-source", "upgrade-fails", "error"), ("db-volume-switched", "data-loss", "error")}),
    # Determined stops working
    ("installed", "db-password", (), HAZARD, {("db-password-changed", "breaks", "error")}),
    ("installed", "db-user", (), HAZARD, {("db-user-changed", "breaks", "error")}),
    ("installed", "db-name", (), HAZARD, {("db-name-changed", "breaks", "error")}),
    ("installed", "no-cluster-objects", (), HAZARD, {("priority-class-deleted", "breaks", "error")}),
    # a backup can no longer be restored as it was
    ("snapshot", "installed", ("--from-is-upgrade",), HAZARD, {("snapshot-deleted", "breaks-restore", "error")}),
    # surprises
    ("installed", "password", (), CHANGES, {("initial-password-changed", "surprise", "warning")}),
    ("installed", "bigger-db", (), CHANGES, {("pvc-expand", "surprise", "warning")}),
    ("installed", "fast-storage", (), CHANGES, {("pvc-storage-class-set", "surprise", "warning")}),
    ("installed", "nodeport", (), CHANGES, {("master-address-changed", "surprise", "warning")}),
    ("installed", "source-ranges", (), CHANGES, {("master-address-changed", "surprise", "warning")}),
    ("installed", "coscheduler", (), CHANGES, {("scheduler-changed", "surprise", "warning")}),
    ("coscheduler", "installed", (), CHANGES, {("scheduler-changed", "surprise", "warning")}),
    ("preemption", "installed", ("--from-version", "0.35.0"), CHANGES, {("scheduler-changed", "surprise", "warning")}),
    ("preemption", "preemption", ("--from-version", "0.35.0", "--app-version", "0.36.0"), CHANGES, {
        ("scheduler-changed", "surprise", "warning")}),
    ("installed", "checkpoints-s3", (), CHANGES, {("checkpoint-storage-moved", "surprise", "warning")}),
    # chartgen's keep annotation is no proof the live claim has it: upstream Helm ignores the key
    ("keep", "keep-external", (), HAZARD, {("pvc-deleted", "data-loss", "error")}),
    # plain changes
    ("installed", "max-slots", (), CHANGES, set()),
    ("installed", "keep", (), CHANGES, set()),
    ("installed", "installed", ("--from-version", "0.35.0"), CHANGES, set()),
    ("preemption", "preemption", ("--from-version", "0.35.0", "--app-version", "0.35.1"), CHANGES, set()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new", "extra", "code", "expected"), PAIRS, ids=lambda v: str(v) if isinstance(v, str) else None
)
def test_each_pair_is_classified(
    old: str, new: str, extra: tuple[str, ...], code: int, expected: set[tuple[str, str, str]]
) -> None:
    exit_code, document = report(old, new, *extra)
    assert (exit_code, hazards(document)) == (code, expected)
    assert document["summary"]["errors"] == sum(h["severity"] == "error" for h in document["hazards"])
    assert document["changes"], "a pair with hazards or changes lists the changed objects"


def test_no_change_says_so_and_exits_0() -> None:
    code, out, err = diff("--from-values", str(DATA / "installed.yaml"), "-f", str(DATA / "installed.yaml"))
    assert (code, out, err) == (NO_CHANGE, "no changes\n", "")
    code, document = report("installed", "installed")
    assert code == NO_CHANGE
    assert document["changes"] == [] and document["hazards"] == [] and document["notes"] == []


def test_the_0_35_0_to_0_38_1_upgrade_changes_images_and_restarts_the_master() -> None:
    code, document = report("installed", "installed", "--from-version", "0.35.0")
    assert code == CHANGES
    by_kind = {(c["kind"], c["name"]): c for c in document["changes"]}
    master = by_kind[("Deployment", "determined-master-deployment-det")]
    image = next(f for f in master["fields"] if f["path"].endswith(".image"))
    assert (image["old"], image["new"]) == (
        "determinedai/determined-master:0.35.0",
        "determinedai/determined-master:0.38.1",
    )
    assert master["notes"] == ["the master restarts because master.yaml changed"]
    assert not any(CHECKSUM in f["path"] for f in master["fields"])
    config = by_kind[("Secret", "determined-master-config-det")]
    assert {(f["file"], f["path"]) for f in config["fields"]} >= {
        ("master.yaml", "task_container_defaults.image.cpu")
    }


CHECKSUM = "checksum/config"


def test_a_password_change_shows_which_setting_changed_but_no_value() -> None:
    for fmt in ("text", "json"):
        code, out, err = diff(
            "--from-values", str(DATA / "installed.yaml"), "-f", str(DATA / "password.yaml"), "--format", fmt
        )
        assert code == CHANGES
        assert "Passw0rd" not in out + err
    code, document = report("installed", "password")
    (config,) = [c for c in document["changes"] if c["kind"] == "Secret"]
    assert config["fields"] == [
        {
            "path": "security.initial_user_password",
            "file": "master.yaml",
            "action": "changed",
            "old": None,
            "new": None,
            "secret": True,
        }
    ]
    code, out, _ = diff("--from-values", str(DATA / "installed.yaml"), "-f", str(DATA / "password.yaml"))
    assert "master.yaml: security.initial_user_password: changed (secret: value not shown)" in out


def test_secrets_in_settings_and_environment_are_never_shown() -> None:
    for old, new, secrets in (
        ("installed", "db-password", ("Db-Passw0rd-new", "postgres")),
        ("installed", "checkpoints-s3", ("AKIAEXAMPLEKEY", "s3-secret-value")),
    ):
        for fmt in ("text", "json"):
            code, out, err = diff(
                "--from-values", str(DATA / f"{old}.yaml"), "-f", str(DATA / f"{new}.yaml"), "--format", fmt
            )
            assert code in (HAZARD, CHANGES)
            for secret in secrets:
                assert f'"{secret}"' not in out + err, (new, fmt, secret)
    _, document = report("installed", "checkpoints-s3")
    shown = {f["path"]: f for c in document["changes"] for f in c["fields"]}
    assert shown["checkpoint_storage.bucket"]["new"] == "det-checkpoints"
    assert shown["checkpoint_storage.secret_key"]["secret"] is True


def test_text_names_the_field_the_values_and_what_to_do() -> None:
    code, out, _ = diff("--from-values", str(DATA / "installed.yaml"), "-f", str(DATA / "smaller-db.yaml"))
    assert code == HAZARD
    assert 'spec.resources.requests.storage: "30Gi" -> "10Gi"' in out
    assert "PersistentVolumeClaim determined/determined-db-pvc-det: error[pvc-shrink] upgrade fails:" in out
    assert "\n  hint: keep the size at 30Gi or more" in out
    assert out.endswith("1 changed (1 object); 1 error, 0 warnings\n")


def test_keep_on_uninstall_annotates_the_claim_and_keeps_it_out_of_helm_deletes(tmp_path: Path) -> None:
    code, out, _ = run_cli(
        ["render", "det", "-n", "determined", "-f", str(DATA / "keep.yaml"), "--output-dir", str(tmp_path)]
    )
    assert code == 0
    claim = tmp_path / "determined" / "templates" / "db-persistent-volume-claim.yaml"
    assert "  annotations:\n    helm.sh/resource-policy: keep\n" in claim.read_text()
    # The live objects chartgen rendered carry the annotation: Helm leaves the claim behind.
    code, out, _ = diff(
        "--from-manifest", str(tmp_path), "-f", str(DATA / "disable-pvc.yaml"), "--format", "json"
    )
    assert ("pvc-left-behind", "surprise", "warning") in hazards(json.loads(out))
    assert ("pvc-deleted", "data-loss", "error") not in hazards(json.loads(out))


def test_usage_errors_exit_2() -> None:
    values = str(DATA / "installed.yaml")
    for args in (
        ("-f", values),
        ("-f", values, "--from-values", values, "--from-manifest", values),
        ("-f", values, "--from-manifest", values, "--from-version", "0.35.0"),
        ("-f", values, "--from-values", values, "--from-version", "0.99.0"),
        ("-f", values, "--from-manifest", str(DATA / "missing.yaml")),
        ("-f", "-", "--from-manifest", "-"),
    ):
        code, out, err = diff(*args)
        assert (code, out) == (USAGE, ""), args
        assert err.startswith("chartgen: error:") or "error:" in err, args


def test_invalid_values_on_either_side_are_located_findings(tmp_path: Path) -> None:
    """Values Helm refuses; the change's password only where the chart checks it (not on an upgrade
    whose lookup finds the database Service: see test_diff_hazards.py)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("maxSlotsPerPod: 4\ninitialUserPassword: Sh0rt\n")
    for args in (
        ("--from-values", str(bad), "-f", str(DATA / "installed.yaml")),
        ("--from-values", str(DATA / "installed.yaml"), "-f", str(bad), "--no-is-upgrade"),
        ("--from-values", str(DATA / "external-db.yaml"), "-f", str(bad)),
    ):
        code, out, err = diff(*args)
        assert code == HAZARD
        assert out == ""
        assert f"{bad}:2:22: error[" in err
        assert "Sh0rt" not in err


def test_an_invalid_manifest_is_located(tmp_path: Path) -> None:
    manifest = tmp_path / "live.yaml"
    manifest.write_text(
        "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: a\n---\nkind: [\n---\napiVersion: v1\nkind: Service\nmetadata: {}\n"
    )
    code, out, err = diff("--from-manifest", str(manifest), "-f", str(DATA / "installed.yaml"))
    assert (code, out) == (HAZARD, "")
    lines = err.splitlines()
    assert lines[0].startswith(
        f"{manifest}:7:8: error[yaml-syntax] YAML syntax error: expected the node content"
    ), err
    assert lines[1] == f"{manifest}:9:1: error[manifest-not-an-object] this Service has no metadata.name"


def test_an_object_written_twice_is_refused(tmp_path: Path) -> None:
    manifest = tmp_path / "live.yaml"
    manifest.write_text(
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  namespace: determined\n"
    )
    code, _, err = diff("--from-manifest", str(manifest), "-f", str(DATA / "installed.yaml"))
    assert code == HAZARD
    assert err.startswith(
        f"{manifest}:6:1: error[manifest-duplicate-object] Service determined/a is written twice"
    )


def test_a_manifest_directory_and_standard_input(tmp_path: Path) -> None:
    code, _, _ = run_cli(
        [
            "render",
            "det",
            "-n",
            "determined",
            "-f",
            str(DATA / "installed.yaml"),
            "--output-dir",
            str(tmp_path),
        ]
    )
    assert code == 0
    code, out, err = diff(
        "--from-manifest", str(tmp_path), "-f", str(DATA / "installed.yaml"), "--no-is-upgrade"
    )
    assert (code, out, err) == (NO_CHANGE, "no changes\n", "")
    _, text, _ = run_cli(["render", "det", "-n", "determined", "-f", str(DATA / "installed.yaml")])
    code, out, _ = run_cli(
        ["diff", "det", "-n", "determined", "--from-manifest", "-", "-f", str(DATA / "max-slots.yaml")],
        stdin=text,
    )
    assert code == CHANGES
    assert "master.yaml: resource_manager.max_slots_per_pod: 4 -> 8" in out


def test_library_returns_the_same_classification_as_typed_data() -> None:
    import chartgen
    from chartgen.diffing.model import Category, Hazard

    result = chartgen.diff(
        chartgen.ValuesSource([str(DATA / "installed.yaml")], release="det", namespace="determined"),
        chartgen.ValuesSource([str(DATA / "disable-pvc.yaml")], release="det", namespace="determined"),
    )
    assert isinstance(result, chartgen.DiffResult)
    assert all(isinstance(h, Hazard) for h in result.hazards)
    assert {(h.rule, h.category) for h in result.errors} == {
        ("pvc-deleted", Category.DATA_LOSS),
        ("db-volume-ephemeral", Category.DATA_LOSS),
    }
    removed = [c for c in result.changes if c.action == "removed"]
    assert [(c.id.kind, c.id.name) for c in removed] == [("PersistentVolumeClaim", "determined-db-pvc-det")]
    # Still the function after the subpackage was imported.
    assert callable(chartgen.diff)


def test_manifests_are_bounded_in_size(tmp_path: Path) -> None:
    from chartgen.diffing.objects import MAX_MANIFEST_BYTES

    (tmp_path / "a.yaml").write_text("# padding\n" * (MAX_MANIFEST_BYTES // 20))
    (tmp_path / "b.yaml").write_text("# padding\n" * (MAX_MANIFEST_BYTES // 20 + 10))
    code, out, err = diff("--from-manifest", str(tmp_path), "-f", str(DATA / "installed.yaml"))
    assert (code, out) == (USAGE, "")
    assert err.startswith(f"chartgen: error: manifests under {tmp_path} exceed 1 MiB")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = diff("--from-manifest", str(empty), "-f", str(DATA / "installed.yaml"))
    assert (code, err) == (USAGE, f"chartgen: error: no .yaml or .yml files under {empty}\n")
