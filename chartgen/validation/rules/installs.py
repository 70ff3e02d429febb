"""What a GitOps object says about the install, checked as the tool reads it: the chart version
it pins, and values it writes that the tool never passes to Helm.

These findings come from ``chartgen.gitops`` (``versions``, ``argocd``) as the objects are read;
they are registered here so they are listed, explained and configured like every other rule.
"""

from chartgen.releases import LATEST
from chartgen.validation.registry import explain

explain(
    "chart-version-unknown",
    f"""The chart version a GitOps object pins (Argo CD ``targetRevision``, Flux
    ``chart.spec.version``, helmfile ``version``) allows no release chartgen knows, or is not a
    version at all.

    The pin is the release the cluster gets, so it is the release lint checks against; a range
    (``0.38.x``, ``~0.37``, ``>=0.37``) is read as Helm reads it (Masterminds semver) and the
    newest supported release it allows is used. A pin that allows none is a warning, and the
    nearest supported release is checked instead; one that is not a version Helm reads is an
    error (no chart can be installed from it).

    pass: ``targetRevision: {LATEST}``, ``version: 0.38.x``
    fail: ``targetRevision: 0.99.0`` (warning), ``version: 0.38.x.y`` (error)

    fix: pin a supported release; update chartgen if the release is newer than it.
    """,
)

explain(
    "argocd-values-ignored",
    """Warning: an Argo CD source with both ``helm.values`` and ``helm.valuesObject``. Argo CD
    passes ``valuesObject`` alone (``ApplicationSourceHelm.ValuesYAML``): the ``values`` string is
    dropped, not merged, so nothing in it takes effect.

    pass: ``valuesObject: {maxSlotsPerPod: 4}``
    fail: ``values: "maxSlotsPerPod: 4"`` beside ``valuesObject: {db: …}``

    fix: move the string's values into ``valuesObject``, or keep only one of the two.
    """,
)
