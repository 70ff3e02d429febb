"""The wheel and the sdist as users and distribution packagers get them.

Built once per module from a copy of the repository (what a clone holds: ``.gitignore``'s
files left out): ``python -m build`` makes the sdist, then the wheel from the unpacked sdist, as a
packager builds it. Each is installed into a virtualenv of its own outside the repository (the
wheel directly, the sdist by pip building it, the dependencies from one download) and run from a
directory outside the repository: ``--version``, a render, a lint, ``python -m chartgen``, the
installer example and the long description's commands as printed. What the repository's own
checkout answers is the reference. Metadata is read with PyPA's parser (``packaging.metadata``).

Needs PyPI once per run: the build's setuptools and chartgen's dependencies.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest
import trove_classifiers
from packaging.metadata import Metadata

import chartgen
from chartgen.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LONG_DESCRIPTION = ROOT / "docs" / "pypi.md"
NAME = f"chartgen-{chartgen.__version__}"
#: SHA-256 of the Apache License 2.0 as the ASF publishes it (apache.org/licenses/LICENSE-2.0.txt,
#: also Debian's /usr/share/common-licenses/Apache-2.0): the standard text, unaltered.
APACHE_2_0_SHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"
URL_LABELS = {"Homepage", "Repository", "Issues", "Changelog", "Documentation"}
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
_EXIT = re.compile(r"\bexit (\d)\b")


def _run(
    command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run to success, showing what the command said when it fails."""
    process = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env)
    assert process.returncode == 0, f"{command}: {process.stdout}{process.stderr}"
    return process


class Built(NamedTuple):
    source: Path  # the copy of the repository built from
    sdist: Path
    wheel: Path
    wheelhouse: Path  # the dependencies and the build's requirements, for offline installs


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The sdist, the wheel built from it, and a wheelhouse of everything the installs need."""
    work = tmp_path_factory.mktemp("dist")
    ignored = [line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines()]
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", *filter(None, ignored)))
    out = work / "dist"
    _run([sys.executable, "-m", "build", "--outdir", str(out), str(source)])
    (sdist,), (wheel,) = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert (sdist.name, wheel.name) == (f"{NAME}.tar.gz", f"{NAME}-py3-none-any.whl")
    wheelhouse = work / "wheelhouse"
    build_requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(wheelhouse),
          str(wheel), *build_requires])  # fmt: skip
    (wheelhouse / wheel.name).unlink()  # only the dependencies: each install names its own artifact
    return Built(source, sdist, wheel, wheelhouse)


@pytest.fixture(scope="module", params=["wheel", "sdist"])
def venv(request: pytest.FixtureRequest, built: Built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv with nothing but chartgen from one artifact and its dependencies."""
    where = tmp_path_factory.mktemp(f"venv-{request.param}")
    # No pip or setuptools of its own: nothing chartgen forgot to declare can be found by chance.
    _run([sys.executable, "-m", "venv", "--without-pip", str(where)])
    artifact = built.wheel if request.param == "wheel" else built.sdist
    _run(
        [sys.executable, "-m", "pip", "--python", str(where / "bin" / "python"), "install", "--quiet",
         "--no-cache-dir", "--no-index", "--find-links", str(built.wheelhouse), str(artifact)],
    )  # fmt: skip
    return where


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A directory outside the repository holding a user's files: the examples'."""
    for name in ("values.yaml", "values-typo.yaml", "installer.py"):
        shutil.copy2(EXAMPLES / name, tmp_path / name)
    shutil.copy2(EXAMPLES / "upgrade" / "installed.yaml", tmp_path / "old-values.yaml")
    return tmp_path


def _env(venv: Path | None) -> dict[str, str]:
    """The user's environment, with the virtualenv's bin first on the path (if any)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env | {"PYTHONNOUSERSITE": "1"}


def _pair(venv: Path, workdir: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """``python ARGS`` with the installed package, and the repository checkout's stdout for it."""
    installed = subprocess.run(
        [str(venv / "bin" / "python"), *args], capture_output=True, text=True, cwd=workdir, env=_env(venv)
    )
    reference = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=workdir, env=_env(None)
    )
    return installed, reference.stdout


