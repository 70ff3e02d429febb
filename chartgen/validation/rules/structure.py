"""Structural rules: what the release's JSON Schema says about keys, types and formats.

One walk of the user's values against the release's schema in ``chartgen.data``
(``chartgen.validation.schema_walk``) finds everything; each rule below reports its
share, so every rule id can be listed, documented and tested on its own. Only the
user's own values are walked: the chart's defaults conform by construction, and a
problem must point at what the user wrote.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Finding, Path, dotted
from chartgen.hints import TYPE_CHECKING
from chartgen.redaction import SECRET_KEYS
from chartgen.validation.registry import Context, fixes, rule
from chartgen.validation.schema_walk import walk_values

if TYPE_CHECKING:
    from chartgen.yamlio.edit import Document, Fix


def findings(ctx: Context) -> list[Finding]:
    """The walk of ``ctx``'s values, done once however many rules ask."""
    return ctx.once(_walk)


def _walk(ctx: Context) -> list[Finding]:
    # Contents of --set-file files are never shown, whatever key they set.
    hidden = [path for path, where in ctx.loaded.positions.items() if where.file == "--set-file"]
    return walk_values(ctx.user, ctx.release, SECRET_KEYS, hidden)


def _report(ctx: Context, rule: str) -> Iterator[Diagnostic]:
    for found in findings(ctx):
        if found.rule == rule:
            message = _as_written(ctx, found) or found.message
            yield ctx.diag(
                rule, found.path, message, severity=found.severity, key=found.key, extra=found.data
            )


def _as_written(ctx: Context, found: Finding) -> str | None:
    """A YAML 1.1 word (``n``, ``on``) read as a boolean where text belongs, said in the user's words."""
    word = ctx.loaded.words.get(found.path)
    expected = found.data.get("expected")
    if (
        found.rule != "wrong-type"
        or word is None
        or not isinstance(ctx.get(*found.path, user=True), bool)
        or not isinstance(expected, list)
        or "string" not in expected
    ):
        return None
    bare = _written_bare_as_boolean(found.path, word)
    if found.path[-1] in SECRET_KEYS:
        word = "…"
    value = "true" if ctx.get(*found.path, user=True) else "false"
    said = f"{dotted(found.path)}: Helm reads YAML 1.1, where a bare `{word}` is the boolean {value}, not the text {word}"
    if bare is not None:
        # Quoted, it is text in the values, and the chart writes that text bare: a boolean again.
        return f'{said}; quoting it (`{found.path[-1]}: "{word}"`) does not help: the chart writes it without quotes into {bare}, where YAML reads it as the boolean again; choose another text'
    return f'{said}; to mean the text, quote it: {found.path[-1]}: "{word}"'


def _written_bare_as_boolean(path: Path, word: str) -> str | None:
    """Where the chart writes the text at ``path`` bare, if ``word`` quoted is still misread there."""
    from chartgen.validation.rules.bare import misread
    from chartgen.validation.writes import target, writes

    ways = writes(path)
    if "unquoted" not in ways or misread(path, word, ways) is None:
        return None
    return target({"unquoted": ways["unquoted"]})


@rule("unknown-key")
def unknown_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key nobody reads: Helm ignores it in the chart's values and the master drops it in a
    resource pool, so it has no effect (a warning, with the key meant); in a resource manager the
    master refuses to start on it (an error).

    pass: ``slotType: cpu``
    fail (warning): ``slot_type: cpu`` (did you mean ``slotType``?)
    """
    return _report(ctx, "unknown-key")


@rule("foreign-key")
def foreign_key(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a top-level key unlike any of the chart's, most likely another chart's
    (a values file shared by an umbrella chart or a GitOps overlay). Helm ignores it.
    A near-miss of a real key is ``unknown-key`` instead, with the key meant.

    pass: ``global: {storageClass: ssd}`` (Helm's own)
    fail: ``pachyderm: {enabled: true}``
    """
    return _report(ctx, "foreign-key")


