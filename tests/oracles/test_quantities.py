"""chartgen's Kubernetes quantities against the API server's own code (recorded by
``tests/oracles/quantities.py``): ``chartgen.kubeapi.quantity``, the one parser the value
formats, the API-server rules, diff and the planner read quantities with, refuses what
``resource.ParseQuantity`` refuses, with its message, and reads the amount it reads, exactly;
and the formats take what the API server takes."""

from __future__ import annotations

import json
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Decimal, localcontext

import pytest

from chartgen.kubeapi.quantity import parse_quantity, quantity_text
from chartgen.quantities import check_format, quantity_value
from tests.oracles.quantities import RECORDS

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def test_the_record_holds_the_issues_spellings() -> None:
    accepted = {row["text"] for row in ROWS if row["accepted"]}
    refused = {row["text"] for row in ROWS if row["accepted"] is False}
    assert len(ROWS) >= 2000
    assert {"n", "m", "Ki", "e3", ".", "+", "-n", "1.", "1.G", "E-3", " 1", "\xa01"} <= accepted
    assert {"x", "1x", "", "-1", "8GB", "1e", "Pi", "e-10", "\t1", "١"} <= refused


def _format_accepts(name: str, text: str) -> bool:
    """No ``invalid-format`` problem (``quantity-unit`` is about what a memory amount means)."""
    problem = check_format(name, text)
    return problem is None or problem.rule != "invalid-format"


def test_formats_accept_what_the_api_server_accepts() -> None:
    """One list of disagreements over the whole record, per format."""
    wrong = []
    for row in ROWS:
        text = row["text"]
        if row["accepted"] is not None and _format_accepts("cpu", text) != row["accepted"]:
            wrong.append(("cpu", text, row["error"]))
        for name in ("memory", "memory-limit"):
            if row["memory_accepted"] is not None and _format_accepts(name, text) != row["memory_accepted"]:
                wrong.append((name, text, row["memory_error"]))
        if row["storage_accepted"] is not None:
            # A claim of zero is refused ("must be greater than zero"), which api-resources
            # reports where the chart renders a claim; the format takes zero.
            expected = row["storage_accepted"] or quantity_value(text) == 0
            if _format_accepts("storage", text) != expected:
                wrong.append(("storage", text, row["storage_error"]))
    assert not wrong


def _nanos(value: str) -> Decimal:
    """A recorded amount in nano-units, every digit kept."""
    with localcontext() as context:
        context.prec, context.Emax, context.Emin = MAX_PREC, MAX_EMAX, MIN_EMIN
        return Decimal(value).scaleb(9)


def test_the_parser_reads_what_parse_quantity_reads() -> None:
    """Every text of the record, as ``Quantity.UnmarshalJSON`` reads its JSON text: refused with
    the API server's message, or its amount to the last digit."""
    wrong = []
    for row in ROWS:
        text = quantity_text(row["text"])
        assert text is not None
        try:
            found: object = parse_quantity(text)
        except ValueError as exc:
            found = str(exc)
        expected = _nanos(row["value"]) if row["parsed"] else row["error"]
        if found != expected:
            wrong.append((row["text"], row["value"] or row["error"], found))
    assert not wrong


def test_quantity_value_is_the_amount_as_a_float() -> None:
    wrong = []
    for row in ROWS:
        found = quantity_value(row["text"])
        if found != (float(Decimal(row["value"])) if row["parsed"] else None):
            wrong.append((row["text"], row["value"], found))
    assert not wrong


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("-1", "-1 is negative: the API server refuses a negative CPU quantity"),
        ("1x", "1x is not a Kubernetes CPU quantity such as 500m, 2, 8Gi"),
    ],
)
def test_messages(text: str, error: str) -> None:
    problem = check_format("cpu", text)
    assert problem is not None and problem.message == error
