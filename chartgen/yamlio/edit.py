"""A values file as text plus the position of every key and value, edited by position.

Re-dumping a document reformats it; values files are hand-written and reviewed,
so a fix instead replaces the exact characters of what it changes and leaves every
other byte as the owner wrote it (comments, blank lines, quoting, indentation,
flow or block style, line endings). Positions come from ruamel's composer, which
keeps the marks of every node and, unlike the loader, does not stop at duplicate keys.
"""

from __future__ import annotations

from chartgen.diagnostics import Path
from chartgen.hints import typing
from chartgen.records import field, record

_SIMPLE_KEY = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


class CannotFix(Exception):
    """The edit would have to reformat something the owner wrote, or clobber a value."""


@record(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` (an insertion when they are equal)."""

    start: int
    end: int
    text: str

    def overlaps(self, other: Edit) -> bool:
        if self.start == self.end == other.start == other.end:
            return True
        return self.start < other.end and other.start < self.end


@record(frozen=True)
class Fix:
    """One finding's fix: what it does (said without values, which may be secrets) and its edits."""

    rule: str
    path: Path
    description: str
    edits: tuple[Edit, ...]
    safe: bool | None = None  # None: as the rule declares


@record(frozen=True, slots=True)
class Entry:
    """One ``key: value`` of a mapping, with the mapping it belongs to."""

    key: typing.Any
    value: typing.Any
    parent: typing.Any


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` applied (from the end, so positions hold)."""
    out = text
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out = out[: edit.start] + edit.text + out[edit.end :]
    return out


def _kind(node: typing.Any) -> str:
    return type(node).__name__


def _key_text(node: typing.Any) -> str:
    from chartgen.yamlio.resolve import go_string, resolve_plain

    if _kind(node) != "ScalarNode":
        return f"<{_kind(node)}>"
    if node.style is None:
        value = resolve_plain(node.value)
        return value if isinstance(value, str) else go_string(value)
    return str(node.value)


@record
class Document:
    """The text of one values file and an index of its nodes by values path."""

    text: str
    root: typing.Any = None
    entries: dict[Path, list[Entry]] = field(default_factory=dict)
    nodes: dict[Path, typing.Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, file: str = "values.yaml") -> Document:
        """Index ``text``; a YAML syntax error raises the loader's ``YamlError``."""
        import warnings

        from ruamel.yaml import YAML
        from ruamel.yaml.error import MarkedYAMLError, YAMLError

        from chartgen.diagnostics import Diagnostic, Location
        from chartgen.yamlio.load import YamlError, _syntax_diagnostic

        doc = cls(text)
        try:
            with warnings.catch_warnings():
                # ruamel's warnings quote source lines, secrets and all; lint reports them, located.
                warnings.simplefilter("ignore")
                doc.root = next(iter(YAML(typ="safe", pure=True).compose_all(text)), None)
        except MarkedYAMLError as exc:
            raise YamlError(_syntax_diagnostic(exc, file)) from None
        except (YAMLError, RecursionError) as exc:
            message = f"YAML syntax error: {exc}" if isinstance(exc, YAMLError) else "values nested too deep"
            raise YamlError(Diagnostic("yaml-syntax", message, location=Location(file))) from None
        if doc.root is not None:
            doc._index(doc.root, (), set())
        return doc

    def _index(self, node: typing.Any, path: Path, seen: set[int]) -> None:
        # An alias repeats its anchor's node: editing it would change every copy, so it is not indexed.
        if id(node) in seen:
            return
        seen.add(id(node))
        self.nodes.setdefault(path, node)
        if _kind(node) == "MappingNode":
            for key, value in node.value:
                if str(key.tag) == "tag:yaml.org,2002:merge":
                    continue
                child = (*path, _key_text(key))
                self.entries.setdefault(child, []).append(Entry(key, value, node))
                self.nodes[child] = value
                self._index(value, child, seen)
        elif _kind(node) == "SequenceNode":
            for index, item in enumerate(node.value):
                self._index(item, (*path, index), seen)

    # -- positions

    @property
    def newline(self) -> str:
        return "\r\n" if "\r\n" in self.text else "\n"

    def line_start(self, index: int) -> int:
        return self.text.rfind("\n", 0, index) + 1

    def line_end(self, index: int) -> int:
        """Just past the end of ``index``'s line, its newline included."""
        found = self.text.find("\n", index)
        return len(self.text) if found < 0 else found + 1

    def end(self, node: typing.Any) -> int:
        """Where ``node``'s own text ends (before trailing blank lines and comments)."""
        kind = _kind(node)
        if kind == "ScalarNode":
            stop = node.end_mark.index
            if node.style in ("|", ">"):
                while stop > node.start_mark.index and self.text[stop - 1] in " \t\r\n":
                    stop -= 1
            return int(stop)
        if node.flow_style or not node.value:
            return int(node.end_mark.index)
        last = node.value[-1]
        return self.end(last[1] if kind == "MappingNode" else last)

    def entry(self, path: Path) -> Entry:
        """The entry at ``path``; a fix never guesses between duplicates or through aliases."""
        found = self.entries.get(path, [])
        if len(found) != 1:
            raise CannotFix(f"{path} is written {len(found)} times")
        return found[0]

    def value_end(self, entry: Entry) -> int:
        """The end of an entry's value; ``key:`` with nothing after it ends at its colon."""
        value = entry.value
        if _kind(value) == "ScalarNode" and value.style is None and value.value == "":
            return self.text.index(":", entry.key.end_mark.index) + 1
        return self.end(value)

    def value_text(self, path: Path) -> str:
        entry = self.entry(path)
        return self.text[entry.value.start_mark.index : self.value_end(entry)]

    # -- edits

    def key_text(self, name: str, like: typing.Any = None) -> str:
        """``name`` written as a key, in the quoting style of ``like`` when it is a simple name."""
        from chartgen.yamlio.emit import scalar

        style = getattr(like, "style", None)
        if style in ("'", '"') and name and set(name) <= _SIMPLE_KEY:
            return f"{style}{name}{style}"
        return scalar(name)

    def rename_key(self, path: Path, name: str, *, replacing: bool = False) -> list[Edit]:
        """Rename a key; ``replacing`` when the caller removes the entry already named so."""
        entry = self.entry(path)
        if not replacing and (*path[:-1], name) in self.entries:
            raise CannotFix(f"{name} is already set")
        key = entry.key
        if _kind(key) != "ScalarNode":
            raise CannotFix("complex key")
        return [Edit(key.start_mark.index, key.end_mark.index, self.key_text(name, key))]

    def replace_value(self, path: Path, text: str) -> list[Edit]:
        entry = self.entry(path)
        if _kind(entry.value) != "ScalarNode":
            raise CannotFix("not a scalar")
        return [Edit(entry.value.start_mark.index, self.value_end(entry), text)]

    def set_scalar(self, path: Path, value: object) -> list[Edit]:
        """Write a scalar at ``path``: its text replaced where it is written, else a new entry."""
        from chartgen.yamlio.emit import scalar

        text = scalar(value)
        if path in self.entries:
            return self.replace_value(path, text)
        return self.insert(path, text)

    def remove(self, path: Path, *, comment: str = "") -> list[Edit]:
        """Remove an entry, its own lines only; ``comment`` is left in its place to say why."""
        entry = self.entry(path)
        parent = entry.parent
        siblings = [pair for pair in parent.value if str(pair[0].tag) != "tag:yaml.org,2002:merge"]
        index = next(i for i, pair in enumerate(siblings) if pair[0] is entry.key)
        start, stop = entry.key.start_mark.index, self.value_end(entry)
        if parent.flow_style:
            if index + 1 < len(siblings):
                return [Edit(start, siblings[index + 1][0].start_mark.index, "")]
            if index > 0:
                previous = siblings[index - 1]
                return [Edit(self.value_end(Entry(previous[0], previous[1], parent)), stop, "")]
            return [Edit(start, stop, "")]
        line = self.line_start(start)
        indent = self.text[line:start]
        note: list[Edit] = []
        if comment:
            lead = " " * (len(indent) - len(indent.lstrip(" ")))
            note = [Edit(line, line, f"{lead}# {comment}{self.newline}")]
        if len(siblings) == 1:
            # An emptied mapping under a key goes with its key; elsewhere (a list item, the
            # whole file) it stays as ``{}``, since an empty value is null and deletes defaults.
            above = path[:-1]
            if above and isinstance(above[-1], str) and len(self.entries.get(above, [])) == 1:
                return [*note, *self.remove(above)]
            return [*note, Edit(start, stop, "{}")]
        if indent.strip():
            # ``- key: value`` opens a list item: the next key moves up beside the dash.
            if index != 0:
                raise CannotFix("unexpected layout")
            return [*note, Edit(start, siblings[1][0].start_mark.index, "")]
        return [self._drop_lines(line, self.line_end(stop), note[0].text if note else "")]

    def _drop_lines(self, line: int, end: int, replacement: str) -> Edit:
        """Replace whole lines; at the end of a file without a final newline, keep it without one."""
        if end < len(self.text) or self.text.endswith("\n"):
            return Edit(line, end, replacement)
        if replacement:
            return Edit(line, end, replacement.removesuffix(self.newline))
        before = line - (2 if self.text[max(line - 2, 0) : line] == "\r\n" else 1)
        return Edit(max(before, 0), end, "")

    def insert(self, path: Path, value_text: str) -> list[Edit]:
        """Add ``path: value_text`` to the block mapping that holds it, creating the mappings between."""
        if path in self.entries:
            raise CannotFix(f"{path} is already set")
        depth = len(path) - 1
        while depth > 0 and path[:depth] not in self.nodes:
            depth -= 1
        holder = self.nodes.get(path[:depth])
        if holder is None or _kind(holder) != "MappingNode" or holder.flow_style or not holder.value:
            raise CannotFix("no block mapping to add to")
        if any(isinstance(part, int) for part in path[depth:]):
            raise CannotFix("would create a list")
        column = holder.value[0][0].start_mark.column
        step = self._indent_step()
        lines = []
        for level, part in enumerate(path[depth:]):
            head = " " * (column + level * step) + self.key_text(str(part)) + ":"
            last = level == len(path) - depth - 1
            lines.append(f"{head} {value_text}" if last and value_text else head)
        at = self.line_end(self.end(holder))
        body = self.newline.join(lines)
        if at == len(self.text) and self.text and not self.text.endswith("\n"):
            return [Edit(at, at, self.newline + body)]  # the file still ends without a newline
        return [Edit(at, at, body + self.newline)]

    def _indent_step(self) -> int:
        """The file's own indentation step (two spaces if it never nests a block mapping)."""
        for path, node in self.nodes.items():
            if path and _kind(node) == "MappingNode" and not node.flow_style and node.value:
                entry = self.entries.get(path)
                if entry and len(entry) == 1:
                    step = node.value[0][0].start_mark.column - entry[0].key.start_mark.column
                    if step > 0:
                        return int(step)
        return 2

    def move(self, path: Path, target: Path) -> list[Edit]:
        """Move a one-line entry to ``target``, keeping its value's text."""
        entry = self.entry(path)
        value = entry.value
        empty = _kind(value) == "ScalarNode" and value.style is None and value.value == ""
        if _kind(value) != "ScalarNode" or (not empty and value.start_mark.line != entry.key.start_mark.line):
            raise CannotFix("only one-line values move")
        if target[: len(path)] == path:
            raise CannotFix("cannot move into itself")
        text = self.value_text(path)
        if "\n" in text:
            raise CannotFix("only one-line values move")
        edits = [*self.remove(path), *self.insert(target, text)]
        if any(a.overlaps(b) for i, a in enumerate(edits) for b in edits[i + 1 :]):
            raise CannotFix("overlapping edits")
        return edits

    def duplicates(self) -> list[tuple[Path, Entry]]:
        """Every entry some later entry of the same mapping overrides (Helm keeps the last).

        Entries of one path in different mappings (the same section written twice) override
        nothing themselves: the section that holds them is the duplicate."""
        out: list[tuple[Path, Entry]] = []
        for path, found in self.entries.items():
            by_mapping: dict[int, list[Entry]] = {}
            for entry in found:
                by_mapping.setdefault(id(entry.parent), []).append(entry)
            out.extend((path, entry) for same in by_mapping.values() for entry in same[:-1])
        return out

    def remove_entry(self, entry: Entry) -> list[Edit]:
        """Remove one of several entries written for the same key."""
        parent = entry.parent
        siblings = list(parent.value)
        index = next(i for i, pair in enumerate(siblings) if pair[0] is entry.key)
        start, stop = entry.key.start_mark.index, self.value_end(entry)
        if parent.flow_style:
            return [Edit(start, siblings[index + 1][0].start_mark.index, "")]
        line = self.line_start(start)
        if self.text[line:start].strip():
            return [Edit(start, siblings[index + 1][0].start_mark.index, "")]
        return [self._drop_lines(line, self.line_end(stop), "")]

    def scalar_value(self, path: Path) -> object:
        """The value at ``path`` as Helm reads it if it is a scalar written once; else ``...``."""
        from chartgen.yamlio.resolve import resolve_plain

        found = self.entries.get(path, [])
        if len(found) != 1 or _kind(found[0].value) != "ScalarNode":
            return ...
        node = found[0].value
        return resolve_plain(node.value) if node.style is None else node.value
