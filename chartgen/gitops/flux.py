"""Flux ``HelmRelease`` (``helm.toolkit.fluxcd.io`` v2, v2beta1, v2beta2): the values helm-controller
hands Helm, from the objects of this repository, each positioned where it was written.

What helm-controller does, read from its code:

- Values (fluxcd/pkg ``chartutil/values.go`` ``ChartValuesFromReferences``, called from
  helm-controller ``internal/controller/helmrelease_controller.go``): each ``valuesFrom``
  reference in order — a ConfigMap's or Secret's ``data[valuesKey]`` (default ``values.yaml``,
  ``apis/meta/reference_types.go`` ``GetValuesKey``), in the HelmRelease's namespace — merged
  over what came before (``chartutil/merge.go`` ``MergeMaps``: maps merged, all else replaced),
  then ``spec.values`` over them all. ``optional``: a missing object or key is skipped.
- ``targetPath``: ``spec.values`` is merged in first, then the referenced text set at the path
  as ``--set`` sets it (``ReplacePathValue``: text quoted with ``'``/``"`` is trimmed and set as
  ``--set-string``; ``literal: true`` as ``--set-literal``). ``MergeMaps`` copies only the top map,
  so a write below a part that came from ``spec.values`` changes ``spec.values`` itself and
  survives the final merge (helm-controller c07f108, "target path precedence over all"): this is
  replayed exactly, sharing and all.
- Release name (``api/v2/helmrelease_types.go`` ``GetReleaseName``): ``spec.releaseName``, else
  ``[targetNamespace-]name``; longer than 53 characters it is cut as ``internal/release/name.go``
  ``ShortenName`` cuts it. Namespace (``GetReleaseNamespace``): ``spec.targetNamespace``, else
  the object's. Flux runs install or upgrade (``internal/action/install.go``, ``upgrade.go``).

The ConfigMaps and Secrets are looked for as kustomize would build them beside the HelmRelease
(the kustomization of its directory: ``resources``, generators), in the same file, and in the
directory tree below the HelmRelease's directory.
"""

from __future__ import annotations

import hashlib
import os
import re

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, Severity
from chartgen.gitops.kustomize import MISSING, Resource
from chartgen.gitops.model import Install
from chartgen.gitops.repo import Repo
from chartgen.hints import typing
from chartgen.yamlio import Loaded

GROUP = "helm.toolkit.fluxcd.io"
VERSIONS = ("v2", "v2beta1", "v2beta2")
#: Files of the directory tree searched for a ``valuesFrom`` object, at most.
MAX_TREE_FILES = 200
#: …and at most this much text in all (reading it costs about four seconds at most).
MAX_TREE_BYTES = 2 * 1024 * 1024
#: strvals' ``MaxIndex``: a list index a targetPath may set, at most.
MAX_INDEX = 65536
TARGET_PATH = "flux-target-path"


def is_helmrelease(doc: Loaded) -> bool:
    data = doc.data
    if not isinstance(data, dict) or data.get("kind") != "HelmRelease":
        return False
    group, _, version = str(data.get("apiVersion") or "").partition("/")
    return group == GROUP and version in VERSIONS


def installs(docs: list[Loaded], file: str, repo: Repo, text: str | None = None) -> list[Install]:
    """The Determined HelmReleases of ``file`` (whose documents are ``docs``, its text ``text``)."""
    releases = [doc for doc in docs if is_helmrelease(doc)]
    if not releases:
        return []
    from chartgen.gitops import kustomize

    texts: dict[str, str] = {}
    if text is None:
        from chartgen.yamlio.read import decode, read_bytes

        try:
            text = decode(read_bytes(file), file)
        except (OSError, ChartgenError):
            text = ""
    texts[file] = text
    own = [Resource(doc, secret=doc.data.get("kind") == "Secret") for doc in docs]
    catalog: list[Resource] = []
    beside = kustomize.kustomization_in(os.path.dirname(file) or os.curdir)
    if beside is not None:
        # What the kustomization itself gets wrong is said when it is linted, not here.
        built = kustomize.build(beside, repo)
        texts.update(built.texts)
        catalog.extend(built.resources)
    catalog.extend(own)
    catalog.extend(_tree(os.path.dirname(file) or os.curdir, file, repo, texts))
    out = []
    for doc in releases:
        # Built through the kustomization beside it, the object is what Flux is given.
        built_one = next((r for r in catalog if _same(r, doc)), None)
        install = release(built_one or Resource(doc), catalog, texts)
        if install is not None:
            out.append(install)
    return out


