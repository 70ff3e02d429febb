"""A reader for the YAML most values files are written in, without importing a YAML library.

Block mappings and block lists of plain or quoted scalars, literal blocks and single-quoted
scalars over several lines, one-line flow collections of one-line scalars (``[get, list]``,
``{a: b}``, ``{}``), with comments: that is nearly every values file and every manifest
chartgen renders, and ruamel.yaml's import and pure-Python parser are most of a ``lint``.
Double-quoted scalars are read on one line, with YAML 1.2's escapes (``\\n``, ``\\"``,
``\\x41``, ``\\u00e9``, ``\\U0001f600``, ...: those chartgen's emitter writes), tabs and printable
characters beyond ASCII. Anything else (anchors, tags, nested flow collections or ones over
several lines, folded blocks, double-quoted scalars over several lines, an unknown or malformed
escape, one beyond Unicode, a raw surrogate, tabs or characters beyond ASCII outside a
double-quoted scalar, a syntax error) raises ``Unsupported``
and the full parser reads the file, so this only ever gives the answer the full parser
gives: the same nodes at the same marks (``tests/unit/yamlio/test_fast*.py`` hold the two
to that, and ``python -m tests.unit.yamlio.mutate_fast`` that each guard is needed).
"""

from __future__ import annotations

from chartgen.hints import typing

STR = "tag:yaml.org,2002:str"
MAP = "tag:yaml.org,2002:map"
SEQ = "tag:yaml.org,2002:seq"
#: Nesting beyond this is left to the full parser (and its own limit).
MAX_DEPTH = 100
#: What may not start a plain scalar (``-``, ``?``, ``:`` only before a blank).
_NOT_PLAIN_START = frozenset("[]{},#&*!|>'\"%@`")
#: What ends a plain scalar inside a flow collection (and ``:`` before a blank or one of these).
_FLOW_INDICATORS = frozenset(",[]{}")
#: The full parser (and Helm's) takes a key only if its ``:`` is at most this many characters
#: from the key's start, else a syntax error: longer keys are left to it.
_MAX_KEY = 1024


class Unsupported(Exception):
    """Outside what this reader reads exactly: the full parser's turn."""


class Mark:
    __slots__ = ("column", "line")

    def __init__(self, line: int, column: int) -> None:
        self.line = line
        self.column = column


class ScalarNode:
    """A scalar as the builder reads it: ``tag`` None for an untagged plain scalar."""

    __slots__ = ("start_mark", "style", "tag", "value")

    def __init__(self, value: str, style: str | None, mark: Mark) -> None:
        self.value = value
        self.style = style
        self.tag = None if style is None else STR
        self.start_mark = mark


class SequenceNode:
    __slots__ = ("start_mark", "tag", "value")

    def __init__(self, mark: Mark) -> None:
        self.value: list[typing.Any] = []
        self.tag = SEQ
        self.start_mark = mark


class MappingNode:
    __slots__ = ("start_mark", "tag", "value")

    def __init__(self, mark: Mark) -> None:
        self.value: list[tuple[ScalarNode, typing.Any]] = []
        self.tag = MAP
        self.start_mark = mark


def compose(text: str) -> typing.Any:
    """The document's root node (None for a file of nothing but comments)."""
    # Other line breaks and ASCII controls: the full parser's. Tabs and characters beyond ASCII
    # are read only inside double-quoted scalars: counted here, and found there below.
    plain = text if text.isascii() else text.encode("ascii", "ignore").decode("ascii")
    special = _special(text, plain)
    if not (plain.replace("\t", "") if special else plain).replace("\n", "").isprintable():
        raise Unsupported
    root = _Reader(text).document()
    if special and _special_in_double_quotes(root, text) != special:
        raise Unsupported  # a tab or a character beyond ASCII somewhere else: the full parser's
    return root


def _special(text: str, plain: str) -> int:
    """How many tabs and characters beyond ASCII ``text`` holds (``plain``: its ASCII ones)."""
    return len(text) - len(plain) + plain.count("\t")


