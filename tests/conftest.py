"""Hypothesis profiles: CI runs are derandomised and reproducible; local runs keep exploring.

``CI`` (set by ``.ci/run``) or ``HYPOTHESIS_PROFILE=ci`` selects the fixed-seed profile; a
local ``make test`` draws new examples every run, which is how new bugs are found.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from chartgen.yamlio.read import forget_stdin

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _no_colour_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output is compared as plain text: a developer's FORCE_COLOR or NO_COLOR must not change it."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def _fresh_stdin() -> Iterator[None]:
    """chartgen reads standard input once per process; each test is a process of its own."""
    forget_stdin()
    yield
    forget_stdin()
