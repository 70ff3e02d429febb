"""``fix`` never writes a file that says something else, and never crashes on what it reads:
each case a whole process under a CPU limit, its file checked afterwards."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support import process


def fix(path: Path, *flags: str) -> tuple[int, str]:
    done = process.run([*process.CHARTGEN, "fix", *flags, str(path)], limits=process.Limits(cpu=10))
    assert "Traceback" not in done.text and "internal error" not in done.text, done.text
    return done.code, done.text


def test_two_safe_renames_to_one_key_leave_no_duplicate(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    text = "maxSlotsPerPod: 4\ndefaultPassword: One-Passw0rd\ninitialUserPasword: Two-Passw0rd\n"
    path.write_text(text)
    code, out = fix(path)
    written = path.read_text()
    assert written.count("initialUserPassword:") == 1, written
    # What Helm reads is what it read before: defaultPassword was the password, the typo nothing.
    assert yaml.safe_load(written)["initialUserPassword"] == "One-Passw0rd"
    assert "unknown-key" in out and "Two-Passw0rd" not in out  # the typo is left, said, not shown
    assert code == 0


def test_a_section_written_twice_is_fixed_not_crashed_on(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("a: {x: 1}\na: {x: 1}\n")
    code, out = fix(path)
    assert code == 1 and "error[yaml-duplicate-key]" in out
    assert path.read_text() == "a: {x: 1}\na: {x: 1}\n"  # removing a copy is an unsafe fix
    code, out = fix(path, "--unsafe-fixes")
    assert path.read_text() == "a: {x: 1}\n"
