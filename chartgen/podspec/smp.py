"""Kubernetes strategic merge patch, as ``kubectl patch --type strategic`` applies it to a Pod.

The rules are apimachinery's ``strategicpatch`` as vendored by kubectl 1.31, proven against the
real kubectl in tests/unit/podspec/test_smp_kubectl.py:

- Maps merge key by key; a ``null`` deletes the key. A value whose JSON type differs from the
  original's replaces it, cleaned of nulls and directives.
- A list whose field has patch strategy ``merge`` merges: items with a merge key (containers by
  ``name``, volumeMounts by ``mountPath``, ports by ``containerPort``) update the original item with
  the same key, others are added; primitive lists (finalizers) become the union. Every other list,
  and tolerations, is replaced whole.
- Directives: ``$patch: replace|delete`` on a map or a list item, ``$retainKeys``,
  ``$deleteFromPrimitiveList/<field>`` and ``$setElementOrder/<field>``.

Order of a merged list: items named by the patch keep the patch's order, the original's other
items keep theirs, and the two are interleaved: an original item goes before a patch item when
both are in the original and it came first there. So a new item at the head of the patch list
goes first, and an original item ahead of every patched one stays ahead. ``$setElementOrder``
takes the patch's place as the order of the items it names.

kubectl artefacts reproduced on purpose: items the patch adds to a keyed list are kept as written
(nulls and nested directives included); with ``$setElementOrder`` the original list is read back
through a Go slice that deletions and additions have overwritten (see ``_Backing``); and an empty
``$setElementOrder`` list leaves the order to Go's sort algorithm (see ``_go_stable_sort``).

Go walks a patch's keys in random order, so a ``$deleteFromPrimitiveList/<f>`` that removes an item
the same patch adds to ``<f>`` has no defined result in kubectl; here the patch's key order decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from chartgen.diagnostics import Path, dotted
from chartgen.hints import typing
from chartgen.podspec import patchkeys
from chartgen.records import field, record

DIRECTIVE = "$patch"
RETAIN_KEYS = "$retainKeys"
DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList"
SET_ELEMENT_ORDER = "$setElementOrder"


class PatchError(ValueError):
    """A patch kubectl rejects (or crashes on); ``path`` locates it inside the patch."""

    def __init__(self, reason: str, path: Path = ()) -> None:
        super().__init__(f"{dotted(path)}: {reason}" if path else reason)
        self.reason = reason
        self.path = path


@record(frozen=True, slots=True)
class PatchMeta:
    """A field's patch strategy and merge key; ``schema`` describes its value (a list's items)."""

    schema: Schema
    is_list: bool
    strategy: str
    merge_key: str


@record(frozen=True)
class Schema:
    """A place in the patched object: a struct type of a patch-key table, or ``map``/``scalar``.

    ``table`` defaults to the generated Pod table (see ``patchkeys``), read on first lookup.
    """

    type: str
    table: Mapping[str, typing.Any] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_table(cls, table: Mapping[str, typing.Any]) -> Schema:
        return cls(table["root"], table)

    def lookup(self, key: str, path: Path = ()) -> PatchMeta:
        """The patch metadata of ``key``; like Go's JSON decoder, a case-insensitive match counts."""
        table = self.table if self.table is not None else patchkeys.pod_table()
        fields = table["types"].get(self.type)
        if fields is None:
            raise PatchError(f"cannot merge objects inside a {self.type} value", path)
        spec = fields.get(key)
        if spec is None:
            folded = key.casefold()
            spec = next((v for k, v in fields.items() if k.casefold() == folded), None)
        if spec is None:
            raise PatchError(f"unable to find api field {key!r} in {self.type}", path)
        if isinstance(spec, str):
            return PatchMeta(Schema(spec, self.table), False, "", "")
        return PatchMeta(
            Schema(spec["type"], self.table),
            bool(spec.get("list")),
            _strategy(spec.get("strategy", ""), path),
            spec.get("mergeKey", ""),
        )

    def lookup_list(self, key: str, path: Path = ()) -> PatchMeta:
        found = self.lookup(key, path)
        if not found.is_list:
            raise PatchError(f"field {key!r} of {self.type} is not a list", path)
        return found


POD = Schema(patchkeys.ROOT)


