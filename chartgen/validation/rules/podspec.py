"""Pod specs: each must be a valid Kubernetes Pod that Determined can use as its tasks' default.

The chart copies ``taskContainerDefaults.cpuPodSpec``/``gpuPodSpec``/``checkpointGcPodSpec``
(when set) and every resource pool's ``task_container_defaults.*_pod_spec`` into master.yaml.
The master reads them into Kubernetes' Go types and checks them at start-up; what it drops,
refuses or overwrites is in ``chartgen.podspec.podschema``, which the rules below report on.
"""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Finding, Path
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy
from chartgen.validation.rules.pools import pool_entries

TOP_LEVEL = ("cpuPodSpec", "gpuPodSpec", "checkpointGcPodSpec")
IN_POOL = ("cpu_pod_spec", "gpu_pod_spec", "checkpoint_gc_pod_spec")


def pod_spec_paths(ctx: Context) -> Iterator[Path]:
    """Every pod spec the chart writes into master.yaml."""
    for key in TOP_LEVEL:
        if truthy(ctx.get("taskContainerDefaults", key, user=True)):
            yield ("taskContainerDefaults", key)
    for path, _ in pool_entries(ctx):
        for key in IN_POOL:
            if ctx.get(*path, "task_container_defaults", key) is not None:
                yield (*path, "task_container_defaults", key)


def _findings(ctx: Context) -> list[tuple[Path, Finding]]:
    """Every finding of every pod spec, with the spec's path (once per context: ``Context.once``)."""
    found: list[tuple[Path, Finding]] = []
    paths = list(pod_spec_paths(ctx))
    if paths:
        from chartgen.podspec.podschema import check_pod

        for path in paths:
            found.extend((path, finding) for finding in check_pod(ctx.get(*path), ctx.release))
    return found


def _report(ctx: Context, rule: str | None) -> Iterator[Diagnostic]:
    for base, found in ctx.once(_findings):
        if rule is None or found.rule == rule:
            yield ctx.diag(
                found.rule, (*base, *found.path), found.message, severity=found.severity, key=found.key
            )


def all_findings(ctx: Context) -> list[Diagnostic]:
    """The findings of every rule below, for tools that check pod specs alone (``chartgen podspec``)."""
    return list(_report(ctx, None))


@rule("pod-spec-kind")
def kind(ctx: Context) -> Iterator[Diagnostic]:
    """A pod spec is a whole Pod object: ``apiVersion: v1`` and ``kind: Pod``. Another kind is an
    error (Determined reads it as a Pod anyway and drops what a Pod lacks); leaving them out is a
    warning.

    pass: ``gpuPodSpec: {apiVersion: v1, kind: Pod, spec: {priorityClassName: high}}``
    fail: ``gpuPodSpec: {apiVersion: apps/v1, kind: Deployment, spec: {template: ...}}``
    """
    return _report(ctx, "pod-spec-kind")


@rule("pod-spec-unknown-field")
def unknown_field(ctx: Context) -> Iterator[Diagnostic]:
    """A field the Kubernetes Pod does not have at that place: Determined drops it, so it has no
    effect (a warning). Suggests the field meant; a field spelt in another case is a warning
    too (Determined matches names ignoring case, Kubernetes does not).

    pass: ``spec: {tolerations: [{key: gpu, operator: Exists}]}``
    fail (warning): ``spec: {tolerationz: [{key: gpu, operator: Exists}]}`` (did you mean ``tolerations``?)
    """
    return _report(ctx, "pod-spec-unknown-field")


@rule("pod-spec-field-too-new")
def field_too_new(ctx: Context) -> Iterator[Diagnostic]:
    """A Pod field newer than the Kubernetes API the master was built with (1.28 for every supported
    release): the master drops it, whatever the cluster's version (a warning: it has no effect).

    pass: ``securityContext: {seccompProfile: {type: RuntimeDefault}}``
    fail (warning): ``securityContext: {appArmorProfile: {type: RuntimeDefault}}`` (Kubernetes 1.30)
    """
    return _report(ctx, "pod-spec-field-too-new")


@rule("pod-spec-type")
def wrong_type(ctx: Context) -> Iterator[Diagnostic]:
    """A value of the wrong type for its Pod field (a number where Kubernetes wants a string, a
    malformed quantity): the master cannot read the spec and does not start.

    pass: ``tolerations: [{key: gpu, operator: Equal, value: "true"}]``
    fail: ``tolerations: [{key: gpu, operator: Equal, value: true}]``
    """
    return _report(ctx, "pod-spec-type")


