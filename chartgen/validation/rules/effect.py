"""Schema findings judged by what the chart renders: the consumers read the objects, not the values.

The values model types each value by what its reader takes; but the chart stands between the
two. A number where text belongs (``clusterName: 1234``) is written ``cluster_name: 1234``
either way; text spelling a boolean (``"true"``) passes ``if`` as the boolean does; a value in a
section these values do not render reaches nobody. So each type, format, enum and range error
the schema walk finds is rendered twice more:

- with the chart's default in its place: the same objects mean the value has no effect, so
  nothing can refuse it (a warning);
- with the value it evidently says (the text written, the boolean or number it spells): the
  same objects mean every consumer does what was meant (a warning that the schema, and
  editors, take the other spelling); other objects mean the consumer gets something else than
  was written (``not-as-written``, an error).

A finding neither render clears stays as the walk made it. Only findings cost renders, and
only ``MAX_RENDERS`` of them: a valid file renders nothing here.
"""

from __future__ import annotations

import re

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.records import replace
from chartgen.validation.registry import Context, explain, fixes
from chartgen.validation.rules.structure import fix_wrong_type

if TYPE_CHECKING:
    from chartgen.rendering.audit import Recording

RULE = "not-as-written"

explain(
    RULE,
    """A value the chart passes on as something other than what was written.

    Where a value is not of the type its field takes, chartgen renders the chart twice: with
    the value, and with what the value evidently says (the text as written, the boolean or
    number it spells). Where the objects differ, the consumer gets something else than was
    written: Helm reads ``1.5e3`` in a values file as the number 1500 and writes
    ``cluster_name: 1500``; a template tests text with ``if``, where ``"false"`` is true; a
    whole number from a values file of a million or more is printed ``1.234567e+06``.

    pass: ``clusterName: 1234`` (the chart writes ``cluster_name: 1234`` either way)
    fail: ``db: {disablePVC: "false"}`` (``if`` counts the text as true: no volume claim)
    fail: ``clusterName: 1.5e3`` (the master's cluster name is ``1500``)

    fix: write the value as the type its field takes: quote text, write booleans and numbers bare.
    """,
)

# A YAML 1.1 word where text belongs (``clusterName: yes``) is quoted, as for wrong-type.
fixes(RULE, safe=True)(fix_wrong_type)

#: The schema walk's rules that judge a value by its type in the model.
JUDGED = frozenset({"wrong-type", "invalid-format", "invalid-enum", "out-of-range"})
#: Errors about how a consumer reads what chartgen renders exactly as Helm does (text written
#: bare, a float printed as text, an integer too large, a placeholder, a pool the master lacks,
#: slots or checkpoint counts it refuses tasks for, what PostgreSQL, the master's database
#: drivers and the kubelet refuse):
#: beside them the render still says what Helm writes. Any other error may be Helm's own refusal.
READ_AFTER = frozenset(
    {
        "written-bare",
        "float-exponent",
        "int-range",
        "placeholder",
        "default-pool-exists",
        "max-slots-per-pod-positive",
        "checkpoint-save-count",
        "db-port",
        "db-connection",
        "invalid-image-name",
        RULE,
    }
)
#: Values the chart writes only as a pod's image pull secret (``imagePullSecrets``): the API server
#: does not check the name, and the kubelet passes over a secret it cannot find
#: (``getPullSecretsForPod``, Kubernetes v1.28.3), so a name no Secret can have has no effect.
PULL_SECRETS = frozenset({("imagePullSecretName",)})
#: Renders spent on findings per lint: a hostile file of thousands of wrong values stays fast.
MAX_RENDERS = 32
_ABSENT = object()
_DIGITS = re.compile(r"[-+]?[0-9]+")
#: Longer text spells no number a consumer reads (2**64 has 20 digits; a float, some more).
_LONGEST = 64


