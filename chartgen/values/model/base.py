"""What every part of the values model is built from: sections and the ``field`` helper.

A field carries more than a type: a one-line description, its default in each
release, whether upstream's values.yaml writes it, and the releases that read it.
All of that travels in ``json_schema_extra`` under ``x-`` keys, so the JSON Schema
pydantic produces holds everything the generators (``chartgen.gen``) need; the
generators turn those keys into one plain schema per release.

Sections say who reads them (``consumer``), because that decides what an unknown
key means: Helm ignores it in the chart's own values, the master silently drops it
where it decodes leniently, and refuses to start where it decodes strictly.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, model_validator

from chartgen.diagnostics import Diagnostic, Location, ValuesError, dotted
from chartgen.quantities import spells_number
from chartgen.records import record, replace
from chartgen.releases import LATEST, SUPPORTED, release_key, span
from chartgen.yamlio.resolve import boolean_text

#: The rule of what the model refuses (explained with the input rules).
REFUSED = "model-refused"

Consumer = Literal["chart", "chartgen", "master-strict", "master-lenient"]


@record(frozen=True)
class PerRelease:
    """A default that differs between releases; every supported release reading the key has one."""

    values: Mapping[str, Any]

    def get(self, release: str) -> Any:
        return self.values[release]


def reads(since: str | None, until: str | None, release: str) -> bool:
    """Whether a release reads something that appeared in ``since`` and was removed in ``until``."""
    if since is not None and release_key(release) < release_key(since):
        return False
    return until is None or release_key(release) < release_key(until)


def field(
    description: str,
    default: Any = None,
    *,
    change: str | None = None,
    values_yaml: bool = False,
    required: bool = False,
    alias: str | None = None,
    secret: bool = False,
    free_text: bool = False,
    no_effect: str | None = None,
    replaced_by: str | None = None,
    enum_changes: Mapping[str, str] | None = None,
    enum_ignored: tuple[str, ...] = (),
    enum_notes: Mapping[str, str] | None = None,
    case_insensitive: bool = False,
    trimmed: bool = False,
    empty_is_default: bool = False,
    checked_by: str | None = None,
) -> Any:
    """A value of the chart (or of the master section it is copied into).

    ``default`` is what upstream's values.yaml holds (a ``PerRelease`` when it
    differs); ``values_yaml`` says whether values.yaml writes the key at all, which
    is what ``DEFAULTS`` of ``chartgen.data`` reproduces. ``change`` names the release change
    (``chartgen.releases.CHANGES``) that brings the key: only releases with it read
    the key; ``replaced_by`` names the key that takes its place in releases that do
    not. ``enum_changes`` does the same for single enum values, with ``enum_notes``
    explaining a value a release refuses (``{release}`` stands for it). ``enum_ignored``
    values are not refused where their change is missing: the chart silently ignores
    them there, which lint reports as a warning with the note.
    ``free_text`` fields (shell hooks, certificates, regular expressions) are not
    searched for placeholders; ``no_effect`` explains a setting that is accepted but
    does nothing. A ``required`` key must be written whenever its section is.
    ``trimmed`` values are compared by the chart after trimming blanks, so `` coscheduler `` works.
    ``empty_is_default`` values go through Helm's ``default``: any false or empty value is unset.
    ``checked_by`` names the rule that reports this value's presence and bounds with
    more to say than the schema walker, which then leaves them to it (the schema
    still states them).
    """
    since, until = span(change) if change else (None, None)
    releases = [r for r in SUPPORTED if reads(since, until, r)]
    if not releases:
        raise ValueError(f"field {description!r} is read by no supported release")
    per_release = default.values if isinstance(default, PerRelease) else dict.fromkeys(releases, default)
    extra: dict[str, Any] = {"x-defaults": {r: per_release[r] for r in releases}}
    optional: dict[str, Any] = {
        "x-since": since,
        "x-until": until,
        "x-values-yaml": values_yaml or None,
        "x-secret": secret or None,
        "x-free-text": free_text or None,
        "x-no-effect": no_effect,
        "x-replaced-by": replaced_by,
        "x-enum-since": _enum_bounds(enum_changes, 0),
        "x-enum-until": _enum_bounds(enum_changes, 1),
        "x-enum-ignored": list(enum_ignored) or None,
        "x-enum-notes": dict(enum_notes) if enum_notes else None,
        "x-case-insensitive": case_insensitive or None,
        "x-trimmed": trimmed or None,
        "x-empty-is-default": empty_is_default or None,
        "x-checked-by": checked_by,
    }
    extra.update({k: v for k, v in optional.items() if v is not None})
    if required:
        return Field(description=description, alias=alias, json_schema_extra=extra)
    latest = per_release.get(LATEST, per_release[releases[-1]])
    return Field(_copy(latest), description=description, alias=alias, json_schema_extra=extra)


def _enum_bounds(changes: Mapping[str, str] | None, which: int) -> dict[str, str] | None:
    """``x-enum-since`` (``which`` 0) or ``x-enum-until`` (1) of enum values that come with a change."""
    bounds = {value: span(change)[which] for value, change in (changes or {}).items()}
    return {value: bound for value, bound in bounds.items() if bound is not None} or None


def section(
    model: type[BaseModel],
    description: str,
    *,
    values_yaml: bool = False,
    change: str | None = None,
    alias: str | None = None,
) -> Any:
    """A nested group of values; in values.yaml its default is made of its children's defaults."""
    since, until = span(change) if change else (None, None)
    extra: dict[str, Any] = {"x-section": True}
    optional = {"x-since": since, "x-until": until, "x-values-yaml": values_yaml or None}
    extra.update({k: v for k, v in optional.items() if v is not None})
    if values_yaml:
        return Field(default_factory=model, description=description, alias=alias, json_schema_extra=extra)
    return Field(None, description=description, alias=alias, json_schema_extra=extra)


