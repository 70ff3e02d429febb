"""Positioned reading of GitOps files: their documents, the values maps inside them, and the
values YAML some of them hold in a string, every position the line the user wrote.

A values file is one map; a GitOps file is a stream of objects whose values sit deep inside
(``spec.source.helm.valuesObject``), or in a string (Argo CD's ``helm.values: |``, a ConfigMap's
``data.values.yaml: |``, a Secret's base64 ``data``). The readers here turn each into a
``Loaded`` layer as a ``-f`` file is one, positions kept in the outer file, so checking locates a
finding inside a block scalar at its own line and column.
"""

from __future__ import annotations

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path
from chartgen.hints import typing
from chartgen.records import replace
from chartgen.yamlio import Loaded, YamlError


def documents(text: str, file: str) -> list[Loaded]:
    """Every YAML document of ``text`` (nothing-holding ones left out), positions in ``file``.

    Bounded as a values file is (size, values, depth). Raises ``ChartgenError`` with the
    located YAML problem when the file cannot be read.
    """
    from chartgen.yamlio.load import load_documents
    from chartgen.yamlio.read import MAX_INPUT_BYTES, too_large

    if len(text) > MAX_INPUT_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise too_large(file)
    try:
        return load_documents(text, file)
    except YamlError as exc:
        raise ChartgenError([exc.diagnostic]) from None


def value_at(data: typing.Any, path: Path) -> typing.Any:
    """What ``data`` holds at ``path``, None when any step of it is missing."""
    for step in path:
        fits = (isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data)) or (
            isinstance(data, dict) and isinstance(step, str) and step in data
        )
        if not fits:
            return None
        data = data[step]
    return data


def section(doc: Loaded, path: Path) -> Loaded | None:
    """The map at ``path`` of ``doc`` as a layer of its own: paths relative to it, positions
    still the outer file's (its root at the map). None when nothing (or null) is there.

    Raises ``ChartgenError`` (``values-not-a-map``, at the value) when it is not a map.
    """
    found = value_at(doc.data, path)
    if found is None:
        return None
    if not isinstance(found, dict):
        where = doc.at(path) or Location(doc.file, 1, 1)
        message = f"{'.'.join(map(str, path))} must be a mapping of the Determined chart's values"
        raise ChartgenError([Diagnostic("values-not-a-map", message, location=where, path=())])
    depth = len(path)

    def inside(table: dict[Path, typing.Any]) -> dict[Path, typing.Any]:
        return {key[depth:]: item for key, item in table.items() if key[:depth] == path}

    keys = inside(doc.keys)
    keys.pop((), None)  # the section's own key is the outer document's, not one of its values
    return Loaded(
        found, doc.file, keys=keys, values=inside(doc.values), notes=list(doc.notes), words=inside(doc.words)
    )


#: A position in the string (0-based line, 0-based column) → a position in the outer file.
_Segments = list[list[tuple[int, int, int]]]


def embedded(doc: Loaded, path: Path, text: str, *, encoded: bool = False) -> Loaded:
    """The YAML held in the string at ``path`` of ``doc`` (whose file's text is ``text``) as a
    layer, each position moved to where it was written in the outer file.

    A literal block (``|``, any chomping, an indentation indicator) keeps its lines, so every
    value lands at its own line and column; a folded one (``>``) at the line it was folded from.
    A quoted or plain string (escapes may stand for its line breaks) puts every value at the
    string's start, and so does ``encoded`` (a Secret's base64 ``data``, decoded here; its text
    is never quoted back). Raises ``ChartgenError``, located in the outer file, for what is not a
    values map.
    """
    from chartgen.values.load import from_text

    start = doc.at(path) or Location(doc.file, 1, 1)
    raw = value_at(doc.data, path)
    if encoded:
        raw = _decoded(raw, start, path)
    if not isinstance(raw, str):
        what = "null" if raw is None else type(raw).__name__
        message = f"{'.'.join(map(str, path))} must be a string of values YAML, not a {what}"
        raise ChartgenError([Diagnostic("values-not-a-map", message, location=start)])
    segments = None if encoded else _segments(raw, start, text)

    def moved(where: Location | None) -> Location | None:
        if where is None or where.file != doc.file or where.line is None:
            return where
        return _moved(where, segments, start)

    try:
        loaded = from_text(raw, doc.file)
    except ChartgenError as exc:
        # Not a map at all: said at the string, not at its first character.
        raise ChartgenError(
            [
                replace(d, location=start if d.rule == "values-not-a-map" else moved(d.location))
                for d in exc.diagnostics
            ]
        ) from None
    return Loaded(
        loaded.data,
        doc.file,
        keys={key: moved(where) or start for key, where in loaded.keys.items()},
        values={key: moved(where) or start for key, where in loaded.values.items()},
        notes=[replace(note, location=moved(note.location)) for note in loaded.notes],
        words=loaded.words,
    )


