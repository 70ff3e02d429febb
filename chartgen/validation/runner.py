"""Run every rule over loaded values and return all findings in source order."""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic
from chartgen.validation.registry import Context, all_rules
from chartgen.values.load import LoadedValues


def run_rules(
    loaded: LoadedValues,
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
) -> list[Diagnostic]:
    ctx = Context(loaded, release_name, namespace, is_upgrade)
    found: list[Diagnostic] = list(loaded.notes)
    for rule in all_rules():
        if rule.check is not None:
            found.extend(rule.check(ctx))
    unique = list(dict.fromkeys(found))
    return sorted(_one_error_per_value(unique), key=Diagnostic.sort_key)


#: Errors about how the chart writes a value: beside another error at the same value (not a URL,
#: not an allowed name, not a string) they say nothing the user needs, as fixing that fixes both.
_SECONDARY = frozenset({"written-bare"})


def _one_error_per_value(found: list[Diagnostic]) -> list[Diagnostic]:
    """One mistake, one finding: what follows from a value of the wrong type goes unsaid."""
    primary = {d.location for d in found if d.is_error and d.rule not in _SECONDARY and d.location}
    # A section of the wrong type (``db: 5``) has no keys: "db.user is required" adds nothing.
    broken = {d.path for d in found if d.rule == "wrong-type" and d.is_error and d.path}

    def follows(d: Diagnostic) -> bool:
        if d.rule in _SECONDARY and d.location in primary:
            return True
        if d.rule == "values-type-conflict" and d.path in broken:
            return True
        return any(len(d.path) > len(p) and d.path[: len(p)] == p for p in broken)

    return [d for d in found if not follows(d)]
