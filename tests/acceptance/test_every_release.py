"""Every supported release through every command, with or without a leading ``v``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from chartgen.releases import LATEST, SUPPORTED, has, task_image
from tests.support.cli import run_cli

VALUES = Path(__file__).parent / "data" / "podspec" / "values.yaml"
MINIMAL = [
    "--set",
    "maxSlotsPerPod=4",
    "--set",
    "initialUserPassword=Every-Release-1",
    "--set",
    "db.keepOnUninstall=true",
]
SPELLINGS = [spelling for release in SUPPORTED for spelling in (release, f"v{release}")]


def _release(spelling: str) -> str:
    return spelling.removeprefix("v")


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_render_uses_the_release_images_and_chart(spelling: str) -> None:
    release = _release(spelling)
    code, out, err = run_cli(["render", *MINIMAL, "--app-version", spelling])
    assert (code, err) == (0, "")
    objects = [doc for doc in yaml.safe_load_all(out) if doc]
    master = next(o for o in objects if o["kind"] == "Deployment" and "master" in o["metadata"]["name"])
    assert master["spec"]["template"]["spec"]["containers"][0]["image"] == (
        f"determinedai/determined-master:{release}"
    )
    secret = next(o for o in objects if o["kind"] == "Secret")
    images = yaml.safe_load(secret["stringData"]["master.yaml"])["task_container_defaults"]["image"]
    assert images["cpu"] == images["gpu"] == task_image(release)
    assert ("rocm" in images) == has(release, "rocm-image")


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_lint_schema_plan_and_podspec_take_each_release(spelling: str) -> None:
    release = _release(spelling)
    code, out, _ = run_cli(["lint", str(VALUES), *MINIMAL, "--app-version", spelling])
    assert code == 0 and "error[" not in out
    code, out, _ = run_cli(["schema", "--app-version", spelling])
    assert code == 0 and release in json.loads(out)["title"]
    assert run_cli(["plan", "--nodes", "4x2", "--jobs", "8", "--app-version", spelling])[0] == 0
    podspec = ["podspec", "-f", str(VALUES), "--pool", "prod_pool", "--kind", "gpu"]
    code, out, _ = run_cli([*podspec, "--app-version", spelling])
    assert code == 0 and "secret-volume" in out


@pytest.mark.parametrize("command", ["render", "lint", "schema", "plan", "podspec"])
@pytest.mark.parametrize(
    ("version", "message"),
    [
        ("0.34.0", "is not one of the releases chartgen reproduces"),
        ("0.39.0", f"is newer than {LATEST}, the newest of the releases"),
        ("main", "is not a release version"),
    ],
)
def test_every_command_refuses_other_releases(command: str, version: str, message: str) -> None:
    args = {"plan": ["--nodes", "4"], "lint": [str(VALUES)], "podspec": ["--kind", "gpu"]}.get(command, [])
    code, out, err = run_cli([command, *args, "--app-version", version])
    assert (code, out) == (2, "")
    assert message in err and ", ".join(SUPPORTED) in err
