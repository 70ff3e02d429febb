"""Field-level comparison of two versions of one object, by path, never printing a secret.

Objects are compared as the API server sees them: a null entry is no entry, a
list of named items (containers, env, volumes, ports) is matched by name so that
a reordering or an insertion does not look like every item changing. A Secret's
``data`` (base64) and ``stringData`` are one content, compared key by key with no
values shown; ``master.yaml`` inside the master's config Secret is compared
setting by setting, secret settings without their values. Elsewhere a value is
withheld when its key (or, for ``env``, the variable's name) looks like a secret, and a URL
anywhere in a value is shown as lint shows it: without user info and query, which carry
passwords and signed tokens (an S3 endpoint's ``user:password@``, an Azure SAS ``?sig=``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from chartgen.diffing.model import Action, FieldChange

Segment = str | int | tuple[str, str]
Leaves = dict[tuple[Segment, ...], Any]

CHECKSUM = "checksum/config"
MASTER_YAML = "master.yaml"
# Files whose settings are compared one by one; any other file is compared whole.
_SETTINGS_FILES = (".yaml", ".yml")
_SECRET_NAME = re.compile(
    r"pass(word|wd|phrase)?|secret|token|credential|connection_?string|private|access_?key|api_?key"
    r"|(^|[-_.])key$|kubeconfig|cookie|signing",
    re.I,
)
# Keys that name or point at a secret rather than hold one (secretName, secretKeyRef, cert paths).
_REFERENCE = re.compile(r"(name|ref|path|file|id|mode)$", re.I)
_ASSIGNMENT = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def redact(value: Any) -> Any:
    """``value`` with every URL in its text shown without user info, query or fragment."""
    if isinstance(value, str):
        return _redact_text(value) if "://" in value else value
    if isinstance(value, dict):
        return {key: redact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [redact(item) for item in value]
    return value


def _scheme_character(character: str) -> bool:
    return character.isascii() and (character.isalnum() or character in "+.-")


def _redact_text(text: str) -> str:
    """Each ``scheme://…`` up to the next blank (a query may hold quotes, so only a blank ends
    it) as lint shows a URL; scanned once, without a regex that would backtrack."""
    from chartgen.redaction import shown_url

    out: list[str] = []
    done = 0
    found = text.find("://")
    while found != -1:
        start = found
        while start > done and _scheme_character(text[start - 1]):
            start -= 1
        while start < found and not text[start].isalpha():
            start += 1
        if start == found:  # no scheme before it: not a URL
            found = text.find("://", found + 3)
            continue
        end = found + 3
        while end < len(text) and not text[end].isspace():
            end += 1
        out += [text[done:start], shown_url(text[start:end])]
        done = end
        found = text.find("://", end)
    return "".join(out) + text[done:]


def _named(items: list[Any]) -> bool:
    names = [item.get("name") for item in items if isinstance(item, dict)]
    return (
        bool(items)
        and len(names) == len(items)
        and all(isinstance(n, str) for n in names)
        and len(set(names)) == len(names)
    )


def leaves(node: Any, prefix: tuple[Segment, ...] = ()) -> Leaves:
    """Every scalar (and every empty map or list) of ``node`` by path; nulls are absent."""
    out: Leaves = {}
    stack: list[tuple[tuple[Segment, ...], Any]] = [(prefix, node)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if v is not None}
        if isinstance(value, dict) and value:
            stack.extend(((*path, str(k)), v) for k, v in value.items())
        elif isinstance(value, list) and value:
            if _named(value):
                stack.extend(((*path, ("name", item["name"])), item) for item in value)
            else:
                stack.extend(((*path, i), item) for i, item in enumerate(value))
        elif value is not None:
            out[path] = value
    return out


def show_path(path: tuple[Segment, ...]) -> str:
    """``spec.template.spec.containers[name=db].env[name=PGPORT].value``; odd keys as ``["a/b"]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, tuple):
            out += f"[{part[0]}={part[1]}]"
        elif _IDENTIFIER.match(part):
            out += f".{part}" if out else part
        else:
            out += '["' + part.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return out


