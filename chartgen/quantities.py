"""Kubernetes quantities, object names, CIDRs, URLs and hosts: the value formats both the typed
model and ``lint`` check, kept below both so each reaches the same verdict without importing
the other.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection

from chartgen.hints import TYPE_CHECKING
from chartgen.kubeapi.quantity import quantity_text, read_quantity, split_quantity
from chartgen.records import record

if TYPE_CHECKING:
    from decimal import Decimal


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

#: A mebibyte in nano-units, the unit ``kubeapi.quantity`` counts in.
_ONE_MI = 2**20 * 10**9


def _float(nanos: int | Decimal) -> float:
    """An amount in nano-units as a float: infinite beyond a float (a ``Decimal`` always is)."""
    if isinstance(nanos, int):
        try:
            return nanos / 10**9
        except OverflowError:
            pass
    return math.inf if nanos > 0 else -math.inf


def quantity_value(value: object) -> float | None:
    """The amount a Kubernetes quantity stands for (``8Gi`` -> 8589934592.0), as the API server
    parses it (rounded up to a nano; ``n``, ``.`` and ``+`` are zero); None if it refuses it."""
    nanos = read_quantity(value)
    return None if nanos is None else _float(nanos)


def _quantity(value: object, what: str, memory: str | None) -> FormatProblem | None:
    """Check a quantity; for ``memory`` (``request`` or ``limit``) also its unit."""
    nanos = read_quantity(value)
    if nanos is None:
        hint = ""
        text = value.strip() if isinstance(value, str) else ""
        if re.fullmatch(r"[0-9.]+\s*[KMGTPE][Bb]", text):
            number, unit = text[:-2].strip(), text[-2].upper()
            hint = f" (write {number}{unit}i or {number}{unit}, not {text[-2:]})"
        return FormatProblem(f"{shown(value)} is not a Kubernetes {what} quantity such as 500m, 2, 8Gi{hint}")
    if nanos < 0:
        # ValidateResourceQuantityValue (requests and limits), and a claim's storage must be positive.
        return FormatProblem(f"{shown(value)} is negative: the API server refuses a negative {what} quantity")
    if memory is None or nanos == 0:
        # Zero is zero in every unit; the kubelet sets no memory limit for 0 (kuberuntime
        # generateLinuxContainerResources), so a container starts.
        return None
    error = memory == "limit"
    # The suffix as written: a number's JSON text (1e-05) has none.
    written = quantity_text(value) if isinstance(value, str) else None
    parts = split_quantity(written) if written else None
    suffix = parts[4] if parts else ""
    if suffix == "m" and written:
        return FormatProblem(
            f"{value} means {_float(nanos):g} bytes (m is milli); write {written[:-1]}Mi for mebibytes",
            error=error,
            rule="quantity-unit",
        )
    if not suffix and nanos < _ONE_MI:
        consequence = "no container can start within it" if error else "the request reserves almost nothing"
        return FormatProblem(
            f"{shown(value)} has no unit, so it means {_float(nanos):g} bytes and {consequence}; "
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
        from chartgen.redaction import shown_url

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
