"""User text cannot change the structure of the output: every string option comes back byte for byte.

Every value of string type in a release's generated schema (a scalar option, an
item of a list of strings, a key and a value of a map) gets an arbitrary string:
quotes, ``: ``, ``#``, line breaks, tabs, ``{{ }}``, ``- ``, surrounding blanks,
YAML 1.1 words (``yes``, ``~``, ``010``), control characters and any unicode.
The values are rendered directly, without validation (most such strings are not
valid names; the point is the serialiser), and the output is read back with
PyYAML's safe loader and ruamel's YAML 1.2 safe loader, which must agree, except on a
token go-yaml (which kubectl, Helm and the master use) reads as a number and YAML 1.1 as
text (``08080``, ``1e3``): at a bare place chartgen writes it as Helm does, and the
checks below find it there byte for byte. Then:

* the stream holds the same objects (apiVersion, kind, namespace, name) as a
  render of the same values with harmless strings;
* each string is found again, exactly, at every place the chart puts it,
  including inside the files the chart embeds as text (``master.yaml`` in the
  config Secret, the ConfigMaps' ``*.yaml``), parsed in turn.

Where the chart puts a value is learned from a probe render in which every
string is a distinct number-like marker (``731000042``): a marker found inside a
longer string marks a place where the chart writes text around the value (an
image reference, a mount path); a marker that comes back as a number marks a
place where the chart writes the value's text bare, as upstream's template does
(``key: {{ .Values.x }}``), so that a YAML reader types it. There chartgen
reproduces the typing but never lets text add structure (``unquoted``): a
one-line value without surrounding blanks reads as a YAML 1.1 plain scalar
(``yes`` -> true, ``0x1F`` -> 31, ``~`` -> null) or, where go-yaml and YAML 1.1
disagree, is Helm's very token (``08080``); anything else (more lines, leading or
trailing blanks) stays the exact string. Everywhere else the value
must come back as the very same string.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from chartgen.releases import LATEST, SUPPORTED
from chartgen.rendering.chart import render
from chartgen.rendering.engine import ReleaseInfo, stream
from chartgen.values.load import load_sources
from chartgen.yamlio import Loaded
from chartgen.yamlio.resolve import resolve_plain, yaml11_reads_text
from tests.test_golden_coverage import ITEM, Leaf, Pattern, schema_leaves

MARKER_BASE = 731_000_000
MARKER = re.compile(r"(?<![0-9])731[0-9]{6}(?![0-9])")

# Values the chart changes on purpose before writing them, by slot path.
TRANSFORMS: dict[Pattern, Callable[[str], str]] = {
    # The Elasticsearch CA is written as a file with exactly one final newline.
    ("logging", "security", "tls", "certificate"): lambda text: text.rstrip("\n"),
}

# String options no render shows, and why (they still get arbitrary text: it must change nothing).
NOT_RENDERED: dict[Pattern, str] = {
    ("defaultScheduler",): "only coscheduler (preemption before 0.36.0) is acted on; other text is ignored",
    ("db", "resourceType"): "it only chooses between a Secret and a ConfigMap volume for the certificate",
    ("ingress", "tls", "termination"): "it only chooses between spec.tls and the passthrough annotations",
    ("cluster", "nodes", ITEM, "name"): "chartgen's node inventory feeds the slot checks only",
    ("cluster", "nodes", ITEM, "pool"): "chartgen's node inventory feeds the slot checks only",
    ("cluster", "nodes", ITEM, "allocatableCpu"): "chartgen's node inventory feeds the slot checks only",
    ("global",): "Helm's global values: the Determined chart reads none",
}


# ----------------------------------------------------------------------------- the values


@dataclass(frozen=True)
class Slot:
    """One place in the values that holds a string: an option's value, a list item, a map key or value."""

    leaf: Leaf
    role: str  # "value", "item", "key" or "map-value"

    @property
    def enum(self) -> tuple[Any, ...]:
        return self.leaf.enum if self.role == "value" else ()


@dataclass(frozen=True)
class Scenario:
    """A set of switches (storage type, database, …): each string option renders in at least one."""

    name: str
    base: Mapping[str, Any]
    is_upgrade: bool = False
    releases: tuple[str, ...] = SUPPORTED


