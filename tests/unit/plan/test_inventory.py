"""Node lists and Kubernetes CPU quantities, from flags and from ``cluster.nodes``."""

from __future__ import annotations

import pytest

from chartgen.diagnostics import ChartgenError, Location
from chartgen.planning.inventory import (
    MAX_NODES,
    InventoryError,
    Node,
    cpu_millis,
    cpu_nodes,
    format_cpu,
    gpu_nodes,
    pools,
    serving,
    values_nodes,
)
from chartgen.values.load import LoadedValues, load_sources
from chartgen.yamlio import load_yaml


# Quantities as the API server reads them: m = 10^-3, k = 10^3, Ki = 2^10, eN = 10^N.
@pytest.mark.parametrize(
    ("text", "millis"),
    [
        ("7910m", 7910), ("15.5", 15500), ("31", 31000), (".5", 500), ("2.", 2000), ("1e3", 10**6),
        ("15E-1", 1500), ("1k", 10**6), ("1Ki", 1024000), ("+4", 4000), (4, 4000), (7.91, 7910),
        (" 8", 8000), ("1e30", 10**33),
    ],
)  # fmt: skip
def test_quantities_read_exactly(text: object, millis: int) -> None:
    assert cpu_millis(text) == millis


@pytest.mark.parametrize("text", ["", "abc", "1.2.3", "1e", "1 m", "1mi", "1KI", "١", True, None])
def test_malformed_quantities_are_refused(text: object) -> None:
    with pytest.raises(InventoryError, match="is not a Kubernetes quantity"):
        cpu_millis(text)


def test_cpu_is_counted_in_millicores() -> None:
    assert cpu_millis("7910m") == 7910
    assert cpu_millis(15.5) == 15500
    assert cpu_millis("0.001") == 1
    with pytest.raises(InventoryError, match="finer than Kubernetes' 1m"):
        cpu_millis("0.0005")
    with pytest.raises(InventoryError, match="must be more than 0"):
        cpu_millis("0m")
    with pytest.raises(InventoryError, match="must be more than 0"):
        cpu_millis("m")  # the API server reads a bare suffix as zero
    with pytest.raises(InventoryError, match="must be more than 0"):
        cpu_millis("-1")
    with pytest.raises(InventoryError, match="more than any node has"):
        cpu_millis("1e2147483647")


@pytest.mark.parametrize(("millis", "text"), [(15000, "15"), (7910, "7.91"), (7500, "7.5"), (1, "0.001")])
def test_cpu_prints_as_people_write_it(millis: int, text: str) -> None:
    assert format_cpu(millis) == text
    assert cpu_millis(text) == millis


def test_node_lists_take_the_times_shorthand() -> None:
    assert [n.gpus for n in gpu_nodes("4x3,8")] == [4, 4, 4, 8]
    assert [n.name for n in gpu_nodes("4x2")] == ["node-1", "node-2"]
    assert [n.cpu_millis for n in cpu_nodes("7.91, 31x2")] == [7910, 31000, 31000]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("4,x", "'x' is not a number of GPUs"),
        ("4,,8", "empty entry"),
        ("4x0", "'0' in '4x0' is not a positive count"),
        ("4x", "'' in '4x' is not a positive count"),
        ("0", "'0' is not a positive number of GPUs"),
        ("4.5", "'4.5' is not a positive number of GPUs"),
        ("²", "'²' is not a positive number of GPUs"),
        ("4x²", "'²' in '4x²' is not a positive count"),
        (f"1x{MAX_NODES + 1}", f"more than {MAX_NODES} entries"),
    ],
)
def test_bad_node_lists_say_what_to_write(spec: str, message: str) -> None:
    with pytest.raises(InventoryError) as caught:
        gpu_nodes(spec)
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"nodes {spec!r}")


def test_bad_cpu_lists_name_the_parameter() -> None:
    with pytest.raises(
        InventoryError, match=r"^cpu_allocatable '8,eight': 'eight' is not a Kubernetes quantity"
    ):
        cpu_nodes("8,eight")


def _loaded(text: str) -> LoadedValues:
    return load_sources([load_yaml(text, "v.yaml")])


def test_values_inventory_expands_groups() -> None:
    loaded = _loaded(
        "cluster:\n"
        "  nodes:\n"
        "    - {name: a100, count: 2, gpus: 8, allocatableCpu: 95500m, pool: big}\n"
        "    - {name: t4, count: null, gpus: 4, allocatableCpu: '31'}\n"
    )
    nodes = values_nodes(loaded)
    assert nodes == [
        Node("a100-1", 8, 95500, "big"),
        Node("a100-2", 8, 95500, "big"),
        Node("t4", 4, 31000, None),
    ]
    assert pools(nodes) == ["big"]
    assert [n.name for n in serving(nodes, "other")] == ["t4"]


def test_values_without_inventory_have_none() -> None:
    assert values_nodes(_loaded("maxSlotsPerPod: 4\n")) is None


def test_bad_inventory_fields_are_located() -> None:
    loaded = _loaded(
        "cluster:\n  nodes:\n    - {name: n, count: 0, gpus: -1, allocatableCpu: abc}\n    - 5\n    - {count: 2}\n"
    )
    with pytest.raises(ChartgenError) as caught:
        values_nodes(loaded)
    found = [(d.location, d.path[-1]) for d in caught.value.diagnostics]
    assert found == [
        (Location("v.yaml", 3, 14), "name"),  # YAML 1.1 reads a bare n as false
        (Location("v.yaml", 3, 24), "count"),
        (Location("v.yaml", 3, 33), "gpus"),
        (Location("v.yaml", 3, 53), "allocatableCpu"),
        (Location("v.yaml", 4, 7), 1),
        (Location("v.yaml", 5, 7), 2),
    ]
    assert (
        caught.value.diagnostics[-1].message
        == "cluster.nodes[2] needs name and gpus (gpus: 0 for CPU-only nodes)"
    )
    assert "quote it" in caught.value.diagnostics[0].message
    assert all(d.rule == "plan-inventory" for d in caught.value.diagnostics)


def test_node_names_must_be_unique_after_expansion() -> None:
    loaded = _loaded("cluster:\n  nodes:\n    - {name: a, count: 2, gpus: 4}\n    - {name: a-2, gpus: 8}\n")
    with pytest.raises(ChartgenError) as caught:
        values_nodes(loaded)
    (problem,) = caught.value.diagnostics
    assert problem.location == Location("v.yaml", 4, 14)
    assert problem.message == "cluster.nodes[1].name: node a-2 is named twice in cluster.nodes"
