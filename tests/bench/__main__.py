"""``make bench``: the speed figures the issues set targets for, printed, not asserted.

Whole-process runs are timed with ``os.wait4`` so each run's own peak memory is
known; the floor is ``python -c pass`` from the same interpreter.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "values.yaml"
EVERY_GROUP = Path(__file__).with_name("every-group.yaml")
RUNS = 15


def whole_process(
    argv: Sequence[str], runs: int = RUNS, *, stdin: bytes = b"", cwd: str | None = None
) -> tuple[float, float]:
    """Median wall milliseconds and median peak RSS (MiB) of a command."""
    walls, peaks = [], []
    for _ in range(runs + 1):
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd
        )
        assert proc.stdin is not None
        proc.stdin.write(stdin)
        proc.stdin.close()
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append((time.perf_counter() - start) * 1000)
        peaks.append(usage.ru_maxrss / 1024)
        if os.waitstatus_to_exitcode(status) not in (0, 1, 2):
            raise SystemExit(f"{' '.join(argv)[:200]} failed")
    return statistics.median(walls[1:]), statistics.median(peaks[1:])


def paired(a: Sequence[str], b: Sequence[str], runs: int = 21) -> tuple[float, float, float]:
    """Min, median and max of the wall-time ratio A/B, A and B run in turn (machines drift).

    Printed as the median with the min-max spread: a wide spread says the machine was noisy."""
    ratios = []
    for index in range(runs + 1):
        times = []
        for argv in (a, b):
            start = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            times.append(time.perf_counter() - start)
        if index:
            ratios.append(times[0] / times[1])
    return min(ratios), statistics.median(ratios), max(ratios)


def _ratio_row(name: str, target: str | None, a: Sequence[str], b: Sequence[str]) -> tuple[str, str, str]:
    low, mid, high = paired(a, b)
    return (f"{name} (target <= {target})" if target else name, f"{mid:.2f} x", f"{low:.2f}-{high:.2f}")


def against_helm(chart: str) -> list[tuple[str, str, str]]:
    """Render and lint as ratios of ``helm template`` of the upstream chart at ``chart``."""
    helm = str(ROOT / ".tools" / "helm")
    chartgen = [sys.executable, "-m", "chartgen"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        values = Path(tmp) / "values.yaml"
        values.write_text("maxSlotsPerPod: 4\ninitialUserPassword: Bench-Passw0rd\n")
        for name, path in (("default installation", str(values)), ("every option group", str(EVERY_GROUP))):
            reference = [helm, "template", "determined", chart, "-f", path]
            rows.append(
                _ratio_row(
                    f"render, {name} / helm template", "1.0", [*chartgen, "render", "-f", path], reference
                )
            )
        reference = [helm, "template", "determined", chart, "-f", str(values)]
        rows.append(
            _ratio_row("lint FILE / helm template", "0.8", [*chartgen, "lint", str(values)], reference)
        )
    return rows


def against_check_jsonschema() -> list[tuple[str, str, str]]:
    """Lint of every corpus values file in one call, as pre-commit passes them, against check-jsonschema."""
    tool = Path(sys.executable).with_name("check-jsonschema")
    if not tool.exists():
        return [("bulk lint / check-jsonschema: run `make tools` to install check-jsonschema", "", "")]
    files = sorted(
        str(p) for p in (ROOT / "tests" / "conformance" / "corpus" / "cases").rglob("values*.yaml")
    )
    schema = str(ROOT / "values_schema" / "values.schema.json")
    ours = [sys.executable, "-m", "chartgen", "lint", "--quiet", *files]
    theirs = [str(tool), "--schemafile", schema, *files]
    return [_ratio_row(f"bulk lint of {len(files)} files / check-jsonschema", "0.3", ours, theirs)]


#: The issue's two house rules: one over the values, one over each rendered Service.
POLICIES = """\
policies:
  - id: corp-registry
    expression: "values.imageRegistry.startsWith('registry.corp.example/')"
    path: imageRegistry
    message: Determined images come only from registry.corp.example
  - id: lb-source-ranges
    kinds: [Service]
    expression: >-
      object.spec.type != 'LoadBalancer' || (has(object.spec.loadBalancerSourceRanges)
      && size(object.spec.loadBalancerSourceRanges) > 0)
    path: loadBalancerSourceRanges
    message: a LoadBalancer Service is open only to the office ranges
