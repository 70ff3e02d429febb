"""chartgen's model of what the master holds of ``master.yaml`` (viper's settings), against the
master's own code (recorded by ``tests/oracles/settings.py``): variants it holds the same decode
to the same configuration, so a value the model drops has no effect on the master."""

from __future__ import annotations

import collections
import json

import pytest

from chartgen.validation.writes import master_settings
from chartgen.yamlio.load import load_yaml
from tests.oracles.settings import RECORDS, RELEASES

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def _settings(text: str) -> str | None:
    """The model's settings of a variant, as a comparable text; None where it says the master stops."""
    try:
        return json.dumps(master_settings(load_yaml(text, "", locate=False).data), sort_keys=True)
    except ValueError:
        return None


@pytest.mark.parametrize("release", RELEASES)
def test_variants_held_the_same_decode_the_same(release: str) -> None:
    groups: dict[str, set[str]] = collections.defaultdict(set)
    texts: dict[str, set[str]] = collections.defaultdict(set)
    for row in ROWS:
        if row["release"] != release:
            continue
        held = _settings(row["text"])
        if held is None:
            assert not row["ok"], row["text"]
            continue
        groups[held].add(row["decoded"])
        texts[held].add(row["text"])
    split = {held: decoded for held, decoded in groups.items() if len(decoded) > 1}
    assert not split, next(iter(texts[h] for h in split))
    # Not vacuous: the model does hold different files the same (nulls, empty mappings, capitals).
    assert sum(len(t) - 1 for t in texts.values()) >= 100


def test_a_mapping_of_nulls_is_no_setting_and_a_pod_spec_is_kept_as_written() -> None:
    base = "db:\n  host: db\n"
    assert _settings(base + "resource_pools:\n  pool_name: null\n") == _settings(base)
    assert _settings(base + "Log:\n  Level: debug\n") == _settings(base + "log:\n  level: debug\n")
    spec = "task_container_defaults:\n  shm_size_bytes: 1\n  cpu_pod_spec:\n    metadata:\n      labels:\n"
    assert _settings(base + spec + "        A: b\n") != _settings(base + spec + "        a: b\n")
    assert _settings(base + "task_container_defaults:\n  cpu_pod_spec: null\n") is None
