"""GenAI: its requirements once installed, its pool metadata, and settings without a version."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found

GENAI_RULES = ["genai-required", "genai-pool-metadata", "genai-needs-version"]
GENAI = """genai:
  version: 0.4.0
  port: 9011
  messageQueuePort: 6379
  sharedPVCName: team-share
  extraResourcePoolMetadata:
    default:
      gpu_type: A100
"""


def test_complete_genai_passes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + GENAI, GENAI_RULES) == []
    generated = GENAI.replace(
        "  sharedPVCName: team-share\n", "  generatedPVC:\n    storageSize: 1Ti\n    storageClassName: rwx\n"
    )
    assert found(tmp_path, BASE + generated, GENAI_RULES) == []


def test_ports_required(tmp_path: Path) -> None:
    text = BASE + GENAI.replace("  messageQueuePort: 6379\n", "")
    assert found(tmp_path, text, GENAI_RULES) == [(3, 1, "genai-required")]
    text = BASE + GENAI.replace("port: 9011", "port: ''")
    assert found(tmp_path, text, GENAI_RULES) == [(5, 3, "genai-required")]


def test_storage_required_without_a_shared_volume(tmp_path: Path) -> None:
    text = BASE + GENAI.replace("  sharedPVCName: team-share\n", "  generatedPVC:\n    storageSize: 1Ti\n")
    assert found(tmp_path, text, GENAI_RULES) == [(7, 3, "genai-required")]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule == "genai-required"]
    assert finding.path == ("genai", "generatedPVC", "storageClassName")


def test_agent_group_required_to_fix_permissions(tmp_path: Path) -> None:
    text = BASE + GENAI + "  shouldInitializeSharedFSGroupPermissions: true\n"
    assert found(tmp_path, text, GENAI_RULES) == [(3, 1, "genai-required")]
    assert found(tmp_path, text + "  agentGroupID: 2000\n", GENAI_RULES) == []


def test_resource_pools_required(tmp_path: Path) -> None:
    text = BASE + GENAI.replace("    default:\n      gpu_type: A100\n", "    {}\n") + "resourcePools: null\n"
    assert found(tmp_path, text, GENAI_RULES) == [(10, 1, "genai-required")]


def test_metadata_must_name_existing_pools(tmp_path: Path) -> None:
    text = BASE + GENAI.replace("    default:", "    nope:")
    assert found(tmp_path, text, GENAI_RULES) == [(9, 5, "genai-pool-metadata")]
    pools = text + "resourcePools:\n- pool_name: default\n- pool_name: nope\n"
    assert found(tmp_path, pools, GENAI_RULES) == []


def test_settings_without_version_are_ignored(tmp_path: Path) -> None:
    text = BASE + GENAI.replace("  version: 0.4.0\n", "")
    assert found(tmp_path, text, GENAI_RULES) == [(3, 1, "genai-needs-version")]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule in GENAI_RULES]
    assert finding.severity is Severity.WARNING
