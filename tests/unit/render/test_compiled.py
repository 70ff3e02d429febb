"""The compiled templates render exactly what Jinja2 renders from the sources, case for case."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from chartgen import api
from chartgen.gen.templates import compiled_module, jinja_environment
from chartgen.rendering import chart, engine
from chartgen.rendering.compiled import TEMPLATES
from chartgen.values.load import SetFlags
from tests.support.corpus import CASES
from tests.support.golden import GOLDEN


class _JinjaTemplates:
    """The Jinja2 sources behind the interface the renderer uses."""

    def __init__(self) -> None:
        self.env = jinja_environment()
        self.templates = dict.fromkeys(self.env.list_templates(extensions=("yaml",)))

    def get_template(self, name: str) -> Any:
        return self.env.get_template(name)


def _cases() -> Iterator[Any]:
    for meta in sorted(GOLDEN.glob("*/case.yaml")) + sorted(CASES.glob("*/*/case.yaml")):
        if (meta.parent / "rendered.yaml").exists() or (meta.parent / "expected.yaml").exists():
            yield pytest.param(meta.parent, id=str(meta.parent.relative_to(meta.parents[2])))
    for values in sorted(GOLDEN.glob("*/values.yaml")):
        if not (values.parent / "case.yaml").exists() and (values.parent / "rendered.yaml").exists():
            yield pytest.param(values.parent, id=values.parent.name)


def _render(directory: Any) -> list[str]:
    meta_file = directory / "case.yaml"
    meta = (yaml.safe_load(meta_file.read_text()) or {}) if meta_file.exists() else {}
    flags = SetFlags(set=list(meta.get("set") or []), set_string=list(meta.get("set_string") or []))
    release = str(meta.get("app_version", meta.get("chart_version", "0.38.1")))
    loaded = api.load_values([str(directory / "values.yaml")], flags=flags, app_version=release)
    # The templates alone, without validation: a case whose objects a consumer refuses (chartgen
    # then refuses it) is rendered all the same by both.
    info = engine.ReleaseInfo(
        str(meta.get("release", "determined")),
        str(meta.get("namespace", "default")),
        loaded.release,
        bool(meta.get("is_upgrade")),
    )
    return [m.text for m in chart.render(loaded.values, info)]


@pytest.mark.parametrize("directory", list(_cases()))
def test_compiled_templates_render_what_jinja_renders(
    directory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = _render(directory)
    jinja = _JinjaTemplates()
    monkeypatch.setattr(engine, "environment", lambda: jinja)
    monkeypatch.setattr(chart, "environment", lambda: jinja)
    assert _render(directory) == compiled


def test_every_template_is_compiled() -> None:
    assert sorted(TEMPLATES) == sorted(_JinjaTemplates().templates)
    assert "jinja2" not in compiled_module().split('"""', 2)[2]
