"""Kubernetes quantities (``500m``, ``8Gi``, ``1.5e3``) read exactly as the API server reads them.

The one port of k8s.io/apimachinery v0.28.3's ``resource.ParseQuantity`` (pkg/api/resource,
quantity.go and suffix.go) and of the trim ``Quantity.UnmarshalJSON`` applies to the JSON text
Helm's client sends: the value formats, the API-server rules, diff's claim sizes and the planner
all read quantities here, and ``tests/oracles/test_quantities.py`` holds it to the API server's
own verdicts and amounts (``tests/oracles/quantities.py`` records them).
"""

from __future__ import annotations

from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal

#: ``ErrFormatWrong``, ``ErrSuffix`` and ``ErrNumeric``.
QUANTITY_FORMAT = (
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
)
SUFFIX_ERROR = "unable to parse quantity's suffix"
NUMERIC_ERROR = "unable to parse numeric part of quantity"

_DECIMAL_SUFFIXES = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY_SUFFIXES = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_DIGITS = frozenset("0123456789")
#: strings.TrimSpace's blanks (unicode.IsSpace) that Go's json.Marshal writes as themselves; it
#: escapes the others (tab, line breaks, U+2028 and U+2029), which then stay and are refused.
_JSON_BLANKS = (
    " \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
#: A binary amount's cap: the largest int64, in units.
_BINARY_CAP = (2**63 - 1) * 10**9
#: The digits beyond which an amount is worked out and held as a ``Decimal``: an ``int`` of more
#: would cost quadratic time (and Python refuses to read one of 4,300 digits).
_INT_DIGITS = 400


def _int32(number: int) -> int:
    """Go's conversion to ``int32``, which wraps."""
    return (number + 2**31) % 2**32 - 2**31


def split_quantity(text: str) -> tuple[bool, str, str, str, str] | None:
    """``parseQuantityString``: (positive, value, num, denom, suffix); None for ErrFormatWrong."""
    end, pos, positive = len(text), 0, True
    if end and text[0] in "+-":
        positive, pos = text[0] == "+", 1
    while pos < end and text[pos] == "0":  # leading zeros
        pos += 1
    if pos == end:
        return positive, "0", "0", "", ""
    i = pos
    while i < end and text[i] in _DIGITS:
        i += 1
    if i == end:
        return positive, text, text[pos:], "", ""
    num, pos, denom = text[pos:i] or "0", i, ""
    if text[pos] == ".":
        i = pos = pos + 1
        while i < end and text[i] in _DIGITS:
            i += 1
        if i == end:
            return positive, text, num, text[pos:], ""
        denom, pos = text[pos:i], i
    value, start = text[:pos], pos
    while pos < end and text[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < end and text[pos] in "+-":
        pos += 1
    while pos < end and text[pos] in _DIGITS:
        pos += 1
    # A character after the exponent's digits: "the last character was not a valid exponent".
    return (positive, value, num, denom, text[start:]) if pos == end else None


def _go_int64(text: str) -> int | None:
    """``strconv.ParseInt(text, 10, 64)``; None where it returns an error."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits or not all(c in _DIGITS for c in digits):
        return None
    digits = digits.lstrip("0")
    if len(digits) > 19:
        return None
    number = -int(digits or "0") if text[0] == "-" else int(digits or "0")
    return number if -(2**63) <= number <= 2**63 - 1 else None


def parse_quantity(text: str) -> int | Decimal:
    """``ParseQuantity``: the amount in nano-units, rounded up (away from zero) to the nano and, for
    a binary suffix, capped at the largest int64 as the API stores it; ``ValueError`` with the
    API's message when it refuses the text.

    An exact ``int``; a ``Decimal`` only for an amount of more than 400 digits (a long numeral,
    or an exponent as large as an int32 holds), which ``Decimal`` holds with a scale as Go's
    ``inf.Dec`` does, where an ``int`` would need every digit."""
    if not text:
        raise ValueError(QUANTITY_FORMAT)
    if text == "0":
        return 0
    parts = split_quantity(text)
    if parts is None:
        raise ValueError(QUANTITY_FORMAT)
    positive, value, num, denom, suffix = parts
    binary = suffix in _BINARY_SUFFIXES
    if binary:
        exponent = _BINARY_SUFFIXES[suffix]
    elif suffix in _DECIMAL_SUFFIXES:
        exponent = _DECIMAL_SUFFIXES[suffix]
    else:
        parsed = _go_int64(suffix[1:]) if len(suffix) > 1 and suffix[0] in "eE" else None
        if parsed is None:
            raise ValueError(SUFFIX_ERROR)
        exponent = _int32(parsed)
    # The int64 fast path: a numeral of few digits at a scale of at least a nano, exact.
    if binary:
        twos, tens = exponent, -len(denom)
        fast = not denom and 15 - len(num) - exponent * 3 // 10 - 1 >= 0
    else:
        twos, tens = 0, _int32(exponent - len(denom))
        fast = 18 - len(num) - len(denom) >= 0 and tens >= -9
    if not fast:
        # inf.Dec.SetString(value), which needs a digit; its scale is the fraction's digits, to
        # which SetScale adds the suffix's exponent negated, both in int32.
        if not any(c in _DIGITS for c in value):
            raise ValueError(NUMERIC_ERROR)
        if not binary:
            tens = -_int32(len(denom) + _int32(-exponent))
    nanos = _nanos((num + denom).lstrip("0"), twos, tens + 9, binary)
    if positive:
        return nanos
    return -nanos if isinstance(nanos, int) else nanos.copy_negate()  # unary minus rounds to 28 digits


def _nanos(digits: str, twos: int, shift: int, binary: bool) -> int | Decimal:
    """``int(digits) * 2**twos * 10**shift`` rounded up, capped for a binary suffix."""
    if not digits:
        return 0
    size = len(digits) + shift  # 10**(size - 1) <= the amount / 2**twos < 10**size
    if size < -19:  # below a nano, whatever the binary factor: one, rounded up
        return 1
    if binary and size > 29:
        return _BINARY_CAP
    if len(digits) <= _INT_DIGITS and size <= _INT_DIGITS:
        scaled = int(digits) << twos
        power: int = 10 ** abs(shift)
        nanos = scaled * power if shift >= 0 else -(-scaled // power)
        return min(nanos, _BINARY_CAP) if binary else nanos
    from decimal import MAX_EMAX, MIN_EMIN, ROUND_CEILING, Decimal, localcontext

    with localcontext() as context:  # every digit kept: none of these steps rounds
        context.prec, context.Emax, context.Emin = len(digits) + 40, MAX_EMAX, MIN_EMIN
        amount = (Decimal(digits) * (1 << twos)).scaleb(shift)
        if shift < 0:
            amount = amount.to_integral_value(rounding=ROUND_CEILING)
        if binary:
            amount = min(amount, Decimal(_BINARY_CAP))
        return int(amount) if amount.adjusted() < _INT_DIGITS else amount


def quantity_text(value: object) -> str | None:
    """What ``Quantity.UnmarshalJSON`` parses for a YAML value: its JSON text, trimmed; None for
    null. A boolean's JSON text (``true``) is no quantity, nor is an infinite number's."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        if abs(value) < 1e21 and value == int(value):
            return str(int(value))
        return repr(float(value))
    return str(value).strip(_JSON_BLANKS)


def read_quantity(value: object) -> int | Decimal | None:
    """``Quantity.UnmarshalJSON`` of a YAML scalar: the amount in nano-units; None for null, for
    anything but a scalar, and where the API server refuses the text."""
    text = quantity_text(value) if isinstance(value, str | int | float) else None
    if text is None:
        return None
    try:
        return parse_quantity(text)
    except ValueError:
        return None
