"""What the API server makes of text written as a Kubernetes quantity, recorded from its code.

    python -m tests.oracles.quantities [--kubevalidate .tools/oracles/kubevalidate]
                                       [--parsequantity .tools/oracles/parsequantity]

For each text of a derandomised sample (signs, zeros, dots, every suffix, exponents, junk,
blanks, long numerals, other scripts' digits), asks the API-server oracle (``tests/oracles/kube``)
whether it takes a manifest stream with the text as a Pod's ``requests.cpu``, another Pod's
``limits.memory`` and a PersistentVolumeClaim's ``requests.storage`` (as Helm sends them: each
document turned into JSON by sigs.k8s.io/yaml), and the ``parsequantity`` oracle
(``tests/oracles/parsequantity``: apimachinery's ``Quantity.UnmarshalJSON``) what amount it
reads. Writes ``tests/data/oracles/quantities.jsonl``, which ``test_quantities.py`` replays
against ``chartgen.kubeapi.quantity`` and the value formats of ``chartgen.quantities``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from tests.oracles.consumers import answers

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "oracles" / "quantities.jsonl"
KUBEVALIDATE = ROOT / ".tools" / "oracles" / "kubevalidate"
PARSEQUANTITY = ROOT / ".tools" / "oracles" / "parsequantity"
SEED = 20261126

SIGNS = ("", "+", "-")
NUMERALS = ("", "0", "00", "1", "01", "007", "1.", "0.", ".", ".5", ".05", "0.0", "1.5", "007.50", "12.000",
            "999999999999999999", "123456789012345678", "1234567890123456789", "0.123456789012345678",
            "1.0000000001", "99999999999999")  # fmt: skip
SUFFIXES = ("", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "K", "i", "e",
            "E", "e3", "E3", "e+3", "E-3", "e-9", "e-10", "e0", "e-0", "e18", "e19", "e400", "e-400", "ee3",
            "Ki5", "mi", "KiB", "B", "x", "e3.5", "e+", "e-", "MM", "kK", "nm")  # fmt: skip
EDGES = ["0", "x", "1x", "", " ", "  ", "500m", "8Gi", "8GB", "8gi", "8 Gi", "2 cores", "1.2.3", "1..2", "..", "+-1",
         "-+1", "--1", "++1", "1-", "1+", "1e3e3", "1e3m", "1m3", "1.5e3Ki", "0x10", "1_000", "1,000", "١٢",
         "１２", "١", "²", "Ⅻ", "1٢", "1e١", "∞", "inf", "NaN", "nan", "true", "null", "1E", "1P", "1EE", "1Ei",
         "9Ei", "8Ei", "7.99Ei", "16Ei", "1Pi", "1.5Pi", "123456789Ti", "99Ti", "100Ti", ".Pi", "Pi", "Ei", "0Pi",
         "+Pi", "-Ei", "e-10", "+e-10", ".e-10", "0e-10", "m-10", "n-1", "1e-4294967296", "1e4294967296",
         "1e4294967295", "-1e-4294967296", "1e9223372036854775807",
         "1e9223372036854775808", "1e-9223372036854775808", "1e-9223372036854775809", "1e00000000000000000003",
         "1e+00000000000000000000000003", " 1", "1 ", "\t1", "1\t", "\n1", "1\n", "\r1", "\v1", "\f1", "\xa01",
         "1\xa0", "\x851", "\u30001", "1\u3000", "\u20001", "\u200a1", "\u200b1", "\u20281", "1\u2029",
         "\u202f1", "\u205f1", "\u16801", "\ufeff1", "\x1c1", " 1 ", " +1m ", " -1 ", "1 m", "1m ", "<1>", "1&",
         '"1"', "'1'", "\\1", "1/2", "%1", "1%"]  # fmt: skip
#: Amounts the parser reads (a scale wrapped round int32 to a power of ten of two billion
#: digits) but that the API server's validation would spend hours expanding: parsed only.
PARSE_ONLY = ["1.000001e-2147483643", "1e2147483647", "-1e2147483647"]
#: An exponent of this many digits or more is left to the curated edges: Go's amount then holds
#: a power of ten as long as the exponent says, which the API server's comparisons expand.
_LONG_EXPONENT = re.compile(r"[eE][-+]?0*[0-9]{5}")


def sample() -> list[str]:
    """The edges, every sign, numeral and suffix combined, long numerals, then random text."""
    rng = random.Random(SEED)
    texts = list(EDGES)
    texts += [sign + numeral + suffix for sign in SIGNS for numeral in NUMERALS for suffix in SUFFIXES]
    for length in (17, 18, 19, 20, 30, 64, 400, 401, 1000, 5000):
        digits = "".join(rng.choice("123456789") for _ in range(length))
        texts += [
            digits,
            digits + "m",
            digits + "Ki",
            "0." + digits,
            "0." + digits + "Ei",
            digits + "e-" + str(length),
        ]
        texts += ["0" * length + "1", "0" * length, "1." + "0" * length + "1", "." + "0" * length + "1n"]
    alphabet = "0123456789.+-eEinumkKMGTPx "
    while len(texts) < 2600:
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        if not _LONG_EXPONENT.search(text):
            texts.append(text)
    return list(dict.fromkeys(texts))


def _yaml_string(text: str) -> str:
    """A YAML double-quoted scalar that reads back as exactly ``text``."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        else:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def manifests(text: str) -> str:
    """A Pod requesting ``text`` CPUs, a Pod limited to ``text`` of memory, and a claim of
    ``text`` storage, as a manifest stream."""
    quoted = _yaml_string(text)
    pod = (
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\nspec:\n  containers:\n"
        "  - name: c\n    image: i\n    resources:\n      {field}: {quoted}\n"
    )
    claim = (
        "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: storage\nspec:\n"
        "  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: {quoted}\n"
    )
    return "---\n".join(
        [
            pod.format(name="cpu", field="requests:\n        cpu", quoted=quoted),
            pod.format(name="memory", field="limits:\n        memory", quoted=quoted),
            claim.format(quoted=quoted),
        ]
    )


def _verdict(result: dict[str, Any]) -> tuple[bool | None, str | None]:
    errors = result["errors"]
    return not errors, "; ".join(f"{e['field']}: {e['detail']}".lstrip(": ") for e in errors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kubevalidate", default=str(KUBEVALIDATE))
    parser.add_argument("--parsequantity", default=str(PARSEQUANTITY))
    args = parser.parse_args(argv)
    texts = sample()
    checked = answers(
        args.kubevalidate, [{"id": str(i), "manifests": manifests(t)} for i, t in enumerate(texts)]
    )
    unchecked: dict[str, Any] = {"results": []}
    parsed = answers(args.parsequantity, [{"text": t} for t in texts + PARSE_ONLY])
    rows = []
    for text, answer, reading in zip(
        texts + PARSE_ONLY, checked + [unchecked] * len(PARSE_ONLY), parsed, strict=True
    ):
        assert not answer.get("error"), answer
        by_name = {result["name"]: _verdict(result) for result in answer["results"]}
        none = (None, None)
        rows.append(
            {
                "text": text,
                "accepted": by_name.get("cpu", none)[0],
                "error": by_name.get("cpu", none)[1],
                "memory_accepted": by_name.get("memory", none)[0],
                "memory_error": by_name.get("memory", none)[1],
                "storage_accepted": by_name.get("storage", none)[0],
                "storage_error": by_name.get("storage", none)[1],
                "parsed": reading["ok"],
                "value": reading["value"],
                "float": reading["float"],
            }
        )
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(f"recorded {len(rows)} quantities into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
