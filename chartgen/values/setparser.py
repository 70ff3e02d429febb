"""Helm's ``--set`` family of flags (Helm 3.17, ``pkg/strvals``), applied to a values map.

Grammar (``set``, ``set-string``, ``set-json``, ``set-file``)::

    expr    := [assign {"," assign}] [","]
    assign  := key "=" value
    key     := name {"." name | "[" index "]"}
    value   := "{" item {"," item} "}" | text          (set-json: a JSON value)

- ``\\`` escapes the next character anywhere outside JSON: ``a\\.b=x`` sets the key
  ``a.b``, ``v=1\\,2`` the string ``1,2``. A trailing lone ``\\`` is dropped.
- ``--set`` types each value: ``true``/``false``/``null`` in any case become a
  boolean or None, ``0`` and base-10 int64 text not starting with ``0`` become int
  (``-007`` is -7, ``+5`` is 5); everything else stays a string (``007``, ``1.5``,
  ``1e3``, ``0x1F``, ``1_000``, `` 5``). ``--set-string`` keeps strings.
  ``--set-file`` replaces each value by the content of the file it names (``-`` is
  standard input). ``--set-json`` decodes one JSON value (numbers as Helm's float64:
  integral ones become int); an empty value is null, and after the value any
  spaces and one comma are skipped.
- ``a=`` is ``""``; ``a={}`` is ``[""]``; ``a={x}y=1`` also sets ``y`` (a comma
  after ``}`` is optional).
- ``--set-literal`` takes one assignment: everything after the first ``=`` is the
  string value, and its key has no escapes and may hold commas.
- ``a[i]`` indexes a list, padding with None; ``0 <= i <= 65536`` (checked only
  when something is stored at ``i``). At most 30 dots in a name path.
- A map or list is created where nothing was; setting a key inside a scalar, or an
  index inside a non-list, is an error, except that a list item that is not a map
  becomes ``{}`` before ``a[0].b=x``.
- Helm's own oddities kept for fidelity: ``a[0]`` (no ``=``) only ensures ``a``
  is a list; ``a[0].b=`` at the very end stores nothing in a new item.

Deliberate difference: Helm silently ignores an assignment with an empty key
segment (``=x``, ``.b=1``, ``a.``, ``a[0].=1``); here it is a ``SetSyntaxError``.
Whatever Helm rejects is rejected too, with the column of the problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from chartgen.diagnostics import Path, UsageError, dotted
from chartgen.hints import typing
from chartgen.values.prefixes import Prefixes
from chartgen.yamlio.read import MAX_INPUT_BYTES
from chartgen.yamlio.resolve import kind_of

KINDS = ("set", "set-string", "set-json", "set-file", "set-literal")
MAX_INDEX = 65536
# List items that all --set flags of one command may add (Helm pads skipped indexes with null):
# beyond every real use, and small enough that validating the result stays instant.
MAX_PADDED = 100_000
MAX_NESTING = 30

_INT64 = re.compile(r"[+-]?[0-9]+")
_KEY_END = re.compile(r"[.=\[]")
# Go's unicode.IsSpace; Python's str.isspace() also counts \x1c-\x1f.
_GO_SPACE = frozenset("\t\n\v\f\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | frozenset(
    chr(c) for c in range(0x2000, 0x200B)
)
_KEY_STOP = frozenset("=[,.")
_LITERAL_KEY_STOP = frozenset("=[.")
_ITEM_STOP = frozenset("[.=")
_INDEX_STOP = frozenset("]")
_LIST_STOP = frozenset(",}")
_VALUE_STOP = frozenset(",")
_ABSENT = object()
_GROWN = object()  # marks the undoing of a list's growth


class SetSyntaxError(Exception):
    """A flag Helm would refuse (or silently drop); ``column`` is 1-based in the expression."""

    def __init__(self, reason: str, column: int = 1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.column = column


def typed_value(text: str) -> typing.Any:
    """How ``--set`` types a value (Helm's ``typedVal``)."""
    for word, value in (("true", True), ("false", False), ("null", None)):
        if len(text) == len(word) and text.casefold() == word:
            return value
    if text == "0":
        return 0
    if text and text[0] != "0" and len(text) <= 20 and _INT64.fullmatch(text):
        number = int(text)
        if -(2**63) <= number < 2**63:
            return number
    return text


def apply(
    target: dict[str, typing.Any], expr: str, kind: str, secret_keys: Collection[str] = ()
) -> list[tuple[Path, int]]:
    """Apply one ``--<kind>`` flag to ``target``: ``Flags.apply`` of a flag on its own."""
    records, _ = Flags().apply(target, expr, kind, secret_keys)
    return records


class Flags:
    """The flags of one load, applied in turn, as Helm's ``strvals`` applies each.

    They share a budget: past ``MAX_PADDED`` list items padded in all, a flag is refused. They
    also share the maps and lists they made, which a later flag changes in place: copying
    them anew for each flag would cost each flag every flag before it. Maps and lists they
    did not make (a file's) are copied once, when first changed, and are never changed.
    """

    def __init__(self, known: Collection[str] = ()) -> None:
        """``known``: the chart's top-level keys. After a secret's value that a comma ends, a key
        the chart does not have is most likely more of the secret: the flag is refused, unshown."""
        self.known = known
        self.budget = MAX_PADDED
        #: What ``--set-file`` may still read in all: the cap of one values file, for every flag.
        self.file_budget = MAX_INPUT_BYTES
        # By id, the maps and lists these flags made (held, so that no other object takes the id).
        self.owned: dict[int, typing.Any] = {}

    def apply(
        self, target: dict[str, typing.Any], expr: str, kind: str, secret_keys: Collection[str] = ()
    ) -> tuple[list[tuple[Path, int]], list[tuple[Path, typing.Any]]]:
        """Apply one ``--<kind>`` flag to ``target``.

        Returns, top-down, each path this flag now owns (values it wrote, and maps or lists it
        created) with the 1-based column where that value (or the key that created it) starts;
        and each value it replaced, as it was before the flag, by path (what its positions were
        of). ``target`` is left as it was when the flag is refused.

        After the value of one of ``secret_keys``, no text of the flag is shown: a comma inside
        a password ends it, and what follows must not reach an error message (nor be dropped
        without one).
        """
        if kind not in KINDS:
            raise ValueError(f"unknown --set kind {kind!r}")
        parser = _Parser(expr, kind, secret_keys, self)
        try:
            while not parser.key(target, 0, (), after_dot=False):
                pass
        except BaseException as exc:
            parser.revert()
            if isinstance(exc, SetSyntaxError) and parser.secret_end is not None:
                raise _cut_secret(parser.secret_end) from None
            raise
        self.budget = parser.budget
        return _settled(parser.records), list(parser.replaced.items())


def _settled(records: list[tuple[Path, int]]) -> list[tuple[Path, int]]:
    """Drop records that a later assignment to the same path or an ancestor overwrote."""
    later = Prefixes()
    kept: list[tuple[Path, int]] = []
    for path, column in reversed(records):
        if not later.lead_to(path):
            kept.append((path, column))
        later.add(path)
    kept.reverse()
    return kept


def _cut_secret(column: int) -> SetSyntaxError:
    return SetSyntaxError(
        "a comma ends the value of a secret key here, and Helm reads what follows as more keys "
        "(the text is not shown): escape the comma (\\,) or give it with set_literal",
        column,
    )


def _read_file(path: str, flags: Flags) -> str:
    """A ``--set-file`` file (``-``: standard input), bounded, with every other ``--set-file`` of the
    load, by one values file's cap; its bytes decoded, line endings kept."""
    from chartgen.diagnostics import ChartgenError
    from chartgen.yamlio.read import STDIN, decode, read_bytes

    name = STDIN if path.strip() == STDIN else path
    try:
        data = read_bytes(name)
    except OSError as exc:
        raise UsageError(f"set_file: cannot read {path!r}: {exc.strerror or exc}") from None
    if len(data) <= MAX_INPUT_BYTES:
        flags.file_budget -= len(data)
        if flags.file_budget < 0:
            raise SetSyntaxError(
                f"the files of the set_file expressions hold more than {MAX_INPUT_BYTES // 1024} KiB in all: "
                "chartgen reads no more of them"
            )
    try:
        return decode(data, name)
    except ChartgenError as exc:
        raise SetSyntaxError(f"the file {exc.diagnostics[0].message.partition(' ')[2]}") from None


class _Parser:
    """One pass over a flag, in the shape of Helm's recursive parser (its quirks live there)."""

    def __init__(self, text: str, kind: str, secret_keys: Collection[str], flags: Flags) -> None:
        self.text = text
        self.flags = flags
        self.budget = flags.budget
        self.secret_keys = secret_keys
        # The column after a secret key's value that ended at a comma: nothing after it is shown.
        self.secret_end: int | None = None
        self.pos = 0
        self.literal = kind == "set-literal"
        self.json = kind == "set-json"
        readers: dict[str, Callable[[str], typing.Any]] = {
            "set": typed_value,
            "set-file": lambda name: _read_file(name, flags),
        }
        self.reader = readers.get(kind, str)
        self.records: list[tuple[Path, int]] = []
        # Each change to a map or list, to undo if the flag is refused: (container, key, old value),
        # or (list, _GROWN, old length).
        self.undo: list[tuple[typing.Any, typing.Any, typing.Any]] = []
        self.made: list[int] = []
        # By path, the value each assignment replaced, as it was before the flag.
        self.replaced: dict[Path, typing.Any] = {}

    # -- changes, undone if the flag is refused --------------------------------

    def made_here(self, value: typing.Any) -> typing.Any:
        """``value``, a new map or list, as these flags' own."""
        self.flags.owned[id(value)] = value
        self.made.append(id(value))
        return value

    def mine(self, value: typing.Any) -> typing.Any:
        """The map or list ``value`` to change: itself when these flags made it, else a copy."""
        if id(value) in self.flags.owned:
            return value
        return self.made_here(dict(value) if isinstance(value, dict) else list(value))

    def put(
        self, container: typing.Any, key: typing.Any, value: typing.Any, replaces: Path | None = None
    ) -> None:
        """``container[key] = value`` (an existing index of a list); ``replaces``: the path of the
        value this assignment replaces, when it does (rather than putting a copy in its place)."""
        old = container.get(key, _ABSENT) if isinstance(container, dict) else container[key]
        if replaces is not None and old is not _ABSENT:
            self.replaced.setdefault(replaces, old)
        if old is not value:
            self.undo.append((container, key, old))
            container[key] = value

    def revert(self) -> None:
        for container, key, old in reversed(self.undo):
            if key is _GROWN:
                del container[old:]
            elif old is _ABSENT:
                del container[key]
            else:
                container[key] = old
        for made in self.made:
            del self.flags.owned[made]

    # -- scanning -------------------------------------------------------------

    def until(self, stop: frozenset[str]) -> tuple[str, str | None]:
        """Read up to a stop character (consumed; None at the end), undoing escapes."""
        out: list[str] = []
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            self.pos += 1
            if char in stop:
                return "".join(out), char
            if char == "\\" and not self.literal:
                if self.pos == len(text):
                    break
                char = text[self.pos]
                self.pos += 1
            out.append(char)
        return "".join(out), None

    def skip_blank(self) -> bool:
        """Skip spaces and one comma; True when no value follows (Helm's ``emptyVal``)."""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == ",":
                self.pos += 1
                return True
            if char not in _GO_SPACE:
                return False
            self.pos += 1
        return True

    def rest(self) -> str:
        value = self.text[self.pos :]
        self.pos = len(self.text)
        return value

    # -- grammar --------------------------------------------------------------

    def key(self, data: dict[str, typing.Any], level: int, path: Path, *, after_dot: bool) -> bool:
        """Parse one key and what follows it into ``data``; True once the input is done."""
        start = self.pos + 1
        name, last = self.until(_LITERAL_KEY_STOP if self.literal else _KEY_STOP)
        if not name:
            if last is None and not after_dot:
                return True
            if last == ",":
                raise SetSyntaxError("expected a key before ','", start)
            raise SetSyntaxError("empty key: Helm would silently ignore this assignment", start)
        here = (*path, name)
        if last is None:
            raise SetSyntaxError(f"key {dotted(here)!r} has no value (expected '=')", start)
        if last == ",":
            raise SetSyntaxError(f"key {dotted(here)!r} has no value before ','", start)
        if last == "=":
            # Helm ends the whole flag after a bare ``=`` at the end, which matters inside a list item.
            ended = not (self.json or self.literal) and self.pos == len(self.text)
            self.put(data, name, self.value(here), replaces=here)
            return ended
        current = data.get(name, _ABSENT)
        if last == "[":
            index, column = self.index()
            if current is _ABSENT:
                current = self.made_here([])
                self.records.append((here, start))
            elif isinstance(current, list):
                current = self.mine(current)
            else:
                raise _not_a(here, current, "list", start)
            self.put(data, name, current)
            return self.item(current, index, column, level, here)
        level += 1
        if level > MAX_NESTING:
            raise SetSyntaxError(f"more than {MAX_NESTING} nested keys", self.pos)
        if current is _ABSENT:
            current = self.made_here({})
            self.records.append((here, start))
        elif isinstance(current, dict):
            current = self.mine(current)
        else:
            raise _not_a(here, current, "map", start)
        self.put(data, name, current)
        return self.key(current, level, here, after_dot=True)

    def index(self) -> tuple[int, int]:
        bracket = self.pos
        text, last = self.until(_INDEX_STOP)
        if last is None:
            raise SetSyntaxError("'[' is never closed by ']'", bracket)
        if len(text) > 20 or not _INT64.fullmatch(text) or abs(int(text)) >= 2**63:
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise SetSyntaxError(f"list index {shown!r} is not an integer Helm takes", bracket + 1)
        index = int(text)
        if index < 0:
            raise SetSyntaxError(f"negative list index {index}", bracket + 1)
        return index, bracket + 1

    def item(self, items: list[typing.Any], index: int, column: int, level: int, path: Path) -> bool:
        """What follows ``[index]`` of ``items`` (these flags' own list); whether input is done."""
        here = (*path, index)
        start = self.pos + 1
        extra, last = self.until(_ITEM_STOP)
        if extra:
            raise SetSyntaxError(f"unexpected {extra!r} after ']'", start)
        if last is None:
            return True
        if last == "=":
            self.store(items, index, self.value(here), column, replaces=here)
            return False
        if last == "[":
            inner_index, inner_column = self.index()
            mark = len(self.records)
            current = items[index] if index < len(items) else None
            if current is None:
                inner: list[typing.Any] = self.made_here([])
                self.records.append((here, column - 1))
            elif isinstance(current, list):
                inner = self.mine(current)
                self.put(items, index, inner)
            else:
                raise _not_a(here, current, "list", column - 1)
            if self.item(inner, inner_index, inner_column, level, here):
                # Helm drops a new inner list when the flag ends inside it.
                if current is None:
                    del self.records[mark:]
                return True
            self.store(items, index, inner, column, replaces=here if current is None else None)
            return False
        mark = len(self.records)
        attached = index < len(items)
        if attached and isinstance(items[index], dict):
            mapping = self.mine(items[index])
            self.put(items, index, mapping)
        else:
            mapping = self.made_here({})
            if attached:
                self.put(items, index, mapping, replaces=here)
            self.records.append((here, column - 1))
        if self.key(mapping, level, here, after_dot=True):
            # Helm drops a new item's map when the flag ends inside it (``a[0].b=``).
            if not attached:
                del self.records[mark:]
            return True
        self.store(items, index, mapping, column)
        return False

    def store(
        self,
        items: list[typing.Any],
        index: int,
        value: typing.Any,
        column: int,
        replaces: Path | None = None,
    ) -> None:
        """Helm's ``setIndex`` on ``items`` (these flags' own list): padded with None to reach
        ``index``, within the budget."""
        if index > MAX_INDEX:
            raise SetSyntaxError(f"list index {index} is above Helm's limit of {MAX_INDEX}", column)
        if index < len(items):
            self.put(items, index, value, replaces)
            return
        self.budget -= index + 1 - len(items)
        if self.budget < 0:
            raise SetSyntaxError(
                f"list index {index} pads the lists of the set expressions beyond {MAX_PADDED:,} items in all: "
                "chartgen stops here (Helm fills every skipped index with null)",
                column,
            )
        self.undo.append((items, _GROWN, len(items)))
        items.extend([None] * (index - len(items)))
        items.append(value)

    def value(self, path: Path) -> typing.Any:
        """The value after ``=``, recorded at the column where it starts."""
        column = self.pos + 1
        if self.literal:
            value: typing.Any = self.rest()
        elif self.json:
            value, column = self.json_value(column)
        elif self.pos == len(self.text):
            value = ""
        elif self.text[self.pos] == "{":
            return self.value_list(path)
        else:
            text, stop = self.until(_VALUE_STOP)
            try:
                value = self.reader(text)
            except SetSyntaxError as exc:
                raise SetSyntaxError(exc.reason, column) from None
            if stop is not None and path and path[-1] in self.secret_keys and self.pos < len(self.text):
                self.secret_end = self.pos + 1
                # No `=` follows, or no key of the chart: the rest is the secret's own text,
                # which Helm would cut off (``db.password=Head,Tail=1``). Searched for in place:
                # copying the rest after each of many secrets would cost their number times it.
                end = _KEY_END.search(self.text, self.pos)
                following = self.text[self.pos : end.start() if end else len(self.text)]
                if self.text.find("=", self.pos) < 0 or (
                    self.flags.known and following not in self.flags.known
                ):
                    raise _cut_secret(self.secret_end)
        self.records.append((path, column))
        return value

    def value_list(self, path: Path) -> list[typing.Any]:
        brace = self.pos + 1
        self.pos += 1
        self.records.append((path, brace))
        items: list[typing.Any] = []
        while True:
            column = self.pos + 1
            text, last = self.until(_LIST_STOP)
            if last is None:
                raise SetSyntaxError("'{' list is never closed by '}'", brace)
            self.records.append(((*path, len(items)), column))
            items.append(self.reader(text))
            if last == "}":
                if self.text[self.pos : self.pos + 1] == ",":
                    self.pos += 1
                return items

    def json_value(self, column: int) -> tuple[typing.Any, int]:
        import json

        if self.skip_blank():
            return None, column
        start = self.pos
        try:
            value, end = _json_decoder().raw_decode(self.text, start)
        except json.JSONDecodeError as exc:
            raise SetSyntaxError(f"invalid JSON: {exc.msg}", exc.pos + 1) from None
        except ValueError as exc:
            raise SetSyntaxError(f"invalid JSON: {exc}", start + 1) from None
        self.pos = end
        self.skip_blank()
        return value, start + 1


def _not_a(path: Path, value: typing.Any, wanted: str, column: int) -> SetSyntaxError:
    action = "a key inside it" if wanted == "map" else "an index in it"
    return SetSyntaxError(
        f"{dotted(path)} is {kind_of(value)}, not a {wanted}: Helm refuses to set {action}", column
    )


def _json_number(text: str) -> int | float:
    from chartgen.yamlio.resolve import helm_number, normalize_number

    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError(f"number {text} is out of range")
    return helm_number(normalize_number(number))


def _json_constant(text: str) -> typing.Any:
    raise ValueError(f"{text} is not JSON")


def _json_decoder() -> typing.Any:
    import json

    return json.JSONDecoder(parse_int=_json_number, parse_float=_json_number, parse_constant=_json_constant)
