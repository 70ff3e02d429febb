"""``help()`` and ``inspect.signature`` show each public record class's fields, as for a dataclass."""

from __future__ import annotations

import dataclasses
import inspect
import pydoc
import typing

import pytest

import chartgen
from chartgen.records import field, record


def _records() -> list[type]:
    found = [getattr(chartgen, name) for name in chartgen.__all__]
    return [value for value in found if isinstance(value, type) and "__record_fields__" in vars(value)]


RECORDS = _records()


def test_the_public_api_has_record_classes() -> None:
    names = {cls.__name__ for cls in RECORDS}
    assert {"ValuesText", "Diagnostic", "Location", "RenderResult", "CheckResult", "SetFlags"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=[cls.__name__ for cls in RECORDS])
def test_signature_names_every_field_in_order_with_its_default(cls: type) -> None:
    fields = [
        spec for klass in reversed(cls.__mro__) for spec in vars(klass).get("__record_fields__", {}).values()
    ]
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == list(dict.fromkeys(spec.name for spec in fields))
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)
    required = [p.name for p in parameters if p.default is inspect.Parameter.empty]
    if required:  # what shows no default is what the constructor cannot do without
        with pytest.raises(TypeError, match=f"missing required argument: {required[0]!r}"):
            cls()
    for parameter in parameters:
        if parameter.default is not inspect.Parameter.empty and repr(parameter.default) != "<factory>":
            # The default shown is the one the constructor uses.
            assert parameter.default == _constructed_default(cls, parameter.name, parameters)
    init = list(inspect.signature(cls.__init__).parameters)
    assert init == ["self", *(p.name for p in parameters)]


def _constructed_default(cls: type, name: str, parameters: list[inspect.Parameter]) -> object:
    # A string where one is annotated: public records that callers build check their arguments.
    required = {
        p.name: "-" if p.annotation == "str" else object()
        for p in parameters
        if p.default is inspect.Parameter.empty
    }
    return getattr(cls(**required), name)


@pytest.mark.parametrize("cls", RECORDS, ids=[cls.__name__ for cls in RECORDS])
def test_help_shows_the_signature(cls: type) -> None:
    text = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    assert "*args" not in text.split("Methods defined here")[0]
    assert f"{cls.__name__}{inspect.signature(cls)}" in text
    assert f"__init__{inspect.signature(cls.__init__)}" in text


def test_values_text_reads_as_its_dataclass_twin() -> None:
    @dataclasses.dataclass(frozen=True)
    class ValuesText:
        text: str
        name: str = "<text>"

    assert str(inspect.signature(chartgen.ValuesText)) == str(inspect.signature(ValuesText))


@record
class _WithFactory:
    items: list[int] = field(default_factory=list)
    name: str = "n"


@dataclasses.dataclass
class _WithFactoryTwin:
    items: list[int] = dataclasses.field(default_factory=list)
    name: str = "n"


def test_a_factory_default_shows_as_dataclasses_show_it() -> None:
    assert str(inspect.signature(_WithFactory)) == str(inspect.signature(_WithFactoryTwin))


def test_type_hints_of_init_still_resolve() -> None:
    hints = typing.get_type_hints(chartgen.ValuesText.__init__)
    assert hints == {"text": str, "name": str, "return": type(None)}
