"""Checkpoint storage: what each storage type needs, and Azure's credential combinations."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy

# The one value each storage type cannot do without (Azure's is checked with its credentials).
LOCATION = {
    "shared_fs": ("hostPath", "the directory on each node that holds checkpoints"),
    "directory": ("containerPath", "the directory inside task containers that holds checkpoints"),
    "gcs": ("bucket", "the GCS bucket that holds checkpoints"),
    "s3": ("bucket", "the S3 bucket that holds checkpoints"),
    "azure": ("container", "the Azure Blob Storage container that holds checkpoints"),
}


def _storage(ctx: Context) -> tuple[dict[str, object], object]:
    storage = ctx.get("checkpointStorage")
    return mapping(storage), mapping(storage).get("type")


@rule("checkpoint-type-required")
def type_required(ctx: Context) -> Iterator[Diagnostic]:
    """``checkpointStorage.type`` must stay set; the chart cannot render ``master.yaml`` without it.

    The chart's default is ``shared_fs``; deleting it (or the whole
    ``checkpointStorage`` map) with ``null`` makes the chart refuse.

    pass: ``checkpointStorage: {type: s3, bucket: ckpts}``
    fail: ``checkpointStorage: {type: null}``
    """
    storage = ctx.get("checkpointStorage")
    if storage is None or (isinstance(storage, dict) and missing(storage.get("type"))):
        yield ctx.required(
            "checkpoint-type-required", ("checkpointStorage", "type"),
            "the chart refuses to render master.yaml without it",
            when="(shared_fs, directory, gcs, s3 or azure)", refused=False,
        )  # fmt: skip


@rule("checkpoint-location-required")
def location_required(ctx: Context) -> Iterator[Diagnostic]:
    """Each storage type needs its location: hostPath, containerPath, bucket or container.

    Values meant for another type (such as the default ``hostPath`` left over
    when ``type: s3``) are ignored, not errors.

    pass: ``checkpointStorage: {type: s3, bucket: ckpts}``
    fail: ``checkpointStorage: {type: s3}``
    """
    storage, kind = _storage(ctx)
    if not isinstance(kind, str) or kind not in LOCATION:
        return
    name, what = LOCATION[kind]
    if missing(storage.get(name)):
        yield ctx.required(
            "checkpoint-location-required", ("checkpointStorage", name),
            f"it is {what}", when=f"when checkpointStorage.type is {kind}",
        )  # fmt: skip


@rule("azure-credentials")
def azure_credentials(ctx: Context) -> Iterator[Diagnostic]:
    """Azure storage takes exactly one of ``connection_string`` and ``account_url``; ``credential`` only with the URL.

    The chart refuses both at once and a credential beside a connection
    string; with neither, Determined cannot reach the storage account and
    refuses every experiment's checkpoint storage. Secret values are never shown.

    pass: ``checkpointStorage: {type: azure, container: c, account_url: https://a, credential: x}``
    fail: ``checkpointStorage: {type: azure, container: c, connection_string: x, account_url: https://a}``
    """
    storage, kind = _storage(ctx)
    if kind != "azure":
        return
    connection = truthy(storage.get("connection_string"))
    url = truthy(storage.get("account_url"))
    if connection and url:
        yield ctx.diag(
            "azure-credentials", ("checkpointStorage", "account_url"),
            "checkpointStorage.connection_string and checkpointStorage.account_url are both set: "
            "use exactly one; the chart refuses to render both",
        )  # fmt: skip
    elif connection and truthy(storage.get("credential")):
        yield ctx.diag(
            "azure-credentials", ("checkpointStorage", "credential"),
            "checkpointStorage.credential cannot be used with checkpointStorage.connection_string "
            "(the connection string carries its own credentials): the chart refuses to render both",
        )  # fmt: skip
    elif not connection and not url:
        yield ctx.diag(
            "azure-credentials", ("checkpointStorage", "type"),
            "checkpointStorage.type is azure but neither checkpointStorage.connection_string nor "
            "checkpointStorage.account_url is set: Determined has no way to reach the storage "
            "account and refuses checkpoint storage without exactly one of them",
        )  # fmt: skip


@rule("checkpoint-mount-ignored")
def mount_ignored(ctx: Context) -> Iterator[Diagnostic]:
    """``mountToServer`` only mounts ``shared_fs`` storage into the master; with other types it does nothing.

    pass: ``checkpointStorage: {type: shared_fs, hostPath: /mnt/ckpt, mountToServer: true}``
    fail (warning): ``checkpointStorage: {type: s3, bucket: b, mountToServer: true}``
    """
    storage, kind = _storage(ctx)
    if truthy(storage.get("mountToServer")) and isinstance(kind, str) and kind != "shared_fs":
        yield ctx.diag(
            "checkpoint-mount-ignored", ("checkpointStorage", "mountToServer"),
            f"checkpointStorage.mountToServer is ignored when checkpointStorage.type is {kind}: the "
            "chart mounts only shared_fs storage into the master",
            severity=Severity.WARNING,
        )  # fmt: skip


#: The counts of checkpoints to keep, which the master fills into every experiment's configuration.
SAVE_COUNTS = ("saveExperimentBest", "saveTrialBest", "saveTrialLatest")


@rule("checkpoint-save-count")
def save_count(ctx: Context) -> Iterator[Diagnostic]:
    """``checkpointStorage``'s counts of checkpoints to keep must be at least 0.

    The master starts with a negative count, then refuses every experiment that does not set
    its own: it fills each experiment's ``checkpoint_storage`` from its own and checks the
    whole against the experiment configuration schema, which takes no count below 0
    (``parseCreateExperiment`` in ``master/internal/core_experiment.go``, then
    ``schemas.IsComplete`` with ``schemas/expconf/v0/checkpoint-storage.json``).

    pass: ``checkpointStorage: {saveTrialBest: 2}``
    fail: ``checkpointStorage: {saveTrialBest: -1}``
    """
    storage, _ = _storage(ctx)
    for key in SAVE_COUNTS:
        value = storage.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            yield ctx.diag(
                "checkpoint-save-count", ("checkpointStorage", key),
                f"checkpointStorage.{key} must be at least 0, not {value}: the master starts, then refuses "
                "every experiment that does not set its own, as its experiment configuration schema takes "
                "no count below 0",
            )  # fmt: skip
