"""chartgen's image parser against the kubelet's own code (recorded by ``tests/oracles/imagenames.py``):
``parse_image_name`` takes what ``parsers.ParseImageName`` takes, reads the same repository, tag
and digest, and refuses the rest for the same reason."""

from __future__ import annotations

import json

from chartgen.images import InvalidImageName, parse_image_name
from tests.oracles.imagenames import RECORDS

ROWS = [json.loads(line) for line in RECORDS.read_text().splitlines()]


def test_the_record_holds_the_issues_images() -> None:
    accepted = {row["image"] for row in ROWS if row["ok"]}
    refused = {row["image"] for row in ROWS if not row["ok"]}
    assert len(ROWS) >= 2000
    assert {
        "ubuntu",
        "a_b.c/a",
        "localhost:5000/ubuntu:1",
        "a__b",
        "a---b",
        "ubuntu:" + "x" * 128,
    } <= accepted
    assert {
        "determinedai/determined-master:[1]",
        "determinedai/determined-master:a b",
        "",
        " ubuntu",
        "ubuntu:" + "x" * 129,
        "a___b",
    } <= refused
    assert {row["error"] for row in ROWS} >= {
        "invalid reference format",
        "invalid reference format: repository name must be lowercase",
        "repository name must be lowercase",
        "repository name must not be more than 255 characters",
        "invalid checksum digest format",
        "invalid checksum digest length",
        "unsupported digest algorithm",
    }


def _chartgen(image: str) -> dict[str, object]:
    try:
        found = parse_image_name(image)
    except InvalidImageName as error:
        return {"ok": False, "name": "", "tag": "", "digest": "", "error": str(error)}
    return {"ok": True, "name": found.name, "tag": found.tag, "digest": found.digest, "error": ""}


def test_parse_image_name_reads_what_the_kubelet_reads() -> None:
    """One list of disagreements over the whole record."""
    wrong = []
    for row in ROWS:
        expected = {key: row[key] for key in ("ok", "name", "tag", "digest", "error")}
        found = _chartgen(row["image"])
        if found != expected:
            wrong.append((row["image"], found, expected))
    assert not wrong
