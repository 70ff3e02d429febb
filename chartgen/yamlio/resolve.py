"""Plain-scalar typing as Helm sees it.

Helm reads values with go-yaml v2 (YAML 1.1 rules: ``yes``/``on``/``y`` are
booleans) and then passes them through JSON, so every number becomes a float64.
We keep integral numbers as ``int`` (what the float64 prints as) and the rest
as ``float``.
"""

from __future__ import annotations

import math
import re
from functools import cache

from chartgen.hints import TYPE_CHECKING, typing

_BOOL = {
    **dict.fromkeys(("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
}
_NULL = {"", "~", "null", "Null", "NULL"}
#: Text the chart writes bare through ``default true`` (``logColor: "false"``) that the master
#: reads as the boolean it says: a YAML boolean word, or ``t``/``f`` (``strconv.ParseBool``
#: through viper's cast), with blanks around it that the YAML reader drops.
BOOLEAN_TEXT = "^ *(?:{}) *$".format("|".join((*_BOOL, "t", "T", "f", "F")))
# go-yaml v2 tries numbers only for scalars starting with these, after removing every "_".
_NUMBER_START = frozenset("0123456789+-.")
# go-yaml v2's yamlStyleFloat: what it hands to strconv.ParseFloat when ParseInt failed.
_FLOAT = r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"
_DIGITS = {2: "01", 8: "01234567", 10: "0123456789", 16: "0123456789abcdef"}
_PREFIXES = {"0x": 16, "0o": 8, "0b": 2}
_INF = {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}
_NEG_INF = {"-.inf", "-.Inf", "-.INF"}
_NAN = {".nan", ".NaN", ".NAN"}
# A float64 holds every integer up to 2**53 exactly; beyond it Helm loses digits.
_EXACT = 2**53

Scalar = str | int | float | bool | None
if TYPE_CHECKING:
    _S = typing.TypeVar("_S", bound=Scalar)
#: From here on Go prints a float64 in exponent form (``%v``: shortest digits, exponent >= 6).
EXPONENT_FROM = 10**6


class HelmFloat(int):
    """A whole number Helm holds as a float64 (from a values file or ``--set-json``) and large
    enough that a template prints it in exponent form: ``1234567`` is written ``1.234567e+06``.
    Everywhere but in Go's text (``go_string``) it is the integer it is."""

    __slots__ = ()


def helm_number(value: _S) -> _S:
    """A number as Helm holds it when it comes from a values file or JSON: large ones as floats."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= EXPONENT_FROM:
        return HelmFloat(value)  # type: ignore[return-value]
    return value


def normalize_number(value: float) -> int | float:
    """Integral floats print as integers in Helm's output; keep them as ``int``."""
    if math.isfinite(value) and value == int(value) and abs(value) <= _EXACT:
        return int(value)
    return value


def go_parse_int(plain: str) -> int | None:
    """strconv.ParseInt(plain, 0, 64), then ParseUint: prefixes 0x/0o/0b, a leading 0 is octal."""
    sign, body = (-1, plain[1:]) if plain[:1] == "-" else (1, plain[1:] if plain[:1] == "+" else plain)
    base = _PREFIXES.get(body[:2].lower(), 0)
    if base:
        body = body[2:]
    elif len(body) > 1 and body[0] == "0":
        base, body = 8, body[1:]
    else:
        base = 10
    # 64 bits are at most 64 digits in any base: longer text is no integer Go reads.
    if not body or len(body) > 64 or any(c not in _DIGITS[base] for c in body.lower()):
        return None
    number = sign * int(body, base)
    return number if -(2**63) <= number < 2**64 else None


def resolve_plain(text: str) -> Scalar:
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    if text[:1] in _NUMBER_START:
        plain = text.replace("_", "")
        number = go_parse_int(plain)
        if number is not None:
            return normalize_number(float(number)) if abs(number) > _EXACT else number
        if re.fullmatch(_FLOAT, plain):
            real = float(plain)
            # Go's ParseFloat refuses what overflows float64; go-yaml then keeps the text.
            return text if math.isinf(real) else normalize_number(real)
    if text in _INF:
        return math.inf
    if text in _NEG_INF:
        return -math.inf
    if text in _NAN:
        return math.nan
    return text


def boolean_text(text: str) -> bool | None:
    """The boolean the master reads for ``text`` written bare (``BOOLEAN_TEXT``), else None."""
    if not re.fullmatch(BOOLEAN_TEXT, text):
        return None
    word = text.strip(" ")
    return word in ("t", "T") if word in ("t", "T", "f", "F") else _BOOL[word]


def kind_of(value: object) -> str:
    """How a message names a loaded value's YAML kind ("a number", "a map", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return "a string"


def go_string(value: object) -> str:
    """Format a value as Go's ``fmt.Sprint`` does for what Helm holds (``quote``, ``toString``,
    ``{{ .Values.x }}``): a mapping as ``map[a:1 b:x]``, a list as ``[1 x]``."""
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, HelmFloat):
        return go_float(float(value))
    if isinstance(value, int):
        return str(value) if abs(value) < 10**21 else go_float(float(value))
    if isinstance(value, float):
        return go_float(value)
    if isinstance(value, dict):
        # Go's %v: keys in order, ``<nil>`` for a null inside.
        items = sorted((go_string(k), "<nil>" if v is None else go_string(v)) for k, v in value.items())
        return "map[" + " ".join(f"{k}:{v}" for k, v in items) + "]"
    if isinstance(value, list):
        return "[" + " ".join("<nil>" if v is None else go_string(v) for v in value) + "]"
    return str(value)


def json_float(value: float) -> str:
    """Go's ``encoding/json`` for a finite float64: plain digits from 1e-6 up to 1e21, else an
    exponent without leading zeros (``1e-7``, ``1.5e+21``), as ``toJson`` writes a number."""
    magnitude = abs(value)
    if value == 0 or 1e-6 <= magnitude < 1e21:
        text = go_float(value)
        if "e" not in text:
            return text
        mantissa, _, exponent = text.partition("e")
        sign = "-" if mantissa.startswith("-") else ""
        whole, _, frac = mantissa.lstrip("-").partition(".")
        digits, shift = whole + frac, int(exponent) - len(frac)
        if shift >= 0:
            return sign + digits + "0" * shift
        point = len(digits) + shift
        return sign + ("0." + "0" * -point + digits if point <= 0 else f"{digits[:point]}.{digits[point:]}")
    mantissa, _, exponent = go_float(value).partition("e")
    return f"{mantissa}e{exponent[0]}{int(exponent[1:])}"


def go_float(value: float) -> str:
    """Go's %v for float64: shortest digits; exponent form when the exponent is < -4 or >= 6."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if value == 0:
        return "-0" if math.copysign(1, value) < 0 else "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exp = f"{abs(value)!r}".partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    point = len(whole) + (int(exp) if exp else 0)
    if whole == "0":
        point -= len(frac) - len(frac.lstrip("0")) + 1
    digits = digits.rstrip("0") or "0"
    exponent = point - 1
    if exponent < -4 or exponent >= 6:
        tail = f".{digits[1:]}" if len(digits) > 1 else ""
        return f"{sign}{digits[0]}{tail}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"
    if point <= 0:
        return f"{sign}0.{'0' * -point}{digits}"
    if point >= len(digits):
        return sign + digits + "0" * (point - len(digits))
    return f"{sign}{digits[:point]}.{digits[point:]}"


#: Plain text YAML 1.1's other types claim, though go-yaml keeps it a string: sexagesimal and
#: underscored numbers, timestamps, ``<<`` and ``=``. PyYAML and the tools built on it read
#: Helm's output so (or fail on ``0x_``), and no quoting can make chartgen's output say the same.
_YAML11_NOT_TEXT = (
    r"[-+]?(0b[01_]+|0[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)"
    r"|[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
    r"(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?"
    r"|<<|="
)


#: What a text ``_YAML11_NOT_TEXT`` matches starts with: other text never needs it compiled.
_YAML11_START = frozenset("+-.0123456789<=")


@cache
def _yaml11_not_text() -> re.Pattern[str]:
    return re.compile(_YAML11_NOT_TEXT)  # compiled on first use: most runs never need it


def yaml11_not_text(text: str) -> bool:
    """Whether YAML 1.1 readers read plain ``text`` as a number, a date, ``<<`` or ``=``."""
    return text[:1] in _YAML11_START and _yaml11_not_text().fullmatch(text) is not None


#: Plain words YAML 1.1 readers (PyYAML's resolver) take for booleans, null and the floats'
#: infinities and NaN, as go-yaml does.
_YAML11_WORDS = frozenset(
    [
        w
        for word in ("yes", "no", "true", "false", "on", "off", "null")
        for w in (word, word.title(), word.upper())
    ]
    + ["~", ""]
    + [s + i for s in ("", "+", "-") for i in (".inf", ".Inf", ".INF")]
    + [".nan", ".NaN", ".NAN"]
)


def yaml11_reads_text(text: str) -> bool:
    """Whether YAML 1.1 readers read plain ``text`` as text, though go-yaml may read a number or a
    boolean there (``08``, ``0o6``, ``1e3``, ``y``): Helm's output says two things then."""
    return text not in _YAML11_WORDS and not yaml11_not_text(text)
