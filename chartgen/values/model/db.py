"""``db``: the PostgreSQL database, deployed by the chart or external."""

from __future__ import annotations

from typing import Literal

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import Cpu, Host, Memory, MemoryLimit, NameSuffix, ObjectName, Port, Storage


class Db(Section):
    model_config = config(
        "chart",
        where="db",
        moved={"host": "the host of an external database is db.hostAddress"},
    )

    hostAddress: Host | None = field(
        "Host of an external PostgreSQL database; when set the chart deploys no database, PVC or Service."
    )
    name: str | None = field("Name of the database the master uses.", "determined", values_yaml=True)
    user: str | None = field("Database user of the master.", "postgres", values_yaml=True)
    password: str | None = field("Password of the database user.", "postgres", values_yaml=True, secret=True)
    port: Port | None = field("Port of the database.", 5432, values_yaml=True)
    storageSize: Storage | None = field(
        "Size of the PersistentVolumeClaim of the deployed database.", "30Gi", values_yaml=True
    )
    cpuRequest: Cpu | None = field("CPU request of the deployed database.", 2, values_yaml=True)
    memRequest: Memory | None = field("Memory request of the deployed database.", "8Gi", values_yaml=True)
    cpuLimit: Cpu | None = field("CPU limit of the deployed database.")
    memLimit: MemoryLimit | None = field("Memory limit of the deployed database.")
    useNodePortForDB: bool | None = field(
        "Expose the deployed database with a NodePort Service instead of ClusterIP.", False, values_yaml=True
    )
    storageClassName: ObjectName | None = field(
        "StorageClass of the database PVC; the cluster's default class when unset."
    )
    disablePVC: bool | None = field(
        "Run the deployed database without a PersistentVolumeClaim (its data is lost with the pod)."
    )
    keepOnUninstall: bool | None = field(
        "chartgen: annotate the database PVC helm.sh/resource-policy: keep, so that helm uninstall (or an "
        "upgrade that drops the claim) leaves it and the database's data in the cluster; upstream Helm "
        "ignores the key.",
        False,
    )
    sslMode: Literal["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] | None = field(
        "PostgreSQL sslmode of the master's connection; any value makes sslRootCert, resourceType and "
        "certResourceName required."
    )
    sslRootCert: str | None = field(
        "File name (not path) of the root certificate inside the Secret or ConfigMap certResourceName."
    )
    resourceType: Literal["secret", "configMap"] | None = field(
        "Kind of object holding the database certificate: secret or configMap.", trimmed=True
    )
    certResourceName: ObjectName | None = field(
        "Name of the Secret or ConfigMap holding the database certificate."
    )
    claimSuffix: NameSuffix | None = field(
        "Use the existing PVC determined-db-pvc-<claimSuffix> instead of determined-db-pvc-<release>.",
        change="db-snapshots",
    )
    snapshotSuffix: NameSuffix | None = field(
        "On helm upgrade, snapshot the database volume as determined-db-snapshot-<snapshotSuffix> "
        "(GKE CSI driver only).",
        change="db-snapshots",
    )
    restoreSnapshotSuffix: NameSuffix | None = field(
        "On helm upgrade, create the database PVC from the snapshot determined-db-snapshot-<suffix>.",
        change="db-snapshots",
    )
