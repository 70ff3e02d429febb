"""An installer built on chartgen: values written in code, checked, rendered to a directory,
sized against the cluster's nodes, and the pod a GPU task will get.

    python examples/installer.py OUT_DIR

Exit 1 with the findings when the values are invalid; nothing here reaches past ``chartgen``.
"""

from __future__ import annotations

import sys

import chartgen


def values() -> chartgen.Values:
    """A production install: S3 checkpoints, a kept database, three 8-GPU nodes."""
    return chartgen.Values(
        maxSlotsPerPod=8,
        initialUserPassword="Installer-Passw0rd",
        defaultScheduler="coscheduler",
        db=chartgen.Db(keepOnUninstall=True),
        checkpointStorage=chartgen.CheckpointStorage(type="s3", bucket="det-checkpoints"),
        cluster=chartgen.Cluster(nodes=[chartgen.NodeGroup(name="a100", count=3, gpus=8)]),
        taskContainerDefaults=chartgen.TaskContainerDefaults(
            gpuPodSpec={"spec": {"tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists"}]}}
        ),
    )


def install(out_dir: str) -> int:
    loaded = chartgen.load_values(values(), app_version=chartgen.LATEST)
    problems = [d for d in chartgen.validate(loaded, namespace="determined") if d.is_error]
    if problems:
        print("\n".join(str(d) for d in problems), file=sys.stderr)
        return 1
    rendered = chartgen.render(loaded, release_name="det", namespace="determined")
    written = chartgen.write_manifests(rendered.manifests, out_dir)
    print(f"wrote {len(written)} files for {len(rendered.manifests)} objects")

    report = chartgen.plan(loaded, jobs=[16, 8])
    verdict = "schedulable" if report.ok else "NOT schedulable"
    print(f"jobs of 16 and 8 slots on maxSlotsPerPod {report.plan.max_slots_per_pod}: {verdict}")

    pod = chartgen.preview_pod(loaded, kind="gpu").pod
    print(f"a GPU task's pod tolerates {[t['key'] for t in pod['spec']['tolerations']]}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(install(sys.argv[1]))
