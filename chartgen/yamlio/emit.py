"""Serialise data as YAML text. Every user value reaches the output through here.

The style follows Helm's ``toYaml`` (block mappings, sequences flush with their
key, two-space indent) so that rendered manifests read like upstream's, while
quoting is decided per scalar so that any string parses back unchanged under
YAML 1.1 and 1.2 readers alike.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from chartgen.hints import typing
from chartgen.yamlio.resolve import go_float, json_float, resolve_plain

_PLAIN = re.compile(r"(?:[A-Za-z_/$]|--?[A-Za-z])[A-Za-z0-9_./:@$+=,()*%-]*(?: [A-Za-z0-9_./:@$+=,()*%-]+)*")
# Starting with a digit is fine (8Gi, 0736b6d) when a letter keeps every reader from a number.
# Letters before the first are left out of the first repeat: overlapping repeats backtrack
# in quadratic time on a long text that fails at its end.
_PLAIN_DIGIT = re.compile(r"[0-9][0-9_.-]*[A-Za-z][A-Za-z0-9_.-]*")
# Anything a YAML 1.1 or 1.2 reader (PyYAML, ruamel, go-yaml) may take for a number:
# binary/octal/hex with underscores, sexagesimal 1:30, floats with or without digits.
_NUMBERISH = (
    r"[-+]?(0b[01_]+|0o[0-7_]+|0x[0-9a-fA-F_]+"
    r"|[0-9][0-9_]*(:[0-5]?[0-9])*(\.[0-9_]*)?([eE][-+]?[0-9_]+)?|\.[0-9_]+([eE][-+]?[0-9]+)?)"
)
# ASCII control characters other than tab and newline (a class over all of Unicode costs
# milliseconds to compile at every start-up; non-ASCII is checked by code point instead).
_ASCII_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
#: What a text ``_NUMBERISH`` can match starts with, once underscores are left out.
_NUMBER_START = frozenset("+-.0123456789")


def _numberish(text: str) -> bool:
    if text.lstrip("_")[:1] not in _NUMBER_START:
        return False  # the common case (names, images, URLs): the pattern cannot match
    return bool(re.fullmatch(_NUMBERISH, text) or re.fullmatch(_NUMBERISH, text.replace("_", "")))


def _printable_char(ch: str) -> bool:
    code = ord(ch)
    return 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000


def _printable(text: str) -> bool:
    """Only characters YAML may hold unescaped (tab and newline included)."""
    if _ASCII_CONTROL.search(text):
        return False
    return text.isascii() or all(_printable_char(ch) for ch in text if ord(ch) > 0x7E)


# Characters YAML 1.1 readers treat as line breaks, or that no reader keeps verbatim.
_BLOCK_UNSAFE = "[\r\x85\u2028\u2029\ufeff]"


def _block_unsafe(text: str) -> bool:
    # Of them, ASCII has only the carriage return: most text never needs the class compiled.
    return "\r" in text if text.isascii() else re.search(_BLOCK_UNSAFE, text) is not None


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


class Raw(str):
    """YAML text this module produced; templates insert it verbatim."""


def _plain_ok(text: str) -> bool:
    return (
        (bool(_PLAIN.fullmatch(text)) or bool(_PLAIN_DIGIT.fullmatch(text)))
        and not _numberish(text)
        and resolve_plain(text) == text
        and ": " not in text
        and not text.endswith(":")
        and text not in ("=",)
    )


def _double_quoted(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif _printable(ch) and ch not in "\x85\u2028\u2029\ufeff":
            out.append(ch)
        else:
            code = ord(ch)
            if code <= 0xFF:
                out.append(f"\\x{code:02x}")
            elif code <= 0xFFFF:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


@lru_cache(maxsize=4096)
def _string(value: str) -> str:
    """The quoting decision for one string; the same names recur in every object, so cache it."""
    if _plain_ok(value):
        return value
    single_line = "\n" not in value and "\t" not in value
    if single_line and _printable(value) and not _block_unsafe(value):
        return "'" + value.replace("'", "''") + "'"
    return _double_quoted(value)


def scalar(value: typing.Any) -> str:
    """One scalar (or an empty collection) as inline YAML."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        if isinstance(value, JsonFloat):
            return json_float(value)
        if isinstance(value, GoFloat):
            return go_float(value)
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return portable_float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, dict) and not value:
        return "{}"
    if isinstance(value, list | tuple) and not value:
        return "[]"
    return flow(value)


# Flow indicators: inside ``[...]``/``{...}`` a plain scalar holding one ends or splits it.
_FLOW_INDICATORS = frozenset(",[]{}")


def _in_flow(value: typing.Any) -> str:
    """A value inside a flow collection, where ``,[]{}`` in plain text would change the structure."""
    if isinstance(value, str) and not _FLOW_INDICATORS.isdisjoint(value):
        text = _string(value)
        return text if text[:1] in ("'", '"') else "'" + value.replace("'", "''") + "'"
    return flow(value)