def _same(built: Resource, doc: Loaded) -> bool:
    """Whether ``built`` is ``doc`` as a kustomization built it (the object written there)."""
    here, there = built.origin, doc.at(())
    if not is_helmrelease(built.doc) or here is None or there is None:
        return False
    same_file = os.path.abspath(here.file) == os.path.abspath(there.file)
    return same_file and (here.line, here.column) == (there.line, there.column)


def _tree(directory: str, file: str, repo: Repo, texts: dict[str, str]) -> list[Resource]:
    """ConfigMaps and Secrets in the YAML files below ``directory`` (links out of the repository
    not followed), at most ``MAX_TREE_FILES`` files read."""
    from chartgen.gitops.reading import documents
    from chartgen.yamlio.read import decode, read_bytes

    found: list[Resource] = []
    read = budget = 0
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and repo.contains(os.path.join(root, d)))
        for name in sorted(names):
            path = os.path.join(root, name)
            if (
                not name.endswith((".yaml", ".yml"))
                or os.path.samefile(path, file)
                or not repo.contains(path)
            ):
                continue
            read += 1
            if read > MAX_TREE_FILES:
                return found
            try:
                text = decode(read_bytes(path), path)
            except (OSError, ChartgenError):
                continue
            budget += len(text)
            if budget > MAX_TREE_BYTES:
                return found
            if "ConfigMap" not in text and "Secret" not in text and "OCIRepository" not in text:
                continue
            try:
                docs = documents(text, path)
            except ChartgenError:
                continue
            texts[path] = text
            for doc in docs:
                if isinstance(doc.data, dict) and doc.data.get("kind") in (
                    "ConfigMap",
                    "Secret",
                    "OCIRepository",
                ):
                    found.append(Resource(doc, secret=doc.data.get("kind") == "Secret"))
    return found


def release(resource: Resource, catalog: list[Resource], texts: dict[str, str]) -> Install | None:
    """The install of one HelmRelease object (as built), its ``valuesFrom`` found in ``catalog``;
    None when its chart is not Determined's."""
    from chartgen.gitops.reading import section

    doc = resource.doc
    data = doc.data
    spec = data.get("spec") if isinstance(data.get("spec"), dict) else {}
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    chart = _chart(doc, spec, catalog, str(metadata.get("namespace") or ""))
    if chart is None:
        return None
    chart_name, version, version_at = chart
    name = str(metadata.get("name") or "")
    own_namespace = str(metadata.get("namespace") or "")
    target = str(spec.get("targetNamespace") or "")
    at = resource.origin or Location(doc.file, 1, 1)  # where the object is written, however patched
    install = Install(
        "flux",
        f"HelmRelease {own_namespace + '/' if own_namespace else ''}{name}",
        at,
        chart_name,
        version=version,
        version_at=version_at,
        release_name=shorten_name(str(spec.get("releaseName") or (f"{target}-{name}" if target else name))),
        namespace=target or own_namespace or "default",
        is_upgrade=True,
    )
    try:
        values = section(doc, ("spec", "values")) or Loaded({}, doc.file)
    except ChartgenError as exc:
        install.findings.extend(exc.diagnostics)
        values = Loaded({}, doc.file)
    refs = _listed(spec.get("valuesFrom"))
    _assemble(install, doc, values, refs, catalog, texts, own_namespace)
    return install


def shorten_name(name: str) -> str:
    """helm-controller's ``ShortenName``: a name longer than 53 characters becomes its first
    40, ``-`` and the first 12 hex digits of its SHA-256."""
    if len(name) <= 53:
        return name
    return name[:40] + "-" + hashlib.sha256(name.encode()).hexdigest()[:12]


def _chart(
    doc: Loaded, spec: dict[str, typing.Any], catalog: list[Resource], namespace: str
) -> tuple[str, str | None, Location | None] | None:
    """The chart (as named), pinned version and where it is pinned, when it is Determined's."""
    template = spec.get("chart") if isinstance(spec.get("chart"), dict) else None
    inner = template.get("spec") if template and isinstance(template.get("spec"), dict) else None
    if inner is not None:
        name = str(inner.get("chart") or "")
        if _determined(name):
            version = inner.get("version")
            return name, str(version) if version else None, doc.at(("spec", "chart", "spec", "version"))
        return None
    ref = spec.get("chartRef") if isinstance(spec.get("chartRef"), dict) else None
    if ref is None:
        return None
    kind, wanted = ref.get("kind"), ref.get("name")
    ns = ref.get("namespace") or namespace
    for other in catalog:
        if other.kind != kind or other.name != wanted or (ns and other.namespace not in (None, ns)):
            continue
        source = _mapped(other.doc.data.get("spec"))
        if kind == "OCIRepository":
            url = str(source.get("url") or "")
            if not _determined(url):
                return None
            pin = _mapped(source.get("ref"))
            for key in ("tag", "semver"):
                if pin.get(key):
                    return url, str(pin[key]), other.doc.at(("spec", "ref", key))
            return url, None, None
        if kind == "HelmChart" and _determined(str(source.get("chart") or "")):
            version = source.get("version")
            return str(source["chart"]), str(version) if version else None, other.doc.at(("spec", "version"))
    return None


