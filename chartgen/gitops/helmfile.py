"""helmfile: each release of the Determined chart in a ``helmfile.yaml`` (or ``helmfile.d/*.yaml``),
with its values assembled as helmfile hands them to ``helm upgrade --install``.

Read from helmfile's own code (github:helmfile/helmfile, ``pkg/state/state.go``):

- ``namespaceAndValuesFlags``: ``--values`` for each ``values:`` entry in order (a string is a
  file relative to the helmfile's directory, ``Storage.normalizePath``; a map is written to a
  temporary file), then each ``secrets:`` entry (decrypted by helm-secrets), then ``set:`` entries
  in order (``setFlags``: ``value`` as ``--set``, ``file`` as ``--set-file``, ``values`` as
  ``--set name={a,b}``), then ``setString:`` (``--set-string``). Names and values are escaped
  (``escape``: ``{``, ``}`` and ``,`` get a backslash), so each is one ``--set`` expression; Helm
  then applies its flags in its own order (``--set``, ``--set-string``, ``--set-file``).
- ``generateTemporaryReleaseValuesFilesCore`` / ``pkg/state/storage.go`` ``resolveFile``: a file
  name may be a glob matching one file; a missing one fails the run unless ``missingFileHandler``
  (the release's, else the helmfile's) is ``Warn``, ``Info`` or ``Debug``.
- ``pkg/tmpl/file_renderer.go`` ``RenderToBytes``: only a values file ending ``.gotmpl`` is a
  template; any other is handed to Helm as written. ``pkg/app/desired_state_file_loader.go``
  ``load``: the helmfile itself is a template only when it ends ``.gotmpl`` (helmfile 1.x), and
  its ``---``-separated parts are merged, a later part's non-empty fields replacing an earlier's.
- ``ApplyOverrides``: a helmfile-level ``namespace:`` replaces every release's own.
- ``appendChartVersionFlags``: ``version`` is ``--version``, an OCI digest (``@sha256:…``) cut off.
- ``installed: false`` releases are deleted, not installed (``state_run.go``), so not checked.

A release is Determined's when its chart is ``REPO/determined`` (``REPO`` in ``repositories:``, or
added with ``helm repo add``), an OCI reference ending ``/determined``, or a local directory
inside the repository whose ``Chart.yaml`` is named ``determined`` (its ``version`` the one
installed: Helm's ``LocateChart`` takes an existing directory as it is, ``--version`` unread).
"""

from __future__ import annotations

import os
import re

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Path, Severity, UsageError
from chartgen.gitops.model import Flag, Install
from chartgen.gitops.reading import section, value_at
from chartgen.gitops.repo import MISSING, Repo
from chartgen.hints import typing
from chartgen.yamlio import Loaded

UNCHECKED = "unchecked-values"
CHART = "determined"
#: ``missingFileHandler`` values that skip a missing file (``pkg/state/storage.go``).
_SKIPPING = {"Warn": Severity.WARNING, "Info": None, "Debug": None}
_GLOB = re.compile(r"[*?\[]")
_DETERMINED_LINE = re.compile(
    r"""^\s*(?:-\s+)?chart:\s*["']?(?:\S*/)?determined(?:[:@]\S*)?["']?\s*(?:#.*)?$"""
)


def is_helmfile_name(file: str) -> bool:
    """Whether ``file`` is named as helmfile finds its state files (``pkg/app/app.go``):
    ``helmfile.yaml`` / ``.yml`` (``.gotmpl`` too), or any ``*.y*ml[.gotmpl]`` in ``helmfile.d``."""
    name = os.path.basename(file)
    bare = name.removesuffix(".gotmpl")
    if bare in ("helmfile.yaml", "helmfile.yml"):
        return True
    return os.path.basename(os.path.dirname(os.path.abspath(file))) == "helmfile.d" and bare.endswith(
        (".yaml", ".yml")
    )


def templated(text: str, file: str) -> list[Install]:
    """A ``*.gotmpl`` helmfile, which helmfile renders before reading: nothing in it can be
    checked. One install, with one warning at the first Determined ``chart:`` line, when some
    release names the Determined chart; none when none does (another chart's helmfile)."""
    for number, line in enumerate(text.splitlines()[:100_000], start=1):
        if _DETERMINED_LINE.match(line):
            at = Location(file, number, line.index("chart:") + 1)
            warning = Diagnostic(
                UNCHECKED,
                "this helmfile is a template (*.gotmpl): its releases and values exist only once "
                "helmfile has rendered it, so the Determined release's values were not checked",
                Severity.WARNING,
                at,
                hint="lint what helmfile renders (helmfile write-values), or keep the Determined "
                "release in a plain helmfile.yaml",
            )
            return [Install("helmfile", f"helmfile {file}", at, CHART, findings=[warning], checked=False)]
    return []


