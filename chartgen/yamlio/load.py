"""Load a YAML values file into plain data plus the position of every key and value.

ruamel composes the node graph (it keeps marks); we construct the data ourselves
so that scalars are typed as Helm types them and duplicate keys are caught.
"""

from __future__ import annotations

import itertools
import math
import re
import warnings

from chartgen.diagnostics import Diagnostic, Location, Path, Severity
from chartgen.hints import typing
from chartgen.records import field, record
from chartgen.yamlio.resolve import helm_number, resolve_plain

_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_EXPLICIT = {
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:null",
}


@record
class Loaded:
    """One source's data with where each key and value was written."""

    data: typing.Any
    file: str
    keys: dict[Path, Location] = field(default_factory=dict)
    values: dict[Path, Location] = field(default_factory=dict)
    #: Warnings of the parser (an anchor defined twice), as findings.
    notes: list[Diagnostic] = field(default_factory=list)
    #: The text of each plain scalar that became a boolean or a number (``on``, ``1.5e3``): where
    #: text belongs, what was written is what was meant, and messages quote it back.
    words: dict[Path, str] = field(default_factory=dict)

    def at(self, path: Path, *, key: bool = False) -> Location | None:
        table = self.keys if key else self.values
        return table.get(path) or self.keys.get(path)


