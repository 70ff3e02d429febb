"""Argo CD ``Application``s (``argoproj.io/v1alpha1``) as the installs of the Determined chart
they make, values assembled as Argo CD's repo server assembles them.

From argo-cd's source (``reposerver/repository/repository.go``, ``helmTemplate`` and
``getResolvedValueFiles``; ``util/helm/cmd.go``, ``template``; ``pkg/apis/application/v1alpha1/
values.go``, ``ValuesYAML``):

- ``helm template`` is run (no cluster: always an install) with ``--values`` for each of
  ``valueFiles`` in order, then one more ``--values`` holding ``valuesObject`` when it is set,
  else ``values``: ``valuesObject`` *replaces* ``values``, it is not merged over it;
- then ``--set`` for each parameter (``--set-string`` with ``forceString``) and ``--set-file``
  for each of ``fileParameters``; Helm applies every ``--values`` first, then ``--set``, then
  ``--set-string``, then ``--set-file``. Parameters are kept in maps by name, so a name given
  twice takes its last value;
- ``$ref/path`` value files are read from the source whose ``ref`` is ``ref``, from its root;
  other paths are relative to the source's ``path`` (absolute ones from the repository's root);
  a missing file fails the render unless ``ignoreMissingValueFiles``; a glob is expanded in
  lexical order, a file also listed by name taking the named place, each file once;
- the release is ``helm.releaseName``, else the Application's name; the namespace
  ``helm.namespace``, else ``destination.namespace``.
"""

from __future__ import annotations

import os

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, Severity, UsageError
from chartgen.gitops.model import Flag, Install
from chartgen.gitops.reading import documents, embedded, section, value_at
from chartgen.gitops.repo import OUTSIDE, Repo
from chartgen.hints import typing
from chartgen.yamlio import Loaded

#: What could not be checked (a template, a file inside the chart package): one warning, located.
NOT_CHECKED = "unchecked-values"
#: A value file Argo CD would fail to find.
MISSING = "values-file-missing"
#: ``values`` that Argo CD drops because ``valuesObject`` is set.
IGNORED = "argocd-values-ignored"
_CHART = "determined"


def installs(docs: list[Loaded], file: str, repo: Repo, text: str) -> list[Install]:
    """The installs of the Determined chart the Applications (and ApplicationSets) of ``docs`` make."""
    found: list[Install] = []
    for doc in docs:
        data = doc.data
        if not isinstance(data, dict) or not str(data.get("apiVersion", "")).startswith("argoproj.io/"):
            continue
        if data.get("kind") == "Application":
            found.extend(_application(doc, (), file, repo, text))
        elif data.get("kind") == "ApplicationSet":
            found.extend(_application_set(doc, file, repo))
    return found


def _sources(doc: Loaded, base: Path) -> list[Path]:
    spec = value_at(doc.data, (*base, "spec"))
    if not isinstance(spec, dict):
        return []
    paths: list[Path] = []
    if isinstance(spec.get("source"), dict):
        paths.append((*base, "spec", "source"))
    if isinstance(spec.get("sources"), list):
        paths += [(*base, "spec", "sources", i) for i, s in enumerate(spec["sources"]) if isinstance(s, dict)]
    return paths


def _application_set(doc: Loaded, file: str, repo: Repo) -> list[Install]:
    """An ApplicationSet's template is filled in per generated Application: one warning per
    Determined source of it, nothing checked."""
    out = []
    for path in _sources(doc, ("spec", "template")):
        if _determined(doc, path, repo) is None:
            continue
        at = doc.at(path, key=True) or doc.at(path) or Location(file, 1, 1)
        install = Install("argocd", f"ApplicationSet {_name(doc)}", at, _chart_text(doc, path), checked=False)
        install.findings.append(
            Diagnostic(
                NOT_CHECKED,
                "an ApplicationSet's template: its values are filled in for each Application the generators "
                "make, so they were not checked here; lint a generated Application instead",
                Severity.WARNING,
                at,
            )
        )
        out.append(install)
    return out


def _name(doc: Loaded) -> str:
    name = value_at(doc.data, ("metadata", "name"))
    return name if isinstance(name, str) else ""


