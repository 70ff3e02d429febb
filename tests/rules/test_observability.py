"""Monitoring: an observability section must set enable_prometheus."""

from __future__ import annotations

from pathlib import Path

from .rulecheck import BASE, found

RULE = "observability-enable-prometheus"


def test_enable_prometheus_set_passes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, [RULE]) == []
    for value in ("true", "false"):
        assert found(tmp_path, BASE + f"observability:\n  enable_prometheus: {value}\n", [RULE]) == []


def test_section_without_enable_prometheus(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "observability:\n  other: 1\n", [RULE]) == [(3, 1, RULE)]
    assert found(tmp_path, BASE + "observability:\n  enable_prometheus: null\n  x: 1\n", [RULE]) == [
        (4, 3, RULE)
    ]


def test_empty_section_is_not_read(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "observability: {}\n", [RULE]) == []
