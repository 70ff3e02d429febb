"""The Pod's strategic-merge-patch keys, as a small table generated from Kubernetes' OpenAPI schema.

kubectl and the Determined master take each field's patch strategy and merge key from the
``patchStrategy``/``patchMergeKey`` Go struct tags; the OpenAPI schema publishes the same tags as
``x-kubernetes-patch-strategy``/``x-kubernetes-patch-merge-key``. The ``x-kubernetes-list-*``
extensions only drive server-side apply, so the table leaves them out.

``python -m chartgen.podspec.patchkeys`` regenerates ``chartgen/data/pod_keys.py`` from
kubernetes-validate (a dev dependency). At run time only that module is imported.

Table layout: ``types`` maps each struct type reachable from ``Pod`` to its fields. A field is
``"scalar"``, ``"map"`` (free-form keys), a type name, or an object
``{"type": ..., "list": true, "strategy": "merge,retainKeys", "mergeKey": "name"}`` where ``type``
describes the field (a list's items when ``list`` is set).

The same walk feeds validation (``chartgen.podspec.podschema``), so the table also holds:
``scalars``, the value kind of each scalar field (a list's items, a map's values): ``string``,
``boolean``, ``int32``, ``int64``, ``number``, ``int-or-string``, ``quantity``, ``time``, or ``any``
for free-form JSON; ``required``, the fields each type requires; and ``since``, for fields that
Kubernetes added after ``OLDEST_VERSION``, the first version that has them.
"""

from __future__ import annotations

from collections.abc import Mapping

from chartgen.hints import typing
from chartgen.release_data import data_path, module_text

#: kubectl 1.31 is the oracle in tests/unit/podspec; the table comes from the same API version.
KUBERNETES_VERSION = "1.31.0"
#: The Determined masters chartgen knows read pod specs with Kubernetes 1.28's Go types
#: (``chartgen.releases.MASTER_KUBERNETES``), so ``since`` covers the fields added from 1.29 on.
OLDEST_VERSION = "1.28.0"
ROOT = "Pod"
DATA_FILE = "data/pod_keys.py"

SCALAR = "scalar"
MAP = "map"

_ROOT_DEFINITION = "io.k8s.api.core.v1.Pod"


def pod_table() -> dict[str, typing.Any]:
    """The shipped table (shared: callers must not change it)."""
    from chartgen.data.pod_keys import TABLE

    table: dict[str, typing.Any] = TABLE
    return table


def build_table(definitions: Mapping[str, typing.Any], root: str = _ROOT_DEFINITION) -> dict[str, typing.Any]:
    """Walk the OpenAPI ``definitions`` from ``root`` and keep only what a patch and a check need."""
    types: dict[str, dict[str, typing.Any]] = {}
    scalars: dict[str, dict[str, str]] = {}
    required: dict[str, list[str]] = {}
    full_names: dict[str, str] = {}

    def type_of(schema: Mapping[str, typing.Any]) -> str:
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
            fields: dict[str, typing.Any] = {}
            types[name] = fields  # registered before its fields, so recursive types terminate
            kinds: dict[str, str] = {}
            for field, prop in sorted(definition.get("properties", {}).items()):
                fields[field] = describe(prop)
                kind = value_kind(prop)
                if kind is not None:
                    kinds[field] = kind
            if kinds:
                scalars[name] = kinds
            if definition.get("required"):
                required[name] = sorted(definition["required"])
        return name

    def describe(prop: Mapping[str, typing.Any]) -> typing.Any:
        items = prop.get("items")
        entry: dict[str, typing.Any]
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

    def value_kind(prop: Mapping[str, typing.Any]) -> str | None:
        """The kind of a scalar field's value (a list's items, a map's values); None for structs."""
        items = prop.get("items")
        values = prop.get("additionalProperties")
        if isinstance(items, Mapping):
            return value_kind(items)
        if isinstance(values, Mapping):
            if "items" in values or isinstance(values.get("additionalProperties"), Mapping):
                raise ValueError("maps of lists or maps are not expected in a Pod")
            return value_kind(values)
        ref = _ref(prop)
        if ref is not None and _is_struct(definitions[ref]):
            return "any" if not definitions[ref].get("properties") else None
        return _scalar_kind(ref, definitions[ref] if ref is not None else prop)

    root_name = type_of({"$ref": f"#/definitions/{root}"})
    return {
        "kubernetes": KUBERNETES_VERSION,
        "required": dict(sorted(required.items())),
        "root": root_name,
        "scalars": dict(sorted(scalars.items())),
        "types": dict(sorted(types.items())),
    }


