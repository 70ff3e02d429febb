"""kustomize: ``helmCharts`` of a ``kustomization.yaml``, and the objects a kustomization builds
(``resources``, ``components``, generators and ``patches``), positioned where each part was written.

What kustomize does, read from its code (kubernetes-sigs/kustomize):

- ``api/internal/target/kusttarget.go`` ``AccumulateTarget``: ``resources`` (files, or
  directories holding a kustomization, built first), then the generators
  (``configMapGenerator``, ``secretGenerator``, ``helmCharts``), then ``components`` (each applied
  to what was accumulated), then the transformers in ``kusttarget_configplugin.go``'s order:
  ``patchesStrategicMerge``, ``patches``, ``namespace``, …, ``patchesJson6902``.
- ``api/internal/builtins/PatchTransformer.go``: a patch is inline (``patch:``) or a file
  (``path:``); it is JSON 6902 when it is a list of operations, else strategic merge; JSON 6902
  needs a ``target``; a strategic-merge patch without one patches the object of its own kind and
  name. ``api/types/selector.go``: ``group``, ``version``, ``kind``, ``name``, ``namespace`` are
  regular expressions anchored at both ends; ``labelSelector``/``annotationSelector`` as
  Kubernetes selects.
- Strategic merge is ``kyaml/yaml/merge2`` (``patchstrategicmerge.Filter``). A HelmRelease has no
  OpenAPI schema in kustomize, so no list has a merge key (``kyaml/yaml/schema/schema.go``
  ``IsAssociative``: no schema and no inference): maps are merged, lists and scalars replaced, a
  ``null`` deletes the key, ``$patch: delete``/``replace`` act on a map.
- ``HelmChartInflationGenerator.go``: ``valuesFile`` (default: the chart's own values.yaml) and
  ``valuesInline`` are merged into one values file by ``merge2`` as ``valuesMerge`` says —
  ``override`` (the default): inline wins; ``merge``: the file wins; ``replace``: inline alone —
  and ``api/types/helmchartargs.go`` ``AsHelmArgs`` runs ``helm template RELEASE CHART --namespace
  NS -f <that file> -f <each additionalValuesFiles>``: additional files override both.
"""

from __future__ import annotations

import os
import re

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, Severity
from chartgen.gitops.model import Install
from chartgen.gitops.repo import Repo
from chartgen.hints import typing
from chartgen.records import field, record, replace
from chartgen.yamlio import Loaded

KUSTOMIZATION_NAMES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
#: A build reads at most this many files (kustomizations, resources, patches, value files).
MAX_FILES = 500
#: Bases deeper than this are a loop kustomize would also refuse ("cycle detected").
MAX_DEPTH = 30

MISSING = "gitops-reference-missing"
PATCH = "kustomize-patch-failed"


@record
class Piece:
    """Where a generated ConfigMap's or Secret's value came from: a file's whole text (``files:``,
    positions its own), or a literal or env line (every position at ``at``)."""

    text: str
    at: Location
    whole_file: bool = False


@record
class Resource:
    """One object as kustomize builds it, each part positioned where it was written."""

    doc: Loaded
    #: For a generated ConfigMap or Secret: its data keys and where each came from.
    generated: dict[str, Piece] = field(default_factory=dict)
    #: Whether it came out of ``secretGenerator`` or is a ``Secret`` (its values never shown).
    secret: bool = False
    #: Where the object was first written, whatever patched it since.
    origin: Location | None = None
    #: How kustomize renamed it (``a hash of its content`` for a generated one, ``namePrefix`` /
    #: ``nameSuffix``) while nothing rewrites a HelmRelease's ``valuesFrom`` to the new name
    #: (kustomize's name references do not know HelmReleases): Flux looks for the name as
    #: written and does not find it. Empty when it keeps the name references use.
    renamed_by: str = ""
    #: The name as written, before a ``namePrefix``/``nameSuffix``.
    written_name: str | None = None

    def __post_init__(self) -> None:
        if self.origin is None:
            self.origin = self.doc.at(())

    @property
    def kind(self) -> str:
        return str(_get(self.doc.data, ("kind",)) or "")

    @property
    def name(self) -> str:
        return str(_get(self.doc.data, ("metadata", "name")) or "")

    @property
    def namespace(self) -> str | None:
        found = _get(self.doc.data, ("metadata", "namespace"))
        return str(found) if found else None


@record
class Build:
    """What one ``kustomize build`` of a directory gives: its objects, the files' texts (for
    values held in strings), and what stopped part of it from being read."""

    resources: list[Resource] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    findings: list[Diagnostic] = field(default_factory=list)


def kustomization_in(directory: str) -> str | None:
    """The kustomization file of ``directory``, as kustomize looks for it; None when none."""
    for name in KUSTOMIZATION_NAMES:
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate):
            return candidate
    return None


def is_kustomization(doc: Loaded) -> bool:
    data = doc.data
    if not isinstance(data, dict):
        return False
    api = str(data.get("apiVersion") or "")
    if data.get("kind") in ("Kustomization", "Component") and api.startswith("kustomize.config.k8s.io/"):
        return True
    return "apiVersion" not in data and any(key in data for key in _FIELDS)


