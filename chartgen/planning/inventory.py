"""The cluster the planner reasons about: nodes with GPUs or allocatable CPU.

Three sources describe it: ``--nodes 4,4,8`` (GPUs per node), ``--cpu-allocatable
7.91,15.5`` (allocatable CPUs per node) and the chartgen-only ``cluster.nodes``
list in a values file. All three become a flat list of ``Node``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from chartgen.diagnostics import ChartgenError, Diagnostic, Path, dotted
from chartgen.hints import TYPE_CHECKING
from chartgen.kubeapi.quantity import read_quantity
from chartgen.records import record

if TYPE_CHECKING:
    from chartgen.values.load import LoadedValues

# Kubernetes documents 5000 nodes as the largest supported cluster; a larger
# count is a typo (``4x50000``) and would only make the planner slow.
MAX_NODES = 5000

RULE_ID = "plan-inventory"


class InventoryError(ValueError):
    """A node or CPU list the planner cannot read; the message says what to write."""


@record(frozen=True, slots=True)
class Node:
    name: str
    gpus: int = 0
    cpu_millis: int | None = None  # allocatable CPU, in millicores as the scheduler counts it
    pool: str | None = None


@record(frozen=True, slots=True)
class NodeGroup:
    """One entry of ``cluster.nodes``: ``count`` identical nodes, with where it is written."""

    name: str
    count: int
    gpus: int
    cpu_millis: int | None
    pool: str | None
    path: Path

    def node(self) -> Node:
        """One of the group's identical nodes, for sizing."""
        return Node(self.name, self.gpus, self.cpu_millis, self.pool)

    def node_names(self) -> list[str]:
        """``name`` for a single node, else ``name-1``..``name-count``."""
        return [self.name] if self.count == 1 else [f"{self.name}-{n}" for n in range(1, self.count + 1)]


class _Pooled(Protocol):
    @property
    def pool(self) -> str | None: ...


_P = TypeVar("_P", bound=_Pooled)


def cpu_millis(value: object) -> int:
    """A positive CPU quantity in millicores, read as the API server reads it; Kubernetes allows
    no finer precision."""
    nanos = read_quantity(value)
    shown = value if isinstance(value, str) else repr(value)
    if nanos is None:
        raise InventoryError(f"{value!r} is not a Kubernetes quantity such as 7910m or 15.5")
    if nanos <= 0:
        raise InventoryError(f"CPU {shown} must be more than 0")
    if not isinstance(nanos, int):  # more than 400 digits
        raise InventoryError(f"CPU {shown} is more than any node has")
    if nanos % 10**6:
        raise InventoryError(f"CPU {shown} is finer than Kubernetes' 1m (one millicore) precision")
    return nanos // 10**6


def format_cpu(millis: int) -> str:
    """Millicores the way people write CPUs: ``15``, ``7.91``."""
    whole, rest = divmod(millis, 1000)
    return str(whole) if not rest else f"{whole}.{rest:03d}".rstrip("0")


def cpu_number(millis: int) -> int | float:
    """Millicores as the number a values file would hold (``15``, ``7.91``)."""
    return millis // 1000 if millis % 1000 == 0 else millis / 1000


def expand_list(spec: str, flag: str, what: str, example: str) -> list[str]:
    """Split ``a,b,cxN`` into items, ``cxN`` standing for N copies of ``c``."""
    items: list[str] = []
    for raw in spec.split(","):
        entry = raw.strip()
        if not entry:
            raise InventoryError(f"{flag} {spec!r}: empty entry; write e.g. {example}")
        value, _, count = entry.rpartition("x") if "x" in entry else (entry, "", "1")
        value, count = value.strip(), count.strip()
        if not value:
            raise InventoryError(f"{flag} {spec!r}: {entry!r} is not a {what}; write e.g. {example}")
        if not (count.isascii() and count.isdigit()) or int(count) < 1:
            raise InventoryError(
                f"{flag} {spec!r}: {count!r} in {entry!r} is not a positive count; write e.g. {example}"
            )
        if len(items) + int(count) > MAX_NODES:
            raise InventoryError(f"{flag} {spec!r}: more than {MAX_NODES} entries")
        items.extend([value] * int(count))
    return items


def positive_ints(spec: str, flag: str, what: str, example: str) -> list[int]:
    """``--nodes`` and ``--jobs``: positive whole numbers with the ``NxCOUNT`` shorthand."""
    numbers: list[int] = []
    for item in expand_list(spec, flag, what, example):
        if not (item.isascii() and item.isdigit()) or int(item) < 1:
            raise InventoryError(f"{flag} {spec!r}: {item!r} is not a positive {what}; write e.g. {example}")
        numbers.append(int(item))
    return numbers


def gpu_nodes(spec: str) -> list[Node]:
    """``--nodes 4,4,8`` or ``--nodes 4x2,8``."""
    counts = positive_ints(spec, "nodes", "number of GPUs", "4,4,8 or 4x3")
    return [Node(f"node-{index}", gpus=gpus) for index, gpus in enumerate(counts, start=1)]


