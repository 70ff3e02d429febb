"""What the real ``helm template`` (helm 3.17 in ``.tools``) makes of values layers, for tests/gitops.

A tiny chart whose only template prints ``.Values`` as JSON: whatever a GitOps reader assembles,
handed to Helm as ``-f`` files in the same order, must come out as the tool's own tests say it
does. The precedence is Helm's and the tool's; the chart does not matter.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path

from chartgen.hints import typing
from chartgen.yamlio import Loaded
from chartgen.yamlio.load import load_documents

HELM = Path(__file__).resolve().parents[2] / ".tools" / "helm"

_TEMPLATE = """apiVersion: v1
kind: ConfigMap
metadata:
  name: values
  namespace: {{ .Release.Namespace }}
  labels:
    release: {{ .Release.Name }}
data:
  values: {{ toJson .Values | quote }}
"""


def helm_values(
    tmp: Path,
    layers: Sequence[Loaded],
    chart_values: str = "{}\n",
    *,
    name: str = "r",
    namespace: str = "default",
) -> tuple[dict[str, typing.Any], str, str]:
    """``.Values``, ``.Release.Name`` and ``.Release.Namespace`` as ``helm template NAME chart
    -n NAMESPACE -f layer…`` renders them, the chart's values.yaml being ``chart_values``."""
    chart = tmp / "tiny-chart"
    (chart / "templates").mkdir(parents=True, exist_ok=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: tiny\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text(chart_values)
    (chart / "templates" / "values.yaml").write_text(_TEMPLATE)
    files = []
    for index, layer in enumerate(layers):
        path = tmp / f"layer-{index}.json"
        path.write_text(json.dumps(layer.data))
        files += ["-f", str(path)]
    done = subprocess.run(
        [str(HELM), "template", name, str(chart), "-n", namespace, *files],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    manifest = load_documents(done.stdout, "helm template")[0].data
    return (
        json.loads(manifest["data"]["values"]),
        manifest["metadata"]["labels"]["release"],
        manifest["metadata"]["namespace"],
    )
