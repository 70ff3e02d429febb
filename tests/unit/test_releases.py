"""The release table: what each release has, and that nothing outside it names a release."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from chartgen.diagnostics import UsageError
from chartgen.releases import (
    CHANGES,
    LATEST,
    RELEASES,
    SUPPORTED,
    chart_twins,
    check_release,
    dropped,
    first,
    has,
    readers,
    release_key,
    span,
)

ROOT = Path(__file__).resolve().parents[2]
# A supported release written out, as code or template text would name one.
RELEASE_NUMBER = re.compile(r"\b0\.3[0-9]\.[0-9]+\b")


def test_releases_are_in_version_order_and_the_newest_is_the_default() -> None:
    assert list(SUPPORTED) == sorted(SUPPORTED, key=release_key)
    assert SUPPORTED[-1] == LATEST


def test_every_change_named_in_the_table_is_described_and_used_once() -> None:
    named = [change for row in RELEASES for change in (*row.adds, *row.removes)]
    assert set(named) == set(CHANGES)
    assert len([c for row in RELEASES for c in row.adds]) == len(CHANGES)


def test_what_each_release_has() -> None:
    assert readers("preemption-scheduler") == ("0.35.0", "0.35.1")
    assert readers("rocm-slots") == ("0.36.0", "0.37.0", "0.38.0", "0.38.1")
    assert readers("agent-attributes") == ("0.37.0", "0.38.0", "0.38.1")
    assert readers("db-snapshots") == readers("master-host") == ("0.38.0", "0.38.1")
    assert span("db-snapshots") == ("0.38.0", None)
    assert span("preemption-scheduler") == (None, "0.36.0")
    assert first("rocm-slots") == "0.36.0" and dropped("rm-master-ip") == "0.38.0"
    assert not has("0.35.1", "rocm-image") and has("0.36.0", "rocm-image")
    with pytest.raises(KeyError):
        has(LATEST, "no-such-change")


def test_patch_releases_that_change_only_images_are_twins() -> None:
    assert chart_twins("0.35.1") == ("0.35.0", "0.35.1")
    assert chart_twins("0.38.0") == ("0.38.0", "0.38.1")
    assert chart_twins("0.36.0") == ("0.36.0",) and chart_twins("0.37.0") == ("0.37.0",)


@pytest.mark.parametrize("version", SUPPORTED)
def test_a_release_is_named_with_or_without_a_leading_v(version: str) -> None:
    assert check_release(version) == check_release(f"v{version}") == version


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.34.0", "Determined 0.34.0 is not one of the releases chartgen reproduces: 0.35.0, 0.35.1"),
        ("0.38.2", "Determined 0.38.2 is newer than 0.38.1, the newest of the releases"),
        ("1.0.0", "Determined 1.0.0 is newer than 0.38.1"),
        ("0.38", "'0.38' is not a release version"),
        ("latest", "'latest' is not a release version"),
        ("x" * 500, "the value given' is not a release version"),
        ("", "'' is not a release version"),
    ],
)
def test_other_releases_and_non_versions_are_usage_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        check_release(text)


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_code_outside_the_table_names_a_release() -> None:
    """Release facts live in chartgen/releases.py; everything else asks it (``has``, ``first``...)."""
    found = []
    for path in sorted((ROOT / "chartgen").rglob("*.py")):
        if path.name == "releases.py" and path.parent.name == "chartgen":
            continue
        if path.parent.name == "data":  # generated from the model, which asks the table
            continue
        for line, text in _code_strings(path):
            if RELEASE_NUMBER.search(text):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text[:80]!r}")
    assert found == []


def test_no_template_names_a_release() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.yaml"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if RELEASE_NUMBER.search(line)
    ]
    assert found == []
