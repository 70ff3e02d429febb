"""The grammars of chartgen.kubeapi.syntax, on cases read from the Go code they follow
(apimachinery/pkg/util/validation, api/resource/quantity.go, k8s.io/utils/net)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from chartgen.kubeapi import syntax as s


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("10.0.0.0/8", True),
        ("010.0.0.0/8", True),  # the sloppy parser takes leading zeros
        ("10.0.0.0/255.0.0.0", False),  # a mask is a prefix length, never dotted
        ("10.0.0.0", False),
        ("10.0.0.0/33", False),
        ("::/0", True),
        ("2001:db8::/129", False),
        ("2001:db8::/64", True),
        ("::ffff:10.0.0.1/128", True),
        ("10.0.0.256/8", False),
        ("10.0.0.0/08", True),
        ("10.0.0.0/", False),
    ],
)
def test_parse_cidr(text: str, ok: bool) -> None:
    assert s.parse_cidr(text) is ok


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
        # parseQuantityString reads no digits as 0: Go takes a bare suffix.
        ("Gi", Fraction(0)),
    ],
)
def test_quantity(text: str, amount: Fraction) -> None:
    """Amounts come back in nano-units, exact."""
    assert s.parse_quantity(text) == amount * 10**9


@pytest.mark.parametrize(
    ("text", "nano"),
    [
        ("1e99999999", Decimal("1e100000008")),  # no power of ten is computed
        ("-2e70", Decimal("-2e79")),
        ("1e-99999999", 1),  # below a nano: one, rounded up
        ("-1e-99", -1),
        ("123456789e-80", 1),
        ("1Ei", 2**60 * 10**9),
        ("16Ei", (2**63 - 1) * 10**9),  # binary amounts are capped at int64
    ],
)
def test_quantities_of_any_exponent_answer_at_once(text: str, nano: int | Decimal) -> None:
    assert s.parse_quantity(text) == nano


@pytest.mark.parametrize("text", ["", "1 Gi", "1GB", "1Gi1", "1e", "abc", "1.2.3", "1mi"])
def test_not_a_quantity(text: str) -> None:
    with pytest.raises(ValueError, match="quantit"):
        s.parse_quantity(text)


def test_quantity_text_is_what_json_carries() -> None:
    assert s.quantity_text(2) == "2"
    assert s.quantity_text(0.5) == "0.5"
    assert s.quantity_text(" 1Gi ") == "1Gi"
    assert s.quantity_text(True) == "true"


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("http", True),
        ("a" * 15, True),
        ("a" * 16, False),
        ("80", False),
        ("my--port", False),
        ("-web", False),
        ("Web", False),
    ],
)
def test_port_names(name: str, ok: bool) -> None:
    assert (s.is_valid_port_name(name) == []) is ok


def test_names() -> None:
    assert s.is_dns1123_label("a" * 63) == []
    assert s.is_dns1123_label("a" * 64) == ["must be no more than 63 characters"]
    assert s.is_dns1123_label("a.b") == ["must not contain dots"]
    assert s.is_dns1035_label("1abc") != []
    assert s.is_dns1123_subdomain("1abc.example.com") == []
    assert s.is_qualified_name("example.com/Name_1") == []
    assert s.is_qualified_name("a/b/c") != []
    assert s.is_qualified_name("/x") == ["prefix part must be non-empty"]
    assert s.is_valid_label_value("") == []
    assert s.is_valid_label_value("x" * 64) == ["must be no more than 63 characters"]
    assert s.is_env_var_name("1X") != [] and s.is_env_var_name("my.env-name") == []
    assert s.is_env_var_name("..x") == ["must not start with '..'"]
    # A generateName's trailing dash: Go replaces the last two bytes with "a".
    assert s.name_is_dns_subdomain("task-", prefix=True) == []
