"""What ``chartgen diff`` reports about an upgrade (``chartgen.diffing.hazards``): fails, loses data, breaks or surprises.

Each hazard names its rule like a finding (``error[pvc-shrink]``); registered here so
``chartgen rule ID`` and ``docs/rules.md`` explain them too.
"""

from chartgen.validation.registry import explain

explain(
    "immutable-selector",
    """Error, upgrade fails: a Deployment's, StatefulSet's, DaemonSet's, ReplicaSet's or Job's ``spec.selector`` changes.

    Kubernetes never changes a selector: ``helm upgrade`` stops half-way with 'field is immutable'.

    fix: delete the object first (its pods stop until the upgrade creates it again), or keep the labels that feed the selector (release name, chart labels).
    """,
)

explain(
    "pvc-shrink",
    """Error, upgrade fails: a PersistentVolumeClaim's storage request gets smaller.

    Kubernetes never shrinks a volume: ``helm upgrade`` fails ('field can not be less than previous value').

    fix: keep the size at least as large as installed (``db.storageSize``); or back up, delete the claim and restore.
    """,
)

explain(
    "pvc-spec-immutable",
    """Error, upgrade fails: a claim's spec changes other than its storage request (storage class, access modes, volume name, data source).

    A claim's spec is fixed at creation, so ``helm upgrade`` fails ('spec is immutable').

    fix: keep the installed values (``db.storageClassName`` …); or back up, delete the claim and restore.
    """,
)

explain(
    "immutable-cluster-ip",
    """Error, upgrade fails: a Service's ``spec.clusterIP`` changes.

    A Service keeps its cluster IP for life; ``helm upgrade`` fails with 'field is immutable'.

    fix: leave the cluster IP as installed, or delete the Service first (clients lose it until it is created again, at a new address).
    """,
)

explain(
    "immutable-snapshot-source",
    """Error, upgrade fails: a VolumeSnapshot's ``spec.source`` changes.

    A snapshot is taken once from one source; the update is refused.

    fix: give the new snapshot a new name (``db.snapshotSuffix``), or delete the old VolumeSnapshot first.
    """,
)

explain(
    "immutable-role-ref",
    """Error, upgrade fails: a RoleBinding's or ClusterRoleBinding's ``roleRef`` changes.

    A binding's role cannot change; ``helm upgrade`` fails ('cannot change roleRef').

    fix: delete the binding first; its subjects lose the permissions until the upgrade creates it again.
    """,
)

explain(
    "immutable-priority-class",
    """Error, upgrade fails: a PriorityClass's ``value`` or ``preemptionPolicy`` changes.

    Neither can change; ``helm upgrade`` fails with 'field is immutable'.

    fix: delete the PriorityClass first; running pods keep their priority.
    """,
)

explain(
    "immutable-secret-type",
    """Error, upgrade fails: a Secret's ``type`` changes.

    A Secret's type cannot change; ``helm upgrade`` fails with 'field is immutable'.

    fix: delete the Secret first; pods that mount it cannot start until it exists again.
    """,
)

explain(
    "immutable-data",
    """Error, upgrade fails: an ``immutable: true`` Secret or ConfigMap is edited.

    Immutable objects refuse every change to their data; ``helm upgrade`` fails.

    fix: delete the object first, or give the changed one a new name.
    """,
)

explain(
    "pvc-deleted",
    """Error, data loss: a PersistentVolumeClaim leaves the release and the live claim is not annotated ``helm.sh/resource-policy: keep`` (external database, ``db.disablePVC``, ``db.restoreSnapshotSuffix``, a release rename or namespace move, GenAI's claim).

    Helm deletes what the upgrade no longer renders, and the volume's data with the claim, unless the *live*
    object carries the keep annotation. Installed values annotate it only in chartgen's render
    (``db.keepOnUninstall``, which upstream Helm ignores), so from ``--from-values`` the claim is not taken as kept.

    fix: check the live claim's annotation; back the data up first (``pg_dump``), or annotate the claim ``helm.sh/resource-policy=keep``.
    """,
)

explain(
    "db-volume-ephemeral",
    """Error, data loss: ``db.disablePVC`` on an installed release moves the database's data into the pod's own storage.

    The database starts empty and loses whatever it stores at its next restart.

    fix: leave ``db.disablePVC`` unset on an installed release; move a database with ``pg_dump`` and restore.
    """,
)

explain(
    "db-volume-switched",
    """Error, data loss: the database moves to another claim (``db.claimSuffix``, ``db.restoreSnapshotSuffix``, a release rename).

    It starts empty, from a snapshot, or from whatever that claim holds: the current data is no longer used.

    fix: switch claims only to restore a backup on purpose; keep the install's release name and suffixes.
    """,
)

explain(
    "postgres-major-version",
    """Error, breaks Determined: the database image changes PostgreSQL major version on the same volume.

    PostgreSQL refuses another major version's data directory ('database files are incompatible with
    server'): the database does not start and the master cannot reach it. No data is lost; the old image starts it again.

    fix: keep ``defaultImages.postgreSQL`` at the installed major version; to move, dump and restore (or ``pg_upgrade``).
    """,
)

explain(
    "release-downgrade",
    """Error, breaks Determined: the master goes back to a Determined release with an older database schema.

    A master runs only the migrations newer than the database's, never back: the older master runs on a
    schema it was not written for, which Determined does not support. A patch release on the same schema is no hazard.

    fix: stay on the installed release, or restore a database backup taken before the upgrade.
    """,
)