def cpu_nodes(spec: str) -> list[Node]:
    """``--cpu-allocatable 7.91,15.5`` or ``--cpu-allocatable 31x4``."""
    nodes = []
    items = expand_list(spec, "cpu_allocatable", "CPU count", "7.91,15.5 or 31x4")
    for index, item in enumerate(items, start=1):
        try:
            millis = cpu_millis(item)
        except InventoryError as exc:
            raise InventoryError(f"cpu_allocatable {spec!r}: {exc}") from None
        nodes.append(Node(f"node-{index}", cpu_millis=millis))
    return nodes


def pools(nodes: Sequence[Node]) -> list[str]:
    return sorted({node.pool for node in nodes if node.pool is not None})


def serving(nodes: Sequence[_P], pool: str) -> list[_P]:
    """The nodes (or node groups) a resource pool's pods can land on: its own, and those no pool claims."""
    return [node for node in nodes if node.pool in (None, pool)]


def _located(loaded: LoadedValues, path: Path, message: str) -> Diagnostic:
    return Diagnostic(RULE_ID, message, location=loaded.locate(path), path=path)


def _field(
    loaded: LoadedValues,
    problems: list[Diagnostic],
    path: Path,
    value: Any,
    check: Callable[[Any], Any],
) -> Any:
    try:
        return check(value)
    except InventoryError as exc:
        problems.append(_located(loaded, path, f"{dotted(path)}: {exc}"))
        return None


def _count(minimum: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InventoryError(f"{value!r} is not a whole number of at least {minimum}")
        return value

    return check


def _text(value: Any) -> str:
    if isinstance(value, bool):
        raise InventoryError(
            f"{str(value).lower()} is not a name: quote it (YAML reads y, n, on, off as booleans)"
        )
    if not isinstance(value, str) or not value:
        raise InventoryError(f"{value!r} is not a name")
    return value


def _default(value: Any, default: int) -> Any:
    return default if value is None else value


def values_groups(loaded: LoadedValues) -> list[NodeGroup] | None:
    """The node groups of ``cluster.nodes`` in the user's values, or None when there is none.

    A group without ``pool`` serves every pool, as the values model documents.
    Raises ``ChartgenError`` with a located diagnostic for every bad field.
    """
    problems: list[Diagnostic] = []
    groups = _read_groups(loaded, problems)
    if problems:
        raise ChartgenError(problems)
    return groups


def values_nodes(loaded: LoadedValues) -> list[Node] | None:
    """``cluster.nodes`` as nodes: each group becomes ``count`` nodes named by ``NodeGroup.node_names``.

    Raises ``ChartgenError`` with a located diagnostic for every bad field, and
    for node names that repeat once groups are expanded.
    """
    problems: list[Diagnostic] = []
    groups = _read_groups(loaded, problems)
    if groups is None:
        return None
    nodes: list[Node] = []
    seen: set[str] = set()
    for group in groups:
        if len(nodes) + group.count > MAX_NODES:
            problems.append(
                _located(loaded, (*group.path, "count"), f"cluster.nodes holds more than {MAX_NODES} nodes")
            )
            break
        names = group.node_names()
        if taken := sorted(seen.intersection(names)):
            path: Path = (*group.path, "name")
            problems.append(
                _located(loaded, path, f"{dotted(path)}: node {taken[0]} is named twice in cluster.nodes")
            )
            continue
        seen.update(names)
        nodes.extend(Node(name, group.gpus, group.cpu_millis, group.pool) for name in names)
    if problems:
        raise ChartgenError(sorted(problems, key=Diagnostic.sort_key))
    return nodes


def _read_groups(loaded: LoadedValues, problems: list[Diagnostic]) -> list[NodeGroup] | None:
    """The well-formed groups of ``cluster.nodes``; a problem for each bad field goes to ``problems``."""
    cluster = loaded.user.get("cluster")
    if cluster is None:
        return None

    def fail(path: Path, message: str) -> None:
        problems.append(_located(loaded, path, message))

    entries = cluster.get("nodes") if isinstance(cluster, dict) else None
    if not isinstance(cluster, dict) or not isinstance(entries, list):
        fail(
            ("cluster", "nodes"),
            "cluster.nodes must be a list of node groups {name, count, gpus, allocatableCpu}",
        )
        return []
    groups: list[NodeGroup] = []
    for index, group in enumerate(entries):
        base: Path = ("cluster", "nodes", index)
        if not isinstance(group, dict):
            fail(base, f"{dotted(base)} must be a node group {{name, count, gpus, allocatableCpu}}")
            continue
        missing = [key for key in ("name", "gpus") if group.get(key) is None]
        if missing:
            fail(base, f"{dotted(base)} needs {' and '.join(missing)} (gpus: 0 for CPU-only nodes)")
            continue
        name = _field(loaded, problems, (*base, "name"), group["name"], _text)
        count = _field(loaded, problems, (*base, "count"), _default(group.get("count"), 1), _count(1))
        gpus = _field(loaded, problems, (*base, "gpus"), group["gpus"], _count(0))
        pool = group.get("pool")
        if pool is not None:
            pool = _field(loaded, problems, (*base, "pool"), pool, _text)
        cpu = group.get("allocatableCpu")
        millis = None if cpu is None else _field(loaded, problems, (*base, "allocatableCpu"), cpu, cpu_millis)
        if None in (name, count, gpus) or (cpu is not None and millis is None):
            continue
        groups.append(NodeGroup(name, count, gpus, millis, pool, base))
    return groups
