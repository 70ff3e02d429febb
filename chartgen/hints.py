"""How chartgen names types without importing ``typing``: the one mechanism, for every module.

Importing ``typing`` costs every start milliseconds, and the commands run most often import
neither it nor anything else they do not use (the budget: tests/acceptance/test_startup_imports.py).
Yet annotations must resolve for tools that read them at run time (``typing.get_type_hints``,
pydantic, documentation generators). They stay strings (``from __future__ import annotations``),
evaluated in their module's globals when asked, so every name in them must be a global by then,
without being imported before:

- ``typing.Any``, ``typing.Iterator[...]``, ``typing.Literal[...]``: ``from chartgen.hints import
  typing`` binds ``typing`` to the stand-in here, which imports the real module when an attribute
  is first read (mypy sees the real module). Only what needs ``typing`` to run (a ``Protocol``,
  the pydantic model, which imports it anyway) imports it, away from the commands' start;
- abstract collections (``Iterator``, ``Mapping``, ``Callable``) come from ``collections.abc``,
  which costs nothing: every Python start has loaded its classes (``_collections_abc``);
- public types that load lazily (``chartgen.Values``, ``chartgen.PlanReport``): a module imports
  the package ``chartgen``, already loaded as its parent, whose PEP 562 ``__getattr__``
  imports each on first access; a type alias such as ``chartgen.Source`` is built then too.

What only mypy may import (a module that would make a cycle or cost a start, for an internal
annotation, a type variable or an alias) goes under ``if TYPE_CHECKING:``, with
``from chartgen.hints import TYPE_CHECKING``: false at run time, and true to mypy, which takes
any name ``TYPE_CHECKING`` as ``typing.TYPE_CHECKING``. This module defines the only one.
"""

from __future__ import annotations

import sys

#: ``typing.TYPE_CHECKING`` without importing ``typing``: mypy reads any name TYPE_CHECKING as it.
TYPE_CHECKING = False


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
