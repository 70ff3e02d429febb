"""Which changes ``helm upgrade`` fails on, which lose data or break Determined or a restore, and which surprise.

Everything here reads the two sets of objects, not values, so a live release's manifest
(``helm get manifest``) is judged like a render. Each fact is its consumer's, read in its code:

- the Kubernetes API server (``k8s.io/kubernetes`` v1.28.3): what an update may not change
  (``ValidatePersistentVolumeClaimUpdate``, ``ValidateServiceUpdate``, ``ValidateSecretUpdate``
  and ``ValidateConfigMapUpdate`` in ``pkg/apis/core/validation``, ``ValidateDeploymentUpdate``,
  ``ValidateRoleBindingUpdate``, ``ValidatePriorityClassUpdate``), the priority admission plugin
  (``plugin/pkg/admission/priority``, ``Plugin.admitPod``) and the scheduler
  (``pkg/scheduler/eventhandlers.go``, ``responsibleForPod``); the external-snapshotter's
  VolumeSnapshot rules and deletion (``processSnapshotWithDeletionTimestamp``);
- Helm 3.17 (``pkg/kube/client.go``, ``Client.Update``): it patches each object in turn, so the
  first refusal stops the upgrade half-way; it then deletes every object of the installed release
  the upgrade no longer renders, unless the *live* object is annotated ``helm.sh/resource-policy:
  keep``;
- PostgreSQL's image (docker-library/postgres ``docker-entrypoint.sh``, ``docker_setup_env`` and
  ``_main``): ``POSTGRES_USER``, ``POSTGRES_PASSWORD`` and ``POSTGRES_DB`` take effect only when
  the data directory holds no ``PG_VERSION``; the server refuses another major version's data
  directory (``ValidatePgVersion``, ``src/backend/utils/init/miscinit.c``);
- the Determined master at each release tag: ``master/internal/db/setup.go`` (``Connect`` logs in
  with ``db.user``, ``db.password`` and ``db.name`` and creates neither role nor database),
  ``master/internal/db/migrations.go`` (``PgDB.Migrate`` runs only migrations newer than the
  database's), ``master/internal/core.go`` (``Master.Run`` sets ``initial_user_password`` only on
  a fresh database), ``master/internal/rm/kubernetesrm/spec.go`` (``job.modifyPodSpec`` names the
  chart's priority classes in the pods it creates).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property

from chartgen.diffing.fields import MASTER_YAML, leaves, parse_settings, redact, secret_content, show_path
from chartgen.diffing.model import Category, Hazard
from chartgen.diffing.objects import KubeObject, ObjectId
from chartgen.hints import typing
from chartgen.kubeapi.quantity import read_quantity
from chartgen.records import field, record

_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")
_MAJOR = re.compile(r"^v?(\d+)")
_MASTER_IMAGES = ("determined-master", "hpe-mlde-master")
PGDATA_DEFAULT = "/var/lib/postgresql/data"
# The newest database migration of each release's master (master/static/migrations at its tag):
# a release whose newest migration is older cannot run on the database a newer one migrated.
_NEWEST_MIGRATION = {
    (0, 35, 0): 20240724134249, (0, 35, 1): 20240724134249, (0, 36, 0): 20240814123944,
    (0, 37, 0): 20240917113855, (0, 38, 0): 20241024164947, (0, 38, 1): 20241024164947,
}  # fmt: skip
# Pods the master creates name these classes (job.modifyPodSpec): checkpoint-GC pods the system
# class, task pods without a priority of their own the medium one.
_MASTER_PRIORITY = {
    "determined-system-priority": "every checkpoint-GC pod the master creates",
    "determined-medium-priority": "every task pod the master creates without a priority of its own",
}
# Service annotations a load-balancer controller reads to choose the address: internal or
# external, the IP, its pool or subnet, its DNS name. AWS: cloud-provider-aws
# pkg/providers/v1/aws.go; Azure: cloud-provider-azure pkg/consts/consts.go; GCE:
# legacy-cloud-providers gce/gce_annotations.go; OCI: oci-cloud-controller-manager; MetalLB:
# its service controller. Any other annotation changes no address.
_ADDRESS_ANNOTATIONS = frozenset({
    "service.beta.kubernetes.io/aws-load-balancer-internal",
    "service.beta.kubernetes.io/aws-load-balancer-type",
    "service.beta.kubernetes.io/azure-load-balancer-internal",
    "service.beta.kubernetes.io/azure-load-balancer-internal-subnet",
    "service.beta.kubernetes.io/azure-load-balancer-ipv4",
    "service.beta.kubernetes.io/azure-load-balancer-ipv6",
    "service.beta.kubernetes.io/azure-pip-name",
    "service.beta.kubernetes.io/azure-pip-name-ipv6",
    "service.beta.kubernetes.io/azure-pip-prefix-id",
    "service.beta.kubernetes.io/azure-dns-label-name",
    "networking.gke.io/load-balancer-type",
    "cloud.google.com/load-balancer-type",
    "networking.gke.io/internal-load-balancer-subnet",
    "cloud.google.com/network-tier",
    "service.beta.kubernetes.io/oci-load-balancer-internal",
    "metallb.universe.tf/loadBalancerIPs",
    "metallb.universe.tf/address-pool",
})  # fmt: skip


@record
class Side:
    """One side of the comparison, with the chart's objects found by what they do, not their names.

    ``release`` is the chart release the side was rendered with, when known. ``live_annotations``
    is false for an installed side rendered from values: Helm reads the keep annotation on the
    live object, which chartgen's render of those values does not show (upstream Helm ignores
    ``db.keepOnUninstall``).
    """

    objects: dict[ObjectId, KubeObject] = field(default_factory=dict)
    release: str | None = None
    live_annotations: bool = True

    def of_kind(self, kind: str) -> Iterator[KubeObject]:
        return (o for o in self.objects.values() if o.id.kind == kind)

    @cached_property
    def master_config(self) -> KubeObject | None:
        return next((o for o in self.of_kind("Secret") if MASTER_YAML in secret_content(o.body)), None)

    @cached_property
    def master_settings(self) -> Mapping[str, typing.Any] | None:
        if self.master_config is None:
            return None
        ok, data = parse_settings(secret_content(self.master_config.body)[MASTER_YAML])
        return data if ok and isinstance(data, dict) else None

    def setting(self, *path: str) -> typing.Any:
        node: typing.Any = self.master_settings
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        return node

    @cached_property
    def master(self) -> tuple[KubeObject, dict[str, typing.Any]] | None:
        """The master Deployment and its container."""
        for obj in self.of_kind("Deployment"):
            for container in _containers(obj):
                if _image_name(container).endswith(_MASTER_IMAGES):
                    return obj, container
        return None

    @cached_property
    def database(self) -> tuple[KubeObject, dict[str, typing.Any]] | None:
        """The bundled PostgreSQL Deployment and its container."""
        for obj in self.of_kind("Deployment"):
            for container in _containers(obj):
                if _env(container, "PGDATA") is not None or _image_name(container).endswith("postgres"):
                    return obj, container
        return None

    @cached_property
    def database_volume(self) -> tuple[str, typing.Any] | None:
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
    def database_claim(self) -> ObjectId | None:
        """The claim holding the database's data: a claim is found in its pod's namespace."""
        volume = self.database_volume
        claim = volume[1].get("persistentVolumeClaim") if volume else None
        name = claim.get("claimName") if isinstance(claim, dict) else None
        if not name or self.database is None:
            return None
        return ObjectId("", "PersistentVolumeClaim", self.database[0].id.namespace, str(name))

    @cached_property
    def master_service(self) -> KubeObject | None:
        for obj in self.of_kind("Service"):
            labels = obj.get("metadata", "labels")
            if isinstance(labels, dict) and str(labels.get("determined.ai/master-service")) == "true":
                return obj
        return None

    def mounting(self, claim: ObjectId) -> list[KubeObject]:
        """The workloads whose pods mount ``claim``."""
        found = []
        for obj in self.objects.values():
            volumes = obj.get("spec", "template", "spec", "volumes")
            for volume in (
                volumes if isinstance(volumes, list) and obj.id.namespace == claim.namespace else []
            ):
                source = volume.get("persistentVolumeClaim") if isinstance(volume, dict) else None
                if isinstance(source, dict) and source.get("claimName") == claim.name:
                    found.append(obj)
                    break
        return found


def _containers(obj: KubeObject) -> list[dict[str, typing.Any]]:
    found = obj.get("spec", "template", "spec", "containers")
    return [c for c in found if isinstance(c, dict)] if isinstance(found, list) else []


def _image_name(container: Mapping[str, typing.Any]) -> str:
    return _split_image(container)[0]


def _split_image(container: Mapping[str, typing.Any]) -> tuple[str, str]:
    """``(repository, tag)``: ``registry:5000/postgres:14@sha256:…`` is ``(registry:5000/postgres, 14)``."""
    image = str(container.get("image") or "").split("@", 1)[0]
    repository, _, tag = image.rpartition(":")
    if "/" in tag or not repository:
        return image, ""
    return repository, tag


def _env(container: Mapping[str, typing.Any], name: str) -> typing.Any:
    env = container.get("env")
    for item in env if isinstance(env, list) else []:
        if isinstance(item, dict) and item.get("name") == name:
            return item.get("value")
    return None


def _version(container: Mapping[str, typing.Any]) -> tuple[int, int, int] | None:
    match = _VERSION.match(_split_image(container)[1])
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def _show(value: typing.Any) -> str:
    """A value for a message, URLs without their user info and query."""
    value = redact(value)
    if value is None:
        return "(unset)"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 80 else f'"{value[:77]}..."'
    import json

    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def _claim_name(claim: ObjectId, beside: ObjectId) -> str:
    """A claim's name, with its namespace where that differs from ``beside``'s."""
    return claim.name if claim.namespace == beside.namespace else f"{claim.namespace}/{claim.name}"


def _differs(old: typing.Any, new: typing.Any) -> bool:
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
    size_old = read_quantity(old.get("spec", "resources", "requests", "storage"))
    size_new = read_quantity(new.get("spec", "resources", "requests", "storage"))
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
    load_balancers = old.get("spec", "type") == new.get("spec", "type") == "LoadBalancer"
    before, after = old.get("spec", "loadBalancerClass"), new.get("spec", "loadBalancerClass")
    if load_balancers and before != after:
        yield _fails(
            new, "immutable-load-balancer-class", "spec.loadBalancerClass",
            f"the LoadBalancer Service's spec.loadBalancerClass changes from {_show(before)} to "
            f"{_show(after)}; it may not change once set, so helm upgrade fails",
            f"delete the Service first (kubectl delete service {new.id.name} -n {new.id.namespace}): "
            "the new load balancer gets a new address",
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
    """Helm deletes a claim that leaves the release, and the volume's data with it (unless the
    PersistentVolume's reclaim policy is Retain), unless the live claim is annotated keep."""
    database_claim = old.database_claim
    for obj in old.of_kind("PersistentVolumeClaim"):
        if obj.id in new.objects:
            continue
        if obj.id == database_claim:
            what = "the Determined database's claim"
            why, then = _why_database_leaves(new, obj.id)
        else:
            what, why, then = f"this claim{_claim_use(old, obj)}", _why_claim_leaves(new, obj.id), ""
        if obj.kept and old.live_annotations:
            yield Hazard(
                "pvc-left-behind", Category.SURPRISE, obj.id,
                f"{what} leaves the release{why}; its helm.sh/resource-policy: keep annotation leaves it (and "
                "its data) in the cluster, no longer managed by Helm",
                f"delete it by hand once its data is no longer needed: kubectl delete pvc {obj.id.name} "
                f"-n {obj.id.namespace}",
            )  # fmt: skip
            continue
        if obj.kept:
            protection = (
                "unless the live claim is annotated helm.sh/resource-policy: keep, which these installed values "
                "ask only of chartgen's render (db.keepOnUninstall: upstream Helm ignores the key, so a "
                "release Helm installed from them has no such annotation)"
            )
        elif old.live_annotations:
            protection = "it has no helm.sh/resource-policy: keep annotation, which alone makes Helm leave it"
        else:
            protection = (
                "unless the live claim was annotated helm.sh/resource-policy: keep by hand: these installed "
                "values do not annotate it"
            )
        check = (
            f"kubectl get pvc {obj.id.name} -n {obj.id.namespace} -o "
            "jsonpath='{.metadata.annotations.helm\\.sh/resource-policy}' prints keep when Helm will leave it"
        )
        yield Hazard(
            "pvc-deleted", Category.DATA_LOSS, obj.id,
            f"{what} leaves the release{why}, so it is deleted, and with it the volume's data ({protection})"
            f"{then}",
            ("" if old.live_annotations else f"check the live claim first: {check}; if it is not kept, ")
            + ("back the data up first (pg_dump from the running database pod)" if obj.id == database_claim
               else "back the data up first")
            + f"; or keep the claim out of Helm's hands: kubectl annotate pvc {obj.id.name} -n "
            f"{obj.id.namespace} helm.sh/resource-policy=keep",
        )  # fmt: skip


