"""One corpus case: the command line it stands for and the verdict on what the command did."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.support.corpus import CASES, CORPUS

CASES_DIR = CASES


def _reference_compare() -> Any:
    """The corpus's own ``compare.py``: the comparison rules exactly as the specification states them."""
    spec = importlib.util.spec_from_file_location("corpus_compare", CORPUS / "compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compare


compare = _reference_compare()


#: A located error in the case's values file or a flag, as ``run.py`` matches it.
_LOCATED_ERROR = re.compile(r"(values\.yaml|--set[-a-z]*):\d+:\d+: error\[")


@dataclass(frozen=True)
class Case:
    directory: Path
    meta: dict[str, Any]

    @classmethod
    def load(cls, directory: Path) -> Case:
        return cls(directory, yaml.safe_load((directory / "case.yaml").read_text()))

    @property
    def name(self) -> str:
        return f"{self.directory.parent.name}/{self.directory.name}"

    @property
    def refused(self) -> bool:
        return (self.directory / "expected-error.txt").exists()

    def argv(self) -> list[str]:
        """The ``render`` arguments the case stands for (after the program name)."""
        meta = self.meta
        args = [
            "render", str(meta["release"]),
            "-f", str(self.directory / "values.yaml"),
            "--namespace", str(meta["namespace"]),
            "--app-version", str(meta["chart_version"]),
        ]  # fmt: skip
        if meta.get("is_upgrade"):
            args.append("--is-upgrade")
        for expr in meta.get("set") or []:
            args += ["--set", str(expr)]
        for expr in meta.get("set_string") or []:
            args += ["--set-string", str(expr)]
        return args

    def verdict(self, code: int, stdout: str, stderr: str) -> list[str]:
        """What is wrong with this outcome; an empty list means the case conforms."""
        if self.refused:
            mention = str(self.meta["error_mentions"])
            problems = []
            if code != 1:
                problems.append(f"expected exit 1 (values refused), got {code}")
            if mention not in stderr:
                problems.append(f"the diagnostics do not name {mention!r}")
            if stdout.strip():
                problems.append("refused values must leave standard output empty")
            if problems and stderr.strip():
                problems.append("standard error was:")
                problems.extend(f"    {line}" for line in stderr.strip().splitlines())
            return problems
        if self.refusal_accepted(code, stdout, stderr):
            return []
        if code != 0:
            return [f"expected exit 0, got {code}; standard error:", *stderr.strip().splitlines()]
        return compare((self.directory / "expected.yaml").read_text(), stdout)

    @property
    def accepted_refusals(self) -> list[str]:
        """``accept.yaml``'s tokens: where upstream renders values a consumer refuses, a located
        refusal naming one of them conforms in place of Helm's objects (the corpus README)."""
        accept = self.directory / "accept.yaml"
        if not accept.exists():
            return []
        tokens = (yaml.safe_load(accept.read_text()) or {}).get("refuse", [])
        return [str(token) for token in (tokens if isinstance(tokens, list) else [tokens])]

    def refusal_accepted(self, code: int, stdout: str, stderr: str) -> bool:
        """The refusal ``run.py`` accepts: exit 1, nothing written, a located error naming a token."""
        tokens = self.accepted_refusals
        located = [line for line in stderr.splitlines() if _LOCATED_ERROR.search(line)]
        named = [line for line in located if any(token in line for token in tokens)]
        return bool(tokens) and code == 1 and not stdout.strip() and bool(named)


def discover(root: Path = CASES_DIR, only: str = "") -> list[Case]:
    return [
        Case.load(meta.parent)
        for meta in sorted(root.rglob("case.yaml"))
        if only in str(meta.parent.relative_to(root))
    ]
