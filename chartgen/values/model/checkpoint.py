"""``checkpointStorage``: where checkpoints and TensorBoard data go.

The chart writes only the keys of the chosen ``type``; leftovers of another type
(the default ``hostPath`` beside ``type: s3``) are normal and accepted.
"""

from __future__ import annotations

from typing import Literal

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import NonNegativeInt, Url


class CheckpointStorage(Section):
    model_config = config("chart", where="checkpointStorage")

    saveExperimentBest: NonNegativeInt | None = field(
        "Checkpoints to keep of the best trials of an experiment.",
        0,
        values_yaml=True,
        checked_by="checkpoint-save-count",
    )
    saveTrialBest: NonNegativeInt | None = field(
        "Best checkpoints to keep of each trial.", 1, values_yaml=True, checked_by="checkpoint-save-count"
    )
    saveTrialLatest: NonNegativeInt | None = field(
        "Latest checkpoints to keep of each trial.", 1, values_yaml=True, checked_by="checkpoint-save-count"
    )
    type: Literal["shared_fs", "directory", "s3", "gcs", "azure"] | None = field(
        "Storage backend: shared_fs (a hostPath on every node, for testing), directory, s3, gcs or azure.",
        "shared_fs",
        values_yaml=True,
    )
    hostPath: str | None = field(
        "shared_fs: directory on the nodes where checkpoints are written.",
        "/tmp/checkpoints",
        values_yaml=True,
    )
    mountToServer: bool | None = field(
        "shared_fs: also mount hostPath into the master so checkpoints can be downloaded.",
        False,
        values_yaml=True,
    )
    containerPath: str | None = field("directory: path inside task containers where checkpoints are written.")
    bucket: str | None = field("s3, gcs: name of the bucket.")
    prefix: str | None = field("s3, gcs: path prefix of checkpoints inside the bucket.")
    accessKey: str | None = field("s3: access key id; the pods' own credentials when unset.", secret=True)
    secretKey: str | None = field("s3: secret access key.", secret=True)
    endpointUrl: Url | None = field(
        "s3: endpoint of an S3-compatible service such as MinIO (http://host:9000)."
    )
    container: str | None = field("azure: name of the blob container.")
    connection_string: str | None = field(
        "azure: connection string of the storage account (exclusive with account_url).", secret=True
    )
    account_url: Url | None = field("azure: URL of the storage account (exclusive with connection_string).")
    credential: str | None = field("azure: optional credential used with account_url.", secret=True)