@rule("pod-spec-required-field")
def required_field(ctx: Context) -> Iterator[Diagnostic]:
    """A field Kubernetes requires is missing (a container's or volume's name, a mount's
    mountPath): every pod started from the spec is rejected. A pod spec needs no containers,
    as Determined adds its own.

    pass: ``volumes: [{name: data, emptyDir: {}}]``
    fail: ``volumes: [{emptyDir: {}}]``
    """
    return _report(ctx, "pod-spec-required-field")


@rule("pod-spec-name-namespace")
def name_namespace(ctx: Context) -> Iterator[Diagnostic]:
    """``metadata.name`` and ``metadata.namespace`` are not supported: Determined names each pod
    and places it in the workspace's bound namespace or the default one. The master refuses to
    start with either set.

    pass: ``metadata: {labels: {team: vision}}``
    fail: ``metadata: {name: my-pod, namespace: team-a}``
    """
    return _report(ctx, "pod-spec-name-namespace")


@rule("pod-spec-host-network")
def host_network(ctx: Context) -> Iterator[Diagnostic]:
    """``spec.hostNetwork`` is not supported: the master configuration sets it
    (``taskContainerDefaults.networkMode: host``). ``true`` stops the master; ``false`` is a
    warning (no effect).

    pass: ``taskContainerDefaults: {networkMode: host}``
    fail: ``gpuPodSpec: {spec: {hostNetwork: true}}``
    """
    return _report(ctx, "pod-spec-host-network")


@rule("pod-spec-restart-policy")
def restart_policy(ctx: Context) -> Iterator[Diagnostic]:
    """``spec.restartPolicy`` is not supported: Determined always sets ``Never`` and restarts
    tasks itself. Another policy is an error (it is ignored); ``Never`` a warning.

    pass: ``spec: {priorityClassName: high}``
    fail: ``spec: {restartPolicy: OnFailure}``
    """
    return _report(ctx, "pod-spec-restart-policy")


@rule("pod-spec-null")
def null_deletes_nothing(ctx: Context) -> Iterator[Diagnostic]:
    """Warning: ``null`` in a pod spec deletes nothing. The master reads each pod spec into
    Kubernetes' Go types before the strategic merge: a null field is then simply absent (the
    default's value stays) and null in a map of strings (``labels``, ``nodeSelector``) is ``""``.

    pass: ``metadata: {labels: {team: vision}}``
    fail (warning): ``spec: {priorityClassName: null}``; ``metadata: {labels: {team: null}}``
    """
    return _report(ctx, "pod-spec-null")


@rule("pod-spec-gpu-resources")
def gpu_resources(ctx: Context) -> Iterator[Diagnostic]:
    """The ``determined-container`` cannot request or limit GPUs (``nvidia.com/gpu``,
    ``amd.com/gpu``): the task's slots decide them. Other resources are fine.

    pass: ``containers: [{name: determined-container, resources: {limits: {memory: 64Gi}}}]``
    fail: ``containers: [{name: determined-container, resources: {limits: {nvidia.com/gpu: 1}}}]``
    """
    return _report(ctx, "pod-spec-gpu-resources")


@rule("pod-spec-run-as-user")
def run_as_user(ctx: Context) -> Iterator[Diagnostic]:
    """The ``determined-container`` cannot set ``securityContext.runAsUser`` or ``runAsGroup``:
    Determined replaces them with the agent user linked to the task's owner
    (``det user link-with-agent-user``). Its other security settings are kept.

    pass: ``containers: [{name: determined-container, securityContext: {privileged: true}}]``
    fail: ``containers: [{name: determined-container, securityContext: {runAsUser: 1000}}]``
    """
    return _report(ctx, "pod-spec-run-as-user")


@rule("pod-spec-determined-container")
def determined_container(ctx: Context) -> Iterator[Diagnostic]:
    """Determined builds the ``determined-container`` itself. The master refuses to start when the
    spec sets its image, command, args, workingDir, ports, probes, lifecycle, termination message
    settings or imagePullPolicy; other fields than env, envFrom, resources, volumeMounts,
    volumeDevices and securityContext are dropped (a warning). A container named
    ``determined-init-container`` clashes with the one Determined adds.

    pass: ``containers: [{name: determined-container, volumeMounts: [{name: data, mountPath: /data}]}]``
    fail: ``containers: [{name: determined-container, image: my/image:1.0}]``
    """
    return _report(ctx, "pod-spec-determined-container")
