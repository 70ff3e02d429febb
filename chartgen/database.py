"""How the database values are read: by PostgreSQL 10 in the bundled database, and by the master.

Ports of the consumers' own code (``docs/consumers.md``), held to their recorded verdicts:

- PostgreSQL reads ``PGPORT`` (the chart passes ``db.port`` quoted) with C's ``strtol`` in base 0
  (``parse_int``, ``src/backend/utils/misc/guc.c``); the image's first start hands the same text
  to a temporary server through ``printf %q`` and ``sh``, then runs psql, whose libpq reads it in
  base 10 (``parse_int_param``, ``src/interfaces/libpq/fe-connect.c``, PostgreSQL 12 and 13).
  ``tests/oracles/test_postgres.py`` holds this to the binaries' answers.
- The master writes ``db``'s user, password, host, port and name unescaped into a URL
  (``master/internal/db/setup.go``), which its drivers parse with Go's ``net/url`` (Go 1.22):
  pgx v4.18.2 / pgconn v1.14.3 to connect, go-pg v10.10.6 for its migrations; before connecting,
  Go's resolver checks the host name (``isDomainName``). ``tests/oracles/test_masterdb.py``
  holds this to the drivers' answers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from chartgen.records import record

#: C's ``isspace`` in the server's and libpq's locale, for ASCII (no other byte is a space there).
_C_SPACE = " \t\n\v\f\r"
_INT32 = 2**31
_LONG = 2**63


def _strtol(text: str, base: int) -> tuple[int, int] | None:
    """C's ``strtol(text, &end, base)`` for base 0 or 10: the value (beyond ``long`` where it
    overflows) and the index ``end`` stops at; None where it reads no digit."""
    i, n = 0, len(text)
    while i < n and text[i] in _C_SPACE:
        i += 1
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i += 1
    if base == 0:
        if (
            text[i : i + 2] in ("0x", "0X")
            and text[i + 2 : i + 3]
            and text[i + 2] in "0123456789abcdefABCDEF"
        ):
            base, i = 16, i + 2
        else:
            base = 8 if text[i : i + 1] == "0" else 10
    digits = "0123456789abcdefABCDEF"[: base + max(0, base - 10)]
    start = i
    while i < n and text[i] in digits:
        i += 1
    if i == start:
        return None
    return sign * int(text[start:i], base), i


@record(frozen=True)
class Reading:
    """A port as a reader takes it: the number, or None and why not."""

    port: int | None
    why: str = ""


def server_port(text: str) -> Reading:
    """The port PostgreSQL 10 listens on for ``PGPORT`` ``text``: ``parse_int`` (``strtol``
    base 0, so a leading ``0`` is octal and ``0x`` hexadecimal; blanks around it; nothing else
    after it, as ``port`` has no unit; within an int), then the setting's range 1–65535. Else
    why not, to follow "PostgreSQL 10 refuses PGPORT `text`: "."""
    read = _strtol(text, 0)
    if read is None:
        return Reading(None, "it holds no number")
    value, end = read
    if not -_LONG <= value < _LONG or not -_INT32 <= value < _INT32:
        return Reading(None, "its number is beyond an integer")
    rest = text[end:].strip(_C_SPACE)
    if rest:
        return Reading(
            None,
            f"it reads the number {value}, then `{_shown(rest)}`, which a port may not carry (C's strtol reads a "
            "leading 0 as octal and 0x as hexadecimal)",
        )
    if not 1 <= value <= 65535:
        return Reading(None, f"it reads {value}, outside 1 to 65535")
    return Reading(value)


def libpq_port(text: str) -> Reading:
    """The port libpq (PostgreSQL 12 and 13, the image's) connects to for ``PGPORT`` ``text``:
    5432 when empty, else ``parse_int_param`` (``strtol`` base 10, blanks around it, nothing
    else, within an int), then 1–65535 (``connectDBStart``)."""
    if text == "":
        return Reading(5432)
    read = _strtol(text, 10)
    if read is None:
        return Reading(None, "no decimal number")
    value, end = read
    if not -_LONG <= value < _LONG or not -_INT32 <= value < _INT32 or text[end:].strip(_C_SPACE):
        return Reading(None, "no decimal number")
    if not 1 <= value <= 65535:
        return Reading(None, f"{value}, outside 1–65535")
    return Reading(value)


def first_start(pgport: str, user: str, database: str) -> str | None:
    """Why the image's first start on an empty volume fails with this ``PGPORT``, ``POSTGRES_USER``
    and ``POSTGRES_DB``; None where it succeeds (then the server listens on ``server_port``).

    In order (``docker-entrypoint.sh`` of postgres:10.14): ``initdb`` runs the server binary,
    which reads ``PGPORT``; a temporary server gets ``-p "$PGPORT"`` through ``printf %q`` and
    ``pg_ctl``'s ``sh -c``, and dash takes bash's ``$'…'`` quoting of a control character
    literally; unless the database is ``postgres``, psql then creates it, connecting to the
    port its libpq reads."""
    server = server_port(pgport)
    if server.port is None:
        return (
            f"PostgreSQL 10 refuses PGPORT `{_shown(pgport)}` (the chart passes db.port quoted): {server.why}; so "
            "the database's first initdb stops, and it never starts"
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in pgport):
        return (
            f"the image's first start passes PGPORT `{_shown(pgport)}` to its temporary server through bash's "
            "printf %q, which quotes a control character as $'…', and sh (dash) reads that as other text, which "
            "PostgreSQL refuses: the database never starts"
        )
    if (database or user or "postgres") == "postgres":
        return None
    client = libpq_port(pgport)
    if client.port == server.port:
        return None
    read = (
        f"reads it as {client.port} (decimal only), so psql finds no server there"
        if client.port is not None
        else "refuses it (decimal only), so psql stops"
    )
    return (
        f"PostgreSQL 10 listens on {server.port} for PGPORT `{_shown(pgport)}` (C's strtol: a leading 0 means "
        f"octal, 0x hexadecimal), but the image's first start then runs psql, whose libpq {read}: the database "
        f"`{database or user}` is never created"
    )


def _shown(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


# --- the master's connection ---------------------------------------------------------------------

#: The master's database settings under the chart's defaults (the bundled database's Service),
#: against which a value alone is judged.
CHART_SETTINGS = {
    "host": "determined-db-service-determined",
    "port": "5432",
    "user": "postgres",
    "password": "postgres",
    "name": "determined",
    "ssl_mode": "disable",
    "ssl_root_cert": "",
}
#: The master's URL (``master/internal/db/setup.go``, 0.35.0–0.38.1 alike).
_TEMPLATE = "postgres://{user}:{password}@{host}:{port}/{name}?application_name=determined-master&sslmode={mode}&sslrootcert={cert}"
_HEX = b"0123456789abcdefABCDEF"
#: ``net/url``'s host characters besides letters and digits (``shouldEscape``, encodeHost).
_HOST_MARKS = b"-_.~!$&'()*+,;=:[]<>\""
#: The bytes ``unescape`` takes unescaped in a host: ASCII letters and digits, the marks, and
#: every byte of a non-ASCII character.
_HOST_BYTES = bytes(b for b in range(256) if b >= 0x80 or chr(b).isalnum() or b in _HOST_MARKS)
_USERINFO_MARKS = "-._:~!$&'()*+,;=%@"


class _URLError(ValueError):
    pass


def _unescape(text: bytes, mode: str) -> bytes:
    """``net/url``'s ``unescape`` for the modes the URL uses: "host", "zone" (an IPv6 zone),
    "user", "path", "query" and "fragment"."""
    if b"%" not in text and (mode not in ("host", "zone") or not text.translate(None, _HOST_BYTES)):
        return text.replace(b"+", b" ") if mode == "query" else text
    i = 0
    while i < len(text):
        c = text[i]
        if c == ord("%"):
            if i + 2 >= len(text) or text[i + 1] not in _HEX or text[i + 2] not in _HEX:
                raise _URLError("invalid URL escape")
            if mode == "host" and int(text[i + 1 : i + 2], 16) < 8 and text[i : i + 3] != b"%25":
                raise _URLError("invalid URL escape in host")
            byte = int(text[i + 1 : i + 3], 16)
            escaped = chr(byte).isascii() and (chr(byte).isalnum() or byte in _HOST_MARKS or byte == ord(" "))
            if mode == "zone" and text[i : i + 3] != b"%25" and not escaped:
                raise _URLError("invalid URL escape in zone")
            i += 3
            continue
        if mode in ("host", "zone") and c < 0x80 and not (chr(c).isalnum() or c in _HOST_MARKS):
            raise _URLError(f"invalid character {chr(c)!r} in host name")
        i += 1
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == ord("%"):
            out.append(int(text[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(ord(" ") if text[i] == ord("+") and mode == "query" else text[i])
            i += 1
    return bytes(out)


def _valid_port(colon_port: bytes) -> bool:
    return colon_port == b"" or (colon_port[:1] == b":" and all(48 <= b <= 57 for b in colon_port[1:]))


def _parse_host(host: bytes) -> bytes:
    if host.startswith(b"["):
        end = host.rfind(b"]")
        if end < 0:
            raise _URLError("missing ']' in host")
        if not _valid_port(host[end + 1 :]):
            raise _URLError("invalid port after host")
        zone = host[:end].find(b"%25")
        if zone >= 0:
            return (
                _unescape(host[:zone], "host")
                + _unescape(host[zone:end], "zone")
                + _unescape(host[end:], "host")
            )
    elif (colon := host.rfind(b":")) != -1 and not _valid_port(host[colon:]):
        raise _URLError("invalid port after host")
    return _unescape(host, "host")


@record(frozen=True)
class _URL:
    user: bytes | None
    password: bytes | None
    host: bytes
    path: bytes
    query: bytes


def _parse_url(raw: bytes) -> _URL:
    """Go 1.22 ``url.Parse`` of a ``postgres://`` URL (``net/url/url.go``: ``Parse``, ``parse``,
    ``parseAuthority``, ``parseHost``, ``unescape``)."""
    raw, _, fragment = raw.partition(b"#")
    if any(b < 0x20 or b == 0x7F for b in raw):
        raise _URLError("invalid control character in URL")
    rest = raw[len(b"postgres:") :]
    if rest.endswith(b"?") and rest.count(b"?") == 1:
        rest, query = rest[:-1], b""
    else:
        rest, _, query = rest.partition(b"?")
    user = password = None
    host = b""
    if rest.startswith(b"//"):
        authority, slash, path = rest[2:].partition(b"/")
        rest = slash + path
        at = authority.rfind(b"@")
        host = _parse_host(authority[at + 1 :] if at >= 0 else authority)
        if at >= 0:
            userinfo = authority[:at].decode("utf-8", "surrogateescape")
            if not all(c.isascii() and (c.isalnum() or c in _USERINFO_MARKS) for c in userinfo):
                raise _URLError("invalid userinfo")
            name, colon, secret = authority[:at].partition(b":")
            user = _unescape(name, "user")
            password = _unescape(secret, "user") if colon else None
    path = _unescape(rest, "path")
    if fragment:
        _unescape(fragment, "fragment")
    return _URL(user, password, host, path, query)


def _query(query: bytes) -> tuple[dict[bytes, bytes], bool]:
    """``url.ParseQuery``: the first value of each key, and whether it met an error (a pair
    with a ``;`` or a bad escape, which ``url.Query`` skips and go-pg refuses)."""
    found: dict[bytes, bytes] = {}
    failed = False
    for pair in query.split(b"&"):
        if b";" in pair:
            failed = True
            continue
        if not pair:
            continue
        key, _, value = pair.partition(b"=")
        try:
            key, value = _unescape(key, "query"), _unescape(value, "query")
        except _URLError:
            failed = True
            continue
        found.setdefault(key, value)
    return found, failed


def _go_ip(text: str) -> bool:
    """Go's ``netip.ParseAddr`` accepts ``text``. An IPv4 address starts with a digit, and an
    IPv6 one is hex digits, ``:`` and ``.`` up to its zone: any other text (a host name, with
    its port or not) is none without importing ``ipaddress``."""
    head = text.partition("%")[0]
    if not head[:1].isdigit() and not (":" in head and not head.strip("0123456789abcdefABCDEF:.")):
        return False
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _split_host_port(hostport: bytes) -> tuple[bytes, bytes]:
    """Go's ``net.SplitHostPort``."""
    colon = hostport.rfind(b":")
    if colon < 0:
        raise _URLError("missing port in address")
    start, after = 0, 0
    if hostport.startswith(b"["):
        end = hostport.find(b"]")
        if end < 0:
            raise _URLError("missing ']' in address")
        if end + 1 == len(hostport):
            raise _URLError("missing port in address")
        if end + 1 != colon:
            raise _URLError(
                "too many colons in address"
                if hostport[end + 1 : end + 2] == b":"
                else "missing port in address"
            )
        host, start, after = hostport[1:end], 1, end + 1
    else:
        host = hostport[:colon]
        if b":" in host:
            raise _URLError("too many colons in address")
    if b"[" in hostport[start:]:
        raise _URLError("unexpected '[' in address")
    if b"]" in hostport[after:]:
        raise _URLError("unexpected ']' in address")
    return host, hostport[colon + 1 :]


