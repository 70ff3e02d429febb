"""Load a YAML values file into plain data plus the position of every key and value.

ruamel composes the node graph (it keeps marks); we construct the data ourselves
so that scalars are typed as Helm types them and duplicate keys are caught.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chartgen.diagnostics import Diagnostic, Location, Path
from chartgen.yamlio.resolve import resolve_plain

_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_EXPLICIT = {
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:null",
}


@dataclass
class Loaded:
    """One source's data with where each key and value was written."""

    data: Any
    file: str
    keys: dict[Path, Location] = field(default_factory=dict)
    values: dict[Path, Location] = field(default_factory=dict)

    def at(self, path: Path, *, key: bool = False) -> Location | None:
        table = self.keys if key else self.values
        return table.get(path) or self.keys.get(path)


class YamlError(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _loc(file: str, node: Any) -> Location:
    mark = node.start_mark
    return Location(file, mark.line + 1, mark.column + 1)


# Aliases let a few lines expand into millions of values (a "billion laughs"
# file); Helm's YAML library refuses "excessive aliasing", and so do we.
MAX_ALIAS_EXPANSION = 100_000


@dataclass
class _Expansion:
    """What every builder of one file shares: the nodes being built and those built before."""

    active: set[int] = field(default_factory=set)
    seen: set[int] = field(default_factory=set)
    repeats: int = 0


class _Builder:
    def __init__(self, file: str, expansion: _Expansion | None = None) -> None:
        self.out = Loaded(None, file)
        self.file = file
        self.expansion = expansion or _Expansion()

    def error(self, node: Any, rule: str, message: str) -> YamlError:
        return YamlError(Diagnostic(rule, message, location=_loc(self.file, node)))

    def build(self, node: Any, path: Path) -> Any:
        kind = type(node).__name__
        self.out.values.setdefault(path, _loc(self.file, node))
        if kind == "ScalarNode":
            return self.scalar(node)
        expansion = self.expansion
        if id(node) in expansion.active:
            raise self.error(
                node, "yaml-alias-cycle", "an alias refers to the anchor it is inside (Helm refuses the file)"
            )
        if id(node) in expansion.seen:
            expansion.repeats += 1
            if expansion.repeats > MAX_ALIAS_EXPANSION:
                raise self.error(
                    node,
                    "yaml-alias-expansion",
                    "aliases expand into too many values (Helm refuses the file: excessive aliasing)",
                )
        expansion.seen.add(id(node))
        expansion.active.add(id(node))
        try:
            if kind == "SequenceNode":
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            expansion.active.discard(id(node))

    def scalar(self, node: Any) -> Any:
        tag = str(node.tag)
        text = node.value
        if node.style is None and (tag in _EXPLICIT or tag == _STR or tag.startswith("tag:")):
            implicit = _IMPLICIT_TAG(text)
            if tag == implicit or (tag not in _EXPLICIT and tag != _STR):
                return resolve_plain(text)
            if tag == _STR:
                return text
            value = resolve_plain(text)
            return value
        if tag in _EXPLICIT:
            return resolve_plain(text)
        return text

    def mapping(self, node: Any, path: Path) -> dict[str, Any]:
        result: dict[str, Any] = {}
        seen: set[str] = set()
        merges: list[Any] = []
        for key_node, value_node in node.value:
            if str(key_node.tag) == _MERGE:
                merges.append(value_node)
                continue
            if type(key_node).__name__ != "ScalarNode":
                raise self.error(key_node, "yaml-complex-key", "mapping keys must be plain scalars")
            key = _key_text(self.scalar(key_node))
            if key in seen:
                raise self.error(
                    key_node, "yaml-duplicate-key", f"duplicate key {key!r} (Helm refuses the file)"
                )
            seen.add(key)
            child = (*path, key)
            self.out.keys[child] = _loc(self.file, key_node)
            result[key] = self.build(value_node, child)
        for merge in merges:
            sources = merge.value if type(merge).__name__ == "SequenceNode" else [merge]
            for source in sources:
                # Merged keys fill in only what the mapping did not set itself,
                # and so do their positions.
                inner = _Builder(self.file, self.expansion)
                merged = inner.build(source, path)
                if not isinstance(merged, dict):
                    raise self.error(source, "yaml-merge", "a merge key (<<) needs a mapping")
                for key, value in merged.items():
                    if key in result:
                        continue
                    result[key] = value
                    child = (*path, key)
                    for table, positions in (
                        (self.out.keys, inner.out.keys),
                        (self.out.values, inner.out.values),
                    ):
                        for sub, location in positions.items():
                            if sub[: len(child)] == child:
                                table.setdefault(sub, location)
        return result


def _syntax_diagnostic(exc: Any, file: str) -> Diagnostic:
    """A parser error as a diagnostic at the problem, naming where the enclosing block began."""
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    problem = exc.problem or exc.context or "invalid YAML"
    message = f"YAML syntax error: {problem}"
    context = exc.context_mark
    if exc.context and context is not None and (context.line + 1, context.column + 1) != (line, col):
        message += f" ({exc.context} at {context.line + 1}:{context.column + 1})"
    message += "; Helm cannot read the file either, so nothing in it takes effect"
    hint = ""
    if "block" in problem or "':'" in problem or "?" in problem:
        hint = "compare this line's indentation with the lines above it: pasted examples often shift"
    return Diagnostic("yaml-syntax", message, location=Location(file, line, col), hint=hint)


def _key_text(value: Any) -> str:
    """sigs.k8s.io/yaml turns every key into a JSON string."""
    from chartgen.yamlio.resolve import go_string

    return value if isinstance(value, str) else go_string(value)


def _implicit_resolver() -> Any:
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    resolver = VersionedResolver(version=(1, 2))

    def implicit(text: str) -> str:
        return str(resolver.resolve(ScalarNode, text, (True, False)))

    return implicit


_IMPLICIT_TAG: Any = None


def load_yaml(text: str, file: str) -> Loaded:
    """Parse one YAML document (an empty file is an empty map, as in Helm)."""
    global _IMPLICIT_TAG
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    if _IMPLICIT_TAG is None:
        _IMPLICIT_TAG = _implicit_resolver()
    # Only nodes and marks are needed: the plain pipeline skips round-trip comment gathering.
    yaml = YAML(typ="safe", pure=True)
    builder = _Builder(file)
    try:
        # Helm reads the first document only: later ones, even broken, change nothing.
        first = next(iter(yaml.compose_all(text)), None)
        builder.out.data = {} if first is None else builder.build(first, ())
    except MarkedYAMLError as exc:
        raise YamlError(_syntax_diagnostic(exc, file)) from None
    except YAMLError as exc:
        raise YamlError(
            Diagnostic("yaml-syntax", f"YAML syntax error: {exc}", location=Location(file))
        ) from None
    except RecursionError:
        raise YamlError(
            Diagnostic(
                "yaml-too-deep",
                "values nested hundreds of levels deep: chartgen cannot read them",
                location=Location(file),
            )
        ) from None
    return builder.out
