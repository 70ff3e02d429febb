"""From the values model to one JSON Schema per release, and the chart defaults it implies.

pydantic writes the model's schema (with every ``x-`` annotation of ``field``); this
module tidies it (no titles, ``["string", "null"]`` instead of ``anyOf`` with null)
into the *full* schema, then specialises it for a release: keys the release does not
read move to the object's ``x-other-releases`` with the explanation ``lint`` shows,
enum values it refuses move to ``x-enum-notes``, and each property's ``default`` is
the release's. ``DEFAULTS`` of ``chartgen.data`` is the part of those defaults values.yaml writes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from chartgen.values.model.base import reads

Node = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# Annotations the generators use and the published schemas do not carry.
INTERNAL = (
    "x-since", "x-until", "x-defaults", "x-values-yaml", "x-section",
    "x-enum-since", "x-enum-until", "x-replaced-by",
)  # fmt: skip


def full_schema() -> Node:
    """The model's schema for every release at once, tidied."""
    from chartgen.values.model import Values

    raw = Values.model_json_schema(by_alias=True)
    return _tidy(raw)


def _transform(node: Node, change: Callable[[Node], Node]) -> Node:
    """Apply ``change`` to every schema, innermost first."""
    out = dict(node)
    if "properties" in out:
        out["properties"] = {k: _transform(v, change) for k, v in out["properties"].items()}
    for key in ("items", "additionalProperties"):
        if isinstance(out.get(key), dict):
            out[key] = _transform(out[key], change)
    if "anyOf" in out:
        out["anyOf"] = [_transform(b, change) for b in out["anyOf"]]
    if "$defs" in out:
        out["$defs"] = {k: _transform(v, change) for k, v in out["$defs"].items()}
    return change(out)


def _plain_types(branch: Node) -> list[str] | None:
    """The types of a branch that says nothing but its type(s)."""
    if set(branch) == {"type"}:
        kind = branch["type"]
        return [kind] if isinstance(kind, str) else list(kind)
    if set(branch) <= {"anyOf", "format"} and "anyOf" in branch:
        inner = [_plain_types(b) for b in branch["anyOf"]]
        if all(t is not None for t in inner):
            return [t for types in inner for t in types or ()]
    return None


def _tidy(raw: Node) -> Node:
    def change(node: Node) -> Node:
        node.pop("title", None)
        branches = node.get("anyOf")
        if not branches:
            return node
        null = {"type": "null"}
        others = [b for b in branches if b != null]
        nullable = len(others) < len(branches)
        types = _plain_types({"anyOf": others})
        if types is not None:
            del node["anyOf"]
            node["type"] = _types(types, nullable)
        elif len(others) == 1 and "$ref" not in others[0] and isinstance(others[0].get("type"), str | list):
            del node["anyOf"]
            inner = dict(others[0])
            if "anyOf" in inner and (inner_types := _plain_types({"anyOf": inner.pop("anyOf")})):
                inner["type"] = inner_types
            kinds = inner.pop("type")
            if nullable and "const" in inner:
                inner["enum"] = [inner.pop("const")]
            if nullable and "enum" in inner:
                inner["enum"] = [*inner["enum"], None]
            node = {**inner, **node, "type": _types([kinds] if isinstance(kinds, str) else kinds, nullable)}
        return node

    return _transform(raw, change)


def _types(types: list[str], nullable: bool) -> str | list[str]:
    kinds = list(dict.fromkeys(types))
    if "number" in kinds and "integer" in kinds:
        kinds.remove("integer")
    if nullable and "null" not in kinds:
        kinds.append("null")
    return kinds[0] if len(kinds) == 1 else kinds


def release_schema(full: Node, release: str) -> Node:
    """What ``release`` reads, with its defaults and the explanations ``lint`` needs (still annotated)."""
    schema = copy.deepcopy(full)

    def change(node: Node) -> Node:
        if "properties" in node:
            _only_release_keys(node, release)
        return node

    return _transform(schema, change)


def _only_release_keys(node: Node, release: str) -> None:
    kept: dict[str, Node] = {}
    others: dict[str, str] = {}
    properties: dict[str, Node] = node["properties"]
    for key, prop in properties.items():
        if reads(prop.get("x-since"), prop.get("x-until"), release):
            _only_release_values(prop, release)
            kept[key] = prop
    for key, prop in properties.items():
        if key not in kept:
            others[key] = _not_in_release(key, prop, node, release, kept)
    node["properties"] = kept
    if others:
        node["x-other-releases"] = others
    # Keys another release reads under another name, as data for ``chartgen migrate``.
    renamed = {
        k: p["x-replaced-by"] for k, p in properties.items() if k in others and p.get("x-replaced-by") in kept
    }
    if renamed:
        node["x-renamed"] = renamed
    if "required" in node:
        node["required"] = [r for r in node["required"] if r in kept]