def judged_by_render(ctx: Context, found: list[Diagnostic]) -> list[Diagnostic]:
    """``found`` with each schema error the render clears made a warning, and each value the
    render passes on otherwise made a ``not-as-written`` error."""
    found = [_pull_secret(d) if d.rule == "invalid-format" and d.path in PULL_SECRETS else d for d in found]
    suspects = [d for d in found if d.is_error and d.rule in JUDGED and d.path and _judged(ctx, d.path)]
    if not suspects or any(d.is_error and d.rule not in JUDGED | READ_AFTER for d in found):
        # Another error may be Helm's refusal, where no render of chartgen's says what Helm does.
        return found
    from chartgen.rendering.audit import strict
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.validation.schema_walk import chosen_at

    # A number where the chart compares text refuses, in these renders, what Go's eq and trim do;
    # any other value but text is opaque there, as far as the chart uses it but for its truth.
    chosen = {d.path: ctx.get(*d.path) for d in suspects if chosen_at(ctx.release, d.path)}
    opaque = {path: _Opaque(bool(value)) for path, value in chosen.items() if _opaque(value)}
    info = ReleaseInfo(ctx.release_name, ctx.namespace, ctx.release, ctx.is_upgrade)
    renders = _Renders(
        _changed(ctx.values, {path: strict(value) for path, value in chosen.items()} | opaque), info
    )
    if renders.base is None and opaque:
        # Used beyond its truth, where Go's templates refuse it: those findings stand as made.
        suspects = [d for d in suspects if d.path not in opaque]
        renders = _Renders(
            _changed(ctx.values, {path: strict(value) for path, value in chosen.items()}), info
        )
    if renders.base is None:
        return found  # the values do not render (Helm refuses them): every finding stands
    # A format or choice refused of text the chart writes bare, where YAML reads another value
    # (``'q'`` is q, ``&anc`` null): the consumer checks what it reads, and written-bare says
    # what that is; so too of text spelling no number where a number belongs (``'#'``).
    moot = {
        d for d in suspects if d.rule in ("invalid-format", "invalid-enum") and _misread_bare(ctx, d, found)
    }
    # Where what Helm writes of the value draws an error about how its consumer reads it (a pool
    # named `map[a:1]` that no pool has), that error says what happens; the type's says less.
    read_after = {o.path for o in found if o.is_error and o.rule in READ_AFTER}
    moot |= {d for d in suspects if d.rule == "wrong-type" and d.path in read_after}
    bare = {
        d: b for d in suspects if d.rule == "wrong-type" and (b := _misread_text(ctx, d, renders)) is not None
    }
    if moot or bare:
        found = [bare.get(d, d) for d in found if d not in moot]
        suspects = [d for d in suspects if d not in moot and d not in bare]
    judged: dict[Diagnostic, Diagnostic] = {}
    otherwise: dict[Diagnostic, object] = {}
    cast: dict[Diagnostic, object] = {}
    for d in suspects:
        value = ctx.get(*d.path)
        if not _scalar(ctx, d.path) or d.path in opaque:
            if d.rule == "wrong-type" and _cast(d.path, value) is not None:
                cast[d] = value  # printed as Go prints it, ``map[a:1]``, which the cast reads as 0
            continue  # a section or list where none belongs: only whether it has an effect is asked
        meant = _meant(value, _expected(ctx, d.path), ctx.loaded.words.get(d.path))
        if meant is None:
            if d.rule == "wrong-type" and _expected(ctx, d.path) == ["boolean"] and not _writes(d.path):
                otherwise[d] = None
            elif d.rule == "wrong-type" and _cast(d.path, value) is not None:
                cast[d] = value
            continue
        if (
            isinstance(meant[0], str)
            and _go_text(value) != meant[0]
            and not isinstance(_read(meant[0]), str)
            and _bare(d.path)
        ):
            # The text meant (``on``, ``1.5e3``) is itself no text written bare: what the consumer
            # gets is the value Helm writes, whatever chartgen's render of the text would say.
            otherwise[d] = meant[0]
            continue
        same = renders.same(d.path, meant[0])
        refusal = _refusal(ctx, d.path, meant[0], renders) if same else None
        if (
            refusal is not None
            and refusal.is_error
            and _bare_only(renders.writes(d.path))
            and _read_as(value, meant[0])
        ):
            judged[d] = refusal  # read as meant wherever it goes: what the meant value draws is what it does
            continue
        if same and refusal is not None:
            continue  # what was meant does not work either: the finding stands
        if same and _writes(d.path) and renders.writes(d.path) == {}:
            continue  # written nowhere with these values: whether it has an effect says more
        if same:
            as_that = (
                f"the chart renders {_shown(ctx, d.path, value)} exactly as {_shown(ctx, d.path, meant[0])}, "
                f"so it works as that; write {_shown(ctx, d.path, meant[0])}"
                if not _secret(ctx, d.path)
                else f"the chart renders this {_kind(value) if not isinstance(value, str) else 'text'} exactly "
                f"as {'its text' if isinstance(meant[0], str) else 'the ' + _kind(meant[0]) + ' it spells'}, "
                "so it works as that; write it so"
            )
            judged[d] = replace(
                d,
                severity=Severity.WARNING,
                message=f"{dotted(d.path)}: {as_that}, which is what the schema and editors take",
            )
        elif same is not None and d.rule == "wrong-type":
            if _bare_only(renders.writes(d.path)) and _read_as(value, meant[0]):
                # Go's YAML readers read what was meant wherever Helm writes it (``00``, ``1e3``,
                # ``08`` where a number belongs), though the chart may treat the spelling meant
                # otherwise (``default 1`` turns a written 0 into 1).
                judged[d] = replace(
                    d,
                    severity=Severity.WARNING,
                    message=f"{dotted(d.path)}: Helm writes {_bare_text(ctx, d.path, value)} bare wherever it goes, "
                    f"and its readers take it as {_shown(ctx, d.path, meant[0])}: it works as that, but the "
                    "schema and editors take a number",
                )
            else:
                otherwise[d] = meant[0]
    defaults = _chart_defaults(ctx.release)
    rest = [d for d in suspects if d not in judged and isinstance(d.path[-1], str)]
    unused = renders.unchanged({d.path: _at(defaults, d.path) for d in rest})
    # An empty section of the wrong kind, or false, is false to ``if``, and one of nulls no setting
    # to the master: its consumers read it as null.
    nulled = renders.unchanged(
        {
            d.path: _ABSENT
            for d in rest
            if d.path not in unused and (_empty(value := ctx.get(*d.path)) or value is False)
        }
    )
    for d in rest:
        if d.path in unused:
            judged[d] = replace(
                d,
                severity=Severity.WARNING,
                message=f"{d.message}; but it has no effect with these values: the chart renders the same "
                "objects without it",
            )
        elif d.path in nulled:
            how = (
                "it is false, so the chart renders it as it renders"
                if ctx.get(*d.path) is False
                else "it is empty, so the chart renders it as it renders"
                if not ctx.get(*d.path)
                else "it holds only nulls, so the master reads it as it reads"
            )
            judged[d] = replace(
                d,
                severity=Severity.WARNING,
                message=f"{d.message}; {how} `{d.path[-1]}: null`, which drops the chart's default",
            )
        elif d in otherwise:
            judged[d] = _otherwise(ctx, d, ctx.get(*d.path), otherwise[d])
        elif (printed := _printed(ctx, d, renders)) is not None:
            judged[d] = printed
        elif d.rule == "wrong-type" and _expected(ctx, d.path) == ["boolean"] and not _writes(d.path):
            # A section or list the templates only test with ``if``: true when not empty, which
            # the walk's message says.
            judged[d] = replace(d, rule=RULE)
        elif d in cast:
            read = _cast(d.path, cast[d])
            judged[d] = replace(
                d,
                rule=RULE,
                message=f"{dotted(d.path)}: the master reads {_shown(ctx, d.path, cast[d])} there as {read}: it "
                "casts whatever YAML reads at this key to an integer without a word (viper, spf13/cast ToInt)",
                hint="write the whole number meant",
            )
    return [judged.get(d, d) for d in found]


