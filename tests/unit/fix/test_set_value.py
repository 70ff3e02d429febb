"""``chartgen.set_value``: installer tooling writes one value into a file people maintain, nothing else moves."""

from __future__ import annotations

import pytest

import chartgen

TEXT = "# cluster\nmaxSlotsPerPod: 4  # per node\n\nresourcePools:\n  - pool_name: a\n"


def test_an_existing_value_is_replaced_in_place_with_its_comment() -> None:
    assert chartgen.set_value(TEXT, ("maxSlotsPerPod",), 8) == TEXT.replace("4  #", "8  #")


def test_a_new_value_is_added_with_the_mappings_it_needs_and_quoted_as_needed() -> None:
    assert chartgen.set_value(TEXT, ("resourceManager", "defaultNamespace"), "det") == (
        TEXT + "resourceManager:\n  defaultNamespace: det\n"
    )
    assert chartgen.set_value(TEXT, ("clusterName",), "yes") == TEXT + "clusterName: 'yes'\n"
    assert chartgen.set_value("# nothing yet\n", ("maxSlotsPerPod",), 8) == "# nothing yet\nmaxSlotsPerPod: 8"


def test_what_cannot_be_written_in_place_is_refused() -> None:
    with pytest.raises(ValueError, match="in place"):
        chartgen.set_value("a: {b: 1}\n", ("a", "c"), 1)
    with pytest.raises(chartgen.ChartgenError):
        chartgen.set_value("a: [1\n", ("a",), 1)
