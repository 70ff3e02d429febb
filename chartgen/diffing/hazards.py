"""Which changes ``helm upgrade`` fails on, which lose data or break Determined, and which surprise.

Everything here reads the two sets of objects, not values, so a live release's
manifest (``helm get manifest``) is judged like a render. The immutability rules
are the Kubernetes API server's (``ValidatePersistentVolumeClaimUpdate``,
``ValidateDeploymentUpdate``, ``ValidateServiceUpdate``, ``ValidateRoleBindingUpdate``,
``ValidatePriorityClassUpdate``, the external-snapshotter's VolumeSnapshot rules):
Helm patches each object in turn, so the first refusal stops the upgrade with
``field is immutable`` after the objects before it were already changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property

from chartgen.diffing.fields import MASTER_YAML, leaves, parse_settings, secret_content, show_path
from chartgen.diffing.model import Category, Hazard
from chartgen.diffing.objects import KubeObject, ObjectId
from chartgen.diffing.quantity import parse_quantity
from chartgen.records import field, record

TYPE_CHECKING = False  # importing typing costs every start milliseconds; only mypy reads it
if TYPE_CHECKING:
    from typing import Any

_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")
_MAJOR = re.compile(r"^v?(\d+)")
_MASTER_IMAGES = ("determined-master", "hpe-mlde-master")
PGDATA_DEFAULT = "/var/lib/postgresql/data"
# Master settings that say where checkpoints go (credentials and the save policy do not move them).
_CHECKPOINT_LOCATION = (
    "type", "bucket", "prefix", "host_path", "container_path", "storage_path", "container",
    "account_url", "endpoint_url",
)  # fmt: skip
_MASTER_ADDRESS = (
    "type", "loadBalancerIP", "loadBalancerSourceRanges", "loadBalancerClass", "externalTrafficPolicy",
    "externalIPs", "ports",
)  # fmt: skip


@record
class Side:
    """One side of the comparison, with the chart's objects found by what they do, not their names."""

    objects: dict[ObjectId, KubeObject] = field(default_factory=dict)

    def of_kind(self, kind: str) -> Iterator[KubeObject]:
        return (o for o in self.objects.values() if o.id.kind == kind)

    @cached_property
    def master_config(self) -> KubeObject | None:
        return next((o for o in self.of_kind("Secret") if MASTER_YAML in secret_content(o.body)), None)

    @cached_property
    def master_settings(self) -> Mapping[str, Any] | None:
        if self.master_config is None:
            return None
        ok, data = parse_settings(secret_content(self.master_config.body)[MASTER_YAML])
        return data if ok and isinstance(data, dict) else None

    def setting(self, *path: str) -> Any:
        node: Any = self.master_settings
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        return node

    @cached_property
    def master(self) -> tuple[KubeObject, dict[str, Any]] | None:
        """The master Deployment and its container."""
        for obj in self.of_kind("Deployment"):
            for container in _containers(obj):
                if _image_name(container).endswith(_MASTER_IMAGES):
                    return obj, container
        return None

    @cached_property
    def database(self) -> tuple[KubeObject, dict[str, Any]] | None:
        """The bundled PostgreSQL Deployment and its container."""
        for obj in self.of_kind("Deployment"):
            for container in _containers(obj):
                if _env(container, "PGDATA") is not None or _image_name(container).endswith("postgres"):
                    return obj, container
        return None

    @cached_property
    def database_volume(self) -> tuple[str, Any] | None:
        """``(volume name, its source)`` holding the database's data directory, if any."""
        if self.database is None:
            return None
        obj, container = self.database
        data_dir = str(_env(container, "PGDATA") or PGDATA_DEFAULT)
        mounts = container.get("volumeMounts")
        for mount in mounts if isinstance(mounts, list) else []:
            path = str(mount.get("mountPath", "")).rstrip("/") if isinstance(mount, dict) else ""
            if path and (data_dir == path or data_dir.startswith(path + "/")):
                volumes = obj.get("spec", "template", "spec", "volumes")
                for volume in volumes if isinstance(volumes, list) else []:
                    if isinstance(volume, dict) and volume.get("name") == mount.get("name"):
                        return str(volume.get("name")), volume
        return None

    @property
    def database_claim(self) -> str | None:
        volume = self.database_volume
        claim = volume[1].get("persistentVolumeClaim") if volume else None
        name = claim.get("claimName") if isinstance(claim, dict) else None
        return str(name) if name else None

    @cached_property
    def master_service(self) -> KubeObject | None:
        for obj in self.of_kind("Service"):
            labels = obj.get("metadata", "labels")
            if isinstance(labels, dict) and str(labels.get("determined.ai/master-service")) == "true":
                return obj
        return None


