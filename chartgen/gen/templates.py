"""Compile ``templates/`` ahead of time into ``chartgen/rendering/compiled.py``.

The Jinja2 sources stay the truth; Jinja2's own code generator turns each into a Python
function, which runs on ``chartgen.rendering.runtime`` instead of ``jinja2.runtime``, so a
render needs no Jinja2 at all. Generated with the environment settings a render relies
on (trimmed blocks, every ``{{ }}`` finalised through the serialiser).
"""

from __future__ import annotations

import io
import re
import tokenize
from typing import Any

#: The names of ``jinja2.runtime`` that ``chartgen.rendering.runtime`` provides.
RUNTIME_NAMES = ("LoopContext", "TemplateRuntimeError", "Undefined", "internalcode", "missing", "str_join")

_HEADER = '''"""Every template of ``templates/``, compiled by ``python -m chartgen.gen``; do not edit.

Each function is Jinja2's compiled form of one template and runs on chartgen.rendering.runtime.
"""
# mypy: ignore-errors
# fmt: off
from chartgen.rendering.runtime import {names}

environment = None
'''


def jinja_environment() -> Any:
    """The Jinja2 environment the templates are written for, reading the repository's
    ``templates/`` (development and generation only: the package ships only their compiled form)."""
    from jinja2 import ChainableUndefined, Environment, FileSystemLoader

    from chartgen.gen import ROOT
    from chartgen.rendering.engine import FILTERS, _finalize
    from chartgen.rendering.runtime import Undefined

    class _Undefined(ChainableUndefined, Undefined):  # type: ignore[misc]
        """Jinja2's undefined, recognised as undefined by chartgen's template helpers."""

    # The real finalize and filters: Jinja2 folds constant expressions through them while compiling.
    env = Environment(
        loader=FileSystemLoader(ROOT / "templates"),
        undefined=_Undefined,
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        auto_reload=False,
    )
    env.filters.update(FILTERS)
    return env


def function_name(template: str) -> str:
    return "t_" + re.sub(r"\W", "_", template.removesuffix(".yaml"))


def _function(code: str, template: str) -> str:
    """One template's generated module as a function named after it, without its module lines."""
    lines = code.splitlines()
    imported = set(lines[0].removeprefix("from jinja2.runtime import ").split(", "))
    tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines[1:]) + "\n").readline)
    used = {token.string for token in tokens if token.type == tokenize.NAME} & imported
    unknown = sorted(used - set(RUNTIME_NAMES))
    if unknown:
        raise ValueError(f"{template}: the compiled template uses {unknown}, which the runtime lacks")
    body = []
    for line in lines[1:]:
        if line.startswith(("name = ", "blocks = ", "debug_info = ")):
            continue
        body.append(line.replace("def root(context,", f"def {function_name(template)}(context,", 1))
    return "\n".join(body).strip("\n")


def compiled_module() -> str:
    """The text of ``chartgen/rendering/compiled.py``."""
    env = jinja_environment()
    names = sorted(env.list_templates(extensions=("yaml",)))
    parts = [_HEADER.format(names=", ".join(RUNTIME_NAMES))]
    for name in names:
        source = env.loader.get_source(env, name)[0]
        parts.append(_function(env.compile(source, name=name, raw=True), name))
    table = "\n".join(f"    {name!r}: {function_name(name)}," for name in names)
    parts.append(f"TEMPLATES = {{\n{table}\n}}")
    return "\n\n\n".join(parts) + "\n"
