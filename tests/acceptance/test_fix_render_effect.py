"""``fix`` changes what the chart renders only where its findings say (issue 28).

For every real-world values file, every example and every golden case: the safe fixes are
applied, and the values they leave are rebuilt from what each applied fix says it did
(``renamed `a` to `b```, ``moved …``, ``removed …``, ``quoted …``), from the original values
alone. Then, rendered:

- the fixed file renders exactly what the values its fixes describe render: nothing else moved;
- each fix on its own changes only objects written from the keys it names (``chartgen.data.writes``;
  a value the chart copies into master.yaml wholesale, as resource pools, goes to the master's
  config), a removal only its key's own text where the chart copied it; all of them together
  change nothing the fixes alone do not;
- where the chart writes a text a fix put in master.yaml, the master reads that text back.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

import chartgen
from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo
from chartgen.validation.writes import writes
from chartgen.values.load import from_text, load_sources
from chartgen.yamlio.edit import Document
from chartgen.yamlio.load import Loaded
from tests.support.golden import GOLDEN, REAL_WORLD, cases

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
FILES = [
    *((p, "0.38.1") for p in sorted(REAL_WORLD.glob("*.yaml"))),
    *((p, "0.38.1") for p in EXAMPLES),
    *((c.directory / "values.yaml", str(c.meta().get("app_version", "0.38.1"))) for c in cases()),
]
DESCRIBED = re.compile(
    r"^(renamed|moved|removed|quoted|unquoted|trimmed) `?([^`\s]+)`?(?: to `?([^`\s:]+)`?)?"
)
CONFIG = "templates/master-config.yaml"
CHECKSUM = ("spec", "template", "metadata", "annotations", "checksum/config")

Place = tuple[str, str, str, tuple[Any, ...]]  # template, kind, name, path


def _id(path: Path) -> str:
    for base in (REAL_WORLD, GOLDEN, ROOT):
        if path.is_relative_to(base):
            return str(path.relative_to(base))
    return path.name


def parse_dotted(text: str) -> tuple[str | int, ...]:
    """``resourcePools[0].task_container_defaults.kubernetes`` as a values path."""
    out: list[str | int] = []
    for part in text.split("."):
        name, *indexes = part.split("[")
        if name:
            out.append(name)
        out.extend(int(index.rstrip("]")) for index in indexes)
    return tuple(out)


def _pop(values: dict[str, Any], path: tuple[str | int, ...]) -> Any:
    node: Any = values
    for part in path[:-1]:
        node = node[part]
    return node.pop(path[-1])


def _put(values: dict[str, Any], path: tuple[str | int, ...], value: Any) -> None:
    node: Any = values
    for part in path[:-1]:
        if isinstance(part, str) and not isinstance(node.get(part), dict | list):
            node[part] = {}
        node = node[part]
    node[path[-1]] = value


def described(values: dict[str, Any], text: str, applied: chartgen.Applied) -> tuple[str | int, ...]:
    """``values`` changed as ``applied`` says it changed the file; the path its value ends at."""
    found = DESCRIBED.match(applied.description)
    assert found, applied.description
    verb, _, to = found.groups()
    path = applied.path
    if verb == "removed":
        _pop(values, path)
        return path
    if verb in ("renamed", "moved"):
        target = (*path[:-1], to) if verb == "renamed" else parse_dotted(to)
        _put(values, target, _pop(values, path))
        return target
    node: Any = values
    for part in path[:-1]:
        node = node[part]
    if verb == "quoted":
        node[path[-1]] = Document.parse(text).value_text(path)
    elif verb == "unquoted":
        number = node[path[-1]].strip()
        node[path[-1]] = float(number) if "." in number else int(number)
    else:
        node[path[-1]] = node[path[-1]].strip()
    return path


def rendered(values: dict[str, Any], release: str) -> dict[Place, Any]:
    """Every leaf of the objects rendered for ``values`` (the master's config read as YAML 1.1,
    the checksum of it left out), by template, object and path."""
    loaded = load_sources([Loaded(copy.deepcopy(values), "values.yaml")], app_version=release)
    out: dict[Place, Any] = {}
    for manifest in render(loaded.values, ReleaseInfo("determined", "default", release)):
        obj = yaml.safe_load(manifest.text)
        data = obj.get("stringData") or {}
        if "master.yaml" in data:
            data["master.yaml"] = yaml.safe_load(data["master.yaml"])
        for path, value in _leaves(obj):
            if path != CHECKSUM:
                out[(manifest.template, obj["kind"], obj["metadata"]["name"], path)] = value
    return out


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict) and node:
        return [leaf for key, item in node.items() for leaf in _leaves(item, (*path, key))]
    if isinstance(node, list) and node:
        return [leaf for index, item in enumerate(node) for leaf in _leaves(item, (*path, index))]
    return [(path, node)]


def changed(old: dict[Place, Any], new: dict[Place, Any]) -> set[Place]:
    missing = object()
    return {
        p for p in old.keys() | new.keys() if type(old.get(p, missing)) is not type(new.get(p, missing))
        or old.get(p, missing) != new.get(p, missing)
    }  # fmt: skip


def templates_writing(path: tuple[str | int, ...]) -> set[str]:
    """The templates the chart writes ``path`` (or the section holding it) from."""
    for cut in range(len(path), 0, -1):
        ways = writes(path[:cut])
        if ways:
            names = {t for sites in ways.values() for t in sites}
            return {CONFIG if t == "_master" else f"templates/{t}.yaml" for t in names}
    return {CONFIG}  # copied into master.yaml as written (resource pools, resource managers)


def master_texts(table: dict[Place, Any]) -> set[str]:
    return {
        v for (t, _, _, path), v in table.items() if t == CONFIG and path[:2] == ("stringData", "master.yaml")
    }


@pytest.mark.parametrize(("path", "release"), FILES, ids=lambda v: _id(v) if isinstance(v, Path) else v)
def test_the_render_changes_only_where_the_applied_fixes_say(path: Path, release: str) -> None:
    text = path.read_text(encoding="utf-8")
    fixed = chartgen.fix(text, file=path.name, app_version=release)
    if not fixed.applied:
        assert fixed.text == text
        return
    original = from_text(text, path.name).data
    intended = copy.deepcopy(original)
    alone: list[tuple[chartgen.Applied, tuple[str | int, ...], dict[str, Any]]] = []
    for applied in fixed.applied:
        assert applied.safe
        one = copy.deepcopy(original)
        target = described(one, text, applied)
        described(intended, text, applied)
        alone.append((applied, target, one))
    before = rendered(original, release)
    after = rendered(from_text(fixed.text, path.name).data, release)
    # The fixed file renders what its fixes say, and nothing else.
    assert after == rendered(intended, release)
    together: set[Place] = set()
    for applied, target, one in alone:
        mine = changed(before, rendered(one, release))
        together |= mine
        if applied.description.startswith("removed"):
            # A key the finding says nobody reads: only its own text, where the chart copied it, goes.
            assert all(place[3][-1:] == (applied.path[-1],) for place in mine), (
                applied,
                sorted(mine, key=str),
            )
            continue
        assert {place[0] for place in mine} <= templates_writing(target), (applied, sorted(mine, key=str))
        value = one
        for part in target:
            value = value[part]
        if isinstance(value, str) and value and CONFIG in templates_writing(target) and mine:
            assert value in master_texts(rendered(one, release)), (applied, value)
    assert changed(before, after) <= together