def _copy(value: Any) -> Any:
    """Mutable defaults (lists, maps) are copied so the model never shares them with callers."""
    return copy.deepcopy(value) if isinstance(value, list | dict) else value


def config(
    consumer: Consumer,
    *,
    where: str,
    moved: Mapping[str, str] | None = None,
) -> ConfigDict:
    """Model settings of a section.

    ``where`` names the section in messages (``a resource pool``); ``moved`` maps
    keys people write here by mistake to the explanation of where they belong.
    """
    extra: dict[str, Any] = {"x-consumer": consumer, "x-where": where}
    if moved:
        extra["x-moved"] = dict(moved)
    return ConfigDict(
        extra="forbid",
        strict=True,
        populate_by_name=True,
        json_schema_extra=extra,
    )


class Section(BaseModel):
    """Base of every values section: unknown keys are refused, and a release only takes its own keys.

    Validate with ``context={"release": version}`` to refuse keys (and enum values)
    that release does not read; without a context every supported key is taken.
    """

    model_config = config("chart", where="the values")

    def __init__(self, /, **data: Any) -> None:
        """A section from its values; what the model refuses raises ``ValuesError`` (a
        ``ValueError``, as pydantic's is), worded as lint words it, each finding located at its
        path from this section (``Values.maxSlotPerPod``, ``Db.storageSize``)."""
        try:
            super().__init__(**data)
        except ValidationError as exc:
            name = type(self).__name__
            found = refused(exc, data, type(self))
            raise ValuesError([replace(d, location=Location.of_path(name, d.path)) for d in found]) from None

    # pydantic validates (``model_validate``, nested sections) without calling this ``__init__``.
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @model_validator(mode="before")
    @classmethod
    def _as_the_chart_reads(cls, data: Any) -> Any:
        """Take a value as the chart compares it (trimmed, or in lower case where case does not
        matter) and as Helm's numbers work: ``4.0`` is the integer 4 (Helm holds every number as
        a float), and where the chart writes a value unquoted, ``"4"`` is read back as 4. ``lint``
        accepts the same, with a warning for the quoted number."""
        if not isinstance(data, dict):
            return data
        out = dict(data)
        unquoted = cls.model_config.get("json_schema_extra", {}).get("x-consumer") == "chart"  # type: ignore[union-attr]
        for name, info in cls.model_fields.items():
            extra = info.json_schema_extra
            key = info.alias or name
            if key not in out and name not in out:
                continue
            value = out.get(key, out.get(name))
            if isinstance(value, str) and isinstance(extra, dict):
                if extra.get("x-empty-is-default") and boolean_text(value) is not None:
                    value = boolean_text(value)  # written bare, read as the boolean it says
                    out[key if key in out else name] = value
                    continue
                if extra.get("x-trimmed"):
                    value = value.strip()
                if extra.get("x-case-insensitive"):
                    value = value.lower()
            value = _as_number(value, _scalar_types(info.annotation), unquoted=unquoted)
            out[key if key in out else name] = value
        return out

    @model_validator(mode="after")
    def _release_check(self, info: ValidationInfo) -> Self:
        release = (info.context or {}).get("release") if isinstance(info.context, dict) else None
        if release is None:
            return self
        fields = type(self).model_fields
        for name in self.model_fields_set:
            extra = fields[name].json_schema_extra
            if not isinstance(extra, dict):
                continue
            key = fields[name].alias or name
            since, until = extra.get("x-since"), extra.get("x-until")
            if not reads(_str(since), _str(until), release):
                raise ValueError(f"{key} is not read by Determined {release}")
            value = getattr(self, name)
            if isinstance(value, str):
                since_map = extra.get("x-enum-since") or {}
                until_map = extra.get("x-enum-until") or {}
                ignored = extra.get("x-enum-ignored") or []
                accepted = (
                    (isinstance(ignored, list) and value in ignored)
                    or not isinstance(since_map, dict)
                    or not isinstance(until_map, dict)
                    or reads(_str(since_map.get(value)), _str(until_map.get(value)), release)
                )
                if not accepted:
                    raise ValueError(f"{key}: {value!r} is not accepted by Determined {release}")
        return self


