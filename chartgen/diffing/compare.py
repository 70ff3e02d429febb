"""Two sets of objects in, every change and every hazard out: the pure core of ``chartgen diff``.

Hooks (``helm.sh/hook``) are left out on both sides: Helm runs them around every
upgrade and keeps them out of the release's manifest. The master Deployment's
``checksum/config`` annotation is not reported as a field: what matters is why
it changes (the master restarts because ``master.yaml`` changed). When only the
digest differs, the two sides were rendered by different tools (chartgen hashes
its own rendering of the config object, Helm its own), which is a note, not a change.
"""

from __future__ import annotations

from collections.abc import Iterable

from chartgen.diffing.fields import CHECKSUM, compare_bodies, compare_files, pod_annotations, secret_content
from chartgen.diffing.hazards import Side, find_hazards
from chartgen.diffing.model import DiffResult, ObjectChange
from chartgen.diffing.objects import KubeObject, ObjectId

RESTART = "the master restarts because master.yaml changed"
NOT_RESTARTED = (
    "master.yaml changes but the master's pod template does not: the running master keeps the old "
    "configuration until it restarts"
)
DIGEST_ONLY = (
    "the master's checksum/config annotation differs although master.yaml does not: the two sides "
    "were rendered by different tools (Helm and chartgen each hash their own rendering of the config "
    "Secret), so applying this side restarts the master once with the same configuration"
)


def _side(objects: Iterable[KubeObject], release: str | None = None, live_annotations: bool = True) -> Side:
    return Side({obj.id: obj for obj in objects if not obj.is_hook}, release, live_annotations)


def compare(
    old_objects: Iterable[KubeObject],
    new_objects: Iterable[KubeObject],
    *,
    new_release: str | None = None,
    installed_from_values: bool = False,
) -> DiffResult:
    """What changes from ``old_objects`` (installed) to ``new_objects`` (the upgrade), classified.

    ``new_release`` is the chart release the upgrade was rendered with, when known (what that
    chart no longer deploys explains a change). ``installed_from_values``: the installed objects
    are chartgen's render of values, whose keep annotations the live objects, which Helm reads,
    need not have.
    """
    old = _side(old_objects, live_annotations=not installed_from_values)
    new = _side(new_objects, new_release)
    result = DiffResult()
    config_changed = _config_changed(old, new)
    for ident in sorted(old.objects.keys() | new.objects.keys(), key=_order):
        before, after = old.objects.get(ident), new.objects.get(ident)
        if before is None and after is not None:
            result.changes.append(ObjectChange(ident, "added", after.api_version))
        elif after is None and before is not None:
            result.changes.append(ObjectChange(ident, "removed", before.api_version))
        elif before is not None and after is not None:
            fields = compare_bodies(ident.kind, before.body, after.body)
            notes: list[str] = []
            digest_old = pod_annotations(before.body).get(CHECKSUM)
            digest_new = pod_annotations(after.body).get(CHECKSUM)
            if digest_old is not None and digest_new is not None:
                if config_changed and digest_old != digest_new:
                    notes.append(RESTART)
                elif config_changed:
                    result.notes.append(NOT_RESTARTED)
                elif digest_old != digest_new:
                    result.notes.append(DIGEST_ONLY)
            if fields or notes:
                result.changes.append(
                    ObjectChange(ident, "changed", after.api_version, tuple(fields), tuple(notes))
                )
    result.hazards = sorted(
        find_hazards(old, new), key=lambda h: (h.severity != "error", _order(h.object), h.rule)
    )
    return result


def _config_changed(old: Side, new: Side) -> bool:
    if old.master_config is None or new.master_config is None:
        return False
    before, after = secret_content(old.master_config.body), secret_content(new.master_config.body)
    return bool(compare_files(before, after, secret=True, root="data"))


def _order(ident: ObjectId) -> tuple[int, str, str, str]:
    """Helm's install order of kinds, then namespace and name: the order people read manifests in."""
    from chartgen.rendering.engine import INSTALL_ORDER

    rank = INSTALL_ORDER.index(ident.kind) if ident.kind in INSTALL_ORDER else len(INSTALL_ORDER)
    return (rank, ident.kind if rank == len(INSTALL_ORDER) else "", ident.namespace, ident.name)
