"""Are two manifest streams the same Kubernetes objects? The corpus's rules, as data.

The rules (../shared/conformance/README.md): objects are identified by
apiVersion, kind, namespace and name, so document order does not matter; a
mapping entry whose value is null is the same as no entry; the YAML files a
ConfigMap (``data``) or Secret (``stringData``) carries are compared as parsed
data; a pod template's ``checksum/config`` must be a sha256 hex digest on both
sides but its value is ours to choose; everything else must be equal, types
included, except that text spanning several lines may differ in trailing
newlines (a block scalar's chomping is not part of the object).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

SHA256_HEX = re.compile(r"[0-9a-f]{64}")
CHECKSUM = "checksum/config"
# Which field of which kind carries embedded files.
CARRIERS = {"ConfigMap": "data", "Secret": "stringData"}
MAX_PER_OBJECT = 25

Identity = tuple[str, str, str, str]

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Embedded:
    """A YAML file carried inside an object, compared by its parsed content."""

    def __init__(self, content: Any) -> None:
        self.content = content

    def __repr__(self) -> str:
        return f"<parsed YAML {self.content!r}>"


class Unparsable:
    """A carried file that is not YAML: equal only to the same problem text."""

    def __init__(self, problem: str) -> None:
        self.problem = problem

    def __repr__(self) -> str:
        return f"<unparsable YAML: {self.problem}>"


class Digest:
    """A checksum/config annotation that is a sha256 hex digest (its value is not compared)."""

    def __repr__(self) -> str:
        return "<sha256 digest>"


def without_nulls(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: without_nulls(value) for key, value in node.items() if value is not None}
    if isinstance(node, list):
        return [without_nulls(item) for item in node]
    return node


def parse_stream(text: str) -> list[dict[str, Any]]:
    """The non-empty documents of a stream; raises yaml.YAMLError on invalid YAML."""
    return [doc for doc in yaml.load_all(text, Loader=_Loader) if doc]


def identity(obj: dict[str, Any]) -> Identity:
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        metadata = {}
    return (
        str(obj.get("apiVersion")),
        str(obj.get("kind")),
        str(metadata.get("namespace") or ""),
        str(metadata.get("name")),
    )


def describe(ident: Identity) -> str:
    api, kind, namespace, name = ident
    return f"{kind} {namespace + '/' if namespace else ''}{name} ({api})"


def _pod_annotations(obj: dict[str, Any]) -> dict[str, Any] | None:
    node: Any = obj
    for key in ("spec", "template", "metadata", "annotations"):
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def canonical(obj: dict[str, Any], side: str, problems: list[str]) -> dict[str, Any]:
    """The object as compared: nulls dropped, carried files parsed, the checksum abstracted."""
    obj = without_nulls(obj)
    field = CARRIERS.get(str(obj.get("kind")))
    files = obj.get(field) if field else None
    if isinstance(files, dict):
        for name, text in files.items():
            if name.endswith(".yaml") and isinstance(text, str):
                try:
                    files[name] = Embedded(without_nulls(yaml.load(text, Loader=_Loader)))
                except yaml.YAMLError as exc:
                    files[name] = Unparsable(str(exc).splitlines()[0])
    annotations = _pod_annotations(obj)
    if annotations is not None and CHECKSUM in annotations:
        value = annotations[CHECKSUM]
        if isinstance(value, str) and SHA256_HEX.fullmatch(value):
            annotations[CHECKSUM] = Digest()
        else:
            problems.append(
                f"{side} {describe(identity(obj))}: {CHECKSUM} is not a sha256 hex digest: {value!r}"
            )
    return obj


def _same_leaf(expected: Any, actual: Any) -> bool:
    if isinstance(expected, (Digest, Unparsable)):
        return type(actual) is type(expected) and repr(actual) == repr(expected)
    if isinstance(expected, str) and isinstance(actual, str) and "\n" in expected + actual:
        return expected.rstrip("\n") == actual.rstrip("\n")
    return bool(expected == actual)


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else str(part)


def differences(expected: Any, actual: Any, path: str = "") -> Iterator[str]:
    """Every place where ``actual`` is not ``expected``, as readable lines."""
    where = path or "(whole object)"
    if isinstance(expected, Embedded) and isinstance(actual, Embedded):
        yield from differences(expected.content, actual.content, f"{path} (parsed)")
    elif type(expected) is not type(actual):
        yield (
            f"{where}: expected {expected!r} ({type(expected).__name__}), "
            f"got {actual!r} ({type(actual).__name__})"
        )
    elif isinstance(expected, dict):
        for key, value in expected.items():
            if key in actual:
                yield from differences(value, actual[key], _join(path, key))
            else:
                yield f"{_join(path, key)}: missing, expected {value!r}"
        for key in actual.keys() - expected.keys():
            yield f"{_join(path, key)}: not expected, got {actual[key]!r}"
    elif isinstance(expected, list):
        if len(expected) != len(actual):
            yield f"{where}: expected {len(expected)} items, got {len(actual)}"
        for index, (left, right) in enumerate(zip(expected, actual, strict=False)):
            yield from differences(left, right, _join(path, index))
    elif not _same_leaf(expected, actual):
        yield f"{where}: expected {expected!r}, got {actual!r}"


def _index(docs: list[dict[str, Any]], side: str, problems: list[str]) -> dict[Identity, dict[str, Any]]:
    objects: dict[Identity, dict[str, Any]] = {}
    for doc in docs:
        if not isinstance(doc, dict):
            problems.append(f"{side}: a document is not a mapping: {doc!r}")
            continue
        obj = canonical(doc, side, problems)
        ident = identity(obj)
        if ident in objects:
            problems.append(f"{side}: {describe(ident)} appears twice")
        objects[ident] = obj
    return objects


def compare(expected_text: str, actual_text: str) -> list[str]:
    """Readable differences between two streams; an empty list means the same objects."""
    problems: list[str] = []
    try:
        actual_docs = parse_stream(actual_text)
    except yaml.YAMLError as exc:
        return [f"the output is not valid YAML: {exc}"]
    expected = _index(parse_stream(expected_text), "expected", problems)
    actual = _index(actual_docs, "actual", problems)
    problems.extend(f"missing object: {describe(i)}" for i in expected if i not in actual)
    problems.extend(f"unexpected object: {describe(i)}" for i in actual if i not in expected)
    for ident, obj in expected.items():
        if ident not in actual:
            continue
        found = list(differences(obj, actual[ident]))
        if found:
            problems.append(f"{describe(ident)} differs:")
            problems.extend(f"    {line}" for line in found[:MAX_PER_OBJECT])
            if len(found) > MAX_PER_OBJECT:
                problems.append(f"    ... and {len(found) - MAX_PER_OBJECT} more")
    return problems
