"""``fix`` and ``migrate`` locate what they print in the file as it is on disk when they end:
with ``--diff`` the file as it was (nothing is written), else the file as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run_cli

# A pool's key moved (two lines more above the rest), then, in a second round, a value unquoted
# under the key renamed in the first; the weak password stays.
MOVES = (
    "resourcePools:\n"
    "  - pool_name: default\n"
    "    max_slots_per_pod: 2\n"
    'maxSlotsPerpod: "4"\n'
    "initialUserPassword: abc12\n"
)
WEAK = "error[initial-password-strength]"


def _lines(text: str, marker: str) -> list[str]:
    return [line for line in text.splitlines() if marker in line]


@pytest.fixture
def values(tmp_path: Path) -> Path:
    path = tmp_path / "values.yaml"
    path.write_text(MOVES)
    return path


def test_diff_locates_findings_left_in_the_file_on_disk(values: Path) -> None:
    code, out, err = run_cli(["fix", "--diff", str(values)])
    assert code == 1 and values.read_text() == MOVES
    assert "+maxSlotsPerPod: 4\n" in out
    _, linted, _ = run_cli(["lint", str(values)])
    (on_disk,) = _lines(linted, WEAK)
    assert on_disk.startswith(f"{values}:5:22: ")
    assert _lines(err, WEAK) == [on_disk]


def test_diff_locates_each_round_s_fixes_in_the_file_on_disk(values: Path) -> None:
    _, _, err = run_cli(["fix", "--diff", str(values)])
    assert _lines(err, "would-fix[") == [
        f"{values}:3:5: would-fix[misplaced-key] moved `resourcePools[0].max_slots_per_pod` to "
        "`resourcePools[0].task_container_defaults.kubernetes.max_slots_per_pod`",
        f"{values}:4:1: would-fix[unknown-key] renamed `maxSlotsPerpod` to `maxSlotsPerPod`",
        f"{values}:4:17: would-fix[wrong-type] unquoted `maxSlotsPerPod`: it is a number",
    ]


def test_fixing_in_place_locates_everything_in_the_file_written(values: Path) -> None:
    code, out, _ = run_cli(["fix", str(values)])
    assert code == 1
    written = values.read_text().splitlines()
    assert written[5] == "maxSlotsPerPod: 4"
    assert f"{values}:6:1: fixed[unknown-key] renamed `maxSlotsPerpod` to `maxSlotsPerPod`" in out
    assert f"{values}:6:17: fixed[wrong-type] unquoted `maxSlotsPerPod`: it is a number" in out
    (weak,) = _lines(out, WEAK)
    assert weak.startswith(f"{values}:7:22: ") and written[6].startswith("initialUserPassword:")
    assert _lines(run_cli(["lint", str(values)])[1], WEAK) == [weak]


def test_migrate_diff_locates_findings_left_in_the_file_on_disk(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    text = (
        "db:\n  snapshotSuffix: nightly\n  memRequest: 2Gi\nmaxSlotsPerPod: 4\ninitialUserPassword: abc12\n"
    )
    values.write_text(text)
    code, out, err = run_cli(["migrate", "--from", "0.38.1", "--to", "0.37.0", "--diff", str(values)])
    assert code == 1 and values.read_text() == text
    assert "-  snapshotSuffix: nightly\n" in out
    assert f"{values}:2:3: warning[migrate-dropped]" in err
    (weak,) = _lines(err, WEAK)
    assert weak.startswith(f"{values}:5:22: ")
