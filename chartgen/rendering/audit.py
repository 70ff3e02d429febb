"""Which value reaches which template site, and how it is written there.

``python -m chartgen.gen`` renders the golden and conformance values with every value tagged
with its path, and records each tagged value that ``quoted`` or ``unquoted`` writes (the two
ways upstream prints a value as text), or that ``gostring`` embeds in bare text. The result, ``chartgen/data/writes.py``, tells ``lint`` where
a value is written bare, so that a value a YAML reader would read back as something else is
found before Helm writes it. Rendering only records while a recording is open.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from chartgen.diagnostics import Path
from chartgen.yamlio.resolve import HelmFloat

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it
if TYPE_CHECKING:
    from typing import Any

#: (values path, how it was written, template) while recording; None otherwise.
_RECORD: list[tuple[Path, str, str]] | None = None
_TEMPLATE = ""


class _Tagged:
    path: Path


class TaggedStr(str, _Tagged):
    pass


class TaggedInt(int, _Tagged):
    pass


class TaggedFloat(float, _Tagged):
    pass


class TaggedHelmFloat(HelmFloat, _Tagged):
    pass


def tagged(value: Any, path: Path = ()) -> Any:
    """A copy of ``value`` whose strings and numbers carry their path."""
    if isinstance(value, dict):
        return {key: tagged(item, (*path, key)) for key, item in value.items()}
    if isinstance(value, list):
        return [tagged(item, (*path, index)) for index, item in enumerate(value)]
    kind: type[Any] | None = None
    if isinstance(value, HelmFloat):
        kind = TaggedHelmFloat
    elif isinstance(value, str):
        kind = TaggedStr
    elif isinstance(value, int) and not isinstance(value, bool):
        kind = TaggedInt
    elif isinstance(value, float):
        kind = TaggedFloat
    if kind is None:
        return value
    copy = kind(value)
    copy.path = path
    return copy


@contextmanager
def recording() -> Iterator[list[tuple[Path, str, str]]]:
    global _RECORD
    found: list[tuple[Path, str, str]] = []
    _RECORD = found
    try:
        yield found
    finally:
        _RECORD = None


def in_template(name: str) -> None:
    global _TEMPLATE
    if _RECORD is not None:
        _TEMPLATE = name


def written(value: Any, how: str) -> None:
    if _RECORD is not None and isinstance(value, _Tagged):
        _RECORD.append((value.path, how, _TEMPLATE))
