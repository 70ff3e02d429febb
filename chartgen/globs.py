"""Glob matching in time linear in the path, whatever the pattern.

A glob translated to a regular expression backtracks: every ``*`` may end anywhere, so
``*****x`` takes time growing with the path's length to the fifth power. Here a glob is a
list of steps, matched by carrying the set of steps reached from one character to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Whether a character may be taken by a step (truthy: a character class's ``fullmatch`` is one).
Test = Callable[[str], object]

#: A step's kind: one character, any number of characters, or ``(?:.*/)?`` (``**/``: any
#: directories, none too), each passing the step's test.
ONE, MANY, DIRS = "one", "many", "dirs"

Step = tuple[str, Test]


def any_char(char: str) -> bool:
    return True


def not_slash(char: str) -> bool:
    return char != "/"


def literal(char: str) -> Step:
    return ONE, char.__eq__


def many(steps: list[Step], test: Test) -> None:
    """Append a ``MANY`` step, unless one with the same test ends ``steps`` (``**``: no more states)."""
    if not steps or steps[-1] != (MANY, test):
        steps.append((MANY, test))


def matches(steps: Sequence[Step], text: str) -> bool:
    """Whether ``steps`` take the whole of ``text``.

    A state is a step's index and whether a ``DIRS`` step has begun (it must then end at a ``/``).
    """
    states = _closure(steps, {(0, False)})
    for char in text:
        following: set[tuple[int, bool]] = set()
        for index, _ in states:
            if index == len(steps):
                continue
            kind, test = steps[index]
            if not test(char):
                continue
            if kind == DIRS:
                following.add((index, True))
                if char == "/":
                    following.add((index + 1, False))
            else:
                following.add((index if kind == MANY else index + 1, False))
        if not following:
            return False
        states = _closure(steps, following)
    return (len(steps), False) in states


def _closure(steps: Sequence[Step], states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
    """``states`` and those reached from them without a character (past ``MANY`` and unbegun ``DIRS``)."""
    pending = list(states)
    while pending:
        index, inside = pending.pop()
        if not inside and index < len(steps) and steps[index][0] != ONE and (index + 1, False) not in states:
            states.add((index + 1, False))
            pending.append((index + 1, False))
    return states