def _decoded(raw: typing.Any, start: Location, path: Path) -> str:
    """A Secret ``data`` value's text: base64, then UTF-8 (never quoted back: it is a secret)."""
    import base64
    import binascii

    if not isinstance(raw, str):
        return raw  # type: ignore[no-any-return]
    try:
        return base64.b64decode("".join(raw.split()), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        message = (
            f"{'.'.join(map(str, path))} is not base64 of UTF-8 text, so its values cannot be read "
            "(the API server refuses a Secret whose data is not base64)"
        )
        raise ChartgenError([Diagnostic("values-not-a-map", message, location=start)]) from None


def _moved(where: Location, segments: _Segments | None, start: Location) -> Location:
    """``where`` (1-based, in the string) in the outer file; the string's start when unknown."""
    assert where.line is not None and where.column is not None
    line, column = where.line - 1, where.column - 1
    if segments is None:
        return start
    if line >= len(segments) or not segments[line]:
        # Past the last line written (the end of the string, where a parser error may stop):
        # the start of the nearest line above that was.
        above = [pieces for pieces in segments[: line + 1] if pieces]
        if not above:
            return start
        _, outer_line, outer_column = above[-1][0]
        return Location(where.file, outer_line + 1, outer_column + 1)
    piece = next((piece for piece in reversed(segments[line]) if piece[0] <= column), segments[line][0])
    at, outer_line, outer_column = piece
    return Location(where.file, outer_line + 1, outer_column + column - at + 1)


def _segments(raw: str, start: Location, text: str) -> _Segments | None:
    """Where each line of a block scalar's string was written: for string line ``k``, pieces
    ``(column in the line, outer line, outer column)``, all 0-based. None for a flow scalar or
    when the source does not read back to ``raw`` (then positions fall back to the start)."""
    lines = text.split("\n")
    if start.line is None or start.column is None or start.line > len(lines):
        return None
    header_line = start.line - 1
    header = lines[header_line][start.column - 1 :]
    while header[:1] in ("!", "&"):  # a tag or an anchor before the indicator
        header = header.partition(" ")[2].lstrip(" ")
    if header[:1] not in ("|", ">"):
        return None
    wanted = raw.split("\n")
    body = lines[header_line + 1 :]
    first = next((k for k, line in enumerate(wanted) if line.strip(" ")), None)
    if first is None or first >= len(body):
        return None
    indent = (len(body[first]) - len(body[first].lstrip(" "))) - (
        len(wanted[first]) - len(wanted[first].lstrip(" "))
    )
    if indent < 0:
        return None
    if header[0] == "|":
        return _literal(wanted, body, indent, header_line + 1)
    return _folded(wanted, body, indent, header_line + 1)


def _literal(wanted: list[str], body: list[str], indent: int, top: int) -> _Segments | None:
    """A literal block: string line ``k`` is body line ``k``, ``indent`` columns in."""
    segments: _Segments = []
    for k, line in enumerate(wanted):
        if not line:
            segments.append([])
            continue
        if k >= len(body) or body[k][indent:] != line or body[k][:indent].strip(" "):
            return None
        segments.append([(0, top + k, indent)])
    return segments


def _folded(wanted: list[str], body: list[str], indent: int, top: int) -> _Segments | None:
    """A folded block: each string line is one or more body lines joined by a space (blank
    body lines became the line breaks between them)."""
    segments: _Segments = []
    j = 0
    for line in wanted:
        pieces: list[tuple[int, int, int]] = []
        segments.append(pieces)
        column = 0
        while line and column < len(line):
            while j < len(body) and not body[j].strip(" "):
                j += 1
            if j >= len(body):
                return None
            piece = body[j][indent:]
            if not piece or not line.startswith(piece, column):
                return None
            pieces.append((column, top + j, indent))
            column += len(piece)
            j += 1
            if column < len(line):
                if line[column] != " ":
                    return None
                column += 1
    return segments