def _special_in_double_quotes(root: typing.Any, text: str) -> int:
    """How many tabs and characters beyond ASCII the double-quoted scalars of the tree hold, as
    written (each scalar is one line of ``text``, from its mark to its closing quote)."""
    lines = text.split("\n")
    found = 0
    stack = [] if root is None else [root]
    while stack:
        node = stack.pop()
        if isinstance(node, MappingNode):
            for key, value in node.value:
                stack.append(key)
                stack.append(value)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif node.style == '"':
            line = lines[node.start_mark.line][node.start_mark.column :]
            token = line[: _quote_end(line)]
            found += _special(token, token.encode("ascii", "ignore").decode("ascii"))
    return found


class _Line:
    __slots__ = ("content", "indent", "number")

    def __init__(self, number: int, indent: int, content: str) -> None:
        self.number = number
        self.indent = indent
        self.content = content


#: Literal block scalar headers this reader takes: ``|`` with clip, strip or keep chomping.
_LITERALS = ("|", "|-", "|+")


class _Reader:
    def __init__(self, text: str) -> None:
        raw = text.split("\n")
        self.lines: list[_Line] = []
        #: Scalars that span lines (literal blocks, single-quoted scalars) by their first line.
        self.literals: dict[int, tuple[str, str]] = {}  # line -> (style: | or ', text)
        number = 0
        while number < len(raw):
            line = raw[number]
            stripped = line.lstrip(" ")
            if not stripped or stripped.startswith("#"):
                number += 1
                continue
            if line.startswith(("---", "...", "%")):
                raise Unsupported
            content = stripped.rstrip(" ")
            indent = len(line) - len(stripped)
            self.lines.append(_Line(number, indent, content))
            following = self._quoted_lines(raw, number, indent, content)
            if following == number + 1:
                following = self._literal(raw, number, indent, content)
            number = following
        # Where the stream ends: after the last line break, or at the end of the last line.
        self.end = Mark(len(raw) - 1, len(raw[-1]))
        self.index = 0
        self.depth = 0

    def _literal(self, raw: list[str], number: int, indent: int, content: str) -> int:
        """Read the literal block scalar (``|``, ``|-``, ``|+``) a line opens, if it does, as
        PyYAML's scanner does; the index of the next line to look at."""
        if "|" not in content and ">" not in content:
            return number + 1  # the common line: nothing that could open a block scalar
        header, owner = _before_comment(content), indent
        if _is_entry(header):
            rest = header[1:].lstrip(" ")
            if _has_key(rest):
                owner = indent + len(header) - len(rest)  # the compact mapping's key column
            header = rest
        value = _split_key(header, number, 0)[1] if _has_key(header) else header
        if value not in _LITERALS:
            return number + 1  # folded, or with an indentation indicator: refused where it is read
        end = number + 1
        while end < len(raw) and (
            raw[end].strip(" ") == "" or len(raw[end]) - len(raw[end].lstrip(" ")) > owner
        ):
            if raw[end].strip(" ") == "" and raw[end] != "":
                raise Unsupported  # blanks on an empty line count towards indentation: leave it
            end += 1
        last = end - 1
        while last > number and raw[last] == "":
            last -= 1
        if last == number:
            raise Unsupported  # no content: an empty scalar, rare enough to leave
        body = raw[number + 1 : last + 1]
        first = next(line for line in body if line)
        width = len(first) - len(first.lstrip(" "))
        if any(line and len(line) - len(line.lstrip(" ")) < width for line in body):
            raise Unsupported
        text = "\n".join(line[width:] for line in body)
        has_break = last < len(raw) - 1  # a line break follows the last content line
        if value != "|-" and has_break:
            text += "\n"
        if value == "|+":
            text += "\n" * sum(1 for k in range(last + 1, end) if k < len(raw) - 1)
        self.literals[number] = ("|", text)
        return end

    def _quoted_lines(self, raw: list[str], number: int, indent: int, content: str) -> int:
        """Read the single-quoted scalar a line's value opens and does not close, folded as
        PyYAML's scanner folds it (a line break is a space, each empty line a line break,
        blanks around a break dropped); the index of the next line to look at."""
        opened = _open_quote(content, indent)
        if opened is None:
            return number + 1
        first, owner = opened
        middle: list[str] = []
        end = number + 1
        while True:
            if end >= len(raw):
                raise Unsupported  # never closed: the full parser's error
            line = raw[end]
            text = line.lstrip(" ")
            if not text:
                middle.append("")
            elif len(line) - len(text) <= owner:
                raise Unsupported  # continued left of its key: legal, and rare enough to leave
            else:
                close = _closing_quote(text, 0)
                if close >= 0:
                    rest = text[close + 1 :]
                    if rest.strip(" ") and not rest.lstrip(" ").startswith("#"):
                        raise Unsupported  # something after the closing quote but a comment
                    last = text[:close]
                    break
                middle.append(text.rstrip(" "))
            end += 1
        folded, breaks = first.rstrip(" "), 0
        for part in middle:
            if not part:
                breaks += 1
                continue
            folded += ("\n" * breaks if breaks else " ") + part
            breaks = 0
        folded += ("\n" * breaks if breaks else " ") + last
        self.literals[number] = ("'", folded.replace("''", "'"))
        return end + 1

    def peek(self) -> _Line | None:
        return self.lines[self.index] if self.index < len(self.lines) else None

    def next_mark(self) -> Mark:
        line = self.peek()
        return self.end if line is None else Mark(line.number, line.indent)

    def document(self) -> typing.Any:
        line = self.peek()
        if line is None:
            return None
        node = self.mapping(line.indent)
        if self.peek() is not None:
            # What no block took: a top-level list, a line more indented than the block it ends
            # or less than its parent's, ...: nothing above takes a line once passed over.
            raise Unsupported
        return node

    def block(self, parent: int, *, in_mapping: bool) -> typing.Any:
        """The node a ``key:`` (or ``-``) with nothing after it holds: a nested block, or null."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsupported  # the full parser reports how deep is too deep
        try:
            return self._block(parent, in_mapping=in_mapping)
        finally:
            self.depth -= 1

    def _block(self, parent: int, *, in_mapping: bool) -> typing.Any:
        line = self.peek()
        if line is not None and line.indent > parent:
            return self.sequence(line.indent) if _is_entry(line.content) else self.mapping(line.indent)
        if in_mapping and line is not None and line.indent == parent and _is_entry(line.content):
            return self.sequence(parent)  # a list may sit at its key's own indentation
        return None

    def mapping(self, indent: int) -> MappingNode:
        first = self.peek()
        assert first is not None
        node = MappingNode(Mark(first.number, indent))
        while (line := self.peek()) is not None and line.indent == indent and not _is_entry(line.content):
            self.index += 1
            node.value.append(self.entry(line, indent, line.content, indent))
        return node

    def entry(self, line: _Line, indent: int, content: str, column: int) -> tuple[ScalarNode, typing.Any]:
        """One ``key: value`` whose key starts at ``column`` of ``line``."""
        key, rest, value_column = _split_key(content, line.number, column)
        if rest:
            return key, _inline(rest, line.number, value_column, self.literals)
        empty = self.block(indent, in_mapping=True)
        if empty is None:
            return key, ScalarNode("", None, self.next_mark())
        return key, empty

    def sequence(self, indent: int) -> SequenceNode:
        first = self.peek()
        assert first is not None
        node = SequenceNode(Mark(first.number, indent))
        while (line := self.peek()) is not None and line.indent == indent and _is_entry(line.content):
            self.index += 1
            node.value.append(self.item(line, indent))
        return node

    def item(self, line: _Line, indent: int) -> typing.Any:
        rest = line.content[1:]
        stripped = rest.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            found = self.block(indent, in_mapping=False)
            return ScalarNode("", None, Mark(line.number, indent + 1)) if found is None else found
        column = indent + 1 + len(rest) - len(stripped)
        # ``- - a`` and ``- ? a`` hold no plain scalar: ``_check_plain`` refuses them.
        if stripped[:1] == "'" and self.literals.get(line.number, ("",))[0] == "'":
            return _inline(stripped, line.number, column, self.literals)  # it goes on below
        if stripped[:1] in ("[", "{"):
            return _flow(stripped, line.number, column)  # ``- {a: b}`` holds a flow mapping, not a key
        if _has_key(stripped):
            # A compact mapping: its first key is on the entry's line, the rest below at its column.
            node = MappingNode(Mark(line.number, column))
            node.value.append(self.entry(line, column, stripped, column))
            while (
                (below := self.peek()) is not None and below.indent == column and not _is_entry(below.content)
            ):
                self.index += 1
                node.value.append(self.entry(below, column, below.content, column))
            return node
        return _inline(stripped, line.number, column, self.literals)


def _open_quote(content: str, indent: int) -> tuple[str, int] | None:
    """When a line's value is a single-quoted scalar that goes on below (``key: 'text``,
    ``- key: 'text``, ``- 'text``): the text after the quote, and the column its continuation
    lines must be right of."""
    if "'" not in content:
        return None
    text, owner = content, indent
    if _is_entry(text):
        rest = text[1:].lstrip(" ")
        if rest[:1] != "'":
            owner = indent + len(text) - len(rest)  # a compact mapping's key
        text = rest
    elif text[:1] in ("'", '"'):
        return None  # a quoted key: one line, or the full parser's
    if text[:1] != "'":
        colon = text.find(": ")
        # A quoted key, or a flow collection (``- {"a: 'b": c}``): whatever ``: `` is in, the value
        # is read on its line, or not at all.
        if colon < 0 or 0 <= text.find(" #") < colon or text[:1] in ("'", '"', "[", "{"):
            return None
        text = text[colon + 2 :].lstrip(" ")
        if text[:1] != "'":
            return None
    if _closing_quote(text, 1) >= 0:
        return None  # it ends on its line
    return text[1:], owner


def _closing_quote(text: str, start: int) -> int:
    """The index of the ``'`` that ends a single-quoted scalar in ``text`` (``''`` is a quote
    inside it), or -1."""
    index = start
    while True:
        found = text.find("'", index)
        if found < 0 or text[found + 1 : found + 2] != "'":
            return found
        index = found + 2


def _is_entry(content: str) -> bool:
    return content == "-" or content.startswith("- ")


def _has_key(content: str) -> bool:
    """Whether a line's content is ``key: …`` (a quoted key, or a plain one up to ``: ``)."""
    if content[:1] in ("'", '"'):
        end = _quote_end(content)
        return content[end : end + 1] == ":" and content[end + 1 : end + 2] in ("", " ")
    return ": " in _before_comment(content) or _before_comment(content).endswith(":")