def _containers(obj: KubeObject) -> list[dict[str, Any]]:
    found = obj.get("spec", "template", "spec", "containers")
    return [c for c in found if isinstance(c, dict)] if isinstance(found, list) else []


def _image_name(container: Mapping[str, Any]) -> str:
    return _split_image(container)[0]


def _split_image(container: Mapping[str, Any]) -> tuple[str, str]:
    """``(repository, tag)``: ``registry:5000/postgres:14@sha256:…`` is ``(registry:5000/postgres, 14)``."""
    image = str(container.get("image") or "").split("@", 1)[0]
    repository, _, tag = image.rpartition(":")
    if "/" in tag or not repository:
        return image, ""
    return repository, tag


def _env(container: Mapping[str, Any], name: str) -> Any:
    env = container.get("env")
    for item in env if isinstance(env, list) else []:
        if isinstance(item, dict) and item.get("name") == name:
            return item.get("value")
    return None


def _show(value: Any) -> str:
    if value is None:
        return "(unset)"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 80 else f'"{value[:77]}..."'
    import json

    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def _differs(old: Any, new: Any) -> bool:
    return leaves(old) != leaves(new)


Check = Callable[[KubeObject, KubeObject], Iterator[Hazard]]


def _fails(obj: KubeObject, rule: str, path: str, message: str, hint: str) -> Hazard:
    return Hazard(rule, Category.UPGRADE_FAILS, obj.id, message, hint, path)


