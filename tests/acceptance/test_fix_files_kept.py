"""``fix`` and ``migrate`` write as careful editors do: a link stays a link, a hard-linked file
keeps its inode, a read-only file is refused, and a failed write leaves the file as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from chartgen.diagnostics import UsageError
from chartgen.fixing.files import write_text
from tests.support.cli import run_cli

TYPO = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ncheckpointStorage:\n  type: s3\n  bukcet: b\n"
FIXED = TYPO.replace("bukcet", "bucket")


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("command", [["fix"], ["migrate", "--from", "0.38.1", "--to", "0.38.1"]])
def test_a_symbolic_link_is_written_through_and_stays_a_link(command: list[str]) -> None:
    Path("real").mkdir()
    Path("real/values.yaml").write_text(TYPO)
    Path("values.yaml").symlink_to("real/values.yaml")
    code, _, err = run_cli([*command, "values.yaml"])
    assert code == 0, err
    assert os.readlink("values.yaml") == "real/values.yaml"
    assert Path("real/values.yaml").read_text() == FIXED


def test_a_hard_linked_file_keeps_its_inode() -> None:
    Path("values.yaml").write_text(TYPO)
    os.link("values.yaml", "other-name.yaml")
    inode = os.stat("values.yaml").st_ino
    code, _, err = run_cli(["fix", "values.yaml"])
    assert code == 0, err
    assert os.stat("values.yaml").st_ino == inode
    assert Path("other-name.yaml").read_text() == FIXED
    assert sorted(os.listdir()) == ["other-name.yaml", "values.yaml"]  # no backup left


def test_a_read_only_file_is_refused_and_left_alone() -> None:
    Path("values.yaml").write_text(TYPO)
    os.chmod("values.yaml", 0o444)
    code, out, err = run_cli(["fix", "values.yaml"])
    assert (code, out) == (2, "")
    assert err == "chartgen: error: values.yaml is read-only (mode 0444): make it writable to change it\n"
    assert Path("values.yaml").read_text() == TYPO


def test_a_failed_write_in_place_puts_the_old_text_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from chartgen.fixing import files

    Path("values.yaml").write_text(TYPO)
    os.link("values.yaml", "other-name.yaml")
    real = files._write_in_place
    calls = []

    def full_disk(target: str, data: bytes) -> None:
        calls.append(data)
        if len(calls) == 1:
            with open(target, "r+b") as out:
                out.write(data[:10])  # a part written, then the disk is full
            raise OSError(28, "No space left on device")
        real(target, data)

    monkeypatch.setattr(files, "_write_in_place", full_disk)
    with pytest.raises(UsageError, match="No space left on device"):
        write_text("values.yaml", FIXED)
    assert Path("values.yaml").read_text() == TYPO
    assert sorted(os.listdir()) == ["other-name.yaml", "values.yaml"]