def _split_key(content: str, number: int, column: int) -> tuple[ScalarNode, str, int]:
    """The key node, what follows ``:`` (trimmed, comment removed) and the column it starts at."""
    if content[:1] in ("'", '"'):
        colon = _quote_end(content)
        key = _quoted(content[:colon], number, column)
        after = content[colon:]
        if not after.startswith(":") or after[1:2] not in ("", " "):
            raise Unsupported
    else:
        text = _before_comment(content)
        colon = text.find(": ")
        if colon < 0:
            if not text.endswith(":"):
                raise Unsupported
            colon = len(text) - 1
        name = text[:colon].rstrip(" ")
        _check_plain(name)
        if name == "<<":
            raise Unsupported  # a merge key
        key = ScalarNode(name, None, Mark(number, column))
    if colon > _MAX_KEY:
        raise Unsupported  # the full parser finds no key this long: a syntax error
    rest = content[colon + 1 :]
    value = rest.lstrip(" ")
    if value.startswith("#"):
        value = ""
    return key, value, column + colon + 1 + len(rest) - len(value)


def _inline(
    text: str, number: int, column: int, literals: dict[int, tuple[str, str]]
) -> ScalarNode | SequenceNode | MappingNode:
    """A value on the key's (or entry's) line: a quoted or plain one-line scalar, a one-line
    flow collection, or the literal block scalar it opens."""
    mark = Mark(number, column)
    if text[:1] in ("[", "{"):
        return _flow(text, number, column)
    if text.startswith("|"):
        if literals.get(number, ("",))[0] != "|":
            raise Unsupported  # an indentation indicator (``|2``), or no literal header: the full parser's
        return ScalarNode(literals[number][1], "|", mark)
    if text[:1] == "'" and literals.get(number, ("",))[0] == "'":
        return ScalarNode(literals[number][1], "'", mark)  # it goes on below: read in _quoted_lines
    if text[:1] in ("'", '"'):
        end = _quote_end(text)
        rest = text[end:].lstrip(" ")
        if rest and not rest.startswith("#"):  # ``'a'#c`` is a comment too
            raise Unsupported
        return _quoted(text[:end], number, column)
    value = _before_comment(text).rstrip(" ")
    _check_plain(value)
    if ": " in value or value.endswith(":"):
        raise Unsupported
    return ScalarNode(value, None, mark)


