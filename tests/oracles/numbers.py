"""How Go writes the numbers Helm prints, recorded from Go itself.

    python -m tests.oracles.numbers [--binary .tools/oracles/numbers]

Feeds the Go program in ``tests/oracles/numbers`` a derandomised sample of float64 values at
every magnitude (with the edges where Go changes notation) and writes its answers to
``tests/data/oracles/numbers.jsonl``, which ``test_numbers.py`` replays against chartgen.
"""

from __future__ import annotations

import argparse
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "oracles" / "numbers.jsonl"
BINARY = ROOT / ".tools" / "oracles" / "numbers"
SEED = 20261126


def sample() -> list[float]:
    """Edges of each notation, then random mantissas at every decimal exponent, then random bits."""
    rng = random.Random(SEED)
    edges = [0.0, -0.0, 1e-6, 9.999999e-7, 1e-5, 1e-4, 9.9999e-5, 1e21, 9.99999999999e20, 1e6, 999999.0]
    edges += [2.0**53, 2.0**53 + 2, 2.0**63, 2.0**64, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
    values = edges + [-v for v in edges]
    for exponent in range(-325, 309):
        for _ in range(3):
            digits = rng.choice((1, 2, 3, 8, 17))
            mantissa = rng.randrange(10 ** (digits - 1), 10**digits)
            values.append(float(f"{mantissa}e{exponent - digits + 1}") * rng.choice((1, -1)))
    while len(values) < 2500:
        (value,) = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))
        if value == value and abs(value) != float("inf"):
            values.append(value)
    return list(dict.fromkeys(v for v in values if v == v and abs(v) != float("inf")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(BINARY))
    args = parser.parse_args(argv)
    values = sample()
    done = subprocess.run(
        [args.binary], input="".join(f"{v!r}\n" for v in values), capture_output=True, text=True, check=True
    )
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == len(values)
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(f"recorded {len(rows)} numbers into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
