"""The api- rules: what the Kubernetes API server refuses in the objects the values render to,
located at the value that causes it (``chartgen/validation/rules/apiserver.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.rulecheck import BASE, diagnostics, found, messages

API_RULES = (
    "api-volume-mounts", "api-names", "api-labels", "api-ports", "api-resources",
    "api-service", "api-ingress", "api-pod-fields", "api-task-pod",
)  # fmt: skip

TLS_AND_DB_TLS = BASE + (
    "tlsSecret: my-tls\n"
    "db:\n"
    "  sslMode: verify-full\n"
    "  resourceType: secret\n"
    "  certResourceName: db-certs\n"
    "  sslRootCert: root.crt\n"
)


def test_tls_secret_and_database_tls_mount_at_one_path(tmp_path: Path) -> None:
    # The master Deployment mounts the TLS secret and the database certificate at
    # /mount/determined/secrets/: located at the value that brings in the second mount.
    assert found(tmp_path, TLS_AND_DB_TLS, API_RULES) == [(7, 21, "api-volume-mounts")]
    (message,) = messages(tmp_path, TLS_AND_DB_TLS, "api-volume-mounts")
    assert message == (
        "the API server refuses Deployment determined-master-deployment-determined: "
        'spec.template.spec.containers[0].volumeMounts[2].mountPath "/mount/determined/secrets/": '
        'must be unique; already used by volume "tls-secret" (from tlsSecret)'
    )


def test_either_alone_passes(tmp_path: Path) -> None:
    assert found(tmp_path, BASE + "tlsSecret: my-tls\n", API_RULES) == []
    db_only = TLS_AND_DB_TLS.replace("tlsSecret: my-tls\n", "")
    assert found(tmp_path, db_only, API_RULES) == []


def test_runs_only_when_no_other_rule_found_an_error(tmp_path: Path) -> None:
    # Without sslRootCert another rule refuses the values: nothing is rendered.
    text = TLS_AND_DB_TLS.replace("  sslRootCert: root.crt\n", "")
    rules = {d.rule for d in diagnostics(tmp_path, text) if d.is_error}
    assert "api-volume-mounts" not in rules and rules


@pytest.mark.parametrize(
    ("text", "rule", "where"),
    [
        # A secret name in an env secretKeyRef must be a DNS subdomain.
        (
            "enterpriseEdition: true\noidc:\n  enabled: true\n  clientSecretName: Bad_Name\n"
            "  clientSecretKey: key\n  idpRecipientUrl: https://det.example.com\n"
            "  idpSsoUrl: https://idp.example.com\n  provider: okta\n  clientId: det\n",
            "api-names",
            (6, 21),
        ),
        ("masterService:\n  annotations:\n    bad key!: x\n", "api-labels", (5, 5)),
        ("masterPort: 10250\n", "api-ports", (3, 13)),
        ('masterCpuRequest: "4"\nmasterCpuLimit: "2"\n', "api-resources", (3, 19)),
        ("loadBalancerSourceRanges:\n- 10.0.0.0/255.0.0.0\n", "api-service", (4, 3)),
        ("ingress:\n  enabled: true\n  host: 10.0.0.1\n", "api-ingress", (5, 9)),
        (
            "taskContainerDefaults:\n  gpuPodSpec:\n    apiVersion: v1\n    kind: Pod\n    spec:\n"
            "      tolerations:\n      - key: gpu\n        operator: Exists\n        value: 'yes'\n",
            "api-task-pod",
            (11, 16),
        ),
    ],
)
def test_one_case_per_rule(tmp_path: Path, text: str, rule: str, where: tuple[int, int]) -> None:
    assert found(tmp_path, BASE + text, API_RULES) == [(*where, rule)]


def test_passing_examples(tmp_path: Path) -> None:
    for text in (
        "masterPort: 8080\n",
        'masterCpuRequest: "2"\nmasterCpuLimit: "4"\n',
        "loadBalancerSourceRanges:\n- 10.0.0.0/8\n",
        "ingress:\n  enabled: true\n  host: det.example.com\n",
        "taskContainerDefaults:\n  gpuPodSpec:\n    apiVersion: v1\n    kind: Pod\n    spec:\n"
        "      tolerations:\n      - key: gpu\n        operator: Exists\n",
    ):
        assert found(tmp_path, BASE + text, API_RULES) == [], text


def test_source_ranges_only_on_a_load_balancer(tmp_path: Path) -> None:
    text = BASE + "useNodePortForMaster: true\nloadBalancerSourceRanges:\n- 10.0.0.0/8\n"
    assert [r for *_, r in found(tmp_path, text, API_RULES)] == ["api-service"]


def test_pod_fields_rule_is_registered(tmp_path: Path) -> None:
    # No value of the chart reaches a field of this family alone; its findings come from
    # the kubeapi unit tests. The id is asserted here so the catalogue knows it is tested.
    assert found(tmp_path, BASE, ["api-pod-fields"]) == []
