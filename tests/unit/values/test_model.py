"""The values model: it covers what the chart reads, per release, with upstream's defaults."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pydantic
import pytest
import yaml

from chartgen.gen import schema as gen
from chartgen.redaction import SECRET_KEYS
from chartgen.releases import SUPPORTED
from chartgen.validation.registry import RULES, all_rules
from chartgen.values.model import Values, parse_values
from chartgen.values.model.base import PerRelease, Section, field, reads
from tests.support.corpus import CASES


def _words(text: str) -> list[str]:
    return text.split()


# Every `.Values.X` the templates of both releases read (facts from the upstream charts).
READ_BY_BOTH_TEXT = """
additional_resource_managers checkpointStorage.accessKey checkpointStorage.account_url
checkpointStorage.bucket checkpointStorage.connection_string checkpointStorage.container
checkpointStorage.containerPath checkpointStorage.credential checkpointStorage.endpointUrl
checkpointStorage.hostPath checkpointStorage.mountToServer checkpointStorage.prefix
checkpointStorage.saveExperimentBest checkpointStorage.saveTrialBest checkpointStorage.saveTrialLatest
checkpointStorage.secretKey checkpointStorage.type clusterName createNonNamespacedObjects
db.certResourceName db.cpuLimit db.cpuRequest db.disablePVC db.hostAddress db.memLimit db.memRequest
db.name db.password db.port db.resourceType db.sslMode db.sslRootCert db.storageClassName db.storageSize
db.useNodePortForDB db.user defaultAuxResourcePool defaultComputeResourcePool defaultImages.cpuImage
defaultImages.gpuImage defaultImages.kubeScheduler defaultImages.postgreSQL defaultPassword
defaultScheduler detVersion enterpriseEdition externalCaCertSecretName fluent genai genai.agentGroupID
genai.cpuLimit genai.cpuRequest genai.extraResourcePoolMetadata genai.generatedPVC
genai.generatedPVC.storageClassName genai.generatedPVC.storageSize genai.imagePullSecretName
genai.memLimit genai.memRequest genai.messageQueuePort genai.port genai.sharedFSHostPath
genai.sharedFSMountPath genai.sharedPVCName genai.shouldInitializeSharedFSGroupPermissions genai.version
imagePullSecretName imageRegistry initialUserPassword loadBalancerSourceRanges logColor logLevel logging
logging.host logging.port logging.security logging.security.password logging.security.tls
logging.security.tls.certificate logging.security.tls.certificateName logging.security.tls.enabled
logging.security.tls.skipVerify logging.security.username logging.type masterCpuLimit masterCpuRequest
masterMemLimit masterMemRequest masterPort maxSlotsPerPod notebookTimeout observability
observability.enable_prometheus oidc oidc.alwaysRedirect oidc.authenticationClaim oidc.autoProvisionUsers
oidc.clientId oidc.clientSecretKey oidc.clientSecretName oidc.displayNameAttributeName oidc.enabled
oidc.groupsAttributeName oidc.idpRecipientUrl oidc.idpSsoUrl oidc.provider oidc.scimAuthenticationAttribute
openshiftRoute openshiftRoute.enabled openshiftRoute.host openshiftRoute.termination
resourceManager.clusterName resourceManager.defaultNamespace resourcePools retentionPolicy
retentionPolicy.logRetentionDays retentionPolicy.schedule saml saml.alwaysRedirect saml.autoProvisionUsers
saml.displayNameAttributeName saml.enabled saml.groupsAttributeName saml.idpCertPath saml.idpRecipientUrl
saml.idpSsoDescriptorUrl saml.idpSsoUrl saml.provider scim scim.auth.password scim.auth.type
scim.auth.username scim.enabled security security.authz security.defaultTask security.defaultTask.gid
security.defaultTask.group security.defaultTask.uid security.defaultTask.user slotResourceRequests.cpu
slotType taskContainerDefaults taskContainerDefaults.checkpointGcPodSpec taskContainerDefaults.cpuImage
taskContainerDefaults.cpuPodSpec taskContainerDefaults.dtrainNetworkInterface
taskContainerDefaults.forcePullImage taskContainerDefaults.gpuImage taskContainerDefaults.gpuPodSpec
taskContainerDefaults.logPolicies taskContainerDefaults.networkMode taskContainerDefaults.startupHook
telemetry telemetry.enabled tensorboardTimeout tlsSecret useNodePortForMaster
"""
READ_BY_BOTH = _words(READ_BY_BOTH_TEXT)
# What each release's chart reads beyond READ_BY_BOTH (the upstream templates at each release tag).
OLD_SCHEDULER = ["defaultImages.kubeSchedulerPreemption"]
READ_FROM_0_36 = _words(
    "defaultImages.rocmImage taskContainerDefaults.rocmImage masterService masterService.annotations "
    "oidc.excludeGroupsScope"
)
READ_FROM_0_37 = [
    f"{sso}.agent{attribute}AttributeName"
    for sso in ("oidc", "saml")
    for attribute in ("Uid", "Gid", "UserName", "GroupName")
]
READ_FROM_0_38 = _words(
    "db.claimSuffix db.restoreSnapshotSuffix db.snapshotSuffix determinedMasterHost determinedMasterPort "
    "determinedMasterScheme"
)
READ_BY = {
    "0.35.0": [*READ_BY_BOTH, *OLD_SCHEDULER],
    "0.35.1": [*READ_BY_BOTH, *OLD_SCHEDULER],
    "0.36.0": [*READ_BY_BOTH, *READ_FROM_0_36],
    "0.37.0": [*READ_BY_BOTH, *READ_FROM_0_36, *READ_FROM_0_37],
    "0.38.0": [*READ_BY_BOTH, *READ_FROM_0_36, *READ_FROM_0_37, *READ_FROM_0_38],
    "0.38.1": [*READ_BY_BOTH, *READ_FROM_0_36, *READ_FROM_0_37, *READ_FROM_0_38],
}
EVERY_READ = {path for paths in READ_BY.values() for path in paths}


def _schemas() -> dict[str, dict[str, Any]]:
    full = gen.full_schema()
    return {r: gen.release_schema(full, r) for r in SUPPORTED}


SCHEMAS = _schemas()


def _property(schema: dict[str, Any], dotted: str) -> dict[str, Any] | None:
    """The property a dotted path names in a release's schema, through nullable sections."""
    node: dict[str, Any] = schema
    prop = None
    for part in dotted.split("."):
        node = _object(node, schema["$defs"])
        prop = node.get("properties", {}).get(part)
        if prop is None:
            return None
        node = prop
    return prop


