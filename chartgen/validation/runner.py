"""Run every rule over loaded values and return all findings in source order."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from chartgen.diagnostics import Diagnostic
from chartgen.hints import TYPE_CHECKING
from chartgen.validation.registry import Context, all_rules
from chartgen.validation.rules.effect import JUDGED, judged_by_render
from chartgen.values.load import LoadedValues
from chartgen.values.prefixes import Prefixes

if TYPE_CHECKING:
    from chartgen.validation.policies import Policy


def run_rules(
    loaded: LoadedValues,
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
    opt_in: Collection[str] = (),
    policies: Sequence[Policy] = (),
) -> list[Diagnostic]:
    """``opt_in``: the opt-in rules to run as well (the others run always); ``policies``: the
    configuration's house rules."""
    return checked(Context(loaded, release_name, namespace, is_upgrade), opt_in, policies)


def checked(ctx: Context, opt_in: Collection[str] = (), policies: Sequence[Policy] = ()) -> list[Diagnostic]:
    """``run_rules`` in ``ctx``, whose shared results (its render) outlive the run."""
    loaded = ctx.loaded
    found: list[Diagnostic] = list(loaded.notes)
    rules = [known for known in all_rules() if not known.opt_in or known.rule in opt_in]
    for rule in rules:
        if rule.check is not None and not rule.renders:
            found.extend(rule.check(ctx))
    owned = {path for rule in rules for path in rule.owns}
    found = [d for d in found if not (d.rule in JUDGED and d.path in owned)]
    found = judged_by_render(ctx, _rendered_only(ctx, list(dict.fromkeys(found))))
    # Rules over the rendered objects need values that render: only when nothing else refuses them.
    renders = not any(d.is_error for d in found)
    if renders:
        for rule in rules:
            if rule.check is not None and rule.renders:
                found.extend(rule.check(ctx))
    if policies:  # house rules hold whether or not the chart reads the value
        from chartgen.validation.policies import findings

        found.extend(findings(ctx, policies, objects=False))
        if renders:
            found.extend(findings(ctx, policies, objects=True))
    return sorted(_one_error_per_value(list(dict.fromkeys(found))), key=Diagnostic.sort_key)


#: Findings about reading the values, which hold wherever a value is: Helm reads every line.
_READING = ("yaml-", "values-")


def _rendered_only(ctx: Context, found: list[Diagnostic]) -> list[Diagnostic]:
    """No error about a value the chart does not render: nothing reads it, so nothing refuses it
    (its gate's warning says it is not used)."""
    from chartgen.validation.rules.unrendered import unrendered_paths

    unused = Prefixes(unrendered_paths(ctx))
    if not unused:
        return found

    def unread(d: Diagnostic) -> bool:
        return d.is_error and not d.rule.startswith(_READING) and unused.lead_to(d.path)

    return [d for d in found if not unread(d)]


#: Errors about how the master's database URL reads a value, or how the chart writes it: beside
#: another error at the same value (not a URL, not an allowed name, not a string, a placeholder)
#: they say nothing the user needs, as fixing that fixes both. Each yields to every error but
#: those after it here.
_SECONDARY = ("db-connection", "written-bare")


def _one_error_per_value(found: list[Diagnostic]) -> list[Diagnostic]:
    """One mistake, one finding: what follows from a value of the wrong type goes unsaid."""
    rank = {rule: index for index, rule in enumerate(_SECONDARY)}
    first: dict[object, int] = {}
    for d in found:
        if d.is_error and d.location:
            first[d.location] = min(first.get(d.location, len(rank)), rank.get(d.rule, -1))
    # A section of the wrong type (``db: 5``) has no keys: "db.user is required" adds nothing.
    wrong = {d.path for d in found if d.rule == "wrong-type" and d.is_error and d.path}
    broken = Prefixes(wrong)

    def follows(d: Diagnostic) -> bool:
        if d.rule in rank and first.get(d.location, len(rank)) < rank[d.rule]:
            return True
        if d.rule == "values-type-conflict" and d.path in wrong:
            return True
        return broken.lead_to(d.path, strictly=True)

    return [d for d in found if not follows(d)]