def _metadata(built: Built, kind: str) -> Metadata:
    if kind == "wheel":
        with zipfile.ZipFile(built.wheel) as wheel:
            raw = wheel.read(f"{NAME}.dist-info/METADATA")
    else:
        with tarfile.open(built.sdist) as sdist:
            member = sdist.extractfile(f"{NAME}/PKG-INFO")
            assert member is not None
            raw = member.read()
    return Metadata.from_email(raw, validate=True)


def _long_description_commands() -> list[tuple[str, int]]:
    """The ``chartgen`` lines of the long description's ``sh`` blocks, with the exit status each
    says it has (``# … exit N``; 0 otherwise)."""
    found = []
    for lang, body in _BLOCK.findall(LONG_DESCRIPTION.read_text(encoding="utf-8")):
        for line in body.splitlines() if lang == "sh" else ():
            if line.startswith("chartgen "):
                command, _, comment = line.partition("  #")
                status = _EXIT.search(comment)
                found.append((command.strip(), int(status[1]) if status else 0))
    return found


# --- the artifacts ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_metadata_is_complete(built: Built, kind: str) -> None:
    meta = _metadata(built, kind)
    assert (meta.name, str(meta.version)) == ("chartgen", chartgen.__version__)
    assert (meta.license_expression, meta.license_files) == ("Apache-2.0", ["LICENSE"])
    assert meta.author == "chartgen developers"
    assert meta.keywords and "helm" in meta.keywords
    urls = meta.project_urls or {}
    assert set(urls) == URL_LABELS
    assert all(url.startswith(urls["Repository"]) for url in urls.values())
    classifiers = meta.classifiers or []
    assert classifiers and set(classifiers) <= trove_classifiers.classifiers
    # PEP 639: with License-Expression, licence classifiers must not be given.
    assert not [c for c in classifiers if c.startswith("License ::")]
    pythons = [
        c.rsplit(" ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert pythons and all(meta.requires_python and meta.requires_python.contains(v) for v in pythons)
    assert meta.description_content_type == "text/markdown"
    assert meta.description == LONG_DESCRIPTION.read_text(encoding="utf-8")


def test_the_licence_is_the_apache_2_0_text_in_the_repository_wheel_and_sdist(built: Built) -> None:
    text = (ROOT / "LICENSE").read_bytes()
    assert hashlib.sha256(text).hexdigest() == APACHE_2_0_SHA256
    with zipfile.ZipFile(built.wheel) as wheel:
        assert wheel.read(f"{NAME}.dist-info/licenses/LICENSE") == text
    with tarfile.open(built.sdist) as sdist:
        member = sdist.extractfile(f"{NAME}/LICENSE")
        assert member is not None and member.read() == text


def test_the_sdist_holds_the_wheels_sources_and_no_tests(built: Built) -> None:
    """The sdist is the wheel's source only: tests need the repository (golden files, corpus,
    recorded verdicts, fetched helm), so none is shipped half-complete."""
    with tarfile.open(built.sdist) as sdist:
        files = {m.name.removeprefix(f"{NAME}/") for m in sdist.getmembers() if m.isfile()}
    with zipfile.ZipFile(built.wheel) as wheel:
        in_wheel = {name for name in wheel.namelist() if name.startswith("chartgen/")}
    assert {name for name in files if name.startswith("chartgen/")} == in_wheel
    metadata = {name for name in files if name.startswith("chartgen.egg-info/")}
    assert files - in_wheel - metadata == {
        "PKG-INFO", "setup.cfg", "pyproject.toml", "MANIFEST.in", "LICENSE", "CHANGELOG.md", "docs/pypi.md",
    }  # fmt: skip


def test_twine_and_check_wheel_contents_pass(built: Built) -> None:
    _run([sys.executable, "-m", "twine", "check", "--strict", str(built.sdist), str(built.wheel)])
    package = built.source / "chartgen"
    _run([sys.executable, "-m", "check_wheel_contents", "--no-config", "--package", str(package),
          "--toplevel", "chartgen", str(built.wheel)])  # fmt: skip


def test_the_changelog_leads_with_this_version_or_unreleased() -> None:
    """Keep a Changelog: ``## [Unreleased]`` or ``## [VERSION] - YYYY-MM-DD``, newest first."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, re.M)
    assert headings and all(
        re.fullmatch(r"\[Unreleased\]|\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", h) for h in headings
    )
    assert headings[0] == "[Unreleased]" or headings[0].startswith(f"[{chartgen.__version__}] - ")
    for version in re.findall(r"^## \[([^\]]+)\]", text, re.M):
        assert re.search(rf"^\[{re.escape(version)}\]: https://", text, re.M), version


def test_the_long_description_speaks_to_a_package_index_user() -> None:
    text = LONG_DESCRIPTION.read_text(encoding="utf-8")
    assert "pip install chartgen" in text
    assert not re.search(r"\bmake \w|\.venv/", text)  # the developer's workflow means nothing there
    assert not re.search(r"\]\((?!https://)", text)  # links that resolve off the repository
    assert {command.split()[1] for command, _ in _long_description_commands()} == set(COMMANDS)


# --- installed --------------------------------------------------------------------------------


def test_version_matches_the_metadata(venv: Path, workdir: Path) -> None:
    installed, reference = _pair(venv, workdir, "-m", "chartgen", "--version")
    recorded = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import importlib.metadata as m; print(m.version('chartgen'))"],
        capture_output=True, text=True, cwd=workdir, env=_env(venv),
    )  # fmt: skip
    assert recorded.stdout.strip() == chartgen.__version__
    assert installed.stdout.startswith(f"chartgen {chartgen.__version__}: ")
    assert (installed.returncode, installed.stdout) == (0, reference)
    script = subprocess.run(
        [str(venv / "bin" / "chartgen"), "--version"],
        capture_output=True,
        text=True,
        cwd=workdir,
        env=_env(venv),
    )
    assert (script.returncode, script.stdout) == (0, reference)


def test_the_installed_package_is_the_one_run(venv: Path, workdir: Path) -> None:
    where = _run(
        [str(venv / "bin" / "python"), "-c", "import chartgen; print(chartgen.__file__)"],
        cwd=workdir,
        env=_env(venv),
    )
    assert Path(where.stdout.strip()).is_relative_to(venv)
    assert (Path(where.stdout.strip()).parent / "py.typed").is_file()


def test_render_as_the_checkout_renders(venv: Path, workdir: Path) -> None:
    installed, reference = _pair(
        venv, workdir, "-m", "chartgen", "render", "det", "-f", "values.yaml", "-n", "determined"
    )
    assert (installed.returncode, installed.stderr) == (0, "")
    assert installed.stdout == reference and "kind: Deployment" in reference


def test_lint_as_the_checkout_lints(venv: Path, workdir: Path) -> None:
    installed, reference = _pair(venv, workdir, "-m", "chartgen", "lint", "values-typo.yaml")
    assert (installed.returncode, installed.stderr) == (1, "")
    assert installed.stdout == reference
    assert "values-typo.yaml:5:3: warning[unknown-key] unknown key `bukcet`" in installed.stdout


def test_the_installer_example_runs(venv: Path, workdir: Path) -> None:
    installed, reference = _pair(venv, workdir, "installer.py", "out")
    assert (installed.returncode, installed.stderr) == (0, "")
    assert installed.stdout == reference and installed.stdout.startswith("wrote 11 files for 19 objects\n")


@pytest.mark.parametrize(
    ("command", "status"), _long_description_commands(), ids=[c for c, _ in _long_description_commands()]
)
def test_long_description_command_works_as_printed(
    venv: Path, workdir: Path, command: str, status: int
) -> None:
    run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=workdir, env=_env(venv))
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == status, run.stdout + run.stderr


def test_long_description_library_snippet_runs_and_type_checks(venv: Path, workdir: Path) -> None:
    (snippet,) = [
        body
        for lang, body in _BLOCK.findall(LONG_DESCRIPTION.read_text(encoding="utf-8"))
        if lang == "python"
    ]
    (workdir / "snippet.py").write_text(snippet)
    run = subprocess.run(
        [str(venv / "bin" / "python"), "snippet.py"],
        capture_output=True,
        text=True,
        cwd=workdir,
        env=_env(venv),
    )
    assert (run.returncode, run.stderr) == (0, "")
    # mypy of the checkout, reading chartgen and its dependencies from the virtualenv (PEP 561).
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable",
         str(venv / "bin" / "python"), "snippet.py"],
        capture_output=True, text=True, cwd=workdir, env=_env(None),
    )  # fmt: skip
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
