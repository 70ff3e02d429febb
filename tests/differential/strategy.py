"""Values cases where a value leaves the user's YAML and enters a template: tricky scalars, nulls,
layered ``-f`` files and the ``--set`` family, on top of a values file that renders.

A case is plain data (JSON-serialisable) so that helm's verdict on it can be recorded once, where the
upstream chart is at hand, and replayed in ``make test`` where it is not.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

from chartgen.data.writes import WRITES
from chartgen.releases import SUPPORTED

BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Differential-Passw0rd\n"

# Plain YAML scalars (as written, unquoted): numbers Helm reads as float64, YAML 1.1 words,
# sexagesimal and timestamps, and ordinary values so that many cases render.
PLAIN = [
    "abc", "my-cluster", "x_y", "1Gi", "500m", "8Gi", "4", "2", "0", "-1", "8080", "5432", "1.5", "0.5",
    "1e3", "0x10", "010", "08", "0o17", "+1", "1_000", "1:20", "2001-12-14", ".inf", ".nan",
    "999999", "1000000", "1234567", "12345678", "1073741824", "4.0", "8080.0",
    "yes", "no", "y", "n", "on", "off", "true", "false", "True", "FALSE", "~", "null",
    "info", "debug", "INFO", "DEBUG", "shared_fs", "s3", "gcs", "azure", "directory",
    "configMap", "secret", "coscheduler", "priority", "cuda", "cpu", "rocm", "host", "bridge",
]  # fmt: skip

# Strings written in double quotes: what a template may write bare, trim, or re-type.
QUOTED = [
    "abc", "my-cluster", "1e3", "0x10", "010", "08", "yes", "n", "~", "null", "true", "false", "",
    "x #y", " lead", "trail ", "[a]", "{a: 1}", "'q'", "&anc", "a: b", "- x", "*a", "!tag", "@at",
    "a\tb", "line1\nline2", "%x", "`x`", "a'b", 'a"b', "é", "?", "|", ">", "#", "a,b", "1Gi", "500m",
    "1.5", "8080", "1234", "12345678", " configMap ", " coscheduler ", " info ", "<myPassword>",
    "${VAR}", "Str0ng-Passw0rd", "4", "0", "-",
]  # fmt: skip

# Numbers as YAML can spell them, for the many fields that hold one.
NUMERIC = [
    "4", "8", "2", "1", "0", "-1", "4.0", "+4", "0x4", "0o4", "04", "4e0", "1e3", "1_0", "8080", "0x1F90",
    "8080.0", "65536", "1.5", "0.5", "1000000", "1e6", "999999", "12345678", '"4"', '"8080"', "'2'",
]  # fmt: skip

# Raw ``--set`` right-hand sides, typed by Helm's strvals rules.
SET_RAW = [
    "08080", "00", "010", "0", "4", "8080", "1e3", "0x10", "true", "false", "null", "abc", "1073741824",
    "12345678", "1.5", "a\\,b", "", "yes", "-1", "+1", "007", "1_000", "info",
]  # fmt: skip

SET_JSON = [
    "1073741824", "12345678", "1000000", "1e3", "4", "4.0", "8080", '"x"', '"08"', "null", "true",
    '{"a": 1}', "[1]", "1.5", '""', '"info"',
]  # fmt: skip

# Paths that are sections the templates read into: ``null`` there deletes what a template needs.
MAPS = [
    "resourceManager", "defaultImages", "db", "checkpointStorage", "telemetry", "taskContainerDefaults",
    "resourcePools", "security", "logging", "oidc", "saml", "scim", "genai", "retentionPolicy",
]  # fmt: skip

EXTRA_PATHS = [
    "resourcePools.pool_name", "resourcePools.max_aux_containers_per_agent", "resourcePools.description",
    "enterpriseEdition", "useNodePortForMaster", "logColor", "createNonNamespacedObjects",
    "db.resourceType", "defaultScheduler", "db.disablePVC", "db.useNodePortForDB", "telemetry.enabled",
    "checkpointStorage.mountToServer", "db.ssl",
]  # fmt: skip


@cache
def paths() -> tuple[str, ...]:
    """Every value path a template writes, plus the switches it tests."""
    written = [path for path in WRITES if "*" not in path]
    return tuple(sorted(set(written) | set(EXTRA_PATHS)))


@dataclass(frozen=True)
class Case:
    """One ``helm template`` invocation: a release, ``-f`` files in order, and ``--set`` flags."""

    release: str
    files: tuple[str, ...]
    set: tuple[str, ...] = ()
    set_string: tuple[str, ...] = ()
    set_json: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def key(self) -> str:
        body = {k: v for k, v in asdict(self).items() if k != "notes"}
        return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]

    def flags(self) -> list[str]:
        """The ``--set`` family as helm's and chartgen's command lines take them."""
        args: list[str] = []
        for kind, exprs in (
            ("--set-json", self.set_json),
            ("--set", self.set),
            ("--set-string", self.set_string),
        ):
            for expr in exprs:
                args += [kind, expr]
        return args

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Case:
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def _yaml_file(tree: dict[str, Any], indent: int = 0) -> str:
    """Nested keys with leaves that are already YAML scalar source text (the point is the text)."""
    lines = []
    for key, value in tree.items():
        if isinstance(value, dict):
            lines.append(f"{' ' * indent}{key}:\n{_yaml_file(value, indent + 2)}")
        else:
            lines.append(f"{' ' * indent}{key}: {value}\n")
    return "".join(lines)


def _insert(tree: dict[str, Any], path: str, token: str) -> None:
    *parents, leaf = path.split(".")
    node = tree
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    node[leaf] = token


@st.composite
def scalar_token(draw: st.DrawFn) -> str:
    """The YAML source text of one scalar: plain, double-quoted or single-quoted."""
    style = draw(st.sampled_from(["plain", "double", "single", "number"]))
    if style == "number":
        return draw(st.sampled_from(NUMERIC))
    if style == "plain":
        return draw(st.sampled_from(PLAIN))
    text = draw(st.sampled_from(QUOTED))
    if style == "single" and "\n" not in text and "\t" not in text:
        return "'" + text.replace("'", "''") + "'"
    return json.dumps(text)


BOOLEAN = ["true", "false", "True", "yes", "no", "on", "off", '"false"', '"true"', "0", "1", '""']


@st.composite
def typed_token(draw: st.DrawFn, release: str, path: str) -> str:
    """A value of the type the chart expects at ``path``, in one of the ways YAML can spell it."""
    from chartgen.validation.schema_walk import types_at

    kinds = types_at(release, tuple(path.split(".")))
    if kinds & {"integer", "number"}:
        return draw(st.sampled_from(NUMERIC))
    if "boolean" in kinds:
        return draw(st.sampled_from(BOOLEAN))
    return draw(scalar_token())


@st.composite
def cases(draw: st.DrawFn, release: str | None = None) -> Case:
    """A values file that renders, then one to three edits in up to two more files and the flags."""
    chosen = release or draw(st.sampled_from(SUPPORTED))
    layers: list[dict[str, Any]] = [{}, {}]
    flags: dict[str, list[str]] = {"set": [], "set_string": [], "set_json": []}
    notes = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["file", "file", "file", "null", "set", "set", "set_string", "set_json"]))
        if kind == "null":
            path = draw(st.sampled_from(MAPS + list(paths())))
            token = "null"
        else:
            path = draw(st.sampled_from(paths()))
        if kind in ("file", "null"):
            if kind == "file":
                token = draw(st.one_of(scalar_token(), typed_token(chosen, path)))
            _insert(layers[draw(st.integers(0, 1))], path, token)
        elif kind == "set_json":
            token = draw(st.sampled_from(SET_JSON))
            flags[kind].append(f"{path}={token}")
        else:
            token = draw(st.sampled_from(SET_RAW + NUMERIC[:20]))
            if kind == "set" and draw(st.booleans()) and path.startswith("resourcePools"):
                path = "resourcePools[0]." + path.partition(".")[2]
            flags[kind].append(f"{path}={token}")
        notes.append(f"{kind} {path}={token}")
    files = (BASE, *(_yaml_file(layer) for layer in layers if layer))
    return Case(
        chosen,
        files,
        tuple(flags["set"]),
        tuple(flags["set_string"]),
        tuple(flags["set_json"]),
        tuple(notes),
    )