def _pull_secret(d: Diagnostic) -> Diagnostic:
    return replace(
        d,
        severity=Severity.WARNING,
        message=f"{d.message}; no Secret can have this name, so the kubelet never finds it and pulls "
        "the images without credentials: the value has no effect",
    )


class _Renders:
    """The chart's objects for the values, and for the values with some paths changed."""

    def __init__(self, values: dict[str, typing.Any], info: typing.Any) -> None:
        self.values = values
        self.info = info
        self.left = MAX_RENDERS
        self.base = self._texts(values)
        self.read: list[typing.Any] | None = None
        self.live: dict[Path, dict[str, list[str]]] | None = None

    def _texts(self, values: dict[str, typing.Any], recording: Recording | None = None) -> list[str] | None:
        from chartgen.rendering.chart import render

        self.left -= 1
        try:
            return [m.text for m in render(values, self.info, recording=recording)]
        except Exception:  # values that do not render, whatever the reason: nothing to compare
            return None

    def writes(self, path: Path) -> dict[str, list[str]] | None:
        """How this render writes the value at ``path`` (``{how: [templates]}``, as
        ``chartgen.data.writes`` says for all renders); None when a boolean (which cannot carry
        its path) or out of renders."""
        if isinstance(_at(self.values, path), bool):
            return None
        if self.live is None:
            self.live = self._sites(self.values)
        return None if self.live is None else self.live.get(path, {})

    def writes_as(self, path: Path, text: str) -> dict[str, list[str]] | None:
        """How the render with ``path`` set to ``text`` writes it; None when out of renders."""
        sites = self._sites(_changed(self.values, {path: text}))
        return None if sites is None else sites.get(path, {})

    def _sites(self, values: dict[str, typing.Any]) -> dict[Path, dict[str, list[str]]] | None:
        """Where a render of ``values`` writes each value, and how (the audit); None when out of
        renders."""
        if self.left <= 0:
            return None
        from chartgen.rendering import audit

        self.left -= 1
        live: dict[Path, dict[str, list[str]]] = {}
        record = audit.Recording()
        rendered = self._texts(values, record) is not None
        for where, how, template in record.found if rendered else ():
            live.setdefault(where, {}).setdefault(how, []).append(template.removesuffix(".yaml"))
        return live

    def same(self, path: Path, value: object) -> bool | None:
        """Whether the objects stay the same with ``path`` set to ``value``; None when out of
        renders. Where text belongs, the same text: the master formats a number into text
        (``1.234567e+06`` is not ``1234567``); elsewhere the same data (``08`` is 8)."""
        if self.left <= 0:
            return None
        texts = self._texts(_changed(self.values, {path: value}))
        return texts == self.base if isinstance(value, str) else self._same(texts)

    def unchanged(self, changes: dict[Path, typing.Any]) -> set[Path]:
        """The paths whose change alone keeps the objects the same (all changes tried at once first)."""
        if not changes or self.left <= 0:
            return set()
        if self._same(self._texts(_changed(self.values, changes))):
            return set(changes)
        return {path for path, value in changes.items() if self.same(path, value)}

    def _same(self, texts: list[str] | None) -> bool:
        """The same objects as the consumers read them: the same YAML data (``08`` and ``8`` are
        both 8), ``master.yaml`` included; a digest of other objects' text is read by nobody."""
        if texts is None or self.base is None:
            return False
        if texts == self.base:
            return True
        if len(texts) != len(self.base):
            return False
        if self.read is None:
            self.read = _as_read(self.base)
        read = _as_read(texts)
        return self.read is not None and read is not None and self.read == read


