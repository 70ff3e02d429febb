"""The string grammars the API server checks values against, each as its Go function does.

Go's ``regexp`` anchors ``^...$`` match the whole text (``$`` never before a final line
break), so each pattern is used with ``fullmatch``; Go's ``len`` counts bytes, so lengths are
of the UTF-8 encoding. Every function returns the API's messages (empty: valid).
"""

from __future__ import annotations

import re

_QNAME_CHAR = "[A-Za-z0-9]"
_QNAME_EXT = "[-A-Za-z0-9_.]"
QUALIFIED_NAME_FMT = f"({_QNAME_CHAR}{_QNAME_EXT}*)?{_QNAME_CHAR}"
_QUALIFIED_NAME = re.compile(QUALIFIED_NAME_FMT)
_QUALIFIED_NAME_MSG = (
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character"
)
DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_DNS1123_LABEL = re.compile(DNS1123_LABEL_FMT)
DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + r"(\." + DNS1123_LABEL_FMT + ")*"
_DNS1123_SUBDOMAIN = re.compile(DNS1123_SUBDOMAIN_FMT)
DNS1035_LABEL_FMT = "[a-z]([-a-z0-9]*[a-z0-9])?"
_DNS1035_LABEL = re.compile(DNS1035_LABEL_FMT)
_WILDCARD_SUBDOMAIN = re.compile(r"\*\." + DNS1123_SUBDOMAIN_FMT)
_ENV_VAR_NAME = re.compile("[-._a-zA-Z][-._a-zA-Z0-9]*")
_CONFIG_MAP_KEY = re.compile("[-._a-zA-Z0-9]+")
_HTTP_HEADER_NAME = re.compile("[-A-Za-z0-9]+")
_PORT_NAME_CHARSET = re.compile("[-a-z0-9]+")


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def max_len(length: int) -> str:
    """``MaxLenError``."""
    return f"must be no more than {length} characters"


def _regex_error(message: str, fmt: str, *examples: str) -> str:
    """``RegexError``."""
    if not examples:
        return f"{message} (regex used for validation is '{fmt}')"
    shown = " or ".join(f"'{example}', " for example in examples)
    return f"{message} (e.g. {shown}regex used for validation is '{fmt}')"


def is_dns1123_label(value: str) -> list[str]:
    """``IsDNS1123Label`` (apimachinery/pkg/util/validation/validation.go)."""
    errors = []
    if _size(value) > 63:
        errors.append(max_len(63))
    if not _DNS1123_LABEL.fullmatch(value):
        if _DNS1123_SUBDOMAIN.fullmatch(value):
            errors.append("must not contain dots")
        else:
            errors.append(
                _regex_error(
                    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
                    "and must start and end with an alphanumeric character",
                    DNS1123_LABEL_FMT, "my-name", "123-abc",
                )
            )  # fmt: skip
    return errors


def is_dns1123_subdomain(value: str) -> list[str]:
    """``IsDNS1123Subdomain``."""
    errors = []
    if _size(value) > 253:
        errors.append(max_len(253))
    if not _DNS1123_SUBDOMAIN.fullmatch(value):
        errors.append(
            _regex_error(
                "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
                "'.', and must start and end with an alphanumeric character",
                DNS1123_SUBDOMAIN_FMT, "example.com",
            )
        )  # fmt: skip
    return errors


def is_dns1035_label(value: str) -> list[str]:
    """``IsDNS1035Label``."""
    errors = []
    if _size(value) > 63:
        errors.append(max_len(63))
    if not _DNS1035_LABEL.fullmatch(value):
        errors.append(
            _regex_error(
                "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an "
                "alphabetic character, and end with an alphanumeric character",
                DNS1035_LABEL_FMT, "my-name", "abc-123",
            )
        )  # fmt: skip
    return errors


def is_wildcard_dns1123_subdomain(value: str) -> list[str]:
    """``IsWildcardDNS1123Subdomain``."""
    errors = []
    if _size(value) > 253:
        errors.append(max_len(253))
    if not _WILDCARD_SUBDOMAIN.fullmatch(value):
        errors.append(
            _regex_error(
                "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which "
                "must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric "
                "character",
                r"\*\." + DNS1123_SUBDOMAIN_FMT, "*.example.com",
            )
        )  # fmt: skip
    return errors