def installs(docs: list[Loaded], file: str, repo: Repo) -> list[Install]:
    """Each release of the Determined chart in the helmfile ``file`` (its YAML documents
    ``docs``), as helmfile installs it; empty when it holds none."""
    state = _merged(docs)
    releases = state.get("releases")
    if releases is None:
        return []
    doc, items = releases
    if not isinstance(items, list):
        return []
    repositories = _repositories(state)
    override = _text(state, "namespace")
    file_handler = _text(state, "missingFileHandler")
    found = []
    for index, release in enumerate(items):
        if not isinstance(release, dict) or release.get("installed") is False:
            continue
        here: Path = ("releases", index)
        chart = release.get("chart")
        if not isinstance(chart, str):
            continue
        at = doc.at(here) or Location(file, 1, 1)
        local = _local_chart(chart, repositories, file, repo, doc.at((*here, "chart")) or at)
        if local is None and not _names_determined(chart, repositories):
            continue
        name = _scalar(doc, (*here, "name")) or ""
        install = Install(
            "helmfile",
            f"helmfile release {name}",
            at,
            chart,
            release_name=name or CHART,
            namespace=override or _scalar(doc, (*here, "namespace")) or "default",
            is_upgrade=True,
        )
        version = _scalar(doc, (*here, "version"))
        if version:
            install.version, install.version_at = version.partition("@")[0], doc.at((*here, "version"))
        if isinstance(local, Diagnostic):
            install.findings.append(local)
        elif isinstance(local, tuple):  # Helm installs a chart directory as it is: ``--version`` is not read
            install.version, install.version_at = local
        handler = _scalar(doc, (*here, "missingFileHandler")) or file_handler or "Error"
        _values(install, doc, here, file, repo, handler)
        for key, why in (
            ("secrets", "are encrypted (helm-secrets decrypts them as helmfile runs)"),
            ("valuesTemplate", "are a template helmfile renders"),
            ("setTemplate", "are a template helmfile renders"),
            ("env", "come from environment variables as helmfile runs"),
        ):
            if release.get(key):
                where = doc.at((*here, key), key=True) or at
                install.findings.append(
                    _unchecked(where, f"{key}: its values {why}, so they were not checked")
                )
        for key, kind in (("set", "set"), ("setString", "set-string")):
            _flags(install, doc, (*here, key), kind, file, repo)
        found.append(install)
    return found


def _merged(docs: list[Loaded]) -> dict[str, tuple[Loaded, typing.Any]]:
    """Each top-level field, from the last part that sets it (helmfile's mergo override)."""
    state: dict[str, tuple[Loaded, typing.Any]] = {}
    for doc in docs:
        if isinstance(doc.data, dict):
            state.update(
                {key: (doc, value) for key, value in doc.data.items() if value not in (None, "", [], {})}
            )
    return state


def _text(state: dict[str, tuple[Loaded, typing.Any]], key: str) -> str | None:
    if key not in state:
        return None
    doc, _ = state[key]
    return _scalar(doc, (key,))


def _scalar(doc: Loaded, path: Path) -> str | None:
    """A scalar as helmfile's string fields take it: the text written (``0.37``, ``true``)."""
    node = value_at(doc.data, path)
    if node is None or isinstance(node, (dict, list)):
        return None
    return doc.words.get(path, node if isinstance(node, str) else str(node))


def _repositories(state: dict[str, tuple[Loaded, typing.Any]]) -> set[str]:
    _, entries = state.get("repositories", (None, []))
    if not isinstance(entries, list):
        return set()
    return {str(entry["name"]) for entry in entries if isinstance(entry, dict) and entry.get("name")}


def _names_determined(chart: str, repositories: set[str]) -> bool:
    """``REPO/determined`` or ``oci://…/determined`` (a tag or digest after it allowed)."""
    if chart.startswith("oci://"):
        last = chart.rstrip("/").rsplit("/", 1)[-1]
        return re.split(r"[:@]", last, maxsplit=1)[0] == CHART
    head, slash, rest = chart.partition("/")
    return bool(slash) and rest == CHART and (head in repositories or not head.startswith("."))


def _local_chart(
    chart: str, repositories: set[str], file: str, repo: Repo, at: Location
) -> tuple[str | None, Location | None] | Diagnostic | None:
    """For a local chart directory of the Determined chart: its ``Chart.yaml`` version and where
    (None, None when it has none); the finding when it is outside the repository; None for
    anything else (a remote chart, another chart's directory)."""
    if chart.startswith("oci://") or chart.partition("/")[0] in repositories:
        return None
    written_local = chart.startswith((".", "/"))
    if not written_local and not os.path.isdir(os.path.join(os.path.dirname(file), chart)):
        return None
    path = repo.open(file, chart, at, what="chart")
    if isinstance(path, Diagnostic):
        return path if os.path.basename(chart.rstrip("/")) == CHART else None
    name, version = _chart_file(os.path.join(path, "Chart.yaml"))
    if name != CHART:
        return None
    return version


