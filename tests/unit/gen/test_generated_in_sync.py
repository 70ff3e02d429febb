"""Generated files equal what the model generates, and the published schemas are valid JSON Schema."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import jsonschema
import pytest

from chartgen.cli import schema as schema_command
from chartgen.gen import ROOT, outputs, schema_path
from chartgen.releases import LATEST, SUPPORTED
from chartgen.values.load import chart_defaults

GENERATED = outputs()


@pytest.mark.parametrize("path", sorted(GENERATED), ids=lambda p: str(p.relative_to(ROOT)))
def test_generated_file_is_up_to_date(path: Path) -> None:
    on_disk = path.read_text(encoding="utf-8") if path.exists() else None
    assert on_disk == GENERATED[path], "run `python -m chartgen.gen` (make generate)"


@pytest.mark.parametrize("release", SUPPORTED)
def test_published_schema_is_draft_2020_12(release: str) -> None:
    document = json.loads(schema_path(release).read_text())
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(document)


@pytest.mark.parametrize("release", SUPPORTED)
def test_chart_defaults_conform_to_their_schema(release: str) -> None:
    document = json.loads(schema_path(release).read_text())
    defaults = chart_defaults(release)
    assert list(jsonschema.Draft202012Validator(document).iter_errors(defaults)) == []


def test_latest_schema_is_values_schema_json() -> None:
    assert schema_path(LATEST).name == "values.schema.json"


@pytest.mark.parametrize("release", SUPPORTED)
def test_schema_command_prints_the_committed_schema(release: str, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    schema_command.add_arguments(parser)
    assert schema_command.run(parser.parse_args(["--app-version", release])) == 0
    assert capsys.readouterr().out == schema_path(release).read_text()


def test_schema_command_refuses_an_unknown_release(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    schema_command.add_arguments(parser)
    assert schema_command.run(parser.parse_args(["--app-version", "0.34.0"])) == 2
    assert "0.35.0, 0.35.1, 0.36.0, 0.37.0, 0.38.0, 0.38.1" in capsys.readouterr().err
