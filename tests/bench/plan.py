"""How long ``plan`` takes for a 100-node, 20-job inventory (issue 5 asks for under a second)."""

from __future__ import annotations

import statistics
import time

NODES = "8x40,4x60"  # 100 nodes of two sizes: maxSlotsPerPod 4, 140 pods of 4 GPUs at once
# 20 jobs of 1 to 64 pods that together can deadlock the cluster, so the example is built too.
JOBS = [16, 32, 48, 64, 96, 128, 256, 8, 4, 2] * 2


def bench_plan(runs: int = 15) -> float:
    """Median milliseconds to read the node list and analyse the jobs, JSON answer included."""
    from chartgen.planning import analyse
    from chartgen.planning.inventory import gpu_nodes

    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        plan = analyse(gpu_nodes(NODES), JOBS)
        plan.to_json()
        timings.append(time.perf_counter() - start)
        if not plan.deadlock_possible:
            raise AssertionError("the benchmark inventory no longer exercises the deadlock example")
    return statistics.median(timings) * 1000


if __name__ == "__main__":
    print(f"plan, 100 nodes / 20 jobs: {bench_plan():.3f} ms (median)")