def _flow(text: str, number: int, column: int) -> SequenceNode | MappingNode:
    """The flow collection ``text`` starts with (``[a, 'b']``, ``{k: v, "q": 1}``, ``[]``) when it
    ends on its line with nothing after it but a comment, and holds one-line scalars only, each
    mapping entry a ``key: value`` pair; else ``Unsupported`` (nesting, a collection that goes
    on below, an empty entry or value, ``?``, anchors, aliases and tags: the full parser's)."""
    mark = Mark(number, column)
    is_map = text[0] == "{"
    close = "}" if is_map else "]"
    node = MappingNode(mark) if is_map else SequenceNode(mark)
    index = _skip_blanks(text, 1)
    while text[index : index + 1] != close:
        start = index
        item, index = _flow_scalar(text, index, number, column)
        if isinstance(node, MappingNode):
            index = _skip_blanks(text, index)
            if text[index : index + 2] != ": " or index - start > _MAX_KEY:
                raise Unsupported  # ``{a}``, ``{"a":b}``, ``{a: }`` and the like
            if item.style is None and item.value == "<<":
                raise Unsupported  # a merge key
            value, index = _flow_scalar(text, _skip_blanks(text, index + 2), number, column)
            node.value.append((item, value))
        else:
            node.value.append(item)
        index = _skip_blanks(text, index)
        if text[index : index + 1] == ",":
            index = _skip_blanks(text, index + 1)  # a trailing comma before the end is allowed
        elif text[index : index + 1] != close:
            raise Unsupported  # ``["a"b]``, ``[a: b]``, or it goes on below
    rest = text[index + 1 :].lstrip(" ")
    if rest and not rest.startswith("#"):  # ``[a]#c`` is a comment too
        raise Unsupported  # ``[a]: b`` (a flow key), ``[a] b``
    return node


