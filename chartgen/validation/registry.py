"""Rules register themselves here: the catalogue of every rule id chartgen can report.

A rule is a function ``check(ctx) -> Iterable[Diagnostic]`` decorated with
``@rule("rule-id")``. Its docstring says what it catches and why, with a
passing and a failing example. Findings made before or beside the rules
(reading YAML, ``--set``, a command's own checks) are registered with
``explain("rule-id", doc)``, so every id can be listed, explained
(``chartgen rule ID``), documented and configured alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import chartgen
from chartgen.arguments import given
from chartgen.diagnostics import Diagnostic, Location, Path, Severity, dotted
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.records import field, record, replace
from chartgen.values.load import LoadedValues

if TYPE_CHECKING:
    _T = typing.TypeVar("_T")


def _render(ctx: Context) -> list[chartgen.Manifest]:
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo

    return render(ctx.values, ReleaseInfo(ctx.release_name, ctx.namespace, ctx.release, ctx.is_upgrade))


@record
class Context:
    """What a rule sees: the coalesced values, the user's own values and where they came from."""

    loaded: LoadedValues
    release_name: str = "determined"
    namespace: str = "default"
    is_upgrade: bool = False
    #: What ``once`` computed for this context, by the function that computed it.
    shared: dict[Callable[[Context], typing.Any], typing.Any] = field(
        default_factory=dict, compare=False, repr=False
    )

    def once(self, compute: Callable[[Context], _T]) -> _T:
        """``compute(self)``, computed once however many rules ask: the schema walk, the pod
        specs' checks and the render that several rules each report a share of."""
        shared = self.shared
        if compute not in shared:
            shared[compute] = compute(self)
        found: _T = shared[compute]
        return found

    def rendered(self) -> list[chartgen.Manifest]:
        """The chart's objects for these values, rendered once for every rule that reads them
        and for ``chartgen.render``, which renders after validating."""
        return self.once(_render)

    @property
    def values(self) -> dict[str, typing.Any]:
        return self.loaded.values

    @property
    def user(self) -> dict[str, typing.Any]:
        return self.loaded.user

    @property
    def release(self) -> str:
        return self.loaded.release

    def get(self, *path: str | int, user: bool = False) -> typing.Any:
        node: typing.Any = self.user if user else self.values
        for part in path:
            if isinstance(node, dict) and isinstance(part, str):
                node = node.get(part)
            elif isinstance(node, list) and isinstance(part, int) and -len(node) <= part < len(node):
                node = node[part]
            else:
                return None
        return node

    def where(self, path: Path, *, key: bool = False) -> Location | None:
        return self.loaded.locate(path, key=key)

    def diag(
        self,
        rule_name: str,
        path: Path,
        message: str,
        *,
        severity: Severity = Severity.ERROR,
        hint: str = "",
        key: bool = False,
        extra: dict[str, object] | None = None,
    ) -> Diagnostic:
        """A diagnostic located at ``path``, else its nearest written ancestor, else the top of the values.

        A key nobody wrote (a required one) belongs to the top level: 1:1 of the first values
        file, or of the first ``--set`` flag, as ruff places findings about a whole file (values
        given as data: their root, ``Values``).
        ``extra`` carries what the rule's fix needs (a suggested key, say) as data.
        """
        location = self.where(path, key=key) or self.top()
        return Diagnostic(rule_name, message, severity, location, path, hint, extra or {})

    def required(
        self,
        rule_name: str,
        path: Path,
        why: str,
        *,
        when: str = "",
        refused: bool = True,
        at: Path | None = None,
        key: bool = True,
    ) -> Diagnostic:
        """``PATH is required WHEN: WHY, and the chart refuses to render without it``: every rule
        that misses a value the chart or the master cannot do without says so in these words, at
        the key to add (or at ``at``, where that is what the user wrote)."""
        condition = f" {when}" if when else ""
        refusal = ", and the chart refuses to render without it" if refused else ""
        message = f"{dotted(path)} is required{condition}: {why}{refusal}"
        return self.diag(rule_name, path if at is None else at, message, key=key)

    def top(self) -> Location:
        if () in self.loaded.positions:  # values given as data: their root, as they name it
            return self.loaded.positions[()]
        if self.loaded.files:
            return Location(self.loaded.files[0], 1, 1)
        flags = sorted({(where.file, where.line) for where in self.loaded.positions.values()})
        if flags:
            return Location(flags[0][0], flags[0][1], 1)
        return Location(NO_VALUES, 1, 1)