def _claim_use(side: Side, claim: KubeObject) -> str:
    """What a claim that is not the database's holds: who mounts it, what it was restored from."""
    parts = [f"mounted by {o.id.kind} {o.id.name}" for o in side.mounting(claim.id)]
    source = claim.get("spec", "dataSource")
    if isinstance(source, dict) and source.get("kind") == "VolumeSnapshot":
        parts.append(f"restored from the snapshot {source.get('name')}")
    return f" ({', '.join(parts)})" if parts else ""


def _moved_namespace(claim: ObjectId, new: Side) -> str | None:
    """The namespace the change renders this claim's name in instead, if another."""
    for obj in new.of_kind("PersistentVolumeClaim"):
        if obj.id.name == claim.name and obj.id.namespace != claim.namespace:
            return obj.id.namespace
    return None


def _moved(claim: ObjectId, namespace: str) -> str:
    return (
        f" (the release moves from namespace {claim.namespace} to {namespace}, and the chart puts it in the "
        f"release's namespace: what applies that, a GitOps prune or helm uninstall in {claim.namespace}, "
        "removes the objects left there)"
    )


def _why_claim_leaves(new: Side, claim: ObjectId) -> str:
    moved = _moved_namespace(claim, new)
    return "" if moved is None else _moved(claim, moved)


