"""Run the rules over a values file written to disk, the way ``chartgen lint`` and ``render`` do."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from chartgen.diagnostics import Diagnostic
from chartgen.validation.runner import run_rules
from chartgen.values.load import SetFlags, load_values

# Satisfies the chart's unconditional requirements, so a test sees only what it is about.
BASE = "maxSlotsPerPod: 4\ninitialUserPassword: Corpus-Passw0rd\n"


def diagnostics(
    tmp_path: Path,
    text: str,
    *,
    release: str = "0.38.1",
    release_name: str = "determined",
    namespace: str = "default",
    flags: SetFlags | None = None,
    opt_in: Collection[str] = (),
) -> list[Diagnostic]:
    path = tmp_path / "values.yaml"
    path.write_text(textwrap.dedent(text))
    loaded = load_values([str(path)], app_version=release, flags=flags)
    return run_rules(loaded, release_name=release_name, namespace=namespace, opt_in=opt_in)


def found(tmp_path: Path, text: str, rule_ids: Iterable[str], **kwargs: Any) -> list[tuple[int, int, str]]:
    """``(line, col, rule)`` of each finding of the given rules (line 0: no position)."""
    wanted = set(rule_ids)
    return [
        (d.location.line if d.location else 0, d.location.column if d.location else 0, d.rule)
        for d in diagnostics(tmp_path, text, **kwargs)
        if d.rule in wanted
    ]


def messages(tmp_path: Path, text: str, rule: str, **kwargs: Any) -> list[str]:
    return [d.message for d in diagnostics(tmp_path, text, **kwargs) if d.rule == rule]
