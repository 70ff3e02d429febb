"""An argument of the wrong type: the ``TypeError`` a public function raises at its door.

Each public function checks what it is given before it works on it, so a caller who passes the
wrong type reads which function refused it and what it takes (``fix() takes text as a string,
not int``), never a traceback from deep inside. A few ``isinstance`` checks: nothing imported.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import NoReturn


def wrong(value: object, where: str, takes: str) -> NoReturn:
    """Refuse ``value``: ``where`` takes ``takes``."""
    raise TypeError(f"{where} takes {takes}, not {type(value).__name__}")


def given(value: object, types: type | tuple[type, ...], where: str, takes: str) -> None:
    """Refuse ``value`` unless it is one of ``types``."""
    if not isinstance(value, types):
        wrong(value, where, takes)


def each(
    values: object, types: type | tuple[type, ...], where: str, takes: str, *, sets: bool = False
) -> None:
    """Refuse ``values`` unless it is a list or a tuple (with ``sets``, any collection) of ``types``.
    A string is not a list of strings, though Python iterates over its characters; an iterator
    is refused too, since checking it would use it up."""
    if isinstance(values, (str, bytes, bytearray)) or not isinstance(
        values, Collection if sets else Sequence
    ):
        wrong(values, where, takes)
    for value in values:
        if not isinstance(value, types):
            raise TypeError(
                f"{where} takes {takes}, not a {type(values).__name__} holding {type(value).__name__}"
            )