def _why_database_leaves(new: Side, claim: ObjectId) -> tuple[str, str]:
    """Why the database's claim leaves the release, and what follows for the database."""
    if new.database is None:
        host = new.setting("db", "host")
        return (f" (the master now uses the external database at {_show(host)})" if host else ""), ""
    mounted = new.database_claim
    if mounted is None:
        return " (the database now runs without a claim: db.disablePVC)", ""
    if mounted == claim:
        restored = [
            o for o in new.of_kind("PersistentVolumeClaim")
            if o.get("spec", "dataSource", "kind") == "VolumeSnapshot"
        ]  # fmt: skip
        cause = (
            f" (the chart renders the claim {restored[0].id.name}, restored from the snapshot "
            f"{restored[0].get('spec', 'dataSource', 'name')} by db.restoreSnapshotSuffix, in its place, "
            "but keeps the database on this one)"
            if restored
            else " (the change no longer renders it)"
        )
        return (
            cause,
            "; the database, which still mounts it, runs on until its pod is replaced, then cannot start",
        )
    if mounted.namespace != claim.namespace:
        return _moved(claim, mounted.namespace), ""
    return f" (the database now uses the claim {mounted.name})", ""


def _database(old: Side, new: Side) -> Iterator[Hazard]:
    if old.database is None or new.database is None:
        return
    db_id = new.database[0].id
    claim_old, claim_new = old.database_claim, new.database_claim
    if claim_old is not None and claim_new is None:
        yield Hazard(
            "db-volume-ephemeral", Category.DATA_LOSS, db_id,
            f"the database's data directory moves off the claim {claim_old.name} into the pod's own storage "
            "(db.disablePVC): the database starts empty, and whatever it stores is lost at its next restart",
            "leave db.disablePVC unset on an installed release; to move the database, dump it (pg_dump) "
            "and restore it into the new one",
        )  # fmt: skip
    elif claim_old is not None and claim_new is not None and claim_old != claim_new:
        restored = _restored_from(new, claim_new)
        if restored:
            start = f"from the snapshot {restored}: what changed since it was taken is lost"
        elif claim_new in new.objects:
            start = "empty, on a claim this upgrade creates: the data in the current claim is no longer used"
        else:
            start = "on whatever that existing claim holds: the data in the current claim is no longer used"
        yield Hazard(
            "db-volume-switched", Category.DATA_LOSS, db_id,
            f"the database moves from the claim {_claim_name(claim_old, db_id)} to "
            f"{_claim_name(claim_new, db_id)} and starts {start}",
            "switch claims only to restore a backup on purpose; otherwise keep the release name and "
            "namespace, db.claimSuffix and db.restoreSnapshotSuffix as they were at install",
        )  # fmt: skip
    if claim_old is not None and claim_old == claim_new:
        yield from _postgres_major(old, new, db_id)
        yield from _database_login(old, new, db_id)


