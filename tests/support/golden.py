"""Golden cases: values files under golden/<case>/ and the manifests chartgen renders for them.

``python -m tests.support.golden`` (``make golden``) re-renders every case; the
test suite re-renders and diffs. A case is a directory holding ``values.yaml``
and optionally ``case.yaml`` (release, namespace, app_version, is_upgrade, set,
set_string: the same keys as the conformance corpus). Its output is
``rendered.yaml``, or ``refused.txt`` when the values are invalid.
"""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "golden"
REAL_WORLD = ROOT / "tests" / "data" / "real-world"


@dataclass(frozen=True)
class Case:
    directory: Path

    @property
    def name(self) -> str:
        return self.directory.name

    def meta(self) -> dict[str, Any]:
        path = self.directory / "case.yaml"
        return (yaml.safe_load(path.read_text()) or {}) if path.exists() else {}

    def argv(self) -> list[str]:
        meta = self.meta()
        argv = ["render", str(meta.get("release", "determined"))]
        argv += ["-f", str(self.directory / "values.yaml")]
        argv += ["--namespace", str(meta.get("namespace", "default"))]
        if "app_version" in meta:
            argv += ["--app-version", str(meta["app_version"])]
        if meta.get("is_upgrade"):
            argv.append("--is-upgrade")
        for flag in ("set", "set_string"):
            for expr in meta.get(flag, []):
                argv += [f"--{flag.replace('_', '-')}", expr]
        return argv


def cases() -> list[Case]:
    return sorted((Case(p.parent) for p in GOLDEN.glob("*/values.yaml")), key=lambda c: c.name)


def render_case(case: Case) -> tuple[str, str]:
    """(file name, content) chartgen produces for the case, with paths made relative."""
    from chartgen.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(case.argv())
    if code == 0:
        return "rendered.yaml", out.getvalue()
    text = err.getvalue().replace(str(case.directory) + "/", "")
    return "refused.txt", f"exit {code}\n{text}"


def real_world_files() -> list[Path]:
    """Values files found in the wild (vendored as found); each has a reviewed ``.lint.txt``."""
    return sorted(REAL_WORLD.glob("*.yaml"))


def lint_output(path: Path) -> str:
    """What ``chartgen lint --quiet`` prints for a file (no summary), with its exit code, paths relative."""
    from chartgen.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["lint", "--quiet", str(path)])
    return f"exit {code}\n" + (out.getvalue() + err.getvalue()).replace(str(path.parent) + "/", "")


def fix_output(path: Path) -> str:
    """What ``chartgen fix --diff`` prints for a file, safe fixes then unsafe ones too, paths relative."""
    from chartgen.cli import main

    parts = []
    for flags in ([], ["--unsafe-fixes"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["fix", "--diff", *flags, str(path)])
        parts.append(f"$ chartgen fix --diff {' '.join([*flags, path.name])}\nexit {code}\n")
        parts.append(out.getvalue() + err.getvalue())
    return "".join(parts).replace(str(path.parent) + "/", "")


def write_all() -> int:
    changed = 0
    for path in real_world_files():
        for target, content in (
            (path.with_suffix(".lint.txt"), lint_output(path)),
            (path.with_suffix(".fix.txt"), fix_output(path)),
        ):
            if not target.exists() or target.read_text() != content:
                target.write_text(content)
                changed += 1
                print(f"updated {target.relative_to(ROOT)}")
    for case in cases():
        name, content = render_case(case)
        for stale in ("rendered.yaml", "refused.txt"):
            if stale != name:
                (case.directory / stale).unlink(missing_ok=True)
        target = case.directory / name
        if not target.exists() or target.read_text() != content:
            target.write_text(content)
            changed += 1
            print(f"updated {target.relative_to(ROOT)}")
    print(f"{len(cases())} golden cases, {changed} updated")
    return 0


if __name__ == "__main__":
    sys.exit(write_all())
