"""One corpus case: the command line it stands for and the verdict on what the command did."""

from __future__ import annotations

import importlib.util
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
        if code != 0:
            return [f"expected exit 0, got {code}; standard error:", *stderr.strip().splitlines()]
        return compare((self.directory / "expected.yaml").read_text(), stdout)


def discover(root: Path = CASES_DIR, only: str = "") -> list[Case]:
    return [
        Case.load(meta.parent)
        for meta in sorted(root.rglob("case.yaml"))
        if only in str(meta.parent.relative_to(root))
    ]
