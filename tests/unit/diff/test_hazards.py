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
