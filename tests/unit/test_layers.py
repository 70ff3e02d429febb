"""The package's layers: who may import whom, checked on every import statement (lazy ones included).

The command line is a face on the public API; the typed model sits below everything that
reads it; and the arrows between the analysis packages are the declared ones, with no cycle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "chartgen"
#: What the command line may import of chartgen: the public API and its formatting.
PUBLIC = {"chartgen", "chartgen.api", "chartgen.report", "chartgen.report.diff"}
#: What stands in for the standard library's ``dataclasses``, and for ``typing`` in annotations
#: that resolve at run time, and the check of a public function's arguments: every layer may use them.
FOUNDATION = {"records", "hints", "arguments"}
#: The arrows allowed between chartgen's own packages (a module's top-level name: its package,
#: or the module itself). Anything not listed is imported by nobody in chartgen.
ALLOWED: dict[str, set[str]] = {
    "records": set(),
    "hints": set(),
    # The TypeError of a public function given the wrong type: every layer's entry points raise it.
    "arguments": set(),
    "diagnostics": {"printable"},
    "printable": set(),
    "releases": {"diagnostics"},
    "redaction": set(),
    # Each release's schema and defaults, projected from the generated ``chartgen.data``.
    "release_data": {"data"},
    "data": set(),
    "suggest": set(),
    # Go's ParseDuration and robfig/cron's ParseStandard, as the master reads a retention schedule.
    "schedules": set(),
    # Quantities read by the API server's own parser (chartgen/kubeapi/quantity.py).
    "quantities": {"kubeapi", "redaction"},
    # Globs matched without backtracking: ``--show-only`` and a configuration's paths.
    "globs": set(),
    # Container images as the kubelet parses them (``parsers.ParseImageName``).
    "images": set(),
    # The database's values as PostgreSQL and the master's database drivers read them.
    "database": set(),
    "kube": {"diagnostics"},
    # What the Kubernetes API server refuses in an object: pure functions over dicts.
    "kubeapi": set(),
    "yamlio": {"diagnostics"},
    "values": {"diagnostics", "quantities", "redaction", "release_data", "releases", "yamlio"},
    # Plan text escapes user text (node names, file names) as every message does.
    "planning": {"diagnostics", "kubeapi", "printable", "values"},
    "podspec": {"data", "diagnostics", "release_data", "releases", "suggest", "yamlio", "values"},
    "rendering": {"diagnostics", "globs", "releases", "yamlio"},
    # Rules read the planner's sizing and the pod-spec checks: declared, one way only.
    "validation": {
        "data",
        # PGPORT and the master's database URL (chartgen/validation/rules/db_connection.py).
        "database",
        "diagnostics",
        "globs",
        # The kubelet's image grammar (chartgen/validation/rules/kubelet.py).
        "images",
        "kubeapi",
        "planning",
        "podspec",
        "quantities",
        "release_data",
        "releases",
        # The retention-schedule rule parses as the master does (chartgen/validation/rules/retention.py).
        "schedules",
        # The api- rules render the values and check the objects (chartgen/validation/rules/apiserver.py).
        "rendering",
        "redaction",
        "suggest",
        "values",
        "yamlio",
    },
    # A safe fix is checked by rendering before and after, and migrate names diff's hazards
    # (chartgen/fixing/effect.py).
    "fixing": {
        "diagnostics",
        "diffing",
        "redaction",
        "releases",
        "rendering",
        "validation",
        "values",
        "yamlio",
    },
    "diffing": {
        "diagnostics",
        "kubeapi",
        "redaction",
        "releases",
        "rendering",
        "validation",
        "values",
        "yamlio",
    },
    # Values kept in GitOps objects (Argo CD, Flux, helmfile, kustomize), read as each tool does.
    "gitops": {"diagnostics", "hints", "records", "redaction", "releases", "values", "yamlio"},
    # The lint run: configuration, loading, the rules and suppression, over many files.
    "checking": {"diagnostics", "gitops", "releases", "validation", "values", "yamlio"},
    "report": {"diagnostics", "diffing", "printable"},
    # docs/rules.md is written from the rules' docstrings.
    "gen": {"api", "release_data", "releases", "rendering", "report", "validation", "values"},
    "api": {
        "checking",
        "diagnostics",
        "diffing",
        "fixing",
        "kube",
        "planning",
        "podspec",
        "releases",
        "rendering",
        "validation",
        "values",
        # The parsed documents and fixes that public results carry, exported as their types.
        "yamlio",
    },
    "cli": {"api", "report"},
}


def _imports(path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``path`` imports, as absolute names, with the line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module is not None and not node.level:
            yield node.module, node.lineno
            for alias in node.names:
                yield f"{node.module}.{alias.name}", node.lineno


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "chartgen":
        return None
    return parts[1] if len(parts) > 1 else "chartgen"


def _public(module: str) -> bool:
    """A public module, a name taken from one, or the command line's own."""
    return module in PUBLIC or module.rsplit(".", 1)[0] in PUBLIC or module.startswith("chartgen.cli")


def _modules() -> list[Path]:
    return sorted(
        p for p in PACKAGE.rglob("*.py") if p.name != "compiled.py" and "__pycache__" not in p.parts
    )


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_each_module_imports_only_along_the_declared_arrows(path: Path) -> None:
    relative = path.relative_to(PACKAGE).with_suffix("").parts
    own = relative[0] if relative[0] not in ("__init__", "__main__") else None
    if own is None:
        return
    allowed = ALLOWED[own] | {own}
    wrong = []
    for module, line in _imports(path):
        layer = _layer(module)
        if layer in FOUNDATION:
            continue
        if own == "cli":
            fine = module.split(".")[0] in sys.stdlib_module_names if layer is None else _public(module)
        else:
            fine = layer is None or layer == "chartgen" or layer in allowed
        if not fine:
            wrong.append((line, module))
    assert wrong == [], f"{path.relative_to(PACKAGE.parent)} imports past its layer: {wrong}"


def test_the_declared_arrows_have_no_cycle() -> None:
    seen: dict[str, int] = {}

    def visit(node: str, trail: tuple[str, ...]) -> None:
        assert node not in trail, f"cycle: {' -> '.join((*trail, node))}"
        if seen.get(node) == 2:
            return
        seen[node] = 1
        for target in ALLOWED.get(node, set()):
            visit(target, (*trail, node))
        seen[node] = 2

    for node in ALLOWED:
        visit(node, ())


def test_the_typed_model_depends_on_nothing_above_it() -> None:
    for path in (PACKAGE / "values" / "model").rglob("*.py"):
        above = [m for m, _ in _imports(path) if _layer(m) in ("validation", "rendering", "cli", "api")]
        assert above == [], f"{path.name} imports {above}"
