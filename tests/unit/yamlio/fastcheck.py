"""Both readers of ``load_yaml`` on one text: the fast one must give exactly the full parser's answer."""

from __future__ import annotations

from typing import Any

from chartgen.yamlio import YamlError, fast, load_yaml


def outcome(text: str, *, use_fast: bool) -> Any:
    saved = fast.compose
    if not use_fast:

        def refuse(text: str) -> Any:
            raise fast.Unsupported

        fast.compose = refuse  # type: ignore[assignment]
    try:
        loaded = load_yaml(text, "f.yaml")
    except YamlError as error:
        return ("error", str(error.diagnostic))
    finally:
        fast.compose = saved  # type: ignore[assignment]
    return (
        repr(loaded.data),
        {k: (v.line, v.column) for k, v in loaded.keys.items()},
        {k: (v.line, v.column) for k, v in loaded.values.items()},
        loaded.words,
        [str(n) for n in loaded.notes],
    )


def fast_reads(text: str) -> bool:
    try:
        fast.compose(text)
    except fast.Unsupported:
        return False
    except RecursionError:
        return False
    return True
