"""Build the values a release renders with, remembering where each one was written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import chartgen
from chartgen.arguments import each
from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, UsageError, dotted
from chartgen.hints import typing
from chartgen.records import field, record, replace
from chartgen.releases import LATEST, check_release
from chartgen.values import merge
from chartgen.yamlio import Loaded, YamlError, load_yaml
from chartgen.yamlio.load import MAX_DEPTH, MAX_VALUES

# Helm applies the flag families in this order, whatever their order on the command line.
SET_KINDS: tuple[str, ...] = ("set-json", "set", "set-string", "set-file", "set-literal")


@record
class SetFlags:
    """The ``--set`` family of flags, each list in command-line order."""

    set_json: list[str] = field(default_factory=list)
    set: list[str] = field(default_factory=list)
    set_string: list[str] = field(default_factory=list)
    set_file: list[str] = field(default_factory=list)
    set_literal: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for kind, exprs in self.by_kind():
            takes = f"{kind.replace('-', '_')} as a list of --{kind} expressions (strings)"
            each(exprs, str, "SetFlags()", takes)

    def by_kind(self) -> list[tuple[str, list[str]]]:
        return [(kind, getattr(self, kind.replace("-", "_"))) for kind in SET_KINDS]

    def __repr__(self) -> str:
        # Flags carry passwords: show how many there are, never their text.
        counts = ", ".join(f"{kind.replace('-', '_')}=<{len(exprs)} flags>" for kind, exprs in self.by_kind())
        return f"SetFlags({counts})"


@record
class LoadedValues:
    """The coalesced values plus what is needed to point back at their source."""

    release: str
    values: dict[str, typing.Any]
    user: dict[str, typing.Any]
    keys: dict[Path, Location] = field(default_factory=dict)
    positions: dict[Path, Location] = field(default_factory=dict)
    notes: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    #: The text of each plain scalar a values file wrote that YAML read as a boolean or number.
    words: dict[Path, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        # The values hold passwords and keys: name the sources, never the values.
        return f"LoadedValues(release={self.release!r}, files={self.files!r}, keys={len(self.user)})"

    @property
    def model(self) -> chartgen.Values:
        """The coalesced values as the typed model (imports pydantic on first use).

        Raises ``ChartgenError`` with the model's objections, located, when it refuses them.
        """
        from chartgen.values.model import model_of

        return model_of(self)

    def locate(self, path: Path, *, key: bool = False) -> Location | None:
        """Where the user wrote ``path`` (or its nearest written ancestor)."""
        tables = (self.keys, self.positions) if key else (self.positions, self.keys)
        probe = path
        while probe:
            for table in tables:
                if probe in table:
                    return table[probe]
            probe = probe[:-1]
        return None


def chart_defaults(release: str) -> dict[str, typing.Any]:
    """The chart's values.yaml for ``release`` as data (a fresh copy each call)."""
    from chartgen.release_data import release_data

    data: dict[str, typing.Any] = merge.copied(release_data(release, "DEFAULTS"))
    return data


def read_source(file: str) -> Loaded:
    """Read one ``-f`` file; ``-`` is standard input, as in Helm (read once, however many files)."""
    from chartgen.yamlio.read import read_text

    text, name = read_text(file)
    return from_text(text, name)


def from_text(text: str, name: str) -> Loaded:
    """One layer of values from YAML text; findings point at ``name``. Text is bounded as files are."""
    from chartgen.yamlio.read import MAX_INPUT_BYTES, too_large

    if len(text) > MAX_INPUT_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise too_large(name)
    try:
        loaded = load_yaml(text, name)
    except YamlError as exc:
        raise ChartgenError([exc.diagnostic]) from None
    if loaded.data is None:
        loaded.data = {}
    if not isinstance(loaded.data, dict):
        raise ChartgenError(
            [
                Diagnostic(
                    "values-not-a-map",
                    "a values file must hold a mapping of keys at its top level",
                    location=Location(name, 1, 1),
                )
            ]
        )
    return loaded


def subchart_section(loaded: Loaded, key: str) -> Loaded | None:
    """An umbrella chart's values file read as the values of its subchart ``key``: the map under
    that key, every position still the file's own. None when the file has no such section.

    Only the section reaches the subchart (Helm passes it ``global`` too, which the Determined
    chart never reads)."""
    data = loaded.data if isinstance(loaded.data, dict) else {}
    if key not in data:
        return None
    section = data[key]
    if section is None:
        section = {}
    if not isinstance(section, dict):
        where = loaded.at((key,)) or Location(loaded.file, 1, 1)
        message = f"the {key!r} section must be a mapping of the Determined chart's values"
        raise ChartgenError([Diagnostic("values-not-a-map", message, location=where)])

    def inside(table: dict[Path, typing.Any]) -> dict[Path, typing.Any]:
        return {path[1:]: item for path, item in table.items() if len(path) > 1 and path[0] == key}

    return Loaded(
        section,
        loaded.file,
        keys=inside(loaded.keys),
        values=inside(loaded.values),
        notes=list(loaded.notes),
        words=inside(loaded.words),
    )


def from_data(data: Mapping[str, typing.Any], name: str) -> Loaded:
    """One layer of values given as data: a copy in the types a YAML file would give, bounded
    as a file's values are (depth, count; a map that holds itself is too deep). No file holds
    them: each value is located by its path from ``name`` (``Values.db.port``), the whole at ``()``."""
    count = [0]
    loaded = Loaded(_plain(data, (), name, count), name)
    for path in _walk(loaded.data, ()):
        loaded.keys[path] = loaded.values[path] = Location.of_path(name, path)
    return loaded