def strategic_merge(
    original: Mapping[str, typing.Any], patch: Mapping[str, typing.Any], schema: Schema = POD
) -> dict[str, typing.Any]:
    """Apply ``patch`` to ``original`` (neither is modified); raise PatchError where kubectl fails."""
    doc, change = _plain(original, ()), _plain(patch, ())
    if not isinstance(doc, dict) or not isinstance(change, dict):
        raise PatchError("the original and the patch must both be maps")
    return _merge_map(doc, change, schema, ())


def _strategy(spec: str, path: Path) -> str:
    """The list/map strategy proper; ``retainKeys`` only matters when a patch is generated."""
    rest = [part for part in spec.split(",") if part and part != "retainKeys"]
    if len(rest) > 1:
        raise PatchError(f"unexpected patch strategy {spec!r}", path)
    return rest[0] if rest else ""


def _plain(value: typing.Any, path: Path) -> typing.Any:
    """A private JSON-shaped copy: the merge below works in place, as Go's does."""
    if isinstance(value, Mapping):
        out: dict[str, typing.Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise PatchError(f"map key {key!r} is not a string", path)
            out[key] = _plain(item, (*path, key))
        return out
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [_plain(item, (*path, i)) for i, item in enumerate(value)]
    if value is None or isinstance(value, str | bool | int | float):
        return value
    raise PatchError(f"{type(value).__name__} is not a JSON value", path)


def _token(value: typing.Any, path: Path) -> tuple[type, typing.Any]:
    """A hashable stand-in with Go's equality: 1, 1.0 and true are three different values."""
    if isinstance(value, dict | list):
        raise PatchError("maps and lists cannot be compared as list items or merge keys", path)
    return type(value), value


def _same(left: typing.Any, right: typing.Any, path: Path) -> bool:
    return _token(left, path) == _token(right, path)


def _merge_map(
    original: dict[str, typing.Any], patch: dict[str, typing.Any], schema: Schema, path: Path
) -> dict[str, typing.Any]:
    if DIRECTIVE in patch:
        directive = patch.pop(DIRECTIVE)
        if directive == "replace":
            return patch
        if directive == "delete":
            return {}
        raise PatchError(f"unknown patch type {directive!r}", (*path, DIRECTIVE))
    _retain_keys(original, patch, path)
    _set_element_orders(original, patch, schema, path)
    for key, value in list(patch.items()):
        deleting = key.startswith(DELETE_FROM_PRIMITIVE_LIST)
        if deleting:
            key = _directive_target(key, DELETE_FROM_PRIMITIVE_LIST, path)
        here = (*path, key)
        if value is None:
            original.pop(key, None)
        elif key not in original or type(original[key]) is not type(value):
            if not deleting:
                _take(original, key, value)
        elif isinstance(value, dict):
            found = schema.lookup(key, here)
            if found.strategy == "replace":
                original[key] = value
            else:
                original[key] = _merge_map(original[key], value, found.schema, here)
        elif isinstance(value, list):
            original[key] = _merge_list_field(
                original[key], value, schema.lookup_list(key, here), deleting, here
            )
        else:
            original[key] = value
    return original


def _take(original: dict[str, typing.Any], key: str, value: typing.Any) -> None:
    """Set a value the original lacks (or holds with another type), minus nulls and directives."""
    _discard_nulls(value)
    cleaned, keep = _remove_directives(value)
    if keep:
        original[key] = cleaned
    else:
        original.pop(key, None)


def _discard_nulls(value: typing.Any) -> None:
    if isinstance(value, dict):
        for key in [k for k, v in value.items() if v is None]:
            del value[key]
        for item in value.values():
            _discard_nulls(item)
    elif isinstance(value, list):
        for item in value:
            _discard_nulls(item)


def _remove_directives(value: typing.Any) -> tuple[typing.Any, bool]:
    """Drop every map that carries ``$patch``; the flag says whether ``value`` itself survives."""
    if isinstance(value, dict):
        if DIRECTIVE in value:
            return None, False
        for key, item in list(value.items()):
            cleaned, keep = _remove_directives(item)
            if keep:
                value[key] = cleaned
            else:
                del value[key]
        return value, True
    if isinstance(value, list):
        kept = [_remove_directives(item) for item in value]
        return [item for item, keep in kept if keep], True
    return value, True


def _directive_target(key: str, prefix: str, path: Path) -> str:
    head, sep, target = key.partition("/")
    if head != prefix or not sep:
        raise PatchError(f"invalid patch format of {prefix}: {key!r}", path)
    return target


def _retain_keys(original: dict[str, typing.Any], patch: dict[str, typing.Any], path: Path) -> None:
    """``$retainKeys``: clear the original's other keys; the patch may only set listed keys."""
    if RETAIN_KEYS not in patch:
        return
    listed = patch.pop(RETAIN_KEYS)
    here = (*path, RETAIN_KEYS)
    if not isinstance(listed, list):
        raise PatchError("invalid patch format of retainKeys: not a list", here)
    retained = {_token(name, here) for name in listed}
    for key, value in patch.items():
        if value is None or key.startswith((DELETE_FROM_PRIMITIVE_LIST, SET_ELEMENT_ORDER)):
            continue
        if (str, key) not in retained:
            raise PatchError(f"invalid patch format of retainKeys: {key!r} is set but not retained", here)
    for key in [k for k in original if (str, k) not in retained]:
        del original[key]


def _merge_list_field(
    original: list[typing.Any], patch: list[typing.Any], found: PatchMeta, deleting: bool, path: Path
) -> list[typing.Any]:
    if found.strategy == "merge" or deleting:
        return _merge_list(original, patch, found.schema, found.merge_key, deleting, path)
    return patch


def _merge_list(
    original: list[typing.Any],
    patch: list[typing.Any],
    schema: Schema,
    merge_key: str,
    deleting: bool,
    path: Path,
) -> list[typing.Any]:
    if not original and not patch:
        return original
    of_maps = _item_type(original, patch, path) is dict
    if not of_maps:
        if deleting:
            drop = {_token(item, path) for item in patch}
            return [item for item in original if _token(item, path) not in drop]
        merged = list({_token(item, path): item for item in [*original, *patch]}.values())
        server_order = original
    else:
        if not merge_key:
            raise PatchError(f"cannot merge lists of maps without a merge key ({schema.type} items)", path)
        backing, patch = _list_directives(original, patch, merge_key, path)
        server_order = backing.live()
        for i, item in enumerate(patch):
            here = (*path, i)
            if merge_key not in item:
                raise PatchError(f"map {item!r} does not contain declared merge key {merge_key!r}", here)
            at = _find(backing.live(), merge_key, item[merge_key], here)
            if at is None:
                backing.append(item)
            else:
                backing.array[at] = _merge_map(backing.array[at], item, schema, here)
        merged = backing.live()
    patched, server_only = _partition(merged, patch, merge_key, path)
    return _order(patched, server_only, patch, server_order, merge_key, of_maps, path)


class _Backing:
    """A Go slice of a list's array. Deleting shifts later items left and leaves stale copies at the
    end; appending then writes over those slots. kubectl's ``$setElementOrder`` code reads the
    original list through its old slice header afterwards, so it sees these writes."""

    def __init__(self, array: list[typing.Any]) -> None:
        self.array = array
        self.length = len(array)

    def live(self) -> list[typing.Any]:
        return self.array[: self.length]

    def delete_matching(self, key: str, value: typing.Any, path: Path) -> None:
        while (at := _find(self.live(), key, value, path)) is not None:
            self.array[at : self.length - 1] = self.array[at + 1 : self.length]
            self.length -= 1

    def append(self, item: typing.Any) -> None:
        if self.length < len(self.array):
            self.array[self.length] = item
        else:
            self.array.append(item)
        self.length += 1


def _list_directives(
    original: list[typing.Any], patch: list[typing.Any], merge_key: str, path: Path
) -> tuple[_Backing, list[typing.Any]]:
    """Apply the ``$patch`` items of a keyed list; return the list to merge into and the other items."""
    backing = _Backing(original)
    rest: list[typing.Any] = []
    replace = False
    for i, item in enumerate(patch):
        here = (*path, i)
        if DIRECTIVE not in item:
            rest.append(item)
        elif item[DIRECTIVE] == "delete":
            if merge_key not in item:
                raise PatchError(f"map {item!r} does not contain declared merge key {merge_key!r}", here)
            backing.delete_matching(merge_key, item[merge_key], here)
        elif item[DIRECTIVE] == "replace":
            replace = True
        elif item[DIRECTIVE] == "merge":
            raise PatchError("merging lists cannot yet be specified in the patch", here)
        else:
            raise PatchError(f"unknown patch type {item[DIRECTIVE]!r}", here)
    if replace:
        return _Backing(rest), []
    return backing, rest


def _item_type(original: list[typing.Any], patch: list[typing.Any], path: Path) -> type:
    """The one JSON type of all items of both lists; Go refuses mixed lists and lists of lists."""
    items = [*original, *patch]
    if not items:
        raise PatchError("no elements in any of the given lists", path)
    first = type(items[0])
    if first is list:
        raise PatchError("lists of lists are not supported", path)
    if items[0] is None:
        raise PatchError("null list items cannot be merged", path)
    if any(type(item) is not first for item in items):
        raise PatchError("list element types are not identical", path)
    return first


def _find(items: list[typing.Any], key: str, value: typing.Any, path: Path) -> int | None:
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise PatchError(f"list item {i} is not a map", path)
        if key in item and _same(item[key], value, path):
            return i
    return None


def _partition(
    merged: list[typing.Any], by: list[typing.Any], merge_key: str, path: Path
) -> tuple[list[typing.Any], list[typing.Any]]:
    """Split ``merged`` into the items ``by`` names and the rest, keeping order."""
    named: list[typing.Any] = []
    rest: list[typing.Any] = []
    if not merge_key:
        present = {_token(item, path) for item in by}
        for item in merged:
            (named if _token(item, path) in present else rest).append(item)
        return named, rest
    for item in merged:
        if not isinstance(item, dict):
            raise PatchError("expected a list of maps", path)
        if merge_key not in item:
            raise PatchError(f"map {item!r} does not contain declared merge key {merge_key!r}", path)
        (named if _find(by, merge_key, item[merge_key], path) is not None else rest).append(item)
    return named, rest


def _order(
    patched: list[typing.Any],
    server_only: list[typing.Any],
    patch_order: list[typing.Any],
    server_order: list[typing.Any],
    merge_key: str,
    of_maps: bool,
    path: Path,
) -> list[typing.Any]:
    """Sort each side by its own order, then interleave them by the original order."""
    if of_maps:
        for item in [*patched, *patch_order, *server_only, *server_order]:
            if not isinstance(item, dict) or merge_key not in item:
                raise PatchError(f"map {item!r} does not contain declared merge key {merge_key!r}", path)
    key = merge_key if of_maps else ""

    def position(order: list[typing.Any], item: typing.Any) -> int:
        return _index(order, item, key, path)

    def before_in(order: list[typing.Any]) -> Callable[[typing.Any, typing.Any], bool]:
        # Go's comparator: an item the order lacks counts as "less" either way round.
        def less(left: typing.Any, right: typing.Any) -> bool:
            i, j = position(order, left), position(order, right)
            return i < 0 or j < 0 or i < j

        return less

    patched = _go_stable_sort(patched, before_in(patch_order))
    server_only = _go_stable_sort(server_only, before_in(server_order))
    out: list[typing.Any] = []
    i = j = 0
    while i < len(server_only) and j < len(patched):
        left, right = position(server_order, server_only[i]), position(server_order, patched[j])
        if 0 <= left < right:
            out.append(server_only[i])
            i += 1
        else:
            out.append(patched[j])
            j += 1
    return out + server_only[i:] + patched[j:]


def _go_stable_sort(
    items: list[typing.Any], less: Callable[[typing.Any, typing.Any], bool]
) -> list[typing.Any]:
    """Go's ``sort.SliceStable``, step for step: insertion sort of 20-item blocks, then SymMerge.

    Any stable sort would do for a consistent order, but with an empty ``$setElementOrder`` list
    the comparator above is not one, and kubectl's result is whatever this algorithm makes of it.
    """
    data = list(items)
    size = len(data)

    def insertion_sort(a: int, b: int) -> None:
        for i in range(a + 1, b):
            j = i
            while j > a and less(data[j], data[j - 1]):
                data[j], data[j - 1] = data[j - 1], data[j]
                j -= 1

    def sym_merge(a: int, m: int, b: int) -> None:
        if m - a == 1:
            i, j = m, b
            while i < j:
                h = (i + j) // 2
                i, j = (h + 1, j) if less(data[h], data[a]) else (i, h)
            data[a:i] = [*data[a + 1 : i], data[a]]
            return
        if b - m == 1:
            i, j = a, m
            while i < j:
                h = (i + j) // 2
                i, j = (h + 1, j) if not less(data[m], data[h]) else (i, h)
            data[i : m + 1] = [data[m], *data[i:m]]
            return
        mid = (a + b) // 2
        n = mid + m
        start, r = (n - b, mid) if m > mid else (a, m)
        p = n - 1
        while start < r:
            c = (start + r) // 2
            start, r = (c + 1, r) if not less(data[p - c], data[c]) else (start, c)
        end = n - start
        if start < m < end:
            data[start:end] = [*data[m:end], *data[start:m]]
        if a < start < mid:
            sym_merge(a, start, mid)
        if mid < end < b:
            sym_merge(mid, end, b)

    block = 20
    for a in range(0, size, block):
        insertion_sort(a, min(a + block, size))
    while block < size:
        for a in range(0, size, 2 * block):
            if a + block < size:
                sym_merge(a, a + block, min(a + 2 * block, size))
        block *= 2
    return data


def _index(items: list[typing.Any], item: typing.Any, merge_key: str, path: Path) -> int:
    """Where ``item`` (or, for maps, its merge-key value) first appears in ``items``; -1 if absent."""

    def value(entry: typing.Any) -> typing.Any:
        if not merge_key:
            return entry
        return entry.get(merge_key) if isinstance(entry, dict) else None

    wanted = value(item)
    return next((i for i, entry in enumerate(items) if _same(value(entry), wanted, path)), -1)


def _set_element_orders(
    original: dict[str, typing.Any], patch: dict[str, typing.Any], schema: Schema, path: Path
) -> None:
    """``$setElementOrder/<field>``: merge ``<field>`` now and order it by the directive's list."""
    for directive in [k for k in patch if k.startswith(SET_ELEMENT_ORDER)]:
        order = patch.pop(directive)
        here = (*path, directive)
        if not isinstance(order, list):
            raise PatchError("invalid patch format of setElementOrder list: not a list", here)
        target = _directive_target(directive, SET_ELEMENT_ORDER, path)
        in_original, in_patch = target in original, target in patch
        before: list[typing.Any] = original[target] if in_original else []
        change: list[typing.Any] = patch[target] if in_patch else []
        if not isinstance(before, list) or not isinstance(change, list):
            raise PatchError(f"{target!r} is not a list", here)
        found = schema.lookup_list(target, here)
        _check_element_order(change, order, found.merge_key, here)
        length = len(before)
        if in_original and in_patch:
            merged = _merge_list_field(before, change, found, False, (*path, target))
        elif in_original:
            merged = before
        elif in_patch:
            merged = _remove_directives(change)[0]
        else:
            continue
        # Merging worked on ``before`` in place, so this is what Go's old slice header shows.
        server_order = before[:length]
        of_maps = _item_type(server_order, change, here) is dict
        patched, server_only = _partition(merged, order, found.merge_key, here)
        original[target] = _order(patched, server_only, order, server_order, found.merge_key, of_maps, here)
        patch.pop(target, None)


def _check_element_order(
    change: list[typing.Any], order: list[typing.Any], merge_key: str, path: Path
) -> None:
    """The patch's items must appear in ``order``, in the same relative order."""
    if not order or not change:
        return
    items = change
    if merge_key:
        for item in change:
            if not isinstance(item, dict):
                raise PatchError("expected a list of maps", path)
        items = [item for item in change if item.get(DIRECTIVE) != "delete"]
    i = j = 0
    while i < len(items) and j < len(order):
        if isinstance(items[i], dict) and DIRECTIVE in items[i]:
            i += 1
            continue
        if _key_equal(items[i], order[j], merge_key, path):
            i += 1
        j += 1
    if i < len(items):
        raise PatchError("the order in the patch list does not match the $setElementOrder list", path)


def _key_equal(left: typing.Any, right: typing.Any, merge_key: str, path: Path) -> bool:
    if not merge_key:
        return _same(left, right, path)
    for item in (left, right):
        if not isinstance(item, dict) or merge_key not in item:
            raise PatchError(f"map {item!r} does not contain declared merge key {merge_key!r}", path)
    return _same(left[merge_key], right[merge_key], path)