_TLS = {"enabled": True, "skipVerify": True}
COMMON: dict[str, Any] = {
    "maxSlotsPerPod": 4,
    "enterpriseEdition": True,
    "openshiftRoute": {"enabled": True},
    "ingress": {"enabled": True, "tls": {"termination": "loadBalancer"}},
    "logging": {"type": "elastic", "port": 9200, "security": {"tls": _TLS}},
    "scim": {"enabled": True, "auth": {"type": "basic"}},
    "oidc": {"enabled": True},
    "saml": {"enabled": True},
    "db": {"sslMode": "verify-full", "resourceType": "secret"},
    "genai": {"port": 9011, "messageQueuePort": 6379, "agentGroupID": 1000},
}


# In a scenario's changes: drop the common switch, so that the option gets arbitrary text too.
FREE = object()


def _scenario(name: str, changes: Mapping[str, Any], **kwargs: Any) -> Scenario:
    def apply(base: dict[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
        for key, value in change.items():
            if value is FREE:
                base.pop(key, None)
            elif isinstance(value, Mapping) and isinstance(base.get(key), dict):
                apply(base[key], value)
            else:
                base[key] = copy.deepcopy(value)
        return base

    return Scenario(name, apply(copy.deepcopy(COMMON), changes), **kwargs)


_BUNDLED_DB = {"hostAddress": None, "resourceType": "configMap"}
_NO_TASK_IMAGES = {"cpuImage": None, "gpuImage": None, "rocmImage": None}
SCENARIOS = (
    # s3 keys, an external database, the genai host path, the coscheduler.
    _scenario(
        "s3",
        {
            "checkpointStorage": {"type": "s3"},
            "defaultScheduler": "coscheduler",
            "genai": {"shouldInitializeSharedFSGroupPermissions": True},
        },
    ),
    # Azure keys, the bundled database restored from a snapshot on upgrade, defaultPassword,
    # genai on an existing claim, the 0.35.0 preemption scheduler, the default images.
    _scenario(
        "azure",
        {
            "checkpointStorage": {"type": "azure"},
            "db": _BUNDLED_DB,
            "initialUserPassword": None,
            "genai": {"sharedFSHostPath": None},
            "defaultScheduler": "preemption",
            "taskContainerDefaults": _NO_TASK_IMAGES,
        },
        is_upgrade=True,
    ),
    # directory storage, the bundled database with its claim, a generated genai claim.
    _scenario(
        "directory",
        {
            "checkpointStorage": {"type": "directory"},
            "db": _BUNDLED_DB,
            "genai": {"sharedFSHostPath": None, "sharedPVCName": None},
        },
    ),
    # shared_fs mounted into the master.
    _scenario("shared-fs", {"checkpointStorage": {"type": "shared_fs", "mountToServer": True}}),
    # The switches get arbitrary text too: no branch matches, and what is written is written as given.
    _scenario(
        "free-enums",
        {
            "scim": {"auth": {"type": FREE}},
            "logging": {"type": FREE},
            "db": {"sslMode": FREE, "resourceType": FREE},
            "ingress": {"tls": {"termination": FREE}},
        },
    ),
)


def _patterns(value: Any, path: Pattern = ()) -> Iterator[Pattern]:
    """Every path the scenario fixes (null included: the option stays unset)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _patterns(item, (*path, key))
    elif isinstance(value, list):
        for item in value:
            yield from _patterns(item, (*path, ITEM))


def _takes_text(leaf: Leaf) -> bool:
    if leaf.form == "scalar":
        return "string" in leaf.types
    return (leaf.form == "list" and "string" in leaf.types) or leaf.form == "map"


def string_slots(release: str, scenario: Scenario) -> tuple[tuple[Slot, ...], dict[str, Any]]:
    """The slots of ``release`` a scenario leaves free, and the values with a marker in each."""
    fixed = set(_patterns(scenario.base))
    slots: list[Slot] = []
    tree = copy.deepcopy(dict(scenario.base))
    for leaf in schema_leaves(release):
        if not _takes_text(leaf) or leaf.path in fixed:
            continue
        if leaf.form == "scalar":
            value: Any = _marker(len(slots))
            slots.append(Slot(leaf, "value"))
        elif leaf.form == "list":
            value = [_marker(len(slots))]
            slots.append(Slot(leaf, "item"))
        else:
            value = {_marker(len(slots)): _marker(len(slots) + 1)}
            slots += [Slot(leaf, "key"), Slot(leaf, "map-value")]
        _put(tree, leaf.path, value)
    return tuple(slots), tree


def _marker(index: int) -> str:
    return str(MARKER_BASE + index)


_ABSENT = object()


def _fits(node: Any, path: Pattern) -> bool:
    if not path:
        return node is _ABSENT
    if path[0] == ITEM:
        return node is _ABSENT or isinstance(node, list)
    return node is _ABSENT or (isinstance(node, dict) and _fits(node.get(path[0], _ABSENT), path[1:]))


def _put(tree: dict[str, Any], path: Pattern, value: Any) -> None:
    """Set ``path``; a list item that already holds the other form of a union gets a sibling."""
    head, rest = path[0], path[1:]
    if rest and rest[0] == ITEM:
        items = tree.setdefault(head, [])
        if len(rest) == 1:
            items.extend(value if isinstance(value, list) else [value])
            return
        for item in items:
            if isinstance(item, dict) and _fits(item, rest[1:]):
                _put(item, rest[1:], value)
                return
        items.append({})
        _put(items[-1], rest[1:], value)
    elif rest:
        _put(tree.setdefault(head, {}), rest, value)
    else:
        tree[head] = value


def _replace_markers(tree: Any, texts: Mapping[str, str]) -> Any:
    if isinstance(tree, dict):
        return {texts.get(k, k): _replace_markers(v, texts) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_replace_markers(v, texts) for v in tree]
    return texts.get(tree, tree) if isinstance(tree, str) else tree


# ----------------------------------------------------------------------------- rendering and reading


def render_stream(values: dict[str, Any], release: str, is_upgrade: bool) -> str:
    loaded = load_sources([Loaded(values, "<injected>")], app_version=release)
    info = ReleaseInfo("det", "det-ns", loaded.release, is_upgrade)
    return stream(render(loaded.values, info))


_RUAMEL = YAML(typ="safe", pure=True)


def _difference(a: Any, b: Any, path: tuple[Any, ...] = ()) -> str | None:
    """Where two parsed trees differ (NaN equals NaN, and types must match), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return f"{path}: keys {sorted(map(repr, a.keys() ^ b.keys()))}"
        return next((d for k in a if (d := _difference(a[k], b[k], (*path, k)))), None)
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} != {len(b)} items"
        return next(
            (d for i, (x, y) in enumerate(zip(a, b, strict=True)) if (d := _difference(x, y, (*path, i)))),
            None,
        )
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return None
    if isinstance(a, str) and _helms_token(a) and resolve_plain(a) == b:
        return None  # Helm's token, which YAML 1.1 reads as text and YAML 1.2 as go-yaml does
    return None if type(a) is type(b) and a == b else f"{path}: {a!r} != {b!r}"


def _helms_token(text: str) -> bool:
    """A plain token go-yaml reads as a number or boolean and YAML 1.1 readers as text."""
    return not isinstance(resolve_plain(text), str) and yaml11_reads_text(text)


# PyYAML's safe loader, with libyaml's parser when PyYAML has it (as most tools use it).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# What go-yaml (kubectl, Helm, the Determined master) takes for a number in a plain scalar: it
# tries only scalars starting with a digit, a sign or a dot and, once it has dropped underscores,
# reads Go's integer literals with any base prefix and decimal floats.
GO_NUMBER_START = tuple("0123456789+-.")
GO_NUMBER = re.compile(
    r"[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?)"
)


def _go_numbers(node: yaml.Node) -> Iterator[str]:
    """Plain scalars a YAML 1.1 reader takes for strings but go-yaml would read as numbers."""
    if isinstance(node, yaml.ScalarNode):
        plain_string = not node.style and node.tag == "tag:yaml.org,2002:str"  # libyaml: "", PyYAML: None
        number = node.value.startswith(GO_NUMBER_START) and GO_NUMBER.fullmatch(node.value.replace("_", ""))
        if plain_string and number:
            yield node.value
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _go_numbers(item)
    elif isinstance(node, yaml.MappingNode):
        for key, item in node.value:
            yield from _go_numbers(key)
            yield from _go_numbers(item)


def _read(text: str) -> Any:
    """Parse with PyYAML and ruamel, insist they agree, and that go-yaml would type alike."""
    first = list(yaml.load_all(text, Loader=_SAFE_LOADER))
    second = list(_RUAMEL.load_all(text))
    difference = _difference(first, second)
    assert difference is None, f"PyYAML and ruamel read the output differently at {difference}"
    numbers = [
        value
        for node in yaml.compose_all(text, Loader=_SAFE_LOADER)
        for value in _go_numbers(node)
        if not _helms_token(value)
    ]
    assert not numbers, f"strings written plain that go-yaml reads as numbers: {numbers}"
    return first


ObjectId = tuple[str, str, str, str]


def read_objects(text: str) -> dict[ObjectId, Any]:
    """The stream's objects by identity, with embedded YAML files replaced by what they hold."""
    objects: dict[ObjectId, Any] = {}
    for obj in _read(text):
        if not obj:
            continue
        files = obj.get({"ConfigMap": "data", "Secret": "stringData"}.get(obj["kind"], "")) or {}
        for name, content in files.items():
            if name.endswith(".yaml"):
                files[name] = _read(content)[0]
        meta = obj["metadata"]
        objects[(obj["apiVersion"], obj["kind"], meta.get("namespace") or "", meta["name"])] = obj
    return objects


# ----------------------------------------------------------------------------- where each string goes


@dataclass(frozen=True)
class Place:
    """Where the probe render wrote markers: an object, a path in it, and what was there."""

    obj: ObjectId
    path: tuple[Any, ...]
    shape: Any  # the probe's string (markers inside), or the int a bare marker became
    is_key: bool = False


@dataclass
class Probe:
    release: str
    scenario: Scenario
    slots: tuple[Slot, ...]
    values: dict[str, Any]
    objects: dict[ObjectId, Any]
    places: list[Place] = field(default_factory=list)

    def markers(self) -> set[str]:
        found: set[str] = set()
        for place in self.places:
            found.update(MARKER.findall(str(place.shape)))
            for part in (*place.obj, *place.path):
                found.update(MARKER.findall(str(part)))
        return found


def _walk(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any, bool]]:
    if isinstance(node, dict):
        for key, item in node.items():
            yield path, key, True
            yield from _walk(item, (*path, key))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _walk(item, (*path, index))
    else:
        yield path, node, False


