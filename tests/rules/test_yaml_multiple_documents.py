"""yaml-multiple-documents: what follows a values file's first YAML document, judged as Helm 3 and 4 read it.

Each case is checked three ways: chartgen's finding (line, column, severity) as reviewed here;
the same finding from both of chartgen's YAML readers; and live against ``helm template`` of
helm 3.17 and helm 4.1 (``make tools``) on a chart of the tests' own that prints ``.Values``:
Helm 3 reads what chartgen reads (the first document), and the severity is the one Helm 4's
answer calls for (it refuses the file: an error; it reads other values: a warning).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from chartgen.diagnostics import Severity
from chartgen.values.load import from_text
from tests.unit.yamlio.fastcheck import outcome

from .rulecheck import BASE, diagnostics

ROOT = Path(__file__).resolve().parents[2]
RULE = "yaml-multiple-documents"

#: Text after BASE (two lines) -> the finding expected: (line, column, severity), or None.
CASES: dict[str, tuple[str, tuple[int, int, Severity] | None]] = {
    "a second document": ("---\nmaxSlotsPerPod: 8\n", (3, 1, Severity.WARNING)),
    "a second document with a comment on its marker": (
        "--- # prod\nclusterName: b\n",
        (3, 1, Severity.WARNING),
    ),
    "a third document after an empty one": ("---\n---\nclusterName: b\n", (4, 1, Severity.WARNING)),
    "a second document that is not YAML": ("---\nclusterName: [b\n", (3, 1, Severity.ERROR)),
    "a second document that is a list": ("---\n- b\n", (3, 1, Severity.ERROR)),
    "a second document on its marker's line": ("--- {clusterName: b}\n", (3, 1, Severity.ERROR)),
    "a null on the marker's line": ("--- ~\n", (3, 1, Severity.ERROR)),
    "values after the end of the first": ("...\nclusterName: b\n", (4, 1, Severity.WARNING)),
    "a marker at the end": ("---\n", None),
    "empty documents": ("---\n~\n--- # nothing\n{}\n", None),
    "the end of the first and nothing after": ("...\n# done\n", None),
}


def _finding(tmp_path: Path, rest: str) -> tuple[int, int, Severity] | None:
    found = [d for d in diagnostics(tmp_path, BASE + rest) if d.rule == RULE]
    assert len(found) <= 1
    if not found:
        return None
    assert found[0].location is not None and found[0].location.file.endswith("values.yaml")
    return (found[0].location.line or 0, found[0].location.column or 0, found[0].severity)


@pytest.mark.parametrize(("rest", "expected"), CASES.values(), ids=CASES.keys())
def test_the_finding_is_at_the_later_documents_marker(
    tmp_path: Path, rest: str, expected: tuple[int, int, Severity] | None
) -> None:
    assert _finding(tmp_path, rest) == expected


def test_a_leading_marker_is_one_document(tmp_path: Path) -> None:
    assert [d for d in diagnostics(tmp_path, "---\n" + BASE) if d.rule == RULE] == []


@pytest.mark.parametrize("rest", [rest for rest, _ in CASES.values()], ids=CASES.keys())
def test_both_readers_give_the_same_finding(rest: str) -> None:
    assert outcome(BASE + rest, use_fast=True) == outcome(BASE + rest, use_fast=False)


def test_the_values_are_the_first_documents(tmp_path: Path) -> None:
    loaded = from_text(BASE + "---\nmaxSlotsPerPod: 8\nclusterName: b\n", "v.yaml")
    assert loaded.data == {"maxSlotsPerPod": 4, "initialUserPassword": "Corpus-Passw0rd"}


def test_the_finding_can_be_suppressed_on_the_marker_line(tmp_path: Path) -> None:
    from chartgen.api import check

    path = tmp_path / "values.yaml"
    path.write_text(BASE + "--- # chartgen: ignore[yaml-multiple-documents]\nclusterName: b\n")
    assert [d.rule for d in check([str(path)]).diagnostics] == []


def _helm(name: str) -> str:
    found = shutil.which(name, path=str(ROOT / ".tools"))
    assert found, f"make tools installs {name} into .tools/"
    return found


@pytest.fixture(scope="module")
def chart(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("chart") / "probe"
    (directory / "templates").mkdir(parents=True)
    (directory / "Chart.yaml").write_text("apiVersion: v2\nname: probe\nversion: 0.1.0\n")
    (directory / "templates" / "values.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: probe\ndata:\n  values: {{ toJson .Values | quote }}\n"
    )
    return directory


def _helm_values(helm: str, chart: Path, values: Path) -> dict[str, object] | None:
    """What ``helm template`` hands the templates as ``.Values``; None when it refuses the file."""
    run = subprocess.run(
        [_helm(helm), "template", "t", str(chart), "-f", str(values)], capture_output=True, text=True
    )
    if run.returncode != 0:
        assert "failed to parse" in run.stderr, run.stderr
        return None
    line = next(line for line in run.stdout.splitlines() if line.strip().startswith("values:"))
    found: dict[str, object] = json.loads(json.loads(line.split(":", 1)[1]))
    return found


@pytest.mark.parametrize(("rest", "expected"), CASES.values(), ids=CASES.keys())
def test_the_severity_is_what_helm_4_does_and_helm_3_reads_the_first_document(
    tmp_path: Path, chart: Path, rest: str, expected: tuple[int, int, Severity] | None
) -> None:
    values = tmp_path / "values.yaml"
    values.write_text(BASE + rest)
    helm3 = _helm_values("helm", chart, values)
    helm4 = _helm_values("helm4", chart, values)
    assert helm3 == from_text(BASE + rest, "v.yaml").data
    severity = None if expected is None else expected[2]
    if helm4 is None:
        assert severity is Severity.ERROR
    elif helm4 != helm3:
        assert severity is Severity.WARNING
        assert "Helm 4 merges" in next(
            d.message for d in diagnostics(tmp_path, BASE + rest) if d.rule == RULE
        )
    else:
        assert severity is not Severity.ERROR