def _parse_uint16(text: bytes) -> int | None:
    """``strconv.ParseUint(text, 10, 16)`` (pgconn ``parsePort``, then 1–65535)."""
    if not text or not all(48 <= b <= 57 for b in text) or int(text) > 65535 or int(text) < 1:
        return None
    return int(text)


def go_domain_name(name: str) -> bool:
    """Go's ``isDomainName`` (``net/dnsclient.go``), Go 1.22: the name check of its resolver."""
    if name == ".":
        return True
    data = name.encode("utf-8", "surrogateescape")
    if not data or len(data) > 254 or (len(data) == 254 and data[-1:] != b"."):
        return False
    last, non_numeric, part = ord("."), False, 0
    for c in data:
        if chr(c).isascii() and (chr(c).isalpha() or c == ord("_")):
            non_numeric, part = True, part + 1
        elif 48 <= c <= 57:
            part += 1
        elif c == ord("-"):
            if last == ord("."):
                return False
            non_numeric, part = True, part + 1
        elif c == ord("."):
            if last in (ord("."), ord("-")) or part > 63 or part == 0:
                return False
            part = 0
        else:
            return False
        last = c
    return last != ord("-") and part <= 63 and non_numeric


def name_refused(host: str) -> bool:
    """Go's resolver refuses ``host`` before asking DNS (``LookupHost``: not empty, an IP
    address, or a name ``isDomainName`` takes and not ``.onion``, ``avoidDNS``); a name in the
    master's ``/etc/hosts`` is not known here."""
    if _go_ip(host):
        return False
    bare = host[:-1] if host.endswith(".") else host
    return not go_domain_name(host) or bare.lower().endswith(".onion")


