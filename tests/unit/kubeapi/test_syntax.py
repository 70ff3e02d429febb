"""The grammars of chartgen.kubeapi.syntax, on cases read from the Go code they follow
(apimachinery/pkg/util/validation, k8s.io/utils/net)."""

from __future__ import annotations

import pytest

from chartgen.kubeapi import syntax as s


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("10.0.0.0/8", True),
        ("010.0.0.0/8", True),  # the sloppy parser takes leading zeros
        ("10.0.0.0/255.0.0.0", False),  # a mask is a prefix length, never dotted
        ("10.0.0.0", False),
        ("10.0.0.0/33", False),
        ("::/0", True),
        ("2001:db8::/129", False),
        ("2001:db8::/64", True),
        ("::ffff:10.0.0.1/128", True),
        ("10.0.0.256/8", False),
        ("10.0.0.0/08", True),
        ("10.0.0.0/", False),
    ],
)
def test_parse_cidr(text: str, ok: bool) -> None:
    assert s.parse_cidr(text) is ok


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("http", True),
        ("a" * 15, True),
        ("a" * 16, False),
        ("80", False),
        ("my--port", False),
        ("-web", False),
        ("Web", False),
    ],
)
def test_port_names(name: str, ok: bool) -> None:
    assert (s.is_valid_port_name(name) == []) is ok


def test_names() -> None:
    assert s.is_dns1123_label("a" * 63) == []
    assert s.is_dns1123_label("a" * 64) == ["must be no more than 63 characters"]
    assert s.is_dns1123_label("a.b") == ["must not contain dots"]
    assert s.is_dns1035_label("1abc") != []
    assert s.is_dns1123_subdomain("1abc.example.com") == []
    assert s.is_qualified_name("example.com/Name_1") == []
    assert s.is_qualified_name("a/b/c") != []
    assert s.is_qualified_name("/x") == ["prefix part must be non-empty"]
    assert s.is_valid_label_value("") == []
    assert s.is_valid_label_value("x" * 64) == ["must be no more than 63 characters"]
    assert s.is_env_var_name("1X") != [] and s.is_env_var_name("my.env-name") == []
    assert s.is_env_var_name("..x") == ["must not start with '..'"]
    # A generateName's trailing dash: Go replaces the last two bytes with "a".
    assert s.name_is_dns_subdomain("task-", prefix=True) == []