def _secret_word(part: Segment) -> bool:
    text = part[1] if isinstance(part, tuple) else part
    return isinstance(text, str) and bool(_SECRET_NAME.search(text)) and not _REFERENCE.search(text)


def is_secret(path: tuple[Segment, ...], value: Any) -> bool:
    """Whether a value must not be shown: by its key, its variable's name, or its content."""
    from chartgen.redaction import looks_secret

    keys = [p for p in path if not isinstance(p, int)]
    if keys and looks_secret(keys[-1]):
        return True  # lint's secret keys, and misspellings of them: a registry's ``auth``, ``auht``
    if keys and isinstance(keys[-1], str) and _REFERENCE.search(keys[-1]):
        return False
    if any(_secret_word(p) for p in keys[-2:]):
        return True
    if isinstance(value, str):
        assignment = _ASSIGNMENT.match(value)
        if assignment and _SECRET_NAME.search(assignment.group(1)):
            return True
        if "PRIVATE KEY" in value:
            return True
    return False


def _items(table: Leaves) -> dict[tuple[Segment, ...], Leaves]:
    """The leaves of each named list item (``containers[name=x]``), by the item's path."""
    items: dict[tuple[Segment, ...], Leaves] = {}
    for path, value in table.items():
        for i, part in enumerate(path):
            if isinstance(part, tuple):
                items.setdefault(path[: i + 1], {})[path[i + 1 :]] = value
    return items


def _within(path: tuple[Segment, ...], items: set[tuple[Segment, ...]]) -> bool:
    return any(isinstance(part, tuple) and path[: i + 1] in items for i, part in enumerate(path))


def _whole_items(old: Leaves, new: Leaves, file: str) -> tuple[list[FieldChange], set[tuple[Segment, ...]]]:
    """A named item only one side has, as one change (its content unless any of it is secret)."""
    items_old, items_new = _items(old), _items(new)
    changes: list[FieldChange] = []
    covered: set[tuple[Segment, ...]] = set()
    for prefix in sorted(items_old.keys() ^ items_new.keys(), key=_sort_key):
        if _within(prefix[:-1], covered):
            continue
        added = prefix in items_new
        content = (items_new if added else items_old)[prefix]
        secret = any(is_secret((*prefix, *sub), value) for sub, value in content.items())
        shown = (
            None
            if secret
            else {
                show_path(sub): redact(value)
                for sub, value in sorted(content.items(), key=lambda kv: _sort_key(kv[0]))
            }
        )
        changes.append(
            FieldChange(
                show_path(prefix),
                "added" if added else "removed",
                None if added else shown,
                shown if added else None,
                secret=secret,
                file=file,
            )
        )
        covered.add(prefix)
    return changes, covered


def compare_leaves(old: Leaves, new: Leaves, *, file: str = "") -> list[FieldChange]:
    changes, covered = _whole_items(old, new, file)
    for path in sorted(old.keys() | new.keys(), key=_sort_key):
        before, after = old.get(path), new.get(path)
        if path in old and path in new and _same(before, after):
            continue
        if _within(path, covered):
            continue
        action: Action = "added" if path not in old else "removed" if path not in new else "changed"
        shown_before, shown_after = redact(before), redact(after)
        secret = is_secret(path, before) or is_secret(path, after) or _only_hidden(before, after)
        changes.append(
            FieldChange(
                show_path(path),
                action,
                None if secret else shown_before,
                None if secret else shown_after,
                secret=secret,
                file=file,
            )
        )
    return sorted(changes, key=lambda c: c.path)


def _only_hidden(before: Any, after: Any) -> bool:
    """Whether all that changes is what a URL hides (a rotated SAS token): a secret change."""
    shown_before, shown_after = redact(before), redact(after)
    redacted = shown_before != before or shown_after != after
    return redacted and before is not None and after is not None and shown_before == shown_after