@record(frozen=True)
class Connection:
    """What the master's drivers make of its ``db`` settings, as ``tests/oracles/masterdb``
    answers: pgx's parse (``error`` empty where it accepts) and what it reads, whether Go's
    resolver refuses the host name, and go-pg's parse for the migrations with the port its
    dialer reads."""

    error: str
    host: str = ""
    port: int = 0
    user: str = ""
    password: str = ""
    database: str = ""
    name_refused: bool = False
    migrations: str = ""
    dial_port: int = -1

    def refusals(self, given: Mapping[str, str]) -> list[str]:
        """Why the master cannot connect with the ``given`` settings, if it cannot."""
        found = [self.error] if self.error else []
        if not self.error:
            read = {"user": self.user, "password": self.password, "name": self.database}
            found += [
                f"pgx reads the URL's {'database' if key == 'name' else key} as another than written"
                for key, value in read.items()
                if value != given.get(key, "")
            ]
            if self.host != given.get("host", "") or (given.get("port") and str(self.port) != given["port"]):
                found.append(
                    f"pgx connects to `{_shown(self.host)}` port {self.port}, not to what is written"
                )
            if self.name_refused:
                found.append(f"Go's resolver refuses the host name `{_shown(self.host)}` before asking DNS")
        if self.migrations:
            found.append(f"go-pg, which runs the master's migrations, {self.migrations}")
        elif self.dial_port < 0:
            found.append("go-pg, which runs the master's migrations, cannot split the URL's host and port")
        elif self.dial_port == 0:
            found.append("go-pg, which runs the master's migrations, dials port 0: no port is written")
        return found


_SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
_GO_BOOLS = ("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False")


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def connection(settings: Mapping[str, str]) -> Connection:
    """The master's connection for ``settings``, the strings its config holds (``host``,
    ``port``, ``user``, ``password``, ``name``, ``ssl_mode``, ``ssl_root_cert``): pgx's parse
    (``pgx.ParseConfig``, pgconn ``ParseConfigWithOptions`` and ``parseURLSettings``), Go's
    name check of the host (``lookupFn`` in ``expandWithIPs``), then go-pg's parse of the same
    URL for the migrations (``makeGoPgOpts``). The root certificate is on the master's disk:
    whether it reads is not judged here."""
    return _connection(tuple(settings.get(key, "") for key in _SETTINGS))


_SETTINGS = ("user", "password", "host", "port", "name", "ssl_mode", "ssl_root_cert")


@functools.lru_cache(maxsize=64)
def _connection(values: tuple[str, ...]) -> Connection:
    """``connection``, once per settings: a lint judges each value on the chart's defaults for
    the others, which repeat across values and files."""
    given = dict(zip(_SETTINGS, values, strict=True))
    raw = _TEMPLATE.format(
        user=given["user"], password=given["password"], host=given["host"], port=given["port"],
        name=given["name"], mode=given["ssl_mode"], cert=given["ssl_root_cert"],
    ).encode("utf-8", "surrogateescape")  # fmt: skip
    migrations, dial_port = _migrations(raw)
    try:
        read = _pgx(raw)
    except _URLError as error:
        return Connection(
            f"pgx, the master's driver, refuses the URL the master builds ({error})",
            migrations=migrations,
            dial_port=dial_port,
        )
    hosts = read["host"].split(",")
    refused = any(not host.startswith("/") and name_refused(host) for host in hosts)
    return Connection(
        "",
        hosts[0],
        int(read["port"]),
        read["user"],
        read["password"],
        read["database"],
        refused,
        migrations,
        dial_port,
    )


