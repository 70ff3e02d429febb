"""The Ingress in front of the master: each TLS mode needs its certificate and a valid host."""

from __future__ import annotations

from pathlib import Path

from chartgen.diagnostics import Severity

from .rulecheck import BASE, diagnostics, found, messages

RULES = ["ingress-host", "ingress-tls", "ingress-exposure"]
NODEPORT = BASE + "useNodePortForMaster: true\n"


def test_each_valid_mode_passes(tmp_path: Path) -> None:
    plain = NODEPORT + "ingress:\n  enabled: true\n"
    assert found(tmp_path, plain, RULES) == []
    lb = NODEPORT + (
        "ingress:\n  enabled: true\n  host: det.example.com\n"
        "  tls:\n    termination: loadBalancer\n    secretName: det-tls\n"
    )
    assert found(tmp_path, lb, RULES) == []
    passthrough = NODEPORT + (
        "tlsSecret: master-tls\ningress:\n  enabled: true\n  host: '*.example.com'\n"
        "  tls:\n    termination: passthrough\n"
    )
    assert found(tmp_path, passthrough, RULES) == []


def test_disabled_ingress_is_not_checked(tmp_path: Path) -> None:
    text = BASE + "ingress:\n  enabled: false\n  host: Not_A_Host\n  tls:\n    termination: loadBalancer\n"
    assert found(tmp_path, text, RULES) == []


def test_tls_without_host_points_at_tls(tmp_path: Path) -> None:
    text = NODEPORT + "tlsSecret: t\ningress:\n  enabled: true\n  tls:\n    termination: passthrough\n"
    assert found(tmp_path, text, RULES) == [(7, 3, "ingress-host")]


def test_invalid_hosts_are_errors_at_the_value(tmp_path: Path) -> None:
    for bad in ("Det.example.com", "det..example.com", "a.*.example.com", "det_x.example", "-a.b"):
        text = NODEPORT + f"ingress:\n  enabled: true\n  host: '{bad}'\n"
        assert found(tmp_path, text, RULES) == [(6, 9, "ingress-host")], bad
    long_label = "a" * 64 + ".example.com"
    text = NODEPORT + f"ingress:\n  enabled: true\n  host: {long_label}\n"
    assert found(tmp_path, text, RULES) == [(6, 9, "ingress-host")]


def test_load_balancer_termination_needs_a_secret(tmp_path: Path) -> None:
    text = NODEPORT + "ingress:\n  enabled: true\n  host: d.example\n  tls:\n    termination: loadBalancer\n"
    assert found(tmp_path, text, RULES) == [(8, 18, "ingress-tls")]
    assert "ingress.tls.secretName" in messages(tmp_path, text, "ingress-tls")[0]


def test_passthrough_needs_the_master_tls_secret(tmp_path: Path) -> None:
    text = NODEPORT + "ingress:\n  enabled: true\n  host: d.example\n  tls:\n    termination: passthrough\n"
    assert found(tmp_path, text, RULES) == [(8, 18, "ingress-tls")]
    assert "tlsSecret" in messages(tmp_path, text, "ingress-tls")[0]


def test_ingress_beside_a_load_balancer_is_a_warning_with_seed_advice(tmp_path: Path) -> None:
    text = BASE + "ingress:\n  enabled: true\n"
    assert found(tmp_path, text, RULES) == [(4, 12, "ingress-exposure")]
    (finding,) = [d for d in diagnostics(tmp_path, text) if d.rule == "ingress-exposure"]
    assert finding.severity is Severity.WARNING
    assert "useNodePortForMaster: true" in finding.hint


def test_ingress_beside_an_openshift_route_is_a_warning(tmp_path: Path) -> None:
    text = BASE + "openshiftRoute:\n  enabled: true\ningress:\n  enabled: true\n"
    assert found(tmp_path, text, RULES) == [(6, 12, "ingress-exposure")]
    assert "openshiftRoute" in messages(tmp_path, text, "ingress-exposure")[0]


def test_an_invalid_tls_secret_name_is_an_error_at_the_value(tmp_path: Path) -> None:
    good = NODEPORT + (
        "ingress:\n  enabled: true\n  host: d.example\n  tls:\n"
        "    termination: loadBalancer\n    secretName: det-tls\n"
    )
    assert found(tmp_path, good, ["invalid-format"]) == []
    bad = good.replace("secretName: det-tls", "secretName: Det_TLS")
    assert found(tmp_path, bad, ["invalid-format"]) == [(9, 17, "invalid-format")]
