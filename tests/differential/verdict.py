"""What each side made of a case: objects (as digests per object, the corpus's comparison rules
applied first) or a refusal; and the three rules a difference between helm and chartgen must obey.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tests.differential.strategy import Case
from tests.support.cli import run_cli
from tests.support.corpus import CORPUS

FINDING = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): error\[(?P<rule>[a-z0-9-]+)\]", re.M)


@dataclass
class Outcome:
    """Objects by ``Kind namespace/name`` with a digest each, or ``None`` when refused."""

    objects: dict[str, str] | None
    errors: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return self.objects is None

    def to_json(self) -> dict[str, Any]:
        return {"objects": self.objects, "errors": self.errors}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(data["objects"], data.get("errors", []))


@cache
def compare_module() -> Any:
    """The corpus's own ``compare.py``: its normalisation is the definition of "the same objects"."""
    spec = importlib.util.spec_from_file_location("corpus_compare_rules", CORPUS / "compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _canonical(value: Any) -> Any:
    """The corpus compares multi-line strings up to trailing newlines; digests must too."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, str) and "\n" in value:
        return value.rstrip("\n")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return f"<{type(value).__name__}> {value}"


def objects(stream: str) -> dict[str, str]:
    """Each object of a manifest stream, normalised as ``compare.py`` does, as a short digest."""
    compare = compare_module()
    problems: list[str] = []
    try:
        docs = compare.load_stream(stream)
    except compare.yaml.YAMLError as error:
        # Helm does not parse its output with a YAML 1.1 reader; kubectl would not take this either.
        return {"<stream>": "unparsable: " + str(error).splitlines()[0]}
    indexed = compare.index(docs, "side", problems)
    digests = {}
    for (_api, kind, namespace, name), doc in indexed.items():
        text = json.dumps(_canonical(doc), sort_keys=True)
        digests[f"{kind} {namespace}/{name}"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return digests


def helm(case: Case, helm_binary: str, chart: str) -> Outcome:
    """``helm template`` of the upstream chart at ``chart`` (which must carry the case's release)."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [helm_binary, "template", "determined", chart]
        for index, text in enumerate(case.files):
            path = Path(tmp) / f"values-{index}.yaml"
            path.write_text(text)
            argv += ["-f", str(path)]
        done = subprocess.run(argv + case.flags(), capture_output=True, text=True, timeout=60, check=False)
    if done.returncode:
        return Outcome(None, [done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "refused"])
    return Outcome(objects(done.stdout))


def chartgen(case: Case) -> Outcome:
    """``chartgen render`` of the same case, in process."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["render", "--app-version", case.release]
        for index, text in enumerate(case.files):
            path = Path(tmp) / f"values-{index}.yaml"
            path.write_text(text)
            argv += ["-f", str(path)]
        code, stdout, stderr = run_cli(argv + case.flags())
    if code == 0:
        return Outcome(objects(stdout))
    assert code == 1, f"render exited {code}:\n{stderr}"
    return Outcome(None, [line for line in stderr.splitlines() if ": error[" in line])


def disagreements(case: Case, by_helm: Outcome, by_chartgen: Outcome) -> list[str]:
    """Empty when chartgen keeps the issue's three promises on this case."""
    if by_helm.refused:
        return [] if by_chartgen.refused else [f"helm refuses ({by_helm.errors[0]}), chartgen renders"]
    if by_chartgen.objects is not None:
        assert by_helm.objects is not None
        differ = sorted(
            key
            for key in by_helm.objects.keys() | by_chartgen.objects.keys()
            if by_helm.objects.get(key) != by_chartgen.objects.get(key)
        )
        return [f"objects differ: {', '.join(differ)}"] if differ else []
    # chartgen refuses what helm renders: only with located errors on what the case wrote.
    problems = []
    for line in by_chartgen.errors:
        found = FINDING.match(line)
        if not found or not (found["file"].startswith("--set") or "values-" in found["file"]):
            problems.append(f"chartgen refuses, helm renders, with an error not located in the case: {line}")
    if not by_chartgen.errors:
        problems.append("chartgen refuses what helm renders without a located error")
    return problems
