"""What the ahead-of-time compiled templates (``chartgen.rendering.compiled``) run on, without Jinja2.

``make generate`` compiles ``templates/`` with Jinja2's own code generator; the code it
writes calls a small, fixed part of Jinja2's runtime. This module is that part, so a render
imports no Jinja2 (a third of a render's start-up). Its semantics are Jinja2's (3.1.6, the
version pinned in pyproject.toml; BSD-3-Clause, Pallets), from ``jinja2.runtime`` and
``jinja2.environment``, for the features the templates use and no others:
``ChainableUndefined`` (false, empty, chaining through ``a.b.c``, failing when output,
called or added), ``Context`` (a template's assignments over the names it was given),
``LoopContext`` (``index``, ``index0``, ``first``, ``last``, ``length``), ``import ... with
context`` (``Template.make_module``), ``Environment.getattr`` and ``getitem`` (attribute
first, then item, and the reverse), the ``trim`` and ``join`` filters, the ``defined`` and
``none`` tests and the ``dict`` and ``range`` globals.

The differential test is ``tests/unit/render/test_compiled.py``: every golden and corpus case
rendered by Jinja2 from the sources and by the compiled templates on this module, the same
text required.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from chartgen.hints import typing
from chartgen.rendering.audit import GoTypeError, StrictText

Root = Callable[..., Iterator[str]]


class _Missing:
    """Jinja2's ``missing``: a name that resolved to nothing (distinct from ``None``)."""

    def __repr__(self) -> str:
        return "missing"


missing: typing.Any = _Missing()


class TemplateRuntimeError(Exception):
    """A template used something chartgen's templates never use (an unknown filter)."""


class UndefinedError(TemplateRuntimeError):
    """An undefined value reached the output: a template bug, never the user's values."""


class Undefined:
    """Jinja2's ``ChainableUndefined``: missing keys read as false and chain through ``a.b.c``."""

    def __init__(
        self,
        hint: str | None = None,
        obj: typing.Any = missing,
        name: str | None = None,
        exc: typing.Any = None,
    ):
        self._name = name

    def _fail_with_undefined_error(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        raise UndefinedError(f"{self._name!r} is undefined")

    def __getattr__(self, name: str) -> typing.Any:
        if name[:2] == "__":
            raise AttributeError(name)
        return self

    def __getitem__(self, key: typing.Any) -> Undefined:
        return self

    def __bool__(self) -> bool:
        return False

    def __iter__(self) -> Iterator[typing.Any]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __str__(self) -> str:
        return ""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return id(type(self))

    __call__ = __add__ = __radd__ = __sub__ = __mul__ = __lt__ = __gt__ = _fail_with_undefined_error


def internalcode(func: Callable[..., typing.Any]) -> Callable[..., typing.Any]:
    return func


def str_join(seq: Iterable[typing.Any]) -> str:
    return "".join(map(str, seq))


class LoopContext:
    """The ``loop`` variable of a ``for`` block (the attributes chartgen's templates read)."""

    def __init__(self, iterable: Iterable[typing.Any], undefined: type[Undefined], *args: typing.Any) -> None:
        self._items = list(iterable)
        self.index0 = -1
        self.length = len(self._items)

    def __iter__(self) -> Iterator[tuple[typing.Any, LoopContext]]:
        for item in self._items:
            self.index0 += 1
            yield item, self

    @property
    def index(self) -> int:
        return self.index0 + 1

    @property
    def first(self) -> bool:
        return self.index0 == 0

    @property
    def last(self) -> bool:
        return self.index0 == self.length - 1


class Context:
    """Names a template sees: its own assignments over those it was given."""

    def __init__(self, environment: Environment, parent: dict[str, typing.Any]) -> None:
        self.environment = environment
        self.parent = parent
        self.vars: dict[str, typing.Any] = {}
        self.exported_vars: set[str] = set()
        self.eval_ctx = None

    def resolve_or_missing(self, key: str) -> typing.Any:
        if key in self.vars:
            return self.vars[key]
        return self.parent.get(key, missing)

    def get_all(self) -> dict[str, typing.Any]:
        return {**self.parent, **self.vars}

    def call(self, func: typing.Any, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        kwargs.pop("_loop_vars", None)
        kwargs.pop("_block_vars", None)
        return func(*args, **kwargs)


class Module:
    """What ``{% import "x" as y with context %}`` binds: the names ``x`` set at its top level."""

    def __init__(self, exported: Mapping[str, typing.Any]) -> None:
        self.__dict__.update(exported)


class Template:
    def __init__(self, environment: Environment, root: Root) -> None:
        self.environment = environment
        self.root = root

    def make_module(
        self, vars: dict[str, typing.Any], shared: bool, locals: Mapping[str, typing.Any]
    ) -> Module:
        parent = dict(vars)
        parent.update({k: v for k, v in locals.items() if v is not missing})
        context = Context(self.environment, parent)
        for _ in self.root(context, environment=self.environment):
            pass
        return Module({name: context.vars[name] for name in context.exported_vars})

    def render(self, variables: Mapping[str, typing.Any]) -> str:
        context = Context(self.environment, {**GLOBALS, **variables})
        return "".join(self.root(context, environment=self.environment))


def _trim(value: typing.Any, chars: str | None = None) -> str:
    if isinstance(value, StrictText):
        raise GoTypeError(f"wrong type for value; expected string; got a number: {value}")
    return str(value).strip(chars)


def _join(
    eval_ctx: typing.Any, value: Iterable[typing.Any], d: str = "", attribute: typing.Any = None
) -> str:
    return d.join(map(str, value))


class Environment:
    """Attribute lookup, filters, tests and finalisation, as the compiled code asks for them."""

    undefined = Undefined

    def __init__(
        self,
        templates: Mapping[str, Root],
        filters: Mapping[str, Callable[..., typing.Any]],
        finalize: Callable[[typing.Any], typing.Any],
    ) -> None:
        self.templates = templates
        self.filters = {"trim": _trim, "join": _join, **filters}
        self.tests: dict[str, Callable[[typing.Any], bool]] = {
            "defined": lambda value: not isinstance(value, Undefined),
            "none": lambda value: value is None,
        }
        self.finalize = finalize

    @staticmethod
    def concat(parts: Iterable[str]) -> str:
        return "".join(parts)

    def getattr(self, obj: typing.Any, attribute: str) -> typing.Any:
        """An attribute, else an item, else undefined (Jinja2's order: ``a.items`` is the method)."""
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj: typing.Any, argument: typing.Any) -> typing.Any:
        """An item, else (for a string) an attribute, else undefined."""
        try:
            return obj[argument]
        except (AttributeError, TypeError, LookupError):
            if isinstance(argument, str):
                try:
                    return getattr(obj, argument)
                except AttributeError:
                    pass
            return self.undefined(obj=obj, name=argument)

    def get_template(self, name: str, parent: str | None = None) -> Template:
        return Template(self, self.templates[name])


#: Jinja2's default globals that chartgen's templates use.
GLOBALS: dict[str, typing.Any] = {"dict": dict, "range": range}
