"""Value formats shared by the model and the schema walker: quantities, names, ranges, hosts."""

from __future__ import annotations

import pydantic
import pytest

from chartgen.quantities import check_format, quantity_value
from chartgen.values.model import parse_values


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("500m", 0.5), ("2", 2.0), (2, 2.0), (7.5, 7.5), ("8Gi", 8 * 2**30), ("1Ki", 1024.0),
        ("1M", 1e6), ("1.5G", 1.5e9), ("1e3", 1000.0), ("+4", 4.0), (".5", 0.5), ("100u", 1e-4),
        # As resource.ParseQuantity reads them (tests/oracles/test_quantities.py replays the API server).
        ("n", 0.0), ("Ki", 0.0), ("e3", 0.0), (".", 0.0), ("+", 0.0), ("-n", 0.0), ("1.", 1.0), ("1.G", 1e9),
        ("1E", 1e18), ("1E-3", 0.001), ("-1", -1.0), (-1, -1.0), (" 2 ", 2.0), ("1.0000000001", 1.000000001),
        ("1e-12", 1e-9), ("1" * 5000, float("inf")), ("1e4294967297", 10.0),
    ],
)  # fmt: skip
def test_quantities(text: object, amount: float) -> None:
    assert quantity_value(text) == pytest.approx(amount)


@pytest.mark.parametrize(
    "text", ["8GB", "2 cores", "1.2.3", "", True, None, "8gi", "x", "1x", "1e", "Pi", "e-10", "1e3e3", "\t1"]
)
def test_malformed_quantities(text: object) -> None:
    assert quantity_value(text) is None
    problem = check_format("memory", text)
    assert problem is not None and problem.error


@pytest.mark.parametrize("value", ["-1", -1, "-1Gi", "-.5"])
def test_negative_quantities(value: object) -> None:
    """ParseQuantity reads them; ValidateResourceQuantityValue refuses a negative request or limit."""
    for name in ("cpu", "memory", "memory-limit", "storage"):
        problem = check_format(name, value)
        assert problem is not None and problem.error and "negative" in problem.message


@pytest.mark.parametrize(
    ("name", "value", "error"),
    [
        ("memory", 2, False), ("memory", "2", False), ("memory", "512m", False), ("memory-limit", "512m", True),
        ("memory-limit", 64, True), ("storage", 10, False),
    ],
)  # fmt: skip
def test_memory_units(name: str, value: object, error: bool) -> None:
    problem = check_format(name, value)
    assert problem is not None and problem.rule == "quantity-unit" and problem.error is error


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("memory", "8Gi"), ("memory", 2**31), ("cpu", "250m"), ("cpu", 0.5), ("dns-subdomain", "db-ca.v1"),
        ("dns-label", "team-a"), ("name-suffix", "nightly-2"), ("name-suffix", 20240101), ("cidr", "10.0.0.0/8"),
        ("cidr", "fd00::/8"), ("url", "https://acct.blob.core.windows.net"), ("host", "10.20.30.40"),
        ("host", "db.example.com."), ("host", "::1"),
    ],
)  # fmt: skip
def test_well_formed(name: str, value: object) -> None:
    assert check_format(name, value) is None


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("dns-subdomain", "Fast_SSD"), ("dns-subdomain", "a" * 254), ("dns-label", "team.a"),
        ("dns-label", "a" * 64), ("name-suffix", "Nightly"), ("name-suffix", "x-"), ("cidr", "10.0.0.0"),
        ("cidr", "10.0.0.0/33"), ("url", "minio:9000"), ("host", "db:5432"), ("host", "under_score.example"),
    ],
)  # fmt: skip
def test_malformed(name: str, value: object) -> None:
    problem = check_format(name, value)
    assert problem is not None and problem.error and problem.rule == "invalid-format"


def test_the_typed_model_refuses_what_lint_calls_an_error() -> None:
    parse_values({"db": {"memRequest": "8Gi", "storageClassName": "ssd"}}, "0.38.1")
    with pytest.raises(pydantic.ValidationError, match="not a Kubernetes memory quantity"):
        parse_values({"db": {"memRequest": "8GB"}}, "0.38.1")
    with pytest.raises(pydantic.ValidationError, match="not a valid Kubernetes object name"):
        parse_values({"db": {"storageClassName": "Fast_SSD"}}, "0.38.1")
    with pytest.raises(pydantic.ValidationError):
        parse_values({"masterPort": 0}, "0.38.1")


def test_warnings_are_not_refusals_of_the_typed_model() -> None:
    assert parse_values({"db": {"memRequest": 2}}, "0.38.1").db is not None
