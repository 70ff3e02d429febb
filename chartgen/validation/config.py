"""Project configuration: ``.chartgen.yaml`` or ``[tool.chartgen]`` in ``pyproject.toml``, found as ruff finds its own.

For each values file, the nearest configuration up the directory tree from the
file applies (in one directory, ``.chartgen.yaml`` wins over ``pyproject.toml``,
and a ``pyproject.toml`` without ``[tool.chartgen]`` is passed by). Discovery only
stats files; a file is parsed only when found, once per run. Paths and globs in a
configuration are relative to its directory. ``overrides`` apply in order to the
files their ``paths`` globs match; later settings win, ``ignore`` lists add up, and so do
``policies`` (house rules in CEL, ``chartgen.validation.policies``; an override's policy of a
top-level one's id replaces it for its paths).

Every key is checked: a typo in a configuration is an error, never a silent default.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping

from chartgen import globs
from chartgen.arguments import wrong
from chartgen.diagnostics import Severity, UsageError
from chartgen.hints import TYPE_CHECKING, typing
from chartgen.records import field, record, replace

if TYPE_CHECKING:
    from chartgen.validation.policies import Policy


_MATCHES = "a rule id and a pattern (a rule id or a glob), as strings"


def rule_matches(rule: str, pattern: str) -> bool:
    """``fnmatchcase``, which only a pattern with a wildcard needs (and imports a compiler for)."""
    if not isinstance(rule, str) or not isinstance(pattern, str):
        wrong(pattern if isinstance(rule, str) else rule, "rule_matches()", _MATCHES)
    if pattern == "*":
        return True
    if not any(char in pattern for char in "*?["):
        return rule == pattern
    from fnmatch import fnmatchcase

    return fnmatchcase(rule, pattern)


YAML_NAME = ".chartgen.yaml"
TOML_NAME = "pyproject.toml"

#: Keys a configuration (and each override) may set, and the type each must have.
_SETTINGS: dict[str, type] = {
    "select": list,
    "ignore": list,
    "severity": dict,
    "strict": bool,
    "app-version": str,
    "release-name": str,
    "namespace": str,
    "base": list,
    "subchart": str,
    "policies": list,
}
_TOP_ONLY: dict[str, type] = {"exclude": list, "overrides": list}


@record(frozen=True)
class Settings:
    """What applies to one values file: rule selection, severities, release facts, base files."""

    select: tuple[str, ...] = ("*",)
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, Severity] = field(default_factory=dict)
    strict: bool = False
    app_version: str | None = None
    release_name: str | None = None
    namespace: str | None = None
    base: tuple[str, ...] = ()
    #: The key of an umbrella chart's values that holds the Determined chart's (``determined``).
    subchart: str | None = None
    #: Where these settings come from (a configuration file), for messages.
    source: str | None = None
    excluded: bool = False
    #: House rules that apply to this file, each a rule of its own id.
    policies: tuple[Policy, ...] = ()

    def enabled(self, rule: str, *, opt_in: bool = False) -> bool:
        """Whether ``rule``'s findings are reported; an opt-in rule only where ``select`` names it."""
        if opt_in:
            chosen = rule in self.select
        else:
            chosen = any(rule_matches(rule, pattern) for pattern in self.select)
        return chosen and not any(rule_matches(rule, pattern) for pattern in self.ignore)


@record(frozen=True)
class _Block:
    globs: tuple[str, ...]
    values: dict[str, typing.Any]


@record(frozen=True)
class Config:
    """One configuration file, checked."""

    file: str
    root: str
    settings: dict[str, typing.Any]
    exclude: tuple[str, ...]
    overrides: tuple[_Block, ...]

    def policies(self) -> tuple[Policy, ...]:
        """Every policy this configuration defines, its overrides' included (each id once)."""
        tables = (self.settings, *(block.values for block in self.overrides))
        by_id = {policy.id: policy for table in tables for policy in table.get("policies", ())}
        return tuple(by_id.values())

    def for_file(self, path: str) -> Settings:
        relative = _relative(path, self.root)
        result = _apply(Settings(source=str(self.file)), self.settings, self.root)
        if relative is not None and any(_matches(relative, glob) for glob in self.exclude):
            result = replace(result, excluded=True)
        for block in self.overrides:
            if relative is not None and any(_matches(relative, glob) for glob in block.globs):
                result = _apply(result, block.values, self.root)
        return result


def _relative(path: str, root: str) -> str | None:
    """``path`` relative to the (resolved) ``root``, with ``/``; None when outside it."""
    resolved = os.path.realpath(path)
    if resolved != root and not resolved.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return os.path.relpath(resolved, root).replace(os.sep, "/")


def _glob_steps(glob: str) -> list[globs.Step]:
    """``**/`` any directories (none too), ``*`` and ``?`` within one name, as pre-commit's users expect."""
    steps: list[globs.Step] = []
    i = 0
    while i < len(glob):
        if glob.startswith("**/", i):
            steps.append((globs.DIRS, globs.any_char))
            i += 3
        elif glob.startswith("**", i):
            globs.many(steps, globs.any_char)
            i += 2
        elif glob[i] == "*":
            globs.many(steps, globs.not_slash)
            i += 1
        elif glob[i] == "?":
            steps.append((globs.ONE, globs.not_slash))
            i += 1
        else:
            steps.append(globs.literal(glob[i]))
            i += 1
    return steps