def _as_read(texts: list[str]) -> list[typing.Any] | None:
    """The objects as their consumers take them; ``master.yaml`` as the master's viper holds it."""
    from chartgen.validation.writes import master_settings
    from chartgen.yamlio.load import YamlError, load_yaml

    out = []
    for text in texts:
        try:
            data = load_yaml(text, "", locate=False).data
            config = data.get("stringData", {}).get("master.yaml") if data.get("kind") == "Secret" else None
            if isinstance(config, str):
                read = load_yaml(config, "", locate=False).data
                data["stringData"]["master.yaml"] = master_settings(read) if isinstance(read, dict) else read
        except (YamlError, AttributeError, ValueError):
            return None
        out.append(_typed(data))
    return out


def _typed(data: typing.Any) -> typing.Any:
    """YAML data compared as its readers take it: numbers by value, booleans never as numbers, a
    null as no key at all (JSON decoding into Go and Kubernetes objects alike), and ``checksum/``
    annotations (a digest of another object's text) left out."""
    if isinstance(data, dict):
        return {
            k: _typed(v)
            for k, v in data.items()
            if v is not None and not (isinstance(k, str) and k.startswith("checksum/"))
        }
    if isinstance(data, list):
        return [_typed(item) for item in data]
    return (type(data) is bool, data)