def flow(value: typing.Any) -> str:
    """Inline (flow) YAML for any value: safe in any position of a line."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_in_flow(str(k))}: {_in_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_in_flow(v) for v in value) + "]"
    return scalar(value)


def _literal_ok(text: str) -> bool:
    # Kept trailing blank lines ("|+") would be significant at the end of a document,
    # where whoever assembles or edits documents trims blank lines: quote those instead.
    if "\n" not in text or text.endswith("\n\n") or not _printable(text) or _block_unsafe(text):
        return False
    body = text.rstrip("\n")
    if not body:
        return False
    lines = body.split("\n")
    # A whitespace-only line would be read back as an empty one, and readers take the
    # block's indentation from its first non-empty line, so that line must not start blank.
    first = next(line for line in lines if line)
    return not any(line and not line.strip(" \t") for line in lines) and first[:1] not in (" ", "\t")


def literal(text: str, indent: int) -> str:
    """A literal block for text ``_literal_ok`` accepts (at most one trailing newline)."""
    chomp = "" if text.endswith("\n") else "-"
    pad = " " * indent
    lines = [pad + line if line else "" for line in text.rstrip("\n").split("\n")]
    return f"|{chomp}\n" + "\n".join(lines)


def block(value: typing.Any, indent: int = 0) -> list[str]:
    """Block-style lines for a mapping or sequence, each indented by ``indent``."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{pad}{scalar(str(key))}:"
            lines.extend(_entry(head, item, indent, in_seq=False))
    else:
        for item in value:
            lines.extend(_entry(f"{pad}-", item, indent, in_seq=True))
    return lines


def _entry(head: str, item: typing.Any, indent: int, *, in_seq: bool) -> list[str]:
    if isinstance(item, dict) and item:
        if in_seq:
            inner = block(item, indent + 2)
            return [head + " " + inner[0].lstrip(" "), *inner[1:]]
        return [head, *block(item, indent + 2)]
    if isinstance(item, list | tuple) and item:
        if in_seq:
            inner = block(item, indent + 2)
            return [head + " " + inner[0].lstrip(" "), *inner[1:]]
        return [head, *block(item, indent)]
    if isinstance(item, str) and _literal_ok(item):
        return [head + " " + literal(item, indent + 2)]
    return [head + " " + scalar(item)]


def dump(value: typing.Any, indent: int = 0) -> str:
    """A whole value as block YAML text (no trailing newline)."""
    if isinstance(value, dict | list | tuple) and value:
        return "\n".join(block(value, indent))
    if isinstance(value, str) and _literal_ok(value):
        return literal(value, indent + 2)
    return scalar(value)


def portable_float(value: float) -> str:
    """A finite float as every YAML reader reads one, YAML 1.1's (PyYAML) included: with a dot
    and a signed exponent (``1.0e+20``). What chartgen writes of its own."""
    mantissa, e, exponent = repr(value).partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + (f"e{'' if exponent[0] in '+-' else '+'}{exponent}" if e else "")


class GoFloat(float):
    """A number Helm holds, written as its ``toYaml`` writes it (go-yaml: ``1e+20``, ``1e-05``),
    which is also a template's ``%v``."""

    __slots__ = ()


class TextFloat(float):
    """A float a YAML reader makes of text the chart writes bare (``9e-98``): written so that
    every reader reads that float (``9.0e-98``), never as Helm holds a number."""

    __slots__ = ()


class JsonFloat(float):
    """A number upstream writes with ``toJson``, whose digits differ from ``toYaml``'s
    (``100000000000000000000`` and ``1e-7`` where go-yaml writes ``1e+20`` and ``1e-07``)."""

    __slots__ = ()


def helm_numbers(value: typing.Any, json: bool = False) -> typing.Any:
    """``value`` with its finite floats (fractions, and whole numbers beyond 2**53) marked to be
    written as Helm writes them: as ``toYaml`` does, or as ``toJson`` does."""
    if isinstance(value, dict):
        return {key: helm_numbers(item, json) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [helm_numbers(item, json) for item in value]
    if type(value) is float and math.isfinite(value):
        return JsonFloat(value) if json else GoFloat(value)
    return value


def to_yaml(value: typing.Any, indent: int, json: bool = False) -> Raw:
    """What follows ``key:`` directly (no space) when the key's children sit at ``indent`` columns.

    Collections start on the next line; multi-line strings become literal blocks;
    anything else stays on the key's line. The separator is part of the result so
    that no line ends in a blank. Numbers are written as Helm writes them, as ``toYaml`` does,
    or with ``json`` as ``toJson`` does where upstream writes JSON (the YAML around them reads as
    the same data).
    """
    value = helm_numbers(value, json)
    if isinstance(value, dict | list | tuple) and value:
        return Raw("\n" + "\n".join(block(value, indent)))
    if isinstance(value, str) and _literal_ok(value):
        return Raw(" " + literal(value, indent))
    return Raw(" " + scalar(value))


def document(value: typing.Any) -> Raw:
    """A whole YAML document (a file's content), ending in a newline."""
    return Raw(dump(value) + "\n")
