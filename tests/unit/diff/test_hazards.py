"""Immutable fields the chart's values cannot reach, but a deployed manifest can hold.

A live release may come from an older chart, a hand edit or a GitOps overlay. Each test
takes chartgen's own render as the installed side, changes the one field a
``helm get manifest`` could differ in, and checks what the comparison says about it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from chartgen.api import load_values, render
from chartgen.diffing.compare import compare
from chartgen.diffing.model import Category, DiffResult
from chartgen.diffing.objects import KubeObject, parse_stream
from chartgen.values.load import SetFlags

FLAGS = SetFlags(set=["maxSlotsPerPod=4,initialUserPassword=Unit-Passw0rd,defaultScheduler=coscheduler"])


def _render() -> list[KubeObject]:
    result = render(load_values(flags=FLAGS), release_name="det", namespace="determined")
    objects: list[KubeObject] = []
    for manifest in result.manifests:
        found, problems = parse_stream(manifest.text, manifest.template, "determined")
        assert problems == []
        objects.extend(found)
    return objects


RENDERED = _render()


def installed_with(kind: str, name: str, edit: Callable[[dict[str, Any]], None]) -> list[KubeObject]:
    """The render with one object's body edited, as a deployed manifest could be."""
    out = []
    for obj in RENDERED:
        if obj.id.kind == kind and obj.id.name == name:
            body = copy.deepcopy(obj.body)
            edit(body)
            obj = KubeObject(obj.id, obj.api_version, body, obj.source)
        out.append(obj)
    assert out != RENDERED, f"no {kind} {name} in the render"
    return out


def rules(result: DiffResult) -> list[tuple[str, Category, str]]:
    return [(h.rule, h.category, h.path) for h in result.hazards]


def test_the_same_objects_are_no_change() -> None:
    result = compare(RENDERED, _render())
    assert (result.changes, result.hazards, result.notes) == ([], [], [])


def test_a_deployment_selector_cannot_change() -> None:
    def old_labels(body: dict[str, Any]) -> None:
        body["spec"]["selector"]["matchLabels"]["app"] = "determined-master"

    installed = installed_with("Deployment", "determined-master-deployment-det", old_labels)
    result = compare(installed, RENDERED)
    assert rules(result) == [("immutable-selector", Category.UPGRADE_FAILS, "spec.selector")]
    (hazard,) = result.hazards
    assert '{"matchLabels": {"app": "determined-master"}}' in hazard.message
    assert "kubectl delete deployment determined-master-deployment-det -n determined" in hazard.hint


def test_a_service_cluster_ip_cannot_change() -> None:
    def fixed_ip(body: dict[str, Any]) -> None:
        body["spec"]["clusterIP"] = "10.0.0.10"

    installed = installed_with("Service", "determined-db-service-det", fixed_ip)
    changed = installed_with(
        "Service", "determined-db-service-det", lambda b: b["spec"].update(clusterIP="10.0.0.11")
    )
    assert rules(compare(installed, changed)) == [
        ("immutable-cluster-ip", Category.UPGRADE_FAILS, "spec.clusterIP")
    ]
    # Dropping it from the manifest keeps the address: the API server fills it in.
    assert rules(compare(installed, RENDERED)) == []
    # Setting one where the cluster chose it works only if it is the same address.
    assert rules(compare(RENDERED, changed)) == [
        ("service-cluster-ip-set", Category.SURPRISE, "spec.clusterIP")
    ]


@pytest.mark.parametrize("kind", ["ClusterRoleBinding", "RoleBinding"])
def test_a_binding_role_cannot_change(kind: str) -> None:
    binding = next(o for o in RENDERED if o.id.kind == kind)

    def other_role(body: dict[str, Any]) -> None:
        body["roleRef"]["name"] = "some-other-role"

    result = compare(installed_with(kind, binding.id.name, other_role), RENDERED)
    assert rules(result) == [("immutable-role-ref", Category.UPGRADE_FAILS, "roleRef")]


def test_a_priority_class_value_cannot_change() -> None:
    installed = installed_with("PriorityClass", "determined-system-priority", lambda b: b.update(value=1))
    assert rules(compare(installed, RENDERED)) == [
        ("immutable-priority-class", Category.UPGRADE_FAILS, "value")
    ]


def test_a_secret_type_and_immutable_data_cannot_change() -> None:
    name = "determined-master-config-det"
    typed = installed_with("Secret", name, lambda b: b.update(type="kubernetes.io/tls"))
    assert rules(compare(typed, RENDERED)) == [("immutable-secret-type", Category.UPGRADE_FAILS, "type")]
    frozen = installed_with("Secret", name, lambda b: b.update(immutable=True))
    assert ("immutable-data", Category.UPGRADE_FAILS, "data") in rules(compare(frozen, RENDERED))


def test_hooks_are_not_part_of_the_release() -> None:
    def hook(body: dict[str, Any]) -> None:
        body["metadata"]["annotations"] = {"helm.sh/hook": "post-upgrade"}

    installed = installed_with("Service", "determined-db-service-det", hook)
    removed = [o for o in RENDERED if o.id.name != "determined-db-service-det"]
    assert compare(installed, removed).changes == []


def _reversioned(api_version: str) -> list[KubeObject]:
    """The render with the master Deployment written in another apiVersion, as an old chart did."""
    from chartgen.diffing.objects import ObjectId, group_of

    out = []
    for obj in RENDERED:
        if obj.id.name == "determined-master-deployment-det":
            body = {**obj.body, "apiVersion": api_version}
            ident = ObjectId(group_of(api_version), obj.id.kind, obj.id.namespace, obj.id.name)
            obj = KubeObject(ident, api_version, body, obj.source)
        out.append(obj)
    return out