def _otherwise(ctx: Context, d: Diagnostic, value: object, meant: object) -> Diagnostic:
    """The finding where the objects differ from those of what was meant: ``not-as-written``
    where the consumer gets another value (of a boolean the walk has said what the chart and the
    master make of it); unchanged where only the type differs, which the consumer refuses."""
    wrote = _go_text(value)
    if meant is None or isinstance(meant, bool) or (isinstance(value, bool) and wrote != meant):
        return replace(d, rule=RULE)  # the walk has said what is made of it, in the user's words
    secret = _secret(ctx, d.path)
    if isinstance(meant, str):
        if wrote == meant:
            return d
        what = f"Helm holds it as a {_kind(value)} and writes `{'…' if secret else wrote}`"
    else:
        read = _read(wrote)
        if read == meant and not isinstance(read, bool):
            return d
        what = f"Helm writes it bare, where YAML reads {_shown(ctx, d.path, read)}"
    return replace(
        d,
        rule=RULE,
        message=f"{dotted(d.path)}: {what}, not {_written_as(ctx, d.path, meant)} as written",
        hint=f"write {_shown(ctx, d.path, meant)}"
        if not isinstance(meant, str)
        else "quote it: the chart writes a string's text as it is",
    )


def _printed(ctx: Context, d: Diagnostic, renders: _Renders) -> Diagnostic | None:
    """``not-as-written`` for a mapping or list where the chart writes text: Helm prints it as
    Go's ``%v`` does (``map[a:1]``, ``[1 x]``), and its reader takes that text; None where the
    text would not read back as itself, is refused there too, or the chart does not write the
    value."""
    from chartgen.validation.rules.bare import misread
    from chartgen.validation.writes import writes

    value = ctx.get(*d.path)
    if d.rule != "wrong-type" or not isinstance(value, dict | list) or _expected(ctx, d.path) != ["string"]:
        return None
    ways = writes(d.path)
    text = _go_text(value)
    if not ways or misread(d.path, text, ways) is not None or "\n" in text:
        return None
    if _refused(ctx, d.path, text, renders):
        return None  # the consumer refuses that text as well (a schedule): the type error says it
    kind = "mapping" if isinstance(value, dict) else "list"
    shown = "" if _secret(ctx, d.path) else f", `{text}`"
    return replace(
        d,
        rule=RULE,
        message=f"{dotted(d.path)}: Helm writes this {kind} as Go prints it{shown}, and its reader takes "
        "that text",
        hint="write the text meant",
    )


def _written_as(ctx: Context, path: Path, meant: object) -> str:
    if isinstance(meant, str) and not _secret(ctx, path):
        return f"the text `{meant}`"
    return _shown(ctx, path, meant)


