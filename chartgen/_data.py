"""Files and generated data shipped inside the package.

Plain paths beside this module: ``importlib.resources`` would pull zipfile and
its compressors into every start-up for files that are always on disk. The data
``python -m chartgen.gen`` derives from the model lives in ``chartgen.data`` as
Python literals, loaded from bytecode by an import.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it
if TYPE_CHECKING:
    from typing import Any

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def data_path(*parts: str) -> str:
    return os.path.join(PACKAGE_DIR, *parts)


def read_data(*parts: str) -> str:
    with open(data_path(*parts), encoding="utf-8") as handle:
        return handle.read()


def release_module(release: str) -> str:
    """The name of the ``chartgen.data`` module of a release's schema and defaults."""
    return "release_" + release.replace(".", "_")


def release_data(release: str, name: str) -> Any:
    """``SCHEMA`` or ``DEFAULTS`` of a release, as generated (shared: callers must not change it)."""
    import importlib

    return getattr(importlib.import_module(f"chartgen.data.{release_module(release)}"), name)


def module_text(doc: str, constants: dict[str, Any], *, sort_keys: bool = False) -> str:
    """The source of a ``chartgen.data`` module: each constant as a Python literal, which loads
    from bytecode at import, with no ``json`` to import and nothing to parse (``pprint`` keeps
    the diffs of a regeneration readable; ``sort_keys`` for data whose order means nothing)."""
    import pprint

    lines = [
        f'"""{doc} Generated: do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "TYPE_CHECKING = False",
        "if TYPE_CHECKING:",
        "    from typing import Any",
    ]
    for name, value in constants.items():
        text = pprint.pformat(value, width=110, sort_dicts=sort_keys)
        lines += ["", f"{name}: Any = {text}"]
    return "\n".join(lines) + "\n"
