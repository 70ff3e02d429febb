"""``--show-only`` as ``helm template`` reads it: Go globs over ``templates/…`` paths.

Objects come out grouped by pattern in the order given, and a pattern that matches no
rendered object is refused. Unlike Helm, an object two patterns match is given once, and
the ``determined/`` prefix of the ``# Source:`` comments is accepted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chartgen import globs
from chartgen.diagnostics import UsageError
from chartgen.rendering.engine import CHART_NAME, Manifest


class Pattern:
    """One ``--show-only`` argument: what the user typed and the paths it matches."""

    def __init__(self, text: str, steps: list[globs.Step] | None) -> None:
        self.text = text
        self.glob = None if steps is None else globs.Glob(steps)

    def matches(self, template: str) -> bool:
        return self.glob is not None and self.glob.matches(template)


def _glob_steps(pattern: str) -> list[globs.Step] | None:
    """Go's ``filepath.Match``: ``*`` and ``?`` stop at ``/``, ``[…]``/``[^…]`` classes, ``\\`` escapes.

    A malformed pattern matches nothing, as in Helm (which ignores the error).
    """
    steps: list[globs.Step] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "*":
            globs.many(steps, globs.not_slash)
        elif char == "?":
            steps.append((globs.ONE, globs.not_slash))
        elif char == "\\" and i + 1 < len(pattern):
            i += 1
            steps.append(globs.literal(pattern[i]))
        elif char == "[":
            end = pattern.find("]", i + 1)
            body = pattern[i + 1 : end]
            if end < 0 or body in ("", "^"):
                return None
            negate = body.startswith("^")
            members = "".join(f"\\{c}" if c in "[]^\\" else c for c in body.removeprefix("^"))
            try:  # one character class: a regular expression without repeats
                steps.append((globs.ONE, re.compile(f"[{'^' if negate else ''}{members}]").fullmatch))
            except re.error:
                return None
            i = end
        else:
            steps.append(globs.literal(char))
        i += 1
    return steps


def parse_pattern(text: str) -> Pattern:
    """Refuse, before rendering, a pattern that names no template of the chart."""
    from chartgen.rendering.chart import manifest_templates

    pattern = Pattern(text, _glob_steps(text.removeprefix(f"{CHART_NAME}/")))
    templates = [f"templates/{name}" for name in sorted(manifest_templates())]
    if any(pattern.matches(t) for t in templates):
        return pattern
    import difflib

    def stem(path: str) -> str:
        return path.rsplit("/", 1)[-1].removesuffix(".yaml")

    by_stem = {stem(t): t for t in templates}
    close = difflib.get_close_matches(stem(text), by_stem, n=1)
    guess = f" (did you mean {by_stem[close[0]]}?)" if close else ""
    listing = "".join(f"\n{t}" for t in templates)
    raise UsageError(f"could not find template {_shown(text)} in chart{guess}; its templates are:{listing}")


def _shown(text: str) -> str:
    """A pattern as a message quotes it: cut when long (a 128 KiB glob is not said back whole)."""
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text):,} characters)"


def select(manifests: Sequence[Manifest], patterns: Sequence[Pattern]) -> list[Manifest]:
    """Objects grouped by pattern, in install order within each, each object once."""
    chosen: dict[int, Manifest] = {}
    for pattern in patterns:
        matched = [(i, m) for i, m in enumerate(manifests) if pattern.matches(m.template)]
        if not matched:
            raise UsageError(
                f"template {_shown(pattern.text)} renders no objects with these values, so there is nothing to show"
            )
        for i, manifest in matched:
            chosen.setdefault(i, manifest)
    return list(chosen.values())
