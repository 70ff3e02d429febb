"""Findings of one command's own inputs (``plan``, ``podspec``, ``diff``, ``migrate``), not of the values.

Each command reports them beside lint's findings, in the same form; they are
registered here so ``chartgen rule ID`` explains them too.
"""

from chartgen.validation.registry import explain

explain(
    "plan-inventory",
    """``chartgen plan``: the cluster to plan for cannot be read: ``cluster.nodes``
    in the values (node groups ``{name, count, gpus, allocatableCpu}``) with a missing,
    repeated or malformed field, or a sizing setting (``slotResourceRequests.cpu``,
    ``maxSlotsPerPod``, ``slotType``) the planner cannot use.

    Slot sizing and the deadlock analysis need every node's GPUs or allocatable CPU.

    pass: ``cluster: {nodes: [{name: gpu, count: 4, gpus: 8}]}``
    fail: ``cluster: {nodes: [{name: gpu, count: four}]}`` (no ``gpus``, a count that is no number)

    fix: correct the field named; ``gpus: 0`` describes CPU-only nodes.
    """,
)

explain(
    "pod-spec-pool",
    """``chartgen podspec``: the resource pool named (``--pool``, the task's
    ``resources.resource_pool`` or the default pool) is not among the values' pools.

    Determined would refuse to schedule the task, so there is no pod spec to show.

    fix: name one of the pools listed in the message, or add the pool to ``resourcePools``.
    """,
)

explain(
    "pod-spec-merge",
    """``chartgen podspec``: the default and task pod specs cannot be merged the way
    Determined merges them (strategic merge patch), or the merge does something the
    specs do not say (a warning: a list replaced, a ``null`` that deletes nothing).

    The master would fail the task at start, or start it with another spec than written.

    fix: follow the message: the path named is where the two specs disagree.
    """,
)

explain(
    "pod-spec-task-kind",
    """Warning, ``chartgen podspec``: ``--kind`` names the GPU spec for a task with no
    slots, or the CPU spec for one with slots.

    Determined picks the spec from the task's slots; the preview shown would not be
    the pod that runs.

    pass: ``--kind cpu`` with ``resources: {slots_per_trial: 0}``
    fail: ``--kind gpu`` with ``resources: {slots_per_trial: 0}``

    fix: use the ``--kind`` the message names.
    """,
)

explain(
    "manifest-not-an-object",
    """``chartgen diff``: a document of a manifests file is not a Kubernetes object
    (not a mapping, or without ``apiVersion``, ``kind`` or ``metadata.name``).

    Objects are compared by kind, namespace and name; a document without them cannot be.

    fix: pass the output of ``helm template`` or ``chartgen render``, unedited.
    """,
)

explain(
    "manifest-duplicate-object",
    """``chartgen diff``: the same object (kind, namespace, name) is written twice in one
    manifests file.

    Helm refuses such a release, so a comparison would mean nothing.

    fix: remove one copy; check that two renders were not concatenated.
    """,
)

explain(
    "migrate-dropped",
    """Warning, ``chartgen migrate``: a key the source release reads and the target
    release does not was removed.

    What it configured no longer happens on the target release; check nothing relied on it.

    fix: nothing to change in the file; read the release notes for the key's replacement.
    """,
)

explain(
    "migrate-takes-effect",
    """Warning, ``chartgen migrate``: a key the source release ignored takes effect on
    the target release.

    A setting written long ago and never applied starts to apply with the upgrade.

    fix: check the value is still meant, or remove it.
    """,
)
