"""Check values against a release's generated JSON Schema, fast, with a finding per problem.

``lint`` must start in tens of milliseconds, so this module imports neither pydantic nor
jsonschema: it walks the release's schema in ``chartgen.data`` (generated from the model
by ``python -m chartgen.gen``). It understands the subset of
JSON Schema that generator writes (type, properties, additionalProperties, required,
items, enum, const, pattern, minimum/maximum, anyOf, $ref) and its own ``format``s and
``x-`` annotations, which turn a bare "not allowed" into what the chart or the master
will actually do with the value.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping

from chartgen.diagnostics import Finding, Path, Severity, dotted
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.quantities import check_format, spells_number
from chartgen.quantities import shown as show
from chartgen.suggest import suggest
from chartgen.yamlio.resolve import EXPONENT_FROM, HelmFloat, boolean_text, go_string, resolve_plain

if TYPE_CHECKING:
    Schema = Mapping[str, typing.Any]

# What happens to a key nobody reads, by who consumes the section it is in.
CONSEQUENCE = {
    "chart": "the {release} chart does not read it; Helm ignores it, so it has no effect",
    "chartgen": "chartgen does not know it in {where}",
    "master-lenient": (
        "the chart copies it into master.yaml, where the {release} master silently drops keys it "
        "does not know in {where}, so it has no effect"
    ),
    "master-strict": (
        "the chart copies it into master.yaml, and the {release} master refuses to start on a key "
        "it does not know in {where}"
    ),
}


# ---------------------------------------------------------------------------- placeholders

# A ``${`` ends where the next one begins: otherwise each of many unclosed ones would be
# scanned to the end of the text (quadratic time).
_PLACEHOLDER = re.compile(r"\$\{(?:[^}$]|\$(?!\{))*\}|<[A-Za-z_][^<>\n]*>")


def placeholders(text: str, *, whole: bool) -> list[str]:
    """Every ``${VAR}`` or ``<name>`` left by templating or copied from documentation.

    ``whole``: only when placeholders (and blanks) are all the text holds, the sure sign where
    ``<`` and ``>`` could be real content (a password, a free-form object).
    """
    found = _PLACEHOLDER.findall(text)
    if whole and _PLACEHOLDER.sub("", text).strip():
        return []
    return found


def _placeholder_message(path: Path, found: list[str], *, secret: bool) -> str:
    if secret:
        what = (
            "the value is a placeholder" if len(found) == 1 else f"the value holds {len(found)} placeholders"
        )
    elif len(found) == 1:
        what = f"`{found[0]}` is a placeholder"
    else:
        what = f"{', '.join(f'`{p}`' for p in found[:-1])} and `{found[-1]}` are placeholders"
    return (
        f"{dotted(path)}: {what} left by templating or copied from documentation; Helm uses "
        f"{'it' if len(found) == 1 else 'them'} literally. Fill in the real value"
    )


# ---------------------------------------------------------------------------- the walk

_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}


def type_of(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _matches(value: object, types: str | Collection[str]) -> bool:
    kind = type_of(value)
    wanted = (types,) if isinstance(types, str) else types
    if kind in wanted:
        return True
    if kind == "integer" and "number" in wanted:
        return True
    return kind == "number" and "integer" in wanted and float(value).is_integer()  # type: ignore[arg-type]


def release_schema(release: str) -> dict[str, typing.Any]:
    """The generated JSON Schema of a release (shared: callers must not change it)."""
    from chartgen.release_data import release_data

    data: dict[str, typing.Any] = release_data(release, "SCHEMA")
    return data


class Walker:
    """Walks one values document against one release's schema, collecting findings."""

    def __init__(
        self,
        schema: Schema,
        release: str,
        secret_keys: Collection[str] = (),
        hidden: Collection[Path] = (),
    ) -> None:
        self.root = schema
        self.defs: Mapping[str, Schema] = schema.get("$defs", {})
        self.release = release
        self.secret_keys = secret_keys
        self.hidden = frozenset(hidden)
        self.found: list[Finding] = []
        self.guesses = 0

    def secret(self, path: Path) -> bool:
        """Whether the value at ``path`` must not be shown: a secret key, or text from a file."""
        if path and path[-1] in self.secret_keys:
            return True
        return any(path[:depth] in self.hidden for depth in range(len(path) + 1)) if self.hidden else False

    def run(self, values: object) -> list[Finding]:
        self.walk(values, self.root, (), {})
        return self.found

    # -- helpers

    def resolve(self, node: Schema) -> Schema:
        while "$ref" in node:
            node = self.defs[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def add(
        self,
        rule: str,
        path: Path,
        message: str,
        *,
        warning: bool = False,
        key: bool = False,
        data: dict[str, object] | None = None,
    ) -> None:
        severity = Severity.WARNING if warning else Severity.ERROR
        self.found.append(Finding(rule, path, message, severity, key, data or {}))

    def allows_null(self, node: Schema) -> bool:
        node = self.resolve(node)
        if "anyOf" in node:
            return any(self.allows_null(branch) for branch in node["anyOf"])
        types = node.get("type")
        return types is None or types == "null" or (not isinstance(types, str) and "null" in types)

    def expected(self, node: Schema) -> list[str]:
        node = self.resolve(node)
        if "anyOf" in node:
            return [t for branch in node["anyOf"] for t in self.expected(branch)]
        types = node.get("type", ())
        return [types] if isinstance(types, str) else [t for t in types if t != "null"]

    # -- the walk

    def walk(self, value: object, node: Schema, path: Path, flags: Mapping[str, typing.Any]) -> None:
        marks = [k for k in _FLAGS if k in node]
        if marks:
            flags = {**flags, **{k: node[k] for k in marks}}
        if "x-no-effect" in node and value is not None:
            self.add(
                "no-effect",
                path,
                f"{dotted(path)} has no effect: {node['x-no-effect']}",
                warning=True,
                key=True,
            )
        node = self.resolve(node)
        if value is None:
            if not self.allows_null(node) and "x-checked-by" not in flags:
                self.wrong_type(value, self.expected(node), path, flags)
            return
        if "anyOf" in node:
            self.any_of(value, node, path, flags)
            return
        types = node.get("type")
        if types is not None and not _matches(value, types):
            self.wrong_type(value, self.expected(node), path, flags)
            self.bounds_of_text(value, [node], path, flags)
            return
        if isinstance(value, dict):
            self.mapping(value, node, path, flags)
        elif isinstance(value, list):
            items = node.get("items")
            for index, item in enumerate(value):
                if items is not None:
                    self.walk(item, items, (*path, index), flags)
                else:
                    self.scan_open(item, (*path, index))
        else:
            self.scalar(value, node, path, flags)

    def any_of(self, value: object, node: Schema, path: Path, flags: Mapping[str, typing.Any]) -> None:
        branches = [self.resolve(b) for b in node["anyOf"]]
        fitting = [b for b in branches if "type" not in b or _matches(value, b["type"])]
        if not fitting:
            self.wrong_type(value, self.expected(node), path, flags)
            self.bounds_of_text(value, branches, path, flags)
            return
        best: list[Finding] | None = None
        for branch in fitting:
            trial = Walker(self.root, self.release, self.secret_keys, self.hidden)
            trial.walk(value, branch, path, flags)
            errors = [f for f in trial.found if f.severity is Severity.ERROR]
            if not errors:
                self.found.extend(trial.found)
                return
            if best is None or len(errors) < len([f for f in best if f.severity is Severity.ERROR]):
                best = trial.found
        self.found.extend(best or ())

    def mapping(
        self, value: dict[str, typing.Any], node: Schema, path: Path, flags: Mapping[str, typing.Any]
    ) -> None:
        props: Mapping[str, Schema] = node.get("properties", {})
        extra = node.get("additionalProperties", True)
        for key, item in value.items():
            child = (*path, key)
            if key in props:
                self.walk(item, props[key], child, _inherited(flags, node))
            elif extra is False:
                self.unknown(key, item, node, path)
            elif isinstance(extra, Mapping):
                self.walk(item, extra, child, _inherited(flags, node))
            else:
                self.scan_open(item, child)
        for name in node.get("required", ()):
            if name not in value and "x-checked-by" not in props.get(name, {}):
                self.add("missing-key", path, f"{dotted(path) or 'the values'} needs `{name}`")

    def scalar(self, value: object, node: Schema, path: Path, flags: Mapping[str, typing.Any]) -> None:
        notes: Mapping[str, str] = flags.get("x-enum-notes", {})
        secret = bool(flags.get("x-secret")) or self.secret(path)

        def shown(written: object = value) -> str:  # only for a message: most values get none
            return "the value" if secret else f"`{show(written)}`"

        if "x-checked-by" in flags:
            node = {k: v for k, v in node.items() if k not in _BOUNDS}
        if "const" in node and value != node["const"]:
            self.add("invalid-enum", path, f"{dotted(path)} must be `{node['const']}`, not {shown()}")
            return
        if "enum" in node and value not in node["enum"]:
            folded = (
                isinstance(value, str) and node.get("x-case-insensitive") and value.lower() in node["enum"]
            )
            if isinstance(value, str) and node.get("x-trimmed") and value.strip() in node["enum"]:
                self.add(
                    "untrimmed-value",
                    path,
                    f"{dotted(path)}: {shown()} works only because the chart trims it before comparing; "
                    f"write `{value.strip()}`",
                    warning=True,
                )
                value, folded = value.strip(), True
            if not folded:
                note = notes.get(value) if isinstance(value, str) else None
                choices = ", ".join(f"`{c}`" for c in node["enum"] if c is not None)
                self.add(
                    "invalid-enum",
                    path,
                    f"{dotted(path)}: {note}"
                    if note
                    else f"{dotted(path)}: {shown()} is not one of {choices}",
                )
                return
        if isinstance(value, str) and value in flags.get("x-enum-ignored", ()):
            self.add("no-effect", path, f"{dotted(path)}: {notes[value]}", warning=True)
            return
        if isinstance(value, int | float) and not isinstance(value, bool):
            self.number(value, node, path)
        if isinstance(value, str):
            if not flags.get("x-free-text"):
                found = placeholders(value, whole=secret)
                if found:
                    self.add("placeholder", path, _placeholder_message(path, found, secret=secret))
                    return
            if len(value) < node.get("minLength", 0):
                self.add("missing-key", path, f"{dotted(path)} must not be empty")
                return
            pattern = node.get("pattern")
            if pattern is not None and not re.search(pattern, value):
                self.add(
                    "invalid-format",
                    path,
                    f"{dotted(path)}: {shown()} does not match {pattern}",
                    data={"keyword": "pattern"},  # JSON Schema's own, unlike the formats chartgen checks
                )
                return
        fmt = node.get("format")
        if fmt is not None and not (value == "" and "null" in node.get("type", ())):
            # "" where null is allowed is unset to every template test; the rule needing a value says so.
            problem = check_format(fmt, value)
            if problem is not None:
                text = problem.message if not secret else "the value is malformed"
                self.add(problem.rule, path, f"{dotted(path)}: {text}", warning=not problem.error)

    def bounds_of_text(
        self, value: object, nodes: list[Schema], path: Path, flags: Mapping[str, typing.Any]
    ) -> None:
        """Text spelling a number, which the chart writes bare (a warning of the type), is the
        number YAML reads there: its reader holds it to the same bounds (``log_retention_days``
        is an int16 whether written 65536 or "65536")."""
        if not (isinstance(value, str) and flags.get("x-consumer") == "chart") or "x-checked-by" in flags:
            return  # the rule named there judges the number
        read = resolve_plain(value.strip(" "))
        if not isinstance(read, int | float) or isinstance(read, bool):
            return
        for node in nodes:
            kinds = node.get("type", [])
            if {"integer", "number"} & set([kinds] if isinstance(kinds, str) else kinds):
                self.number(read, node, path)
                return

    def number(self, value: float, node: Schema, path: Path) -> None:
        low, high = node.get("minimum"), node.get("maximum")
        above = node.get("exclusiveMinimum")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                bounds = f"between {low} and {high}"
            elif low is not None:
                bounds = f"at least {low}"
            else:
                bounds = f"at most {high}"
            self.add("out-of-range", path, f"{dotted(path)} must be {bounds}, not {show(value)}")
        elif above is not None and value <= above:
            self.add("out-of-range", path, f"{dotted(path)} must be greater than {above}, not {show(value)}")

    def unknown(self, key: str, value: object, node: Schema, path: Path) -> None:
        child = (*path, key)
        others: Mapping[str, str] = node.get("x-other-releases", {})
        moved: Mapping[str, str] = node.get("x-moved", {})
        consumer = node.get("x-consumer", "chart")
        # A key nobody reads has no effect (a warning); only a strict master refuses to start on it.
        ignored = consumer != "master-strict"
        if key in others:
            renamed: Mapping[str, str] = node.get("x-renamed", {})
            data: dict[str, object] = {"replaced_by": renamed[key]} if key in renamed else {}
            self.add("key-not-in-release", child, others[key], warning=ignored, key=True, data=data)
            return
        if key in moved:
            self.add(
                "misplaced-key",
                child,
                f"`{key}` does not belong here: {moved[key]}",
                warning=ignored,
                key=True,
            )
            return
        candidates = [*node.get("properties", {}), *moved]
        # Guessing costs a string comparison per candidate: a file of thousands of unknown keys
        # gets guesses for the first hundred only.
        self.guesses += 1
        guessing = self.guesses <= MAX_GUESSES
        guess = suggest(key, candidates, strict=True) if guessing else None
        if guess is None and not path and consumer == "chart":
            self.add("foreign-key", child, self._foreign(key, value, node), warning=True, key=True)
            return
        # Only a close, unambiguous spelling of a key read right here is safe to apply.
        hint: dict[str, object] = {"suggestion": guess} if guess is not None and guess not in moved else {}
        guess = guess or (suggest(key, candidates) if guessing else None)
        place = f" in {dotted(path)}" if path else ""
        text = CONSEQUENCE[consumer].format(release=self.release, where=node.get("x-where", "this section"))
        message = f"unknown key `{_short(key)}`{place}: {text}"
        if guess is not None:
            message += f"; {moved[guess]}" if guess in moved else f"; did you mean `{guess}`?"
        self.add("unknown-key", child, message, warning=ignored, key=True, data=hint)

    def _foreign(self, key: str, value: object, node: Schema) -> str:
        """Top-level keys unlike the chart's are most likely another chart's, sharing the file."""
        key = _short(key)
        if isinstance(value, dict) and any(k in node.get("properties", {}) for k in value):
            return (
                f"`{key}` holds values of the Determined chart, but the chart reads only top-level keys, "
                f"so Helm ignores them; if this is an umbrella chart's values file, lint the `{key}` block "
                "on its own (it is what the chart receives)"
            )
        return (
            f"`{key}` is not a value of the Determined chart, so Helm ignores it "
            "(a key meant for another chart, or an umbrella chart's?)"
        )

    def scan_open(self, value: object, path: Path) -> None:
        """Inside free-form objects (pod specs, metadata) only whole-value placeholders are sure mistakes."""
        for where, text in _strings(value, path):
            found = placeholders(text, whole=True)
            if found:
                self.add("placeholder", where, _placeholder_message(where, found, secret=self.secret(where)))

    def wrong_type(
        self, value: object, expected: list[str], path: Path, flags: Mapping[str, typing.Any]
    ) -> None:
        notes: Mapping[str, str] = flags.get("x-enum-notes", {})
        if isinstance(value, str) and value in notes:
            self.add("wrong-type", path, f"{dotted(path)}: {notes[value]}")
            return
        names = [_TYPE_NAMES[t] for t in dict.fromkeys(expected) if t in _TYPE_NAMES and t != "null"]
        if "a number" in names and "an integer" in names:
            names.remove("an integer")
        wanted = " or ".join(names) or "something else"
        message = f"{dotted(path) or 'the values'} must be {wanted}, not {_TYPE_NAMES[type_of(value)]}"
        if expected == ["boolean"] and flags.get("x-empty-is-default") and not _truthy(value):
            message += (
                f": the chart reads it through Helm's `default`, where {_shown(value)} counts as unset, "
                "so Helm writes the chart's default, true"
            )
        elif expected == ["boolean"] and flags.get("x-empty-is-default"):
            why = _cast_bool(value)
            if why is None:
                return  # the master reads the boolean the text says
            message += f": Helm writes it unquoted into master.yaml, and {why}"
        elif expected == ["boolean"]:
            message += _truthiness(value)
        numeric = isinstance(value, str) and spells_number(value, expected)
        if numeric and flags.get("x-consumer") == "chart" and abs(float(str(value))) >= EXPONENT_FROM:
            return  # quoted is right: unquoted, Helm would print the float in exponent form
        if numeric and flags.get("x-consumer") == "chart":
            message += "; it works only because the chart writes it unquoted: write it without quotes"
            self.add("wrong-type", path, message, warning=True, data={"expected": expected})
            return
        if numeric:
            message += (
                "; the chart copies it into master.yaml as a string, which the master cannot read as a number"
            )
        if isinstance(value, str) and re.fullmatch(_LEADING_ZERO, value) and not self.secret(path):
            message += (
                f": Helm keeps `{value}` text, as its --set reads no number with a leading zero; "
                f"write {int(value)}"
            )
        if isinstance(value, HelmFloat) and not self.secret(path):
            message += f" (a number from a values file, which Helm would write as `{go_string(value)}`)"
        self.add("wrong-type", path, message, data={"expected": expected})


#: Digits with a leading zero: a number to the eye, text to Helm's ``--set`` (and when quoted).
_LEADING_ZERO = r"[-+]?0[0-9]+"

# Annotations of a property that matter while walking its value.
_FLAGS = ("x-secret", "x-free-text", "x-enum-notes", "x-enum-ignored", "x-checked-by", "x-empty-is-default")
# What a property's ``x-checked-by`` rule reports instead of the walker.
_BOUNDS = ("const", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def _inherited(flags: Mapping[str, typing.Any], owner: Schema) -> Mapping[str, typing.Any]:
    """What a child value inherits: secret and free-text from above, and who reads its section."""
    kept = {k: v for k, v in flags.items() if k in ("x-secret", "x-free-text")}
    kept["x-consumer"] = owner.get("x-consumer", flags.get("x-consumer", "chart"))
    return kept


def _strings(value: object, path: Path) -> Iterator[tuple[Path, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


#: Unknown keys of one file that get a "did you mean" (see ``chartgen.suggest`` for the length cap).
MAX_GUESSES = 100


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 20] + "..."


def types_at(release: str, path: Path) -> set[str]:
    """The JSON types the release's schema admits at ``path`` (empty when it says nothing)."""
    found: set[str] = set()
    for node in _nodes_at(release, path):
        kinds = node.get("type", [])
        found.update([kinds] if isinstance(kinds, str) else kinds)
    return found


def chosen_at(release: str, path: Path) -> bool:
    """Whether the value at ``path`` is one of a list (an enum or a constant): what the chart
    branches on, comparing it with ``eq``, which refuses a value of another type."""
    return any("enum" in node or "const" in node for node in _nodes_at(release, path))


def _nodes_at(release: str, path: Path) -> list[Schema]:
    schema = release_schema(release)
    defs = schema.get("$defs", {})
    nodes: list[Schema] = [schema]
    for part in path:
        below: list[Schema] = []
        for node in _branches(nodes, defs):
            if isinstance(part, int):
                child = node.get("items")
            else:
                child = node.get("properties", {}).get(part, node.get("additionalProperties"))
            if isinstance(child, dict):
                below.append(child)
        nodes = below
    return list(_branches(nodes, defs))


def _cast_bool(value: object) -> str | None:
    """What the master makes of a value the chart writes bare through ``default true`` (logColor),
    when that is not what the value says; None when it reads the boolean the text says.

    The master reads the key with viper, through ``spf13/cast`` (v1.4.1) ``ToBool``: a YAML
    boolean as itself, ``t``/``f`` as ``strconv.ParseBool`` does, and anything else as false
    without a word: numbers too, since its decode makes every number a float64, which that
    version does not convert (``docs/consumers.md``).
    """
    if isinstance(value, str) and boolean_text(value) is not None:
        return None
    if isinstance(value, dict | list):
        return "the master reads a list or map there as false"
    if isinstance(resolve_plain(go_string(value).strip(" ")), int | float):
        return (
            f"YAML reads {_shown(value)} as a number, which the master reads there as false, whatever it is"
        )
    return "the master reads any text but a boolean word there as false"


def _truthy(value: object) -> bool:
    return bool(value) if not isinstance(value, float) else value != 0


def _shown(value: object) -> object:
    import json  # only for a message

    return (
        json.dumps(value)
        if isinstance(value, str)
        else "an empty list or map"
        if value in ([], {})
        else value
    )


def _truthiness(value: object) -> str:
    """What Helm's ``if`` makes of a value given where a boolean belongs. The runner keeps this
    finding only where the chart renders the value otherwise than the boolean it spells
    (``chartgen.validation.runner``): where it is only written out as text, it is read as meant."""
    shown = _shown(value)
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "n", "0"):
        return (
            f": the chart renders it otherwise than the boolean: its templates test it with `if`, where "
            f"the non-empty string {shown} is true, not false"
        )
    return (
        f": {shown} spells no boolean; where a template tests it with `if` it counts as "
        f"{'true' if _truthy(value) else 'false'}, and no reader of a boolean takes it as written"
    )


def _branches(nodes: list[Schema], defs: Mapping[str, Schema]) -> Iterator[Schema]:
    for node in nodes:
        while "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        if "anyOf" in node:
            yield from _branches(list(node["anyOf"]), defs)
        else:
            yield node


def walk_values(
    values: object, release: str, secret_keys: Collection[str] = (), hidden: Collection[Path] = ()
) -> list[Finding]:
    """Every structural problem of ``values`` (the user's own values) for ``release``.

    ``hidden`` paths (and what is below them) are never shown, whatever their key.
    """
    return Walker(release_schema(release), release, secret_keys, hidden).run(values)