def _text(doc: Loaded, path: Path) -> str | None:
    """A scalar as it was written (``0.38`` is a number to YAML, a version to Argo CD)."""
    value = value_at(doc.data, path)
    if value is None or isinstance(value, (dict, list)):
        return None
    if isinstance(value, str):
        return value
    return doc.words.get(path, str(value))


def _chart_text(doc: Loaded, path: Path) -> str:
    chart = _text(doc, (*path, "chart")) or ""
    url = _text(doc, (*path, "repoURL")) or ""
    return f"{url.rstrip('/')}/{chart}" if chart and url else chart or url


def _determined(doc: Loaded, path: Path, repo: Repo) -> str | None:
    """How a source is the Determined chart (``chart``, ``oci``, or the chart directory of a
    ``path`` source in this repository), else None."""
    chart = _text(doc, (*path, "chart"))
    url = _text(doc, (*path, "repoURL")) or ""
    if chart is not None:
        return "chart" if chart == _CHART or chart.endswith("/" + _CHART) else None
    if url.startswith("oci://") and url.rstrip("/").endswith("/" + _CHART):
        return "oci"
    local = _text(doc, (*path, "path"))
    if local is not None and repo.names(url) and _chart_name(repo, local) == _CHART:
        return "path"
    return None


def _chart_dir(repo: Repo, local: str) -> str:
    return os.path.normpath(os.path.join(repo.root, local.lstrip("/")))


def _chart_name(repo: Repo, local: str) -> str | None:
    """The ``name`` of the Chart.yaml of a ``path`` source, when it is inside this repository."""
    chart = _chart_yaml(repo, local)
    if chart is None:
        return None
    name = chart.data.get("name") if isinstance(chart.data, dict) else None
    return name if isinstance(name, str) else None


def _chart_yaml(repo: Repo, local: str) -> Loaded | None:
    from chartgen.yamlio.read import read_text

    path = os.path.join(_chart_dir(repo, local), "Chart.yaml")
    if not repo.contains(path) or not os.path.isfile(path):
        return None
    try:
        text, name = read_text(path)
        found = documents(text, name)
    except (ChartgenError, UsageError):  # a broken Chart.yaml is not a Determined chart one can install
        return None
    return found[0] if found else None


def _application(doc: Loaded, base: Path, file: str, repo: Repo, text: str) -> list[Install]:
    name = _name(doc)
    sources = _sources(doc, base)
    refs = {}
    for path in sources:
        ref = _text(doc, (*path, "ref"))
        if ref:
            refs["$" + ref] = _text(doc, (*path, "repoURL")) or ""
    out = []
    for path in sources:
        how = _determined(doc, path, repo)
        if how is None:
            continue
        label = f"Application {name}" if len(sources) == 1 else f"Application {name} ({_where(path)})"
        at = doc.at(path, key=True) or doc.at(path) or Location(file, 1, 1)
        install = Install("argocd", label, at, _chart_text(doc, path))
        _identity(install, doc, base, path, how, repo)
        _values(install, doc, path, how, refs, file, repo, text)
        out.append(install)
    return out


def _where(path: Path) -> str:
    return "source" if path[-1] == "source" else f"sources[{path[-1]}]"


def _identity(install: Install, doc: Loaded, base: Path, path: Path, how: str, repo: Repo) -> None:
    """Release name, namespace and chart version, as the repo server passes them to Helm."""
    helm = (*path, "helm")
    install.release_name = _text(doc, (*helm, "releaseName")) or _name(doc) or install.release_name
    install.namespace = (
        _text(doc, (*helm, "namespace"))
        or _text(doc, (*base, "spec", "destination", "namespace"))
        or install.namespace
    )
    if how == "path":
        local = _text(doc, (*path, "path")) or ""
        chart = _chart_yaml(repo, local)
        pin = _text(chart, ("version",)) if chart is not None else None
        at = chart.at(("version",)) if chart is not None else None
    else:
        pin = _text(doc, (*path, "targetRevision"))
        at = doc.at((*path, "targetRevision"))
    if pin is not None and at is not None:
        install.version, install.version_at = pin, at  # as written: checking resolves the range


