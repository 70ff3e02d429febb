"""Record classes (``@record``): what chartgen used ``dataclasses`` for, without its cost.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``) and compiles
each class's methods with ``exec``: several milliseconds of every ``chartgen`` start, for
classes that only need ``__init__``, ``__repr__``, ``__eq__`` and, frozen, ``__hash__``.
mypy reads ``record`` as a dataclass (``dataclass_transform``); the subset it supports is the
one chartgen uses: ``frozen``, ``slots``, defaults, ``field(default_factory=…)`` and
``field(compare=False, repr=False)``, ``__post_init__`` (called with no arguments), and ``replace``.

The generated ``__init__`` is annotated with the fields' annotations and belongs to the class's
module, so ``typing.get_type_hints`` resolves its annotations as it resolves the class's.
"""

from __future__ import annotations

import sys
from types import FunctionType

from chartgen.hints import TYPE_CHECKING, typing

_MISSING: typing.Any = object()


class _Field:
    __slots__ = ("annotation", "compare", "default", "factory", "hash", "name", "repr")

    def __init__(
        self, default: typing.Any, factory: typing.Any, compare: bool, hash: bool | None, repr: bool
    ) -> None:
        self.name = ""
        self.annotation: object = None
        self.default = default
        self.factory = factory
        self.compare = compare
        self.hash = compare if hash is None else hash
        self.repr = repr


def field(
    *,
    default: typing.Any = _MISSING,
    default_factory: typing.Any = _MISSING,
    compare: bool = True,
    hash: bool | None = None,
    repr: bool = True,
) -> typing.Any:
    return _Field(default, default_factory, compare, hash, repr)


def _fields_of(cls: type) -> list[_Field]:
    """Fields of ``cls`` and its record bases, in definition order (bases first)."""
    found: dict[str, _Field] = {}
    for klass in reversed(cls.__mro__):
        for name, spec in klass.__dict__.get("__record_fields__", {}).items():
            found[name] = spec
    return list(found.values())


def _own_fields(cls: type) -> dict[str, _Field]:
    own: dict[str, _Field] = {}
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - inspect is what this avoids
    for name, annotation in annotations.items():
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, _Field) else _Field(value, _MISSING, True, None, True)
        spec.name = name
        spec.annotation = annotation
        own[name] = spec
    return own


class _Factory:
    """How a signature shows a default made by ``default_factory``, as ``dataclasses`` shows it."""

    def __repr__(self) -> str:
        return "<factory>"


def _signature(fields: list[_Field], *, method: bool) -> typing.Any:
    """The ``inspect.Signature`` of a record's constructor (with ``self`` for ``__init__``)."""
    import inspect

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter("self", keyword)] if method else []
    for spec in fields:
        default = _Factory() if spec.factory is not _MISSING else spec.default
        parameters.append(
            inspect.Parameter(
                spec.name,
                keyword,
                default=inspect.Parameter.empty if default is _MISSING else default,
                annotation=spec.annotation,
            )
        )
    return inspect.Signature(parameters, return_annotation=None)


class _ClassSignature:
    """A record class's ``__signature__`` (what ``inspect.signature`` and ``help()`` show), built on
    first use: the constructor takes ``*args, **kwargs``, and ``inspect`` costs every start to import."""

    def __get__(self, instance: object, owner: type) -> typing.Any:
        return _signature(_fields_of(owner), method=False)


class _InitSignature:
    """What the generated ``__init__`` is ``__wrapped__`` around, for ``inspect.signature`` (which
    stops at the first object with a ``__signature__``): the fields, built on first use.
    ``__globals__`` are the class's module's, where ``typing.get_type_hints`` looks for them."""

    def __init__(self, fields: list[_Field], module: dict[str, typing.Any]) -> None:
        self.fields = fields
        self.__globals__ = module

    @property
    def __signature__(self) -> typing.Any:
        return _signature(self.fields, method=True)


def _make_init(module: str, fields: list[_Field], post_init: typing.Any) -> typing.Any:
    names = [f.name for f in fields]
    setter = object.__setattr__
    missing = _MISSING

    def __init__(self: typing.Any, *args: typing.Any, **kwargs: typing.Any) -> None:
        if len(args) > len(names):
            raise TypeError(
                f"{type(self).__name__}() takes {len(names)} positional arguments, got {len(args)}"
            )
        for index, spec in enumerate(fields):
            name = spec.name
            if index < len(args):
                if name in kwargs:
                    raise TypeError(f"{type(self).__name__}() got multiple values for argument {name!r}")
                value = args[index]
            elif name in kwargs:
                value = kwargs.pop(name)
            elif spec.factory is not missing:
                value = spec.factory()
            elif spec.default is not missing:
                value = spec.default
            else:
                raise TypeError(f"{type(self).__name__}() missing required argument: {name!r}")
            setter(self, name, value)
        unknown = set(kwargs) - set(names[len(args) :])
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got an unexpected keyword argument {sorted(unknown)[0]!r}"
            )
        if post_init is not None:
            post_init(self)

    # The same code and closure with the class's module as globals, where its annotations resolve.
    namespace = vars(sys.modules[module])
    init = FunctionType(__init__.__code__, namespace, "__init__", None, __init__.__closure__)
    init.__annotations__ = {**{f.name: f.annotation for f in fields}, "return": "None"}
    init.__wrapped__ = _InitSignature(fields, namespace)  # type: ignore[attr-defined]
    return init