def _pgx(raw: bytes) -> dict[str, str]:
    """pgx v4.18.2's ``ParseConfig``: the settings it connects with, or ``_URLError``."""
    url = _parse_url(raw)
    settings = {"host": "/tmp", "port": "5432", "target_session_attrs": "any", "min_read_buffer_size": "8192"}
    # pgconn's defaults (defaultSettings): the first socket directory that exists, /tmp in the
    # master's image (ubuntu, no PostgreSQL), and the process's user, root there (master/Dockerfile
    # sets no USER).
    settings["user"] = "root"
    if url.user is not None:
        settings["user"] = _text(url.user)
        if url.password is not None:
            settings["password"] = _text(url.password)
    hosts, ports = [], []
    for part in url.host.split(b","):
        if not part:
            continue
        stripped = _text(part.strip(b"[]"))
        if b":" not in part or (_go_ip(stripped) and "%" not in stripped):
            hosts.append(stripped)
            continue
        name, number = _split_host_port(part)
        if name:
            hosts.append(_text(name))
        if number:
            ports.append(_text(number))
    if hosts:
        settings["host"] = ",".join(hosts)
    if ports:
        settings["port"] = ",".join(ports)
    database = _text(url.path.lstrip(b"/"))
    if database:
        settings["database"] = database
    for key, value in _query(url.query)[0].items():
        settings["database" if key == b"dbname" else _text(key)] = _text(value)
    if "service" in settings:  # read from ~/.pg_service.conf, which the master's image has not
        raise _URLError("failed to read service")
    if (
        not re.fullmatch(r"[-+]?[0-9]+", settings["min_read_buffer_size"])
        or not -_INT32 <= int(settings["min_read_buffer_size"]) < _INT32
    ):
        raise _URLError("cannot parse min_read_buffer_size")
    timeout = settings.get("connect_timeout")
    if timeout is not None and (not re.fullmatch(r"[-+]?[0-9]+", timeout) or int(timeout) < 0):
        raise _URLError("invalid connect_timeout")
    host_list, port_list = settings["host"].split(","), settings["port"].split(",")
    for index, host in enumerate(host_list):
        port = port_list[index] if index < len(port_list) else port_list[0]
        if _parse_uint16(port.encode("utf-8", "surrogateescape")) is None:
            raise _URLError("invalid port")
        mode = settings.get("sslmode", "") or "prefer"
        if not host.startswith("/") and mode not in _SSL_MODES:
            raise _URLError("sslmode is invalid")
    settings["port"] = port_list[0]
    if settings["target_session_attrs"] not in (
        "read-write",
        "read-only",
        "primary",
        "standby",
        "prefer-standby",
        "any",
    ):
        raise _URLError("unknown target_session_attrs value")
    capacity = settings.get("statement_cache_capacity")
    if capacity is not None and (
        not re.fullmatch(r"[-+]?[0-9]+", capacity) or not -_INT32 <= int(capacity) < _INT32
    ):
        raise _URLError("cannot parse statement_cache_capacity")
    if settings.get("statement_cache_mode", "prepare") not in ("prepare", "describe"):
        raise _URLError("invalid statement_cache_mode")
    if settings.get("prefer_simple_protocol", "true") not in _GO_BOOLS:
        raise _URLError("invalid prefer_simple_protocol")
    return {k: settings.get(k, "") for k in ("host", "port", "user", "password", "database")}