def refused(
    exc: ValidationError, data: Any, model: type[BaseModel], release: str | None = None
) -> list[Diagnostic]:
    """pydantic's objections to ``data`` (what ``model`` was given), each at its path from
    ``model``: as lint words the same mistakes in a file once the library has handed the model
    its wording (``chartgen.values.refusals``), else pydantic's message under ``model-refused``."""
    from chartgen.values import refusals

    if refusals.wording is not None:
        return refusals.wording(exc, data, model, release)
    out = []
    for error in exc.errors():
        path = tuple(part for part in error["loc"] if isinstance(part, str | int))
        message = error["msg"].removeprefix("Value error, ")
        out.append(Diagnostic(REFUSED, f"{dotted(path) or 'the values'}: {message}", path=path))
    return out


def _scalar_types(annotation: Any) -> set[type]:
    """The plain types a field's annotation admits, through ``Annotated``, unions and ``None``."""
    import typing

    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _scalar_types(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return {t for arg in typing.get_args(annotation) for t in _scalar_types(arg)}
    return {annotation} if isinstance(annotation, type) else set()


def _as_number(value: Any, admitted: set[type], *, unquoted: bool) -> Any:
    if str in admitted or (int not in admitted and float not in admitted):
        return value
    expected = ["integer"] if float not in admitted else ["number"]
    if isinstance(value, float) and int in admitted and float not in admitted and value.is_integer():
        return int(value)
    if isinstance(value, str) and unquoted and spells_number(value, expected):
        number = float(value) if float in admitted else int(value.strip())
        return (
            int(number) if isinstance(number, float) and number.is_integer() and int in admitted else number
        )
    return value


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None
