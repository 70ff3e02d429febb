"""Kubernetes resource quantities (``30Gi``, ``500M``, ``1.5e3``) as exact numbers, to order sizes."""

from __future__ import annotations

import re
from fractions import Fraction

_SUFFIX: dict[str, Fraction | int] = {
    "": 1, "k": 10**3, "M": 10**6, "G": 10**9, "T": 10**12, "P": 10**15, "E": 10**18,
    "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50, "Ei": 2**60,
    "m": Fraction(1, 1000), "u": Fraction(1, 10**6), "n": Fraction(1, 10**9),
}  # fmt: skip
_QUANTITY = re.compile(
    r"^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:([eE][+-]?\d{1,3})|(Ki|Mi|Gi|Ti|Pi|Ei|[kMGTPEmun])?)$"
)


def parse_quantity(value: object) -> Fraction | None:
    """The quantity's value, or ``None`` when the API server would not read it as one."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    match = _QUANTITY.match(str(value).strip())
    if match is None:
        return None
    number, exponent, suffix = match.groups()
    amount = Fraction(number)
    if exponent:
        return amount * Fraction(10) ** int(exponent[1:])
    return amount * _SUFFIX[suffix or ""]