def _not_in_release(key: str, prop: Node, owner: Node, release: str, kept: dict[str, Node]) -> str:
    since, until = prop.get("x-since"), prop.get("x-until")
    when = (
        f"it is read from {since} on"
        if since and not reads(since, None, release)
        else f"it was removed in {until}"
    )
    other = prop.get("x-replaced-by")
    instead = f"; {release} reads `{other}` instead" if other in kept else ""
    consumer = owner.get("x-consumer", "chart")
    if consumer.startswith("master"):
        where = owner.get("x-where", "this section")
        head = f"the {release} master does not know `{key}` in {where} ({when}){instead}"
        if consumer == "master-lenient":
            tail = "the chart copies it into master.yaml, where the master silently drops it, so it has no effect"
        else:
            tail = "the chart copies it into master.yaml, and the master refuses to start on a key it does not know"
        return f"{head}: {tail}"
    return (
        f"`{key}` is not read by the {release} chart ({when}){instead}; Helm ignores it, so it has no effect"
    )


def _only_release_values(prop: Node, release: str) -> None:
    since: dict[str, str] = prop.get("x-enum-since", {})
    until: dict[str, str] = prop.get("x-enum-until", {})
    notes: dict[str, str] = prop.pop("x-enum-notes", {})
    ignored: list[str] = prop.pop("x-enum-ignored", [])
    refused: dict[str, str] = {}
    for holder in [prop, *prop.get("anyOf", ())]:
        if "enum" not in holder:
            continue
        accepted = [v for v in holder["enum"] if reads(since.get(v), until.get(v), release)]
        for value in holder["enum"]:
            if value not in accepted:
                generic = f"the {release} release does not accept `{value}` " + (
                    f"(accepted from {since[value]} on)" if value in since else f"(removed in {until[value]})"
                )
                refused[value] = notes.get(value, generic).replace("{release}", release)
        # The chart takes an ignored value without complaint: valid, with a warning from lint.
        holder["enum"] = [v for v in holder["enum"] if v in accepted or v in ignored]
    if "anyOf" in prop:
        prop["anyOf"] = [b for b in prop["anyOf"] if b.get("enum", True) != []]
    if refused:
        prop["x-enum-notes"] = refused
    if ignored and any(value in refused for value in ignored):
        prop["x-enum-ignored"] = [value for value in ignored if value in refused]
    if "x-defaults" in prop:
        prop["x-default"] = prop["x-defaults"][release]


def _target(node: Node, defs: dict[str, Node]) -> Node:
    """The object a section property stands for."""
    while True:
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        elif "anyOf" in node:
            node = next(b for b in node["anyOf"] if b != {"type": "null"})
        else:
            return node


def _defaults(node: Node, defs: dict[str, Node]) -> dict[str, Any]:
    """What values.yaml writes of an object: its ``x-values-yaml`` properties, sections made of theirs."""
    out = {}
    for key, prop in node["properties"].items():
        if prop.get("x-values-yaml"):
            section = prop.get("x-section")
            out[key] = (
                _defaults(_target(prop, defs), defs) if section else copy.deepcopy(prop.get("x-default"))
            )
    return out


def chart_defaults(schema: Node) -> dict[str, Any]:
    """The values.yaml of the release the schema is for (``DEFAULTS`` of ``chartgen.data``)."""
    return _defaults(schema, schema.get("$defs", {}))


def public_schema(schema: Node, release: str) -> Node:
    """The schema as published and walked: defaults set, generator-only annotations dropped."""
    defs = schema.get("$defs", {})

    def default(prop: Node) -> Any:
        if not prop.get("x-section"):
            return prop.get("x-default")
        return _defaults(_target(prop, defs), defs) if prop.get("x-values-yaml") else None

    def change(node: Node) -> Node:
        required = set(node.get("required", ()))
        for key, prop in node.get("properties", {}).items():
            value = default(prop)
            prop.pop("default", None)
            prop.pop("x-default", None)
            if key not in required:
                prop["default"] = value
            for name in INTERNAL:
                prop.pop(name, None)
        return _ordered(node)

    body = _transform(copy.deepcopy(schema), change)
    body.pop("description", None)
    head: Node = {
        "$schema": DRAFT,
        # A tag URI (RFC 4151): absolute and stable without claiming a web address nobody serves.
        "$id": f"tag:chartgen,2026:determined-values-schema/{release}",
        "title": f"Values of the Determined Helm chart {release}",
        "description": f"What the Determined {release} chart reads, plus chartgen's extensions (cluster, ingress).",
    }
    defs_out = body.pop("$defs", {})
    return {**head, **body, "$defs": defs_out}


_ORDER = (
    "description", "$ref", "anyOf", "type", "const", "enum", "format", "minimum", "exclusiveMinimum",
    "maximum", "items", "properties", "required", "additionalProperties",
)  # fmt: skip


def _ordered(node: Node) -> Node:
    """Keywords in a reading order: what it is, then its parts, annotations, and the default last."""
    first = [k for k in _ORDER if k in node]
    rest = sorted(k for k in node if k not in first and k != "default")
    return {k: node[k] for k in [*first, *rest, *(["default"] if "default" in node else [])]}