def _is_marker_int(value: Any) -> bool:
    return type(value) is int and MARKER.fullmatch(str(value)) is not None


@cache
def probe(release: str, scenario_name: str) -> Probe:
    scenario = next(s for s in SCENARIOS if s.name == scenario_name)
    slots, values = string_slots(release, scenario)
    result = Probe(
        release, scenario, slots, values, read_objects(render_stream(values, release, scenario.is_upgrade))
    )
    for obj_id, obj in result.objects.items():
        for path, value, is_key in _walk(obj, ()):
            if path[-1:] == ("checksum/config",):
                continue
            if (isinstance(value, str) and MARKER.search(value)) or _is_marker_int(value):
                result.places.append(Place(obj_id, path, value, is_key))
    return result


def bare_typing(text: str) -> Any:
    """What a value the chart writes bare reads as (see the module docstring)."""
    if text != text.strip() or "\n" in text or "\r" in text or _helms_token(text):
        return text
    return resolve_plain(text)


class Expect:
    """Turns the probe's shapes into what the injected render must hold."""

    def __init__(self, run: Probe, texts: Mapping[str, str]) -> None:
        self.texts = texts
        self.transform: dict[str, Callable[[str], str]] = {
            _marker(i): TRANSFORMS.get(slot.leaf.path, str) for i, slot in enumerate(run.slots)
        }

    def text(self, shape: str) -> str:
        return MARKER.sub(lambda m: self.transform[m[0]](self.texts[m[0]]), shape)

    def part(self, part: Any) -> Any:
        return self.text(part) if isinstance(part, str) else part

    def value(self, shape: Any) -> Any:
        if _is_marker_int(shape):
            return bare_typing(self.texts[str(shape)])
        return self.text(shape)


