"""House rules: ``policies`` a configuration writes in CEL, each one a rule of its own.

A policy is checked when its configuration is read (``parse``: every field, the id against the
built-in rules, the expression compiled and type-checked by ``chartgen.validation.cel``), so a
broken one is a usage error before any values are read. Run over a file's values
(``findings``), it is true (passes) or gives a finding of its own id, located at its ``path``
where the user wrote it, else at the nearest written parent, else at the file's first line.
An expression that fails on these values, gives something other than a boolean, or costs more
than CEL's bound is a finding of that policy saying so: the user's input, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from chartgen.diagnostics import Diagnostic, Path, Severity, UsageError, dotted
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.records import field, record

if TYPE_CHECKING:
    from chartgen.validation.cel import Program
    from chartgen.validation.registry import Context, Rule

#: What a policy may say of itself, and the type each must have.
FIELDS: dict[str, type] = {
    "id": str,
    "expression": str,
    "message": str,
    "path": str,
    "severity": str,
    "kinds": list,
}
REQUIRED = ("id", "expression", "message")
#: An id as suppression comments and ``--select`` can name it.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
#: A path as ``--set`` writes it: ``a.b[0].c``, ``a\.b`` for a key with a dot.
_STEP = re.compile(r"\.?((?:[^.\[\]\\]|\\.)+)|\[(\d+)\]")


@record(frozen=True)
class Policy:
    """One house rule, checked and compiled."""

    id: str
    expression: str
    message: str
    path: Path
    severity: Severity
    #: The kinds of rendered object it is evaluated on, as ``object``; none: once, on the values.
    kinds: tuple[str, ...]
    #: The configuration that defines it, for messages and ``chartgen rule``.
    source: str
    program: Program = field(compare=False, repr=False)

    @property
    def rule(self) -> Rule:
        """The policy as the catalogue holds a rule: its message is its explanation."""
        from chartgen.validation.registry import Rule

        return Rule(self.id, None, self.doc)

    @property
    def doc(self) -> str:
        """Its message, then what it is: the explanation ``chartgen rule`` and SARIF show."""
        where = (
            f"once per rendered {', '.join(self.kinds)} object (``object``)"
            if self.kinds
            else "on the values"
        )
        located = f"at ``{dotted(self.path)}``" if self.path else "at the values file's first line"
        return (
            f"{self.message}\n\n"
            f"A house rule of {self.source}, in CEL: it passes where ``{' '.join(self.expression.split())}`` "
            f"is true, evaluated {where}. Its findings are {self.severity.value}s, {located} where the "
            "values file writes it, else at the nearest key it writes above it."
        )


def parse(file: str, where: str, items: typing.Any, builtins: Iterable[str]) -> tuple[Policy, ...]:
    """The ``policies`` list of a configuration (or an override) at ``where``, each checked."""
    if not isinstance(items, list):
        raise UsageError(f"{where}: policies must be a list, not {type(items).__name__}")
    reserved = set(builtins)
    found: dict[str, Policy] = {}
    for index, item in enumerate(items):
        here = f"{where}: policies[{index}]"
        policy = _one(file, here, item)
        if policy.id in reserved:
            raise UsageError(
                f"{here}: id {policy.id!r} is a built-in rule's (chartgen rule {policy.id}): choose another"
            )
        if policy.id in found:
            raise UsageError(f"{here}: id {policy.id!r} is given to two policies")
        found[policy.id] = policy
    return tuple(found.values())


def _one(file: str, where: str, item: typing.Any) -> Policy:
    if not isinstance(item, dict):
        raise UsageError(f"{where}: must be a mapping of id, expression, message (and path, severity, kinds)")
    for key, value in item.items():
        wanted = FIELDS.get(key)
        if wanted is None:
            raise UsageError(f"{where}: unknown field {key!r} (fields: {', '.join(FIELDS)})")
        if not isinstance(value, wanted):
            raise UsageError(f"{where}: {key} must be a {wanted.__name__}, not {type(value).__name__}")
    missing = [key for key in REQUIRED if key not in item]
    if missing:
        raise UsageError(f"{where}: a policy needs {' and '.join(missing)}")
    policy_id = item["id"]
    if not _ID.fullmatch(policy_id):
        raise UsageError(
            f"{where}: id {policy_id!r} must be letters, digits, '-', '_' and '.', as rule ids are"
        )
    here = f"{where} ({policy_id})"
    severity = item.get("severity", "error")
    if severity not in ("error", "warning"):
        raise UsageError(f"{here}: severity must be error or warning, not {severity!r}")
    kinds = item.get("kinds", [])
    if (not kinds and "kinds" in item) or not all(isinstance(kind, str) and kind for kind in kinds):
        raise UsageError(f"{here}: kinds must list the kinds of object it reads, such as [Service]")
    if not item["message"].strip():
        raise UsageError(f"{here}: message is empty: say what the rule wants")
    path = _path(here, item.get("path", ""))
    variables = {"values": "dyn", "release": "map(string)", **({"object": "dyn"} if kinds else {})}
    from chartgen.validation import cel

    try:
        program = cel.compile(item["expression"], variables)
    except cel.CelError as exc:
        raise UsageError(f"{here}: expression, column {exc.column}: {exc.message}") from None
    from chartgen.validation.config import shown

    return Policy(
        policy_id,
        item["expression"],
        item["message"],
        path,
        Severity(severity),
        tuple(kinds),
        shown(file),
        program,
    )


def _path(where: str, text: str) -> Path:
    """``a.b[0].c`` as a values path; ``""`` is no path (the file's first line)."""
    parts: list[str | int] = []
    position = 0
    while position < len(text):
        match = _STEP.match(text, position)
        dot = match is not None and match.group(0).startswith(".")
        if match is None or (match.group(1) is not None and dot != bool(parts)):
            raise UsageError(
                f"{where}: path {text!r} is not a values path such as resourcePools[0].pool_name"
            )
        key, index = match.groups()
        parts.append(int(index) if index is not None else re.sub(r"\\(.)", r"\1", key))
        position = match.end()
    return tuple(parts)


def findings(ctx: Context, policies: Sequence[Policy], *, objects: bool) -> list[Diagnostic]:
    """What ``policies`` find: those over the values, or (``objects``) those over rendered objects."""
    chosen = [policy for policy in policies if bool(policy.kinds) == objects]
    if not chosen:
        return []
    from chartgen.validation import cel

    found: list[Diagnostic] = []
    try:
        variables = ctx.once(_variables)
    except cel.EvaluationError as exc:
        return [_failed(ctx, policy, str(exc)) for policy in chosen]
    for policy in chosen:
        if not policy.kinds:
            found.extend(_judged(ctx, policy, variables, ""))
            continue
        for name, obj in _objects(ctx, policy.kinds):
            try:
                each = {**variables, "object": cel.to_cel(obj)}
            except cel.EvaluationError as exc:
                found.append(_failed(ctx, policy, f"{name}: {exc}"))
                continue
            found.extend(_judged(ctx, policy, each, name))
    return found


def _variables(ctx: Context) -> dict[str, typing.Any]:
    """``values`` and ``release`` as CEL holds them, converted once for every policy."""
    from chartgen.validation import cel

    release = {"version": ctx.release, "name": ctx.release_name, "namespace": ctx.namespace}
    return {"values": cel.to_cel(ctx.values), "release": cel.to_cel(release)}


def _objects(ctx: Context, kinds: tuple[str, ...]) -> list[tuple[str, typing.Any]]:
    """Each rendered object of ``kinds``, named ``Kind name`` for messages."""
    from chartgen.yamlio import YamlError, load_yaml

    chosen = []
    for manifest in ctx.rendered():
        if manifest.kind not in kinds:
            continue
        try:
            obj = load_yaml(manifest.text, manifest.source, locate=False).data
        except YamlError:
            continue  # what the chart writes as no object: the rules of rendering say so
        if isinstance(obj, dict):
            name = obj.get("metadata", {}).get("name") if isinstance(obj.get("metadata"), dict) else None
            chosen.append((f"{manifest.kind} {name}" if name else manifest.kind, obj))
    return chosen


def _judged(ctx: Context, policy: Policy, variables: Mapping[str, typing.Any], name: str) -> list[Diagnostic]:
    from chartgen.validation import cel

    on = f" ({name})" if name else ""
    try:
        value = policy.program.evaluate(variables)
    except cel.CostExceeded:
        return [
            _failed(
                ctx,
                policy,
                f"evaluating the expression{on} would cost more than CEL's bound of {cel.COST_LIMIT:,} "
                "(steps, and the sizes of the lists and strings it reads), so it was stopped",
                hint="rewrite it to visit each list once: nested all/exists/map over a long list cost its square",
            )
        ]
    except cel.EvaluationError as exc:
        return [_failed(ctx, policy, f"the expression failed{on}: {exc}")]
    from celpy.celtypes import BoolType

    if not isinstance(value, BoolType):
        kind = type(value).__name__.removesuffix("Type").lower() if value is not None else "null"
        return [
            _failed(
                ctx, policy, f"the expression gave a {kind}{on}, not a bool: a policy passes when it is true"
            )
        ]
    if bool(value):
        return []
    return [ctx.diag(policy.id, policy.path, policy.message + on, severity=policy.severity)]


def _failed(ctx: Context, policy: Policy, why: str, *, hint: str = "") -> Diagnostic:
    """A policy that could not say yes or no: the user's to fix, at the policy's path."""
    return ctx.diag(
        policy.id,
        policy.path,
        f"the policy could not be judged: {why}",
        severity=policy.severity,
        hint=hint or f"the policy is defined in {policy.source}",
    )