def test_another_version_of_the_same_api_group_is_the_same_object() -> None:
    result = compare(_reversioned("apps/v1beta2"), RENDERED)
    assert [(c.id.name, c.action, [f.path for f in c.fields]) for c in result.changes] == [
        ("determined-master-deployment-det", "changed", ["apiVersion"])
    ]
    assert result.hazards == []


def test_another_api_group_is_another_object() -> None:
    result = compare(_reversioned("extensions/v1beta1"), RENDERED)
    assert sorted((c.id.group, c.action) for c in result.changes) == [
        ("apps", "added"),
        ("extensions", "removed"),
    ]


def _rendered(flags: str, *, is_upgrade: bool = False) -> list[KubeObject]:
    result = render(
        load_values(flags=SetFlags(set=[flags])),
        release_name="det",
        namespace="determined",
        is_upgrade=is_upgrade,
    )
    objects: list[KubeObject] = []
    for manifest in result.manifests:
        objects.extend(parse_stream(manifest.text, manifest.template, "determined")[0])
    return objects


def _edited(objects: list[KubeObject], kind: str, edit: Callable[[dict[str, Any]], None]) -> list[KubeObject]:
    out = []
    for obj in objects:
        if obj.id.kind == kind:
            body = copy.deepcopy(obj.body)
            edit(body)
            obj = KubeObject(obj.id, obj.api_version, body, obj.source)
        out.append(obj)
    return out


BASE = "maxSlotsPerPod=4,initialUserPassword=Unit-Passw0rd"


@pytest.mark.parametrize(
    ("policy", "category"), [("Retain", Category.RESTORE), ("Delete", Category.DATA_LOSS)]
)
def test_a_deleted_snapshot_loses_its_content_only_with_a_delete_policy(
    policy: str, category: Category
) -> None:
    snapshot = _edited(
        _rendered(f"{BASE},db.snapshotSuffix=nightly", is_upgrade=True),
        "VolumeSnapshotClass",
        lambda b: b.update(deletionPolicy=policy),
    )
    result = compare(snapshot, _rendered(BASE, is_upgrade=True))
    assert rules(result) == [("snapshot-deleted", category, "")]


def test_a_load_balancer_class_cannot_change() -> None:
    def classed(name: str) -> Callable[[dict[str, Any]], None]:
        def edit(body: dict[str, Any]) -> None:
            if body["spec"].get("type") == "LoadBalancer":
                body["spec"]["loadBalancerClass"] = name

        return edit

    result = compare(
        _edited(RENDERED, "Service", classed("a.example/lb")),
        _edited(RENDERED, "Service", classed("b.example/lb")),
    )
    assert rules(result) == [
        ("immutable-load-balancer-class", Category.UPGRADE_FAILS, "spec.loadBalancerClass")
    ]


def test_what_helm_leaves_is_read_on_the_live_object() -> None:
    """Helm reads the keep annotation on the live object: a manifest's counts, a render of values' does not."""

    def keep(body: dict[str, Any]) -> None:
        body["metadata"]["annotations"] = {"helm.sh/resource-policy": "keep"}

    plain, external = _rendered(BASE), _rendered(f"{BASE},db.hostAddress=pg.example.com")
    kept = _edited(plain, "PersistentVolumeClaim", keep)
    assert [r[0] for r in rules(compare(kept, external))] == ["pvc-left-behind"]
    found = compare(kept, external, installed_from_values=True).hazards
    assert [(h.rule, h.category) for h in found] == [("pvc-deleted", Category.DATA_LOSS)]
    assert "upstream Helm ignores the key" in found[0].message
    # A PriorityClass annotated by hand stays too, so nothing is lost when it leaves the release.
    no_classes = _rendered(f"{BASE},createNonNamespacedObjects=false")
    assert {r[0] for r in rules(compare(plain, no_classes))} == {"priority-class-deleted"}
    assert rules(compare(_edited(plain, "PriorityClass", keep), no_classes)) == []


def test_what_clients_do_not_connect_to_is_no_address_change() -> None:
    def target(body: dict[str, Any]) -> None:
        if body["metadata"]["name"] == "determined-master-service-det":
            body["spec"]["ports"][0]["targetPort"] = 9999
            body["spec"]["externalTrafficPolicy"] = "Local"

    def external_ip(body: dict[str, Any]) -> None:
        if body["metadata"]["name"] == "determined-master-service-det":
            body["spec"]["externalIPs"] = ["192.0.2.10"]

    assert rules(compare(RENDERED, _edited(RENDERED, "Service", target))) == []
    assert rules(compare(RENDERED, _edited(RENDERED, "Service", external_ip))) == [
        ("master-address-changed", Category.SURPRISE, "spec")
    ]


def test_an_azure_account_is_the_same_place_by_connection_string_or_url() -> None:
    by_string = _rendered(
        f"{BASE},checkpointStorage.type=azure,checkpointStorage.container=c,"
        "checkpointStorage.connection_string=AccountName=detstore;AccountKey=Zm9vYmFy;EndpointSuffix=core.windows.net"
    )
    by_url = _rendered(
        f"{BASE},checkpointStorage.type=azure,checkpointStorage.container=c,"
        "checkpointStorage.account_url=https://detstore.blob.core.windows.net/"
    )
    other = _rendered(
        f"{BASE},checkpointStorage.type=azure,checkpointStorage.container=c,"
        "checkpointStorage.account_url=https://elsewhere.blob.core.windows.net/"
    )
    assert rules(compare(by_string, by_url)) == []
    moved = compare(by_string, other).hazards
    assert [h.rule for h in moved] == ["checkpoint-storage-moved"]
    assert 'account "detstore.blob.core.windows.net" -> "elsewhere.blob.core.windows.net"' in moved[0].message
    assert "Zm9vYmFy" not in repr(compare(by_string, other))