def _chart_file(path: str) -> tuple[str | None, tuple[str | None, Location | None]]:
    """A ``Chart.yaml``'s name, and its version with where it is written."""
    from chartgen.values.load import read_source

    try:
        loaded = read_source(path)
    except (ChartgenError, UsageError):
        return None, (None, None)
    data = loaded.data if isinstance(loaded.data, dict) else {}
    version = _scalar(loaded, ("version",))
    return (str(data.get("name")), (version, loaded.at(("version",)) if version else None))


def _values(install: Install, doc: Loaded, here: Path, file: str, repo: Repo, handler: str) -> None:
    """The ``values:`` entries of the release at ``here``, in order, as layers."""
    entries = value_at(doc.data, (*here, "values"))
    if not isinstance(entries, list):
        return
    for index, entry in enumerate(entries):
        path: Path = (*here, "values", index)
        at = doc.at(path) or install.at
        if isinstance(entry, str):
            _values_file(install, entry, at, file, repo, handler)
        elif isinstance(entry, dict):
            try:
                layer = section(doc, path)
            except ChartgenError as exc:
                install.findings.extend(exc.diagnostics)
                continue
            if layer is not None:
                install.layers.append(layer)
        elif entry is not None:
            message = "a values entry is a file name or a map of values; helmfile refuses anything else"
            install.findings.append(Diagnostic("values-not-a-map", message, Severity.ERROR, at))


def _values_file(install: Install, entry: str, at: Location, file: str, repo: Repo, handler: str) -> None:
    from chartgen.values.load import read_source

    named = repo.open(file, entry, at)
    if isinstance(named, Diagnostic):
        install.findings.append(named)
        return
    if _GLOB.search(entry):
        import glob

        matches = sorted(glob.glob(named))
        if len(matches) > 1:
            message = (
                f"values file {entry!r} matches {len(matches)} files: helmfile takes a glob matching one"
            )
            install.findings.append(Diagnostic(MISSING, message, Severity.ERROR, at))
            return
        if matches:
            named = repo.open(file, os.path.relpath(matches[0], os.path.dirname(file) or os.curdir), at)
            if isinstance(named, Diagnostic):
                install.findings.append(named)
                return
    if named.endswith(".gotmpl"):
        why = (
            f"values file {entry!r} is a template (.gotmpl) helmfile renders, so its values were not checked"
        )
        install.findings.append(_unchecked(at, why))
        return
    if not os.path.isfile(named):
        if handler in _SKIPPING:
            severity = _SKIPPING[handler]
            if severity is not None:
                message = (
                    f"values file {entry!r} does not exist: helmfile skips it (missingFileHandler: {handler})"
                )
                install.findings.append(Diagnostic(MISSING, message, severity, at))
            return
        message = f"values file {entry!r} does not exist: helmfile refuses to run without it"
        install.findings.append(
            Diagnostic(
                MISSING, message, Severity.ERROR, at, hint="set missingFileHandler: Warn to let it be absent"
            )
        )
        return
    try:
        install.layers.append(read_source(named))
    except ChartgenError as exc:
        install.findings.extend(exc.diagnostics)
    except UsageError as exc:
        install.findings.append(Diagnostic(MISSING, str(exc), Severity.ERROR, at))


def _flags(install: Install, doc: Loaded, path: Path, kind: str, file: str, repo: Repo) -> None:
    """The ``set:`` (``setString:``) entries at ``path`` as the flags ``setFlags`` makes."""
    entries = value_at(doc.data, path)
    if not isinstance(entries, list):
        return
    for index, entry in enumerate(entries):
        here: Path = (*path, index)
        if not isinstance(entry, dict):
            continue
        name = _scalar(doc, (*here, "name")) or ""
        name_at = doc.at((*here, "name")) or doc.at(here) or install.at
        value = _scalar(doc, (*here, "value")) or ""
        listed = entry.get("values")
        if value:
            install.flags.append(
                Flag(kind, _escape(name), _escape(value), doc.at((*here, "value")) or name_at, name_at)
            )
        elif kind == "set" and entry.get("file"):
            at = doc.at((*here, "file")) or name_at
            named = repo.open(file, str(entry["file"]), at, what="set file")
            if isinstance(named, Diagnostic):
                install.findings.append(named)
            else:
                install.flags.append(Flag("set-file", _escape(name), named, at, name_at))
        elif isinstance(listed, list) and listed:
            text = "{" + ",".join(_escape(_go_text(item)) for item in listed) + "}"
            install.flags.append(
                Flag(kind, _escape(name), text, doc.at((*here, "values")) or name_at, name_at)
            )


def _go_text(item: typing.Any) -> str:
    """An item of ``set``'s ``values`` as helmfile formats it (Go's ``%v`` of the YAML value)."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, float) and item.is_integer() and abs(item) < 1e21:
        return str(int(item))
    return "<nil>" if item is None else str(item)


def _escape(text: str) -> str:
    """helmfile's ``escape``: the text as one ``--set`` name or value, its braces and commas literal."""
    return text.replace("{", "\\{").replace("}", "\\}").replace(",", "\\,")


def _unchecked(at: Location, message: str) -> Diagnostic:
    return Diagnostic(UNCHECKED, message, Severity.WARNING, at)
