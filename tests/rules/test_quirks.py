"""Values the chart accepts but ignores or changes: each gets a warning that says what happens."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity
from chartgen.validation.registry import RULES, Context, all_rules
from chartgen.values.load import load_values

from .rulecheck import BASE, diagnostics, found, messages

QUIRK_RULES = [
    "snapshot-suffix-install",
    "snapshot-namespace",
    "default-password-deprecated",
    "log-color-ignored",
    "security-token-ignored",
    "master-host-settings-ignored",
]


def _upgrade_findings(tmp_path: Path, text: str, rule: str, namespace: str) -> list[tuple[int, int]]:
    """Run one rule as ``render --is-upgrade`` would."""
    path = tmp_path / "values.yaml"
    path.write_text(text)
    list(all_rules())
    ctx = Context(load_values([str(path)]), "det", namespace, is_upgrade=True)
    return [(d.location.line, d.location.column) for d in RULES[rule].check(ctx) if d.location]


def test_quirks_are_warnings_and_defaults_raise_none(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, QUIRK_RULES) == []
    text = BASE + "logColor: false\ndefaultPassword: Legacy-Passw0rd\n"
    quirks = [d for d in diagnostics(tmp_path, text) if d.rule in QUIRK_RULES]
    assert quirks and all(d.severity is Severity.WARNING for d in quirks)


def test_snapshot_suffix_on_install(tmp_path: Path) -> None:
    text = BASE + "db:\n  snapshotSuffix: nightly\n  restoreSnapshotSuffix: old\n"
    assert found(tmp_path, text, QUIRK_RULES) == [
        (4, 19, "snapshot-suffix-install"),
        (5, 26, "snapshot-suffix-install"),
    ]
    assert _upgrade_findings(tmp_path, text, "snapshot-suffix-install", "default") == []


def test_snapshot_suffixes_are_unknown_to_0_35_0(tmp_path: Path) -> None:
    text = BASE + "db:\n  snapshotSuffix: nightly\n"
    assert found(tmp_path, text, QUIRK_RULES, release="0.35.0") == []


def test_snapshot_lands_in_namespace_default(tmp_path: Path) -> None:
    text = BASE + "db:\n  snapshotSuffix: nightly\n"
    assert _upgrade_findings(tmp_path, text, "snapshot-namespace", "default") == []
    assert _upgrade_findings(tmp_path, text, "snapshot-namespace", "determined") == [(4, 19)]


def test_default_password_deprecated(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, QUIRK_RULES) == []
    text = "maxSlotsPerPod: 4\ndefaultPassword: Legacy-Passw0rd\n"
    assert found(tmp_path, text, QUIRK_RULES) == [(2, 1, "default-password-deprecated")]
    (message,) = messages(tmp_path, text, "default-password-deprecated")
    assert "still uses it" in message and "Legacy-Passw0rd" not in message
    both = BASE + "defaultPassword: Legacy-Passw0rd\n"
    (message,) = messages(tmp_path, both, "default-password-deprecated")
    assert "ignored" in message


def test_log_color_false_has_no_effect(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "logColor: true\n", QUIRK_RULES) == []
    assert found(tmp_path, BASE + "logColor: false\n", QUIRK_RULES) == [(3, 11, "log-color-ignored")]


def test_security_token_ignored_by_0_38_1(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "security:\n  authz:\n    type: rbac\n", QUIRK_RULES) == []
    text = BASE + "security:\n  token:\n    max_lifespan_days: 90\n"
    assert found(tmp_path, text, QUIRK_RULES) == [(4, 3, "security-token-ignored")]


def test_master_port_and_scheme_need_the_host(tmp_path: Path) -> None:
    text = BASE + "determinedMasterHost: det.example.com\ndeterminedMasterPort: 443\n"
    assert found(tmp_path, text, QUIRK_RULES) == []
    text = BASE + "determinedMasterPort: 443\ndeterminedMasterScheme: https\n"
    assert found(tmp_path, text, QUIRK_RULES) == [
        (3, 1, "master-host-settings-ignored"),
        (4, 1, "master-host-settings-ignored"),
    ]
