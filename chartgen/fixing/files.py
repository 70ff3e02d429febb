"""Reading and writing the files ``fix`` and ``migrate`` edit: bytes kept, writes atomic, diffs without secrets."""

from __future__ import annotations

import os
import tempfile

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
    """Replace the file in one rename, keeping its permissions; a failure leaves it as it was."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o7777
        handle, staging = tempfile.mkstemp(prefix=".chartgen-", dir=directory)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(staging, mode)
        os.replace(staging, path)
    except OSError as exc:
        os.unlink(staging)
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


def redacted(text: str) -> str:
    """``text`` with every secret value hidden, for diffs: values under a secret key (passwords,
    keys, credentials) and the user info, query and fragment of URLs (which may hold tokens)."""
    from chartgen.secrets import is_secret_key, shown_url
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
        if any(is_secret_key(part) for part in path):
            edits[start] = Edit(start, end, SECRET_SHOWN)
        elif "://" in node.value and any(mark in node.value for mark in "@?#"):
            edits[start] = Edit(start, end, shown_url(str(node.value)))
    return apply(text, list(edits.values()))


def unified_diff(path: str, before: str, after: str) -> str:
    """What a fix changes, as ``diff -u`` shows it (secrets hidden); empty when nothing does."""
    import difflib

    old, new = redacted(before).splitlines(True), redacted(after).splitlines(True)
    lines = list(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