def _restored_from(side: Side, claim: ObjectId) -> str:
    obj = side.objects.get(claim)
    source = obj.get("spec", "dataSource", "name") if obj is not None else None
    return str(source) if source else ""


def _postgres_major(old: Side, new: Side, db_id: ObjectId) -> Iterator[Hazard]:
    assert old.database is not None and new.database is not None
    image_old, image_new = old.database[1].get("image"), new.database[1].get("image")
    major_old = _MAJOR.match(_split_image(old.database[1])[1])
    major_new = _MAJOR.match(_split_image(new.database[1])[1])
    if major_old and major_new and int(major_old.group(1)) != int(major_new.group(1)):
        before, after = major_old.group(1), major_new.group(1)
        yield Hazard(
            "postgres-major-version", Category.BREAKS, db_id,
            f"the database image changes from {_show(image_old)} to {_show(image_new)} on the same volume: "
            f"PostgreSQL {after} refuses a data directory PostgreSQL {before} initialised ('database files "
            "are incompatible with server'), so the database does not start and the master cannot reach "
            f"it; the data stays on the volume, and the PostgreSQL {before} image starts it again",
            "keep defaultImages.postgreSQL at the installed major version; to move, pg_dumpall from the old "
            "server and restore into a new database (or run pg_upgrade on the volume)",
        )  # fmt: skip