def _plain(value: typing.Any, path: Path, name: str, count: list[int]) -> typing.Any:
    count[0] += 1
    if count[0] > MAX_VALUES or len(path) > MAX_DEPTH:
        rule, what = (
            ("yaml-too-many-values", f"more than {MAX_VALUES:,} values")
            if count[0] > MAX_VALUES
            else (
                "yaml-too-deep",
                f"values nested more than {MAX_DEPTH} levels deep (or a map that holds itself)",
            )
        )
        raise ChartgenError(
            [Diagnostic(rule, f"{name} holds {what}", location=Location.of_path(name, path), path=path)]
        )
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise UsageError(f"values key {key!r} at {dotted(path) or 'the top'} is not a string")
            out[key] = _plain(item, (*path, key), name, count)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(item, (*path, index), name, count) for index, item in enumerate(value)]
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise UsageError(
        f"{dotted(path)} is a {type(value).__name__}: values hold maps, lists, strings and numbers"
    )


_ABSENT = object()


def _walk(value: typing.Any, path: Path) -> list[Path]:
    """``path`` and every path below it in ``value``."""
    paths = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            paths.extend(_walk(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths.extend(_walk(item, (*path, index)))
    return paths


def _forget_below(values: LoadedValues, old: typing.Any, path: Path) -> None:
    """Drop the positions of ``old``, the subtree that used to sit at ``path``.

    Every recorded path names a value that exists, so walking the replaced value
    finds all of them without scanning the tables.
    """
    if old is _ABSENT:
        return
    for known in _walk(old, path):
        values.keys.pop(known, None)
        values.positions.pop(known, None)
        values.words.pop(known, None)


def _record(
    values: LoadedValues, loaded: Loaded, data: dict[str, typing.Any], before: typing.Any, path: Path = ()
) -> None:
    """Take ``loaded``'s positions for what it sets over ``before`` (the merge so far).

    A map merged into a map keeps the positions of keys this file does not
    mention; anything else replaces the whole subtree, and its old positions go.
    """
    for key, item in data.items():
        child = (*path, key)
        old = before.get(key, _ABSENT) if isinstance(before, dict) else _ABSENT
        merged = isinstance(item, dict) and isinstance(old, dict)
        if not merged:
            _forget_below(values, old, child)
        for sub in [child] if merged else _walk(item, child):
            if sub in loaded.keys:
                values.keys[sub] = loaded.keys[sub]
            if sub in loaded.values:
                values.positions[sub] = loaded.values[sub]
            if sub in loaded.words:
                values.words[sub] = loaded.words[sub]
        if merged:
            _record(values, loaded, item, old, child)


def load_values(
    files: Sequence[str] = (),
    *,
    app_version: str = LATEST,
    flags: SetFlags | None = None,
) -> LoadedValues:
    """Chart defaults, then each file in order, then the ``--set`` flags, coalesced as Helm does.

    Raises ``ChartgenError`` with every YAML problem found, ``UsageError`` for
    an unreadable file or unsupported release.
    """
    check_release(app_version)
    loaded_all: list[Loaded] = []
    problems: list[Diagnostic] = []
    for file in files:
        try:
            loaded_all.append(read_source(file))
        except ChartgenError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise ChartgenError(problems)
    return load_sources(loaded_all, app_version=app_version, flags=flags)


def _top_keys(release: str) -> frozenset[str]:
    """The chart's top-level keys in ``release``, and Helm's ``global``."""
    from chartgen.release_data import release_data

    return frozenset([*release_data(release, "SCHEMA")["properties"], "global"])


def load_sources(
    loaded_all: Sequence[Loaded], *, app_version: str = LATEST, flags: SetFlags | None = None
) -> LoadedValues:
    """``load_values`` of documents already parsed (files, text or data)."""
    from chartgen.redaction import SECRET_KEYS

    release = check_release(app_version)
    result = LoadedValues(release=release, values={}, user={})
    problems: list[Diagnostic] = []
    user: dict[str, typing.Any] = {}
    parser_notes = [note for loaded in loaded_all for note in loaded.notes]
    root = loaded_all[0].values.get(()) if loaded_all else None
    if root is not None and root.logical:
        result.positions[()] = root  # the first layer is data: its root is the top
    for loaded in loaded_all:
        _record(result, loaded, loaded.data, user)
        user = merge.merge_maps(user, loaded.data)
        result.files.append(loaded.file)
    applying = None
    for kind, exprs in (flags or SetFlags()).by_kind():
        if not exprs:
            continue
        from chartgen.values import setparser  # only for --set flags: most runs have none

        applying = applying or setparser.Flags(known=_top_keys(release))
        for index, expr in enumerate(exprs, start=1):
            try:
                applied, replaced = applying.apply(user, expr, kind, SECRET_KEYS)
            except setparser.SetSyntaxError as exc:
                problems.append(
                    Diagnostic(
                        "set-syntax",
                        f"--{kind}: {exc.reason}",
                        location=Location(f"--{kind}", index, exc.column),
                    )
                )
                continue
            for path, old in replaced:
                _forget_below(result, old, path)
            for path, column in applied:
                location = Location(f"--{kind}", index, column)
                result.keys[path] = location
                result.positions[path] = location
    if problems:
        raise ChartgenError(problems)
    result.user = user
    result.values, coalesce_notes = merge.coalesce(user, chart_defaults(release))
    # Coalescing knows paths, not files: each conflict is where the user's value was written.
    located = [replace(note, location=result.locate(note.path)) for note in coalesce_notes]
    result.notes = [*parser_notes, *located]
    return result
