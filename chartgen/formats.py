"""Kubernetes quantities, object names, CIDRs, URLs and hosts: the value formats both the typed
model and ``lint`` check, kept below both so each reaches the same verdict without importing
the other.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection

from chartgen.records import record


@record(frozen=True, slots=True)
class FormatProblem:
    message: str
    error: bool = True
    rule: str = "invalid-format"


# ---------------------------------------------------------------------------- formats

# Patterns are matched whole (``fullmatch``), so none carries anchors.
_LABEL = r"[a-z0-9](?:[-a-z0-9]*[a-z0-9])?"
_SUBDOMAIN = rf"{_LABEL}(?:\.{_LABEL})*"
_DNS_LABEL = _LABEL
_SUFFIX = r"[a-z0-9.-]*[a-z0-9]"
_HOST_LABEL = r"[A-Za-z0-9](?:[-A-Za-z0-9]{0,61}[A-Za-z0-9])?"
_HOSTNAME = rf"{_HOST_LABEL}(?:\.{_HOST_LABEL})*\.?"
# No two adjacent repeats can take the same character: on a value that fails at its end,
# a backtracking matcher would otherwise try every split between them (quadratic time).
_URL = r"[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#]\S*"

# A quantity as ``resource.ParseQuantity`` reads it (k8s.io/apimachinery v0.28.3,
# pkg/api/resource/quantity.go and suffix.go), after ``Quantity.UnmarshalJSON`` has trimmed the
# JSON text Helm's client sends; tests/oracles/quantities.py records what the API server takes.
_DECIMAL_SUFFIXES = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY_SUFFIXES = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_DIGITS = frozenset("0123456789")
# strings.TrimSpace's blanks (unicode.IsSpace) that Go's json.Marshal writes as themselves; it
# escapes the others (tab, line breaks, U+2028 and U+2029), and a backslash is no blank.
_JSON_BLANKS = (
    " \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
_MAX_INT64 = 2**63 - 1
#: Beyond this many decimal digits an amount is no float (``inf``); the digits an exact
#: integer of the amount in nanos may need, so a long numeral costs no quadratic ``int()``.
_FLOAT_DIGITS = 400
_ONE_MI = 1 << 20


def _int32(number: int) -> int:
    """Go's conversion to ``int32``, which wraps."""
    return (number + 2**31) % 2**32 - 2**31


def _scan_quantity(text: str) -> tuple[bool, str, str, str, str] | None:
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
    return number if -(2**63) <= number <= _MAX_INT64 else None


