"""Hostile inputs: small files and flags built to exhaust a YAML reader, a parser or a suggester.

Shared by the acceptance test (every one gets a located answer, no traceback, no secret)
and by ``make bench`` (the time and memory each one costs, as whole processes).
"""

from __future__ import annotations

import codecs
import random
from dataclasses import dataclass, field
from pathlib import Path

SECRET = "Hostile-Secret-7c1f"
GOOD = f"maxSlotsPerPod: 4\ninitialUserPassword: {SECRET}\n"


@dataclass(frozen=True)
class Hostile:
    """One input: the files it writes (name to bytes) and the command line after ``chartgen``."""

    name: str
    files: dict[str, bytes] = field(default_factory=dict)
    argv: tuple[str, ...] = ()
    stdin: bytes = b""

    def write(self, directory: Path) -> list[str]:
        for name, data in self.files.items():
            (directory / name).parent.mkdir(parents=True, exist_ok=True)
            (directory / name).write_bytes(data)
        return [arg.replace("{dir}", str(directory)) for arg in self.argv]


def _lint(name: str, text: str | bytes, *extra: str) -> Hostile:
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return Hostile(name, {"values.yaml": data}, ("lint", "{dir}/values.yaml", *extra))


def _laughs(levels: int, width: int, *, maps: bool) -> str:
    lines = [GOOD.rstrip("\n"), "lol0: &l0 lol"]
    for level in range(1, levels):
        items = ", ".join(f"k{i}: *l{level - 1}" if maps else f"*l{level - 1}" for i in range(width))
        lines.append(f"lol{level}: &l{level} {'{' if maps else '['}{items}{'}' if maps else ']'}")
    return "\n".join(lines) + "\n"


def cases() -> list[Hostile]:
    scalars = ", ".join(["x"] * 1000)
    aliased = ", ".join(["*s"] * 2000)
    big_map = "\n".join(f"  key{i}: {i}" for i in range(1000))
    merges = "\n".join(f"m{i}:\n  <<: *big" for i in range(1000))
    wide = "\n".join(f"  key{i}: {i}" for i in range(5000))
    unknown = "".join(f"unknownKey{i}: {i}\n" for i in range(10_000))
    long_keys = "".join(f"{'k' * 996}{i:04d}: 1\n" for i in range(2000))
    long_keys_under_cap = "".join(f"k{i:04d}{'k' * 995}: 1\n" for i in range(200))
    junk = bytes(random.Random(7).getrandbits(8) for _ in range(20_000))
    deep = "a: " + "[" * 10_000 + "]" * 10_000 + "\n"
    deep_block = "".join(f"{'  ' * i}k{i}:\n" for i in range(300))
    digits = "9" * 5000
    many_indexes = [arg for i in range(100) for arg in ("--set", f"global.a[{i}][65536]=1")]
    return [
        _lint("scalar-alias-expansion", f"{GOOD}s: &s [{scalars}]\nb: [{aliased}]\n"),
        _lint("billion-laughs", _laughs(10, 10, maps=False)),
        _lint("billion-laughs-maps", _laughs(10, 10, maps=True)),
        _lint("merge-keys-many", f"{GOOD}big: &big\n{big_map}\n{merges}\n"),
        _lint("merge-key-wide", f"{GOOD}wide: &w\n{wide}\nother:\n  <<: *w\n"),
        Hostile("dev-zero-values", {}, ("lint", "/dev/zero")),
        Hostile(
            "dev-zero-set-file",
            {"values.yaml": GOOD.encode()},
            ("lint", "{dir}/values.yaml", "--set-file", "k=/dev/zero"),
        ),
        _lint("large-file", GOOD + "clusterName: " + "x" * 2_000_000 + "\n"),
        Hostile(
            "many-padded-indexes",
            {"values.yaml": GOOD.encode()},
            ("lint", "{dir}/values.yaml", *many_indexes),
        ),
        _lint("many-unknown-keys", GOOD + unknown),
        _lint("long-unknown-keys", GOOD + long_keys),
        _lint(
            "long-unknown-keys-under-the-cap",
            GOOD + "cluster:\n" + "".join("  " + line for line in long_keys_under_cap.splitlines(True)),
        ),
        _lint("deep-flow-nesting", GOOD + deep),
        _lint("deep-block-nesting", GOOD + deep_block),
        _lint("many-documents", GOOD + "---\na: 1\n" * 20_000),
        _lint("binary-junk", junk),
        _lint("utf16", codecs.BOM_UTF16_LE + GOOD.encode("utf-16-le")),
        _lint("utf32", codecs.BOM_UTF32_BE + GOOD.encode("utf-32-be")),
        _lint("huge-line", GOOD + "a: [" + ", ".join(["1"] * 60_000) + "]\n"),
        _lint("huge-number-in-file", GOOD + f"tensorboardTimeout: {digits}\n"),
        _lint(
            "huge-quantity-exponent",
            GOOD + "taskContainerDefaults:\n  cpuPodSpec:\n    spec:\n      containers:\n"
            "      - name: determined-container\n        resources: {requests: {cpu: 1e99999999}}\n",
        ),
        _lint("huge-number-set", GOOD, "--set", f"tensorboardTimeout={digits}"),
        _lint("huge-index-set", GOOD, "--set", f"a[{digits}]=1"),
        Hostile(
            "huge-kube-version",
            {"values.yaml": GOOD.encode()},
            ("render", "-f", "{dir}/values.yaml", "--kube-version", f"1.{digits}"),
        ),
        _lint("lone-surrogate", '{"maxSlotsPerPod": 4, "initialUserPassword": "Abcdefg1\\ud800"}'),
        _lint("nul-character", GOOD + "clusterName: a\x00b\n"),
        _lint(
            "reused-anchor",
            f"password: &pw {SECRET}\ninitialUserPassword: &pw {SECRET}x\nmaxSlotsPerPod: 4\n",
        ),
        _lint("alias-looking-password", f"maxSlotsPerPod: 4\ninitialUserPassword: *{SECRET}\n"),
        _lint("secret-comma-tail", GOOD, "--set", f"initialUserPassword=Str0ng,{SECRET}"),
        _lint("secret-comma-index", GOOD, "--set", f"initialUserPassword=Str0ng,{SECRET}[0]"),
        Hostile(
            "stdin-for-every-file",
            {"a.yaml": b"maxSlotsPerPod: 4\n", "b.yaml": b"maxSlotsPerPod: 8\n"},
            ("lint", "{dir}/a.yaml", "{dir}/b.yaml", "-f", "-"),
            stdin=f"initialUserPassword: {SECRET}\n".encode(),
        ),
    ]
