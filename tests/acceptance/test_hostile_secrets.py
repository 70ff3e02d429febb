"""No secret in any output: the cases of issue 27 (item 2), each a whole process under a CPU limit.

``test_secrets`` plants a secret in every secret field and runs every command in-process. Here
the cases the issue names run as users run them, where what Python itself prints (ruamel's
reused-anchor warning quoted both source lines) reaches standard error as it would.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from tests.support import process

#: Misspelt, as ``fix`` renames them: the very keys whose values a diff once showed.
MISSPELT = "maxSlotsPerPod: 4\ninitialUserPasword: Sekr1t-One-7e1\ndb:\n  pasword: Sekr1t-Two-7e1\n"
#: One anchor name given twice, on passwords; and a key ``fix`` renames, so the file is rewritten.
REUSED_ANCHOR = (
    "password: &pw Sekr1t-Three-7e1\ninitialUserPassword: &pw Sekr1t-Four-7e1\n"
    "maxSlotsPerPod: 4\nclusterNam: c\n"
)
SECRETS = ("Sekr1t-One-7e1", "Sekr1t-Two-7e1", "Sekr1t-Three-7e1", "Sekr1t-Four-7e1", "Sekr1t-Tail-7e1")
MIGRATE = ("migrate", "--from", "0.35.0", "--to", "0.38.1")


def run(*argv: str, cwd: Path) -> process.Done:
    done = process.run([*process.CHARTGEN, *argv], limits=process.Limits(cpu=10), cwd=cwd)
    assert "Traceback" not in done.text and "internal error" not in done.text, done.text
    assert not [secret for secret in SECRETS if secret in done.text], done.text
    return done


@pytest.mark.parametrize(
    "argv",
    [
        ("fix", "--diff"),
        ("fix", "--diff", "--unsafe-fixes"),
        (*MIGRATE, "--diff"),
        (*MIGRATE, "--diff", "--unsafe-fixes"),
    ],
    ids=" ".join,
)
def test_a_diff_hides_the_misspelt_secret_it_renames(argv: tuple[str, ...], tmp_path: Path) -> None:
    (tmp_path / "values.yaml").write_text(MISSPELT)
    done = run(*argv, "values.yaml", cwd=tmp_path)
    assert done.code == 1  # fixes to make
    assert "-initialUserPasword: <secret>\n+initialUserPassword: <secret>\n" in done.out
    assert ("+  password: <secret>\n" in done.out) == ("--unsafe-fixes" in argv)


LIBRARY = """
import chartgen

before = %r
print(chartgen.unified_diff("values.yaml", before, before.replace("Pasword", "Password")), end="")
"""


def test_the_librarys_diff_hides_a_misspelt_secret(tmp_path: Path) -> None:
    argv = [sys.executable, "-c", textwrap.dedent(LIBRARY % MISSPELT)]
    done = process.run(argv, limits=process.Limits(cpu=10), cwd=tmp_path)
    assert (done.code, done.err) == (0, "")
    assert "-initialUserPasword: <secret>\n+initialUserPassword: <secret>\n" in done.out
    assert not [secret for secret in SECRETS if secret in done.out]


@pytest.mark.parametrize("argv", [("fix",), ("fix", "--diff"), MIGRATE, (*MIGRATE, "--diff")], ids=" ".join)
def test_a_reused_anchor_is_reported_without_its_lines(argv: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(REUSED_ANCHOR)
    done = run(*argv, "values.yaml", cwd=tmp_path)
    assert "warning[yaml-reused-anchor]" in done.text
    if "--diff" in argv:
        assert done.code == 1 and "+clusterName: c\n" in done.out
    else:
        assert done.code == 0 and path.read_text() == REUSED_ANCHOR.replace("clusterNam:", "clusterName:")


@pytest.mark.parametrize("command", ["lint", "render"])
def test_what_follows_a_secrets_comma_is_not_shown(command: str, tmp_path: Path) -> None:
    """Helm reads ``Tail`` as another key; it may be the rest of the password."""
    flags = ["--set", "maxSlotsPerPod=4", "--set", "initialUserPassword=Passw0rdX-long"]
    done = run(command, *flags, "--set", "db.password=Head,Sekr1t-Tail-7e1=1", cwd=tmp_path)
    assert done.code == 1 and "error[set-syntax]" in done.text
