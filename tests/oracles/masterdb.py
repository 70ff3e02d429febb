"""Record what the master's database drivers make of ``db`` settings (``tests/oracles/masterdb``).

    python -m tests.oracles.masterdb

The oracle (``make oracles`` builds it) builds the URL exactly as the master does and answers
with pgx's parse, Go's name check of the host and go-pg's parse for the migrations. Spellings of
each setting, one at a time on the chart's defaults, go to ``tests/data/oracles/masterdb.jsonl``
for ``test_masterdb.py`` to hold ``chartgen.database.connection`` to, without Go.
"""

from __future__ import annotations

import json
import sys
import tempfile
from typing import Any

from chartgen.database import CHART_SETTINGS
from tests.oracles.consumers import ROOT, TOOLS, LineProcess

RECORDS = ROOT / "tests" / "data" / "oracles" / "masterdb.jsonl"

#: Text of every kind a setting can hold (the master's settings are strings: a number in
#: master.yaml is cast to its digits): URL syntax, escapes, blanks, control characters,
#: non-ASCII text, and the host names and addresses Go's resolver takes or refuses.
TEXTS = [
    "", "x", "p@ss", "p:ss", "p/ss", "p?ss", "p#ss", "p%41", "p%zz", "p%", "p ss", "é", "p&ss", "p=ss",
    "p+ss", "p;ss", "p,ss", "<myPassword>", "${VAR}", "`x`", "'q'", 'a"b', "x #y", "-", "|", ">", "%x",
    "a\tb", "a\nb", "[a]", "{a: 1}", "map[a:1]", "true", "1.5", "1e+21", "a\\b", "a^b", "a~b", "a!b", "a*b",
    "a(b)", "a$b", "?", "#", "@", ":", "/", "%25", "%2F", "a b", "Str0ng-Passw0rd", "db?sslmode=verify-full",
    "db?connect_timeout=x", "db?target_session_attrs=x", "db&x=1", "/x", "a/b",
]  # fmt: skip
HOSTS = [
    "pg.example.com", "pg.example.com.", "PG.Example.COM", "a..b", "-a", "a-", "a_b", "_a", "1234", "1.2.3.4",
    "010.0.0.1", "256.0.0.1", "1.2.3", "::1", "[::1]", "[::1]:5432", "fe80::1%eth0", "[fe80::1%25eth0]",
    "x.onion", "x.ONION.", "a" * 63 + ".b", "a" * 64 + ".b", ("a" * 62 + ".") * 4 + "a", "a.b,c.d", "localhost",
    "/var/run/postgresql", "a%41", "a%C3%A9", "a'b", "a b", "a:5432", "a:b", "0", "0x10", "[fe80::1%25%41]",
    "[fe80::1%25%C3%A9]", "[fe80::1%25a%20b]", "[fe80::1%25a%2Fb]", "[::1", "a]b",
]  # fmt: skip
PORTS = [
    "", "5432", "8080", "1", "65535", "0", "65536", "-1", "08080", "abc", "8080.5", "1e+21", "+Inf", "NaN",
    " 8080", "8080 ", "1,2",
]  # fmt: skip
MODES = [
    ("disable", ""), ("require", ""), ("verify-full", "/mount/determined/secrets/root.crt"), ("bogus", ""), ("", ""),
]  # fmt: skip


def requests() -> list[dict[str, str]]:
    found = []
    for key in ("user", "password", "name", "host"):
        found += [{**CHART_SETTINGS, key: text} for text in TEXTS]
    found += [{**CHART_SETTINGS, "host": host} for host in HOSTS]
    found += [{**CHART_SETTINGS, "port": port} for port in PORTS]
    found += [{**CHART_SETTINGS, "host": "pg.example.com", "port": port} for port in ("", "5432")]
    found += [{**CHART_SETTINGS, "ssl_mode": mode, "ssl_root_cert": cert} for mode, cert in MODES]
    return found


def record() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as home:
        oracle = LineProcess(TOOLS / "masterdb", env={"HOME": home, "PATH": "/usr/bin:/bin"})
        try:
            rows = []
            for given in requests():
                answer = oracle.ask({"id": "", "db": given})
                del answer["id"]
                rows.append({"given": given, **answer})
        finally:
            oracle.close()
    return rows


def main() -> int:
    rows = record()
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows))
    print(f"recorded {len(rows)} db settings in {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