_FIELDS = ("resources", "helmCharts", "patches", "components", "configMapGenerator", "secretGenerator")


def installs(docs: list[Loaded], file: str, repo: Repo, text: str | None = None) -> list[Install]:
    """The Determined installs of a kustomization: its own ``helmCharts`` entries, and each
    HelmRelease it builds (patched by it and its bases), as Flux would install it."""
    if not docs or not is_kustomization(docs[0]):
        return []
    from chartgen.gitops import flux

    builder = _Builder(repo)
    if text is None:
        text = builder.read(file, None)
    else:
        builder.texts[file] = text
    built = builder.finished(builder.build(file, docs[0], text or "", [], 0))
    out = _charts(docs[0], file, builder)
    for resource in built:
        if flux.is_helmrelease(resource.doc):
            found = flux.release(resource, built, builder.texts)
            if found is not None:
                out.append(found)
    if out:
        out[0].findings[:0] = builder.findings
    return out


def build(file: str, repo: Repo) -> Build:
    """``kustomize build`` of the kustomization ``file``, as far as its objects go."""
    builder = _Builder(repo)
    text = builder.read(file, None)
    resources: list[Resource] = []
    if text is not None:
        docs = builder.documents(text, file)
        if docs:
            resources = builder.finished(builder.build(file, docs[0], text, [], 0))
    return Build(resources, builder.texts, builder.findings)


def _charts(kdoc: Loaded, file: str, builder: _Builder) -> list[Install]:
    from chartgen.gitops.reading import section

    charts = _get(kdoc.data, ("helmCharts",))
    if not isinstance(charts, list):
        return []
    out: list[Install] = []
    for index, entry in enumerate(charts):
        if not isinstance(entry, dict) or not _is_determined(entry):
            continue
        base: Path = ("helmCharts", index)
        at = kdoc.at(base) or Location(file, 1, 1)
        install = Install(
            "kustomize",
            f"helmCharts {entry.get('releaseName') or entry.get('name')}",
            at,
            _chart_name(entry),
            version=str(entry["version"]) if entry.get("version") else None,
            version_at=kdoc.at((*base, "version")),
            namespace=str(entry.get("namespace") or "default"),
        )
        if entry.get("releaseName"):
            install.release_name = str(entry["releaseName"])
        first: Loaded | None = None
        if entry.get("valuesFile"):
            first = builder.values_file(file, str(entry["valuesFile"]), kdoc.at((*base, "valuesFile")) or at)
        try:
            inline = section(kdoc, (*base, "valuesInline"))
        except ChartgenError as exc:
            install.findings.extend(exc.diagnostics)
            inline = None
        mode = str(entry.get("valuesMerge") or "override")
        if inline is not None and inline.data:
            if mode == "replace":
                first = inline
            elif first is None and mode == "merge":
                first = _under_chart(inline, install.version, install.version_at or at)
            elif first is None:
                first = _merged(Loaded({}, file), inline)
            elif mode == "merge":
                first = _merged(inline, first)
            else:
                first = _merged(first, inline)
        if first is not None:
            install.layers.append(first)
        extra = entry.get("additionalValuesFiles")
        for number, name in enumerate(extra if isinstance(extra, list) else []):
            where = kdoc.at((*base, "additionalValuesFiles", number)) or at
            layer = builder.values_file(file, str(name), where)
            if layer is not None:
                install.layers.append(layer)
        install.findings.extend(builder.take())
        out.append(install)
    return out


def _under_chart(inline: Loaded, version: str | None, at: Location) -> Loaded:
    """``valuesMerge: merge`` without a ``valuesFile``: merged under the chart's own values.yaml
    (kustomize's test ``TestHelmChartInflationGeneratorValuesMerge``), so only what the chart
    leaves unset — or holds a map for — is kept."""
    from chartgen.releases import LATEST
    from chartgen.values.load import chart_defaults

    release = LATEST
    if version:
        from chartgen.gitops.versions import resolve

        release, _ = resolve(version, at)
    kept = _unset_in(inline.data, chart_defaults(release))
    return _positioned(_clean(kept), inline, Loaded(None, inline.file))


def _unset_in(upper: typing.Any, chart: typing.Any) -> typing.Any:
    out = {}
    for key, value in upper.items():
        if key not in chart:
            out[key] = value
        elif isinstance(value, dict) and isinstance(chart[key], dict):
            out[key] = _unset_in(value, chart[key])
    return out


def _is_determined(entry: dict[str, typing.Any]) -> bool:
    name = str(entry.get("name") or "")
    return name.rstrip("/").rsplit("/", 1)[-1] == "determined"


def _chart_name(entry: dict[str, typing.Any]) -> str:
    repo_url = str(entry.get("repo") or "")
    name = str(entry.get("name") or "")
    return f"{repo_url.rstrip('/')}/{name}" if repo_url else name