def _values(
    install: Install,
    doc: Loaded,
    path: Path,
    how: str,
    refs: dict[str, str],
    file: str,
    repo: Repo,
    text: str,
) -> None:
    helm = (*path, "helm")
    if not isinstance(value_at(doc.data, helm), dict):
        return
    if _templated(install, doc, helm):
        install.checked = False
        return
    missing_ok = value_at(doc.data, (*helm, "ignoreMissingValueFiles")) is True
    files = value_at(doc.data, (*helm, "valueFiles"))
    named: list[tuple[str, Location, str]] = []
    for index, entry in enumerate(files if isinstance(files, list) else []):
        where = doc.at((*helm, "valueFiles", index)) or install.at
        if isinstance(entry, str):
            resolved = _value_file(entry, where, doc, path, how, refs, file, repo, install)
            if resolved is not None:
                named.append((entry, where, resolved))
    # A file listed by name takes its own place, not the place of a glob that also matches it.
    explicit = {os.path.realpath(resolved) for _, _, resolved in named if not _is_glob(resolved)}
    seen: set[str] = set()
    for entry, where, resolved in named:
        if _is_glob(resolved):
            matches = _matches(resolved, entry, where, repo, install, explicit)
            if matches is None or (not matches and missing_ok):
                continue
            if not matches:
                install.findings.append(_missing(entry, where, glob=True))
        elif not os.path.exists(resolved):
            if not missing_ok:
                install.findings.append(_missing(entry, where))
            continue
        else:
            matches = [resolved]
        for match in matches:
            if os.path.realpath(match) in seen:
                continue  # each file once, at its first place (appendUnique)
            seen.add(os.path.realpath(match))
            layer = _read(match, install, where)
            if layer is not None:
                install.layers.append(layer)
    _inline(install, doc, helm, text)
    _flags(install, doc, helm, path, how, refs, file, repo)


def _templated(install: Install, doc: Loaded, helm: Path) -> bool:
    """Whether the source's values hold ``{{…}}`` (a chart of Applications, a template): then
    they are not what Argo CD installs, and one warning says so."""
    found = _template_in(value_at(doc.data, helm), helm)
    if found is None:
        return False
    install.findings.append(
        Diagnostic(
            NOT_CHECKED,
            "`{{…}}` in the Application's Helm values: this file is a template (of an ApplicationSet "
            "or a chart of Applications), so what Argo CD installs is known only once it is filled in; "
            "its values were not checked",
            Severity.WARNING,
            doc.at(found) or install.at,
        )
    )
    return True


def _template_in(value: typing.Any, path: Path) -> Path | None:
    if isinstance(value, str):
        return path if "{{" in value else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _template_in(item, (*path, key))
        if found is not None:
            return found
    return None


def _value_file(
    entry: str,
    where: Location,
    doc: Loaded,
    path: Path,
    how: str,
    refs: dict[str, str],
    file: str,
    repo: Repo,
    install: Install,
) -> str | None:
    """The file a ``valueFiles`` entry names, when it is in this repository; else None, with
    the finding saying why. The path's build variables are substituted as Argo CD does (after
    the ``$ref`` is resolved)."""
    ref, slash, rest = entry.partition("/")
    if entry.startswith("$") and ref in refs:
        if not repo.names(refs[ref]):
            install.findings.append(
                _elsewhere(f"value file {entry!r} is in {refs[ref]!r}, not this repository", where, OUTSIDE)
            )
            return None
        rest = _substituted(rest, doc, path, where, install)
        # Argo CD refuses to render a value file outside the checkout ("resolved to outside
        # repository root"): an error, as the Application cannot sync.
        found = repo.open(file, "/" + rest if slash else "/", where, rooted=True, severity=Severity.ERROR)
    elif how == "path":
        entry = _substituted(entry, doc, path, where, install)
        local = _text(doc, (*path, "path")) or ""
        base = os.path.join(_chart_dir(repo, local), "Chart.yaml")
        found = repo.open(_spelt(base, file), entry, where, rooted=True, severity=Severity.ERROR)
    else:
        if entry == "values.yaml":
            return None  # the chart's own defaults, which are below every layer anyway
        install.findings.append(
            _elsewhere(
                f"value file {entry!r} is read from inside the chart package Argo CD downloads",
                where,
                NOT_CHECKED,
            )
        )
        return None
    if isinstance(found, Diagnostic):
        install.findings.append(found)
        return None
    return found


