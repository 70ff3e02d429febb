"""An installer built on chartgen: values written in code, checked, rendered to a directory,
sized against the cluster's nodes, and the pod a GPU task will get.

    python examples/installer.py OUT_DIR

Exit 1 with the findings when the values are invalid; nothing here reaches past ``chartgen``.
"""

from __future__ import annotations

import sys

import chartgen

#: GPU tasks tolerate the taint of the GPU nodes.
GPU_POD: dict[str, object] = {
    "apiVersion": "v1",
    "kind": "Pod",
    "spec": {"tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists"}]},
}


def default_pool() -> chartgen.ResourcePool:
    """The master's default pool, with the task defaults of its GPU tasks."""
    defaults = chartgen.MasterTaskContainerDefaults(gpu_pod_spec=GPU_POD)
    return chartgen.ResourcePool(pool_name="default", task_container_defaults=defaults)


def values() -> chartgen.Values:
    """A production install: S3 checkpoints, a kept database, three 8-GPU nodes."""
    return chartgen.Values(
        maxSlotsPerPod=8,
        initialUserPassword="Installer-Passw0rd",
        defaultScheduler="coscheduler",
        db=chartgen.Db(keepOnUninstall=True),
        checkpointStorage=chartgen.CheckpointStorage(type="s3", bucket="det-checkpoints"),
        cluster=chartgen.Cluster(nodes=[chartgen.NodeGroup(name="a100", count=3, gpus=8)]),
        resourcePools=[default_pool()],
    )


def describe(plan: chartgen.Plan) -> str:
    """The jobs' sizes and whether all of them schedule."""
    jobs: tuple[chartgen.JobPlan, ...] = plan.jobs
    verdict = "schedulable" if all(job.schedulable for job in jobs) else "NOT schedulable"
    sizes = " and ".join(str(job.slots) for job in jobs)
    return f"jobs of {sizes} slots on maxSlotsPerPod {plan.max_slots_per_pod}: {verdict}"


def install(out_dir: str) -> int:
    try:
        typed = values()
    except chartgen.ChartgenError as exc:  # a value the model refuses, at its path
        print(exc, file=sys.stderr)
        return 1
    loaded = chartgen.load_values(typed, app_version=chartgen.LATEST)
    problems = [d for d in chartgen.validate(loaded, namespace="determined") if d.is_error]
    if problems:
        print("\n".join(str(d) for d in problems), file=sys.stderr)
        return 1
    rendered = chartgen.render(loaded, release_name="det", namespace="determined")
    written = chartgen.write_manifests(rendered.manifests, out_dir)
    print(f"wrote {len(written)} files for {len(rendered.manifests)} objects")

    report: chartgen.PlanReport = chartgen.plan(loaded, jobs=[16, 8])
    print(describe(report.plan))

    preview: chartgen.PodPreviewResult = chartgen.preview_pod(loaded, kind="gpu")
    tolerated = [t["key"] for t in preview.pod["spec"]["tolerations"]]
    print(f"a GPU task's pod in pool {preview.request.pool} tolerates {tolerated}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(install(sys.argv[1]))