def _flow_scalar(text: str, index: int, number: int, column: int) -> tuple[ScalarNode, int]:
    """The one-line scalar an entry of a flow collection starts with at ``text[index]``, and the
    index just past it (past trailing blanks for a plain one)."""
    first = text[index : index + 1]
    if first in ("'", '"'):
        end = index + _quote_end(text[index:])  # Unsupported if it goes on below
        return _quoted(text[index:end], number, column + index), end
    if (
        first in _NOT_PLAIN_START
        or first in ("?", ":")  # a key indicator, or a plain scalar only a YAML 1.2 parser reads so
        or (first == "-" and text[index + 1 : index + 2] in ("", " ", *_FLOW_INDICATORS))
    ):
        raise Unsupported  # an empty entry, a nested collection, an anchor, alias, tag, ...
    end = index
    while end < len(text):
        char = text[end]
        if char in _FLOW_INDICATORS:
            break
        if char == ":" and text[end + 1 : end + 2] in ("", " ", *_FLOW_INDICATORS):
            break  # ``: `` ends a key; ``a:,`` or ``a:]`` are left to the full parser by the caller
        if char == "#" and text[end - 1] == " ":
            raise Unsupported  # a comment: the collection goes on below
        end += 1
    return ScalarNode(text[index:end].rstrip(" "), None, Mark(number, column + index)), end