# What the master logs in with, the variable the PostgreSQL image creates it from, and what to do.
_LOGIN = (
    ("user", "POSTGRES_USER", "db-user-changed", "the role", "log in as",
     "create the role first (CREATE ROLE … LOGIN PASSWORD …, then ALTER DATABASE … OWNER TO it and "
     "REASSIGN OWNED BY the old role TO it), or keep db.user as installed"),
    ("name", "POSTGRES_DB", "db-name-changed", "the database", "connect to",
     "rename the database first, with the master stopped (ALTER DATABASE … RENAME TO …), or keep db.name "
     "as installed"),
)  # fmt: skip


def _database_login(old: Side, new: Side, db_id: ObjectId) -> Iterator[Hazard]:
    """The PostgreSQL image creates the role, password and database only on an empty data
    directory; the master creates none of them, so a change leaves it unable to connect."""
    assert old.database is not None and new.database is not None
    for key, variable, rule, thing, verb, hint in _LOGIN:
        before = old.setting("db", key) or _env(old.database[1], variable)
        after = new.setting("db", key) or _env(new.database[1], variable)
        if before is not None and after is not None and str(before) != str(after):
            yield Hazard(
                rule, Category.BREAKS, db_id,
                f"db.{key} changes from {_show(before)} to {_show(after)} on an existing database: the "
                f"PostgreSQL image creates {thing} that {variable} names only when it initialises an empty data "
                f"directory, and the master creates none, so it cannot {verb} {_show(after)} and stops",
                hint,
            )  # fmt: skip
    before, after = old.setting("db", "password"), new.setting("db", "password")
    if before is not None and after is not None and before != after:
        yield Hazard(
            "db-password-changed", Category.BREAKS, db_id,
            "db.password changes on an existing database: the PostgreSQL image sets the password only when "
            "it initialises an empty data directory, so the server keeps the old one and the master, now "
            "using the new one, cannot log in",
            "change the password inside PostgreSQL first (ALTER USER … PASSWORD …), then upgrade",
        )  # fmt: skip