def _spelt(path: str, like: str) -> str:
    """``path`` (absolute) spelt as ``like`` is: relative to the working directory if it is."""
    return path if os.path.isabs(like) else os.path.relpath(path)


def _elsewhere(what: str, where: Location, rule: str) -> Diagnostic:
    return Diagnostic(
        rule,
        f"{what}, outside what can be checked: its values were not read, and the mistakes they may "
        "hold or override are not reported",
        Severity.WARNING,
        where,
        hint="keep the values in this repository and name them by a $ref whose repoURL is its remote",
    )


def _missing(entry: str, where: Location, *, glob: bool = False) -> Diagnostic:
    what = "matches no file" if glob else "does not exist"
    return Diagnostic(
        MISSING,
        f"value file {entry!r} {what}: Argo CD fails to render the Application "
        "(set ignoreMissingValueFiles: true if it is optional)",
        Severity.ERROR,
        where,
    )


def _is_glob(path: str) -> bool:
    return any(char in path for char in "*?[")


def _matches(
    pattern: str, entry: str, where: Location, repo: Repo, install: Install, explicit: set[str]
) -> list[str] | None:
    """The files a glob value file matches, in lexical order (``doublestar.FilepathGlob``; ``**``
    any depth), less those listed by name; None, with the finding, when one leaves the repository."""
    import glob

    found = sorted(glob.glob(pattern, recursive=True))
    outside = [match for match in found if not repo.contains(match)]
    if outside:
        install.findings.append(
            Diagnostic(
                OUTSIDE,
                f"value file glob {entry!r} matches a file outside the repository (through a symbolic "
                "link), so Argo CD refuses it; nothing it matches was read",
                Severity.ERROR,
                where,
            )
        )
        return None
    return [match for match in found if os.path.isfile(match) and os.path.realpath(match) not in explicit]


def _read(resolved: str, install: Install, where: Location) -> Loaded | None:
    from chartgen.values.load import read_source

    try:
        return read_source(resolved)
    except ChartgenError as exc:
        install.findings.extend(exc.diagnostics)
    except UsageError as exc:  # unreadable (a directory, no permission): said where it is named
        install.findings.append(Diagnostic(MISSING, str(exc), location=where))
    return None


def _inline(install: Install, doc: Loaded, helm: Path, text: str) -> None:
    """``valuesObject`` when set, else the ``values`` string: one more ``--values`` layer."""
    try:
        if value_at(doc.data, (*helm, "valuesObject")) is not None:
            layer = section(doc, (*helm, "valuesObject"))
            if value_at(doc.data, (*helm, "values")) not in (None, ""):
                install.findings.append(
                    Diagnostic(
                        IGNORED,
                        "helm.values is ignored: Argo CD passes valuesObject instead when both are set "
                        "(ApplicationSourceHelm.ValuesYAML), so nothing in this string takes effect",
                        Severity.WARNING,
                        doc.at((*helm, "values"), key=True) or install.at,
                        hint="move these values into valuesObject, or remove one of the two",
                    )
                )
        elif value_at(doc.data, (*helm, "values")) not in (None, ""):
            layer = embedded(doc, (*helm, "values"), text)
        else:
            return
    except ChartgenError as exc:
        install.findings.extend(exc.diagnostics)
        return
    if layer is not None:
        install.layers.append(layer)


def _flags(
    install: Install,
    doc: Loaded,
    helm: Path,
    path: Path,
    how: str,
    refs: dict[str, str],
    file: str,
    repo: Repo,
) -> None:
    """``parameters`` and ``fileParameters`` as Helm gets them: each kind a map by name."""
    by_kind: dict[str, dict[str, Flag]] = {"set": {}, "set-string": {}, "set-file": {}}
    parameters = value_at(doc.data, (*helm, "parameters"))
    for index, _ in enumerate(parameters if isinstance(parameters, list) else []):
        item = (*helm, "parameters", index)
        name, value = _text(doc, (*item, "name")), _text(doc, (*item, "value")) or ""
        if not name:
            continue
        kind = "set-string" if value_at(doc.data, (*item, "forceString")) is True else "set"
        at = doc.at((*item, "value")) or doc.at(item) or install.at
        name_at = doc.at((*item, "name")) or at
        by_kind[kind].pop(name, None)  # a map: the last one given is the one passed, in its place
        value = _substituted(value, doc, path, at, install)
        by_kind[kind][name] = Flag(kind, name, _escaped(value), at, name_at)
    given = value_at(doc.data, (*helm, "fileParameters"))
    for index, _ in enumerate(given if isinstance(given, list) else []):
        item = (*helm, "fileParameters", index)
        name, entry = _text(doc, (*item, "name")), _text(doc, (*item, "path"))
        if not name or not entry:
            continue
        at = doc.at((*item, "path")) or doc.at(item) or install.at
        resolved = _value_file(entry, at, doc, path, how, refs, file, repo, install)
        if resolved is None:
            continue
        by_kind["set-file"].pop(name, None)
        by_kind["set-file"][name] = Flag("set-file", name, resolved, at, doc.at((*item, "name")) or at)
    for flags in by_kind.values():
        install.flags.extend(flags.values())


