"""master.yaml's own spelling pasted into a values file, moved to the chart's keys where that is one to one.

People copy a block of the master's configuration (``resource_manager:
{default_compute_resource_pool: gpu-pool}``) to the top of a values file. The chart ignores
it there (lint's ``misplaced-key``), and writes master.yaml's ``resource_manager`` itself from
its own keys. Two of those keys are written into exactly that setting and nothing else, so a
move says the same thing the owner wrote: ``defaultComputeResourcePool`` and
``defaultAuxResourcePool``, as ``fix`` already moves them out of ``resourceManager``. Any other
key of the block stays, with its finding: the chart builds it from several values, or not at
all. A move onto a key the file already sets is refused: two values, and no telling which is meant.
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic, Path
from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from chartgen.yamlio.edit import Document, Fix

#: master.yaml's key under ``resource_manager``, and the chart's top-level key written into it.
RESOURCE_MANAGER = {
    "default_compute_resource_pool": "defaultComputeResourcePool",
    "default_aux_resource_pool": "defaultAuxResourcePool",
}
BLOCK: Path = ("resource_manager",)


def fix_master_spelling(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """The first key of a top-level ``resource_manager`` block that maps to one chart key, moved
    there (one a round: the finding stays while the block holds anything)."""
    from chartgen.yamlio.edit import CannotFix, Fix

    if diagnostic.rule != "misplaced-key" or diagnostic.path != BLOCK:
        return None
    for path in list(doc.entries):
        if len(path) != 2 or path[:1] != BLOCK or path[1] not in RESOURCE_MANAGER:
            continue
        target = (RESOURCE_MANAGER[str(path[1])],)
        if target in doc.entries:
            continue  # already set: the owner chooses
        try:
            edits = doc.move(path, target)
        except CannotFix:
            continue
        description = f"moved `resource_manager.{path[1]}` to `{target[0]}`: the chart writes it there"
        return Fix(diagnostic.rule, path, description, tuple(edits), safe=True)
    return None