class _Builder:
    """One build: the files read so far (each read once, at most ``MAX_FILES``) and findings."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        self.texts: dict[str, str] = {}
        self.findings: list[Diagnostic] = []
        self.reads = 0
        self.visits = 0
        #: Whether a configuration of the build rewrites HelmReleases' valuesFrom names.
        self.renamed = False
        self.stopped = False

    def finished(self, built: list[Resource]) -> list[Resource]:
        """The build's objects once its name references are fixed: with a configuration that
        rewrites ``valuesFrom``, a hashed name is found by the name written."""
        if not self.renamed:
            return built
        return [replace(r, renamed_by="") if r.renamed_by else r for r in built]

    def take(self) -> list[Diagnostic]:
        found, self.findings = self.findings, []
        return found

    def read(self, path: str, at: Location | None) -> str | None:
        if path in self.texts:
            return self.texts[path]
        from chartgen.yamlio.read import decode, read_bytes

        self.reads += 1
        if self.reads > MAX_FILES:
            self.missing(
                at or Location(path, 1, 1), f"the build reads more than {MAX_FILES} files; {path} was not"
            )
            return None
        try:
            text = decode(read_bytes(path), path)
        except ChartgenError as exc:
            self.findings.extend(exc.diagnostics)
            return None
        except OSError as exc:
            self.missing(at or Location(path, 1, 1), f"{path} cannot be read ({exc.strerror or exc})")
            return None
        self.texts[path] = text
        return text

    def documents(self, text: str, file: str) -> list[Loaded]:
        from chartgen.gitops.reading import documents

        try:
            return [doc for doc in documents(text, file) if isinstance(doc.data, dict)]
        except ChartgenError as exc:
            self.findings.extend(exc.diagnostics)
            return []

    def missing(self, at: Location, message: str, severity: Severity = Severity.WARNING) -> None:
        self.findings.append(
            Diagnostic(
                MISSING,
                message,
                severity,
                at,
                hint="keep what the kustomization names in this repository, at the path it gives",
            )
        )

    def inside(self, base_file: str, relative: str, at: Location, what: str) -> str | None:
        opened = self.repo.open(base_file, relative, at, what=what)
        if isinstance(opened, Diagnostic):
            self.findings.append(opened)
            return None
        return opened

    def values_file(self, base_file: str, relative: str, at: Location) -> Loaded | None:
        from chartgen.values.load import from_text

        path = self.inside(base_file, relative, at, "values file")
        if path is None:
            return None
        if not os.path.isfile(path):
            self.missing(
                at,
                f"values file {relative!r} is not in the repository (kustomize build fails)",
                Severity.ERROR,
            )
            return None
        text = self.read(path, at)
        if text is None:
            return None
        try:
            return from_text(text, path)
        except ChartgenError as exc:
            self.findings.extend(exc.diagnostics)
            return None

    def build(self, file: str, kdoc: Loaded, text: str, base: list[Resource], depth: int) -> list[Resource]:
        """The objects of the kustomization ``kdoc`` (file ``file``), ``base`` those a component
        is applied to (empty for a kustomization)."""
        self.visits += 1
        if depth > MAX_DEPTH or self.visits > MAX_FILES:
            if self.stopped:
                return list(base)
            self.stopped = True
            self.missing(
                kdoc.at(()) or Location(file, 1, 1),
                f"bases nested more than {MAX_DEPTH} deep, or more than {MAX_FILES} of them (a cycle?): "
                "the rest was not read",
            )
            return list(base)
        data = kdoc.data
        self.configurations(file, kdoc)
        out = list(base)
        for field_name in ("resources", "bases"):  # ``bases``: deprecated, read after ``resources``
            for index, entry in enumerate(_strings(data.get(field_name))):
                at = kdoc.at((field_name, index)) or Location(file, 1, 1)
                out.extend(self.resource(file, entry, at, depth))
        out = self.generators(file, kdoc, out)
        for index, entry in enumerate(_strings(data.get("components"))):
            at = kdoc.at(("components", index)) or Location(file, 1, 1)
            out = self.component(file, entry, at, out, depth)
        for index, entry in enumerate(_list(data.get("patchesStrategicMerge"))):
            at = kdoc.at(("patchesStrategicMerge", index)) or Location(file, 1, 1)
            if isinstance(entry, str) and "\n" not in entry and ":" not in entry:
                out = self.patch(file, kdoc, text, {"path": entry}, ("patchesStrategicMerge", index), at, out)
            else:
                out = self.patch(
                    file,
                    kdoc,
                    text,
                    {"patch": entry},
                    ("patchesStrategicMerge", index),
                    at,
                    out,
                    inline=("patchesStrategicMerge", index),
                )
        for index, entry in enumerate(_list(data.get("patches"))):
            if isinstance(entry, dict):
                at = kdoc.at(("patches", index)) or Location(file, 1, 1)
                out = self.patch(file, kdoc, text, entry, ("patches", index), at, out)
        namespace = data.get("namespace")
        if isinstance(namespace, str) and namespace:
            where = kdoc.at(("namespace",)) or Location(file, 1, 1)
            out = [_with_namespace(resource, namespace, where) for resource in out]
        prefix, suffix = data.get("namePrefix"), data.get("nameSuffix")
        if (isinstance(prefix, str) and prefix) or (isinstance(suffix, str) and suffix):
            where = kdoc.at(("namePrefix",) if prefix else ("nameSuffix",)) or Location(file, 1, 1)
            out = [
                _with_name(
                    r,
                    prefix if isinstance(prefix, str) else "",
                    suffix if isinstance(suffix, str) else "",
                    where,
                )
                for r in out
            ]
        for index, entry in enumerate(_list(data.get("patchesJson6902"))):
            if isinstance(entry, dict):
                at = kdoc.at(("patchesJson6902", index)) or Location(file, 1, 1)
                out = self.patch(file, kdoc, text, entry, ("patchesJson6902", index), at, out)
        return out

    def resource(self, file: str, entry: str, at: Location, depth: int) -> list[Resource]:
        path = self.inside(file, entry, at, "kustomize resource")
        if path is None:
            return []
        if os.path.isdir(path):
            inner = kustomization_in(path)
            if inner is None:
                self.missing(at, f"{entry!r} holds no kustomization (kustomize build fails)", Severity.ERROR)
                return []
            text = self.read(inner, at)
            docs = self.documents(text, inner) if text is not None else []
            return self.build(inner, docs[0], text or "", [], depth + 1) if docs else []
        if not os.path.isfile(path):
            self.missing(
                at, f"resource {entry!r} is not in the repository (kustomize build fails)", Severity.ERROR
            )
            return []
        text = self.read(path, at)
        if text is None:
            return []
        return [Resource(doc, secret=doc.data.get("kind") == "Secret") for doc in self.documents(text, path)]

    def component(
        self, file: str, entry: str, at: Location, base: list[Resource], depth: int
    ) -> list[Resource]:
        path = self.inside(file, entry, at, "kustomize component")
        if path is None:
            return base
        inner = kustomization_in(path) if os.path.isdir(path) else path if os.path.isfile(path) else None
        if inner is None:
            self.missing(
                at, f"component {entry!r} is not in the repository (kustomize build fails)", Severity.ERROR
            )
            return base
        text = self.read(inner, at)
        docs = self.documents(text, inner) if text is not None else []
        return self.build(inner, docs[0], text or "", base, depth + 1) if docs else base

    def generators(self, file: str, kdoc: Loaded, out: list[Resource]) -> list[Resource]:
        namespace = kdoc.data.get("namespace")
        for field_name, kind in (("configMapGenerator", "ConfigMap"), ("secretGenerator", "Secret")):
            for index, entry in enumerate(_list(kdoc.data.get(field_name))):
                if not isinstance(entry, dict) or not entry.get("name"):
                    continue
                base: Path = (field_name, index)
                at = kdoc.at(base) or Location(file, 1, 1)
                pieces = self.pieces(file, kdoc, entry, base)
                name = str(entry["name"])
                ns = entry.get("namespace") or namespace
                behavior = str(entry.get("behavior") or "create")
                existing = next(
                    (
                        r
                        for r in out
                        if r.kind == kind and r.name == name and (not ns or r.namespace in (None, ns))
                    ),
                    None,
                )
                if existing is not None and behavior in ("merge", "replace"):
                    merged = {} if behavior == "replace" else dict(existing.generated)
                    merged.update(pieces)
                    out = [r for r in out if r is not existing]
                    pieces = merged
                metadata: dict[str, typing.Any] = {"name": name}
                if ns:
                    metadata["namespace"] = str(ns)
                data = {
                    "apiVersion": "v1",
                    "kind": kind,
                    "metadata": metadata,
                    "data": {k: p.text for k, p in pieces.items()},
                }
                doc = Loaded(
                    data,
                    file,
                    keys={(): at},
                    values={(): at, ("metadata", "name"): kdoc.at((*base, "name")) or at},
                )
                options = entry.get("options")
                own = isinstance(options, dict) and options.get("disableNameSuffixHash") is True
                hashed = not (own or self.unhashed(kdoc))
                out.append(
                    Resource(
                        doc,
                        generated=pieces,
                        secret=kind == "Secret",
                        renamed_by="a hash of its content" if hashed else "",
                    )
                )
        return out

    def unhashed(self, kdoc: Loaded) -> bool:
        options = kdoc.data.get("generatorOptions")
        return isinstance(options, dict) and options.get("disableNameSuffixHash") is True

    def configurations(self, file: str, kdoc: Loaded) -> None:
        """Whether the kustomization's ``configurations`` teach kustomize HelmRelease's
        ``spec/valuesFrom/name`` as a name reference (Flux's documented way to use hashed names)."""
        for index, relative in enumerate(_strings(kdoc.data.get("configurations"))):
            at = kdoc.at(("configurations", index)) or Location(file, 1, 1)
            path = self.inside(file, relative, at, "kustomize configuration")
            text = self.read(path, at) if path is not None and os.path.isfile(path) else None
            if text is not None and "valuesFrom" in text:
                self.renamed = True

    def pieces(self, file: str, kdoc: Loaded, entry: dict[str, typing.Any], base: Path) -> dict[str, Piece]:
        """The data keys of one generator entry: ``files`` (``[key=]path``), ``literals``
        (``key=value``) and ``envs``/``env`` files (``key=value`` lines)."""
        found: dict[str, Piece] = {}
        for index, item in enumerate(_strings(entry.get("files"))):
            at = kdoc.at((*base, "files", index)) or Location(file, 1, 1)
            key, sep, relative = item.partition("=")
            if not sep:
                key, relative = os.path.basename(item), item
            path = self.inside(file, relative, at, "generator file")
            if path is None:
                continue
            if not os.path.isfile(path):
                self.missing(
                    at,
                    f"generator file {relative!r} is not in the repository (kustomize build fails)",
                    Severity.ERROR,
                )
                continue
            text = self.read(path, at)
            if text is not None:
                found[key] = Piece(text, Location(path, 1, 1), whole_file=True)
        for index, item in enumerate(_strings(entry.get("literals"))):
            at = kdoc.at((*base, "literals", index)) or Location(file, 1, 1)
            key, sep, value = item.partition("=")
            if sep:
                found[key.strip()] = Piece(_unquoted(value), at)
        envs = [*_strings(entry.get("envs")), *_strings([entry.get("env")] if entry.get("env") else [])]
        for index, relative in enumerate(envs):
            at = kdoc.at((*base, "envs", index)) or kdoc.at((*base, "env")) or Location(file, 1, 1)
            path = self.inside(file, relative, at, "generator env file")
            text = self.read(path, at) if path is not None and os.path.isfile(path) else None
            for number, line in enumerate((text or "").splitlines(), 1):
                stripped = line.strip()
                if stripped and not stripped.startswith("#") and "=" in stripped:
                    key, _, value = stripped.partition("=")
                    found[key.strip()] = Piece(value, Location(path or file, number, line.index("=") + 2))
        return found

    def patch(
        self,
        file: str,
        kdoc: Loaded,
        text: str,
        entry: dict[str, typing.Any],
        base: Path,
        at: Location,
        out: list[Resource],
        *,
        inline: Path | None = None,
    ) -> list[Resource]:

        patches: list[Loaded] = []
        if entry.get("path"):
            where = kdoc.at((*base, "path")) or at
            path = self.inside(file, str(entry["path"]), where, "patch")
            if path is None:
                return out
            if not os.path.isfile(path):
                self.missing(
                    where,
                    f"patch {entry['path']!r} is not in the repository (kustomize build fails)",
                    Severity.ERROR,
                )
                return out
            patch_text = self.read(path, where)
            if patch_text is None:
                return out
            patches = self.documents_any(patch_text, path)
        elif isinstance(entry.get("patch"), str):
            where_path = inline or (*base, "patch")
            try:
                patches = [inline_patch(kdoc, where_path, text)]
            except ChartgenError as exc:
                self.findings.extend(exc.diagnostics)
                return out
        elif isinstance(entry.get("patch"), dict):
            from chartgen.gitops.reading import section

            found = section(kdoc, inline or (*base, "patch"))
            patches = [found] if found is not None else []
        target = entry.get("target") if isinstance(entry.get("target"), dict) else None
        for patch in patches:
            if isinstance(patch.data, list):
                if target is None:
                    self.patch_failed(at, "a JSON 6902 patch needs a target (kustomize build fails)")
                    continue
                out = [self.json6902(r, patch, at) if _selected(r, target) else r for r in out]
            elif isinstance(patch.data, dict):
                if target is not None:
                    out = [replace(r, doc=smp(r.doc, patch)) if _selected(r, target) else r for r in out]
                    continue
                matched = False
                for i, r in enumerate(out):
                    if _same_object(r, patch):
                        out[i] = replace(r, doc=smp(r.doc, patch))
                        matched = True
                if not matched:
                    self.patch_failed(
                        at, "no resource matches this strategic-merge patch (kustomize build fails)"
                    )
        return [r for r in out if r.doc.data]

    def documents_any(self, text: str, file: str) -> list[Loaded]:
        from chartgen.gitops.reading import documents

        try:
            return [doc for doc in documents(text, file) if isinstance(doc.data, (dict, list))]
        except ChartgenError as exc:
            self.findings.extend(exc.diagnostics)
            return []

    def patch_failed(self, at: Location, message: str) -> None:
        self.findings.append(
            Diagnostic(
                PATCH, message, Severity.ERROR, at, hint="make the patch apply as kustomize applies it"
            )
        )

    def json6902(self, resource: Resource, patch: Loaded, at: Location) -> Resource:
        try:
            doc = json6902(resource.doc, patch)
        except PatchError as exc:
            self.patch_failed(exc.at or at, f"JSON 6902 patch: {exc.reason} (kustomize build fails)")
            return resource
        return replace(resource, doc=doc)


def inline_patch(doc: Loaded, path: Path, text: str) -> Loaded:
    """An inline ``patch: |`` of the kustomization ``doc`` (whose text is ``text``): a
    strategic-merge object (``reading.embedded``) or a JSON 6902 list of operations, each value
    positioned where it was written in the kustomization."""
    from chartgen.gitops.reading import documents, embedded, value_at

    raw = value_at(doc.data, path)
    if isinstance(raw, str) and raw.lstrip().startswith(("[", "-")):
        listed = documents(raw, doc.file)
        start = doc.at(path) or Location(doc.file, 1, 1)
        if listed and isinstance(listed[0].data, list):
            return _shifted(listed[0], _block_shift(text, start), start)
    return embedded(doc, path, text)


def _block_shift(text: str, start: Location) -> tuple[int, int] | None:
    """For a literal block scalar starting at ``start`` (its ``|``: its lines are the string's),
    the line of its first content line and its indentation; None for any other string, whose
    values are all placed at its start."""
    lines = text.split("\n")
    if start.line is None or start.line > len(lines):
        return None
    head = lines[start.line - 1][(start.column or 1) - 1 :]
    if not head.startswith("|"):
        return None
    for number in range(start.line, len(lines)):
        line = lines[number]
        if line.strip():
            return number + 1, len(line) - len(line.lstrip(" "))
    return None


def _shifted(loaded: Loaded, shift: tuple[int, int] | None, start: Location) -> Loaded:
    def moved(where: Location) -> Location:
        if shift is None or where.line is None:
            return start
        return Location(start.file, where.line + shift[0] - 1, (where.column or 1) + shift[1])

    return Loaded(
        loaded.data,
        start.file,
        keys={path: moved(where) for path, where in loaded.keys.items()},
        values={path: moved(where) for path, where in loaded.values.items()},
        words=loaded.words,
    )


def _with_namespace(resource: Resource, namespace: str, at: Location) -> Resource:
    data = resource.doc.data
    if not isinstance(data, dict) or data.get("kind") in _CLUSTER_KINDS:
        return resource
    metadata = dict(data.get("metadata") or {})
    metadata["namespace"] = namespace
    doc = _copy(resource.doc, {**data, "metadata": metadata})
    doc.values[("metadata", "namespace")] = at
    return replace(resource, doc=doc)


def _with_name(resource: Resource, prefix: str, suffix: str, at: Location) -> Resource:
    """``namePrefix``/``nameSuffix`` (kustomize's PrefixTransformer, SuffixTransformer)."""
    data = resource.doc.data
    if not isinstance(data, dict) or data.get("kind") in _CLUSTER_KINDS or not resource.name:
        return resource
    metadata = {**(data.get("metadata") or {}), "name": prefix + resource.name + suffix}
    doc = _copy(resource.doc, {**data, "metadata": metadata})
    doc.values[("metadata", "name")] = at
    written = resource.written_name or resource.name
    how = resource.renamed_by or "namePrefix/nameSuffix"
    return replace(resource, doc=doc, written_name=written, renamed_by=how)


_CLUSTER_KINDS = {
    "Namespace",
    "CustomResourceDefinition",
    "ClusterRole",
    "ClusterRoleBinding",
    "StorageClass",
}


def _copy(doc: Loaded, data: typing.Any) -> Loaded:
    return Loaded(
        data,
        doc.file,
        keys=dict(doc.keys),
        values=dict(doc.values),
        notes=list(doc.notes),
        words=dict(doc.words),
    )


# --- selecting what a patch applies to ---------------------------------------------------------


def _selected(resource: Resource, target: dict[str, typing.Any]) -> bool:
    """``api/types/selector.go`` and ``resmap/reswrangler.go`` ``Select``: each field an anchored
    regular expression, an empty one matching all; then the label and annotation selectors."""
    data = resource.doc.data
    api = str(data.get("apiVersion") or "")
    group, _, version = api.rpartition("/")
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    checks = (
        ("group", group),
        ("version", version),
        ("kind", resource.kind),
        ("name", resource.name),
        ("namespace", resource.namespace or "default"),
    )
    for key, actual in checks:
        pattern = target.get(key)
        if pattern and not _matches(str(pattern), actual):
            return False
    for key, table in (("labelSelector", "labels"), ("annotationSelector", "annotations")):
        selector = target.get(key)
        found = metadata.get(table)
        pairs = {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}
        if selector and not _label_match(str(selector), pairs):
            return False
    return True


def _matches(pattern: str, text: str) -> bool:
    """A ``target`` selector's regular expression, anchored, as kustomize matches it: Go's regexp
    is RE2, which google-re2 (cel-python's dependency) is, so the user's pattern runs in linear
    time and means what it means to kustomize."""
    import re2  # type: ignore[import-untyped]  # google-re2 ships no types; checked wherever chartgen is

    options = re2.Options()
    options.log_errors = False  # RE2 would print a refused pattern on standard error
    try:
        return re2.compile(f"(?:{pattern})", options).fullmatch(text) is not None
    except re2.error:
        return False


_SET_TERM = re.compile(r"^\s*([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)\s*$")


def _label_match(selector: str, labels: dict[str, str]) -> bool:
    """A Kubernetes label selector: ``k=v``, ``k==v``, ``k!=v``, ``k in (a,b)``, ``k notin (a)``,
    ``k``, ``!k``, joined by commas outside parentheses."""
    terms: list[str] = []
    depth, current = 0, ""
    for char in selector:
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            terms.append(current)
            current = ""
        else:
            current += char
    terms.append(current)
    for term in (t.strip() for t in terms if t.strip()):
        set_term = _SET_TERM.match(term)
        if set_term:
            key, op, options = set_term.groups()
            wanted = {o.strip() for o in options.split(",")}
            if (op == "in") != (labels.get(key) in wanted and key in labels):
                return False
        elif "!=" in term:
            key, _, value = term.partition("!=")
            if labels.get(key.strip()) == value.strip():
                return False
        elif "=" in term:
            key, _, value = term.replace("==", "=").partition("=")
            if labels.get(key.strip()) != value.strip():
                return False
        elif term.startswith("!"):
            if term[1:].strip() in labels:
                return False
        elif term not in labels:
            return False
    return True


def _same_object(resource: Resource, patch: Loaded) -> bool:
    """A strategic-merge patch without a target patches the object of its kind and name (and
    namespace, when it says one)."""
    data = patch.data
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    if data.get("kind") != resource.kind or metadata.get("name") != resource.name:
        return False
    namespace = metadata.get("namespace")
    return not namespace or (resource.namespace or "default") == namespace


# --- strategic merge (merge2 without a schema) ---------------------------------------------------


def smp(target: Loaded, patch: Loaded) -> Loaded:
    """``target`` patched by ``patch`` as kustomize's ``merge2`` does for an object it has no
    schema for: maps merged, lists and scalars replaced, ``null`` and ``$patch: delete`` remove,
    ``$patch: replace`` replaces. Every value the patch set is positioned in the patch."""
    merged = _merge(target.data, patch.data)
    return _positioned(merged, target, patch)


def _merge(dest: typing.Any, src: typing.Any) -> typing.Any:
    if isinstance(src, dict):
        directive = src.get("$patch")
        clean = {k: v for k, v in src.items() if not str(k).startswith("$")}
        if directive == "delete":
            return _DELETED
        if directive == "replace" or not isinstance(dest, dict):
            return _clean(clean)
        out = dict(dest)
        for key, value in clean.items():
            if value is None:
                out.pop(key, None)
                continue
            result = _merge(out.get(key), value)
            if result is _DELETED:
                out.pop(key, None)
            else:
                out[key] = result
        return out
    return _clean(src)


def _clean(value: typing.Any) -> typing.Any:
    """A patch's value as it lands: nulls and directives inside a map it adds are dropped too."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if v is not None and not str(k).startswith("$")}
    if isinstance(value, list):
        return [_clean(item) for item in value]
    return value


_DELETED: typing.Any = object()


def _merged(lower: Loaded, upper: Loaded) -> Loaded:
    """``upper`` merged over ``lower`` as ``merge2`` merges values (kustomize's valuesMerge)."""
    merged = _merge(lower.data if isinstance(lower.data, dict) else {}, upper.data)
    out = _positioned(merged if isinstance(merged, dict) else {}, lower, upper)
    out.file = upper.file
    return out


def _positioned(data: typing.Any, lower: Loaded, upper: Loaded) -> Loaded:
    """``data`` with each path's position from ``upper`` where it has one, else ``lower``'s."""
    paths = set(_paths(data, ()))
    out = Loaded(data, lower.file, notes=[*lower.notes, *upper.notes])
    for table_name in ("keys", "values", "words"):
        table: dict[Path, typing.Any] = getattr(out, table_name)
        for source in (lower, upper):
            for path, where in getattr(source, table_name).items():
                if path in paths:
                    table[path] = where
    for path in paths:
        if path in upper.values and path in lower.words and path not in upper.words:
            out.words.pop(path, None)
    return out


def _paths(value: typing.Any, path: Path) -> list[Path]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


# --- JSON 6902 -----------------------------------------------------------------------------------


class PatchError(Exception):
    def __init__(self, reason: str, at: Location | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.at = at


def json6902(target: Loaded, patch: Loaded) -> Loaded:
    """``target`` with the operations of ``patch`` applied in turn (RFC 6902, as
    ``gopkg.in/evanphx/json-patch.v4`` applies them for kustomize's ``patchjson6902``): each
    value an operation writes is positioned at that operation's ``value``."""
    from chartgen.values.merge import copied

    doc = _copy(target, copied(target.data))
    for index, op in enumerate(patch.data):
        at = patch.at((index,))
        if not isinstance(op, dict):
            raise PatchError("each operation must be a map", at)
        name = op.get("op")
        where = _pointer(op.get("path"), patch.at((index, "path")) or at)
        if name in ("add", "replace", "test"):
            if "value" not in op:
                raise PatchError(f"{name} needs a value", at)
            from_loaded = _sub(patch, (index, "value"))
            if name == "test":
                if _get_pointer(doc.data, where, at) != op["value"]:
                    raise PatchError(f"test of {op.get('path')} failed", at)
                continue
            _write(doc, where, copied(op["value"]), from_loaded, add=name == "add", at=at)
        elif name == "remove":
            _remove(doc, where, at)
        elif name in ("move", "copy"):
            source = _pointer(op.get("from"), patch.at((index, "from")) or at)
            value = copied(_get_pointer(doc.data, source, at))
            moved = _sub(doc, source)
            if name == "move":
                _remove(doc, source, at)
            _write(doc, where, value, moved, add=True, at=at)
        else:
            raise PatchError(f"unknown operation {name!r}", at)
    return doc


def _pointer(text: typing.Any, at: Location | None) -> list[str]:
    if not isinstance(text, str) or (text and not text.startswith("/")):
        raise PatchError(f"{text!r} is not a JSON pointer", at)
    return [part.replace("~1", "/").replace("~0", "~") for part in text.split("/")[1:]]


def _resolve(data: typing.Any, parts: list[str], at: Location | None) -> tuple[Path, typing.Any]:
    """The path and container for all but the last part of a pointer."""
    path: list[str | int] = []
    current = data
    for part in parts[:-1]:
        if isinstance(current, dict) and part in current:
            current = current[part]
            path.append(part)
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
            path.append(int(part))
        else:
            raise PatchError(f"/{'/'.join(parts)}: {part!r} is not there", at)
    return tuple(path), current


def _get_pointer(data: typing.Any, parts: list[str], at: Location | None) -> typing.Any:
    if not parts:
        return data
    _, container = _resolve(data, parts, at)
    last = parts[-1]
    if isinstance(container, dict) and last in container:
        return container[last]
    if isinstance(container, list) and last.isdigit() and int(last) < len(container):
        return container[int(last)]
    raise PatchError(f"/{'/'.join(parts)} is not there", at)


def _sub(loaded: Loaded, prefix: Path | list[str]) -> Loaded:
    """The positions of ``loaded`` under ``prefix``, made relative (data not needed)."""
    resolved = _concrete(loaded.data, prefix)
    depth = len(resolved)

    def inside(table: dict[Path, typing.Any]) -> dict[Path, typing.Any]:
        return {p[depth:]: w for p, w in table.items() if p[:depth] == resolved}

    return Loaded(
        None, loaded.file, keys=inside(loaded.keys), values=inside(loaded.values), words=inside(loaded.words)
    )


def _concrete(data: typing.Any, prefix: Path | list[str]) -> Path:
    out: list[str | int] = []
    current = data
    for part in prefix:
        if isinstance(current, list) and isinstance(part, str) and part.isdigit():
            out.append(int(part))
            current = current[int(part)] if int(part) < len(current) else None
        else:
            out.append(part)
            current = current.get(part) if isinstance(current, dict) else None
    return tuple(out)


def _write(
    doc: Loaded, parts: list[str], value: typing.Any, positions: Loaded, *, add: bool, at: Location | None
) -> None:
    if not parts:
        raise PatchError("a patch cannot replace the whole object", at)
    parent, container = _resolve(doc.data, parts, at)
    last = parts[-1]
    if isinstance(container, dict):
        if not add and last not in container:
            raise PatchError(f"/{'/'.join(parts)} is not there to replace", at)
        key: str | int = last
        _forget(doc, (*parent, key))
        container[last] = value
    elif isinstance(container, list):
        index = len(container) if last == "-" and add else int(last) if last.isdigit() else -1
        if index < 0 or index > len(container) or (not add and index == len(container)):
            raise PatchError(f"/{'/'.join(parts)}: no item {last}", at)
        key = index
        if add:
            _shift(doc, parent, index, 1)
            container.insert(index, value)
        else:
            _forget(doc, (*parent, key))
            container[index] = value
    else:
        raise PatchError(f"/{'/'.join(parts)}: its parent is not a map or list", at)
    where: Path = (*parent, key)
    for table_name in ("keys", "values", "words"):
        table = getattr(doc, table_name)
        for path, location in getattr(positions, table_name).items():
            table[(*where, *path)] = location
    if at is not None:
        doc.values.setdefault(where, at)


def _remove(doc: Loaded, parts: list[str], at: Location | None) -> None:
    if not parts:
        raise PatchError("a patch cannot remove the whole object", at)
    parent, container = _resolve(doc.data, parts, at)
    last = parts[-1]
    if isinstance(container, dict) and last in container:
        _forget(doc, (*parent, last))
        del container[last]
    elif isinstance(container, list) and last.isdigit() and int(last) < len(container):
        _forget(doc, (*parent, int(last)))
        del container[int(last)]
        _shift(doc, parent, int(last) + 1, -1)
    else:
        raise PatchError(f"/{'/'.join(parts)} is not there to remove", at)


def _forget(doc: Loaded, prefix: Path) -> None:
    depth = len(prefix)
    for table_name in ("keys", "values", "words"):
        table = getattr(doc, table_name)
        for path in [p for p in table if p[:depth] == prefix]:
            del table[path]


def _shift(doc: Loaded, list_path: Path, start: int, delta: int) -> None:
    """Renumber the positions of a list's items from ``start`` on by ``delta``."""
    depth = len(list_path)
    for table_name in ("keys", "values", "words"):
        table: dict[Path, typing.Any] = getattr(doc, table_name)
        moved = {}
        for path in list(table):
            if len(path) <= depth or path[:depth] != list_path:
                continue
            item = path[depth]
            if isinstance(item, int) and item >= start:
                moved[(*list_path, item + delta, *path[depth + 1 :])] = table.pop(path)
        table.update(moved)


# --- small helpers -------------------------------------------------------------------------------


def _get(data: typing.Any, path: Path) -> typing.Any:
    from chartgen.gitops.reading import value_at

    return value_at(data, path)


def _list(value: typing.Any) -> list[typing.Any]:
    return value if isinstance(value, list) else []


def _strings(value: typing.Any) -> list[str]:
    return [str(item) for item in _list(value) if isinstance(item, (str, int, float))]


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text
