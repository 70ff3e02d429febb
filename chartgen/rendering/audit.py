"""Which value reaches which template site, and how it is written there; and values that refuse
what Go's templates refuse (``strict``), for renders that judge values of the wrong type.

``python -m chartgen.gen`` renders the golden and conformance values with every value tagged
with its path, and records each tagged value that ``quoted`` or ``unquoted`` writes (the two
ways upstream prints a value as text), or that ``gostring`` embeds in bare text. The result, ``chartgen/data/writes.py``, tells ``lint`` where
a value is written bare, so that a value a YAML reader would read back as something else is
found before Helm writes it. Only a render given a ``Recording`` records: its values are tagged
with it, so a plain render pays one ``isinstance`` per value written.
"""

from __future__ import annotations

from chartgen.diagnostics import Path
from chartgen.hints import typing
from chartgen.yamlio.resolve import HelmFloat


class Recording:
    """What one render wrote: ``found`` holds (values path, how it was written, template)."""

    __slots__ = ("found", "template")

    def __init__(self) -> None:
        self.found: list[tuple[Path, str, str]] = []
        #: The template being rendered, set by the render before each.
        self.template = ""


class _Tagged:
    path: Path
    recording: Recording


class TaggedStr(str, _Tagged):
    pass


class TaggedInt(int, _Tagged):
    pass


class TaggedFloat(float, _Tagged):
    pass


class TaggedHelmFloat(HelmFloat, _Tagged):
    pass


def tagged(value: typing.Any, recording: Recording, path: Path = ()) -> typing.Any:
    """A copy of ``value`` whose strings and numbers carry their path and ``recording``."""
    if isinstance(value, dict):
        return {key: tagged(item, recording, (*path, key)) for key, item in value.items()}
    if isinstance(value, list):
        return [tagged(item, recording, (*path, index)) for index, item in enumerate(value)]
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
    copy.recording = recording
    return copy


def written(value: typing.Any, how: str) -> None:
    if isinstance(value, _Tagged):
        recording = value.recording
        recording.found.append((value.path, how, recording.template))


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