def _matches(relative: str, glob: str) -> bool:
    return _compiled(glob).matches(relative)


@functools.cache
def _compiled(glob: str) -> globs.Glob:
    """A configuration's glob, compiled once for every file it is matched against."""
    return globs.Glob(_glob_steps(glob.removeprefix("./")))


def _apply(settings: Settings, values: dict[str, typing.Any], root: str) -> Settings:
    changes: dict[str, typing.Any] = {}
    if "select" in values:
        changes["select"] = tuple(values["select"])
    if "ignore" in values:
        changes["ignore"] = (*settings.ignore, *values["ignore"])
    if "severity" in values:
        changes["severity"] = {**settings.severity, **{k: Severity(v) for k, v in values["severity"].items()}}
    if "policies" in values:
        by_id = {policy.id: policy for policy in (*settings.policies, *values["policies"])}
        changes["policies"] = tuple(by_id.values())
    if "base" in values:
        changes["base"] = tuple(shown(os.path.join(root, name)) for name in values["base"])
    for key in ("strict", "app-version", "release-name", "namespace", "subchart"):
        if key in values:
            changes[key.replace("-", "_")] = values[key]
    return replace(settings, **changes)


def shown(path: str) -> str:
    """A base file as messages show it: relative to the working directory when under it."""
    relative = os.path.relpath(path)
    return (path if relative.startswith("..") else relative).replace(os.sep, "/")


def _has_type(value: typing.Any, wanted: type) -> bool:
    return isinstance(value, wanted)


def _check(
    table: typing.Any, where: str, allowed: dict[str, type], rules: Iterable[str]
) -> dict[str, typing.Any]:
    if not isinstance(table, dict):
        raise UsageError(f"{where}: must be a mapping of settings")
    known = set(rules)
    for key, value in table.items():
        wanted = allowed.get(key)
        if wanted is None:
            raise UsageError(f"{where}: unknown setting {key!r} (settings: {', '.join(sorted(allowed))})")
        if not _has_type(value, wanted):
            raise UsageError(f"{where}: {key} must be a {wanted.__name__}, not {type(value).__name__}")
        if key in ("select", "ignore", "base") and not all(isinstance(item, str) for item in value):
            raise UsageError(f"{where}: {key} must list strings")
        if key in ("select", "ignore"):
            for pattern in value:
                if not any(rule_matches(rule, pattern) for rule in known):
                    raise UsageError(f"{where}: {key}: no rule is named {pattern!r}")
        if key == "severity":
            for rule, level in value.items():
                if rule not in known:
                    raise UsageError(f"{where}: severity: no rule is named {rule!r}")
                if level not in ("error", "warning"):
                    raise UsageError(f"{where}: severity of {rule} must be error or warning, not {level!r}")
    return dict(table)


def parse(file: str, table: typing.Any, rules: Iterable[str]) -> Config:
    """A configuration from its parsed table (``[tool.chartgen]`` or the YAML document)."""
    rules = list(rules)
    own = _policies(file, table, rules)
    # Its policies are rules of this configuration: select, ignore and severity may name them.
    known = [*rules, *(policy.id for found in own.values() for policy in found)]
    top = _check(table, str(file), {**_SETTINGS, **_TOP_ONLY}, known)
    if "policies" in top:
        top["policies"] = own[-1]
    blocks = []
    for index, block in enumerate(top.pop("overrides", [])):
        where = f"{file}: overrides[{index}]"
        if not isinstance(block, dict) or not isinstance(block.get("paths"), list):
            raise UsageError(f"{where}: needs paths, a list of globs")
        block = dict(block)
        globs = block.pop("paths")
        checked = _check(block, where, _SETTINGS, known)
        if "policies" in checked:
            checked["policies"] = own[index]
        blocks.append(_Block(tuple(map(str, globs)), checked))
    exclude = tuple(map(str, top.pop("exclude", [])))
    return Config(file, os.path.realpath(os.path.dirname(os.path.abspath(file))), top, exclude, tuple(blocks))


def _policies(file: str, table: typing.Any, rules: list[str]) -> dict[int, tuple[Policy, ...]]:
    """The policies of the top level (key -1) and of each override (its index), compiled: read
    first, since the rest of the configuration may name them. Malformed tables are left to
    ``_check``, which says what is wrong with them."""
    if not isinstance(table, dict):
        return {}
    tables = {-1: (str(file), table)}
    overrides = table.get("overrides")
    if isinstance(overrides, list):
        tables.update(
            {i: (f"{file}: overrides[{i}]", b) for i, b in enumerate(overrides) if isinstance(b, dict)}
        )
    chosen = {key: found for key, found in tables.items() if "policies" in found[1]}
    if not chosen:
        return {}
    from chartgen.validation import policies

    return {
        key: policies.parse(str(file), where, found["policies"], rules)
        for key, (where, found) in chosen.items()
    }


