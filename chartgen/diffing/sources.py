"""``chartgen.diff``: the installed side and the change, each made into objects, then compared.

The installed side is old values rendered by chartgen (as ``helm install`` rendered
them, or ``helm upgrade`` with ``is_upgrade``), or the manifest as deployed
(``helm get manifest``, a GitOps repository's rendered output). The change is
rendered as ``helm upgrade`` renders it (``.Release.IsUpgrade`` true) unless told otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from chartgen.diagnostics import ChartgenError
from chartgen.diffing.model import DiffResult
from chartgen.diffing.objects import KubeObject
from chartgen.records import record
from chartgen.releases import LATEST
from chartgen.values.load import SetFlags


@record(frozen=True)
class ValuesSource:
    """Values chartgen renders, with the release name and namespace Helm would use.

    ``is_upgrade`` is ``.Release.IsUpgrade``; ``None`` renders as Helm would: the installed
    side as ``helm install`` did, the change as ``helm upgrade`` does. GitOps tools render
    with ``helm template``, where it is always false.
    """

    files: Sequence[str] = ()
    flags: SetFlags | None = None
    app_version: str = LATEST
    release: str = "determined"
    namespace: str = "default"
    is_upgrade: bool | None = None


@record(frozen=True)
class ManifestSource:
    """A manifest file, ``-`` for standard input, or a directory of them; ``namespace`` is the release's."""

    path: str
    namespace: str = "default"


def _render(source: ValuesSource, *, is_upgrade: bool) -> list[KubeObject]:
    from chartgen.diffing.objects import parse_stream
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.validation.runner import run_rules
    from chartgen.values.load import load_values

    loaded = load_values(source.files, app_version=source.app_version, flags=source.flags)
    findings = run_rules(
        loaded, release_name=source.release, namespace=source.namespace, is_upgrade=is_upgrade
    )
    if any(d.is_error for d in findings):
        raise ChartgenError([d for d in findings if d.is_error])
    info = ReleaseInfo(source.release, source.namespace, loaded.release, is_upgrade)
    objects: list[KubeObject] = []
    for manifest in render(loaded.values, info):
        found, problems = parse_stream(manifest.text, manifest.template, source.namespace)
        if problems:  # chartgen's own output is always objects; anything else is a bug
            raise RuntimeError(f"{manifest.template} rendered something that is not an object")
        objects.extend(found)
    return objects


def diff(installed: ValuesSource | ManifestSource, change: ValuesSource) -> DiffResult:
    """Every change ``helm upgrade`` would make from ``installed`` to ``change``, classified.

    Invalid values or manifests raise ``ChartgenError``; unreadable files and unsupported
    releases raise ``UsageError``.
    """
    from chartgen.diffing.compare import compare
    from chartgen.diffing.objects import read_manifests

    if isinstance(installed, ManifestSource):
        old = read_manifests(installed.path, installed.namespace)
    else:
        old = _render(installed, is_upgrade=bool(installed.is_upgrade))
    new = _render(change, is_upgrade=change.is_upgrade is not False)
    return compare(old, new)