def _frozen_setattr(self: typing.Any, name: str, value: typing.Any) -> None:
    raise AttributeError(f"cannot assign to field {name!r} of frozen {type(self).__name__}")


def _frozen_delattr(self: typing.Any, name: str) -> None:
    raise AttributeError(f"cannot delete field {name!r} of frozen {type(self).__name__}")


def _getstate(self: typing.Any) -> list[typing.Any]:
    return [getattr(self, f.name) for f in _fields_of(type(self))]


def _setstate(self: typing.Any, state: list[typing.Any]) -> None:
    for spec, value in zip(_fields_of(type(self)), state, strict=True):
        object.__setattr__(self, spec.name, value)


def _build(cls: type, frozen: bool, slots: bool, order: bool) -> type:
    own = _own_fields(cls)
    cls.__record_fields__ = own  # type: ignore[attr-defined]
    fields = _fields_of(cls)
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if f.hash]
    shown = [f.name for f in fields if f.repr]

    def key(self: typing.Any) -> tuple[typing.Any, ...]:
        return tuple(getattr(self, name) for name in compared)

    def __repr__(self: typing.Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self: typing.Any, other: typing.Any) -> typing.Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in compared)

    def __hash__(self: typing.Any) -> int:
        return hash(tuple(getattr(self, name) for name in hashed))

    methods: dict[str, typing.Any] = {
        "__init__": _make_init(cls.__module__, fields, getattr(cls, "__post_init__", None)),
        "__repr__": __repr__,
        "__eq__": __eq__,
        "__hash__": __hash__ if frozen else None,
    }
    if order:
        methods["__lt__"] = lambda self, other: key(self) < key(other)
        methods["__le__"] = lambda self, other: key(self) <= key(other)
        methods["__gt__"] = lambda self, other: key(self) > key(other)
        methods["__ge__"] = lambda self, other: key(self) >= key(other)
    if frozen:
        methods["__setattr__"] = _frozen_setattr
        methods["__delattr__"] = _frozen_delattr
    if slots:
        names = tuple(own)
        body = {k: v for k, v in cls.__dict__.items() if k not in (*names, "__dict__", "__weakref__")}
        body["__slots__"] = names
        body["__qualname__"] = cls.__qualname__
        if frozen:
            body["__getstate__"] = _getstate
            body["__setstate__"] = _setstate
        cls = type(cls)(cls.__name__, cls.__bases__, body)
    if "__init__" not in cls.__dict__:
        methods["__signature__"] = _ClassSignature()
    for name, method in methods.items():
        if name not in cls.__dict__ or (name == "__hash__" and cls.__dict__[name] is None):
            if method is not None and name != "__signature__":
                method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    if not slots:
        for spec in own.values():
            # A field() left as a class attribute would read as the default it is not.
            if isinstance(cls.__dict__.get(spec.name), _Field):
                delattr(cls, spec.name)
    return cls


def _record(
    cls: typing.Any = None, /, *, frozen: bool = False, slots: bool = False, order: bool = False
) -> typing.Any:
    if cls is None:
        return lambda klass: _build(klass, frozen, slots, order)
    return _build(cls, frozen, slots, order)


def _replace(obj: typing.Any, /, **changes: typing.Any) -> typing.Any:
    """A copy of a record with some fields changed (``dataclasses.replace``)."""
    values = {f.name: getattr(obj, f.name) for f in _fields_of(type(obj))}
    values.update(changes)
    return type(obj)(**values)


if TYPE_CHECKING:
    _T = typing.TypeVar("_T")

    @typing.overload
    def record(cls: type[_T], /) -> type[_T]: ...
    @typing.overload
    def record(*, frozen: bool = ..., slots: bool = ..., order: bool = ...) -> typing.Any: ...
    @typing.dataclass_transform(field_specifiers=(field,))
    def record(
        cls: typing.Any = None, /, *, frozen: bool = False, slots: bool = False, order: bool = False
    ) -> typing.Any: ...

    def replace(obj: _T, /, **changes: typing.Any) -> _T: ...
else:
    record = _record
    replace = _replace