def _read(text: str) -> object:
    from chartgen.yamlio.resolve import resolve_plain

    return resolve_plain(text)


def _meant(value: object, expected: list[str], word: str | None) -> tuple[object] | None:
    """What ``value`` evidently says, as the type its field takes; None when it says nothing such."""
    if value is None or isinstance(value, dict | list):
        return None
    if "string" in expected:
        if isinstance(value, str):
            return None
        if word is not None:
            return (word,)
        if isinstance(value, bool):
            return ("true" if value else "false",)
        return (str(int(value)) if isinstance(value, int) else _go_text(value),)
    if expected == ["boolean"]:
        read = _number(value) if not isinstance(value, bool) else None
        if isinstance(value, str):
            from chartgen.yamlio.resolve import resolve_plain

            spelled = resolve_plain(value.strip())
            if isinstance(spelled, bool):
                return (spelled,)
        return (read != 0,) if read is not None else None
    if {"integer", "number"} & set(expected) and isinstance(value, str):
        read = _number(value)
        if read is None or ("number" not in expected and read != int(read)):
            return None
        return (int(read) if "number" not in expected else read,)
    return None


def _number(value: object) -> float | None:
    """The number a value spells: digits are decimal, leading zeros or not (``08`` is 8)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) > _LONGEST:
        return None  # beyond any integer a reader takes: the finding stands
    if _DIGITS.fullmatch(text):
        return int(text)
    from chartgen.yamlio.resolve import resolve_plain

    read = resolve_plain(text)
    return read if isinstance(read, int | float) and not isinstance(read, bool) else None


def _judged(ctx: Context, path: Path) -> bool:
    """Whether the render can judge the value: one the user wrote and, where the chart branches
    on it (an enum), one it compares as text. chartgen renders valid values exactly; of a wrong
    one, exactly where the templates print it, test it with ``if`` or compare text with text;
    where Helm's ``eq`` and ``trim`` refuse a number, as a ``strict`` number does; and of any
    other value, whether the chart uses it but for its truth (``_Opaque``)."""
    from chartgen.validation.schema_walk import chosen_at

    value = ctx.get(*path, user=True)
    if value is None and ctx.get(*path[:-1], user=True) is None:
        return False
    return not chosen_at(ctx.release, path) or _expected(ctx, path) == ["string"]


def _opaque(value: object) -> bool:
    """A value a chart comparing text cannot render as Go does: neither text nor a number."""
    return isinstance(value, bool) or not isinstance(value, str | int | float)


class _Opaque:
    """A boolean, list or mapping where the chart compares text. Go's ``if`` and ``default``
    take its truth as Python's do; its ``eq``, ``trim`` and printing differ from Python's (the
    first two refuse it), so any use but its truth fails the render: a render that passes used
    nothing else of it, exactly as Helm's would."""

    __slots__ = ("truth",)

    def __init__(self, truth: bool) -> None:
        self.truth = truth

    def __bool__(self) -> bool:
        return self.truth

    def _refuse(self, *args: object) -> typing.NoReturn:
        from chartgen.rendering.audit import GoTypeError

        raise GoTypeError("a value of another type than text where the chart compares text")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __contains__ = _refuse
    __str__ = __format__ = __iter__ = __len__ = __getitem__ = __getattr__ = __hash__ = _refuse


def _empty(value: object) -> bool:
    """A section or list with nothing but nulls in it: an empty one is false to ``if``, and
    the master's viper takes a mapping of nulls for no setting at all."""
    if isinstance(value, list):
        return not value
    return isinstance(value, dict) and all(
        v is None or (isinstance(v, dict) and _empty(v)) for v in value.values()
    )


def _scalar(ctx: Context, path: Path) -> bool:
    """A scalar where a scalar belongs: only such a value has a meaning to render instead."""
    value = ctx.get(*path)
    return not isinstance(value, dict | list) and not ({"object", "array"} & set(_expected(ctx, path)))


