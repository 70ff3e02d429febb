"""``chartgen migrate`` says what the first upgrade does to data the old release set up (issue 28).

A 0.35 file's ``db.restoreSnapshotSuffix`` had no effect: the 0.35 chart does not read it. The
0.38.0 chart does (``templates/db-persistent-volume-claim.yaml``: on ``helm upgrade`` it renders
``determined-db-pvc-<suffix>``, restored from ``determined-db-snapshot-<suffix>``, in place of
``determined-db-pvc-<release>``, while the database keeps mounting the old claim), so Helm
deletes the database's claim on the first upgrade with it. ``migrate`` keeps the key (it may be
meant) and says so as an error: ``chartgen diff``'s hazard, in its words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import chartgen
from chartgen.diffing.sources import ValuesSource
from chartgen.releases import first
from tests.support.cli import run_cli

BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"
RESTORE = BASE + "db:\n  memRequest: 2Gi\n  restoreSnapshotSuffix: nightly  # set up for a later release\n"


def test_the_release_that_starts_reading_it_is_the_one_the_note_names() -> None:
    assert first("db-snapshots") == "0.38.0"


@pytest.mark.parametrize("target", ["0.38.0", "0.38.1"])
def test_a_restore_suffix_from_0_35_is_kept_and_its_upgrade_named_as_data_loss(target: str) -> None:
    migrated = chartgen.migrate(RESTORE, to=target, source="0.35.0")
    assert migrated.text == RESTORE  # nothing invented, nothing dropped: the owner decides
    (note,) = [n for n in migrated.notes if n.path == ("db", "restoreSnapshotSuffix")]
    assert note.rule == "pvc-deleted" and note.is_error
    assert str(note.location) == "values.yaml:5:3"
    assert note.message.startswith(
        "`db.restoreSnapshotSuffix` was ignored by 0.35.0 and is read from 0.38.0 on: the first helm "
        f"upgrade to {target} with it acts on what the 0.35.0 release set up: "
        "PersistentVolumeClaim default/determined-db-pvc-determined: data loss: "
    )
    assert (
        "restored from the snapshot determined-db-snapshot-nightly by db.restoreSnapshotSuffix"
        in note.message
    )
    assert "so it is deleted, and with it the volume's data" in note.message
    assert note.hint.startswith("remove `db.restoreSnapshotSuffix` unless that is meant; ")
    assert "migrate-takes-effect" not in {n.rule for n in migrated.notes}
    assert not migrated.ok


def test_the_note_is_chartgen_diffs_hazard_in_its_words(tmp_path: Path) -> None:
    installed, upgraded = tmp_path / "installed.yaml", tmp_path / "values.yaml"
    installed.write_text(RESTORE)
    upgraded.write_text(RESTORE)
    result = chartgen.diff(
        ValuesSource([str(installed)], app_version="0.35.0"),
        ValuesSource([str(upgraded)], app_version="0.38.1"),
    )
    (hazard,) = [h for h in result.errors if h.rule == "pvc-deleted"]
    (note,) = [
        n for n in chartgen.migrate(RESTORE, to="0.38.1", source="0.35.0").notes if n.rule == hazard.rule
    ]
    assert note.message.endswith(hazard.message) and note.hint.endswith(hazard.hint)


def test_no_note_where_nothing_is_lost() -> None:
    # A release that does not read it either: still no effect, nothing said about data.
    assert chartgen.migrate(RESTORE, to="0.37.0", source="0.35.0").notes == []
    # An external database: no claim to lose; the key takes effect, and migrate says only that.
    external = RESTORE + "  hostAddress: db.example\n  user: det\n  password: Db-Passw0rd\n  name: det\n"
    notes = chartgen.migrate(external, to="0.38.1", source="0.35.0").notes
    assert [(n.rule, n.path) for n in notes if n.path[:1] == ("db",)] == [
        ("migrate-takes-effect", ("db", "restoreSnapshotSuffix"))
    ]
    # Written for 0.38.1 already: migrating it changes nothing it means.
    assert chartgen.migrate(RESTORE, to="0.38.1", source="0.38.0").notes == []


def test_cli_exits_1_and_shows_no_secret(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(RESTORE.replace("Corpus-Passw0rd", "Very-S3cret-Pw"))
    code, out, err = run_cli(["migrate", "--from", "0.35.0", "--to", "0.38.1", "--diff", str(values)])
    assert code == 1
    assert f"{values}:5:3: error[pvc-deleted] `db.restoreSnapshotSuffix` was ignored by 0.35.0" in err
    assert "Very-S3cret-Pw" not in out + err
    code, out, err = run_cli(["migrate", "--from", "0.35.0", "--to", "0.38.1", str(values)])
    assert code == 1 and "error[pvc-deleted]" in out and "Very-S3cret-Pw" not in out + err
