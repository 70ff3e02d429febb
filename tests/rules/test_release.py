"""The release name and namespace from the command line."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from chartgen.validation.rules.release import dns1035_label, dns1123_label, helm_name, label_value

from .rulecheck import BASE, diagnostics, found

RULES = ["release-name", "namespace-name"]


def test_ordinary_names_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, RULES, release_name="det", namespace="determined") == []
    longest = "d" * 37  # determined-master-service- plus 37 characters is 63
    assert found(tmp_path, BASE, RULES, release_name=longest) == []


def test_names_helm_refuses(tmp_path: Path) -> None:
    for name in ("Det", "det_1", "-det", "d" * 54):
        assert found(tmp_path, BASE, RULES, release_name=name) == [(1, 1, "release-name")], name
    (finding,) = [d for d in diagnostics(tmp_path, BASE, release_name="Det") if d.rule == "release-name"]
    assert finding.location is not None and finding.location.file == "<release name>"


def test_names_that_make_invalid_service_names(tmp_path: Path) -> None:
    for name in ("prod.det", "d" * 38):
        assert found(tmp_path, BASE, RULES, release_name=name) == [(1, 1, "release-name")], name


def test_genai_permissions_job_label(tmp_path: Path) -> None:
    genai = BASE + (
        "genai:\n  version: 0.4.0\n  port: 1\n  messageQueuePort: 2\n  sharedPVCName: x\n"
        "  extraResourcePoolMetadata: {}\n  agentGroupID: 1\n  shouldInitializeSharedFSGroupPermissions: true\n"
    )
    assert found(tmp_path, genai, RULES, release_name="d" * 24) == []
    assert found(tmp_path, genai, RULES, release_name="d" * 25) == [(1, 1, "release-name")]


def test_namespace(tmp_path: Path) -> None:
    for namespace in ("Determined", "det_jobs", "n" * 64):
        assert found(tmp_path, BASE, RULES, namespace=namespace) == [(1, 1, "namespace-name")], namespace


# The grammars as Kubernetes and Helm write them (k8s.io/apimachinery validation, chartutil).
GRAMMARS = {
    dns1123_label: r"[a-z0-9]([-a-z0-9]*[a-z0-9])?",
    dns1035_label: r"[a-z]([-a-z0-9]*[a-z0-9])?",
    helm_name: r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
    label_value: r"([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?",
}


@given(st.text(alphabet="az09AZ-_.é \n", max_size=8))
def test_name_shapes_are_the_grammars_kubernetes_and_helm_write(text: str) -> None:
    for shaped, grammar in GRAMMARS.items():
        assert shaped(text) == bool(re.fullmatch(grammar, text)), (shaped.__name__, text)