class YamlError(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _loc(file: str, node: typing.Any) -> Location:
    mark = node.start_mark
    return Location(file, mark.line + 1, mark.column + 1)


# Aliases let a few lines expand into millions of values (a "billion laughs" file);
# Helm's YAML library refuses "excessive aliasing". Every value built counts, scalars
# included, so no file costs more than this many values of work, whatever its aliases;
# a real values file holds a few hundred. Every value written out needs a line break, a
# comma or a bracket of its own, so a file with more of those is refused before parsing.
MAX_VALUES = 10_000
# Deeper nesting than any values file has; beyond it a finding, never a RecursionError.
MAX_DEPTH = 200
_SURROGATES = "[\ud800-\udfff]"


@record
class _Expansion:
    """What every builder of one file shares: the nodes being built and how many values so far."""

    active: set[int] = field(default_factory=set)
    built: int = 0


class _Builder:
    def __init__(self, file: str, expansion: _Expansion | None = None, *, locate: bool = True) -> None:
        self.out = Loaded(None, file)
        self.file = file
        self.expansion = expansion or _Expansion()
        self.locate = locate

    def error(self, node: typing.Any, rule: str, message: str) -> YamlError:
        return YamlError(Diagnostic(rule, message, location=_loc(self.file, node)))

    def build(self, node: typing.Any, path: Path) -> typing.Any:
        kind = type(node).__name__
        if self.locate:
            self.out.values.setdefault(path, _loc(self.file, node))
        expansion = self.expansion
        expansion.built += 1
        if expansion.built > MAX_VALUES:
            raise self.error(
                node,
                "yaml-too-many-values",
                f"the file expands into more than {MAX_VALUES:,} values (through aliases, or written out): "
                "chartgen stops here; a values file holds a few hundred, and Helm refuses excessive aliasing",
            )
        if len(path) > MAX_DEPTH:
            raise self.error(node, "yaml-too-deep", f"values nested more than {MAX_DEPTH} levels deep")
        if kind == "ScalarNode":
            value = self.scalar(node)
            if node.style is None and value is not None and not isinstance(value, str):
                self.out.words[path] = node.value
            return value
        if id(node) in expansion.active:
            raise self.error(
                node, "yaml-alias-cycle", "an alias refers to the anchor it is inside (Helm refuses the file)"
            )
        expansion.active.add(id(node))
        try:
            if kind == "SequenceNode":
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            expansion.active.discard(id(node))

    def scalar(self, node: typing.Any) -> typing.Any:
        text = node.value
        if node.tag is None:  # the fast reader's untagged plain scalar
            return self.number(node, resolve_plain(text))
        tag = str(node.tag)
        if not text.isascii() and re.search(_SURROGATES, text):
            raise self.error(
                node,
                "yaml-invalid-character",
                "a \\uD800-\\uDFFF escape that is half of a surrogate pair is not a character: "
                "no YAML or JSON reader can pass it on",
            )
        if node.style is None and (tag in _EXPLICIT or tag == _STR or tag.startswith("tag:")):
            implicit = _IMPLICIT_TAG(text)
            if tag == _STR and tag != implicit:
                return text
            return self.number(node, resolve_plain(text))
        if tag in _EXPLICIT:
            return self.number(node, resolve_plain(text))
        return text

    def number(self, node: typing.Any, value: typing.Any) -> typing.Any:
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(
                node,
                "yaml-not-a-number",
                f"`{node.value}` is YAML's {'not-a-number' if math.isnan(value) else 'infinity'}, which JSON "
                "cannot hold: Helm refuses the file (json: unsupported value), whatever key it is under",
            )
        return helm_number(value)

    def mapping(self, node: typing.Any, path: Path) -> dict[str, typing.Any]:
        result: dict[str, typing.Any] = {}
        seen: set[str] = set()
        merges: list[typing.Any] = []
        for key_node, value_node in node.value:
            if str(key_node.tag) == _MERGE:
                merges.append(value_node)
                continue
            if type(key_node).__name__ != "ScalarNode":
                raise self.error(key_node, "yaml-complex-key", "mapping keys must be plain scalars")
            key = _key_text(self.scalar(key_node))
            if key in seen:
                raise self.error(
                    key_node,
                    "yaml-duplicate-key",
                    f"duplicate key {key!r}: Helm (3.17 and 4) accepts the file and keeps the last value, "
                    "so the earlier one is silently ignored; keep one",
                )
            seen.add(key)
            child = (*path, key)
            if self.locate:
                self.out.keys[child] = _loc(self.file, key_node)
            result[key] = self.build(value_node, child)
        for merge in merges:
            sources = merge.value if type(merge).__name__ == "SequenceNode" else [merge]
            for source in sources:
                # Merged keys fill in only what the mapping did not set itself,
                # and so do their positions.
                inner = _Builder(self.file, self.expansion, locate=self.locate)
                merged = inner.build(source, path)
                if not isinstance(merged, dict):
                    raise self.error(source, "yaml-merge", "a merge key (<<) needs a mapping")
                taken = {key for key in merged if key not in result}
                for key in taken:
                    result[key] = merged[key]
                # Positions of what the merge added, in one pass over the source's positions.
                depth = len(path)
                for table, positions in (
                    (self.out.keys, inner.out.keys),
                    (self.out.values, inner.out.values),
                ):
                    for sub, location in positions.items():
                        if len(sub) > depth and sub[depth] in taken:
                            table.setdefault(sub, location)
        return result


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def _syntax_diagnostic(exc: typing.Any, file: str) -> Diagnostic:
    """A parser error as a diagnostic at the problem, naming where the enclosing block began.

    Never the parser's own text around names: an alias name may be a value the user meant
    literally (``password: *Secret``), and its marks quote source lines.
    """
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or exc.context or "invalid YAML"
    if problem.startswith("maximum depth"):
        return Diagnostic(
            "yaml-too-deep",
            f"values nested more than {MAX_DEPTH} levels deep",
            location=Location(file, line, col),
        )
    if problem.startswith("found undefined alias"):
        problem = (
            "`*` starts an alias, and no anchor (`&name`) of that name comes before it; "
            "if the value starts with `*`, quote it"
        )
    message = f"YAML syntax error: {problem}"
    context = exc.context_mark
    if exc.context and context is not None and (context.line + 1, context.column + 1) != (line, col):
        message += f" ({exc.context} at {context.line + 1}:{context.column + 1})"
    message += "; Helm cannot read the file either, so nothing in it takes effect"
    hint = ""
    if "block" in problem or "':'" in problem or "?" in problem:
        hint = "compare this line's indentation with the lines above it: pasted examples often shift"
    return Diagnostic("yaml-syntax", message, location=Location(file, line, col), hint=hint)


def _key_text(value: typing.Any) -> str:
    """sigs.k8s.io/yaml turns every key into a JSON string."""
    from chartgen.yamlio.resolve import go_string

    return value if isinstance(value, str) else go_string(value)


def _implicit_resolver() -> typing.Any:
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    resolver = VersionedResolver(version=(1, 2))

    def implicit(text: str) -> str:
        return str(resolver.resolve(ScalarNode, text, (True, False)))

    return implicit


_IMPLICIT_TAG: typing.Any = None


def _refuse_crowded(text: str, file: str) -> None:
    """Refuse, before parsing, text with room for more values than ``MAX_VALUES``."""
    separators = sum(text.count(mark) for mark in ("\n", ",", "[", "{"))
    if separators > MAX_VALUES:
        raise YamlError(
            Diagnostic(
                "yaml-too-many-values",
                f"the file has {separators:,} lines, commas and brackets, room for more than {MAX_VALUES:,} values: "
                "chartgen does not parse it; a values file holds a few hundred",
                location=Location(file, 1, 1),
            )
        )


def load_yaml(text: str, file: str, *, locate: bool = True) -> Loaded:
    """Parse one YAML document (an empty file is an empty map, as in Helm). Without ``locate``
    no positions are kept: data only, for text chartgen wrote itself."""
    global _IMPLICIT_TAG
    _refuse_crowded(text, file)
    from chartgen.yamlio import fast

    try:
        root = fast.compose(text)
    except fast.Unsupported:
        pass
    else:
        builder = _Builder(file, locate=locate)
        builder.out.data = {} if root is None else builder.build(root, ())
        return builder.out
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    if _IMPLICIT_TAG is None:
        _IMPLICIT_TAG = _implicit_resolver()
    # Only nodes and marks are needed: the plain pipeline skips round-trip comment gathering.
    yaml = YAML(typ="safe", pure=True)
    yaml.max_depth = MAX_DEPTH
    builder = _Builder(file, locate=locate)
    with warnings.catch_warnings(record=True) as caught:
        # ruamel warns (printing the source lines, secrets and all) about an anchor defined twice.
        warnings.simplefilter("always")
        documents = yaml.compose_all(text)
        try:
            # Helm 3 reads the first document only: later ones, even broken, change nothing
            # there (Helm 4 merges them: ``yamlio.documents`` says so).
            first = next(documents, None)
            builder.out.data = {} if first is None else builder.build(first, ())
        except MarkedYAMLError as exc:
            raise YamlError(_syntax_diagnostic(exc, file)) from None
        except YAMLError as exc:
            raise YamlError(_reader_diagnostic(exc, text, file)) from None
        except RecursionError:
            raise YamlError(
                Diagnostic(
                    "yaml-too-deep",
                    "values nested hundreds of levels deep: chartgen cannot read them",
                    location=Location(file, 1, 1),
                )
            ) from None
    builder.out.notes = [_warning_diagnostic(w.message, file) for w in caught]
    if locate and first is not None:
        from chartgen.yamlio.documents import later_documents

        with warnings.catch_warnings(record=True):  # about documents Helm 3 never reads: unsaid
            warnings.simplefilter("always")
            builder.out.notes += later_documents(yaml.composer, yaml.parser, text, file)
    documents.close()
    return builder.out


def _reader_diagnostic(exc: typing.Any, text: str, file: str) -> Diagnostic:
    """A character YAML does not allow (NUL, other controls), at its place."""
    position = getattr(exc, "position", None)
    line, col = _position(text, position) if isinstance(position, int) else (1, 1)
    character = getattr(exc, "character", None)
    code = ord(character) if isinstance(character, str) and len(character) == 1 else character
    what = f"character U+{code:04X}" if isinstance(code, int) else "a character"
    return Diagnostic(
        "yaml-syntax",
        f"YAML syntax error: {what} is not allowed in YAML text; Helm cannot read the file either",
        location=Location(file, line, col),
    )


_MARK = r"line (\d+), column (\d+)"


def _warning_diagnostic(message: typing.Any, file: str) -> Diagnostic:
    """A parser warning as a finding: where, never the source text (or anchor name) it quotes."""
    marks = [(int(line), int(col)) for line, col in re.findall(_MARK, str(message))]
    line, col = marks[-1] if marks else (1, 1)
    if type(message).__name__ == "ReusedAnchorWarning":
        earlier = f" (first at {marks[0][0]}:{marks[0][1]})" if len(marks) > 1 else ""
        text = (
            f"this anchor name was already defined{earlier}: aliases after this point take this value, "
            "those before it the first; give each anchor its own name"
        )
        rule = "yaml-reused-anchor"
    else:
        text, rule = f"the YAML parser warns here ({type(message).__name__})", "yaml-warning"
    return Diagnostic(rule, text, location=Location(file, line, col), severity=Severity.WARNING)


def load_documents(text: str, file: str) -> list[Loaded]:
    """Every document of a YAML stream (manifests, GitOps files), each positioned in ``file``;
    documents that hold nothing (``---`` twice, ``~``) are left out.

    Bounded as one values file is: the values of all documents count together. Streams of
    documents the fast reader reads (split at ``---`` lines) are read by it; anything else by
    the full parser, which gives the same nodes at the same marks.
    """
    _refuse_crowded(text, file)
    roots = _fast_documents(text)
    if roots is not None:
        expansion = _Expansion()
        found = []
        for root in roots:
            builder = _Builder(file, expansion)
            builder.out.data = builder.build(root, ())
            found.append(builder.out)
        return [loaded for loaded in found if loaded.data is not None]
    return _full_documents(text, file)


_DOCUMENT_START = re.compile(r"---(?:[ \t]+(?:#.*)?)?")


def _fast_documents(text: str) -> list[typing.Any] | None:
    """The fast reader's root nodes of each document, marks in the whole text; None when a
    document (or a ``---`` line with content after it, ``...``, a directive) is beyond it."""
    from chartgen.yamlio import fast

    lines = text.split("\n")
    starts = [0]
    for number, line in enumerate(lines):
        if line.startswith(("---", "...", "%")):
            if not _DOCUMENT_START.fullmatch(line):
                return None
            starts.append(number)
    starts.append(len(lines))
    roots = []
    for index, (start, end) in enumerate(itertools.pairwise(starts)):
        body = lines[start + 1 if index else start : end]
        try:
            root = fast.compose("\n".join(body))
        except fast.Unsupported:
            return None
        if root is not None:
            _shift(root, start + 1 if index else start)
            roots.append(root)
    return roots


def _shift(root: typing.Any, lines: int) -> None:
    """Move every mark of a fast-read tree ``lines`` down (marks may be shared: each is replaced)."""
    from chartgen.yamlio.fast import Mark

    stack = [root]
    while stack:
        node = stack.pop()
        node.start_mark = Mark(node.start_mark.line + lines, node.start_mark.column)
        if type(node).__name__ == "MappingNode":
            for key, value in node.value:
                stack.extend((key, value))
        elif type(node).__name__ == "SequenceNode":
            stack.extend(node.value)


def _full_documents(text: str, file: str) -> list[Loaded]:
    global _IMPLICIT_TAG
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    if _IMPLICIT_TAG is None:
        _IMPLICIT_TAG = _implicit_resolver()
    yaml = YAML(typ="safe", pure=True)
    yaml.max_depth = MAX_DEPTH
    expansion = _Expansion()
    found: list[Loaded] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # see load_yaml: ruamel's warnings quote the source
        try:
            for root in yaml.compose_all(text):
                builder = _Builder(file, expansion)
                builder.out.data = builder.build(root, ())
                found.append(builder.out)
        except MarkedYAMLError as exc:
            raise YamlError(_syntax_diagnostic(exc, file)) from None
        except YAMLError as exc:
            raise YamlError(_reader_diagnostic(exc, text, file)) from None
        except RecursionError:
            raise YamlError(
                Diagnostic(
                    "yaml-too-deep",
                    "values nested hundreds of levels deep: chartgen cannot read them",
                    location=Location(file, 1, 1),
                )
            ) from None
    found = [loaded for loaded in found if loaded.data is not None]
    for warning in caught:
        note = _warning_diagnostic(warning.message, file)
        line = note.location.line if note.location and note.location.line else 1
        # Each note goes with the document it is in: the last one starting at or before it.
        if found:
            next((d for d in reversed(found) if (d.values[()].line or 1) <= line), found[0]).notes.append(
                note
            )
    return found
