""" "Did you mean": the known key an unknown one most likely stands for.

Shared by the values walker and the pod-spec checks, so it sits below both.
"""

from __future__ import annotations

import re
from collections.abc import Collection

#: Keys longer than this get no guess: comparing them costs more than it can tell.
MAX_GUESS_KEY = 64


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def suggest(key: str, candidates: Collection[str], *, strict: bool = False) -> str | None:
    """The known key ``key`` most likely meant, if any.

    The same letters in another case or naming convention always count; otherwise
    a near spelling, or (unless ``strict``) a key that contains it or that it contains.
    """
    if not candidates:
        return None

    def squash(text: str) -> str:
        return text.replace("_", "").replace("-", "").lower()

    squashed = {squash(c): c for c in candidates}
    for variant in (key, _camel(key), _snake(key)):
        if variant in candidates:
            return variant
        if squash(variant) in squashed:
            return squashed[squash(variant)]
    if len(key) > MAX_GUESS_KEY:
        return None
    import difflib

    folded = key.lower()
    best, score = None, 0.75 if strict else 0.6
    for candidate in candidates:
        lowered = candidate.lower()
        mine = difflib.SequenceMatcher(None, folded, lowered).ratio()
        short, long = sorted((folded, lowered), key=len)
        if not strict and len(short) >= 4 and short in long:
            mine = max(mine, 0.6 + 0.4 * len(short) / len(long) + (0.01 if long.startswith(short) else 0))
        if mine >= score and (best is None or mine > score):
            best, score = candidate, mine
    return best
