"""What a fix does to what the chart's consumers get, checked by rendering before and after.

A safe fix is applied without asking, so its rendered effect must be exactly what it says:

- the values change only where the fix works: the finding's key (its value retyped, trimmed,
  or the key removed) and, for a rename or a move, the one place its content goes to;
- where the chart writes a value the fix sets, the consumer reads that value back (quoting
  ``clusterName: NO`` makes the chart write ``cluster_name: NO``, which the master reads as
  false: the text the fix meant never arrives);
- what a key taken away did, if anything, is done just the same after the fix (a deprecated
  name is read as an alias of the name it becomes), or it was only the key's own text, passed
  on where nobody reads it (a pool's ``kubernetes_namespace``, written into master.yaml);
- upgrading from the values before to the values after loses no data and fails nothing
  (``chartgen diff``'s hazards);
- the key a value goes to takes it: lint finds no new error there of its type, format, values
  or reading (``resources: {resource_pool: a}``, an experiment's key, is no ``resourcePools``).

Which rendered fields carry a value is found by rendering once more with a marker in its place
(a unique text; a number or the other boolean where the value is one): a field that then holds
the marker is where the chart writes it. A fix that fails a check is not safe: ``fix`` offers it
for ``--unsafe-fixes``, with the reason. The fixes of one round are checked together, and
only when that fails one by one (halving the group), so a round costs a few renders whatever
its size. Reasons name keys and fields, and show a value only where nothing secret is near it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence

from chartgen.diagnostics import Path, dotted
from chartgen.hints import TYPE_CHECKING, typing

if TYPE_CHECKING:
    from chartgen.diffing.model import Hazard
    from chartgen.diffing.objects import KubeObject, ObjectId
    from chartgen.yamlio.edit import Fix

    #: A rendered leaf: its object, the file inside it (``master.yaml``; "" for the object's own
    #: fields) and its path there.
    Place = tuple[ObjectId, str, tuple[str | int, ...]]
    Table = dict[Place, typing.Any]

#: Booleans marked, one render each (every text and number shares one render).
MAX_MARKED = 24
#: What a fix that is checked with others and left for the next round carries as its reason.
DEFERRED = ""
#: Lint's errors that say a value does not fit its key: the type, format, values or range it
#: takes, or how its consumer reads it. One where a fix put a value means it was the wrong key.
UNFIT = frozenset(
    {"wrong-type", "invalid-format", "invalid-enum", "out-of-range", "unknown-key", "not-as-written",
     "written-bare", "float-exponent", "int-range"}
)  # fmt: skip
_CHECKSUM = ("spec", "template", "metadata", "annotations", "checksum/config")
_MASTER_YAML = "master.yaml"
_ABSENT = object()
_MARKER = re.compile(r"chartgenMark[0-9]+X")


def flat(node: typing.Any, path: Path = ()) -> dict[Path, typing.Any]:
    """Every leaf of values by path (an empty map or list, and a null, are leaves too)."""
    out: dict[Path, typing.Any] = {}
    stack: list[tuple[Path, typing.Any]] = [(path, node)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict) and value:
            stack.extend(((*where, key), item) for key, item in value.items())
        elif isinstance(value, list) and value:
            stack.extend(((*where, index), item) for index, item in enumerate(value))
        else:
            out[where] = value
    return out


def same(a: typing.Any, b: typing.Any) -> bool:
    """Equal with the same type (``True == 1`` in Python, not to a consumer)."""
    return type(a) is type(b) and bool(a == b)


def _under(path: Path, paths: Sequence[Path]) -> bool:
    return any(path[: len(q)] == q for q in paths)


def user_values(text: str, file: str) -> dict[str, typing.Any] | None:
    """The values ``text`` sets, as Helm reads them; None when it cannot be read."""
    from chartgen.diagnostics import ChartgenError
    from chartgen.values.load import from_text

    try:
        data = from_text(text, file).data
    except ChartgenError:
        return None
    return data if isinstance(data, dict) else None


def render_objects(
    user: Mapping[str, typing.Any],
    release: str,
    *,
    file: str = "values.yaml",
    is_upgrade: bool = False,
    name: str = "determined",
    namespace: str = "default",
) -> list[KubeObject] | None:
    """The objects chartgen renders for ``user`` over the chart's defaults; None when the chart
    refuses them or renders something that is not an object."""
    from chartgen.diffing.objects import parse_stream
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.values.load import load_sources
    from chartgen.yamlio.load import Loaded

    try:
        loaded = load_sources([Loaded(copy.deepcopy(dict(user)), file)], app_version=release)
        manifests = render(loaded.values, ReleaseInfo(name, namespace, release, is_upgrade))
    except Exception:  # the chart's own refusal (required, fail), or values it cannot take
        return None
    objects: list[KubeObject] = []
    for manifest in manifests:
        found, problems = parse_stream(manifest.text, manifest.template, namespace)
        if problems:
            return None
        objects.extend(found)
    return objects


def table(objects: Sequence[KubeObject]) -> Table:
    """Every leaf of the objects (hooks left out, as Helm's release does); a Secret's or a
    ConfigMap's YAML files setting by setting, as their consumer parses them."""
    from chartgen.diffing.fields import parse_settings, secret_content

    out: Table = {}
    for obj in objects:
        if obj.is_hook:
            continue
        body = dict(obj.body)
        files: dict[str, typing.Any] = {}
        if obj.id.kind == "Secret":
            files = dict(secret_content(body))
            body.pop("data", None)
            body.pop("stringData", None)
        elif obj.id.kind == "ConfigMap" and isinstance(body.get("data"), dict):
            files = dict(body.pop("data"))
        for name, content in files.items():
            parsed, data = False, None
            if isinstance(content, str) and name.endswith((".yaml", ".yml")):
                parsed, data = parse_settings(content)
            if parsed:
                for path, value in flat(data).items():
                    out[(obj.id, name, path)] = value
            else:
                out[(obj.id, name, ())] = content
        for path, value in flat(body).items():
            if path != _CHECKSUM:
                out[(obj.id, "", path)] = value
    return out


def changed(old: Table, new: Table) -> set[Place]:
    """The places whose value differs, or that only one side has."""
    return {
        place
        for place in old.keys() | new.keys()
        if not same(old.get(place, _ABSENT), new.get(place, _ABSENT))
    }


def shown_place(place: Place) -> str:
    from chartgen.diffing.fields import show_path

    ident, file, path = place
    inside = f"`{show_path(path)}`" if path else "the whole file"
    if file == _MASTER_YAML:
        return f"master.yaml's {inside}"
    if file:
        return f"{file}'s {inside} in {ident}"
    return f"{inside} of {ident}"


def _secret(path: Path, place: Place, value: typing.Any) -> bool:
    """Whether a value here must not be shown: its values key, or its rendered field, says secret."""
    from chartgen.diffing.fields import is_secret
    from chartgen.redaction import looks_secret

    if any(looks_secret(part) for part in path):
        return True
    ident, file, inside = place
    if ident.kind == "Secret" and file != _MASTER_YAML:
        return True
    return is_secret(inside, value)


def _shown(value: typing.Any) -> str:
    from chartgen.diffing.fields import redact
    from chartgen.yamlio.emit import scalar

    if value is _ABSENT:
        return "nothing"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {scalar(redact(value))}"
    return "another value"


def _set_at(user: dict[str, typing.Any], path: Path, value: typing.Any) -> None:
    node: typing.Any = user
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


def without(user: Mapping[str, typing.Any], *paths: Path) -> dict[str, typing.Any]:
    """A copy of ``user`` without the keys at ``paths``."""
    out = copy.deepcopy(dict(user))
    for path in paths:
        node: typing.Any = out
        for part in path[:-1]:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node.pop(path[-1], None)
    return out


def marks(
    user: dict[str, typing.Any], paths: Sequence[Path], base: Table, release: str, file: str
) -> dict[Path, tuple[typing.Any, dict[Place, typing.Any]]]:
    """For each leaf at ``paths`` of ``user``: the marker put in its place, and each place of the
    render that then holds it, with what it holds. Texts and numbers are marked in one render,
    each with a marker of its own; a boolean in one render each (there are only two), where
    ``base`` (the render of ``user``) has the place too, holding the other one."""
    leaves = flat(user)
    shared: dict[Path, typing.Any] = {}
    for index, p in enumerate(paths):
        value = leaves.get(p)
        if isinstance(value, str) and value:
            # ``chartgenMark1X`` is no part of ``chartgenMark11X``: the final ``X`` ends each; in mixed
            # case, it is not found where the chart changes its case (lower): no field holds it as written.
            shared[p] = f"chartgenMark{index}X"
        elif isinstance(value, int) and not isinstance(value, bool):
            shared[p] = 987_000 + index  # below a million: Helm prints a larger one as a float
    flags = [p for p in paths if isinstance(leaves.get(p), bool)][:MAX_MARKED]
    out: dict[Path, tuple[typing.Any, dict[Place, typing.Any]]] = {}
    for group in ([shared] if shared else []) + [{p: not leaves[p]} for p in flags]:
        marked = copy.deepcopy(user)
        for p, marker in group.items():
            _set_at(marked, p, marker)
        objects = render_objects(marked, release, file=file)
        found = table(objects) if objects is not None else {}
        held_by: dict[typing.Any, dict[Place, typing.Any]] = {}
        for place, held in found.items():
            if isinstance(held, str) and "chartgenMark" in held:
                for marker in set(_MARKER.findall(held)):
                    held_by.setdefault(marker, {})[place] = held
            elif isinstance(held, bool | int) and place in base and not same(base[place], held):
                held_by.setdefault((type(held), held), {})[place] = held
        for p, marker in group.items():
            out[p] = (marker, held_by.get(marker if isinstance(marker, str) else (type(marker), marker), {}))
    return out


def moved_beyond(
    old: dict[Path, typing.Any], new: dict[Path, typing.Any], paths: Sequence[Path]
) -> str | None:
    """Why the values changed beyond ``paths`` (the keys fixed) and, for each, the one place its
    content went to (a rename or a move); None when they did not."""
    changes = [p for p in old.keys() | new.keys() if not same(old.get(p, _ABSENT), new.get(p, _ABSENT))]
    outside = [p for p in changes if not _under(p, paths)]
    if not outside:
        return None
    gone: dict[Path, list[tuple[Path, typing.Any]]] = {}  # by the path inside the key moved
    for q in paths:
        for p in changes:
            if p[: len(q)] == q and p in old and p not in new:
                gone.setdefault(p[len(q) :], []).append((q, old[p]))
    targets: dict[Path, set[Path]] = {}
    for p in sorted((p for p in outside if p in new and old.get(p) in (None, {}, [])), key=dotted):
        fits = {
            (q, p[:cut])
            for cut in range(len(p) + 1)
            for q, value in gone.get(p[cut:], ())
            if same(value, new[p])
        }
        if len(fits) > 1:  # two keys moved with the same value: the one nearest is the source
            nearest = max(_common(q, p) for q, _ in fits)
            fits = {(q, target) for q, target in fits if _common(q, p) == nearest}
        if len(fits) != 1:
            return f"it also sets `{dotted(p)}`"
        ((q, target),) = fits
        targets.setdefault(q, set()).add(target)
    if any(len(found) > 1 for found in targets.values()):
        return "it moves one key to two places"
    into = [target for found in targets.values() for target in found]
    for p in sorted(outside, key=dotted):
        if p in new and _under(p, into):
            if p in old and old[p] not in (None, {}, []):
                return f"it also changes `{dotted(p)}`, which was set"
            continue
        if p not in new and any(target[: len(p)] == p for target in into) and old[p] in (None, {}, []):
            continue  # an empty map or null that a moved key now fills
        return f"it also changes `{dotted(p)}`"
    return None


def _common(a: Path, b: Path) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


class EffectCheck:
    """Checks fixes of one text against it: what the text renders is worked out once."""

    def __init__(self, text: str, file: str, release: str) -> None:
        self.text, self.file, self.release = text, file, release
        self.user = user_values(text, file)
        self._rendered = False
        self._before: tuple[list[KubeObject], Table] | None = None
        self._errors: set[tuple[str, Path]] | None = None

    @property
    def before(self) -> tuple[list[KubeObject], Table] | None:
        """What the text renders, and its table; None when the chart refuses it."""
        if not self._rendered:
            self._rendered = True
            objects = None if self.user is None else render_objects(self.user, self.release, file=self.file)
            self._before = None if objects is None else (objects, table(objects))
        return self._before

    def judge(self, fixes: Sequence[Fix]) -> list[str | None]:
        """For each fix, why it is not safe (``DEFERRED``: checked again next round), or None."""
        from chartgen.yamlio.edit import Edit

        verdicts: list[str | None] = [None] * len(fixes)
        group: list[int] = []
        edits: list[Edit] = []
        for index, fix in enumerate(fixes):
            if any(new.overlaps(old) for new in fix.edits for old in edits):
                verdicts[index] = self._one(fix)
            else:
                group.append(index)
                edits.extend(fix.edits)
        self._halve([fixes[i] for i in group], group, verdicts)
        return verdicts

    def _one(self, fix: Fix) -> str | None:
        from chartgen.yamlio.edit import apply

        return self.unintended(apply(self.text, list(fix.edits)), [fix.path])

    def _halve(self, fixes: list[Fix], where: list[int], verdicts: list[str | None]) -> bool:
        """Check ``fixes`` together, then halves of a group that fails; whether all are safe."""
        from chartgen.yamlio.edit import apply

        if not fixes:
            return True
        if len(fixes) == 1:
            verdicts[where[0]] = self._one(fixes[0])
            return verdicts[where[0]] is None
        edits = [edit for fix in fixes for edit in fix.edits]
        if self.unintended(apply(self.text, edits), [fix.path for fix in fixes]) is None:
            return True
        half = len(fixes) // 2
        first = self._halve(fixes[:half], where[:half], verdicts)
        second = self._halve(fixes[half:], where[half:], verdicts)
        if first and second:
            # Each half is safe but not both together: the second waits for the next round.
            for index in where[half:]:
                verdicts[index] = DEFERRED
        return False

    def unintended(self, after: str, paths: Sequence[Path]) -> str | None:
        """Why the fixes that made ``after`` from the text, at ``paths`` (the keys they work on),
        do more to what the consumers get than they say; None when their effect is exactly that."""
        if self.user is None:
            return None  # nothing read before, nothing to compare: lint says what is wrong
        new_user = user_values(after, self.file)
        if new_user is None:
            return "the file no longer loads"
        old_leaves, new_leaves = flat(self.user), flat(new_user)
        why = moved_beyond(old_leaves, new_leaves, paths)
        if why is not None:
            return why
        new_objects = render_objects(new_user, self.release, file=self.file)
        if new_objects is None:
            return None if self.before is None else "the chart no longer renders"
        new_table = table(new_objects)
        set_here = [
            p
            for p in sorted(new_leaves, key=dotted)
            if _under(p, paths) or not same(old_leaves.get(p, _ABSENT), new_leaves[p])
        ]
        why = _misread(new_leaves, marks(new_user, set_here, new_table, self.release, self.file), new_table)
        if why is not None:
            return why
        if self.before is not None:
            old_objects, old_table = self.before
            hazard = _hazard(old_objects, new_objects)
            if hazard is not None:
                return f"the next helm upgrade: {hazard.message}"
            taken = [q for q in paths if not any(p[: len(q)] == q for p in new_leaves)]
            why = self._took_effect(taken, old_leaves, old_table, new_table)
            if why is not None:
                return why
        return self._unfit(after, paths, set_here)

    def _unfit(self, after: str, paths: Sequence[Path], set_here: list[Path]) -> str | None:
        """A value the fixes set or moved that its key does not take (``resources: {…}`` renamed
        ``resourcePools``, which is a list): an error lint finds there after, and not before."""
        from chartgen.fixing.engine import lint_text

        if self._errors is None:
            found = lint_text(self.text, self.file, self.release)
            self._errors = {(d.rule, d.path) for d in found if d.is_error}
        for diagnostic in lint_text(after, self.file, self.release):
            where = diagnostic.path
            if (
                not diagnostic.is_error
                or diagnostic.rule not in UNFIT
                or (diagnostic.rule, where) in self._errors
                or not where
            ):
                continue
            if _under(where, paths) or any(p[: len(where)] == where for p in set_here):
                return f"then {diagnostic.message}"
        return None

    def _took_effect(
        self, taken: list[Path], leaves: dict[Path, typing.Any], before: Table, after: Table
    ) -> str | None:
        """Why taking the keys at ``taken`` away changes more than their own text where the
        chart passes it on, where the fixed values do not do the same."""
        assert self.user is not None
        if not taken:
            return None
        objects = render_objects(without(self.user, *taken), self.release, file=self.file)
        if objects is None:
            shown = ", ".join(f"`{dotted(q)}`" for q in taken)
            return f"the chart reads {shown} as written: without it, it refuses the values"
        differ = {
            place
            for place in changed(before, table(objects))
            if not same(before.get(place, _ABSENT), after.get(place, _ABSENT))
        }
        if not differ:
            return None
        # The key's own text may go where the chart copies its section as written (a pool's
        # kubernetes_namespace into master.yaml's resource_pools), under its own name: whether
        # its reader heeds it there is the finding's to say. A setting the chart writes under
        # another name (clusterName as cluster_name) is one its reader takes.
        own: set[Place] = set()
        removed = [p for p in leaves if _under(p, taken)]
        for p, (_, places) in marks(self.user, removed, before, self.release, self.file).items():
            named = [part for part in p if isinstance(part, str)]
            own.update(place for place in places if named and place[2][-1:] == (named[-1],))
        left = sorted(differ - own, key=shown_place)
        if not left:
            return None
        shown = ", ".join(f"`{dotted(q)}`" for q in taken)
        return f"the chart reads {shown} as written: without it, {shown_place(left[0])} changes"


def _misread(
    leaves: dict[Path, typing.Any],
    marked: dict[Path, tuple[typing.Any, dict[Place, typing.Any]]],
    actual: Table,
) -> str | None:
    """Why a consumer does not read a value the fix set, where the chart writes it."""
    from chartgen.yamlio.resolve import go_string

    for path, (marker, places) in sorted(marked.items(), key=lambda item: dotted(item[0])):
        value = leaves[path]
        for place, held in sorted(places.items(), key=lambda item: shown_place(item[0])):
            got = actual.get(place, _ABSENT)
            ident, file, _ = place
            if got is _ABSENT:
                if file and (ident, file, ()) in actual:
                    return f"{file} of {ident} no longer parses"
                continue  # the chart writes the marker there, and not this value: another branch
            if isinstance(marker, str) and held != marker:
                wanted: typing.Any = held.replace(marker, value)
                ok = isinstance(got, str) and got.rstrip("\n") == wanted.rstrip("\n")
            elif isinstance(value, str):
                wanted = value
                ok = (got if isinstance(got, str) else go_string(got)) == value
            else:
                wanted = value
                ok = same(got, value) or go_string(got) == go_string(value)
            if ok:
                continue
            if _secret(path, place, got) or _secret(path, place, wanted):
                return f"{shown_place(place)} no longer holds the value of `{dotted(path)}` as written"
            return f"{shown_place(place)} reads back as {_shown(got)}, not as {_shown(wanted)}"
    return None


def _hazard(old: Sequence[KubeObject], new: Sequence[KubeObject]) -> Hazard | None:
    """The first error among ``chartgen diff``'s hazards of upgrading from ``old`` to ``new``
    (the hazards alone: the fields changed are not needed here)."""
    from chartgen.diagnostics import Severity
    from chartgen.diffing.hazards import Side, find_hazards

    before = Side({obj.id: obj for obj in old if not obj.is_hook}, None, False)
    after = Side({obj.id: obj for obj in new if not obj.is_hook})
    return next((h for h in find_hazards(before, after) if h.severity is Severity.ERROR), None)


def upgrade_hazards(
    old: Mapping[str, typing.Any],
    old_release: str,
    new: Mapping[str, typing.Any],
    new_release: str,
    *,
    file: str = "values.yaml",
) -> list[Hazard] | None:
    """What ``chartgen diff`` finds when a release installed from ``old`` on ``old_release`` is
    upgraded (``helm upgrade``) with ``new`` on ``new_release``; None when either side does not render."""
    from chartgen.diffing.compare import compare

    installed = render_objects(old, old_release, file=file)
    upgraded = render_objects(new, new_release, file=file, is_upgrade=True)
    if installed is None or upgraded is None:
        return None
    return compare(installed, upgraded, new_release=new_release, installed_from_values=True).hazards
