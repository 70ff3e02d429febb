"""Fold the trees of every release into one, which ``chartgen.release_data.project`` unfolds again.

The releases' schemas and defaults are nine tenths the same; one tree stores the shared part
once. Where the releases differ, a table ``{(release, ...): value}`` stands in place of the
value (a release missing from it lacks the key), and a *spine* of the keys leading to those
tables lets the projection copy only the dicts on those paths, never walk the whole tree.
Keys keep each release's order: the folded dict holds them in an order every release's is a
subsequence of, or, where none exists, the whole dict is a table.
"""

from __future__ import annotations

from typing import Any

#: The spine: for each key leading to a table, the spine below it, or where the table is, None
#: or ``"{release}"`` (its text names the release so).
Spine = dict[str, Any]


def fold(trees: dict[str, Any]) -> tuple[Any, Spine]:
    """``trees`` (by release, in release order) as one tree and its spine; raises ``ValueError``
    unless projecting each release gives back its tree exactly, key order included."""
    from chartgen.release_data import project

    folded, spine = _fold_dicts(trees)
    for release, tree in trees.items():
        if repr(project(folded, spine, release)) != repr(tree):
            raise ValueError(f"folding the trees of every release loses {release}'s")
    return folded, spine


def _fold_dicts(values: dict[str, Any]) -> tuple[dict[str, Any], Spine]:
    """Dicts every release holds, folded key by key (their keys in an order all of them keep)."""
    order = _common_order([list(value) for value in reversed(values.values())])
    if order is None:
        raise ValueError("the releases order the same keys differently")
    folded: dict[str, Any] = {}
    spine: Spine = {}
    for key in order:
        held = {release: value[key] for release, value in values.items() if key in value}
        if len(held) == len(values) and len({repr(value) for value in held.values()}) == 1:
            folded[key] = next(iter(held.values()))
            continue
        if len(held) == len(values) and all(isinstance(value, dict) for value in held.values()):
            try:
                folded[key], spine[key] = _fold_dicts(held)
                continue
            except ValueError:
                pass
        folded[key], spine[key] = _table(held)
    return folded, spine


def _table(held: dict[str, Any]) -> tuple[dict[tuple[str, ...], Any], str | None]:
    """``{(release, ...): value}``: the releases holding each distinct value, in release order,
    and its spine leaf. Values that differ only in naming their own release are one, with
    ``{release}`` for the name (leaf ``"{release}"``); a release alone keeps its own text."""
    plain = _groups(held)
    named = _groups({release: _naming(value, release) for release, value in held.items()})
    if len(named) == len(plain):
        return {tuple(releases): value for releases, value in plain}, None
    return {
        tuple(releases): value if len(releases) > 1 else held[releases[0]] for releases, value in named
    }, "{release}"


def _groups(held: dict[str, Any]) -> list[tuple[list[str], Any]]:
    groups: dict[str, tuple[list[str], Any]] = {}
    for release, value in held.items():
        groups.setdefault(repr(value), ([], value))[0].append(release)
    return list(groups.values())


def _naming(value: Any, release: str) -> Any:
    """``value`` with ``{release}`` wherever its text names ``release`` (what ``release_data`` undoes)."""
    if isinstance(value, str):
        return value.replace(release, "{release}")
    if isinstance(value, dict):
        return {key: _naming(item, release) for key, item in value.items()}
    if isinstance(value, list):
        return [_naming(item, release) for item in value]
    return value


def _common_order(orders: list[list[str]]) -> list[str] | None:
    """The keys of every order, each after the key before it in the order that brings it; None
    when that breaks an order (two releases order the same keys differently)."""
    merged: list[str] = []
    for order in orders:
        for index, key in enumerate(order):
            if key in merged:
                continue
            before = next((k for k in reversed(order[:index]) if k in merged), None)
            merged.insert(0 if before is None else merged.index(before) + 1, key)
    for order in orders:
        present = set(order)
        if [key for key in merged if key in present] != order:
            return None
    return merged