_ROOT_CERT = re.compile(rb"&sslrootcert=[^&]*")


def _migrations(raw: bytes) -> tuple[str, int]:
    """go-pg's reading of the URL for the master's migrations (``makeGoPgOpts``: the root
    certificate parameter cut out, then ``pg.ParseURL``): why it refuses it (empty where it
    does not), and the port its dialer reads from the address (0 for none; -1 where it
    cannot split the address)."""
    try:
        url = _parse_url(_ROOT_CERT.sub(b"", raw))
    except _URLError as error:
        return f"refuses the URL ({error})", -1
    query, failed = _query(url.query)
    if not url.path.strip(b"/"):
        return "finds no database name in the URL", -1
    if failed:
        return "refuses the URL's query", -1
    mode = query.pop(b"sslmode", None)
    if mode is not None and _text(mode) not in _SSL_MODES:
        return "refuses its sslmode", -1
    query.pop(b"application_name", None)
    timeout = query.pop(b"connect_timeout", None)
    if timeout is not None and not re.fullmatch(rb"[-+]?[0-9]+", timeout):
        return "refuses its connect_timeout", -1
    if query:
        return "refuses URL options other than sslmode and application_name", -1
    addr = url.host if b":" in url.host else url.host + b":5432"
    try:
        _, dial = _split_host_port(addr)
    except _URLError:
        return "", -1
    # Go's dialer reads the port with LookupPort (net/port.go parsePort): empty is 0, above
    # 65535 refused; the URL's port holds digits only (validOptionalPort).
    return "", int(dial) if dial and int(dial) <= 65535 else 0 if not dial else -1


# --- the master's view of master.yaml's db section ----------------------------------------------


def go_format_float(value: float) -> str:
    """Go's ``strconv.FormatFloat(value, 'f', -1, 64)``: the shortest digits, never an exponent."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "+Inf" if value > 0 else "-Inf"
    if value.is_integer() and abs(value) < 1e15 and repr(value) != "-0.0":
        return str(int(value))  # its shortest digits are all its digits (every YAML port)
    from decimal import Decimal

    text = format(Decimal(repr(value)), "f")
    return text[:-2] if text.endswith(".0") else text


def cast_string(read: object) -> str:
    """spf13/cast v1.4.1 ``ToString`` of what the master holds after ghodss/yaml (every number a
    float64): the string the master's ``db`` settings hold (viper casts ``db.*`` to strings); a
    list or mapping, which ``ToStringE`` refuses, is the empty string."""
    if read is None or isinstance(read, list | dict):
        return ""
    if isinstance(read, bool):
        return "true" if read else "false"
    if isinstance(read, int | float):
        return go_format_float(float(read))
    return str(read)
