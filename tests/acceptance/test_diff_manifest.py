"""``--from-manifest`` with Helm's own output: what ``helm template`` rendered is what chartgen renders.

Against the conformance corpus (real ``helm template`` 3.17 output of each case's values)
in every run, and against a live ``helm template`` of the upstream chart when
``CHARTGEN_UPSTREAM_CHART`` names its directory (CI may not fetch the upstream chart,
and it is never committed here). The ``checksum/config`` digest differs by design
(Helm and chartgen each hash their own rendering): it is a note, never a change.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.oracles.judge import broken_upstream
from tests.support.cli import run_cli
from tests.support.corpus import CASES

ROOT = Path(__file__).resolve().parents[2]
DIGEST_NOTE = "checksum/config annotation differs although master.yaml does not"


# The oldest and the latest release: every case of the others passes too, but each case costs
# two renders and a parse of Helm's output, and make test runs on two shared cores.
RELEASES = ("0.35.0", "0.38.1")


def _rendered_cases() -> list[Path]:
    """Cases Helm renders and chartgen renders too (not those whose objects a consumer refuses)."""
    broken = broken_upstream()
    return sorted(
        p.parent
        for release in RELEASES
        for p in (CASES / release).glob("*/expected.yaml")
        if f"{release}/{p.parent.name}" not in broken
    )


def _args(case: Path) -> list[str]:
    meta = yaml.safe_load((case / "case.yaml").read_text())
    args = [
        "diff", str(meta["release"]), "-n", str(meta["namespace"]),
        "--app-version", str(meta["chart_version"]), "-f", str(case / "values.yaml"),
        "--is-upgrade" if meta.get("is_upgrade") else "--no-is-upgrade",
    ]  # fmt: skip
    for expr in meta.get("set") or []:
        args += ["--set", str(expr)]
    for expr in meta.get("set_string") or []:
        args += ["--set-string", str(expr)]
    return [*args, "--format", "json"]


def test_the_corpus_holds_rendered_cases_of_every_release() -> None:
    releases = {case.parent.name for case in _rendered_cases()}
    assert releases == set(RELEASES)
    assert len(_rendered_cases()) > 100


@pytest.mark.parametrize("case", _rendered_cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_helm_template_output_is_no_change_from_chartgens_render(case: Path) -> None:
    code, out, err = run_cli([*_args(case), "--from-manifest", str(case / "expected.yaml")])
    document = json.loads(out) if out else {}
    assert (code, err) == (0, ""), out
    assert document["changes"] == [] and document["hazards"] == []
    # The master's digest is Helm's on one side and chartgen's on the other: explained, not a change.
    assert all(DIGEST_NOTE in note for note in document["notes"])


def test_a_changed_value_against_helms_output_is_found() -> None:
    case = CASES / "0.38.1" / "defaults"
    args = _args(case)
    code, out, _ = run_cli(
        [*args, "--set", "maxSlotsPerPod=8", "--from-manifest", str(case / "expected.yaml")]
    )
    assert code == 3
    fields = [f for c in json.loads(out)["changes"] for f in c["fields"]]
    assert {(f["file"], f["path"], f["old"], f["new"]) for f in fields} == {
        ("master.yaml", "resource_manager.max_slots_per_pod", 4, 8)
    }


UPSTREAM = os.environ.get("CHARTGEN_UPSTREAM_CHART", "")


@pytest.mark.skipif(
    not UPSTREAM,
    reason="CHARTGEN_UPSTREAM_CHART is unset: point it at the upstream helm/charts/determined directory "
    "of a release (Chart.yaml version and appVersion set to it) to compare with live helm template",
)
@pytest.mark.parametrize(
    "values", ["installed", "coscheduler", "bigger-db", "checkpoints-s3", "nodeport", "keep"]
)
def test_live_helm_template_of_the_upstream_chart_is_no_change(values: str, tmp_path: Path) -> None:
    """Upstream installs ``db.keepOnUninstall`` (it ignores the key); only chartgen adds the annotation."""
    helm = shutil.which("helm", path=str(ROOT / ".tools")) or shutil.which("helm")
    assert helm, "make tools installs helm into .tools/"
    chart = yaml.safe_load((Path(UPSTREAM) / "Chart.yaml").read_text())
    release = str(chart["appVersion"])
    values_file = ROOT / "tests" / "acceptance" / "data" / "diff" / f"{values}.yaml"
    live = tmp_path / "live.yaml"
    live.write_text(
        subprocess.run(
            [helm, "template", "det", UPSTREAM, "-n", "determined", "-f", str(values_file)],
            check=True, capture_output=True, text=True, timeout=120,
        ).stdout
    )  # fmt: skip
    code, out, err = run_cli(
        [
            "diff", "det", "-n", "determined", "--app-version", release, "-f", str(values_file),
            "--no-is-upgrade", "--from-manifest", str(live), "--format", "json",
        ]
    )  # fmt: skip
    document = json.loads(out)
    if values != "keep":
        assert (code, err, document["changes"], document["hazards"]) == (0, "", [], [])
        return
    assert (code, err, document["hazards"]) == (3, "", [])
    ((change, fields),) = [((c["kind"], c["action"]), c["fields"]) for c in document["changes"]]
    assert change == ("PersistentVolumeClaim", "changed")
    assert [(f["path"], f["action"], f["new"]) for f in fields] == [
        ('metadata.annotations["helm.sh/resource-policy"]', "added", "keep")
    ]