def _lookup(tree: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        found = part in tree if isinstance(tree, dict) else isinstance(part, int) and part < len(tree)
        if not isinstance(tree, dict | list) or not found:
            raise LookupError(part)
        tree = tree[part]
    return tree


def check_injected(run: Probe, texts: Mapping[str, str]) -> None:
    """Render with ``texts`` in place of the markers and compare with the probe, place by place."""
    values = _replace_markers(run.values, texts)
    objects = read_objects(render_stream(values, run.release, run.scenario.is_upgrade))
    expect = Expect(run, texts)
    wanted = {tuple(expect.part(p) for p in obj_id) for obj_id in run.objects}
    assert set(objects) == wanted, f"objects differ: {set(objects) ^ wanted}"
    for place in run.places:
        obj = objects[tuple(expect.part(p) for p in place.obj)]
        path = tuple(expect.part(p) for p in place.path)
        where = f"{place.obj[1]} {place.obj[3]}: {'.'.join(map(str, place.path))}"
        if place.is_key:
            assert expect.text(place.shape) in _lookup(obj, path), f"{where}: key {place.shape!r} lost"
            continue
        try:
            actual = _lookup(obj, path)
        except LookupError:
            pytest.fail(f"{where}: gone from the injected render")
        assert _difference(actual, expect.value(place.shape)) is None, (
            f"{where}: {actual!r} != {expect.value(place.shape)!r}"
        )


# ----------------------------------------------------------------------------- the strategies

# Whole values that have tripped YAML emitters: number syntaxes of YAML 1.1, YAML 1.2 and Go
# (go-yaml reads 0X1F, 0O17 and 0o17_1 as numbers), YAML words, indicators, blank lines and
# lines that only Unicode whitespace fills.
HAZARDS = (
    "018", "-09", "0_8", "0x_", "0b_", "010", "0o17", "0O17", "0o17_1", "0X1F", "0x1_F", "+0x1F", "0B11", "0b1_1",
    "1_000", "1e3", "1.", ".5", "12:30", "2001-12-14", ".nan", "-.Inf", "yes", "No", "on", "~",
    "null", "true", "<<", "=", "a: b", "- a", "# c", "key:", "? x", "&a", "*a", "!t x", "%x", "@x",
    "`x", "|", ">", "[1, 2]", "{a: 1}", "---", "...", "{{ .Values.x }}", '"q"', "'q'", "\\",
    " lead", "trail ", "\ttab", "a\nb", "\n  indented", "a\n\n", "\n", " ", "x\n\u3000",
    "x\n\xa0", "\u2028", "\x85", "\ufeff", "\x00", "\x1b", "é中文🙂",
)  # fmt: skip
FRAGMENTS = (
    '"', "'", ":", ": ", " :", "#", " #", "\n", "\r\n", "\r", "\t", " ", "  ", "{{ }}", "{{", "}}",
    "{%", "%}", "- ", "-", "---", "...", "? ", "&anchor", "*alias", "!!str", "!tag", "%YAML", "@", "`",
    "|", "|-", ">", "[", "]", "{", "}", ",", "\\", "\\n", "yes", "No", "on", "null", "~", "true",
    "0x1F", "010", "0o17", "1e3", ".inf", "-.Inf", ".nan", "1_000", "12:30", "2001-12-14", "+1",
    "-0", "0.", "=", "<<", "$", "%", "é", "中文", "🙂", "\u2028", "\u2029", "\x85", "\ufeff",
    "\x00", "\x1b", "\x7f", "\xa0", "\u3000", "\u200b",
)  # fmt: skip
NUMBERISH = st.from_regex(
    r"[-+]?(0[xXoObB])?[0-9a-fA-F_]{1,5}(\.[0-9_]{0,3})?([eE][-+]?[0-9]{1,2})?", fullmatch=True
)
TEXT = st.one_of(
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=5)), min_size=1, max_size=6).map("".join),
    st.sampled_from(HAZARDS),
    NUMBERISH,
).filter(bool)


