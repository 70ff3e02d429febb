"""Task logs: Elasticsearch needs host and port; its settings do nothing for other backends."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found

LOGGING_RULES = ["elastic-address-required", "elastic-settings-ignored"]


def test_elastic_with_address_passes(tmp_path: Path) -> None:
    text = BASE + "logging:\n  type: elastic\n  host: es.example.com\n  port: 9200\n"
    assert found(tmp_path, text, LOGGING_RULES) == []
    assert found(tmp_path, BASE + "logging:\n  type: default\n", LOGGING_RULES) == []


def test_elastic_needs_host_and_port(tmp_path: Path) -> None:
    text = BASE + "logging:\n  type: elastic\n  port: 9200\n"
    assert found(tmp_path, text, LOGGING_RULES) == [(3, 1, "elastic-address-required")]
    text = BASE + "logging:\n  type: elastic\n  host: es\n  port: null\n"
    assert found(tmp_path, text, LOGGING_RULES) == [(6, 3, "elastic-address-required")]


def test_elastic_settings_without_elastic_are_ignored(tmp_path: Path) -> None:
    text = BASE + "logging:\n  type: default\n  host: es.example.com\n"
    assert found(tmp_path, text, LOGGING_RULES) == [(5, 3, "elastic-settings-ignored")]
    assert all(d.severity is Severity.WARNING for d in diagnostics(tmp_path, text) if d.rule in LOGGING_RULES)