#: Where findings about values nobody wrote point when no file or flag gave any.
NO_VALUES = "<no values given>"

Check = Callable[[Context], Iterable[Diagnostic]]
# A fix turns one finding into edits of the file's text, or None when it cannot (``chartgen.fix``).
Fixer = Callable[[Diagnostic, "chartgen.ValuesDocument"], "chartgen.Fix | None"]


@record(frozen=True)
class Rule:
    """A check, and the fix of its findings if it has one: ``safe`` fixes keep what the
    author meant and are applied by ``chartgen fix``; the others change what the chart
    does and need ``--unsafe-fixes`` (a single fix may still call itself unsafe)."""

    rule: str
    check: Check | None
    docstring: str
    fix: Fixer | None = None
    safe: bool = False
    renders: bool = False
    #: Reported only where a configuration or ``select`` names it: advice whose remedy not every
    #: tool chain has (ruff's and pylint's optional checks).
    opt_in: bool = False
    #: Values this rule reads as their consumers do, whatever their type and spelling: the schema
    #: walk's type, format and range findings there are left to it.
    owns: tuple[Path, ...] = ()

    @property
    def doc(self) -> str:
        """The explanation: the docstring without its indentation (cleaned when asked, not at
        every start, where only the check runs)."""
        return _clean(self.docstring)


RULES: dict[str, Rule] = {}


def rule(
    name: str, *, renders: bool = False, opt_in: bool = False, owns: tuple[Path, ...] = ()
) -> Callable[[Check], Check]:
    """Register a check; one that ``renders`` the values runs after the others, and only when
    they found no error (only then do the values render); an ``opt_in`` one runs only when asked;
    one that ``owns`` values judges them in place of the schema walk."""

    def register(check: Check) -> Check:
        if name in RULES:
            raise ValueError(f"rule {name} registered twice")
        RULES[name] = Rule(name, check, check.__doc__ or "", renders=renders, opt_in=opt_in, owns=owns)
        return check

    return register


def _clean(doc: str) -> str:
    """A docstring without the indentation of its lines after the first, as ``inspect.cleandoc``."""
    import textwrap

    first, _, rest = doc.strip().partition("\n")
    return f"{first}\n{textwrap.dedent(rest)}".strip()


def explain(name: str, doc: str) -> None:
    """Register ``name``, reported from outside the runner, with its explanation."""
    if name in RULES:
        raise ValueError(f"rule {name} registered twice")
    RULES[name] = Rule(name, None, doc)


def fixes(name: str, *, safe: bool) -> Callable[[Fixer], Fixer]:
    """Declare rule ``name``'s fix; written beside the rule, after it."""

    def register(fixer: Fixer) -> Fixer:
        known = RULES[name]
        if known.fix is not None:
            raise ValueError(f"rule {name} has two fixes")
        RULES[name] = replace(known, fix=fixer, safe=safe)
        return fixer

    return register


def all_rules() -> Iterator[Rule]:
    import chartgen.validation.rules  # noqa: F401  (registers every rule)

    yield from RULES.values()


def explanation(known: Rule) -> str:
    """What ``chartgen rule ID`` prints: the id, whether ``chartgen fix`` fixes it, the docstring."""
    given(known, Rule, "rule_explanation()", "a chartgen.Rule (from chartgen.all_rules() or rules_for())")
    fix = ""
    if known.fix is not None:
        fix = " (fixed by chartgen fix)" if known.safe else " (fixed by chartgen fix --unsafe-fixes)"
    return f"{known.rule}{fix}\n\n{known.doc}\n"


def summary(doc: str) -> str:
    """A rule's first paragraph on one line: what ``chartgen rule --all`` lists beside the id."""
    given(doc, str, "rule_summary()", "doc as a string (a rule's docstring, Rule.doc)")
    return " ".join(doc.split("\n\n", 1)[0].split())