def _allowed(slot: Slot, text: str) -> bool:
    """Not an enum's own value (that would switch the chart's branches against the harmless render)."""
    values = {str(v) for v in slot.enum}
    return text not in values and text.strip() not in values


# Each example draws this many texts and spreads them over the slots at random: drawing one
# per slot (some 250) would spend most of the time in generating data rather than checking.
POOL = 32


@st.composite
def injections(draw: st.DrawFn, release: str) -> tuple[str, dict[str, str]]:
    """A scenario's name and a non-empty text (empty text is falsy: a branch switch) for each slot."""
    scenario = draw(st.sampled_from([s.name for s in SCENARIOS if release in s.releases]))
    run = probe(release, scenario)
    pool = draw(st.lists(TEXT, min_size=POOL, max_size=POOL))
    chooser = draw(st.randoms(use_true_random=False))
    texts = {}
    for index, slot in enumerate(run.slots):
        choices = [text for text in pool if _allowed(slot, text)]
        assume(choices)
        texts[_marker(index)] = chooser.choice(choices)
    return scenario, texts


# ----------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_string_option_reaches_the_output(release: str) -> None:
    """The probe renders place every string slot somewhere, so the property below checks them all."""
    shown: set[tuple[Pattern, str]] = set()
    free: set[tuple[Pattern, str]] = set()
    for scenario in SCENARIOS:
        run = probe(release, scenario.name)
        markers = run.markers()
        for index, slot in enumerate(run.slots):
            free.add((slot.leaf.path, slot.role))
            if _marker(index) in markers:
                shown.add((slot.leaf.path, slot.role))
    missing = sorted(free - shown)
    assert {path for path, _ in missing} == set(NOT_RENDERED), (
        f"{release}: string options no scenario renders: {missing}"
    )