def _selector(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    before, after = old.get("spec", "selector"), new.get("spec", "selector")
    if _differs(before, after):
        yield _fails(
            new, "immutable-selector", "spec.selector",
            f"the {new.id.kind}'s spec.selector changes from {_show(before)} to {_show(after)}; "
            "Kubernetes never changes a selector, so helm upgrade fails with 'field is immutable'",
            f"delete the {new.id.kind} first (kubectl delete {new.id.kind.lower()} {new.id.name} -n "
            f"{new.id.namespace}): its pods stop until the upgrade creates it again",
        )  # fmt: skip


def _claim(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    spec_old, spec_new = old.get("spec") or {}, new.get("spec") or {}
    size_old = parse_quantity(old.get("spec", "resources", "requests", "storage"))
    size_new = parse_quantity(new.get("spec", "resources", "requests", "storage"))
    cost = (
        f"delete the claim first (kubectl delete pvc {new.id.name} -n {new.id.namespace}); its volume and "
        "data go with it unless the PersistentVolume's reclaim policy is Retain, so back the data up "
        "(for the database: pg_dump) and restore it after the upgrade"
    )
    raw_old = old.get("spec", "resources", "requests", "storage")
    raw_new = new.get("spec", "resources", "requests", "storage")
    if size_old is not None and size_new is not None and size_new < size_old:
        yield _fails(
            new, "pvc-shrink", "spec.resources.requests.storage",
            f"the claim's storage request shrinks from {_show(raw_old)} to {_show(raw_new)}; Kubernetes "
            "never shrinks a volume, so helm upgrade fails ('field can not be less than previous value')",
            f"keep the size at {raw_old} or more; or {cost}",
        )  # fmt: skip
    elif size_old is not None and size_new is not None and size_new > size_old:
        yield Hazard(
            "pvc-expand", Category.SURPRISE, new.id,
            f"the claim grows from {_show(raw_old)} to {_show(raw_new)}: only a StorageClass with "
            "allowVolumeExpansion: true can grow a bound claim; with any other helm upgrade fails",
            "check the class: kubectl get storageclass -o custom-columns=NAME:.metadata.name,"
            "EXPANDS:.allowVolumeExpansion",
            "spec.resources.requests.storage",
        )  # fmt: skip
    ignored = {("resources", "requests", "storage"), ("volumeAttributesClassName",)}
    flat_old = {p: v for p, v in leaves(spec_old).items() if p not in ignored}
    flat_new = {p: v for p, v in leaves(spec_new).items() if p not in ignored}
    for path in sorted(flat_old.keys() | flat_new.keys(), key=str):
        before, after = flat_old.get(path), flat_new.get(path)
        if before == after and type(before) is type(after):
            continue
        where = "spec." + show_path(path)
        if path == ("storageClassName",) and before is None:
            yield Hazard(
                "pvc-storage-class-set", Category.SURPRISE, new.id,
                f"the claim's storageClassName is set to {_show(after)} where it was left to the cluster's "
                "default class: helm upgrade fails ('spec is immutable') unless that is the class the "
                "claim already has",
                "check the claim's class first: kubectl get pvc "
                f"{new.id.name} -n {new.id.namespace} -o jsonpath='{{.spec.storageClassName}}'",
                where,
            )  # fmt: skip
            continue
        yield _fails(
            new, "pvc-spec-immutable", where,
            f"{where} of the claim changes from {_show(before)} to {_show(after)}; a claim's spec cannot "
            "change after creation except to request more storage, so helm upgrade fails",
            cost,
        )  # fmt: skip


def _service(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    for key in ("clusterIP", "clusterIPs"):
        before, after = old.get("spec", key), new.get("spec", key)
        if after in (None, "", []) or not _differs(before, after):
            continue
        if before in (None, "", []) and after != "None" and after != ["None"]:
            yield Hazard(
                "service-cluster-ip-set", Category.SURPRISE, new.id,
                f"spec.{key} is set to {_show(after)}: helm upgrade fails unless it is the address the "
                "Service already has",
                f"check it first: kubectl get service {new.id.name} -n {new.id.namespace} -o "
                f"jsonpath='{{.spec.{key}}}'",
                f"spec.{key}",
            )  # fmt: skip
            continue
        yield _fails(
            new, "immutable-cluster-ip", f"spec.{key}",
            f"the Service's spec.{key} changes from {_show(before)} to {_show(after)}; a Service keeps its "
            "cluster IP for life, so helm upgrade fails with 'field is immutable'",
            f"delete the Service first (kubectl delete service {new.id.name} -n {new.id.namespace}): "
            "clients lose it until the upgrade creates it again, at a new address",
        )  # fmt: skip


def _snapshot(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    before, after = old.get("spec", "source"), new.get("spec", "source")
    if _differs(before, after):
        yield _fails(
            new, "immutable-snapshot-source", "spec.source",
            f"the VolumeSnapshot's spec.source changes from {_show(before)} to {_show(after)}; a snapshot "
            "is taken once, from one source, so the update is refused and helm upgrade fails",
            "give the new snapshot a new name (db.snapshotSuffix), or delete the old VolumeSnapshot first "
            "(with deletionPolicy Retain its snapshot content stays in the cloud)",
        )  # fmt: skip


def _role_ref(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    before, after = old.get("roleRef"), new.get("roleRef")
    if _differs(before, after):
        yield _fails(
            new, "immutable-role-ref", "roleRef",
            f"the {new.id.kind}'s roleRef changes from {_show(before)} to {_show(after)}; a binding's role "
            "cannot change, so helm upgrade fails ('cannot change roleRef')",
            f"delete the {new.id.kind} first; its subjects lose these permissions until the upgrade "
            "creates it again",
        )  # fmt: skip


def _priority(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    for key in ("value", "preemptionPolicy"):
        before, after = old.get(key), new.get(key)
        if before != after:
            yield _fails(
                new, "immutable-priority-class", key,
                f"the PriorityClass's {key} changes from {_show(before)} to {_show(after)}; it cannot "
                "change, so helm upgrade fails with 'field is immutable'",
                "delete the PriorityClass first; pods already running keep their priority",
            )  # fmt: skip


def _stored(old: KubeObject, new: KubeObject) -> Iterator[Hazard]:
    """Secrets and ConfigMaps: ``type`` never changes, and ``immutable: true`` freezes the data."""
    if new.id.kind == "Secret" and (old.get("type") or "Opaque") != (new.get("type") or "Opaque"):
        yield _fails(
            new, "immutable-secret-type", "type",
            f"the Secret's type changes from {_show(old.get('type'))} to {_show(new.get('type'))}; it cannot "
            "change, so helm upgrade fails with 'field is immutable'",
            "delete the Secret first; pods that mount it fail to start until the upgrade creates it again",
        )  # fmt: skip
    if old.get("immutable") is True:
        content_old = secret_content(old.body) if old.id.kind == "Secret" else old.get("data")
        content_new = secret_content(new.body) if new.id.kind == "Secret" else new.get("data")
        if _differs(content_old, content_new) or new.get("immutable") is not True:
            yield _fails(
                new, "immutable-data", "data",
                f"the {new.id.kind} is immutable: true, and this change edits it; helm upgrade fails",
                f"delete the {new.id.kind} first, or give the changed one a new name",
            )  # fmt: skip


CHECKS: dict[str, tuple[Check, ...]] = {
    "Deployment": (_selector,),
    "ReplicaSet": (_selector,),
    "DaemonSet": (_selector,),
    "StatefulSet": (_selector,),
    "Job": (_selector,),
    "PersistentVolumeClaim": (_claim,),
    "Service": (_service,),
    "VolumeSnapshot": (_snapshot,),
    "RoleBinding": (_role_ref,),
    "ClusterRoleBinding": (_role_ref,),
    "PriorityClass": (_priority,),
    "Secret": (_stored,),
    "ConfigMap": (_stored,),
}


def _removed_claims(old: Side, new: Side) -> Iterator[Hazard]:
    database_claim = old.database_claim
    for obj in old.of_kind("PersistentVolumeClaim"):
        if obj.id in new.objects:
            continue
        is_database = obj.id.name == database_claim
        what = "the Determined database's claim" if is_database else "this claim"
        if obj.kept:
            yield Hazard(
                "pvc-left-behind", Category.SURPRISE, obj.id,
                f"{what} leaves the release; its helm.sh/resource-policy: keep annotation leaves it (and "
                "its data) in the cluster, no longer managed by Helm",
                f"delete it by hand once its data is no longer needed: kubectl delete pvc {obj.id.name} "
                f"-n {obj.id.namespace}",
            )  # fmt: skip
            continue
        why = _why_database_leaves(old, new, obj.id.name) if is_database else ""
        yield Hazard(
            "pvc-deleted", Category.DATA_LOSS, obj.id,
            f"{what} leaves the release{why}: helm upgrade deletes it, and with it the volume's data "
            "(the chart sets no helm.sh/resource-policy: keep)",
            "back the data up first (for the database: pg_dump from the running pod); or keep the claim "
            f"out of Helm's hands: kubectl annotate pvc {obj.id.name} -n {obj.id.namespace} "
            "helm.sh/resource-policy=keep (chartgen's db.keepOnUninstall: true renders that annotation)",
        )  # fmt: skip


def _why_database_leaves(old: Side, new: Side, name: str) -> str:
    if new.database is None:
        host = new.setting("db", "host")
        return f" (the master now uses the external database at {host})" if host else ""
    claim = new.database_claim
    if claim is None:
        return " (the database now runs without a claim)"
    if claim == name:
        return (
            " although the database still mounts it (the chart names the restored claim after "
            "db.restoreSnapshotSuffix but keeps the database on the old one): the database runs on until "
            "its pod restarts, then cannot start"
        )
    return f" (the database now uses the claim {claim})"


def _database(old: Side, new: Side) -> Iterator[Hazard]:
    if old.database is None or new.database is None:
        return
    db_id = new.database[0].id
    claim_old, claim_new = old.database_claim, new.database_claim
    if claim_old is not None and claim_new is None:
        yield Hazard(
            "db-volume-ephemeral", Category.DATA_LOSS, db_id,
            f"the database's data directory moves off the claim {claim_old} into the pod's own storage "
            "(db.disablePVC): the database starts empty, and whatever it stores is lost at its next restart",
            "leave db.disablePVC unset on an installed release; to move the database, dump it (pg_dump) "
            "and restore it into the new one",
        )  # fmt: skip
    elif claim_old is not None and claim_new is not None and claim_old != claim_new:
        restored = _restored_from(new, claim_new)
        if restored:
            start = f"from the snapshot {restored}: what changed since it was taken is lost"
        elif any(o.id.name == claim_new for o in new.of_kind("PersistentVolumeClaim")):
            start = "empty, on a claim this upgrade creates: the data in the current claim is no longer used"
        else:
            start = "on whatever that existing claim holds: the data in the current claim is no longer used"
        yield Hazard(
            "db-volume-switched", Category.DATA_LOSS, db_id,
            f"the database moves from the claim {claim_old} to {claim_new} and starts {start}",
            "switch claims only to restore a backup on purpose; otherwise keep the release name, "
            "db.claimSuffix and db.restoreSnapshotSuffix as they were at install",
        )  # fmt: skip
    if claim_old is not None and claim_old == claim_new:
        yield from _postgres_major(old, new, db_id)
        yield from _database_password(old, new, db_id)


def _restored_from(side: Side, claim: str) -> str:
    for obj in side.of_kind("PersistentVolumeClaim"):
        source = obj.get("spec", "dataSource", "name")
        if obj.id.name == claim and source:
            return str(source)
    return ""


def _postgres_major(old: Side, new: Side, db_id: ObjectId) -> Iterator[Hazard]:
    assert old.database is not None and new.database is not None
    image_old, image_new = old.database[1].get("image"), new.database[1].get("image")
    major_old = _MAJOR.match(_split_image(old.database[1])[1])
    major_new = _MAJOR.match(_split_image(new.database[1])[1])
    if major_old and major_new and int(major_old.group(1)) != int(major_new.group(1)):
        yield Hazard(
            "postgres-major-version", Category.DATA_LOSS, db_id,
            f"the database image changes from {_show(image_old)} to {_show(image_new)} on the same volume: "
            f"PostgreSQL {major_new.group(1)} does not start on a data directory of PostgreSQL "
            f"{major_old.group(1)}, so the master cannot reach its database",
            "keep defaultImages.postgreSQL at the installed major version; to move, pg_dumpall from the old "
            "server and restore into a new database (or run pg_upgrade on the volume)",
        )  # fmt: skip


def _database_password(old: Side, new: Side, db_id: ObjectId) -> Iterator[Hazard]:
    before, after = old.setting("db", "password"), new.setting("db", "password")
    if before is not None and after is not None and before != after:
        yield Hazard(
            "db-password-changed", Category.BREAKS, db_id,
            "db.password changes on an existing database: PostgreSQL sets the password only when it "
            "creates its data directory, so the server keeps the old one and the master, now using the "
            "new one, cannot log in",
            "change the password inside PostgreSQL first (ALTER USER … PASSWORD …), then upgrade",
        )  # fmt: skip


def _version(container: Mapping[str, Any]) -> tuple[int, int, int] | None:
    match = _VERSION.match(_split_image(container)[1])
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def _master(old: Side, new: Side) -> Iterator[Hazard]:
    if old.master is None or new.master is None:
        return
    before, after = _version(old.master[1]), _version(new.master[1])
    if before is not None and after is not None and after < before:
        shown = (".".join(map(str, before)), ".".join(map(str, after)))
        yield Hazard(
            "release-downgrade", Category.DATA_LOSS, new.master[0].id,
            f"Determined goes back from {shown[0]} to {shown[1]}: the {shown[0]} master migrated the "
            f"database forward and Determined never migrates back, so the {shown[1]} master refuses it",
            f"stay on {shown[0]}; to go back, restore a database backup taken before the upgrade to "
            f"{shown[0]}",
        )  # fmt: skip


def _surprises(old: Side, new: Side) -> Iterator[Hazard]:
    config = new.master_config or old.master_config
    if old.master_settings is not None and new.master_settings is not None and config is not None:
        before = old.setting("security", "initial_user_password")
        after = new.setting("security", "initial_user_password")
        if before != after and after is not None:
            yield Hazard(
                "initial-password-changed", Category.SURPRISE, config.id,
                "initialUserPassword changes on an existing install: the master applies it only when it "
                "first creates its database, so the admin and determined users keep their current password",
                "change the password with `det user change-password`; the value in the chart only matters "
                "for a fresh install",
                "master.yaml: security.initial_user_password",
            )  # fmt: skip
        yield from _scheduler(old, new, config.id)
        yield from _checkpoints(old, new, config.id)
    yield from _master_address(old, new)


def _scheduler(old: Side, new: Side, where: ObjectId) -> Iterator[Hazard]:
    before = old.setting("resource_manager", "default_scheduler")
    after = new.setting("resource_manager", "default_scheduler")
    if before == after:
        return
    name = {None: "Kubernetes' default scheduler"}
    shown_old, shown_new = name.get(before, f"{before}"), name.get(after, f"{after}")
    dropped = (
        " (the newer chart no longer deploys the preemption scheduler)" if before == "preemption" else ""
    )
    yield Hazard(
        "scheduler-changed", Category.SURPRISE, where,
        f"task pods move from {shown_old} to {shown_new}{dropped}: jobs already queued keep their "
        "scheduler, new ones are placed "
        + ("without gang scheduling or priority preemption" if after is None else f"by {after}"),
        "without gang scheduling, check distributed jobs for deadlocks with chartgen plan; "
        "set defaultScheduler explicitly"
        if after is None
        else f"make sure the {after} scheduler runs before jobs are submitted (the chart deploys it in the "
        "same upgrade)",
        "master.yaml: resource_manager.default_scheduler",
    )  # fmt: skip


def _checkpoints(old: Side, new: Side, where: ObjectId) -> Iterator[Hazard]:
    before, after = old.setting("checkpoint_storage"), new.setting("checkpoint_storage")
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    moved = [key for key in _CHECKPOINT_LOCATION if before.get(key) != after.get(key)]
    if moved:
        change = ", ".join(f"{key} {_show(before.get(key))} -> {_show(after.get(key))}" for key in moved)
        yield Hazard(
            "checkpoint-storage-moved", Category.SURPRISE, where,
            f"checkpoint storage moves ({change}): new checkpoints go to the new place, the existing ones "
            "stay where they are, and the master cannot reach them there for restores or garbage collection",
            "copy existing checkpoints to the new location before the upgrade, or keep the old settings",
            "master.yaml: checkpoint_storage",
        )  # fmt: skip


def _master_address(old: Side, new: Side) -> Iterator[Hazard]:
    before, after = old.master_service, new.master_service
    if before is None or after is None:
        return
    changed = [key for key in _MASTER_ADDRESS if _differs(before.get("spec", key), after.get("spec", key))]
    annotations_old, annotations_new = (
        before.get("metadata", "annotations"),
        after.get("metadata", "annotations"),
    )
    if _differs(annotations_old, annotations_new):
        changed.append("annotations")
    if changed:
        detail = ", ".join(
            f"{key} {_show(before.get('spec', key))} -> {_show(after.get('spec', key))}"
            if key != "annotations"
            else "load-balancer annotations"
            for key in changed
        )
        yield Hazard(
            "master-address-changed", Category.SURPRISE, after.id,
            f"the master Service changes ({detail}): its external address or port may change, and CLI "
            "users, DET_MASTER settings, DNS records and agents pointing at the old one lose the master",
            "reserve the address (loadBalancerIP or a static IP annotation) or update DNS and DET_MASTER "
            "after the upgrade",
            "spec",
        )  # fmt: skip


def find_hazards(old: Side, new: Side) -> list[Hazard]:
    hazards: list[Hazard] = []
    for ident, after in new.objects.items():
        before = old.objects.get(ident)
        if before is None:
            continue
        for check in CHECKS.get(ident.kind, ()):
            hazards.extend(check(before, after))
    hazards.extend(_removed_claims(old, new))
    hazards.extend(_database(old, new))
    hazards.extend(_master(old, new))
    hazards.extend(_surprises(old, new))
    return hazards