"""


def with_policies() -> list[tuple[str, str, str]]:
    """What house rules in CEL add: one file, and the corpus in one call, each paired against the
    same lint without a configuration."""
    files = sorted(
        str(p) for p in (ROOT / "tests" / "conformance" / "corpus" / "cases").rglob("values*.yaml")
    )
    chartgen = [sys.executable, "-m", "chartgen", "lint", "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / ".chartgen.yaml"
        config.write_text(POLICIES)
        empty = Path(tmp) / "empty.yaml"
        empty.write_text("{}\n")
        one = [str(EXAMPLE)]
        return [
            _ratio_row(
                "lint FILE with 2 policies / without", None,
                [*chartgen, "--config", str(config), *one], [*chartgen, "--config", str(empty), *one],
            ),
            _ratio_row(
                f"bulk lint of {len(files)} files with 2 policies / without", None,
                [*chartgen, "--config", str(config), *files], [*chartgen, "--config", str(empty), *files],
            ),
        ]  # fmt: skip


def hostile_worst() -> list[tuple[str, str, str]]:
    """The slowest and the hungriest of the hostile inputs (tests/support/hostile.py), 3 runs each."""
    from tests.support.hostile import cases

    measured = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases():
            argv = case.write(Path(tmp))
            wall, peak = whole_process(
                [sys.executable, "-m", "chartgen", *argv], 3, stdin=case.stdin, cwd=tmp
            )
            measured.append((case.name, wall, peak))
    slowest = max(measured, key=lambda row: row[1])
    hungriest = max(measured, key=lambda row: row[2])
    return [
        (
            f"hostile input, slowest of {len(measured)} ({slowest[0]})",
            f"{slowest[1]:.0f} ms",
            f"{slowest[2]:.1f} MiB",
        ),
        (f"hostile input, most memory ({hungriest[0]})", f"{hungriest[1]:.0f} ms", f"{hungriest[2]:.1f} MiB"),
    ]


def in_process(func: Callable[[], object], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def lint_many(count: int = 1000) -> float:
    from chartgen import api

    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i in range(count):
            path = Path(tmp) / f"values-{i}.yaml"
            path.write_text(EXAMPLE.read_text() + f"clusterName: cluster-{i}\n")
            files.append(str(path))
        start = time.perf_counter()
        for file in files:
            api.lint([file])
        return (time.perf_counter() - start) * 1000


def render_loaded() -> float:
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.values.load import load_values

    values = load_values([str(EXAMPLE)])
    info = ReleaseInfo()
    render(values.values, info)
    return in_process(lambda: render(values.values, info), runs=51)


def _peak(mib: float, floor: float) -> str:
    """A child's peak as ``wait4`` gives it: never below this process's own size at the fork
    (Linux keeps the high-water mark across exec), so a peak at the floor is at most that."""
    return f"<= {floor:.1f} MiB" if mib <= floor + 0.1 else f"{mib:.1f} MiB"


def main() -> None:
    py = sys.executable
    rows: list[tuple[str, str, str]] = []
    floor_ms, floor_mb = whole_process([py, "-c", "pass"])
    rows.append(("python -c pass (floor)", f"{floor_ms:.1f} ms", f"{floor_mb:.1f} MiB"))
    lint_ms, lint_mb = whole_process([py, "-m", "chartgen", "lint", str(EXAMPLE)])
    rows.append(("chartgen lint FILE (target <= 60 ms)", f"{lint_ms:.1f} ms", _peak(lint_mb, floor_mb)))
    render_cmd = [py, "-m", "chartgen", "render", "--set", "maxSlotsPerPod=4"]
    render_cmd += ["--set", "initialUserPassword=Bench-Passw0rd"]
    render_ms, render_mb = whole_process(render_cmd)
    rows.append(
        (
            "chartgen render default (target <= 70 ms, 45 MiB)",
            f"{render_ms:.1f} ms",
            _peak(render_mb, floor_mb),
        )
    )
    rows.append(("lint 1,000 files in one process (target <= 1 s)", f"{lint_many():.0f} ms", ""))
    rows.append(("render of loaded values, in process (target <= 1 ms)", f"{render_loaded():.3f} ms", ""))
    rows.extend(hostile_worst())
    rows.extend(against_check_jsonschema())
    rows.extend(with_policies())
    chart = os.environ.get("CHARTGEN_UPSTREAM_CHART")
    if chart:
        rows.extend(against_helm(chart))
    else:
        rows.append(("ratios to helm template: set CHARTGEN_UPSTREAM_CHART to the upstream chart", "", ""))
    try:
        from tests.bench.plan import bench_plan
    except ImportError:
        pass
    else:
        rows.append(("plan: 100 nodes, 20 jobs, in process (target < 1 s)", f"{bench_plan():.1f} ms", ""))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'median':>10}  {'peak RSS / spread':>18}")
    for name, wall, mem in rows:
        print(f"{name:<{width}}  {wall:>10}  {mem:>18}")


if __name__ == "__main__":
    main()