def _refused(ctx: Context, path: Path, meant: object, renders: _Renders) -> bool:
    """Whether what was meant is itself refused there, or does not work either."""
    return _refusal(ctx, path, meant, renders) is not None


def _refusal(ctx: Context, path: Path, meant: object, renders: _Renders) -> Diagnostic | None:
    """What refuses what was meant there, or says it does not work either: the first finding of
    any rule with it in the value's place (``written-bare``'s when the text is not read back as
    itself, which is asked of this render's writes, not of every render's); None if nothing."""
    from chartgen.records import replace as changed
    from chartgen.validation.registry import all_rules
    from chartgen.validation.rules.bare import RULE as BARE
    from chartgen.validation.rules.bare import misread

    loaded = changed(
        ctx.loaded,
        user=_changed(ctx.user, {path: meant}),
        values=_changed(ctx.values, {path: meant}),
        words={p: w for p, w in ctx.loaded.words.items() if p != path},
    )
    trial = Context(loaded, ctx.release_name, ctx.namespace, ctx.is_upgrade)
    checks = [rule for rule in all_rules() if rule.check is not None and not rule.renders]
    # A boolean cannot carry its path through a render: where the text meant goes is asked of its own.
    live = (
        None
        if not isinstance(meant, str)
        else renders.writes_as(path, meant)
        if isinstance(ctx.get(*path), bool)
        else renders.writes(path)
    )
    if live is not None and (why := misread(path, str(meant), live)) is not None:
        return ctx.diag(BARE, path, f"{dotted(path)}: {why}")
    # A warning that the value has no effect counts too: ``logColor: false`` renders as 0 does,
    # and the chart ignores both.
    return next(
        (
            d
            for rule in checks
            if rule.check is not None and (live is None or rule.rule != BARE)
            for d in rule.check(trial)
            if d.path == path and (d.is_error or _ignored(d.rule))
        ),
        None,
    )


def _ignored(rule: str) -> bool:
    """A rule that says the value has no effect (``log-color-ignored``, ``db-bundled-unused``)."""
    from chartgen.validation.rules.unrendered import GATES

    return rule == "no-effect" or rule.endswith(("-ignored", "-unused")) or any(g.rule == rule for g in GATES)


def _cast(path: Path, value: object) -> int | None:
    """What the master reads at a viper-cast integer key the chart writes bare, when that is not
    refused (a negative id is); None elsewhere."""
    from chartgen.validation.writes import VIPER_INTS, pattern, viper_int

    if pattern(path) not in VIPER_INTS:
        return None
    read = viper_int(_go_text(value))
    return read if read >= 0 else None


def live_writes(ctx: Context) -> dict[Path, dict[str, list[str]]] | None:
    """Where the chart writes each value for these values, and how (one audited render, shared
    through ``Context.once``); None where they do not render. The table of
    ``chartgen.data.writes`` holds every template any values reach: a value is written into the
    GenAI Deployment only when GenAI is on."""
    from chartgen.rendering.engine import ReleaseInfo

    info = ReleaseInfo(ctx.release_name, ctx.namespace, ctx.release, ctx.is_upgrade)
    renders = _Renders(ctx.values, info)
    return renders._sites(ctx.values) if renders.base is not None else None


def _misread_bare(ctx: Context, d: Diagnostic, found: list[Diagnostic]) -> bool:
    """Whether ``written-bare`` says YAML reads this text, written bare, as another value: the
    consumer then checks what it reads, not the text, and ``written-bare`` says what that is."""
    from chartgen.validation.rules.bare import RULE as BARE

    return isinstance(ctx.get(*d.path), str) and any(o.rule == BARE and o.path == d.path for o in found)