def _escaped(value: str) -> str:
    """A parameter's value as ``cleanSetParameters`` (util/helm/cmd.go) passes it: every comma
    not already escaped gets a backslash, unless the value is a ``{…}`` list."""
    if value.startswith("{") and value.endswith("}"):
        return value
    out = []
    previous = ""
    for char in value:
        out.append("\\," if char == "," and previous != "\\" else char)
        previous = char
    return "".join(out)


#: Argo CD's build environment (``repository.go``, ``newEnv``) that depends on the commit it renders.
_REVISION = ("ARGOCD_APP_REVISION", "ARGOCD_APP_REVISION_SHORT", "ARGOCD_APP_REVISION_SHORT_8")


def _substituted(text: str, doc: Loaded, path: Path, at: Location, install: Install) -> str:
    """``text`` with Argo CD's build variables expanded as ``Env.Envsubst`` (Go's ``os.Expand``)
    expands them: ``$NAME`` and ``${NAME}``, ``$$`` for ``$``, an unknown name as nothing. The
    revision's variables depend on the commit rendered: left as written, with a warning."""
    if "$" not in text:
        return text
    env = {
        "ARGOCD_APP_NAME": _name(doc),
        "ARGOCD_APP_NAMESPACE": _text(doc, ("spec", "destination", "namespace")) or "",
        "ARGOCD_APP_PROJECT_NAME": _text(doc, ("spec", "project")) or "",
        "ARGOCD_APP_SOURCE_REPO_URL": _text(doc, (*path, "repoURL")) or "",
        "ARGOCD_APP_SOURCE_PATH": _text(doc, (*path, "path")) or "",
        "ARGOCD_APP_SOURCE_TARGET_REVISION": _text(doc, (*path, "targetRevision")) or "",
    }
    out: list[str] = []
    index = 0
    unknowable = False
    while index < len(text):
        char = text[index]
        if char != "$" or index + 1 == len(text):
            out.append(char)
            index += 1
            continue
        name, width = _shell_name(text[index + 1 :])
        if not name and not width:
            out.append(char)  # ``$`` before what names nothing stays
        elif name in _REVISION:
            unknowable = True
            out.append(text[index : index + 1 + width])
        elif name == "$":
            out.append("$")
        elif name:
            out.append(env.get(name, ""))
        index += 1 + width
    if unknowable:
        install.findings.append(
            Diagnostic(
                NOT_CHECKED,
                "$ARGOCD_APP_REVISION is the commit Argo CD renders, known only then: "
                "this value was checked as written",
                Severity.WARNING,
                at,
            )
        )
    return "".join(out)


def _shell_name(text: str) -> tuple[str, int]:
    """Go's ``getShellName``: the variable name at the start of ``text`` and how many characters
    it takes (``("", 0)``: none, the ``$`` is kept; ``("", n)``: bad syntax, ``n`` dropped)."""
    special = "*#$@!?-0123456789"
    if text[0] == "{":
        if len(text) > 2 and text[1] in special and text[2] == "}":
            return text[1], 3
        end = text.find("}")
        if end < 0:
            return "", 1
        return ("", 2) if end == 1 else (text[1:end], end + 1)
    if text[0] in special:
        return text[0], 1
    width = 0
    while width < len(text) and (text[width].isascii() and (text[width].isalnum() or text[width] == "_")):
        width += 1
    return text[:width], width
