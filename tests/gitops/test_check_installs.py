"""Checking an Install: its flags located at their ``value:`` lines, the caller's flags after
them, and nothing a Secret's layer holds ever shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.checking import check
from chartgen.checking.installs import WITHHELD, _withheld
from chartgen.diagnostics import Diagnostic, Location
from chartgen.gitops.model import Install
from chartgen.values.load import SetFlags, from_text


def test_a_secret_layers_values_are_never_in_a_finding() -> None:
    layer = from_text("db:\n  password: hunter2-secret\n  port: notaport\n", "secret.yaml")
    install = Install("flux", "HelmRelease det", Location("release.yaml", 1, 1), "determined", [layer])
    install.secret_layers.append(0)
    found = [
        Diagnostic(
            "db-port", "db.port: PostgreSQL refuses PGPORT `notaport`", location=Location("secret.yaml", 3, 9)
        ),
        Diagnostic("other", "hunter2-secret leaked", location=Location("release.yaml", 2, 1), extra={"v": 1}),
    ]
    shown = _withheld(found, install)
    assert [d.message for d in shown] == [
        f"db.port: PostgreSQL refuses PGPORT `{WITHHELD}`",
        f"{WITHHELD} leaked",
    ]
    assert all(d.extra == {} for d in shown)


def test_the_callers_flags_keep_their_own_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path
    (root / ".git").mkdir()
    (root / "app.yaml").write_text(
        "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: det\nspec:\n  source:\n"
        "    repoURL: https://helm.determined.ai\n    chart: determined\n    targetRevision: 0.38.1\n"
        "    helm:\n      valuesObject:\n        initialUserPassword: Passw0rdX\n"
        "      parameters:\n        - name: maxSlotsPerPod\n          value: '0'\n"
    )
    monkeypatch.chdir(root)
    result = check(["app.yaml"], flags=SetFlags(set=["db.port=notaport"]))
    located = {(d.rule, str(d.location)) for d in result.diagnostics if d.rule != "db-keep-policy"}
    assert ("max-slots-per-pod-positive", "app.yaml:15:18") in located
    assert any(rule == "db-port" and where.startswith("--set:1:") for rule, where in located), located
