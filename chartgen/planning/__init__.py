"""Slot sizing and gang-scheduling safety: pure analysis of a cluster inventory and a set of jobs.

``analyse`` answers the questions of seeds 000, 001 and 003 before deploying: which
``maxSlotsPerPod`` (and CPU per slot) to use, whether each job can ever be scheduled,
and whether the jobs together can deadlock the cluster without gang scheduling.
"""

from __future__ import annotations

from chartgen.planning.analyse import SCHEDULERS, Plan, analyse
from chartgen.planning.inventory import InventoryError, Node
from chartgen.planning.sizing import SizingError

__all__ = ["SCHEDULERS", "InventoryError", "Node", "Plan", "SizingError", "analyse"]