def _master(old: Side, new: Side) -> Iterator[Hazard]:
    if old.master is None or new.master is None:
        return
    before, after = _version(old.master[1]), _version(new.master[1])
    if before is None or after is None or after >= before:
        return
    newest_old, newest_new = _NEWEST_MIGRATION.get(before), _NEWEST_MIGRATION.get(after)
    if newest_old is not None and newest_new is not None and newest_new >= newest_old:
        return  # the same database schema: the older master runs on it as before
    shown = (".".join(map(str, before)), ".".join(map(str, after)))
    schema = (
        f" (up to migration {newest_old}; {shown[1]} knows those up to {newest_new})"
        if newest_old is not None and newest_new is not None
        else ""
    )
    yield Hazard(
        "release-downgrade", Category.BREAKS, new.master[0].id,
        f"Determined goes back from {shown[0]} to {shown[1]}: the {shown[0]} master migrated the database "
        f"schema forward{schema}, and a master runs only the migrations newer than the database's, never "
        f"back, so the {shown[1]} master runs on a schema it was not written for, which Determined does "
        "not support",
        f"stay on {shown[0]}; to go back, restore a database backup taken before the upgrade to {shown[0]}",
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


def _scheduler_runs(side: Side, name: str) -> bool:
    """Whether the side deploys the scheduler of that name (the chart names its Deployment so)."""
    return any(o.id.name == name for o in side.of_kind("Deployment"))


def _scheduler(old: Side, new: Side, where: ObjectId) -> Iterator[Hazard]:
    from chartgen.releases import SUPPORTED, has

    before = old.setting("resource_manager", "default_scheduler")
    after = new.setting("resource_manager", "default_scheduler")
    if before == after:
        return
    name = {None: "Kubernetes' default scheduler"}
    shown_old, shown_new = name.get(before, f"{redact(before)}"), name.get(after, f"{redact(after)}")
    cause = ""
    if before == "preemption" and new.release in SUPPORTED and not has(new.release, "preemption-scheduler"):
        cause = f" (the {new.release} chart no longer deploys the preemption scheduler)"
    elif before is not None and after is None:
        cause = f" (defaultScheduler is no longer {shown_old})"
    if before is not None and _scheduler_runs(old, str(before)) and not _scheduler_runs(new, str(before)):
        queued = (
            f"those already created for {shown_old} and not yet running stay Pending: the upgrade deletes the "
            f"{shown_old} Deployment, and Kubernetes places a pod only by the scheduler it names"
        )
    else:
        queued = "those already created keep their scheduler"
    placed = "without gang scheduling or priority preemption" if after is None else f"by {shown_new}"
    yield Hazard(
        "scheduler-changed", Category.SURPRISE, where,
        f"task pods move from {shown_old} to {shown_new}{cause}: new ones are placed {placed}; {queued}",
        "without gang scheduling, check distributed jobs for deadlocks with chartgen plan; "
        "set defaultScheduler explicitly"
        if after is None
        else f"make sure the {shown_new} scheduler runs before jobs are submitted (the chart deploys it in the "
        "same upgrade)",
        "master.yaml: resource_manager.default_scheduler",
    )  # fmt: skip


def _url_location(text: typing.Any) -> typing.Any:
    """Where a URL points: scheme, host and path; user info and query are credentials."""
    if not isinstance(text, str) or "://" not in text:
        return text
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        return (parts.scheme.lower(), (parts.hostname or "").lower(), parts.port, parts.path.rstrip("/"))
    except ValueError:  # a port that is not a number: compared as written, never shown so
        return redact(text)


def _azure_account(storage: Mapping[str, typing.Any]) -> str | None:
    """The storage account an Azure connection string or account URL names (never its key)."""
    url = storage.get("account_url")
    if isinstance(url, str) and url:
        located = _url_location(url)
        return str(located[1]) if isinstance(located, tuple) else str(located)
    text = storage.get("connection_string")
    if not isinstance(text, str) or not text:
        return None
    pairs = dict(part.split("=", 1) for part in text.split(";") if "=" in part)
    endpoint = pairs.get("BlobEndpoint")
    if endpoint:
        located = _url_location(endpoint)
        return str(located[1]) if isinstance(located, tuple) else None
    account = pairs.get("AccountName")
    suffix = pairs.get("EndpointSuffix", "core.windows.net")
    return f"{account}.blob.{suffix}".lower() if account else None


def _checkpoint_place(storage: Mapping[str, typing.Any]) -> dict[str, typing.Any]:
    """The settings that say where checkpoints are: credentials, tokens and the save policy do not."""
    place = {
        key: storage.get(key)
        for key in ("type", "bucket", "prefix", "host_path", "container_path", "storage_path", "container")
    }
    place["endpoint_url"] = _url_location(storage.get("endpoint_url"))
    place["account"] = _azure_account(storage)
    return place


def _checkpoints(old: Side, new: Side, where: ObjectId) -> Iterator[Hazard]:
    before, after = old.setting("checkpoint_storage"), new.setting("checkpoint_storage")
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    place_old, place_new = _checkpoint_place(before), _checkpoint_place(after)
    moved = [key for key in place_old if place_old[key] != place_new[key]]
    if not moved:
        return
    shown = {key: (before.get(key), after.get(key)) for key in moved}
    if "account" in shown:
        shown["account"] = (_azure_account(before), _azure_account(after))
    change = ", ".join(f"{key} {_show(was)} -> {_show(now)}" for key, (was, now) in shown.items())
    yield Hazard(
        "checkpoint-storage-moved", Category.SURPRISE, where,
        f"checkpoint storage moves ({change}): new checkpoints go to the new place, the existing ones "
        "stay where they are, and the master cannot reach them there for restores or garbage collection",
        "copy existing checkpoints to the new location before the upgrade, or keep the old settings",
        "master.yaml: checkpoint_storage",
    )  # fmt: skip


def _ports(service: KubeObject) -> list[tuple[typing.Any, typing.Any, typing.Any]]:
    """What clients connect to: each port, its node port and protocol (the target port is inside)."""
    ports = service.get("spec", "ports")
    return sorted(
        (
            (str(p.get("port")), str(p.get("nodePort") or ""), str(p.get("protocol") or "TCP"))
            for p in (ports if isinstance(ports, list) else [])
            if isinstance(p, dict)
        ),
        key=str,
    )


def _address_annotations(service: KubeObject) -> dict[str, typing.Any]:
    return {k: v for k, v in service.annotations.items() if k in _ADDRESS_ANNOTATIONS}


def _master_address(old: Side, new: Side) -> Iterator[Hazard]:
    """The master Service changes where clients reach it: another Service, type, port or address.

    A load balancer's settings count only on a LoadBalancer Service (the API server refuses
    source ranges elsewhere, and the load-balancer controllers read nothing else); annotations
    only those a controller chooses the address by (``_ADDRESS_ANNOTATIONS``).
    """
    before, after = old.master_service, new.master_service
    if before is None or after is None:
        return
    changes: list[str] = []
    if before.id != after.id:
        changes.append(
            f"it is replaced: {before.id} -> {after.id}, a new Service with a new cluster IP and, as a "
            "LoadBalancer, a new external address"
        )
    kind_old, kind_new = before.get("spec", "type") or "ClusterIP", after.get("spec", "type") or "ClusterIP"
    if kind_old != kind_new:
        changes.append(f"type {_show(kind_old)} -> {_show(kind_new)}")
    if _ports(before) != _ports(after):
        changes.append(f"ports {_show(before.get('spec', 'ports'))} -> {_show(after.get('spec', 'ports'))}")
    if _differs(before.get("spec", "externalIPs"), after.get("spec", "externalIPs")):
        changes.append(
            f"externalIPs {_show(before.get('spec', 'externalIPs'))} -> {_show(after.get('spec', 'externalIPs'))}"
        )
    if kind_old == kind_new == "LoadBalancer":
        for key in ("loadBalancerIP", "loadBalancerSourceRanges"):
            if _differs(before.get("spec", key), after.get("spec", key)):
                changes.append(f"{key} {_show(before.get('spec', key))} -> {_show(after.get('spec', key))}")
        annotations_old, annotations_new = _address_annotations(before), _address_annotations(after)
        for key in sorted(annotations_old.keys() | annotations_new.keys()):
            if annotations_old.get(key) != annotations_new.get(key):
                changes.append(
                    f"annotation {key} {_show(annotations_old.get(key))} -> {_show(annotations_new.get(key))}"
                )
    if changes:
        yield Hazard(
            "master-address-changed", Category.SURPRISE, after.id,
            f"the master Service changes where clients reach it ({'; '.join(changes)}): CLI users, "
            "DET_MASTER settings, DNS records and agents pointing at the old address or port, or allowed "
            "only by the old source ranges, lose the master",
            "reserve the address (loadBalancerIP or a static IP annotation) or update DNS and DET_MASTER "
            "after the upgrade",
            "spec",
        )  # fmt: skip


def _pods_naming(side: Side, priority_class: str) -> list[str]:
    return [
        f"{o.id.kind} {o.id.name}"
        for o in side.objects.values()
        if o.get("spec", "template", "spec", "priorityClassName") == priority_class
    ]


def _removed_priority_classes(old: Side, new: Side) -> Iterator[Hazard]:
    """A PriorityClass that leaves the release is deleted; the API server then refuses every new
    pod that still names it, and the chart's and the master's pods do."""
    for obj in old.of_kind("PriorityClass"):
        if obj.id in new.objects or obj.kept:
            continue
        users = _pods_naming(new, obj.id.name)
        if new.master is not None and obj.id.name in _MASTER_PRIORITY:
            users.append(_MASTER_PRIORITY[obj.id.name])
        if not users:
            continue
        yield Hazard(
            "priority-class-deleted", Category.BREAKS, obj.id,
            f"the PriorityClass leaves the release (the chart renders it only with "
            f"createNonNamespacedObjects: true), so Helm deletes it, while these still name it: "
            f"{', '.join(users)}; the API server refuses every new pod that names a PriorityClass that does "
            "not exist ('no PriorityClass with name … was found'): pods running now go on, but none of "
            "these can start a new one (a rollout, a restart, a drained node, a new task)",
            "keep createNonNamespacedObjects: true on the release that created the class; to hand it to "
            f"another release, annotate it first: kubectl annotate priorityclass {obj.id.name} "
            "helm.sh/resource-policy=keep",
        )  # fmt: skip


def _removed_snapshots(old: Side, new: Side) -> Iterator[Hazard]:
    """A VolumeSnapshot that leaves the release is deleted, and with it the way to restore from it."""
    for obj in old.of_kind("VolumeSnapshot"):
        if obj.id in new.objects or (obj.kept and old.live_annotations):
            continue
        name = obj.get("spec", "volumeSnapshotClassName")
        snapshot_class = old.objects.get(
            ObjectId("snapshot.storage.k8s.io", "VolumeSnapshotClass", "", str(name))
        )
        policy = snapshot_class.get("deletionPolicy") if snapshot_class is not None else None
        if policy == "Retain":
            category = Category.RESTORE
            content = (
                "its snapshot content, and the storage snapshot, stay (the class's deletionPolicy is "
                "Retain), but no VolumeSnapshot names them any more, and a claim restores only from a "
                "VolumeSnapshot: once a restore under way from it finishes, db.restoreSnapshotSuffix cannot "
                "restore from it"
            )
            hint = (
                "keep db.snapshotSuffix while the snapshot may be needed, and render as helm upgrade does "
                "(helm template never renders it); a retained content can be bound again by a VolumeSnapshot "
                "made by hand for it"
            )
        else:
            category = Category.DATA_LOSS
            content = (
                "the snapshot controller deletes its snapshot content and the storage snapshot with it "
                + (
                    "(the class's deletionPolicy is Delete)"
                    if policy == "Delete"
                    else "unless its class retains them"
                )
            )
            hint = "keep db.snapshotSuffix while the snapshot may be needed, or restore from it first"
        yield Hazard(
            "snapshot-deleted", category, obj.id,
            f"the database snapshot leaves the release (db.snapshotSuffix changed or unset, or a render "
            f"without .Release.IsUpgrade), so Helm deletes it: {content}",
            hint,
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
    hazards.extend(_removed_snapshots(old, new))
    hazards.extend(_removed_priority_classes(old, new))
    hazards.extend(_database(old, new))
    hazards.extend(_master(old, new))
    hazards.extend(_surprises(old, new))
    return hazards