@rule("misplaced-key")
def misplaced_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key people write in the wrong place, with where it belongs: a resource pool's
    ``kubernetes_namespace`` (ignored since namespaces are bound to workspaces), a pool's
    ``max_slots_per_pod`` (it goes under ``task_container_defaults.kubernetes``),
    master.yaml's ``resource_manager`` at the top level. Where it is, nothing reads it (a warning).

    pass: ``resourcePools: [{pool_name: a, task_container_defaults: {kubernetes: {max_slots_per_pod: 4}}}]``
    fail (warning): ``resourcePools: [{pool_name: a, kubernetes_namespace: team-a}]``
    """
    return _report(ctx, "misplaced-key")


@rule("key-not-in-release")
def key_not_in_release(ctx: Context) -> Iterator[Diagnostic]:
    """A key of another release of the chart (or master) than the one chosen: this one does not
    read it, so it has no effect (a warning; an error where the master refuses unknown keys).

    pass (newest release): ``masterService: {annotations: {a: b}}``
    fail (warning, oldest release): the same (its chart does not read masterService)
    """
    return _report(ctx, "key-not-in-release")


@rule("wrong-type")
def wrong_type(ctx: Context) -> Iterator[Diagnostic]:
    """A value of the wrong type, such as a string where the chart tests a boolean
    (any non-empty string, even ``"false"``, is true in a template's ``if``).

    pass: ``enterpriseEdition: false``
    fail: ``enterpriseEdition: "false"``
    """
    return _report(ctx, "wrong-type")


@rule("invalid-enum")
def invalid_enum(ctx: Context) -> Iterator[Diagnostic]:
    """A value outside the choices the release takes, explained when it is another release's.

    pass: ``defaultScheduler: coscheduler``
    fail (newest release): ``defaultScheduler: preemption`` (no longer read; silently ignored)
    """
    return _report(ctx, "invalid-enum")


@rule("out-of-range")
def out_of_range(ctx: Context) -> Iterator[Diagnostic]:
    """A number outside its range, such as a port outside 1-65535.

    pass: ``masterPort: 8443``
    fail: ``masterPort: 80800``
    """
    return _report(ctx, "out-of-range")


@rule("invalid-format")
def invalid_format(ctx: Context) -> Iterator[Diagnostic]:
    """A malformed Kubernetes quantity, object name (DNS-1123), CIDR range, URL or host.

    pass: ``db: {storageClassName: fast-ssd, memRequest: 8Gi}``
    fail: ``db: {storageClassName: Fast_SSD, memRequest: 8GB}``
    """
    return _report(ctx, "invalid-format")


@rule("quantity-unit")
def quantity_unit(ctx: Context) -> Iterator[Diagnostic]:
    """A memory or storage quantity without a unit (bytes) or with ``m`` (milli-bytes):
    a warning for requests, an error for limits, under which no container starts.

    pass: ``db: {memRequest: 2Gi}``
    fail: ``db: {memRequest: 2}`` (2 bytes)
    """
    return _report(ctx, "quantity-unit")


@rule("placeholder")
def placeholder(ctx: Context) -> Iterator[Diagnostic]:
    """A ``${VAR}`` left by Terraform or shell templating, or a ``<name>`` copied from
    documentation: Helm uses it literally.

    pass: ``checkpointStorage: {type: s3, bucket: det-checkpoints}``
    fail: ``checkpointStorage: {type: s3, bucket: ${MLDE_BUCKET_NAME}}``
    """
    return _report(ctx, "placeholder")


@rule("missing-key")
def missing_key(ctx: Context) -> Iterator[Diagnostic]:
    """A key its section cannot do without, such as a node group's ``gpus``.

    pass: ``cluster: {nodes: [{name: a100, gpus: 8}]}``
    fail: ``cluster: {nodes: [{name: a100}]}``
    """
    return _report(ctx, "missing-key")


@rule("no-effect")
def no_effect(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a setting the master accepts but ignores, such as an agent-only key on a
    Kubernetes resource pool or the deprecated ``fluent``.

    pass: ``resourcePools: [{pool_name: a}]``
    fail: ``resourcePools: [{pool_name: a, max_aux_containers_per_agent: 1}]``
    """
    return _report(ctx, "no-effect")


@rule("untrimmed-value")
def untrimmed_value(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: a choice written with blanks around it, which works only because the chart trims it.

    pass: ``defaultScheduler: coscheduler``
    fail (warning): ``defaultScheduler: " coscheduler "``
    """
    return _report(ctx, "untrimmed-value")


# ---------------------------------------------------------------------------- fixes


def _name(diagnostic: Diagnostic) -> str:
    return str(diagnostic.path[-1])


@fixes("unknown-key", safe=True)
def fix_unknown_key(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """A misspelt key with one clear suggestion becomes that key (not when it is already set)."""
    from chartgen.yamlio.edit import Fix

    meant = diagnostic.extra.get("suggestion")
    if not isinstance(meant, str):
        return None
    edits = doc.rename_key(diagnostic.path, meant)
    return Fix(diagnostic.rule, diagnostic.path, f"renamed `{_name(diagnostic)}` to `{meant}`", tuple(edits))


@fixes("key-not-in-release", safe=False)
def fix_key_not_in_release(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """The release's own name for the key when it has one (safe), else the key removed: it has no effect."""
    from chartgen.yamlio.edit import Fix

    name = _name(diagnostic)
    other = diagnostic.extra.get("replaced_by")
    if isinstance(other, str):
        edits = doc.rename_key(diagnostic.path, other)
        return Fix(
            diagnostic.rule, diagnostic.path, f"renamed `{name}` to `{other}`", tuple(edits), safe=True
        )
    description = f"removed `{dotted(diagnostic.path)}`: the release does not read it"
    return Fix(diagnostic.rule, diagnostic.path, description, tuple(doc.remove(diagnostic.path)))


_POOL_NAMESPACE_NOTE = "removed by chartgen fix: ignored on a pool; namespaces are bound to workspaces"


def _moved_to(path: Path) -> Path | None:
    """Where the chart reads a misplaced key, for the keys whose place is certain."""
    *head, key = path
    if key == "max_slots_per_pod" and head and head[-1] == "task_container_defaults":
        return (*head, "kubernetes", key)
    if key == "max_slots_per_pod" and head and isinstance(head[-1], int):
        return (*head, "task_container_defaults", "kubernetes", key)
    if key in ("defaultComputeResourcePool", "defaultAuxResourcePool") and head == ["resourceManager"]:
        return (key,)
    return None


@fixes("misplaced-key", safe=True)
def fix_misplaced_key(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """A key moved to where the chart reads it; a pool's ``kubernetes_namespace`` removed with a
    comment saying why (it never had an effect)."""
    from chartgen.yamlio.edit import Fix

    path = diagnostic.path
    name = _name(diagnostic)
    if name == "kubernetes_namespace" and len(path) > 1 and isinstance(path[-2], int):
        value = doc.value_text(path)
        shown = f"{name}: {value}" if value and value.isprintable() else name
        edits = doc.remove(path, comment=f"{shown} {_POOL_NAMESPACE_NOTE}")
        description = f"removed `{dotted(path)}`: the master ignores it on a resource pool"
        return Fix(diagnostic.rule, path, description, tuple(edits))
    target = _moved_to(path)
    if target is None:
        return None
    edits = doc.move(path, target)
    return Fix(diagnostic.rule, path, f"moved `{dotted(path)}` to `{dotted(target)}`", tuple(edits))


@fixes("no-effect", safe=False)
def fix_no_effect(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """A setting that does nothing removed (unsafe: whoever wrote it expected it to work)."""
    from chartgen.yamlio.edit import Fix

    path = diagnostic.path
    if not path or isinstance(path[-1], int):
        return None
    description = f"removed `{dotted(path)}` ({diagnostic.message})"
    return Fix(diagnostic.rule, path, description, tuple(doc.remove(path)))


_DECIMAL = r"[+-]?[0-9]+(?:\.[0-9]+)?"
_YAML11_WORDS = frozenset({"y", "yes", "n", "no", "on", "off", "true", "false"})


@fixes("wrong-type", safe=True)
def fix_wrong_type(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """A YAML 1.1 boolean where only a string belongs is quoted; a quoted number where a number
    belongs is unquoted. Other type errors need a person."""
    from chartgen.yamlio.edit import Fix
    from chartgen.yamlio.emit import scalar

    path = diagnostic.path
    expected = diagnostic.extra.get("expected")
    if not path or isinstance(path[-1], int) or not isinstance(expected, list):
        return None
    entry = doc.entry(path)
    node = entry.value
    if type(node).__name__ != "ScalarNode":
        return None
    text = str(node.value)
    if node.style is None and expected == ["string"] and text.lower() in _YAML11_WORDS:
        edits = doc.replace_value(path, scalar(text))
        return Fix(
            diagnostic.rule, path, f"quoted `{dotted(path)}`: it is a string, not a boolean", tuple(edits)
        )
    numeric = re.fullmatch(_DECIMAL, text.strip()) is not None
    if (
        node.style in ("'", '"')
        and numeric
        and {"integer", "number"} & set(expected)
        and "string" not in expected
    ):
        edits = doc.replace_value(path, text.strip())
        return Fix(diagnostic.rule, path, f"unquoted `{dotted(path)}`: it is a number", tuple(edits))
    return None


@fixes("untrimmed-value", safe=True)
def fix_untrimmed_value(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """The value written without the blanks the chart trims anyway."""
    from chartgen.yamlio.edit import Fix
    from chartgen.yamlio.emit import scalar

    value = doc.scalar_value(diagnostic.path)
    if not isinstance(value, str):
        return None
    edits = doc.replace_value(diagnostic.path, scalar(value.strip()))
    return Fix(diagnostic.rule, diagnostic.path, f"trimmed `{dotted(diagnostic.path)}`", tuple(edits))
