"""The library's entry points: what installer tooling imports.

Nothing here prints or exits; failures come back as diagnostics or exceptions
(``ChartgenError`` for invalid input, ``UsageError`` for requests that cannot run).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chartgen.diagnostics import Diagnostic
from chartgen.releases import LATEST
from chartgen.values.load import LoadedValues, SetFlags, load_values

if TYPE_CHECKING:
    from chartgen.rendering.engine import Manifest


@dataclass
class LintResult:
    values: LoadedValues | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


@dataclass
class RenderResult:
    manifests: list[Manifest]
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def validate(
    values: LoadedValues,
    *,
    release_name: str = "determined",
    namespace: str = "default",
    is_upgrade: bool = False,
) -> list[Diagnostic]:
    """Every problem in already-loaded values, errors and warnings, in source order."""
    from chartgen.validation.runner import run_rules

    return run_rules(values, release_name=release_name, namespace=namespace, is_upgrade=is_upgrade)


def lint(files: Sequence[str], *, app_version: str = LATEST, flags: SetFlags | None = None) -> LintResult:
    """Load and validate; YAML errors come back as diagnostics rather than exceptions."""
    from chartgen.diagnostics import ChartgenError

    try:
        values = load_values(files, app_version=app_version, flags=flags)
    except ChartgenError as exc:
        return LintResult(None, exc.diagnostics)
    return LintResult(values, validate(values))


def render_release(
    files: Sequence[str] = (),
    *,
    flags: SetFlags | None = None,
    release: str = "determined",
    namespace: str = "default",
    app_version: str = LATEST,
    is_upgrade: bool = False,
    show_only: Sequence[str] = (),
) -> RenderResult:
    """Validate, then render; with errors the manifests list is empty."""
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo

    values = load_values(files, app_version=app_version, flags=flags)
    diagnostics = validate(values, release_name=release, namespace=namespace, is_upgrade=is_upgrade)
    if any(d.is_error for d in diagnostics):
        return RenderResult([], diagnostics)
    info = ReleaseInfo(release, namespace, values.release, is_upgrade)
    manifests = render(values.values, info, only=show_only)
    return RenderResult(manifests, diagnostics)
