"""What ``chartgen.diff`` returns: changed objects and fields, and the hazards among them, as data."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from chartgen.diagnostics import Severity
from chartgen.diffing.objects import ObjectId
from chartgen.records import field, record

Action = Literal["added", "removed", "changed"]


class Category(StrEnum):
    """Why a change matters; every category is an error but a surprise, which is a warning."""

    UPGRADE_FAILS = "upgrade-fails"  # the API server refuses it: ``helm upgrade`` fails half-way
    DATA_LOSS = "data-loss"  # Helm applies it and data is deleted, or left behind unused
    BREAKS = "breaks"  # Helm applies it and Determined stops working; no data is lost
    RESTORE = "breaks-restore"  # Helm applies it and a backup can no longer be restored as it was
    SURPRISE = "surprise"  # it works, but not as the values suggest


@record(frozen=True)
class FieldChange:
    """One leaf of an object that differs. ``file`` names a file carried inside (``master.yaml``).

    A ``secret`` change carries no values: ``old`` and ``new`` are then always ``None``.
    """

    path: str
    action: Action
    old: Any = None
    new: Any = None
    secret: bool = False
    file: str = ""


@record(frozen=True)
class ObjectChange:
    id: ObjectId
    action: Action
    api_version: str
    fields: tuple[FieldChange, ...] = ()
    notes: tuple[str, ...] = ()


@record(frozen=True)
class Hazard:
    """A change that fails, loses data, breaks Determined or a restore, or surprises; ``hint`` says what to do."""

    rule: str
    category: Category
    object: ObjectId
    message: str
    hint: str = ""
    path: str = ""

    @property
    def severity(self) -> Severity:
        return Severity.WARNING if self.category is Category.SURPRISE else Severity.ERROR


@record
class DiffResult:
    """Everything ``helm upgrade`` would change, and the hazards among the changes."""

    changes: list[ObjectChange] = field(default_factory=list)
    hazards: list[Hazard] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    @property
    def errors(self) -> list[Hazard]:
        return [h for h in self.hazards if h.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Hazard]:
        return [h for h in self.hazards if h.severity is Severity.WARNING]
