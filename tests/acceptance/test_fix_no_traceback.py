"""Whatever the file, ``fix`` and ``migrate`` answer with an exit code and findings, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.cli import run_cli

FUZZ = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
PIECES = st.sampled_from(
    [*" \n\t:-[]{},#&*!|>'\"%@?.~0123456789aexyz", "slot_type", "defaultPassword", "\r\n", "<<", "é"]
)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fixfuzz")


@FUZZ
@given(content=st.lists(PIECES, max_size=40).map("".join))
def test_random_text(workdir: Path, content: str) -> None:
    path = workdir / "values.yaml"
    for argv in (["fix", "--unsafe-fixes"], ["migrate", "--to", "0.35.0", "--unsafe-fixes"]):
        path.write_bytes(content.encode("utf-8"))
        code, out, err = run_cli([*argv, str(path)])
        assert code in (0, 1), (argv, code, err)
        assert "Traceback" not in out + err and "internal error" not in err
