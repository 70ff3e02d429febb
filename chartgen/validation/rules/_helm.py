"""Helm's notions of "set" and "missing", which decide what the chart renders and what it refuses.

The chart's ``{{ if X }}`` and sprig's ``default``/``coalesce`` use Go template
truth; its ``required`` only rejects nil and the empty string. Rules that
mirror a chart condition must use the same notion, or chartgen would refuse
what Helm renders (or the reverse).
"""

from __future__ import annotations

from chartgen.hints import typing


def truthy(value: typing.Any) -> bool:
    """Go template truth: false, 0, nil and empty strings, lists and maps are false."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int | float):
        return value != 0
    if isinstance(value, str | list | dict):
        return len(value) > 0
    return True


def missing(value: typing.Any) -> bool:
    """What Helm's ``required`` rejects: nil and the empty string (``0`` and ``false`` pass)."""
    return value is None or (isinstance(value, str) and value == "")


def mapping(value: typing.Any) -> dict[str, typing.Any]:
    """``value`` if it is a map, else an empty one (non-maps are the structure rules' concern)."""
    return value if isinstance(value, dict) else {}
