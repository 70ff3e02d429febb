"""Mutation testing of the fast YAML reader's guards; local only, never part of ``make test``.

Each ``raise Unsupported`` in ``chartgen/yamlio/fast.py`` is a guard: without it the reader would
answer where the full parser answers otherwise (or errs), so some yamlio test must fail when it is
gone. For every guard this writes a mutant without it (its condition made false, or, where the
raise is no ``if``'s whole body, the raise removed) and one for each operand of an ``or``
condition (that operand made false), runs the yamlio fast tests against each in a subprocess with
the mutant imported in place of ``chartgen.yamlio.fast`` from a temporary copy (``fast.py`` is
never touched), and reports each mutant killed or survived, with the tests that killed it.

    .venv/bin/python -m tests.unit.yamlio.mutate_fast [--jobs N] [--only LINE] [pytest arguments]

The pytest arguments default to every ``tests/unit/yamlio/test_fast*.py``; ``--first`` stops each
run at its first failure (a verdict sooner, without the list of killers). Hypothesis runs
derandomised and without shrinking (a failure is all a kill needs); a test that runs longer than
``--budget`` seconds fails (a mutant that loops forever is killed by the test that found it).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
FAST = ROOT / "chartgen" / "yamlio" / "fast.py"
TESTS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "unit" / "yamlio").glob("test_fast*.py"))


@dataclass
class Mutant:
    line: int  #: of the ``raise Unsupported``
    what: str  #: the guard's condition, or the operand made false
    source: str
    killers: list[str] = field(default_factory=list)


def _is_guard(node: ast.AST) -> bool:
    return isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name) and node.exc.id == "Unsupported"


def _parents(tree: ast.AST) -> Iterator[tuple[ast.AST, str, list[ast.stmt]]]:
    """Every statement list in ``tree``: its owner, the owner's field, the list."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                yield node, name, block


def mutants(source: str) -> list[Mutant]:
    """One mutant per guard, and one per operand of a guard's ``or`` condition."""
    found: list[Mutant] = []
    sites = [
        (raise_.lineno, raise_.col_offset)
        for owner, _, block in _parents(ast.parse(source))
        for raise_ in block
        if _is_guard(raise_)
    ]
    for site in sorted(sites):
        probe = ast.parse(source)
        owner, name, block = next(
            (o, n, b)
            for o, n, b in _parents(probe)
            for s in b
            if _is_guard(s) and (s.lineno, s.col_offset) == site
        )
        if isinstance(owner, ast.If) and name == "body" and len(block) == 1:
            test = owner.test
            found.append(Mutant(site[0], ast.unparse(test), _replace(probe, owner, "test", None)))
            if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
                for index, operand in enumerate(test.values):
                    tree = ast.parse(source)
                    copy = next(n for n in ast.walk(tree) if _same(n, test))
                    assert isinstance(copy, ast.BoolOp)
                    found.append(
                        Mutant(
                            site[0], f"without {ast.unparse(operand)}", _replace(tree, copy, "values", index)
                        )
                    )
        else:
            index = next(i for i, s in enumerate(block) if _is_guard(s))
            block[index] = ast.Pass()
            found.append(Mutant(site[0], "raise removed", _unparse(probe)))
    return found


def _same(node: ast.AST, other: ast.AST) -> bool:
    return type(node) is type(other) and all(
        getattr(node, a, None) == getattr(other, a)
        for a in ("lineno", "col_offset", "end_lineno", "end_col_offset")
    )


def _replace(tree: ast.Module, owner: ast.AST, name: str, index: int | None) -> str:
    """``tree`` unparsed with ``owner.name`` (or its ``index``-th item) made ``False``."""
    if index is None:
        setattr(owner, name, ast.Constant(False))
    else:
        getattr(owner, name)[index] = ast.Constant(False)
    return _unparse(tree)


def _unparse(tree: ast.Module) -> str:
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def run(mutant: Mutant, path: Path, budget: int, arguments: list[str]) -> list[str]:
    """The tests that fail against ``mutant``, written to ``path``."""
    path.write_text(mutant.source, encoding="utf-8")
    report = path.with_suffix(".json")
    env = {**os.environ, "HYPOTHESIS_PROFILE": "mutant", "PYTHONDONTWRITEBYTECODE": "1"}
    command = [
        sys.executable,
        "-m",
        "tests.unit.yamlio.mutate_fast",
        "--run",
        str(path),
        str(report),
        str(budget),
    ]
    subprocess.run([*command, *arguments], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
    failed: list[str] = json.loads(report.read_text(encoding="utf-8")) if report.exists() else ["(no report)"]
    return failed


def _run_tests(path: str, report: str, budget: int, arguments: list[str]) -> int:
    """In the subprocess: the mutant at ``path`` imported as ``chartgen.yamlio.fast``, then pytest."""
    import importlib.util
    import signal

    import pytest
    from hypothesis import Phase, settings

    import chartgen.yamlio

    spec = importlib.util.spec_from_file_location("chartgen.yamlio.fast", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    chartgen.yamlio.fast = module  # type: ignore[attr-defined]
    settings.register_profile(
        "mutant", derandomize=True, database=None, phases=[Phase.explicit, Phase.generate]
    )

    def expire(signum: int, frame: Any) -> None:
        signal.alarm(5)  # hypothesis replays the failing example: that one times out sooner
        raise TimeoutError("the mutant runs on")

    signal.signal(signal.SIGALRM, expire)
    failed: list[str] = []

    class Plugin:
        @pytest.hookimpl(wrapper=True)
        def pytest_runtest_call(self, item: Any) -> Any:
            signal.alarm(budget)
            try:
                return (yield)
            finally:
                signal.alarm(0)

        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.failed:
                failed.append(report.nodeid)

    code = pytest.main(["-q", *arguments], plugins=[Plugin()])
    Path(report).write_text(json.dumps(failed), encoding="utf-8")
    return int(code)


def main() -> int:
    if sys.argv[1:2] == ["--run"]:
        path, report, budget, *arguments = sys.argv[2:]
        return _run_tests(path, report, int(budget), arguments)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--budget", type=int, default=120, help="seconds a test may run")
    parser.add_argument("--only", type=int, action="append", help="the guard at this line only")
    parser.add_argument("--first", action="store_true", help="stop each run at its first failure")
    options, arguments = parser.parse_known_args()
    if all(argument.startswith("-") for argument in arguments):
        arguments += TESTS
    if options.first:
        arguments.insert(0, "-x")
    source = FAST.read_text(encoding="utf-8")
    found = [m for m in mutants(source) if not options.only or m.line in options.only]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        baseline = run(
            Mutant(0, "none", _unparse(ast.parse(source))), folder / "fast.py", options.budget, arguments
        )
        if baseline:
            print("the tests fail without a mutation:", *baseline, sep="\n  ")
            return 2
        with ThreadPoolExecutor(options.jobs) as pool:
            for mutant, killers in zip(
                found,
                pool.map(
                    lambda i: run(found[i], folder / f"fast_{i}.py", options.budget, arguments),
                    range(len(found)),
                ),
                strict=True,
            ):
                mutant.killers = sorted(
                    killers, key=lambda k: "test_fast_guards" not in k
                )  # the guard's own first
                verdict = "killed" if killers else "SURVIVED"
                print(f"{mutant.line:4} {verdict:8} {len(killers):3} {mutant.what[:70]}", flush=True)
                for killer in mutant.killers[:3]:
                    print(f"{'':18}{killer}")
    survived = [m for m in found if not m.killers]
    print(f"{len(found) - len(survived)} of {len(found)} mutants killed")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