def _same(a: Any, b: Any) -> bool:
    """Equal with the same type (``True == 1`` in Python, not in Kubernetes).

    Text of several lines may differ in its final newlines: that is a block scalar's
    chomping, which Helm's templates and chartgen's serialiser choose differently.
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, str) and a != b and "\n" in a + b:
        return bool(a.rstrip("\n") == b.rstrip("\n"))
    return bool(a == b)


def _sort_key(path: tuple[Segment, ...]) -> tuple[tuple[int, str], ...]:
    return tuple((0, f"{p:09d}") if isinstance(p, int) else (1, str(p)) for p in path)


def secret_content(body: Mapping[str, Any]) -> dict[str, str]:
    """A Secret's files as the API server stores them: ``data`` decoded, ``stringData`` over it."""
    import base64
    import binascii

    content: dict[str, str] = {}
    data = body.get("data")
    for key, value in (data if isinstance(data, dict) else {}).items():
        try:
            content[str(key)] = base64.b64decode(str(value), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            content[str(key)] = f"<undecodable:{value}>"
    string_data = body.get("stringData")
    for key, value in (string_data if isinstance(string_data, dict) else {}).items():
        if value is not None:
            from chartgen.yamlio.resolve import go_string

            content[str(key)] = value if isinstance(value, str) else go_string(value)
    return content


def parse_settings(text: str) -> tuple[bool, Any]:
    """``(parsed, data)`` of a carried YAML file; unparsable text is compared whole."""
    from chartgen.yamlio.load import YamlError, load_yaml

    try:
        return True, load_yaml(text, "<embedded>").data
    except YamlError:
        return False, None


def compare_files(
    old: Mapping[str, Any], new: Mapping[str, Any], *, secret: bool, root: str
) -> list[FieldChange]:
    """Files of a ConfigMap (``data``) or a Secret, key by key; YAML files setting by setting.

    In a Secret only ``master.yaml`` is opened (its secret settings stay hidden); the value
    of every other key is never shown.
    """
    changes: list[FieldChange] = []
    for key in sorted(old.keys() | new.keys()):
        before, after = old.get(key), new.get(key)
        if key in old and key in new and _same(before, after):
            continue
        readable = key == MASTER_YAML if secret else key.endswith(_SETTINGS_FILES)
        if readable and isinstance(before, str) and isinstance(after, str):
            ok_old, data_old = parse_settings(before)
            ok_new, data_new = parse_settings(after)
            if ok_old and ok_new:
                changes.extend(compare_leaves(leaves(data_old), leaves(data_new), file=key))
                continue
        action: Action = "added" if key not in old else "removed" if key not in new else "changed"
        hidden = secret or _only_hidden(before, after)
        changes.append(
            FieldChange(
                show_path((root, key)),
                action,
                None if hidden else redact(before),
                None if hidden else redact(after),
                secret=hidden,
            )
        )
    return changes


def pod_annotations(body: Mapping[str, Any]) -> Mapping[str, Any]:
    node: Any = body
    for key in ("spec", "template", "metadata", "annotations"):
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else {}


def compare_bodies(kind: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[FieldChange]:
    """Every field that differs; the pod template's ``checksum/config`` is left to the caller."""
    old_body, new_body = dict(old), dict(new)
    changes: list[FieldChange] = []
    if kind == "Secret":
        content_old, content_new = secret_content(old_body), secret_content(new_body)
        changes.extend(compare_files(content_old, content_new, secret=True, root="data"))
        for body in (old_body, new_body):
            body.pop("data", None)
            body.pop("stringData", None)
    elif kind == "ConfigMap":
        files_old, files_new = old_body.pop("data", None) or {}, new_body.pop("data", None) or {}
        if isinstance(files_old, dict) and isinstance(files_new, dict):
            changes.extend(compare_files(files_old, files_new, secret=False, root="data"))
        else:
            old_body["data"], new_body["data"] = files_old, files_new
    old_leaves, new_leaves = leaves(old_body), leaves(new_body)
    checksum = ("spec", "template", "metadata", "annotations", CHECKSUM)
    old_leaves.pop(checksum, None)
    new_leaves.pop(checksum, None)
    return [*compare_leaves(old_leaves, new_leaves), *changes]
