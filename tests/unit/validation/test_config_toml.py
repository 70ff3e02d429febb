"""A pyproject.toml is parsed only when it can hold ``[tool.chartgen]``; the shortcut never misses one.

The check is a text scan (the TOML parser costs every bulk lint milliseconds per process),
so it is held to ``tomllib``: whenever a document parses and has ``tool.chartgen``, the scan
says it may.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from chartgen.validation.config import _may_hold_tool_chartgen

ROOT = Path(__file__).resolve().parents[3]

HOLDS = [
    "[tool.chartgen]\nselect = ['*']\n",
    '[ tool . "chartgen" ]\nstrict = true\n',
    "[[tool.chartgen.overrides]]\npaths = ['a']\n",
    "[tool]\nchartgen = {strict = true}\n",
    "[tool]\nchartgen.strict = true\n",
    'tool.chartgen.strict = true\n[project]\nname = "x"\n',
    "tool = {chartgen = {strict = true}}\n",
    "[tool.chartgen] # settings\nstrict = true\n",
    "[tool.ruff]\nx = [\n  'a',\n  ['b'],\n]\n[tool.chartgen]\nstrict = true\n",
    '[tool]\nx = """\n[other]\n"""\nchartgen = {strict = true}\n',
]
PASSED_BY = [
    '[project]\nname = "chartgen-values"\ndependencies = ["chartgen>=0.1"]\n',
    '[project.scripts]\nchartgen = "chartgen.cli:run"\n',
    "[tool.ruff]\nextend-exclude = [\n  'chartgen/data',\n]\n",
    "# chartgen settings live in .chartgen.yaml\n",
    "[tool.chartgenx]\nstrict = true\n",
]


def test_every_spelling_of_the_table_is_parsed() -> None:
    for text in HOLDS:
        assert "chartgen" in tomllib.loads(text)["tool"], text
        assert _may_hold_tool_chartgen(text), text


def test_other_mentions_of_chartgen_are_passed_by() -> None:
    for text in PASSED_BY:
        assert "chartgen" not in tomllib.loads(text).get("tool", {}), text
        assert not _may_hold_tool_chartgen(text), text
    # chartgen's own pyproject.toml names it in [project] and [project.scripts] only.
    assert not _may_hold_tool_chartgen((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


LINES = st.sampled_from(
    [
        "[tool]", "[tool.chartgen]", '["tool"]', "[ tool.chartgen ]", "[project]", "[tool.ruff]",
        "[[tool.chartgen.overrides]]", "[project.scripts]", "[tool.x]",
        "chartgen = 1", "chartgen = {a = 1}", "chartgen.a = 1", '"chartgen" = 2', "tool.chartgen.b = 3",
        "tool = {chartgen = {c = 1}}", "name = 'chartgen'", "a = [", "b = [1, [2,", "]", "],", "'x',",
        "[3],", '"chartgen",', 's = """', '"""', "t = '''", "'''", "[chartgen]", "# [tool.chartgen]",
        'u = "[tool.chartgen]"', "v = { w = [", "] }", "",
    ]
)  # fmt: skip


@settings(max_examples=500)
@given(st.lists(LINES, max_size=12))
def test_the_scan_never_misses_a_table_the_parser_finds(lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    tool = document.get("tool")
    if isinstance(tool, dict) and "chartgen" in tool:
        assert _may_hold_tool_chartgen(text), text
