"""Each release's schema and defaults, projected from the one folded tree in ``chartgen.data``.

The data ``python -m chartgen.gen`` derives from the model lives in ``chartgen.data`` as
Python literals, loaded from bytecode by an import; ``module_text`` writes those modules.
Their files are plain paths beside this module: ``importlib.resources`` would pull zipfile
and its compressors into every start-up for files that are always on disk.
"""

from __future__ import annotations

import os

from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def data_path(*parts: str) -> str:
    return os.path.join(PACKAGE_DIR, *parts)


def read_data(*parts: str) -> str:
    with open(data_path(*parts), encoding="utf-8") as handle:
        return handle.read()


#: Each release's trees of ``chartgen.data.schemas``, projected once per process.
_PROJECTED: dict[tuple[str, str], Any] = {}


def release_data(release: str, name: str) -> Any:
    """``SCHEMA`` or ``DEFAULTS`` of a release, as generated (shared: callers must not change it)."""
    key = (release, name)
    if key not in _PROJECTED:
        from chartgen.data import schemas

        _PROJECTED[key] = project(getattr(schemas, name), schemas.SPINES[name], release)
    return _PROJECTED[key]


def project(tree: dict[str, Any], spine: dict[str, Any], release: str) -> dict[str, Any]:
    """What ``release`` holds of a tree ``chartgen.gen.fold`` folded: only the dicts on the
    spine's paths are copied (in C, keys in place), the rest is shared with ``tree``."""
    out = dict(tree)
    for key, below in spine.items():
        if isinstance(below, dict):
            out[key] = project(tree[key], below, release)
            continue
        for releases, value in tree[key].items():
            if release in releases:
                out[key] = value if below is None else _named(value, release)
                break
        else:
            del out[key]
    return out


def _named(value: Any, release: str) -> Any:
    """``value`` with ``{release}`` in its text read as ``release``."""
    if isinstance(value, str):
        return value.replace("{release}", release)
    if isinstance(value, dict):
        return {key: _named(item, release) for key, item in value.items()}
    if isinstance(value, list):
        return [_named(item, release) for item in value]
    return value


#: The width of a generated module's lines (long strings apart).
_WIDTH = 110


def module_text(doc: str, constants: dict[str, Any], *, sort_keys: bool = False, blocks: bool = False) -> str:
    """The source of a ``chartgen.data`` module: each constant as a Python literal, which loads
    from bytecode at import, with no ``json`` to import and nothing to parse (``pprint`` keeps
    the diffs of a regeneration readable; ``sort_keys`` for data whose order means nothing;
    ``blocks`` for deep trees, where pprint's alignment after each key squeezes text right)."""
    import pprint

    lines = [
        f'"""{doc} Generated: do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from chartgen.hints import typing",
    ]
    for name, value in constants.items():
        head = f"{name}: typing.Any = "
        if blocks:
            text = _blocks(value, 0, _WIDTH - len(head))
        else:
            text = pprint.pformat(value, width=_WIDTH, sort_dicts=sort_keys)
        lines += ["", head + text]
    return "\n".join(lines) + "\n"


def _blocks(value: Any, indent: int, room: int) -> str:
    """``value`` as a literal: on one line if it fits in ``room``, else a dict or list with an
    item a line, indented one step past its key."""
    text = repr(value)
    if len(text) <= room or not isinstance(value, dict | list) or not value:
        return text
    inner = indent + 4
    pad = " " * inner
    if isinstance(value, dict):
        items = [
            f"{pad}{key!r}: {_blocks(item, inner, _WIDTH - inner - len(repr(key)) - 3)},"
            for key, item in value.items()
        ]
        return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{_blocks(item, inner, _WIDTH - inner - 1)}," for item in value]
    return "[\n" + "\n".join(items) + "\n" + " " * indent + "]"