def _as_path(text: str) -> str:
    """A path as pathlib would spell it (no ``.`` parts, no doubled ``/``), without importing it."""
    parts = [part for part in text.split("/") if part not in ("", ".")]
    return ("/" if text.startswith("/") else "") + "/".join(parts) or "."


def _may_hold_tool_chartgen(text: str) -> bool:
    """Whether a pyproject.toml can hold ``tool.chartgen``: a header or key that names it, in
    any spelling (quotes, blanks, dotted keys, an inline table under ``tool``). Conservative:
    a multi-line string, or an escape in a header or key, counts as yes; ``chartgen`` anywhere
    else (a ``[project.scripts]`` entry, a dependency) does not, and spares the TOML parser."""
    if "chartgen" not in text:
        return False
    table, depth = "", 0
    for raw in text.splitlines():
        line = raw.strip()
        if '"""' in line or "'''" in line:
            return True
        if depth > 0:  # inside a multi-line array or table: no header, no key
            depth += _nesting(line)
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            name = line.lstrip("[")
            if "]" not in name:
                return True
            table = _bare(name[: name.index("]")])
            if "\\" in table or table == "tool.chartgen" or table.startswith("tool.chartgen."):
                return True
            continue
        key, _, value = line.partition("=")
        dotted = f"{table}.{_bare(key)}" if table else _bare(key)
        if "\\" in dotted or dotted == "tool.chartgen" or dotted.startswith("tool.chartgen."):
            return True
        if dotted == "tool" and "chartgen" in value:
            return True  # an inline table: tool = {chartgen = {...}}
        depth = _nesting(value)
    return False


def _bare(name: str) -> str:
    """A TOML key or table name without blanks and quotes: ``"tool" . chartgen`` is ``tool.chartgen``."""
    return "".join(name.split()).replace('"', "").replace("'", "")


def _nesting(text: str) -> int:
    """How many more brackets and braces ``text`` opens than it closes (outside strings and comments)."""
    depth, quote, escaped = 0, "", False
    for char in text:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            break
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return depth


def _read(file: str, rules: Iterable[str]) -> Config | None:
    """A configuration file, bounded as values files are (``--config /dev/zero`` ends)."""
    from chartgen.yamlio.read import MAX_INPUT_BYTES, read_bytes

    try:
        data = read_bytes(file)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise UsageError(f"cannot read configuration {file}: {reason}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(
            f"configuration {file} is larger than {MAX_INPUT_BYTES // 1024} KiB: chartgen reads no more"
        )
    if os.path.basename(file) == TOML_NAME:
        if not _may_hold_tool_chartgen(text):
            return None  # spare the parser's import (most pyproject.toml files are not ours)
        import tomllib

        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{file}: {exc}") from None
        except RecursionError:
            raise UsageError(f"{file}: nested too deeply for a configuration") from None
        table = document.get("tool", {}).get("chartgen")
        return None if table is None else parse(file, table, rules)
    from chartgen.yamlio import YamlError, load_yaml

    try:
        loaded = load_yaml(text, file)
    except YamlError as exc:
        raise UsageError(str(exc.diagnostic)) from None
    return parse(file, {} if loaded.data is None else loaded.data, rules)


class Finder:
    """The configuration of each directory, looked up once: ruff's nearest-file rule."""

    def __init__(self, rules: Iterable[str]) -> None:
        self._rules = list(rules)
        self._dirs: dict[str, Config | None] = {}

    def explicit(self, file: str) -> Config:
        found = _read(_as_path(file), self._rules)
        if found is None:
            raise UsageError(f"{file} has no [tool.chartgen] table")
        return found

    def nearest(self, start: str) -> Config | None:
        seen: list[str] = []
        directory: str | None = os.path.realpath(start)
        found: Config | None = None
        while directory is not None:
            if directory in self._dirs:
                found = self._dirs[directory]
                break
            seen.append(directory)
            found = self._in(directory)
            if found is not None:
                break
            parent = os.path.dirname(directory)
            directory = parent if parent != directory else None
        for each in seen:
            self._dirs[each] = found
        return found

    def _in(self, directory: str) -> Config | None:
        for name in (YAML_NAME, TOML_NAME):
            candidate = os.path.join(directory, name)
            if os.path.isfile(candidate):
                found = _read(candidate, self._rules)
                if found is not None:
                    return found
        return None

    def config(self, file: str | None, explicit: Config | None = None) -> Config | None:
        """The configuration that applies to ``file`` (``None``: the working directory's)."""
        path = _as_path(file) if file and not file.startswith(("-", "<")) else None
        return explicit or self.nearest(os.path.dirname(os.path.abspath(path)) if path is not None else ".")

    def settings(self, file: str | None, explicit: Config | None = None) -> Settings:
        """What applies to ``file`` (``None``: values from flags or standard input: the working directory's)."""
        path = _as_path(file) if file and not file.startswith(("-", "<")) else None
        config = self.config(file, explicit)
        if config is None:
            return Settings()
        return config.for_file(path if path is not None else os.path.join(os.getcwd(), "-"))