def _object(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        return _object(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
    for branch in node.get("anyOf", ()):
        if branch != {"type": "null"}:
            return _object(branch, defs)
    return node


def test_the_facts_cover_every_release() -> None:
    assert sorted(READ_BY) == sorted(SUPPORTED)


@pytest.mark.parametrize("release", SUPPORTED)
def test_every_value_the_chart_reads_is_modelled(release: str) -> None:
    missing = [path for path in READ_BY[release] if _property(SCHEMAS[release], path) is None]
    assert missing == []


@pytest.mark.parametrize("release", SUPPORTED)
def test_values_of_other_releases_are_not_read(release: str) -> None:
    unread = sorted(EVERY_READ - set(READ_BY[release]))
    assert [path for path in unread if _property(SCHEMAS[release], path) is not None] == []


@pytest.mark.parametrize("release", SUPPORTED)
def test_release_defaults_are_upstreams(release: str) -> None:
    defaults = gen.chart_defaults(SCHEMAS[release])
    images = defaults["defaultImages"]
    # Each release tag's values.yaml ships task images tagged with the release.
    assert images["cpuImage"] == images["gpuImage"] == f"determinedai/pytorch-ngc:{release}"
    if "defaultImages.kubeSchedulerPreemption" in READ_BY[release]:
        assert images["kubeSchedulerPreemption"] == "determinedai/kube-scheduler:0.17.0"
        assert "rocmImage" not in images
    else:
        assert "kubeSchedulerPreemption" not in images
        assert (
            images["rocmImage"] == "determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d"
        )
    assert defaults["db"] == {
        "name": "determined", "user": "postgres", "password": "postgres", "port": 5432,
        "storageSize": "30Gi", "cpuRequest": 2, "memRequest": "8Gi", "useNodePortForDB": False,
    }  # fmt: skip
    assert defaults["resourcePools"] == [{"pool_name": "default"}]
    assert defaults["maxSlotsPerPod"] is None and defaults["taskContainerDefaults"] is None
    assert defaults["resourceManager"] == {"defaultNamespace": None, "clusterName": None}
    assert "initialUserPassword" not in defaults


def _fields(model: type[pydantic.BaseModel], seen: set[type] | None = None) -> Iterator[tuple[str, Any]]:
    seen = seen if seen is not None else set()
    if model in seen:
        return
    seen.add(model)
    for name, info in model.model_fields.items():
        yield f"{model.__name__}.{info.alias or name}", info
        for inner in _models(info.annotation):
            yield from _fields(inner, seen)


def _models(annotation: Any) -> Iterator[type[pydantic.BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        yield annotation
    for arg in getattr(annotation, "__args__", ()):
        yield from _models(arg)


def test_every_field_has_a_one_line_description() -> None:
    for name, info in _fields(Values):
        assert info.description and "\n" not in info.description, name
        assert info.description.endswith("."), name


def test_secret_keys_are_marked_secret() -> None:
    for name, info in _fields(Values):
        key = name.split(".")[-1]
        extra = info.json_schema_extra or {}
        # Sections named like secrets (security.token, scim.auth) hold settings, not the secret itself.
        holds_settings = "x-section" in extra or any(True for _ in _models(info.annotation))
        if key in SECRET_KEYS and not holds_settings:
            assert extra.get("x-secret"), name


def test_delegated_checks_name_registered_rules() -> None:
    list(all_rules())
    named = {
        extra["x-checked-by"]
        for _, info in _fields(Values)
        if "x-checked-by" in (extra := info.json_schema_extra or {})
    }
    assert named and named <= set(RULES)


def _valid_cases() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/expected.yaml"))


@pytest.mark.parametrize("case", _valid_cases(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_values_are_valid_typed_values(case: Path) -> None:
    meta = yaml.safe_load((case / "case.yaml").read_text())
    values = yaml.safe_load((case / "values.yaml").read_text()) or {}
    parse_values(values, meta["chart_version"])


def test_keys_of_another_release_are_refused() -> None:
    assert parse_values({"masterService": {"annotations": {"a": "b"}}}, "0.38.1").masterService is not None
    with pytest.raises(
        pydantic.ValidationError, match=re.escape("masterService is not read by Determined 0.35.0")
    ):
        parse_values({"masterService": {}}, "0.35.0")


def test_enum_values_of_another_release_are_refused() -> None:
    assert parse_values({"slotType": "rocm"}, "0.36.0").slotType == "rocm"
    with pytest.raises(pydantic.ValidationError, match=re.escape("not accepted by Determined 0.35.1")):
        parse_values({"slotType": "rocm"}, "0.35.1")
    # Later charts ignore preemption without refusing it: lint warns, the model takes it.
    for release in SUPPORTED:
        assert parse_values({"defaultScheduler": "preemption"}, release).defaultScheduler == "preemption"


def test_unknown_keys_and_wrong_types_are_refused() -> None:
    with pytest.raises(pydantic.ValidationError):
        parse_values({"slot_type": "cpu"}, "0.38.1")
    with pytest.raises(pydantic.ValidationError):
        parse_values({"enterpriseEdition": "false"}, "0.38.1")
    with pytest.raises(pydantic.ValidationError):
        parse_values({"resourcePools": [{"pool_name": "a", "kubernetes_namespace": "x"}]}, "0.38.1")


def test_typed_values_carry_the_sections() -> None:
    values = parse_values({"maxSlotsPerPod": 4, "global": {"x": 1}}, "0.38.1")
    assert values.maxSlotsPerPod == 4 and values.global_ == {"x": 1}
    assert values.db is not None and values.db.port == 5432


def test_per_release_defaults_and_release_ranges() -> None:
    assert reads("0.36.0", None, "0.38.1") and not reads("0.36.0", None, "0.35.0")
    assert reads(None, "0.36.0", "0.35.0") and not reads(None, "0.36.0", "0.38.1")

    per_release = {release: f"image-of-{release}" for release in SUPPORTED}

    class Probe(Section):
        image: str | None = field("An image.", PerRelease(per_release), values_yaml=True)
        timeout: int | None = field("Read from 0.37.0 on.", change="preemption-timeout")

    assert Probe().image == f"image-of-{SUPPORTED[-1]}"
    extra = Probe.model_fields["image"].json_schema_extra
    assert isinstance(extra, dict) and extra["x-defaults"] == per_release
    timeout = Probe.model_fields["timeout"].json_schema_extra
    assert isinstance(timeout, dict) and (timeout["x-since"], timeout.get("x-until")) == ("0.37.0", None)
    assert list(timeout["x-defaults"]) == ["0.37.0", "0.38.0", "0.38.1"]


def test_a_field_of_an_unknown_change_is_a_mistake() -> None:
    with pytest.raises(KeyError, match="unknown release change"):
        field("Gone.", change="no-such-change")


@pytest.mark.parametrize("release", SUPPORTED)
def test_chart_defaults_are_valid_typed_values(release: str) -> None:
    parse_values(gen.chart_defaults(SCHEMAS[release]), release)


def test_the_model_takes_choices_as_the_chart_compares_them() -> None:
    """One verdict with lint: trimmed and case-insensitive choices are accepted, and normalised."""
    values = parse_values(
        {"defaultScheduler": " coscheduler ", "logLevel": "DEBUG", "db": {"resourceType": " configMap "}},
        "0.38.1",
    )
    assert (values.defaultScheduler, values.logLevel) == ("coscheduler", "debug")
    assert values.db is not None and values.db.resourceType == "configMap"
    with pytest.raises(pydantic.ValidationError):
        parse_values({"defaultScheduler": " cosched "}, "0.38.1")
