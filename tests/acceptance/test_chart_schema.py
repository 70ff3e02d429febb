"""chartgen's JSON Schema as a chart's ``values.schema.json``: Helm enforces it, and it names itself.

The live part needs the upstream chart, which is never committed: ``CHARTGEN_UPSTREAM_CHART``
names a release's ``helm/charts/determined`` directory (CI does not fetch it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from chartgen.gen import schema_path
from chartgen.releases import SUPPORTED

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM = os.environ.get("CHARTGEN_UPSTREAM_CHART", "")


@pytest.mark.parametrize("release", SUPPORTED)
def test_each_published_schema_has_its_own_absolute_id(release: str) -> None:
    document = json.loads(schema_path(release).read_text())
    assert document["$id"].endswith(f"/{release}") and ":" in document["$id"]
    ids = {json.loads(schema_path(r).read_text())["$id"] for r in SUPPORTED}
    assert len(ids) == len(SUPPORTED)


@pytest.mark.skipif(
    not UPSTREAM,
    reason="CHARTGEN_UPSTREAM_CHART is unset: point it at the upstream helm/charts/determined directory",
)
def test_helm_enforces_the_schema_as_the_charts_values_schema(tmp_path: Path) -> None:
    helm = shutil.which("helm", path=str(ROOT / ".tools")) or shutil.which("helm")
    assert helm, "make tools installs helm into .tools/"
    release = str(yaml.safe_load((Path(UPSTREAM) / "Chart.yaml").read_text())["appVersion"]).lstrip("v")
    chart = tmp_path / "determined"
    shutil.copytree(UPSTREAM, chart)
    shutil.copy(schema_path(release), chart / "values.schema.json")

    def template(values: str) -> subprocess.CompletedProcess[str]:
        command = [helm, "template", "det", str(chart), "-f", str(ROOT / "examples" / values)]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    good = template("values.yaml")
    assert good.returncode == 0, good.stderr
    bad = template("values-typo.yaml")
    assert bad.returncode != 0
    assert "values don't meet the specifications of the schema" in bad.stderr
    assert "bukcet" in bad.stderr
