"""What the kubelet makes of a container's image, recorded from its code.

    python -m tests.oracles.imagenames [--imagename .tools/oracles/imagename]

For each text of a derandomised sample (registries, ports, path components with every separator
at every end, tags and digests of every length around the limits, upper case, blanks, ``[``,
other scripts (some of them lower-cased to ASCII), names around 255 characters, Go's ``%v`` of lists and maps, random text), asks the
``imagename`` oracle (``tests/oracles/imagename``: Kubernetes v1.28.3's ``parsers.ParseImageName``)
whether the kubelet takes it and which repository, tag and digest it reads. Writes
``tests/data/oracles/imagenames.jsonl``, which ``test_imagenames.py`` replays against
``chartgen.images``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys

from tests.oracles.consumers import ROOT, TOOLS, answers

RECORDS = ROOT / "tests" / "data" / "oracles" / "imagenames.jsonl"
SEED = 20261126

HEX = "0123456789abcdef"
DOMAINS = ("", "localhost", "localhost:5000", "LOCALHOST", "localhostx", "docker.io", "index.docker.io",
           "registry.example.com", "Registry.Example.COM", "reg:5000", "reg:", "reg:x", "reg:5000:1", "-reg.io",
           "reg-.io", "reg--x.io", "reg..io", ".reg.io", "reg.io.", "a_b.c", "127.0.0.1:5000", "[::1]:5000",
           "xn--bcher-kva.example", "reg.io:0", "REG", "my reg.io", "ä.io", "a.b.c.d.e", "1.2", "r.io:65536")  # fmt: skip
PATHS = ("ubuntu", "library/ubuntu", "determinedai/determined-master", "a", "0", "a/b/c/d/e/f/g", "A", "aB",
         "a_b", "a__b", "a___b", "a.b", "a..b", "a-b", "a--b", "a---b", "-a", "a-", ".a", "a.", "_a", "a_", "a/",
         "/a", "a//b", "a b", "[1]", "map[a:1]", "ä", "İ", "\u212a", "a.-b", "a-.b", "a._b", "a_.b", "a-_b",
         "a/B", "a/-b", "a/b_", "a:b/c", "a@b", "")  # fmt: skip
TAGS = (None, "", "latest", "0.38.1", "v1", "V1", "_x", ".x", "-x", "x.", "x-", "x" * 127, "x" * 128, "x" * 129,
        "1 2", "[1]", "a:b", "a/b", "ä", "<nil>", "1e+06", "true", "map[a:1]", "0.38.2-dev0", "a@b", "a+b")  # fmt: skip
DIGESTS = (None, "", "sha256:" + "a" * 64, "sha256:" + "a" * 63, "sha256:" + "a" * 65, "sha256:" + "A" * 64,
           "sha384:" + "b" * 96, "sha512:" + "c" * 128, "sha512:" + "c" * 64, "md5:" + "d" * 32,
           "SHA256:" + "a" * 64, "sha256+b64:" + "a" * 64, "sha256:" + "a" * 32, "sha256:" + "a" * 31,
           "sha256:", "sha256:" + "g" * 64, "a.b:" + "0" * 32, "a-:" + "0" * 32, "a1_b2:" + "0" * 40,
           ":" + "0" * 64, "sha256:" + "a" * 64 + "@x")  # fmt: skip
EDGES = ["", " ", "\t", " ubuntu", "ubuntu ", "ubuntu\n", "\nubuntu", "\xa0ubuntu", "ubuntu:\u3000", "a" * 64,
         HEX * 4, HEX * 4 + "0", HEX * 4 + ":x", (HEX * 4)[:-1], (HEX * 4).upper(), "sha256:" + HEX * 4,
         "@sha256:" + HEX * 4, ":tag", "@", ":", "/", "//", "a:b:c", "a@b@c", "postgres:14", "postgres:14.9",
         "ubuntu", "bitnami/postgresql:15", "determinedai/pytorch-ngc:0.38.1", "determinedai/genai:0.2.4",
         "determinedai/determined-master:[1]", "determinedai/determined-master:a b",
         "determinedai/determined-master:map[a:1]", "determinedai/determined-master:1.5e+06",
         "determinedai/determined-master:true", "determinedai/determined-master:",
         "determinedai/determined-master:0.38.1@sha256:" + HEX * 4, "/determined-master:0.38.1",
         "registry.k8s.io/kube-scheduler:v1.28.3", "docker.io/library/ubuntu:latest",
         "index.docker.io/ubuntu", "index.docker.io/a/b", "localhost/ubuntu", "localhost:5000/ubuntu:1",
         "a" * 237, "a" * 238, "a/" + "a" * 245, "a/" + "a" * 246, "r.io/" + "a" * 250, "r.io/" + "a" * 251,
         "r.io/" + "/".join(["a"] * 126), "r.io/" + "/".join(["a"] * 127), "/".join(["ab"] * 300),
         "a" * 5000, "a" * 5000 + "!", "a-" * 2000, "a." * 2000 + "b", "x/" + "a:" * 50,
         "ubuntu:" + "x" * 5000, "ubuntu@sha256:" + "a" * 5000, "\u0130.io/a", "a:\u0130", "a:\u0130\u0130",
         "\u212a.io/a", "a:\u212a", "a@\u212a:" + "0" * 32, "a:\u03a3", "a:x\u03a3"]  # fmt: skip
#: Random text's alphabet: every separator of the grammar, and a few it refuses.
ALPHABET = "ab0Z._-/:@ [%"


def sample() -> list[str]:
    """The edges, domains with paths, paths with tags and with digests, some of all four, then
    random text."""
    rng = random.Random(SEED)
    texts = list(EDGES)

    def join(domain: str, path: str, tag: str | None, digest: str | None) -> str:
        name = f"{domain}/{path}" if domain else path
        return name + ("" if tag is None else ":" + tag) + ("" if digest is None else "@" + digest)

    texts += [join(domain, path, None, None) for domain, path in itertools.product(DOMAINS, PATHS)]
    texts += [join("", path, tag, None) for path, tag in itertools.product(PATHS, TAGS)]
    texts += [join("", path, None, digest) for path, digest in itertools.product(PATHS, DIGESTS)]
    combined = list(itertools.product(DOMAINS, PATHS, TAGS, DIGESTS))
    texts += [join(*parts) for parts in rng.sample(combined, 800)]
    while len(texts) < 4000:
        texts.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12))))
    return list(dict.fromkeys(texts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imagename", default=str(TOOLS / "imagename"))
    args = parser.parse_args(argv)
    texts = sample()
    found = answers(args.imagename, [{"id": str(i), "image": text} for i, text in enumerate(texts)])
    rows = [
        {"image": text, **{key: answer[key] for key in ("ok", "name", "tag", "digest", "error")}}
        for text, answer in zip(texts, found, strict=True)
    ]
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(f"recorded {len(rows)} images into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
