"""``chartgen fix`` on values files people really wrote: reviewed results, comments kept, nothing fixable left."""

from __future__ import annotations

import difflib
from collections import Counter
from pathlib import Path

import pytest

import chartgen
from chartgen.fixing.engine import candidates
from tests.support.cli import run_cli
from tests.support.golden import fix_output, real_world_files

FIX_NOTE = "removed by chartgen fix"


@pytest.mark.parametrize("path", real_world_files(), ids=lambda p: p.stem)
def test_fix_output_is_the_reviewed_one(path: Path) -> None:
    actual = fix_output(path)
    expected = path.with_suffix(".fix.txt").read_text()
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "reviewed", "now")
        )
        pytest.fail(f"{path.name}: fix output changed (run `make golden` if intended):\n{diff}")


def _comments(text: str) -> Counter[str]:
    return Counter(line.strip() for line in text.splitlines() if line.strip().startswith("#"))


@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
@pytest.mark.parametrize("path", real_world_files(), ids=lambda p: p.stem)
def test_fix_leaves_only_findings_without_a_fix_and_every_comment(path: Path, unsafe: bool) -> None:
    text = path.read_text(encoding="utf-8")
    fixed = chartgen.fix(text, file=path.name, unsafe=unsafe)
    offered, _ = candidates(fixed.text, path.name, "0.38.1")
    assert [c.fix.rule for c in offered if c.safe or unsafe] == []
    again = chartgen.fix(fixed.text, file=path.name, unsafe=unsafe)
    assert again.text == fixed.text and not again.applied
    added = Counter({c: n for c, n in _comments(fixed.text).items() if FIX_NOTE in c})
    assert _comments(fixed.text) - added == _comments(text)


def test_fix_writes_the_file_in_place_and_only_the_files_named(tmp_path: Path) -> None:
    source = next(p for p in real_world_files() if p.name.startswith("10-"))
    named, other = tmp_path / "values.yaml", tmp_path / "other.yaml"
    named.write_bytes(source.read_bytes().replace(b"\n", b"\r\n"))
    other.write_bytes(source.read_bytes())
    named.chmod(0o640)
    code, out, err = run_cli(["fix", str(named)])
    assert code == 1  # initialUserPassword is still missing: no fix invents it
    assert f"{named}:11:1: fixed[unknown-key] renamed `slot_type` to `slotType`" in out
    assert "error[initial-password-required]" in out
    assert f"{named}: fixed 1" in err
    expected = source.read_bytes().replace(b"slot_type:", b"slotType:").replace(b"\n", b"\r\n")
    assert named.read_bytes() == expected
    assert named.stat().st_mode & 0o777 == 0o640
    assert other.read_bytes() == source.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.yaml", "values.yaml"]


def test_diff_writes_nothing_and_hides_secrets(tmp_path: Path) -> None:
    values = tmp_path / "values.yaml"
    text = (
        "maxSlotsPerPod: 4\nlogging:\n  type: elastic\n  host: https://u:Pw0rd@es.example/?sas=Tok3n\n"
        "defaultPassword: Sup3r-Secret-Pw\ndb:\n  password: [Db-Secr3t]\n"
    )
    values.write_text(text)
    code, out, err = run_cli(["fix", "--diff", str(values)])
    assert code == 1
    assert "-defaultPassword: <secret>\n+initialUserPassword: <secret>\n" in out
    assert " host: https://...@es.example/?...\n" in out and " password: [<secret>]\n" in out
    for secret in ("Sup3r", "Pw0rd", "Tok3n", "Db-Secr3t"):
        assert secret not in out + err
    assert values.read_text() == text


def test_usage_errors_exit_2_and_a_syntax_error_is_a_finding(tmp_path: Path) -> None:
    assert run_cli(["fix"])[0] == 2
    assert run_cli(["fix", str(tmp_path / "missing.yaml")])[0] == 2
    assert run_cli(["fix", "-"])[0] == 2
    assert run_cli(["fix", "--app-version", "9.9.9", str(tmp_path / "x.yaml")])[0] == 2
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: [1\n")
    code, out, _ = run_cli(["fix", str(broken)])
    assert code == 1 and "error[yaml-syntax]" in out and "Traceback" not in out
    assert broken.read_text() == "a: [1\n"


def test_files_too_large_or_not_utf8_are_findings_and_never_written(tmp_path: Path) -> None:
    from chartgen.yamlio.read import MAX_INPUT_BYTES

    large, latin, wide = tmp_path / "large.yaml", tmp_path / "latin.yaml", tmp_path / "wide.yaml"
    large.write_bytes(b"slot_type: cpu\n" + b"#" * MAX_INPUT_BYTES)
    latin.write_bytes(b"slot_type: caf\xe9\n")
    wide.write_bytes("slot_type: cpu\n".encode("utf-16"))
    code, out, _ = run_cli(["fix", str(large), str(latin)])
    assert code == 1 and "error[input-too-large]" in out and f"{latin}:1:15: error[not-utf8]" in out
    assert run_cli(["fix", str(wide)])[0] == 2
    assert large.read_bytes().startswith(b"slot_type") and latin.read_bytes() == b"slot_type: caf\xe9\n"