_SPECIAL_KINDS = {
    "io.k8s.apimachinery.pkg.api.resource.Quantity": "quantity",
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": "int-or-string",
    "io.k8s.apimachinery.pkg.apis.meta.v1.Time": "time",
    "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime": "time",
}


def _scalar_kind(ref: str | None, schema: Mapping[str, typing.Any]) -> str:
    if ref in _SPECIAL_KINDS:
        return _SPECIAL_KINDS[ref]
    declared = schema.get("type")
    kinds = [k for k in (declared if isinstance(declared, list) else [declared]) if k not in (None, "null")]
    if kinds == ["integer"]:
        return "int32" if schema.get("format") == "int32" else "int64"
    if len(kinds) == 1 and kinds[0] in ("string", "boolean", "number"):
        return str(kinds[0])
    if ref is None and not kinds:
        raise ValueError(f"a field without a type: {dict(schema)}")
    return "any"


def field_versions(
    tables: Mapping[str, Mapping[str, typing.Any]], newest: Mapping[str, typing.Any]
) -> dict[str, typing.Any]:
    """For each field of ``newest`` missing from the oldest of ``tables`` (version -> table), the
    first version that has it; fields of types that are new altogether are covered by their parent."""
    ordered = sorted(tables.items(), key=lambda item: tuple(int(p) for p in item[0].split(".")))
    oldest_types = ordered[0][1]["types"]
    since: dict[str, dict[str, str]] = {}
    for name, fields in newest["types"].items():
        if name not in oldest_types:
            continue
        for field in fields:
            if field in oldest_types[name]:
                continue
            first = next((v for v, t in ordered if field in t["types"].get(name, {})), newest["kubernetes"])
            since.setdefault(name, {})[field] = ".".join(first.split(".")[:2])
    return dict(sorted(since.items()))


def _ref(schema: Mapping[str, typing.Any]) -> str | None:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for option in schema.get("allOf", ()):
        if "$ref" in option:
            return str(option["$ref"]).rsplit("/", 1)[-1]
    return None


def _is_struct(definition: Mapping[str, typing.Any]) -> bool:
    kind = definition.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    return "properties" in definition or ("object" in kinds and "additionalProperties" not in definition)


def generate() -> dict[str, typing.Any]:
    """Build the table from the schemas kubernetes-validate ships for ``KUBERNETES_VERSION`` and the
    versions from ``OLDEST_VERSION`` up to it."""
    table = build_table(_definitions(KUBERNETES_VERSION))
    older = {}
    version = OLDEST_VERSION
    while version != KUBERNETES_VERSION:
        older[version] = build_table(_definitions(version))
        major, minor, _ = version.split(".")
        version = f"{major}.{int(minor) + 1}.0"
    table["since"] = field_versions(older, table)
    return table


def _definitions(version: str) -> dict[str, typing.Any]:
    import json
    from importlib import resources

    schemas = resources.files("kubernetes_validate").joinpath("kubernetes-json-schema")
    text = schemas.joinpath(f"v{version}-local", "_definitions.json").read_text()
    definitions: dict[str, typing.Any] = json.loads(text)["$defs"]
    return definitions


def render(table: Mapping[str, typing.Any]) -> str:
    """The data module's exact text (keys sorted, so regeneration diffs cleanly)."""
    return module_text(
        f"The Pod's strategic-merge-patch keys and field kinds, from Kubernetes {KUBERNETES_VERSION}'s "
        "OpenAPI schema (``chartgen.podspec.patchkeys``).",
        {"TABLE": table},
        sort_keys=True,
    )


def main() -> None:
    with open(data_path(DATA_FILE), "w", encoding="utf-8") as handle:
        handle.write(render(generate()))


if __name__ == "__main__":
    main()
