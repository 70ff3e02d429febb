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
    return sorted(unique, key=Diagnostic.sort_key)
