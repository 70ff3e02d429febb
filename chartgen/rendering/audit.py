"""Which value reaches which template site, and how it is written there; and values that refuse
what Go's templates refuse (``strict``), for renders that judge values of the wrong type.

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
from chartgen.hints import typing
from chartgen.yamlio.resolve import HelmFloat

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


def tagged(value: typing.Any, path: Path = ()) -> typing.Any:
    """A copy of ``value`` whose strings and numbers carry their path."""
    if isinstance(value, dict):
        return {key: tagged(item, (*path, key)) for key, item in value.items()}
    if isinstance(value, list):
        return [tagged(item, (*path, index)) for index, item in enumerate(value)]
    kind: type[typing.Any] | None = None
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


def written(value: typing.Any, how: str) -> None:
    if _RECORD is not None and isinstance(value, _Tagged):
        _RECORD.append((value.path, how, _TEMPLATE))


class GoTypeError(Exception):
    """What Go's template functions refuse and Python's take: comparing a number with text
    (``eq``), trimming a number (``trim``). Raised only for values marked ``strict``."""


class _Strict:
    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            raise GoTypeError(f"incompatible types for comparison: {self!r} and {other!r}")
        return bool(super().__eq__(other))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return super().__hash__()


class StrictInt(_Strict, int):
    pass


class StrictHelmFloat(_Strict, HelmFloat):
    pass


class StrictFloat(_Strict, float):
    pass


#: The kinds ``strict`` marks a number with.
STRICT = (StrictInt, StrictHelmFloat, StrictFloat)


class StrictText(str):
    """The Go text of a strict number: ``trim`` refuses it, as Go's refuses the number."""


def strict(value: typing.Any) -> typing.Any:
    """``value`` marked to refuse, in a render, what Go's templates refuse of a number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    kind = (
        StrictHelmFloat
        if isinstance(value, HelmFloat)
        else StrictFloat
        if isinstance(value, float)
        else StrictInt
    )
    return kind(value)
