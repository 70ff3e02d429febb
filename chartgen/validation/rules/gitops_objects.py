"""What a Flux HelmRelease or a kustomization refers to and chartgen could not follow, or what the
tool itself would refuse: found by ``chartgen.gitops.flux`` and ``chartgen.gitops.kustomize``,
registered here so they are listed, explained and configured like every other rule."""

from chartgen.validation.registry import explain

explain(
    "gitops-reference-missing",
    """Warning: an object or file a GitOps object refers to is not in the repository, so the
    values it would give were not checked: a HelmRelease's ``valuesFrom`` ConfigMap or Secret
    (or its ``valuesKey``), a kustomization's ``resources``, ``components``, patch or generator
    file. Said at the line that refers to it.

    A ``valuesFrom`` object is looked for as Flux would be given it: built by the kustomization
    beside the HelmRelease (``resources``, ``configMapGenerator``, ``secretGenerator``), in the
    same file, or in a YAML file below the HelmRelease's directory, in its namespace. One made
    elsewhere (by hand, by External Secrets, SOPS-encrypted) cannot be read; one marked
    ``optional: true`` is skipped silently, as Flux skips it. A kustomize file that is missing
    fails ``kustomize build`` (an error).

    pass: ``valuesFrom: [{kind: ConfigMap, name: det-values}]`` with ``det-values`` in the
    kustomization's ``configMapGenerator``
    fail: ``valuesFrom: [{kind: ConfigMap, name: det-values}]`` and no such ConfigMap

    fix: keep the ConfigMap or Secret in the repository beside the HelmRelease, or mark the
    reference ``optional: true`` when it may be absent.
    """,
)

explain(
    "kustomize-patch-failed",
    """Error: a kustomize patch that ``kustomize build`` refuses, so the overlay cannot be built:
    a JSON 6902 operation whose path is not there (``replace``, ``remove``, ``move``, ``copy``,
    ``add`` below a missing parent), a failing ``test``, a JSON 6902 patch without ``target``,
    or a strategic-merge patch without ``target`` that names no object of the build.

    pass: ``- op: replace`` / ``path: /spec/values/maxSlotsPerPod`` on a HelmRelease that sets it
    fail: the same on a HelmRelease whose ``spec.values`` has no ``maxSlotsPerPod`` (use ``add``)

    fix: patch what the base has (``add`` creates a key, ``replace`` needs it), or give a target.
    """,
)

explain(
    "flux-target-path",
    """Error: a HelmRelease ``valuesFrom`` reference with a ``targetPath`` that Flux cannot set:
    the path goes through a value that is not a map or list, is not a path (an empty name), or
    the referenced text is not one Helm's ``--set`` parser reads (``endpoints: [a,b,c]``: the
    commas start more assignments). Flux sets the value as ``--set`` would (text in quotes as
    ``--set-string``; ``literal: true`` takes it whole) and fails the release otherwise.

    pass: ``targetPath: db.password`` with the Secret's key holding ``s3cret``
    fail: ``targetPath: external.content`` with the key holding ``endpoints: [a,b,c]``

    fix: add ``literal: true`` to take the text as it is, or fix the path.
    """,
)