def _determined(name: str) -> bool:
    """A chart name, an OCI reference or a path whose last part is ``determined``."""
    last = name.rstrip("/").rsplit("/", 1)[-1]
    return last.split(":", 1)[0].split("@", 1)[0] == "determined"


def _assemble(
    install: Install,
    doc: Loaded,
    values: Loaded,
    refs: list[typing.Any],
    catalog: list[Resource],
    texts: dict[str, str],
    namespace: str,
) -> None:
    """Replay ``ChartValuesFromReferences`` with Go's sharing, and hand the result to Helm as
    layers that merge to exactly it: each reference's values; for a ``targetPath``, spec.values
    as it stood then and the value set; spec.values (as the writes left it) last."""
    from chartgen.values.merge import copied

    shared = copied(values.data)  # spec.values, which targetPath writes may change in place
    result: dict[str, typing.Any] = {}
    layers: list[Loaded] = []
    writes: list[Loaded] = []  # the layers of targetPath writes, which may have changed spec.values
    secret_layers: list[int] = []
    for index, ref in enumerate(refs):
        if not isinstance(ref, dict):
            continue
        base: Path = ("spec", "valuesFrom", index)
        at = doc.at(base) or install.at
        found = _lookup(ref, catalog, namespace)
        key = str(ref.get("valuesKey") or "values.yaml")
        optional = ref.get("optional") is True
        what = f"{ref.get('kind')} {ref.get('name')!r}"
        if found is None:
            if not optional:
                install.findings.append(
                    _missing(at, f"{what} is not in this repository, so its values were not checked")
                )
            continue
        by_written = found.name != ref.get("name")  # found by its name before namePrefix/nameSuffix
        if found.renamed_by and (by_written or "hash" in found.renamed_by):
            install.findings.append(
                _missing(
                    at,
                    f"kustomize renames {what} by {found.renamed_by}, and nothing rewrites this reference "
                    "to the new name, so Flux does not find it (its values were checked as meant)",
                    hint="set generatorOptions.disableNameSuffixHash: true, or add a configurations: file with a "
                    "nameReference for HelmRelease spec/valuesFrom/name (as Flux's documentation shows)",
                )
            )
        try:
            raw = _raw(found, key)
        except ChartgenError as exc:  # a Secret's data that is not base64
            install.findings.extend(exc.diagnostics)
            continue
        if raw is None:
            if not optional:
                install.findings.append(
                    _missing(at, f"{what} has no key {key!r}, so Flux fails to install it")
                )
            continue
        text, start = raw
        if ref.get("targetPath"):
            result = _go_merge(result, shared)
            layers.append(_layer_like(copied(shared), values, doc.file, writes))
            parts = _set_path(result, ref, text, doc, base, install)
            if parts is not None:
                writes.append(_written(result, parts, start, doc.at((*base, "targetPath")) or start, layers))
                layers.append(writes[-1])
                if found.secret:
                    secret_layers.append(len(layers) - 1)
            continue
        try:
            layer = _values_layer(found, key, texts)
        except ChartgenError as exc:
            install.findings.extend(exc.diagnostics)
            continue
        result = _go_merge(result, copied(layer.data))  # Go parses each anew: no one shares it
        layers.append(layer)
        if found.secret:
            secret_layers.append(len(layers) - 1)
    layers.append(_layer_like(shared, values, doc.file, writes))
    install.layers.extend(layers)
    install.secret_layers.extend(secret_layers)


def _lookup(ref: dict[str, typing.Any], catalog: list[Resource], namespace: str) -> Resource | None:
    kind, name = ref.get("kind"), ref.get("name")
    for other in catalog:
        if (
            other.kind == kind
            and name in (other.name, other.written_name)
            and (not namespace or other.namespace in (None, namespace))
        ):
            return other
    return None


