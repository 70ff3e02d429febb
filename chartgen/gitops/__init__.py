"""Values where GitOps repositories keep them: the installs of the Determined chart that Argo CD
Applications, Flux HelmReleases, helmfiles and kustomizations make, recognised by content.

``looks_like_gitops`` is the cheap test ``lint`` applies to every file (a few regular-expression
searches, no YAML library, none of the readers imported); ``installs_in`` reads a file that
passes it, and says None when it is not a GitOps file after all, so it is checked as a values file.
"""

from __future__ import annotations

import os
import re

from chartgen.hints import TYPE_CHECKING

if TYPE_CHECKING:
    from chartgen.gitops.model import Install
    from chartgen.gitops.repo import Repo
    from chartgen.yamlio import Loaded

#: A top-level key no Determined values file has and GitOps files do: Kubernetes objects
#: ``apiVersion``/``kind``, a helmfile's ``releases``, a kustomization's fields.
_TOP = re.compile(
    r"^(?:apiVersion|kind|releases|helmCharts|resources|components|patches|configMapGenerator|secretGenerator)\s*:",
    re.MULTILINE,
)


def looks_like_gitops(text: str, file: str = "") -> bool:
    """Whether ``file`` (its ``text``) may be a GitOps file, then ``installs_in`` decides: a
    top-level key the Determined chart's values never have, or a helmfile template's name."""
    return file.endswith(".gotmpl") or _TOP.search(text) is not None


def installs_in(file: str, repo: Repo | None = None, *, text: str | None = None) -> list[Install] | None:
    """The installs of the Determined chart ``file`` makes; None when it is not a GitOps file
    (then it is a values file). A GitOps file none of whose installs is Determined's (another
    chart's Application, a ConfigMap a HelmRelease reads) gives an empty list.

    What it is, by content: a kustomization (``kustomization.yaml``, or a
    ``kustomize.config.k8s.io`` Kustomization), a file of Kubernetes objects (Argo CD
    Applications, Flux HelmReleases, anything else passed by), or a helmfile (its name, or a
    top-level ``releases:`` list). ``repo`` bounds what is read besides the file (its own
    repository when None). Raises ``ChartgenError`` when the file is not YAML, ``UsageError``
    when it cannot be read.
    """
    from chartgen.gitops.repo import Repo

    if text is None:
        from chartgen.yamlio.read import read_text

        text, file = read_text(file)
    if file.endswith(".gotmpl"):
        from chartgen.gitops import helmfile

        return helmfile.templated(text, file) if helmfile.is_helmfile_name(file) else None
    if not looks_like_gitops(text, file):
        return None
    from chartgen.diagnostics import ChartgenError
    from chartgen.gitops.reading import documents

    try:
        docs = documents(text, file)
    except ChartgenError:
        if "{{" not in text:
            raise
        return _template(text, file)
    if not docs:
        return None
    repo = repo or Repo.of(file)
    if _is_kustomization(docs[0], file):
        from chartgen.gitops import kustomize

        return kustomize.installs(docs, file, repo, text)
    if all(_is_object(doc.data) for doc in docs):
        from chartgen.gitops import argocd, flux

        return [*argocd.installs(docs, file, repo, text), *flux.installs(docs, file, repo, text)]
    if _is_helmfile(docs, file):
        from chartgen.gitops import helmfile

        return helmfile.installs(docs, file, repo)
    return None


def _is_object(data: object) -> bool:
    """A Kubernetes object: a map with an ``apiVersion`` and a ``kind``."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("apiVersion"), str)
        and isinstance(data.get("kind"), str)
    )


def _is_kustomization(doc: Loaded, file: str) -> bool:
    """kustomize reads a kustomization only by its file names; one without ``apiVersion`` is
    taken by those names alone, so another chart's values file with ``resources:`` is not one."""
    from chartgen.gitops import kustomize

    data = doc.data if isinstance(doc.data, dict) else {}
    named = os.path.basename(file) in kustomize.KUSTOMIZATION_NAMES
    declared = str(data.get("apiVersion", "")).startswith("kustomize.config.k8s.io/")
    return (named or declared) and kustomize.is_kustomization(doc)


def _is_helmfile(docs: list[Loaded], file: str) -> bool:
    from chartgen.gitops import helmfile

    if helmfile.is_helmfile_name(file):
        return True
    return any(isinstance(doc.data, dict) and isinstance(doc.data.get("releases"), list) for doc in docs)


#: A line of a template naming the Determined chart (Argo CD ``chart:``/``repoURL: oci://…``, Flux ``chart:``).
_DETERMINED = re.compile(r"^\s*(?:-\s+)?(?:chart|repoURL)\s*:\s*[\"']?(?:\S*/)?determined[\"']?\s*(?:#.*)?$")
_TOOLS = (("argoproj.io/", "argocd"), ("helm.toolkit.fluxcd.io/", "flux"))


def _template(text: str, file: str) -> list[Install]:
    """A file of objects written as a Go template (the ``templates/`` of a chart of Applications):
    not YAML until it is rendered. One warning at the line naming the Determined chart, if one
    does; another chart's template is passed by."""
    from chartgen.diagnostics import Diagnostic, Location, Severity
    from chartgen.gitops.model import Install

    tool = next((name for marker, name in _TOOLS if marker in text), None)
    lines = text.splitlines()
    number = next((n for n, line in enumerate(lines, 1) if _DETERMINED.match(line)), None)
    if tool is None or number is None:
        return []
    at = Location(file, number, len(lines[number - 1]) - len(lines[number - 1].lstrip()) + 1)
    install = Install(tool, f"template {file}", at, "determined", checked=False)
    install.findings.append(
        Diagnostic(
            "unchecked-values",
            "this file is a template (`{{…}}`, not YAML until rendered, as a chart of Applications is): "
            "the Determined install it makes exists only once it is rendered, so it was not checked",
            Severity.WARNING,
            at,
            hint="lint what it renders (helm template … > rendered.yaml; chartgen lint rendered.yaml)",
        )
    )
    return [install]
