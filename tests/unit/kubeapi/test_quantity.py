"""chartgen.kubeapi.quantity on cases read from apimachinery's quantity.go; the whole recorded
oracle is replayed by tests/oracles/test_quantities.py."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from chartgen.kubeapi.quantity import (
    NUMERIC_ERROR,
    QUANTITY_FORMAT,
    SUFFIX_ERROR,
    parse_quantity,
    quantity_text,
    read_quantity,
)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("1", Fraction(1)),
        ("500m", Fraction(1, 2)),
        ("1Gi", Fraction(2**30)),
        ("1.5G", Fraction(1_500_000_000)),
        ("1e3", Fraction(1000)),
        ("1E-3", Fraction(1, 1000)),
        (".5", Fraction(1, 2)),
        ("5.", Fraction(5)),
        ("+1k", Fraction(1000)),
        ("-1", Fraction(-1)),
        ("0.1n", Fraction(1, 10**9)),  # rounded up to the nano
        ("000", Fraction(0)),
        # parseQuantityString reads no digits as 0: Go takes a bare suffix on its int64 path.
        ("Gi", Fraction(0)),
        ("1e4294967299", Fraction(1000)),  # the exponent wraps round int32
    ],
)
def test_quantity(text: str, amount: Fraction) -> None:
    """Amounts come back in nano-units, exact."""
    assert parse_quantity(text) == amount * 10**9


@pytest.mark.parametrize(
    ("text", "nano"),
    [
        ("1e2147483647", Decimal("1e2147483656")),  # no power of ten is computed
        ("-2e70", -2 * 10**79),
        ("1e-99999999", 1),  # below a nano: one, rounded up
        ("-1e-99", -1),
        ("123456789e-80", 1),
        ("1Ei", 2**60 * 10**9),
        ("16Ei", (2**63 - 1) * 10**9),  # binary amounts are capped at int64
        ("1" * 5000 + "Ki", (2**63 - 1) * 10**9),
        ("0." + "1" * 5000, 111_111_112),
        ("-" + "1" * 500, Decimal("-" + "1" * 500 + "e9")),  # negated without rounding
    ],
)
def test_quantities_of_any_size_answer_at_once(text: str, nano: int | Decimal) -> None:
    assert parse_quantity(text) == nano


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", QUANTITY_FORMAT),
        ("1 Gi", QUANTITY_FORMAT),
        ("1.2.3", QUANTITY_FORMAT),
        ("abc", QUANTITY_FORMAT),
        ("1GB", QUANTITY_FORMAT),
        ("1Gi1", SUFFIX_ERROR),
        ("1e", SUFFIX_ERROR),
        ("1mi", SUFFIX_ERROR),
        ("Pi", NUMERIC_ERROR),  # no digit, and too large a suffix for the int64 path
    ],
)
def test_not_a_quantity(text: str, error: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_quantity(text)
    assert str(raised.value) == error


def test_quantity_text_is_what_json_carries() -> None:
    assert quantity_text(2) == "2"
    assert quantity_text(0.5) == "0.5"
    assert quantity_text(" 1Gi\xa0") == "1Gi"
    assert quantity_text("\t1Gi") == "\t1Gi"  # JSON escapes a tab, which TrimSpace then keeps
    assert quantity_text(True) == "true"
    assert quantity_text(float("inf")) == "inf"
    assert quantity_text(None) is None


def test_read_quantity_is_none_where_the_api_server_refuses() -> None:
    assert read_quantity(" 8Gi ") == 8 * 2**30 * 10**9
    assert read_quantity(1.5) == 1_500_000_000
    assert [read_quantity(v) for v in ("8GB", True, None, [1], float("nan"))] == [None] * 5