def _raw(found: Resource, key: str) -> tuple[str, Location] | None:
    """The text of ``data[key]`` as the API server would hold it, and where it starts. A
    Secret's ``stringData`` wins over its ``data`` (the API server merges it in)."""
    from chartgen.gitops.reading import _decoded, value_at

    if key in found.generated:
        piece = found.generated[key]
        return piece.text, piece.at
    data = found.doc.data
    string_data = value_at(data, ("stringData", key)) if found.kind == "Secret" else None
    if isinstance(string_data, str):
        return string_data, found.doc.at(("stringData", key)) or Location(found.doc.file, 1, 1)
    value = value_at(data, ("data", key))
    if value is None:
        return None
    start = found.doc.at(("data", key)) or Location(found.doc.file, 1, 1)
    if found.kind == "Secret":
        return _decoded(value, start, ("data", key)), start
    return (value if isinstance(value, str) else str(value)), start


def _values_layer(found: Resource, key: str, texts: dict[str, str]) -> Loaded:
    """``data[key]`` read as a values file, each value at the line it was written."""
    from chartgen.gitops.reading import embedded, value_at
    from chartgen.values.load import from_text

    if key in found.generated:
        piece = found.generated[key]
        if piece.whole_file:
            return from_text(piece.text, piece.at.file)
        loaded = from_text(piece.text, piece.at.file)
        return _all_at(loaded, piece.at)
    doc = found.doc
    path: Path = ("data", key)
    encoded = found.kind == "Secret"
    if found.kind == "Secret" and isinstance(value_at(doc.data, ("stringData", key)), str):
        path, encoded = ("stringData", key), False
    start = doc.at(path) or Location(doc.file, 1, 1)
    holder = Loaded(doc.data, start.file, keys=doc.keys, values=doc.values, words=doc.words)
    return embedded(holder, path, texts.get(start.file, ""), encoded=encoded)


def _all_at(loaded: Loaded, at: Location) -> Loaded:
    return Loaded(
        loaded.data,
        at.file,
        keys=dict.fromkeys(loaded.keys, at),
        values=dict.fromkeys(loaded.values, at),
        words=loaded.words,
    )


def _layer_like(data: typing.Any, values: Loaded, file: str, writes: list[Loaded]) -> Loaded:
    """spec.values as data, positioned as written; where a targetPath write changed it in
    place (Go's sharing), positioned as that write (the latest of ``writes`` that has it)."""
    from chartgen.gitops.kustomize import _paths
    from chartgen.gitops.reading import value_at

    out = Loaded(data, values.file or file)
    for path in _paths(data, ()):
        now = value_at(data, path)
        was = value_at(values.data, path)
        kept = path in values.values and (
            isinstance(now, (dict, list)) or (now == was and type(now) is type(was))
        )
        tables = [values] if kept else [w for w in reversed(writes) if path in w.values] or [values]
        source = tables[0]
        for name in ("keys", "values", "words"):
            table = getattr(source, name)
            if path in table:
                getattr(out, name)[path] = table[path]
    return out


def _go_merge(a: dict[str, typing.Any], b: typing.Any) -> dict[str, typing.Any]:
    """fluxcd/pkg ``MergeMaps``, sharing as Go shares: only the maps merged are new."""
    out = dict(a)
    for key, value in (b if isinstance(b, dict) else {}).items():
        current = out.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            out[key] = _go_merge(current, value)
        else:
            out[key] = value
    return out


_SEGMENT = re.compile(r"\[(\d{1,5})\]")


def target_path(text: str) -> list[str | int] | None:
    """A ``targetPath`` as strvals reads a key: ``.`` between names, ``[N]`` indexes, ``\\``
    escapes the next character. None when it is not one (an empty name)."""
    parts: list[str | int] = []
    name = ""
    index = 0
    pending = True
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            name += text[index + 1]
            index += 2
            continue
        if char == ".":
            if pending and not name:
                return None
            if name:
                parts.append(name)
            name, pending = "", True
            index += 1
            continue
        if char == "[":
            match = _SEGMENT.match(text, index)
            if match is None:
                return None
            if name:
                parts.append(name)
            elif pending and not parts:
                return None
            parts.append(int(match.group(1)))
            name, pending = "", False
            index = match.end()
            continue
        name += char
        pending = True
        index += 1
    if name:
        parts.append(name)
    elif pending:
        return None
    return parts


