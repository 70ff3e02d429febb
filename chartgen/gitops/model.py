"""What a GitOps tool's object says about one installation of the Determined chart, as data.

Each tool's reader (``argocd``, ``flux``, ``helmfile``, ``kustomize``) turns the objects of a
file into ``Install``s: the values layers in the order the tool hands them to Helm, each still
positioned in the file that holds it, and what the object fixes about the install (release,
name, namespace, install or upgrade). Checking and rendering then treat an ``Install`` as they
treat ``-f`` files and flags, so every finding lands at the line the user wrote.
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic, Location
from chartgen.records import field, record
from chartgen.yamlio import Loaded


@record(frozen=True)
class Flag:
    """One ``--set``-like value the tool passes (Argo CD ``parameters``, helmfile ``set``):
    ``kind`` is ``set``, ``set-string`` or ``set-file``; ``name`` and ``value`` as Helm gets
    them; findings about it land at ``at`` (the ``value:``), key findings at ``name_at``."""

    kind: str
    name: str
    value: str
    at: Location
    name_at: Location


@record
class Install:
    """One Determined release as a GitOps tool would install it."""

    #: ``argocd``, ``flux``, ``helmfile`` or ``kustomize``.
    tool: str
    #: How findings and summaries name it: ``Application determined``, ``HelmRelease mlde/det``.
    name: str
    #: Where the object (or the helmfile release entry) starts.
    at: Location
    #: The chart as the object names it (``determined``, ``oci://…/determined``, a local path).
    chart: str
    #: The values layers, lowest precedence first; the chart's own values.yaml is below them all.
    layers: list[Loaded] = field(default_factory=list)
    #: Applied after every layer, in order, as Helm applies ``--set`` after ``-f``.
    flags: list[Flag] = field(default_factory=list)
    #: The chart version pinned, as written (``0.37.0``, ``0.38.x``, ``>=0.37.0``), and where.
    version: str | None = None
    version_at: Location | None = None
    release_name: str = "determined"
    namespace: str = "default"
    #: Whether the tool runs ``helm upgrade --install`` (Flux, helmfile) rather than ``helm
    #: template`` (Argo CD, kustomize), so that the chart's ``lookup`` can see the release.
    is_upgrade: bool = False
    #: What the reader found that stops part of the install from being checked (a value file
    #: outside the repository, a templated value, an unknown version): located, reported as is.
    findings: list[Diagnostic] = field(default_factory=list)
    #: False when its values cannot be known here (an ApplicationSet's template, ``{{…}}`` in the
    #: values): only ``findings`` (which say so) are reported, no rule is run.
    checked: bool = True
    #: Indices into ``layers`` of those holding a Kubernetes Secret's values (a Flux
    #: ``valuesFrom`` Secret): no finding, error or output may show what they hold.
    secret_layers: list[int] = field(default_factory=list)
