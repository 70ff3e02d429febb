"""A distinct secret planted in every secret-bearing value, through every input path, never shows.

Every secret key of the newest release's schema gets values that fail in different ways
(a typo beside it, the wrong type, a placeholder, control characters, a number); each is
given by a file, by standard input and by each ``--set`` flavour, and goes through every
subcommand that reads values, in both output formats where there are two. The library's
objects (``repr``, exceptions) are searched too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from chartgen import api
from chartgen.diagnostics import ChartgenError
from chartgen.releases import LATEST
from chartgen.validation.schema_walk import release_schema
from chartgen.values.load import SetFlags, load_values
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
BASE = {"maxSlotsPerPod": 4, "initialUserPassword": "Base-Passw0rd-9"}


def _secret_paths() -> list[tuple[Any, ...]]:
    schema = release_schema(LATEST)
    defs, found = schema["$defs"], []

    def walk(node: dict[str, Any], path: tuple[Any, ...]) -> None:
        if "$ref" in node:
            walk(defs[node["$ref"].rsplit("/", 1)[-1]], path)
            return
        for branch in node.get("anyOf", ()):
            walk(branch, path)
        if node.get("x-secret"):
            found.append(path)
        for key, child in node.get("properties", {}).items():
            walk(child, (*path, key))
        if isinstance(node.get("items"), dict):
            walk(node["items"], (*path, 0))

    walk(schema, ())
    return sorted(set(found), key=str)


PATHS = _secret_paths()


def _nest(path: tuple[Any, ...], value: Any) -> Any:
    for part in reversed(path):
        value = [value] if isinstance(part, int) else {part: value}
    return value


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in extra.items():
        out[key] = (
            _merge(out[key], value) if isinstance(out.get(key), dict) and isinstance(value, dict) else value
        )
    return out


def _set_path(path: tuple[Any, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _variants(secret: str) -> Iterator[tuple[str, Any]]:
    yield "beside-a-typo", secret
    yield "wrong-type", [secret]
    yield "placeholder", f"<{secret}>"
    yield "control-characters", f"{secret}\x1b[0m\n{secret}"
    yield "too-short", secret[:7]


COMMANDS = [
    ["lint", "{file}"],
    *(["lint", "--format", fmt, "{file}"] for fmt in ("json", "github", "sarif", "junit", "gitlab")),
    ["render", "-f", "{file}"],
    ["podspec", "-f", "{file}", "--kind", "gpu"],
    ["plan", "-f", "{file}", "--nodes", "4x2", "--jobs", "8"],
    ["diff", "-f", "{file}", "--from-values", "{base}"],
    ["diff", "--format", "json", "-f", "{base}", "--from-values", "{file}"],
    ["fix", "--diff", "--unsafe-fixes", "{file}"],
    ["migrate", "--diff", "--unsafe-fixes", "--from", "0.35.0", "--to", "0.38.1", "{file}"],
    ["fix", "--unsafe-fixes", "{copy}"],
    ["migrate", "--from", "0.35.0", "--to", "0.38.1", "{copy}"],
]


def _misspelt(key: str) -> str:
    """``key`` with its second-to-last letter dropped, as a hurried typist writes it."""
    return key[:-2] + key[-1]


def _findings(command: list[str], code: int, out: str) -> str:
    """Standard output, unless it is a successful render's manifests (which carry the secrets)."""
    return "" if command[0] in ("render", "podspec") and code == 0 else out


def _assert_hidden(secrets: list[str], *outputs: str) -> None:
    text = "".join(outputs)
    for secret in secrets:
        assert secret not in text, f"{secret!r} shown"
        # Cut secrets count too (a password "too short" shows its first 7 characters otherwise).
        assert secret[:7] not in text, f"{secret[:7]!r} shown"


@pytest.mark.parametrize("spelling", ["spelt-right", "misspelt"])
@pytest.mark.parametrize("path", PATHS, ids=_set_path)
def test_no_secret_in_any_output_of_a_values_file(
    path: tuple[Any, ...], spelling: str, tmp_path: Path
) -> None:
    secret = f"Zq{abs(hash((path, spelling))) % 10**6:06d}Sekr1t"
    written = path if spelling == "spelt-right" else (*path[:-1], _misspelt(path[-1]))
    for variant, value in _variants(secret):
        planted = _merge(BASE, _nest(written, value))
        planted["chekpointStorage"] = {"type": "s3"}  # a typo, so every run has findings
        file = tmp_path / f"{variant}.yaml"
        file.write_text(yaml.safe_dump(planted))
        base = tmp_path / "base.yaml"
        base.write_text(yaml.safe_dump(BASE))
        for command in COMMANDS:
            copy = tmp_path / f"{variant}-copy.yaml"
            copy.write_text(file.read_text())
            argv = [
                arg.replace("{file}", str(file)).replace("{base}", str(base)).replace("{copy}", str(copy))
                for arg in command
            ]
            code, out, err = run_cli(argv)
            assert code in (0, 1, 2, 3)
            _assert_hidden([secret], _findings(command, code, out), err)
        code, out, err = run_cli(["lint", "-"], stdin=file.read_text())
        _assert_hidden([secret], out, err)


@pytest.mark.parametrize("path", PATHS, ids=_set_path)
def test_no_secret_in_any_output_of_the_set_flags(path: tuple[Any, ...], tmp_path: Path) -> None:
    secret = f"Qz{abs(hash(path)) % 10**6:06d}Sekr1t"
    key = _set_path(path)
    content = tmp_path / "secret.txt"
    content.write_text(f"{secret} not a name")
    flags = [
        ["--set", f"{key}={secret}tail,{secret}"],
        ["--set", f"{key}=x,{secret}[0]"],
        ["--set", f"{key}=Head,{secret}=1"],  # Helm: the password is Head, and a key named by the rest
        ["--set-string", f"{key}={secret},more"],
        ["--set-json", f"{key}={json.dumps([secret])}"],
        ["--set-json", f'{key}={{"broken": "{secret}"'],
        ["--set-file", f"{key}={content}"],
        ["--set-literal", f"{key}=<{secret}>"],
        ["--set-file", f"{key}=-"],
    ]
    for flag in flags:
        for command in (["lint", "--format", "json"], ["render"], ["podspec", "--kind", "gpu"], ["diff"]):
            code, out, err = run_cli([*command, *flag, "--set", "maxSlotsPerPod=4"], stdin=f"{secret}\n")
            assert code in (0, 1, 2, 3)
            _assert_hidden([secret], _findings(command, code, out), err)


def test_library_objects_never_show_secrets(tmp_path: Path) -> None:
    secret = "Lib-Sekr1t-Value-42"
    file = tmp_path / "values.yaml"
    file.write_text(yaml.safe_dump(_merge(BASE, {"db": {"password": secret}, "initialUserPassword": secret})))
    flags = SetFlags(set=[f"checkpointStorage.secretKey={secret}"], set_file=[])
    loaded = load_values([str(file)], flags=flags)
    result = api.lint([str(file)], flags=flags)
    rendered = api.render([str(file)], flags=SetFlags(set=["chekpoint=1", f"db.password={secret}x"]))
    _assert_hidden(
        [secret],
        repr(loaded),
        repr(flags),
        repr(result.diagnostics),
        "".join(str(d) for d in result.diagnostics),
        repr(rendered.warnings),
    )
    with pytest.raises(ChartgenError) as caught:
        load_values([str(file)], flags=SetFlags(set=[f"initialUserPassword={secret},{secret}"]))
    _assert_hidden([secret], str(caught.value), repr(caught.value.diagnostics))
