"""The values schema as editors and other validators read it (``chartgen schema``, ``values_schema/``).

``lint`` walks the strict schema in ``chartgen/data`` with Helm's own reading of YAML. Editors
(the YAML language server), check-jsonschema and Helm's ``values.schema.json`` check differ:
they read YAML 1.2, where a bare ``yes`` or ``off`` is text, and know nothing of the chart's
habits. So the published schema says, in plain JSON Schema, what ``lint`` decides:

- a boolean may be written as a YAML 1.1 word (``yes``, ``off``): Helm reads those as booleans;
  one the chart writes bare through ``default`` (``logColor``) may also be such a word as text;
- an enum the chart compares ignoring case or surrounding blanks is a pattern
  (``logLevel: INFO``, ``defaultScheduler: " coscheduler "``);
- a section that may be null is checked as the section when it is not null, so a typo inside
  it is reported as the unexpected key it is, not as "not of type 'null'".

A key nobody reads stays refused here, as editors should show a misspelt key, where ``lint``
warns (it has no effect) and ``lint --strict`` fails.
"""

from __future__ import annotations

import copy
import re

from chartgen.hints import typing
from chartgen.yamlio.resolve import BOOLEAN_TEXT

#: Booleans to Helm's YAML 1.1 reader, text to a YAML 1.2 one (``true``/``false`` are both).
YAML11_BOOLEANS = (
    *("y", "Y", "yes", "Yes", "YES", "on", "On", "ON"),
    *("n", "N", "no", "No", "NO", "off", "Off", "OFF"),
)
_NULL = {"type": "null"}


def for_editors(schema: dict[str, typing.Any]) -> dict[str, typing.Any]:
    """A copy of a release's strict schema that YAML 1.2 validators judge as ``lint`` does."""
    edited: dict[str, typing.Any] = _node(copy.deepcopy(schema))
    return edited


def _node(node: typing.Any) -> typing.Any:
    if isinstance(node, list):
        return [_node(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _node(value) for key, value in node.items()}
    _loose_enum(node)
    _yaml11_boolean(node)
    _null_or_section(node)
    return node


def _loose_enum(node: dict[str, typing.Any]) -> None:
    if "enum" not in node or not (node.get("x-case-insensitive") or node.get("x-trimmed")):
        return
    choices = [value for value in node.pop("enum") if isinstance(value, str)]

    def spelled(text: str) -> str:
        if not node.get("x-case-insensitive"):
            return re.escape(text)
        return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in text)

    blank = r"\s*" if node.get("x-trimmed") else ""
    node["pattern"] = f"^{blank}(?:{'|'.join(spelled(choice) for choice in choices)}){blank}$"


def _yaml11_boolean(node: dict[str, typing.Any]) -> None:
    kinds = node.get("type")
    if kinds != "boolean" and not (isinstance(kinds, list) and "boolean" in kinds):
        return
    if node.get("x-empty-is-default"):
        # Written bare into master.yaml, a string is read as the boolean word it spells.
        node["anyOf"] = [{"type": node.pop("type")}, {"type": "string", "pattern": BOOLEAN_TEXT}]
        return
    node["anyOf"] = [{"type": node.pop("type")}, {"enum": list(YAML11_BOOLEANS)}]


def _null_or_section(node: dict[str, typing.Any]) -> None:
    branches = node.get("anyOf")
    if not (isinstance(branches, list) and len(branches) == 2 and _NULL in branches):
        return
    (section,) = [branch for branch in branches if branch != _NULL]
    if set(section) != {"$ref"}:
        return
    del node["anyOf"]
    node["if"] = _NULL
    node["then"] = True
    node["else"] = section
