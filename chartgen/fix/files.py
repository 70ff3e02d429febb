"""Reading and writing the files ``fix`` and ``migrate`` edit: bytes kept, writes atomic, diffs without secrets."""

from __future__ import annotations

import os
import tempfile

from chartgen.diagnostics import UsageError

SECRET_SHOWN = "<secret>"


def read_text(path: str) -> str:
    """The file's text exactly (``\\r\\n`` line endings and a missing final newline kept)."""
    if path == "-":
        raise UsageError("fix and migrate edit files in place: name a file, not standard input")
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"cannot read values file {path}: {reason}") from None


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
    """``text`` with every secret value (passwords, keys, credentials) replaced, for diffs."""
    from chartgen.fix.document import Document, Edit, apply
    from chartgen.validate.registry import SECRET_KEYS
    from chartgen.yamlio import YamlError

    try:
        doc = Document.parse(text)
    except YamlError:
        return text
    edits = []
    for path, found in doc.entries.items():
        if path[-1] not in SECRET_KEYS:
            continue
        for entry in found:
            if type(entry.value).__name__ == "ScalarNode" and entry.value.value != "":
                edits.append(Edit(entry.value.start_mark.index, doc.value_end(entry), SECRET_SHOWN))
    return apply(text, edits)


def unified_diff(path: str, before: str, after: str) -> str:
    """What a fix changes, as ``diff -u`` shows it (secrets hidden); empty when nothing does."""
    import difflib

    old, new = redacted(before).splitlines(True), redacted(after).splitlines(True)
    lines = list(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
