"""``chartgen diff`` (issue 28): no secret shown, every hazard the chart can produce, the installed
side as Helm installed it, no false alarm, and explanations that name the real cause.

Each case is a pair of values files through the command line. Where a fact is about what Helm
renders, ``CHARTGEN_UPSTREAM_CHARTS`` (the upstream chart's path with ``{release}`` in it, as for
the differential tests) checks it against live ``.tools/helm template``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data" / "diff"
NO_CHANGE, HAZARD, USAGE, CHANGES = 0, 1, 2, 3
CHARTS = os.environ.get("CHARTGEN_UPSTREAM_CHARTS", "")


def diff(old: str, new: str, *extra: str, fmt: str = "json") -> tuple[int, str, str]:
    return run_cli(
        [
            "diff", "det", "-n", "determined", "--from-values", str(DATA / f"{old}.yaml"),
            "-f", str(DATA / f"{new}.yaml"), *extra, "--format", fmt,
        ]
    )  # fmt: skip


def report(old: str, new: str, *extra: str) -> tuple[int, dict[str, Any]]:
    code, out, err = diff(old, new, *extra)
    assert err == "", err
    return code, json.loads(out)


def hazards(document: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(h["rule"], h["category"], h["severity"]) for h in document["hazards"]}


def message(document: dict[str, Any], rule: str) -> str:
    (found,) = [h["message"] for h in document["hazards"] if h["rule"] == rule]
    return str(found)


# 1. No secret in any output: a URL is shown without user info and query, as lint shows it.

URL_SECRETS = {
    "minio": ("minio-user", "S3cr3t-Pass", "Sig0123456789"),
    "minio-rotated": ("R0tated-Pass", "Sig9876543210"),
    "azure-sas": ("SasSig0123456789", "sv=2022"),
    "azure-sas-rotated": ("SasSig9876543210",),
}


@pytest.mark.parametrize(
    ("old", "new"),
    [("installed", "minio"), ("minio", "installed"), ("installed", "azure-sas"), ("minio", "minio-rotated"),
     ("azure-sas", "azure-sas-rotated"), ("minio", "azure-sas")],
)  # fmt: skip
def test_no_url_credential_in_any_output(old: str, new: str) -> None:
    secrets = [s for name in (old, new) for s in URL_SECRETS.get(name, ())]
    for fmt in ("text", "json"):
        code, out, err = diff(old, new, fmt=fmt)
        assert code in (HAZARD, CHANGES), out + err
        for secret in secrets:
            assert secret not in out + err, (fmt, secret)


def test_urls_are_shown_as_lint_shows_them() -> None:
    code, out, _ = diff("installed", "minio", fmt="text")
    assert code == CHANGES
    assert 'master.yaml: checkpoint_storage.endpoint_url: added "https://...@minio:9000/?..."' in out
    assert 'endpoint_url (unset) -> "https://...@minio:9000/?..."' in out  # the hazard's message
    _, document = report("installed", "azure-sas")
    fields = {f["path"]: f for c in document["changes"] for f in c["fields"]}
    assert fields["checkpoint_storage.account_url"]["new"] == "https://detstore.blob.core.windows.net/?..."


def test_a_rotated_credential_is_a_secret_change_and_moves_nothing() -> None:
    for old, new, path in (
        ("minio", "minio-rotated", "checkpoint_storage.endpoint_url"),
        ("azure-sas", "azure-sas-rotated", "checkpoint_storage.account_url"),
    ):
        code, document = report(old, new)
        assert (code, document["hazards"]) == (CHANGES, []), old
        fields = [f for c in document["changes"] for f in c["fields"]]
        assert fields == [
            {
                "path": path,
                "file": "master.yaml",
                "action": "changed",
                "old": None,
                "new": None,
                "secret": True,
            }
        ]


# 3. Every hazard the chart can produce.


@pytest.mark.parametrize(
    ("new", "rule", "words"),
    [
        ("db-user", "db-user-changed", ('from "postgres" to "det-admin"', "role that POSTGRES_USER names")),
        ("db-name", "db-name-changed", ('from "determined" to "det"', "database that POSTGRES_DB names")),
    ],
)
def test_a_database_login_change_on_a_bundled_database_breaks_determined(
    new: str, rule: str, words: tuple[str, ...]
) -> None:
    code, document = report("installed", new)
    assert (code, hazards(document)) == (HAZARD, {(rule, "breaks", "error")})
    text = message(document, rule)
    assert all(word in text for word in words), text
    assert "only when it initialises an empty data directory" in text
    # An external database is the user's own: the chart creates nothing there.
    code, document = report("external-db", "external-db", "--set", f"db.{new.split('-')[1]}=other")
    assert hazards(document) == set()


def test_dropping_the_cluster_objects_deletes_priority_classes_pods_still_name() -> None:
    code, document = report("installed", "no-cluster-objects")
    assert (code, hazards(document)) == (HAZARD, {("priority-class-deleted", "breaks", "error")})
    by_name = {h["name"]: h["message"] for h in document["hazards"]}
    assert set(by_name) == {"determined-system-priority", "determined-medium-priority"}
    system = by_name["determined-system-priority"]
    assert "Deployment determined-master-deployment-det" in system
    assert "Deployment determined-db-deployment-det" in system
    assert "checkpoint-GC pod" in system
    assert "task pod" in by_name["determined-medium-priority"]
    assert "no PriorityClass with name" in system


def test_keep_on_uninstall_from_values_does_not_assume_the_live_claim_is_kept() -> None:
    code, document = report("keep", "external-db")
    assert (code, hazards(document)) == (HAZARD, {("pvc-deleted", "data-loss", "error")})
    (hazard,) = document["hazards"]
    assert "upstream Helm ignores the key" in hazard["message"]
    assert "kubectl get pvc determined-db-pvc-det -n determined -o jsonpath=" in hazard["hint"]


def test_a_snapshot_that_leaves_the_release_breaks_a_restore() -> None:
    code, document = report("snapshot", "installed", "--from-is-upgrade")
    assert (code, hazards(document)) == (HAZARD, {("snapshot-deleted", "breaks-restore", "error")})
    assert "db.restoreSnapshotSuffix cannot restore from it" in message(document, "snapshot-deleted")
    code, out, _ = diff("snapshot", "installed", "--from-is-upgrade", fmt="text")
    assert "error[snapshot-deleted] breaks a restore:" in out
    # Rendered as helm template renders it (GitOps), the snapshot is never there.
    code, document = report("snapshot", "snapshot", "--from-is-upgrade", "--no-is-upgrade")
    assert ("snapshot-deleted", "breaks-restore", "error") in hazards(document)


# 4. The installed side is what Helm installed.


def test_a_key_helm_ignores_in_the_installed_file_is_a_note_not_a_refusal() -> None:
    code, document = report("duplicate-key", "external-db")
    assert (code, hazards(document)) == (HAZARD, {("pvc-deleted", "data-loss", "error")})
    (note,) = document["notes"]
    assert "duplicate-key.yaml:3:1: [yaml-duplicate-key] db is written again later" in note
    # Helm keeps the last value: the claim was installed at 30Gi, so 30Gi is no change.
    code, document = report("duplicate-key", "installed")
    assert (code, document["changes"], document["hazards"]) == (NO_CHANGE, [], [])
    # The change is not installed yet: there, the duplicate key is lint's error.
    code, out, err = run_cli(
        ["diff", "--from-values", str(DATA / "installed.yaml"), "-f", str(DATA / "duplicate-key.yaml")]
    )
    assert (code, out) == (HAZARD, "") and "error[yaml-duplicate-key]" in err


def test_an_upgrade_of_a_bundled_database_needs_no_initial_password() -> None:
    """The chart checks initialUserPassword only when ``lookup`` finds no database Service."""
    code, document = report("installed", "no-password")
    assert (code, hazards(document)) == (CHANGES, set())
    fields = [f for c in document["changes"] for f in c["fields"]]
    assert [(f["path"], f["action"], f["secret"]) for f in fields] == [
        ("security.initial_user_password", "removed", True)
    ]
    # No database Service to find: an external database, helm template, or another release name.
    for old, new, extra in (
        ("external-db", "no-password-external-db", ()),
        ("installed", "no-password", ("--no-is-upgrade",)),
        ("installed", "no-password", ("--from-release", "old")),
    ):
        code, out, err = diff(old, new, *extra)
        assert code == HAZARD, (old, new, extra)
        assert "initial-password-required" in out + err


def test_a_manifest_with_the_database_service_is_looked_up_too(tmp_path: Path) -> None:
    installed, change = str(DATA / "installed.yaml"), str(DATA / "no-password.yaml")
    code, _, _ = run_cli(
        ["render", "det", "-n", "determined", "-f", installed, "--output-dir", str(tmp_path)]
    )
    assert code == 0
    code, out, err = run_cli(
        ["diff", "det", "-n", "determined", "--from-manifest", str(tmp_path), "-f", change]
    )
    assert (code, err) == (CHANGES, ""), out


# 5. No false alarm: a hazard is only what changes where traffic, data or credentials go.


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("installed", "scrape", set()),
        ("installed", "internal-lb", {("master-address-changed", "surprise", "warning")}),
        ("nodeport", "nodeport-internal-lb", set()),
        ("installed", "source-ranges", {("master-address-changed", "surprise", "warning")}),
        ("installed", "nodeport", {("master-address-changed", "surprise", "warning")}),
    ],
)
def test_only_what_moves_the_master_address_is_a_hazard(old: str, new: str, expected: set[Any]) -> None:
    code, document = report(old, new)
    assert (code, hazards(document)) == (CHANGES, expected)
    assert document["changes"], "the annotation is still a change: the API server stores it"


def test_a_renamed_release_replaces_the_master_service() -> None:
    _, document = report("installed", "installed", "--from-release", "old")
    text = message(document, "master-address-changed")
    assert "it is replaced: Service determined/determined-master-service-old -> " in text


# 6. Explanations that are true.


def test_a_namespace_move_is_blamed_on_the_namespace() -> None:
    code, document = report("installed", "installed", "--from-namespace", "other")
    assert code == HAZARD
    text = message(document, "pvc-deleted")
    assert "the release moves from namespace other to determined" in text
    assert "restoreSnapshotSuffix" not in text
    assert "other/determined-db-pvc-det to determined-db-pvc-det" in message(document, "db-volume-switched")


def test_a_restored_claim_is_blamed_on_the_restore() -> None:
    _, document = report("installed", "restore-snapshot")
    text = message(document, "pvc-deleted")
    assert "restored from the snapshot determined-db-snapshot-nightly by db.restoreSnapshotSuffix" in text
    assert "runs on until its pod is replaced, then cannot start" in text


def test_a_scheduler_change_names_its_cause() -> None:
    _, within = report("preemption", "installed", "--from-version", "0.35.0", "--app-version", "0.35.0")
    text = message(within, "scheduler-changed")
    assert "(defaultScheduler is no longer preemption)" in text and "no longer deploys" not in text
    assert "those already created for preemption and not yet running stay Pending" in text
    _, across = report("preemption", "preemption", "--from-version", "0.35.0", "--app-version", "0.36.0")
    assert "(the 0.36.0 chart no longer deploys the preemption scheduler)" in message(
        across, "scheduler-changed"
    )


def test_what_stops_determined_is_not_called_data_loss() -> None:
    _, document = report("installed", "postgres-14")
    text = message(document, "postgres-major-version")
    assert "the data stays on the volume" in text
    _, document = report("installed", "installed", "--from-version", "0.38.1", "--app-version", "0.35.0")
    assert "up to migration 20241024164947; 0.35.0 knows those up to 20240724134249" in message(
        document, "release-downgrade"
    )
    _, out, _ = diff("installed", "postgres-14", fmt="text")
    assert "error[postgres-major-version] breaks Determined:" in out


def test_a_patch_release_back_on_the_same_schema_is_no_hazard() -> None:
    for newer, older in (("0.38.1", "0.38.0"), ("0.35.1", "0.35.0")):
        code, document = report("installed", "installed", "--from-version", newer, "--app-version", older)
        assert (code, hazards(document)) == (CHANGES, set()), newer


# Against real Helm: what these cases say Helm renders, it renders.


def _helm(values: str, release: str, *extra: str) -> str:
    chart = CHARTS.format(release=release)
    return subprocess.run(
        [str(ROOT / ".tools" / "helm"), "template", "det", chart, "-n", "determined",
         "-f", str(DATA / f"{values}.yaml"), *extra],
        check=True, capture_output=True, text=True, timeout=120,
    ).stdout  # fmt: skip


@pytest.mark.skipif(
    not CHARTS, reason="CHARTGEN_UPSTREAM_CHARTS is unset: the upstream chart is never committed"
)
@pytest.mark.parametrize(
    ("values", "release", "extra"),
    [
        ("db-user", "0.38.1", ()), ("db-name", "0.38.1", ()), ("no-cluster-objects", "0.38.1", ()),
        ("scrape", "0.38.1", ()), ("internal-lb", "0.38.1", ()), ("nodeport-internal-lb", "0.38.1", ()),
        ("minio", "0.38.1", ()), ("azure-sas", "0.38.1", ()), ("snapshot", "0.38.1", ("--is-upgrade",)),
        ("restore-snapshot", "0.38.1", ("--is-upgrade",)), ("preemption", "0.35.0", ()),
        ("postgres-14", "0.38.1", ()), ("genai", "0.38.1", ()),
    ],
)  # fmt: skip
def test_helm_renders_what_the_hazards_read(
    values: str, release: str, extra: tuple[str, ...], tmp_path: Path
) -> None:
    live = tmp_path / "live.yaml"
    live.write_text(_helm(values, release, *extra))
    upgrade = "--is-upgrade" if extra else "--no-is-upgrade"
    code, out, err = run_cli(
        ["diff", "det", "-n", "determined", "--app-version", release, "--from-manifest", str(live),
         "-f", str(DATA / f"{values}.yaml"), upgrade, "--format", "json"]
    )  # fmt: skip
    document = json.loads(out)
    assert (code, err, document["changes"], document["hazards"]) == (NO_CHANGE, "", [], []), values


@pytest.mark.skipif(
    not CHARTS, reason="CHARTGEN_UPSTREAM_CHARTS is unset: the upstream chart is never committed"
)
def test_helm_installs_keep_on_uninstall_without_the_annotation(tmp_path: Path) -> None:
    """An upstream install of db.keepOnUninstall: Helm would delete the claim, and diff says so."""
    live = tmp_path / "live.yaml"
    live.write_text(_helm("keep", "0.38.1"))
    assert "helm.sh/resource-policy" not in live.read_text()
    code, out, _ = run_cli(
        ["diff", "det", "-n", "determined", "--from-manifest", str(live), "-f", str(DATA / "keep-external.yaml"),
         "--format", "json"]
    )  # fmt: skip
    assert (code, hazards(json.loads(out))) == (HAZARD, {("pvc-deleted", "data-loss", "error")})


@pytest.mark.skipif(
    not CHARTS, reason="CHARTGEN_UPSTREAM_CHARTS is unset: the upstream chart is never committed"
)
def test_helm_keeps_the_last_of_a_duplicate_key(tmp_path: Path) -> None:
    live = tmp_path / "live.yaml"
    live.write_text(_helm("duplicate-key", "0.38.1"))
    code, out, err = run_cli(
        ["diff", "det", "-n", "determined", "--from-manifest", str(live), "-f", str(DATA / "installed.yaml"),
         "--no-is-upgrade"]
    )  # fmt: skip
    assert (code, err) == (NO_CHANGE, ""), out


@pytest.mark.skipif(
    not CHARTS, reason="CHARTGEN_UPSTREAM_CHARTS is unset: the upstream chart is never committed"
)
def test_helm_template_requires_the_password_its_lookup_cannot_skip() -> None:
    """helm template has no cluster, so the chart's lookup finds nothing and the password is required."""
    with pytest.raises(subprocess.CalledProcessError) as refused:
        _helm("no-password", "0.38.1", "--is-upgrade")
    assert "An initial password for admin and determined users is required" in refused.value.stderr


def test_dropping_genai_deletes_its_shared_claim() -> None:
    code, document = report("genai", "installed")
    assert (code, hazards(document)) == (HAZARD, {("pvc-deleted", "data-loss", "error")})
    assert "this claim (mounted by Deployment genai-deployment-det)" in message(document, "pvc-deleted")