explain(
    "db-password-changed",
    """Error, breaks Determined: ``db.password`` changes on an existing bundled database.

    The PostgreSQL image sets the password only when it initialises an empty data directory; the master, using the new one, cannot log in.

    fix: change the password inside PostgreSQL first (``ALTER USER … PASSWORD``), then upgrade.
    """,
)

explain(
    "initial-password-changed",
    """Warning, surprise: ``initialUserPassword`` changes on an existing install.

    The master applies it only when it first creates its database, so the users keep their current password.

    fix: change passwords with ``det user change-password``; the chart's value matters only for a fresh install.
    """,
)

explain(
    "master-address-changed",
    """Warning, surprise: the master Service changes where clients reach it.

    The Service is replaced (a release rename or namespace move), or changes type, port, external IPs, or,
    as a LoadBalancer, its IP, source ranges or an annotation its load-balancer controller chooses the
    address by (internal or external, IP, pool). Other annotations, and load-balancer settings on another
    type, change no address.

    fix: keep the Service settings as installed, or update every client after the upgrade.
    """,
)

explain(
    "scheduler-changed",
    """Warning, surprise: task pods move to another Kubernetes scheduler (``defaultScheduler``, or a chart that no longer deploys the preemption scheduler).

    New pods are placed differently: gang scheduling or priority preemption may stop. Pods already created
    for a scheduler the upgrade deletes stay Pending: a pod is placed only by the scheduler it names.

    fix: set ``defaultScheduler`` explicitly; check distributed jobs with ``chartgen plan``.
    """,
)

explain(
    "checkpoint-storage-moved",
    """Warning, surprise: checkpoint storage moves (type, bucket, prefix, path, container, endpoint host or Azure account).

    New checkpoints go to the new place; the master cannot reach the existing ones for restores or garbage
    collection. A rotated credential or SAS token moves nothing.

    fix: copy existing checkpoints to the new storage, or keep the installed ``checkpointStorage``.
    """,
)

explain(
    "pvc-expand",
    """Warning, surprise: a claim's storage request grows.

    Only a StorageClass with ``allowVolumeExpansion: true`` can grow a bound claim; with any other the upgrade fails.

    fix: check the claim's class allows expansion (``kubectl get storageclass``) before upgrading.
    """,
)

explain(
    "pvc-storage-class-set",
    """Warning, surprise: a claim's ``storageClassName`` is set where the cluster's default class was used.

    The upgrade fails ('spec is immutable') unless it names the class the claim already has.

    fix: check the claim's class (``kubectl get pvc … -o jsonpath='{.spec.storageClassName}'``) and set exactly that.
    """,
)

explain(
    "service-cluster-ip-set",
    """Warning, surprise: a Service's ``spec.clusterIP`` is set where the cluster chose it.

    The upgrade fails unless it is the address the Service already has.

    fix: check the current address (``kubectl get service …``) and set exactly that, or leave it unset.
    """,
)

explain(
    "pvc-left-behind",
    """Warning, surprise: a claim with ``helm.sh/resource-policy: keep`` leaves the release.

    Helm leaves it and its data in the cluster, no longer managed: it costs storage until deleted.

    fix: delete it by hand once its data is no longer needed (``kubectl delete pvc``).
    """,
)

explain(
    "immutable-load-balancer-class",
    """Error, upgrade fails: a LoadBalancer Service's ``spec.loadBalancerClass`` changes.

    It may not change once set (``ValidateServiceUpdate``); ``helm upgrade`` fails.

    fix: keep the class as installed, or delete the Service first (the new load balancer gets a new address).
    """,
)

explain(
    "snapshot-deleted",
    """Error, breaks a restore (data loss with a ``Delete`` policy): the database VolumeSnapshot leaves the release.

    ``db.snapshotSuffix`` changed or unset, or a render without ``.Release.IsUpgrade``: Helm deletes the
    VolumeSnapshot. With the chart's ``deletionPolicy: Retain`` its content stays, but no VolumeSnapshot
    names it, so ``db.restoreSnapshotSuffix`` cannot restore from it; with ``Delete`` the storage snapshot goes too.

    fix: keep ``db.snapshotSuffix`` while the snapshot may be needed, and render as ``helm upgrade`` does.
    """,
)

explain(
    "db-user-changed",
    """Error, breaks Determined: ``db.user`` changes on an existing bundled database.

    The PostgreSQL image creates the role ``POSTGRES_USER`` names only when it initialises an empty data
    directory, and the master creates none: it cannot log in as the new user.

    fix: create the role inside PostgreSQL first (and give it the database), or keep ``db.user``.
    """,
)

explain(
    "db-name-changed",
    """Error, breaks Determined: ``db.name`` changes on an existing bundled database.

    The PostgreSQL image creates the database ``POSTGRES_DB`` names only when it initialises an empty data
    directory, and the master creates none: it cannot connect to the new name.

    fix: rename the database inside PostgreSQL first (master stopped), or keep ``db.name``.
    """,
)

explain(
    "priority-class-deleted",
    """Error, breaks Determined: a PriorityClass that pods still name leaves the release (``createNonNamespacedObjects: false``).

    Helm deletes it; the API server then admits no new pod that names it: no master, database or GenAI pod
    can be replaced, and no task or checkpoint-GC pod the master creates starts.

    fix: keep ``createNonNamespacedObjects: true`` on the release that created the classes, or annotate them ``helm.sh/resource-policy=keep`` first.
    """,
)
