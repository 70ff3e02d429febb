"""The typed model's refusals in lint's words: what ``chartgen.Values(...)`` and ``loaded.model``
raise is what ``chartgen lint`` says of the same mistake in a file (its rule ids, messages and
hints), at the same paths; ``chartgen.api`` hands this wording to the model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted
from chartgen.records import replace
from chartgen.releases import LATEST
from chartgen.values.model.base import REFUSED

#: What lint says of a key nobody reads, by rule: pydantic's ``extra_forbidden``.
_UNREAD = ("unknown-key", "misplaced-key", "key-not-in-release", "foreign-key")
#: What lint says of a value a release does not take: the release check of a section.
_NOT_IN_RELEASE = ("key-not-in-release", "invalid-enum")
_PLAIN = (str, int, float, bool, type(None), dict, list)


def worded(
    exc: ValidationError, data: Any, model: type[BaseModel], release: str | None = None
) -> list[Diagnostic]:
    """pydantic's objections to ``data`` (what ``model`` was given) as lint words the same
    mistakes in a file: its rule ids and messages (an unknown key with the key meant, a value of
    the wrong type), from lint's walk of ``data`` against the schema of ``model`` in ``release``
    (else the latest). Each is at its path from ``model``; what lint has no words for keeps
    pydantic's, as ``model-refused``. Every one is an error: the model takes none of them."""
    from chartgen.redaction import SECRET_KEYS
    from chartgen.validation.schema_walk import Walker, release_schema

    schema = release_schema(release or LATEST)
    node = schema["$defs"].get(model.__name__, schema) if model.__name__ != "Values" else schema
    walker = Walker(schema, release or LATEST, SECRET_KEYS)
    walker.walk(_as_data(data, model), node, (), {})
    out: list[Diagnostic] = []
    linted: list[Diagnostic] | None = None
    for error in exc.errors():
        path = _as_written(tuple(part for part in error["loc"] if isinstance(part, str | int)), model)
        kind, given = error["type"], error.get("input")
        if kind == "extra_forbidden":
            words = [f for f in walker.found if f.path == path and f.rule in _UNREAD]
        elif kind == "missing":
            words = [
                f
                for f in walker.found
                if f.rule == "missing-key" and f.path == path[:-1] and f.message.endswith(f"`{path[-1]}`")
            ]
        elif not isinstance(given, _PLAIN):
            words = []  # no value lint reads: a Python object the model has no type for
        else:
            here = [f for f in walker.found if f.path == path and f.rule not in _UNREAD]
            words = [f for f in here if f.severity is Severity.ERROR] or here
            if not words and isinstance(given, dict):
                words = [f for f in walker.found if f.path[:-1] == path and f.rule in _NOT_IN_RELEASE]
        if not words and model.__name__ == "Values" and isinstance(given, _PLAIN):
            # A value a rule owns (``maxSlotsPerPod``, ``db.port``) is judged by it, not the walk.
            linted = _linted(data, release or LATEST) if linted is None else linted
            owned = [d for d in linted if d.path == path and d.is_error]
            if owned:
                out.extend(replace(d, location=None) for d in owned)
                continue
        if not words:
            message = error["msg"].removeprefix("Value error, ")
            out.append(Diagnostic(REFUSED, f"{dotted(path) or 'the values'}: {message}", path=path))
        out.extend(Diagnostic(f.rule, f.message, path=f.path, extra=f.data) for f in words)
    return list(dict.fromkeys(out))


def _as_written(path: Path, model: type[BaseModel]) -> Path:
    """A path of pydantic's with a top-level field's name as the chart writes it (``global``)."""
    if path and isinstance(path[0], str) and path[0] in model.model_fields:
        return (model.model_fields[path[0]].alias or path[0], *path[1:])
    return path


def _linted(data: Any, release: str) -> list[Diagnostic]:
    """What ``chartgen.lint`` finds in ``data``, the whole values, where they can be read as values."""
    from chartgen.diagnostics import ChartgenError, UsageError
    from chartgen.validation.runner import run_rules
    from chartgen.values.load import from_data, load_sources

    try:
        return run_rules(load_sources([from_data(_as_data(data, _values()), "Values")], app_version=release))
    except (ChartgenError, UsageError):
        return []


def _values() -> type[BaseModel]:
    from chartgen.values.model.root import Values

    return Values


def _as_data(data: Any, model: type[BaseModel] | None = None) -> Any:
    """``data`` as a values file would hold it: sections already built as their values, keys
    given by field name (``global_``) as written in the chart (``global``)."""
    if isinstance(data, BaseModel):
        return data.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(data, Mapping):
        fields = model.model_fields if model is not None else {}
        return {
            (fields[key].alias or key) if key in fields else str(key): _as_data(item)
            for key, item in data.items()
        }
    if isinstance(data, list | tuple):
        return [_as_data(item) for item in data]
    return data
