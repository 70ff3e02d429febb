"""``chartgen/data/writes.py``: how the chart writes each value, found by rendering tagged values.

Every golden and conformance case whose values are valid is rendered with each value tagged
by its path (``chartgen.rendering.audit``); the sites that write a tagged value with
``quoted``, ``unquoted``, ``bare`` (embedded in bare text) or ``intext`` (inside a string the
template builds) are collected per values path, list indexes as ``*``. The golden
coverage test keeps every schema leaf in some golden case, so every site is reached.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chartgen.gen import ROOT

#: Where the cases live: the goldens, and the conformance corpus copied into the tests.
CASES = (ROOT / "golden", ROOT / "tests" / "conformance" / "corpus" / "cases")


def _meta(directory: Path) -> dict[str, Any]:
    import yaml

    path = directory / "case.yaml"
    data = yaml.safe_load(path.read_text()) if path.exists() else None
    return data if isinstance(data, dict) else {}


def pattern(path: tuple[str | int, ...]) -> str:
    return ".".join("*" if isinstance(part, int) else part.replace(".", "\\.") for part in path)


def writes() -> dict[str, dict[str, list[str]]]:
    """``{values path pattern: {"quoted"|"unquoted"|"embedded"|"text": [templates]}}``."""
    from chartgen import api
    from chartgen.rendering import audit
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.values.load import SetFlags

    found: dict[str, dict[str, set[str]]] = {}
    for base in CASES:
        for values in sorted(base.glob("**/values.yaml")):
            meta = _meta(values.parent)
            release = str(meta.get("app_version", meta.get("chart_version", api.LATEST)))
            flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
            try:
                loaded = api.load_values([str(values)], app_version=release, flags=flags)
            except (api.ChartgenError, api.UsageError):
                continue
            if any(d.is_error for d in api.validate(loaded)):
                continue
            info = ReleaseInfo(
                str(meta.get("release", "determined")), str(meta.get("namespace", "default")), release
            )
            plain = [m.text for m in render(loaded.values, info)]
            record = audit.Recording()
            marked = [m.text for m in render(loaded.values, info, recording=record)]
            if marked != plain:
                raise AssertionError(f"{values}: tagged values render differently")
            for path, how, template in record.found:
                found.setdefault(pattern(path), {}).setdefault(how, set()).add(template.removesuffix(".yaml"))
    return {
        key: {how: sorted(sites) for how, sites in sorted(ways.items())}
        for key, ways in sorted(found.items())
    }
