"""The Pod's strategic-merge-patch keys, as a small table generated from Kubernetes' OpenAPI schema.

kubectl and the Determined master take each field's patch strategy and merge key from the
``patchStrategy``/``patchMergeKey`` Go struct tags; the OpenAPI schema publishes the same tags as
``x-kubernetes-patch-strategy``/``x-kubernetes-patch-merge-key``. The ``x-kubernetes-list-*``
extensions only drive server-side apply, so the table leaves them out.

``python -m chartgen.podspec.patchkeys`` regenerates ``chartgen/data/smp-pod-keys.json`` from
kubernetes-validate (a dev dependency). At run time only the JSON is read.

Table layout: ``types`` maps each struct type reachable from ``Pod`` to its fields. A field is
``"scalar"``, ``"map"`` (free-form keys), a type name, or an object
``{"type": ..., "list": true, "strategy": "merge,retainKeys", "mergeKey": "name"}`` where ``type``
describes the field (a list's items when ``list`` is set).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

#: kubectl 1.31 is the oracle in tests/unit/podspec; the table comes from the same API version.
KUBERNETES_VERSION = "1.31.0"
ROOT = "Pod"
DATA_FILE = "data/smp-pod-keys.json"

SCALAR = "scalar"
MAP = "map"

_ROOT_DEFINITION = "io.k8s.api.core.v1.Pod"


@cache
def pod_table() -> dict[str, Any]:
    """The shipped table, parsed once (callers must not mutate it)."""
    table: dict[str, Any] = json.loads(resources.files("chartgen").joinpath(DATA_FILE).read_text())
    return table


def build_table(definitions: Mapping[str, Any], root: str = _ROOT_DEFINITION) -> dict[str, Any]:
    """Walk the OpenAPI ``definitions`` from ``root`` and keep only what a patch needs."""
    types: dict[str, dict[str, Any]] = {}
    full_names: dict[str, str] = {}

    def type_of(schema: Mapping[str, Any]) -> str:
        ref = _ref(schema)
        if ref is None:
            return MAP if isinstance(schema.get("additionalProperties"), Mapping) else SCALAR
        definition = definitions[ref]
        if not _is_struct(definition):
            return MAP if isinstance(definition.get("additionalProperties"), Mapping) else SCALAR
        name = ref.rsplit(".", 1)[-1]
        if full_names.setdefault(name, ref) != ref:
            raise ValueError(f"two definitions share the short name {name}: {full_names[name]}, {ref}")
        if name not in types:
            fields: dict[str, Any] = {}
            types[name] = fields  # registered before its fields, so recursive types terminate
            for field, prop in sorted(definition.get("properties", {}).items()):
                fields[field] = describe(prop)
        return name

    def describe(prop: Mapping[str, Any]) -> Any:
        items = prop.get("items")
        entry: dict[str, Any]
        if isinstance(items, Mapping):
            if "items" in items:
                raise ValueError("lists of lists have no strategic-merge semantics")
            entry = {"type": type_of(items), "list": True}
        else:
            entry = {"type": type_of(prop)}
        if "x-kubernetes-patch-strategy" in prop:
            entry["strategy"] = prop["x-kubernetes-patch-strategy"]
        if "x-kubernetes-patch-merge-key" in prop:
            entry["mergeKey"] = prop["x-kubernetes-patch-merge-key"]
        return entry["type"] if len(entry) == 1 else entry

    root_name = type_of({"$ref": f"#/definitions/{root}"})
    return {
        "kubernetes": KUBERNETES_VERSION,
        "root": root_name,
        "types": dict(sorted(types.items())),
    }


def _ref(schema: Mapping[str, Any]) -> str | None:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for option in schema.get("allOf", ()):
        if "$ref" in option:
            return str(option["$ref"]).rsplit("/", 1)[-1]
    return None


def _is_struct(definition: Mapping[str, Any]) -> bool:
    kind = definition.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    return "properties" in definition or ("object" in kinds and "additionalProperties" not in definition)


def generate() -> dict[str, Any]:
    """Build the table from the schema kubernetes-validate ships for ``KUBERNETES_VERSION``."""
    schemas = resources.files("kubernetes_validate").joinpath("kubernetes-json-schema")
    text = schemas.joinpath(f"v{KUBERNETES_VERSION}-local", "_definitions.json").read_text()
    return build_table(json.loads(text)["$defs"])


def render(table: Mapping[str, Any]) -> str:
    """The data file's exact text (stable, so regeneration diffs cleanly)."""
    return json.dumps(table, indent=1, sort_keys=True) + "\n"


def main() -> None:
    target = Path(str(resources.files("chartgen").joinpath(DATA_FILE)))
    target.write_text(render(generate()))


if __name__ == "__main__":
    main()