def _nanos_float(digits: str, twos: int, tens: int, binary: bool) -> float:
    """``int(digits) * 2**twos * 10**tens``, rounded up to a nano as ``ParseQuantity`` rounds
    (``inf.RoundUp``) and, for a binary suffix, capped at the largest int64."""
    digits = digits.lstrip("0")
    if not digits:
        return 0.0
    if len(digits) + tens + twos // 3 > _FLOAT_DIGITS:
        return float(_MAX_INT64) if binary else math.inf
    if len(digits) + tens + twos // 3 < -10:  # below a nano
        return 1e-9
    if len(digits) > _FLOAT_DIGITS:  # a long numeral with as long a fraction: exact decimals
        from decimal import MAX_EMAX, MIN_EMIN, ROUND_UP, Decimal, localcontext

        with localcontext() as context:
            context.prec, context.Emax, context.Emin = len(digits) + 60, MAX_EMAX, MIN_EMIN
            amount = (Decimal(digits).scaleb(tens) * 2**twos).quantize(Decimal("1e-9"), rounding=ROUND_UP)
            return float(min(amount, Decimal(_MAX_INT64)) if binary else amount)
    shift = tens + 9
    scaled = int(digits) << twos
    power: int = 10 ** abs(shift)
    nanos = scaled * power if shift >= 0 else -(-scaled // power)
    if binary:
        nanos = min(nanos, _MAX_INT64 * 10**9)
    try:
        return nanos / 10**9
    except OverflowError:
        return math.inf


def _parse_quantity(text: str) -> tuple[float, str] | None:
    """The amount ``ParseQuantity`` reads from JSON text, and its suffix; None where it returns
    an error (ErrFormatWrong, ErrSuffix, ErrNumeric)."""
    text = text.strip(_JSON_BLANKS)
    if text == "0":
        return 0.0, ""
    parts = _scan_quantity(text) if text else None
    if parts is None:
        return None
    positive, value, num, denom, suffix = parts
    binary = suffix in _BINARY_SUFFIXES
    if binary:
        exponent = _BINARY_SUFFIXES[suffix]
    elif suffix in _DECIMAL_SUFFIXES:
        exponent = _DECIMAL_SUFFIXES[suffix]
    else:
        parsed = _go_int64(suffix[1:]) if len(suffix) > 1 and suffix[0] in "eE" else None
        if parsed is None:
            return None  # ErrSuffix
        exponent = _int32(parsed)
    # The int64 fast path: a numeral of few digits at a scale of at least a nano, exact.
    if binary:
        if not denom and 15 - len(num) - exponent * 3 // 10 - 1 >= 0:
            amount = _nanos_float(num, exponent, 0, binary)
        else:
            amount = None
    else:
        scale = _int32(exponent - len(denom))
        fast = 18 - len(num) - len(denom) >= 0 and scale >= -9
        amount = _nanos_float(num + denom, 0, scale, binary) if fast else None
    if amount is None:
        # inf.Dec.SetString(value), which needs a digit; its scale is the fraction's digits, to
        # which SetScale adds the suffix's exponent negated, both in int32.
        if not any(c in _DIGITS for c in value):
            return None  # ErrNumeric
        if binary:
            amount = _nanos_float(num + denom, exponent, -len(denom), binary)
        else:
            amount = _nanos_float(num + denom, 0, -_int32(len(denom) + _int32(-exponent)), binary)
    return (amount if positive or not amount else -amount), suffix


def quantity_value(value: object) -> float | None:
    """The amount a Kubernetes quantity stands for (``8Gi`` -> 8589934592.0), as the API server
    parses it (rounded up to a nano; ``n``, ``.`` and ``+`` are zero); None if it refuses it."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    if not isinstance(value, str):
        return None
    parsed = _parse_quantity(value)
    return None if parsed is None else parsed[0]


def _quantity(value: object, what: str, memory: str | None) -> FormatProblem | None:
    """Check a quantity; for ``memory`` (``request`` or ``limit``) also its unit."""
    amount = quantity_value(value)
    if amount is None:
        hint = ""
        text = value.strip() if isinstance(value, str) else ""
        if re.fullmatch(r"[0-9.]+\s*[KMGTPE][Bb]", text):
            number, unit = text[:-2].strip(), text[-2].upper()
            hint = f" (write {number}{unit}i or {number}{unit}, not {text[-2:]})"
        return FormatProblem(f"{shown(value)} is not a Kubernetes {what} quantity such as 500m, 2, 8Gi{hint}")
    if amount < 0:
        # ValidateResourceQuantityValue (requests and limits), and a claim's storage must be positive.
        return FormatProblem(f"{shown(value)} is negative: the API server refuses a negative {what} quantity")
    if memory is None or amount == 0:
        # Zero is zero in every unit; the kubelet sets no memory limit for 0 (kuberuntime
        # generateLinuxContainerResources), so a container starts.
        return None
    error = memory == "limit"
    parsed = _parse_quantity(value) if isinstance(value, str) else None
    suffix = parsed[1] if parsed else ""
    if suffix == "m" and isinstance(value, str):
        return FormatProblem(
            f"{value} means {amount:g} bytes (m is milli); write {value.strip(_JSON_BLANKS)[:-1]}Mi for mebibytes",
            error=error,
            rule="quantity-unit",
        )
    if not suffix and amount < _ONE_MI:
        consequence = "no container can start within it" if error else "the request reserves almost nothing"
        return FormatProblem(
            f"{shown(value)} has no unit, so it means {amount:g} bytes and {consequence}; "
            f"write {shown(value)}Gi or {shown(value)}Mi",
            error=error,
            rule="quantity-unit",
        )
    return None


_NAMES = {
    "dns-subdomain": (_SUBDOMAIN, 253, "object name", "lower-case letters, digits, '-' and '.'"),
    "dns-label": (_DNS_LABEL, 63, "namespace", "lower-case letters, digits and '-'"),
}
# The longest prefix the chart puts before a name suffix: determined-db-snapshot-<suffix>.
_SUFFIX_LIMIT = 253 - len("determined-db-snapshot-")


def _name(value: object, kind: str) -> FormatProblem | None:
    pattern, limit, what, chars = _NAMES[kind]
    if isinstance(value, str) and len(value) <= limit and re.fullmatch(pattern, value):
        return None
    return FormatProblem(
        f"{shown(value)} is not a valid Kubernetes {what}: at most {limit} {chars}, "
        "starting and ending with a letter or digit"
    )


def _cidr(value: object) -> FormatProblem | None:
    import ipaddress

    if isinstance(value, str) and "/" in value:
        try:
            ipaddress.ip_network(value, strict=False)
            return None
        except ValueError:
            pass
    return FormatProblem(f"{shown(value)} is not a CIDR range such as 10.0.0.0/8")


def _host(value: object) -> FormatProblem | None:
    if isinstance(value, str):
        if len(value.rstrip(".")) <= 253 and re.fullmatch(_HOSTNAME, value):
            return None
        import ipaddress  # only for what is not a host name: the import costs a millisecond

        try:
            ipaddress.ip_address(value)
            return None
        except ValueError:
            pass
    extra = " (the port is a separate value)" if isinstance(value, str) and re.search(r":\d+$", value) else ""
    return FormatProblem(f"{shown(value)} is not a host name or IP address{extra}")


def check_format(name: str, value: object) -> FormatProblem | None:
    """Check one of the walker's formats; None when the value conforms."""
    if name == "cpu":
        return _quantity(value, "CPU", None)
    if name in ("memory", "storage"):
        return _quantity(value, name, "request")
    if name == "memory-limit":
        return _quantity(value, "memory", "limit")
    if name in _NAMES:
        return _name(value, name)
    if name == "name-suffix":
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        if isinstance(text, str) and len(text) <= _SUFFIX_LIMIT and re.fullmatch(_SUFFIX, text):
            return None
        return FormatProblem(
            f"{shown(value)} cannot end a Kubernetes object name: use lower-case letters, digits, "
            "'-' and '.', ending with a letter or digit"
        )
    if name == "cidr":
        return _cidr(value)
    if name == "url":
        if isinstance(value, str) and re.fullmatch(_URL, value):
            return None
        return FormatProblem(f"{shown(value)} is not a URL with a scheme, such as https://host:port")
    if name == "host":
        return _host(value)
    return None


def shown(value: object) -> str:
    """A value as a message quotes it; long text cut, and URLs without what may be credentials."""
    if isinstance(value, str):
        from chartgen.secrets import shown_url

        if "@" in value or "?" in value or "#" in value:
            value = shown_url(value)
        if len(value) > 80:
            value = value[:60] + "..."
        if not value or value.strip() != value or ":" in value:
            import json  # only for a message that quotes

            return json.dumps(value)
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def spells_number(text: str, expected: Collection[str]) -> bool:
    """Whether a string spells a number of an expected JSON Schema type (``integer``, ``number``).

    The chart writes some values unquoted, where YAML reads such a string back as the number.
    """
    digits = text.strip().lstrip("+-")
    # Leading zeros are not a number every YAML reader agrees on (octal, a float, or text).
    if "integer" in expected and re.fullmatch(r"[+-]?(?:0|[1-9][0-9]*)", text.strip()):
        # Beyond int64 the master cannot hold it, whatever the chart writes.
        return len(digits) <= 18
    return (
        "number" in expected
        and re.fullmatch(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", text.strip())
        is not None
    )