def _set_path(
    result: dict[str, typing.Any],
    ref: dict[str, typing.Any],
    text: str,
    doc: Loaded,
    base: Path,
    install: Install,
) -> list[str | int] | None:
    """Set ``text`` at the reference's targetPath in ``result`` in place, as strvals does, so
    that containers ``result`` shares with spec.values change with it. Returns the path set."""
    from chartgen.values import setparser

    path_text = str(ref["targetPath"])
    where = doc.at((*base, "targetPath")) or install.at
    parts = target_path(path_text)
    if not parts or not isinstance(parts[0], str):
        install.findings.append(
            _target_finding(where, f"targetPath {path_text!r} is not a path Flux can set")
        )
        return None
    if ref.get("literal") is True:
        value: typing.Any = text
    else:
        quoted = len(text) >= 1 and (
            (text.startswith("'") and text.endswith("'")) or (text.startswith('"') and text.endswith('"'))
        )
        kind = "set-string" if quoted else "set"
        scratch: dict[str, typing.Any] = {}
        try:
            setparser.apply(scratch, "v=" + (text.strip("'\"") if quoted else text), kind)
        except setparser.SetSyntaxError:
            install.findings.append(
                _target_finding(
                    where,
                    "the referenced value is not one Helm's --set parser reads, so Flux fails to set it",
                )
            )
            return None
        if set(scratch) != {"v"}:
            install.findings.append(
                _target_finding(
                    where,
                    "the referenced value holds a comma that Helm's --set parser reads as more assignments; "
                    "only the first was checked (set literal: true to take it whole)",
                )
            )
        value = scratch.get("v")
    try:
        _write_in_place(result, parts, value)
    except TypeError:
        install.findings.append(
            _target_finding(where, f"targetPath {path_text!r} goes through a value that is not a map or list")
        )
        return None
    return parts


def _write_in_place(data: dict[str, typing.Any], parts: list[str | int], value: typing.Any) -> None:
    """strvals' walk: maps reused in place, a list reused while the index is inside it and
    copied longer otherwise, anything else an error (``TypeError``)."""
    container: typing.Any = data
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        following = None if last else parts[depth + 1]
        if isinstance(part, str):
            if not isinstance(container, dict):
                raise TypeError(part)
            if last:
                container[part] = value
                break
            child = container.get(part)
            if child is None or part not in container:
                child = [] if isinstance(following, int) else {}
            elif not isinstance(child, list if isinstance(following, int) else dict):
                raise TypeError(part)
            container[part] = child
            container = child
        else:
            if not isinstance(container, list) or part > MAX_INDEX:
                raise TypeError(part)
            if part >= len(container):
                grown = [*container, *([None] * (part + 1 - len(container)))]
                _replace_in_parent(data, parts[:depth], grown)
                container = grown
            if last:
                container[part] = value
                break
            child = container[part]
            if isinstance(following, str) and not isinstance(child, dict):
                child = {}
            elif isinstance(following, int) and not isinstance(child, list):
                child = []
            container[part] = child
            container = child


def _replace_in_parent(data: dict[str, typing.Any], path: list[str | int], new: list[typing.Any]) -> None:
    container: typing.Any = data
    for part in path[:-1]:
        container = container[part]
    container[path[-1]] = new


def _written(
    result: dict[str, typing.Any],
    parts: list[str | int],
    start: Location,
    key_at: Location,
    below: list[Loaded],
) -> Loaded:
    """A layer that, merged over what came before, gives what the targetPath write gave: the
    maps down to the value, or down to the first list the path indexes, which is held whole
    (lists are replaced, not merged). The value is located where its text was written, the
    keys at the ``targetPath:``, the other items of a list where they came from."""
    from chartgen.gitops.kustomize import _paths
    from chartgen.values.merge import copied

    cut = next((i for i, part in enumerate(parts) if isinstance(part, int)), len(parts))
    held: Path = tuple(parts[:cut])
    current: typing.Any = result
    for part in held:
        current = current[part]
    data: typing.Any = copied(current)
    for part in reversed(held):
        data = {part: data}
    layer = Loaded(data, start.file)
    written: Path = tuple(parts)
    for path in _paths(data, ()):
        if path[: len(written)] == written:
            layer.values[path] = start
        elif len(path) <= len(held):
            layer.values[path] = key_at
        else:
            earlier = next((b.values[path] for b in reversed(below) if path in b.values), key_at)
            layer.values[path] = earlier
        if path:
            layer.keys[path] = (
                key_at if len(path) <= len(written) and written[: len(path)] == path else layer.values[path]
            )
    return layer


def _listed(value: typing.Any) -> list[typing.Any]:
    return value if isinstance(value, list) else []


def _mapped(value: typing.Any) -> dict[str, typing.Any]:
    return value if isinstance(value, dict) else {}


def _missing(at: Location, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(
        MISSING,
        message,
        Severity.WARNING,
        at,
        hint=hint
        or "keep the ConfigMap or Secret beside the HelmRelease (a manifest, or a kustomize generator)",
    )


def _target_finding(at: Location, message: str) -> Diagnostic:
    return Diagnostic(TARGET_PATH, message, Severity.ERROR, at, hint="see Flux's valuesFrom targetPath")
