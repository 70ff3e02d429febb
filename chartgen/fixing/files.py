"""Reading and writing the files ``fix`` and ``migrate`` edit: bytes kept, writes atomic, diffs without secrets."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Collection

from chartgen.arguments import given
from chartgen.diagnostics import UsageError

SECRET_SHOWN = "<secret>"


def read_text(path: str) -> str:
    """The file's text exactly (``\\r\\n`` line endings and a missing final newline kept).

    Bounded as every read of user input is; a file too large or not UTF-8 raises
    ``ChartgenError`` with a located finding. Only UTF-8 is edited: written back, UTF-16
    or UTF-32 would not stay byte for byte.
    """
    import codecs

    from chartgen.yamlio.read import decode, read_bytes

    given(path, str, "read_values_text()", "path as a string")
    if path == "-":
        raise UsageError("fix and migrate edit files in place: name a file, not standard input")
    try:
        data = read_bytes(path)
    except OSError as exc:
        raise UsageError(f"cannot read values file {path}: {exc.strerror or exc}") from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)):
        raise UsageError(f"{path} is UTF-16 or UTF-32 text: fix and migrate edit UTF-8 files only")
    decode(data, path)
    return data.decode("utf-8")


def write_text(path: str, text: str) -> None:
    """Replace the file's text, as careful editors do: all or nothing, and the file stays itself.

    A symbolic link is written through, to its target (the link stays a link); a file with
    several hard links keeps its inode, so every name sees the new text; a read-only file is
    refused, not silently rewritten. Otherwise the text is written beside the file and renamed
    over it in one step, keeping its permissions.
    """
    import stat

    given(path, str, "write_values_text()", "path as a string")
    given(text, str, "write_values_text()", "text as a string")
    target = os.path.realpath(path)
    try:
        status = os.stat(target)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not status.st_mode & stat.S_IWUSR:
        raise UsageError(
            f"{path} is read-only (mode {stat.S_IMODE(status.st_mode):04o}): make it writable to change it"
        )
    data = text.encode("utf-8")
    try:
        if status.st_nlink > 1:
            _overwrite(target, data)
        else:
            _replace(target, data, stat.S_IMODE(status.st_mode))
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


def _staged(directory: str, data: bytes) -> str:
    """``data`` in a new file of ``directory``, on disk (fsync) before anything else happens."""
    handle, staging = tempfile.mkstemp(prefix=".chartgen-", dir=directory)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except OSError:
        os.unlink(staging)
        raise
    return staging


def _replace(target: str, data: bytes, mode: int) -> None:
    """One rename: a reader (or a crash) sees the old text or the new, never a part."""
    staging = _staged(os.path.dirname(target), data)
    try:
        os.chmod(staging, mode)
        os.replace(staging, target)
    except OSError:
        os.unlink(staging)
        raise


def _overwrite(target: str, data: bytes) -> None:
    """Write in place, so every hard link sees it; the old text is kept beside the file until
    the new one is on disk, and put back if the write fails."""
    with open(target, "rb") as handle:
        old = handle.read()
    backup = _staged(os.path.dirname(target), old)
    try:
        _write_in_place(target, data)
    except OSError as exc:
        try:
            _write_in_place(target, old)
        except OSError:
            raise OSError(exc.errno, f"{exc.strerror or exc}; its old text is in {backup}") from None
        os.unlink(backup)
        raise
    os.unlink(backup)


def _write_in_place(target: str, data: bytes) -> None:
    with open(target, "r+b") as out:
        out.write(data)
        out.truncate()
        out.flush()
        os.fsync(out.fileno())


def redacted(text: str, known: Collection[str] = ()) -> str:
    """``text`` with every secret value hidden, for diffs: values under a secret key (passwords,
    keys, credentials) or a misspelling of one (``known`` keys excepted), and the user info, query and fragment of URLs
    (which may hold tokens)."""
    from chartgen.redaction import looks_secret, shown_url
    from chartgen.yamlio import YamlError
    from chartgen.yamlio.edit import Document, Edit, apply

    try:
        doc = Document.parse(text)
    except YamlError:
        return text
    values = [(path, entry.value) for path, found in doc.entries.items() for entry in found]
    values += [(path, node) for path, node in doc.nodes.items() if path and isinstance(path[-1], int)]
    edits: dict[int, Edit] = {}
    for path, node in values:
        if type(node).__name__ != "ScalarNode" or node.value == "":
            continue
        start, end = node.start_mark.index, doc.end(node)
        if any(looks_secret(part, known) for part in path):
            edits[start] = Edit(start, end, SECRET_SHOWN)
        elif "://" in node.value and any(mark in node.value for mark in "@?#"):
            edits[start] = Edit(start, end, shown_url(str(node.value)))
    return apply(text, list(edits.values()))


def _chart_keys() -> set[str]:
    """Every key some release of the chart's schema names (none of them a misspelt secret key)."""
    from chartgen.releases import SUPPORTED
    from chartgen.validation.schema_walk import release_schema

    keys: set[str] = set()
    stack: list[object] = [release_schema(release) for release in SUPPORTED]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            properties = node.get("properties")
            if isinstance(properties, dict):
                keys.update(properties)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return keys


def unified_diff(path: str, before: str, after: str) -> str:
    """What a fix changes, as ``diff -u`` shows it (secrets hidden); empty when nothing does."""
    import difflib

    for name, value in (("path", path), ("before", before), ("after", after)):
        given(value, str, "unified_diff()", f"{name} as a string")
    known = _chart_keys()
    old, new = redacted(before, known).splitlines(True), redacted(after, known).splitlines(True)
    lines = list(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
