"""Glob matching in time linear in the path, whatever the pattern.

A glob translated to a regular expression backtracks: every ``*`` may end anywhere, so
``*****x`` takes time growing with the path's length to the fifth power. Here a glob is a
list of steps, compiled once into a ``Glob``, and matched by carrying the set of steps reached
from one character to the next as the bits of one integer: each character moves every state at
once, in a few operations on machine words (a set of states advanced one by one took seconds
for a path of thousands of characters against a glob of thousands of steps).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Whether a character may be taken by a step (truthy: a character class's ``fullmatch`` is one),
#: or the one character it takes.
Test = Callable[[str], object] | str

#: A step's kind: one character, any number of characters, or ``(?:.*/)?`` (``**/``: any
#: directories, none too), each passing the step's test.
ONE, MANY, DIRS = "one", "many", "dirs"

Step = tuple[str, Test]


def any_char(char: str) -> bool:
    return True


def not_slash(char: str) -> bool:
    return char != "/"


def literal(char: str) -> Step:
    return ONE, char


def many(steps: list[Step], test: Test) -> None:
    """Append a ``MANY`` step, unless one with the same test ends ``steps`` (``**``: no more states)."""
    if not steps or steps[-1] != (MANY, test):
        steps.append((MANY, test))


class Glob:
    """Steps compiled for matching: bit ``i`` of a state set is step ``i`` reached (bit
    ``len(steps)``: the whole glob), apart from a ``DIRS`` step begun, which must end at a ``/``."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.end = 1 << len(steps)
        self.many = self.dirs = 0
        self.literals: dict[str, int] = {}  # a character: the steps that take only it
        self.tests: dict[Callable[[str], object], int] = {}  # any other test: the steps it guards
        for index, (kind, test) in enumerate(steps):
            bit = 1 << index
            if kind == MANY:
                self.many |= bit
            elif kind == DIRS:
                self.dirs |= bit
            if isinstance(test, str):
                self.literals[test] = self.literals.get(test, 0) | bit
            else:
                self.tests[test] = self.tests.get(test, 0) | bit
        self.passed = self.many | self.dirs  # steps passed without a character (a DIRS unbegun)

    def matches(self, text: str) -> bool:
        """Whether the steps take the whole of ``text``."""
        taking: dict[str, int] = {}  # a character of the text: the steps whose test takes it
        reached, begun = self._closure(1), 0
        for char in text:
            took = taking.get(char)
            if took is None:
                took = self.literals.get(char, 0)
                for test, bits in self.tests.items():
                    if test(char):
                        took |= bits
                taking[char] = took
            entered = (reached | begun) & took & self.dirs
            reached = ((reached & took & ~self.passed) << 1) | (reached & took & self.many)
            if char == "/":
                reached |= entered << 1
            begun = entered
            if not (reached or begun):
                return False
            reached = self._closure(reached)
        return bool(reached & self.end)

    def _closure(self, reached: int) -> int:
        """``reached`` and the steps after it reached without a character: through each run of
        passed steps, to the step that ends it (the carry of an addition runs through the run)."""
        return reached | (((reached & self.passed) + self.passed) ^ self.passed)