def is_qualified_name(value: str) -> list[str]:
    """``IsQualifiedName``: an optional DNS subdomain prefix and ``/``, then a name of at most 63."""
    errors = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errors.append("prefix part must be non-empty")
        else:
            errors.extend(f"prefix part {msg}" for msg in is_dns1123_subdomain(prefix))
    else:
        return [
            "a qualified name "
            + _regex_error(_QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        ]
    if not name:
        errors.append("name part must be non-empty")
    elif _size(name) > 63:
        errors.append(f"name part {max_len(63)}")
    if not _QUALIFIED_NAME.fullmatch(name):
        errors.append(
            "name part "
            + _regex_error(_QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
        )
    return errors


def is_valid_label_value(value: str) -> list[str]:
    """``IsValidLabelValue``: empty, or a qualified name's name part of at most 63."""
    errors = []
    if _size(value) > 63:
        errors.append(max_len(63))
    if value and not _QUALIFIED_NAME.fullmatch(value):
        errors.append(
            _regex_error(
                "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
                "'.', and must start and end with an alphanumeric character",
                f"({QUALIFIED_NAME_FMT})?", "MyValue", "my_value", "12345",
            )
        )  # fmt: skip
    return errors


def is_valid_port_num(port: int) -> list[str]:
    """``IsValidPortNum``."""
    return [] if 1 <= port <= 65535 else ["must be between 1 and 65535, inclusive"]


def is_valid_port_name(port: str) -> list[str]:
    """``IsValidPortName`` (IANA_SVC_NAME)."""
    errors = []
    if _size(port) > 15:
        errors.append(max_len(15))
    if not _PORT_NAME_CHARSET.fullmatch(port):
        errors.append("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
    if not re.search("[a-z]", port):
        errors.append("must contain at least one letter (a-z)")
    if "--" in port:
        errors.append("must not contain consecutive hyphens")
    if port and (port[0] == "-" or port[-1] == "-"):
        errors.append("must not begin or end with a hyphen")
    return errors


def _chdir_prefix(value: str) -> list[str]:
    """``hasChDirPrefix``."""
    if value == ".":
        return ["must not be '.'"]
    if value == "..":
        return ["must not be '..'"]
    if value.startswith(".."):
        return ["must not start with '..'"]
    return []


def is_env_var_name(value: str) -> list[str]:
    """``IsEnvVarName``."""
    errors = []
    if not _ENV_VAR_NAME.fullmatch(value):
        errors.append(
            _regex_error(
                "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', "
                "or '.', and must not start with a digit",
                "[-._a-zA-Z][-._a-zA-Z0-9]*", "my.env-name", "MY_ENV.NAME", "MyEnvName1",
            )
        )  # fmt: skip
    return errors + _chdir_prefix(value)


def is_config_map_key(value: str) -> list[str]:
    """``IsConfigMapKey``."""
    errors = []
    if _size(value) > 253:
        errors.append(max_len(253))
    if not _CONFIG_MAP_KEY.fullmatch(value):
        errors.append(
            _regex_error(
                "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
                "[-._a-zA-Z0-9]+", "key.name", "KEY_NAME", "key-name",
            )
        )  # fmt: skip
    return errors + _chdir_prefix(value)


def is_http_header_name(value: str) -> list[str]:
    """``IsHTTPHeaderName``."""
    if _HTTP_HEADER_NAME.fullmatch(value):
        return []
    return [
        _regex_error(
            "a valid HTTP header must consist of alphanumeric characters or '-'",
            "[-A-Za-z0-9]+",
            "X-Header-Name",
        )
    ]


def is_valid_path_segment_name(name: str) -> list[str]:
    """``IsValidPathSegmentName`` (apimachinery/pkg/api/validation/path): RBAC object names."""
    if name in (".", ".."):
        return [f"may not be '{name}'"]
    return [f"may not contain '{bad}'" for bad in ("/", "%") if bad in name]


# Names of objects (apimachinery/pkg/api/validation/generic.go): ``prefix`` is a generateName.


def _mask_trailing_dash(name: str) -> str:
    """``maskTrailingDash``: as Go writes it, the last two bytes become ``a``."""
    if len(name) > 1 and name.endswith("-"):
        return name[:-2] + "a"
    return name


def name_is_dns_subdomain(name: str, prefix: bool = False) -> list[str]:
    """``NameIsDNSSubdomain``."""
    return is_dns1123_subdomain(_mask_trailing_dash(name) if prefix else name)


def name_is_dns_label(name: str, prefix: bool = False) -> list[str]:
    """``NameIsDNSLabel`` (also ``ValidateNamespaceName``)."""
    return is_dns1123_label(_mask_trailing_dash(name) if prefix else name)


def name_is_dns1035_label(name: str, prefix: bool = False) -> list[str]:
    """``NameIsDNS1035Label`` (``ValidateServiceName``)."""
    return is_dns1035_label(_mask_trailing_dash(name) if prefix else name)


def rbac_name(name: str, prefix: bool = False) -> list[str]:
    """``ValidateRBACName`` (pkg/apis/rbac/validation)."""
    return is_valid_path_segment_name(name)


# IP addresses and CIDRs, as k8s.io/utils/net's forked Go parser reads them
# (internal/third_party/forked/golang/net/ip.go): leading zeros allowed, masks only as /N.

_BIG = 0xFFFFFF


def _dtoi(text: str) -> tuple[int, int, bool]:
    """``dtoi``: a decimal prefix of ``text``."""
    n = 0
    i = 0
    while i < len(text) and "0" <= text[i] <= "9":
        n = n * 10 + ord(text[i]) - 48
        if n >= _BIG:
            return _BIG, i, False
        i += 1
    if i == 0:
        return 0, 0, False
    return n, i, True


def _xtoi(text: str) -> tuple[int, int, bool]:
    """``xtoi``: a hexadecimal prefix of ``text``."""
    n = 0
    i = 0
    while i < len(text) and text[i] in "0123456789abcdefABCDEF":
        n = n * 16 + int(text[i], 16)
        if n >= _BIG:
            return 0, i, False
        i += 1
    if i == 0:
        return 0, i, False
    return n, i, True


def parse_ipv4(text: str) -> bytes | None:
    """``parseIPv4``: four dotted decimals, each at most 255."""
    out = bytearray()
    for index in range(4):
        if not text:
            return None
        if index > 0:
            if text[0] != ".":
                return None
            text = text[1:]
        n, used, ok = _dtoi(text)
        if not ok or n > 0xFF:
            return None
        text = text[used:]
        out.append(n)
    return bytes(out) if not text else None


def parse_ipv6(text: str) -> bytes | None:
    """``parseIPv6``."""
    ip = bytearray(16)
    ellipsis = -1
    if len(text) >= 2 and text[0] == ":" and text[1] == ":":
        ellipsis = 0
        text = text[2:]
        if not text:
            return bytes(ip)
    i = 0
    while i < 16:
        n, used, ok = _xtoi(text)
        if not ok or n > 0xFFFF:
            return None
        if used < len(text) and text[used] == ".":
            if ellipsis < 0 and i != 12:
                return None
            if i + 4 > 16:
                return None
            ip4 = parse_ipv4(text)
            if ip4 is None:
                return None
            ip[i : i + 4] = ip4
            text = ""
            i += 4
            break
        ip[i] = n >> 8
        ip[i + 1] = n & 0xFF
        i += 2
        text = text[used:]
        if not text:
            break
        if text[0] != ":" or len(text) == 1:
            return None
        text = text[1:]
        if text[0] == ":":
            if ellipsis >= 0:
                return None
            ellipsis = i
            text = text[1:]
            if not text:
                break
    if text:
        return None
    if i < 16:
        if ellipsis < 0:
            return None
        n = 16 - i
        ip[ellipsis + n : 16] = ip[ellipsis:i]
        ip[ellipsis : ellipsis + n] = bytes(n)
    elif ellipsis >= 0:
        return None
    return bytes(ip)


def parse_ip(text: str) -> bytes | None:
    """``ParseIPSloppy`` (the forked ``net.ParseIP``): the first ``.`` or ``:`` picks the family."""
    for char in text:
        if char == ".":
            return parse_ipv4(text)
        if char == ":":
            return parse_ipv6(text)
    return None


def parse_cidr(text: str) -> bool:
    """Whether ``ParseCIDRSloppy`` (the forked ``net.ParseCIDR``) reads ``text``: an address, then
    ``/`` and a prefix length in decimal (``10.0.0.0/255.0.0.0`` is refused)."""
    slash = text.find("/")
    if slash < 0:
        return False
    address, mask = text[:slash], text[slash + 1 :]
    size = 4
    ip = parse_ipv4(address)
    if ip is None:
        size = 16
        ip = parse_ipv6(address)
    n, used, ok = _dtoi(mask)
    return ip is not None and ok and used == len(mask) and 0 <= n <= 8 * size
