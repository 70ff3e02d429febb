"""The comparison itself: what counts as the same objects, checked on real corpus output."""

from __future__ import annotations

import hashlib
from typing import Any

import yaml
from compare_objects import compare
from conformance_cases import CASES_DIR

DEFAULTS = (CASES_DIR / "0.38.1" / "defaults" / "expected.yaml").read_text()


def _docs() -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(DEFAULTS) if doc]


def _dump(docs: list[dict[str, Any]]) -> str:
    return yaml.safe_dump_all(docs, sort_keys=True)


def _find(docs: list[dict[str, Any]], kind: str, name: str = "") -> dict[str, Any]:
    return next(doc for doc in docs if doc["kind"] == kind and name in doc["metadata"]["name"])


def test_same_stream_in_another_order_and_layout_is_equal() -> None:
    assert compare(DEFAULTS, DEFAULTS) == []
    assert compare(DEFAULTS, _dump(list(reversed(_docs())))) == []


def test_a_changed_value_is_reported_with_its_path() -> None:
    docs = _docs()
    service = _find(docs, "Service", "master")
    service["spec"]["ports"][0]["port"] = 9999
    problems = compare(DEFAULTS, _dump(docs))
    assert any("Service" in line and "differs" in line for line in problems)
    assert any("spec.ports[0].port: expected 8080, got 9999" in line for line in problems)


def test_types_matter() -> None:
    docs = _docs()
    deployment = _find(docs, "Deployment", "master")
    resources = deployment["spec"]["template"]["spec"]["containers"][0]["resources"]
    resources["requests"]["cpu"] = 2
    problems = compare(DEFAULTS, _dump(docs))
    assert any("requests.cpu: expected '2' (str), got 2 (int)" in line for line in problems)


def test_null_entries_count_as_absent() -> None:
    docs = _docs()
    _find(docs, "Service", "master")["metadata"]["annotations"] = None
    assert compare(DEFAULTS, _dump(docs)) == []


def test_missing_and_unexpected_objects() -> None:
    docs = _docs()
    dropped = docs.pop()
    docs.append({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "extra"}})
    problems = compare(DEFAULTS, _dump(docs))
    assert f"missing object: {dropped['kind']}" in "\n".join(problems)
    assert "unexpected object: ConfigMap extra (v1)" in problems


def test_carried_master_yaml_is_compared_as_data() -> None:
    docs = _docs()
    secret = _find(docs, "Secret")
    master = yaml.safe_load(secret["stringData"]["master.yaml"])
    secret["stringData"]["master.yaml"] = yaml.safe_dump(master, default_flow_style=True)
    assert compare(DEFAULTS, _dump(docs)) == []
    master["log"]["level"] = "debug"
    secret["stringData"]["master.yaml"] = yaml.safe_dump(master)
    problems = compare(DEFAULTS, _dump(docs))
    assert any("log.level: expected 'info', got 'debug'" in line for line in problems)


def test_checksum_must_be_a_digest_but_its_value_is_free() -> None:
    docs = _docs()
    annotations = _find(docs, "Deployment", "master")["spec"]["template"]["metadata"]["annotations"]
    annotations["checksum/config"] = hashlib.sha256(b"ours").hexdigest()
    assert compare(DEFAULTS, _dump(docs)) == []
    annotations["checksum/config"] = "not-a-digest"
    problems = compare(DEFAULTS, _dump(docs))
    assert any("checksum/config is not a sha256 hex digest" in line for line in problems)


def test_invalid_output_is_a_difference() -> None:
    assert compare(DEFAULTS, "a: [")[0].startswith("the output is not valid YAML")
