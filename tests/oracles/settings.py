"""What the master holds of ``master.yaml`` before decoding it, recorded from its code.

    python -m tests.oracles.settings [--binary .tools/oracles/masterdecode]

Feeds the master-decode oracle (``tests/oracles/master``) variants of one ``master.yaml``: null
leaves, mappings of nulls, empty mappings and lists, keys in capitals or with dots, task pod
specs holding nulls. It writes each variant with a digest of the configuration the master
decoded (or why it stopped) to ``tests/data/oracles/settings.jsonl``, which ``test_settings.py``
replays against ``chartgen.validation.writes.master_settings``: two variants that it holds the
same must decode to the same configuration, and two it holds apart to different ones.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
from pathlib import Path

from tests.oracles.consumers import answers

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "oracles" / "settings.jsonl"
BINARY = ROOT / ".tools" / "oracles" / "masterdecode"
RELEASES = ("0.35.0", "0.38.1")

#: The base every variant adds one section to.
BASE = "db:\n  host: db\n  port: 5432\n"
#: Sections the master reads, each written several ways.
SECTIONS = {
    "pools": [
        "", "resource_pools:\n", "resource_pools: {}\n", "resource_pools: []\n",
        "resource_pools:\n  pool_name: null\n", "resource_pools:\n  description: null\n  pool_name: null\n",
        "resource_pools:\n  pool_name: x\n", "resource_pools:\n  a:\n    b: null\n",
        "resource_pools:\n- pool_name: default\n", "resource_pools:\n- pool_name: default\n  description: null\n",
        "resource_pools:\n- null\n",
    ],
    "log": [
        "", "log:\n", "log: {}\n", "log:\n  level: null\n", "log:\n  level: debug\n", "Log:\n  Level: debug\n",
        "log:\n  LEVEL: debug\n", "log.level: debug\n", "log:\n  level: debug\n  color: null\n",
        "log:\n  color: false\n", "log:\n  color: null\n  level: null\n",
    ],
    "tasks": [
        "", "task_container_defaults: {}\n", "task_container_defaults:\n  shm_size_bytes: null\n",
        "task_container_defaults:\n  shm_size_bytes: 1024\n", "Task_Container_Defaults:\n  SHM_size_bytes: 1024\n",
        "task_container_defaults:\n  cpu_pod_spec: null\n",
        "task_container_defaults:\n  cpu_pod_spec:\n    metadata:\n      labels:\n        a: null\n",
        "task_container_defaults:\n  cpu_pod_spec:\n    metadata:\n      labels:\n        A: b\n",
        "task_container_defaults:\n  cpu_pod_spec:\n    metadata:\n      labels:\n        a: b\n",
        "task_container_defaults:\n  shm_size_bytes: 1024\n  cpu_pod_spec: {}\n",
    ],
    "security": [
        "", "security:\n  default_task: null\n", "security:\n  default_task:\n    uid: null\n",
        "security:\n  default_task:\n    uid: 7\n", "security:\n  default_task:\n    UID: 7\n",
        "security:\n  default_task: {uid: 7, user: null}\n", "security:\n  tls: {}\n",
    ],
}  # fmt: skip


def variants() -> list[str]:
    """The base with one way of each of two sections: every pair within a section compared."""
    texts = [BASE + a + b for a, b in itertools.product(SECTIONS["pools"], SECTIONS["log"])]
    texts += [BASE + a + b for a, b in itertools.product(SECTIONS["tasks"], SECTIONS["security"])]
    return list(dict.fromkeys(texts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(BINARY))
    args = parser.parse_args(argv)
    requests = [
        {"id": f"{release}:{index}", "release": release, "master_yaml": text, "edition": "oss"}
        for release in RELEASES
        for index, text in enumerate(variants())
    ]
    rows = []
    for request, answer in zip(requests, answers(args.binary, requests), strict=True):
        config = json.dumps(answer.get("config"), sort_keys=True)
        outcome = config if answer["ok"] else f"{answer['stage']}: {answer['error']}"
        rows.append(
            {
                "release": request["release"],
                "text": request["master_yaml"],
                "ok": answer["ok"],
                "decoded": hashlib.sha256(outcome.encode()).hexdigest()[:16],
            }
        )
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(f"recorded {len(rows)} master.yaml variants into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
