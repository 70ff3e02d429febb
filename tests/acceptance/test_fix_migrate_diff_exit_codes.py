"""``fix --diff`` and ``migrate --diff`` exit alike, as ``ruff check --diff``: 1 when a file would
change, 0 when none would (fixes left for ``--unsafe-fixes`` change nothing), and never write."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run_cli

GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\ndb:\n  keepOnUninstall: true\n"
# Each command: its flags, then a text it would change, one with only an unsafe change, one it keeps.
COMMANDS = {
    "fix": (["fix"], GOOD + "slot_type: gpu\n", GOOD + "logColor: false\n", GOOD),
    "migrate": (
        ["migrate", "--from", "0.38.1", "--to", "0.37.0"],
        GOOD + "  snapshotSuffix: nightly\n",
        GOOD + "logColor: false\n",
        GOOD,
    ),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_diff_exits_1_exactly_when_a_file_would_change(tmp_path: Path, command: str) -> None:
    argv, changed, unsafe_only, unchanged = COMMANDS[command]
    for text, status in ((changed, 1), (unsafe_only, 0), (unchanged, 0)):
        values = tmp_path / "values.yaml"
        values.write_text(text)
        code, out, err = run_cli([*argv, "--diff", str(values)])
        assert (code, bool(out)) == (status, status == 1), (text, out, err)
        assert values.read_text() == text
        if status:
            code, _, _ = run_cli([*argv, str(values)])
            assert code == 0 and values.read_text() != text  # written, nothing left to fix
