"""Annotations that ``typing.get_type_hints`` resolves at run time, though no start imports ``typing``.

chartgen imports ``typing`` only for mypy (``TYPE_CHECKING = False``: it costs every start
milliseconds), yet the public API's annotations must resolve for tools that read them
(``get_type_hints``, pydantic, documentation generators). They stay strings
(``from __future__ import annotations``), evaluated in their module's globals when asked, so
every name in them must be a global by then, without being imported before:

- ``typing.Any``, ``typing.Literal[...]``: a module binds ``typing`` to the stand-in here, which
  imports the real module when an attribute is first read (only mypy imports it for real);
- public types that load lazily (``chartgen.Values``, ``chartgen.PlanReport``): a module imports
  the package ``chartgen``, already loaded as its parent, whose PEP 562 ``__getattr__``
  imports each on first access; a type alias such as ``chartgen.Source`` is built then too.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it


class _Deferred:
    """A module imported when one of its attributes is first read."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> object:
        __import__(self._name)
        return getattr(sys.modules[self._name], attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported when first used>"


if TYPE_CHECKING:
    import typing as typing
else:
    typing = _Deferred("typing")