def _skip_blanks(text: str, index: int) -> int:
    while text[index : index + 1] == " ":
        index += 1
    return index


def _check_plain(text: str) -> None:
    """Refuse what its first character makes no plain scalar. The rest needs no look: it is cut
    before a comment, and ``compose`` refuses any character but printable ASCII outside double
    quotes."""
    if not text or text[0] in _NOT_PLAIN_START or (text[0] in "-?:" and text[1:2] in ("", " ")):
        raise Unsupported


def _before_comment(text: str) -> str:
    cut = text.find(" #")
    return text if cut < 0 else text[:cut].rstrip(" ")


def _quote_end(text: str) -> int:
    """The index just past the closing quote of the quoted scalar ``text`` starts with (in a
    double-quoted one, a backslash escapes the character after it: ``\\"`` and ``\\\\``)."""
    quote = text[0]
    index, found = 1, 0
    while True:
        if found < index:  # each part of the line is searched once: linear time
            found = text.find(quote, index)
            if found < 0:
                raise Unsupported  # it goes on to the next line: folding is the full parser's business
        if quote == "'":
            if text[found + 1 : found + 2] == "'":
                index = found + 2
                continue
            return found + 1
        escape = text.find("\\", index, found)
        if escape < 0:
            return found + 1
        index = escape + 2


#: YAML 1.2's one-character escapes in a double-quoted scalar, as the full parser reads them.
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
    "L": "\u2028", "P": "\u2029",
}  # fmt: skip
#: The escapes of a code point, and how many hexadecimal digits each takes.
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _unescape(body: str) -> str:
    """The text of a one-line double-quoted scalar's ``body``, its escapes replaced."""
    if not body.isascii():
        for char in body:
            ordinal = ord(char)
            if ordinal > 0x7E and not (
                (0xA0 <= ordinal <= 0xD7FF and ordinal not in (0x2028, 0x2029))
                or (0xE000 <= ordinal <= 0xFFFD and ordinal != 0xFEFF)
                or ordinal >= 0x10000
            ):
                raise Unsupported  # a line break, a byte order mark, a surrogate: the full parser's
    if "\\" not in body:
        return body
    parts: list[str] = []
    start = 0
    while (escape := body.find("\\", start)) >= 0:
        parts.append(body[start:escape])
        code = body[escape + 1 : escape + 2]
        if code in _HEX_ESCAPES:
            start = escape + 2 + _HEX_ESCAPES[code]
            digits = body[escape + 2 : start]
            if len(digits) != _HEX_ESCAPES[code] or not _HEX_DIGITS.issuperset(digits):
                raise Unsupported  # too few hexadecimal digits: the full parser's error
            point = int(digits, 16)
            if point > 0x10FFFF:
                raise Unsupported  # no code point: the full parser's (it fails)
            parts.append(chr(point))  # a surrogate too, as the full parser reads it: the builder refuses it
        elif code in _ESCAPES:
            parts.append(_ESCAPES[code])
            start = escape + 2
        else:
            raise Unsupported  # an unknown escape: the full parser's error
    parts.append(body[start:])
    return "".join(parts)


def _quoted(token: str, number: int, column: int) -> ScalarNode:
    body = token[1:-1]
    if token[0] == "'":
        return ScalarNode(body.replace("''", "'"), "'", Mark(number, column))
    return ScalarNode(_unescape(body), '"', Mark(number, column))