@pytest.mark.parametrize("release", SUPPORTED)
def test_probe_renders_are_the_harmless_case(release: str) -> None:
    """The probe's markers come back where expected when re-checked against themselves."""
    for scenario in SCENARIOS:
        run = probe(release, scenario.name)
        assert run.places, scenario.name
        check_injected(run, {_marker(i): _marker(i) for i in range(len(run.slots))})


# A failure names the option, the place and both values; shrinking the strings of some 250
# slots through a 100 ms check would take minutes, so examples are not shrunk.
@pytest.mark.parametrize("release", SUPPORTED)
@settings(
    max_examples=100,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_arbitrary_strings_come_back_unchanged(release: str, data: st.DataObject) -> None:
    scenario, texts = data.draw(injections(release))
    check_injected(probe(release, scenario), texts)


# Every hazard in every slot at once, in the scenarios with the most places (the certificate
# file, typed master.yaml keys, the bundled database): known dangers are checked every run.
@pytest.mark.parametrize("release", SUPPORTED)
@pytest.mark.parametrize(("index", "hazard"), list(enumerate(HAZARDS)), ids=map(repr, HAZARDS))
def test_known_hazards_come_back_unchanged(release: str, index: int, hazard: str) -> None:
    run = probe(release, SCENARIOS[index % 3].name)
    check_injected(run, dict.fromkeys(map(_marker, range(len(run.slots))), hazard))


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("yes", True),
        ("0x1F", 31),
        ("~", None),
        ("1.5", 1.5),
        (" yes", " yes"),
        ("1\n2", "1\n2"),
        ("a: b", "a: b"),
    ],
)
def test_bare_values_are_typed_and_quoted_values_are_not(text: str, bare: Any) -> None:
    """Upstream writes ``cluster_name: {{ .Values.clusterName }}`` but quotes the S3 secret key.

    (The corpus case set-flags shows ``--set-string clusterName=1234`` coming out as the number 1234.)
    """
    run = probe(LATEST, "s3")
    texts = dict.fromkeys(map(_marker, range(len(run.slots))), text)
    check_injected(run, texts)
    objects = read_objects(render_stream(_replace_markers(run.values, texts), LATEST, False))
    master = objects[("v1", "Secret", "det-ns", "determined-master-config-det")]["stringData"]["master.yaml"]
    assert _difference(master["cluster_name"], bare) is None
    assert master["checkpoint_storage"]["secret_key"] == text
