"""Diagnostics are data: validators produce them, only ``report`` formats them."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from chartgen.arguments import each
from chartgen.records import field, record

Path = tuple[str | int, ...]

#: How a file argument names standard input, and how findings in it name their file.
STDIN = "-"
STDIN_NAME = "<stdin>"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@record(frozen=True, slots=True)
class Location:
    """1-based position in a source: a file path, or a pseudo-file such as ``--set``.

    Values given as data (the typed model, a mapping) have no file: their place is ``logical``,
    named by its path from the root the source is named by (``Values.resourcePools[1].pool_name``,
    ``<values 1>.db.port``), with no line or column.
    """

    file: str
    line: int | None = None
    column: int | None = None
    logical: bool = False

    def __str__(self) -> str:
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"

    @property
    def is_file(self) -> bool:
        """Whether ``file`` names a file: not a path in values given as data, nor a pseudo-file
        (``--set``, ``<stdin>``, ``<no values given>``)."""
        return not self.logical and not self.file.startswith(("-", "<"))

    @classmethod
    def of_path(cls, root: str, path: Path) -> Location:
        """The logical place of ``path`` in values given as data, whose root is named ``root``."""
        below = dotted(path)
        return cls(
            f"{root}.{below}" if below and not below.startswith("[") else f"{root}{below}", logical=True
        )


@record(frozen=True, slots=True)
class Diagnostic:
    rule: str
    message: str
    severity: Severity = Severity.ERROR
    location: Location | None = None
    path: Path = ()
    hint: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        """The command line's text: ``FILE:LINE:COL: severity[rule] message``, then the hint; a
        finding about values given as data, with no place in a file, starts with their path."""
        from chartgen.printable import printable

        place = self.location or dotted(self.path)
        where = f"{place}: " if place else ""
        line = printable(f"{where}{self.severity.value}[{self.rule}] {self.message}")
        return f"{line}\n  hint: {printable(self.hint)}" if self.hint else line

    def sort_key(self) -> tuple[str, int, int, str]:
        loc = self.location
        if loc is None:
            return ("\uffff", 0, 0, self.rule)
        return (loc.file, loc.line or 0, loc.column or 0, self.rule)


@record(frozen=True, slots=True)
class Finding:
    """One problem before it is located: a rule id, the values path (``key`` points at the key
    rather than the value) and why; the caller turns it into a located ``Diagnostic``."""

    rule: str
    path: Path
    message: str
    severity: Severity = Severity.ERROR
    key: bool = False
    # What a fix needs, as data (``suggestion``: the one key meant; ``replaced_by``: the release's own name).
    data: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


def dotted(path: Path) -> str:
    """Render a values path the way users write it in ``--set``: ``a.b[0].c``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = part.replace(".", "\\.")
            out += f".{text}" if out else text
    return out


class ChartgenError(Exception):
    """Raised by the library for failures that stop a run; carries the diagnostics.

    Its text is theirs, one per line, located as the command line prints them.
    """

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        each(diagnostics, Diagnostic, f"{type(self).__name__}()", "a list of chartgen.Diagnostic")
        super().__init__(diagnostics)
        self.diagnostics = diagnostics

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class ValuesError(ChartgenError, ValueError):
    """Values the typed model refuses (``chartgen.Values(maxSlotPerPod=4)``), as lint words the
    same mistake in a file; a ``ValueError``, as pydantic's own error is."""


class UsageError(Exception):
    """A request the library cannot act on (unknown release, unreadable file): exit 2."""


def listed(names: Iterable[str], limit: int = 10) -> str:
    """Names for a message: at most ``limit`` of them, then how many more."""
    items = list(names)
    shown = ", ".join(items[:limit])
    return f"{shown} and {len(items) - limit} more" if len(items) > limit else shown