def _misread_text(ctx: Context, d: Diagnostic, renders: _Renders) -> Diagnostic | None:
    """``written-bare``'s finding on text spelling no value of its field's type, where this
    render writes it bare and YAML reads another value than the text (the schema walk's finding
    says only that it is text)."""
    from chartgen.validation.rules.bare import misread_finding

    value = ctx.get(*d.path)
    if not isinstance(value, str) or _meant(value, _expected(ctx, d.path), ctx.loaded.words.get(d.path)):
        return None
    ways = renders.writes(d.path)
    return misread_finding(ctx, d.path, value, ways) if ways else None


def _bare_only(ways: dict[str, list[str]] | None) -> bool:
    """Whether this render writes the value somewhere, and only bare after a key."""
    return bool(ways) and ways is not None and set(ways) == {"unquoted"}


def _read_as(value: object, meant: object) -> bool:
    """Whether Go's YAML readers read ``value``, written bare, as the number ``meant``."""
    if isinstance(meant, bool) or not isinstance(meant, int | float) or not isinstance(value, str):
        return False
    read = _read(value.strip(" "))
    return isinstance(read, int | float) and not isinstance(read, bool) and read == meant


def _bare(path: Path) -> bool:
    """Whether the chart writes the value bare anywhere (``chartgen.data.writes``)."""
    from chartgen.validation.writes import writes

    return bool({"unquoted", "embedded"} & writes(path).keys())


def _writes(path: Path) -> bool:
    """Whether the chart writes the value anywhere (else templates only test it)."""
    from chartgen.validation.writes import writes

    return bool(writes(path))


def _expected(ctx: Context, path: Path) -> list[str]:
    from chartgen.validation.schema_walk import types_at

    return sorted(types_at(ctx.release, path) - {"null"})


def _chart_defaults(release: str) -> dict[str, typing.Any]:
    from chartgen.values.load import chart_defaults

    return chart_defaults(release)


def _at(data: typing.Any, path: Path) -> typing.Any:
    """The value at ``path``, or ``_ABSENT``."""
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part, _ABSENT)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return _ABSENT
    return data


def _changed(values: dict[str, typing.Any], changes: dict[Path, typing.Any]) -> dict[str, typing.Any]:
    """A copy of ``values`` with each path set (or removed, for ``_ABSENT``); only the
    containers along the paths are copied."""
    out: dict[str, typing.Any] = dict(values)
    for path, new in changes.items():
        node: typing.Any = out
        for part in path[:-1]:
            child = _at(node, (part,))
            if not isinstance(child, dict | list):
                break
            child = dict(child) if isinstance(child, dict) else list(child)
            node[part] = child
            node = child
        else:
            last = path[-1]
            if isinstance(node, dict) and new is _ABSENT:
                node.pop(last, None)
            elif isinstance(node, dict) or (
                isinstance(last, int) and last < len(node) and new is not _ABSENT
            ):
                node[last] = new
    return out


def _secret(ctx: Context, path: Path) -> bool:
    from chartgen.redaction import SECRET_KEYS

    where = ctx.loaded.positions.get(path)
    return path[-1] in SECRET_KEYS or (where is not None and where.file == "--set-file")


def _shown(ctx: Context, path: Path, value: object) -> str:
    """A value for a message: as the user wrote it where known, never a secret."""
    if _secret(ctx, path):
        return "the value"
    if isinstance(value, str):
        from chartgen.yamlio.emit import flow

        return f"`{flow(value)}`"
    word = ctx.loaded.words.get(path)
    written = ctx.get(*path)
    same = word is not None and type(value) is type(written) and value == written
    return f"`{word}`" if same else f"`{_go_text(value)}`"


def _bare_text(ctx: Context, path: Path, value: object) -> str:
    """Text as Helm writes it bare, for a message; never a secret."""
    return "the value" if _secret(ctx, path) else f"`{_go_text(value)}`"


def _go_text(value: object) -> str:
    from chartgen.yamlio.resolve import go_string

    return go_string(value)


def _kind(value: object) -> str:
    return "boolean" if isinstance(value, bool) else "number"
