"""What the master makes of text written bare at a viper-cast integer key, recorded from its code.

    python -m tests.oracles.casts [--binary .tools/oracles/masterdecode]

Feeds the master-decode oracle (``tests/oracles/master``) a ``master.yaml`` per text, with the
text written bare as ``security.default_task.gid``, and writes what the master read (or why it
stopped) to ``tests/data/oracles/casts.jsonl``, which ``test_casts.py`` replays against
``chartgen.validation.writes.viper_int``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tests.oracles.consumers import answers

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "oracles" / "casts.jsonl"
BINARY = ROOT / ".tools" / "oracles" / "masterdecode"
SEED = 20261126
RELEASES = ("0.35.0", "0.38.1")


def sample() -> list[str]:
    """Words, numbers in every spelling go-yaml and Go's ParseInt know, and text near them."""
    rng = random.Random(SEED)
    texts = ["abc", "0", "-0", "+7", "12", "012", "08", "0x1F", "0X1f", "0o17", "0b101", "1_000", "0x_1F",
             "1__0", "_1", "1_", "1.5", "-1.5", "2.9", "1e3", "1.0e+3", "4e0", ".5", "-.5", "1e400",
             "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
             "true", "false", "yes", "no", "on", "off", "y", "n", "~", "null", ".inf", "-.inf", ".nan",
             "12abc", "abc12", "0x", "0o", "0b2", "1-2", "1:30", "2024-01-01", "1,000", "١٢", "Str0ng-Passw0rd"]  # fmt: skip
    alphabet = "0123456789_+-.xobeXOBE"
    while len(texts) < 400:
        texts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6))))
    return list(dict.fromkeys(t for t in texts if t.strip() == t and ": " not in t and " #" not in t))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(BINARY))
    args = parser.parse_args(argv)
    texts = sample()
    requests = [
        {
            "id": f"{release}:{text}",
            "release": release,
            "master_yaml": f"security:\n  default_task:\n    user: u\n    group: g\n    gid: {text}\n",
            "edition": "oss",
        }
        for release in RELEASES
        for text in texts
    ]
    rows = []
    for request, answer in zip(requests, answers(args.binary, requests), strict=True):
        task = (answer.get("config") or {}).get("security", {}).get("default_task", {})
        release, text = request["id"].split(":", 1)
        rows.append(
            {
                "release": release,
                "text": text,
                "ok": answer["ok"],
                "stage": answer["stage"],
                "gid": task.get("gid"),
            }
        )
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n" for row in rows))
    print(f"recorded {len(rows)} casts into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
