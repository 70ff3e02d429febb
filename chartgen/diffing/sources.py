"""``chartgen.diff``: the installed side and the change, each made into objects, then compared.

The installed side is old values rendered by chartgen (as ``helm install`` rendered
them, or ``helm upgrade`` with ``is_upgrade``), or the manifest as deployed
(``helm get manifest``, a GitOps repository's rendered output). Helm installed those values,
so what lint finds wrong with them is reported as notes, unless Helm itself refuses them. The
change is rendered as ``helm upgrade`` renders it (``.Release.IsUpgrade`` true, ``lookup``
seeing the installed objects) unless told otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from chartgen.arguments import each, given
from chartgen.diagnostics import ChartgenError, Diagnostic
from chartgen.diffing.model import DiffResult
from chartgen.diffing.objects import KubeObject, ObjectId
from chartgen.hints import TYPE_CHECKING
from chartgen.records import record
from chartgen.releases import LATEST, RELEASE_ARGUMENT, check_release
from chartgen.values.load import SetFlags

if TYPE_CHECKING:
    from chartgen.yamlio.load import Loaded


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

    def __post_init__(self) -> None:
        each(self.files, str, "ValuesSource()", "files as a list of paths (strings)")
        given(self.flags, (SetFlags, type(None)), "ValuesSource()", "flags as chartgen.SetFlags or None")
        given(self.app_version, str, "ValuesSource()", f"app_version as {RELEASE_ARGUMENT}")
        given(self.release, str, "ValuesSource()", "release as a string (the release name)")
        given(self.namespace, str, "ValuesSource()", "namespace as a string")
        given(self.is_upgrade, (bool, type(None)), "ValuesSource()", "is_upgrade as True, False or None")


@record(frozen=True)
class ManifestSource:
    """A manifest file, ``-`` for standard input, or a directory of them; ``namespace`` is the release's."""

    path: str
    namespace: str = "default"

    def __post_init__(self) -> None:
        given(self.path, str, "ManifestSource()", "path as a string (a file, a directory or -)")
        given(self.namespace, str, "ManifestSource()", "namespace as a string")


_INSTALLED = "installed as chartgen.ValuesSource or chartgen.ManifestSource"

# Findings that are the chart's own ``required`` or ``fail``, or Helm refusing to read the values:
# about installed values, each says Helm cannot have installed them. Any other finding about them
# (a key Helm ignores, a value the API server or the master refuses) is a note: Helm did install them.
_HELM_REFUSES = frozenset({
    "max-slots-per-pod-required", "initial-password-required", "initial-password-strength",
    "master-port-required", "section-required", "task-images-paired", "checkpoint-type-required",
    "checkpoint-location-required", "db-credentials-required", "db-storage-size-required",
    "db-ssl-root-cert", "db-ssl-cert-resource", "genai-required", "genai-pool-metadata",
    "elastic-address-required", "observability-enable-prometheus", "additional-rm-kubeconfig",
    "oidc-required", "saml-required", "scim-required", "values-not-a-map", "yaml-not-a-number",
    "yaml-complex-key", "yaml-merge", "yaml-alias-cycle", "yaml-syntax",
})  # fmt: skip
# What the chart's password checks see when ``lookup`` skips them: one that passes them.
_CHECKED_PASSWORD = "Skipped-Check-0"


def finds_database(objects: Sequence[KubeObject], release: str, namespace: str) -> bool:
    """Whether the chart's ``lookup "v1" "Service"`` of the database Service finds it among ``objects``.

    The chart requires ``initialUserPassword`` only when it does not (``master-config.yaml``):
    ``helm upgrade`` of a release with a bundled database finds that release's own Service,
    while ``helm install`` and ``helm template`` (no cluster: Helm's ``lookup`` placeholder
    returns nothing) never do.
    """
    wanted = ObjectId("", "Service", namespace, f"determined-db-service-{release}")
    return any(obj.id == wanted for obj in objects)


def _render(
    source: ValuesSource, *, is_upgrade: bool, installed: Sequence[KubeObject] | None = None
) -> tuple[list[KubeObject], list[Diagnostic]]:
    """The objects Helm renders from ``source``, and what is wrong with its values.

    ``installed`` is the cluster ``helm upgrade`` looks up; ``None`` renders the installed side
    itself, whose own database Service a ``helm upgrade`` found. Errors raise ``ChartgenError``,
    but on the installed side only Helm's own refusals do: the others come back as findings.
    """
    from chartgen.diffing.objects import parse_stream
    from chartgen.records import replace
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo
    from chartgen.validation.runner import run_rules
    from chartgen.values.load import load_sources, load_values

    ignored: list[Diagnostic] = []
    if installed is None:
        layers, ignored = _as_helm_read(source.files)
        loaded = load_sources(layers, app_version=source.app_version, flags=source.flags)
    else:
        loaded = load_values(source.files, app_version=source.app_version, flags=source.flags)
    info = ReleaseInfo(source.release, source.namespace, loaded.release, is_upgrade)
    objects: list[KubeObject] = []
    try:
        manifests = render(loaded.values, info)
    except Exception:  # values chartgen cannot render: lint says why, else it is a bug
        rendered = run_rules(loaded, release_name=source.release, namespace=source.namespace)
        if any(d.is_error for d in rendered):
            raise ChartgenError([d for d in rendered if d.is_error]) from None
        raise
    for manifest in manifests:
        found, problems = parse_stream(manifest.text, manifest.template, source.namespace)
        if problems:  # chartgen's own output is always objects; anything else is a bug
            raise RuntimeError(f"{manifest.template} rendered something that is not an object")
        objects.extend(found)
    checked = loaded
    looked_up = objects if installed is None else installed
    if is_upgrade and finds_database(looked_up, source.release, source.namespace):
        checked = replace(loaded, values={**loaded.values, "initialUserPassword": _CHECKED_PASSWORD})
    findings = run_rules(
        checked, release_name=source.release, namespace=source.namespace, is_upgrade=is_upgrade
    )
    errors = [d for d in findings if d.is_error]
    refused = errors if installed is not None else [d for d in errors if d.rule in _HELM_REFUSES]
    if refused:
        raise ChartgenError(refused)
    return objects, [*ignored, *errors]


def _as_helm_read(files: Sequence[str]) -> tuple[list[Loaded], list[Diagnostic]]:
    """Each file as Helm reads it, and the keys it ignores: of a key written twice in one
    mapping Helm keeps the last, where chartgen's reader stops at the second."""
    from chartgen.values.load import from_text
    from chartgen.yamlio.read import read_text

    layers: list[Loaded] = []
    ignored: list[Diagnostic] = []
    problems: list[Diagnostic] = []
    for file in files:
        text, name = read_text(file)
        try:
            layers.append(from_text(text, name))
            continue
        except ChartgenError as exc:
            if any(d.rule != "yaml-duplicate-key" for d in exc.diagnostics):
                problems.extend(exc.diagnostics)
                continue
        kept, dropped = _last_written(text, name)
        try:
            layers.append(from_text(kept, name))
        except ChartgenError as exc:
            problems.extend(exc.diagnostics)
        ignored.extend(dropped)
    if problems:
        raise ChartgenError(problems)
    return layers, ignored


def _last_written(text: str, name: str) -> tuple[str, list[Diagnostic]]:
    """``text`` with every entry a later one of the same key overrides blanked out (so every
    line and column stays where it was), and a finding for each."""
    from chartgen.diagnostics import Location, dotted
    from chartgen.yamlio.edit import Document

    document = Document.parse(text, name)
    characters = list(text)
    dropped: list[Diagnostic] = []
    blanked: list[tuple[int, int]] = []
    for path, entry in sorted(document.duplicates(), key=lambda found: found[1].key.start_mark.index):
        mark = entry.key.start_mark
        if any(start <= mark.index < end for start, end in blanked):
            continue  # inside an entry already dropped: it went with it
        for edit in document.remove_entry(entry):
            blanked.append((edit.start, edit.end))
            for index in range(edit.start, edit.end):
                if characters[index] != "\n":
                    characters[index] = " "
        dropped.append(
            Diagnostic(
                "yaml-duplicate-key",
                f"{dotted(path)} is written again later in the mapping: Helm keeps "
                "the last value, so this one was ignored",
                location=Location(name, mark.line + 1, mark.column + 1),
                path=path,
            )
        )
    return "".join(characters), dropped


def diff(installed: ValuesSource | ManifestSource, change: ValuesSource) -> DiffResult:
    """Every change ``helm upgrade`` would make from ``installed`` to ``change``, classified.

    Invalid values or manifests raise ``ChartgenError``; unreadable files and unsupported
    releases raise ``UsageError``.
    """
    from chartgen.diffing.compare import compare
    from chartgen.diffing.objects import read_manifests

    given(installed, (ValuesSource, ManifestSource), "diff()", _INSTALLED)
    given(change, ValuesSource, "diff()", "change as chartgen.ValuesSource")
    mistakes: list[Diagnostic] = []
    if isinstance(installed, ManifestSource):
        old = read_manifests(installed.path, installed.namespace)
    else:
        old, mistakes = _render(installed, is_upgrade=bool(installed.is_upgrade))
    new, _ = _render(change, is_upgrade=change.is_upgrade is not False, installed=old)
    result = compare(
        old,
        new,
        new_release=check_release(change.app_version),
        installed_from_values=isinstance(installed, ValuesSource),
    )
    result.notes[:0] = [_installed_note(d) for d in mistakes]
    return result


def _installed_note(diagnostic: Diagnostic) -> str:
    """A mistake in the installed values, which Helm installed anyway: lint's finding, as a note."""
    place = f"{diagnostic.location}: " if diagnostic.location else ""
    return f"in the installed values, which Helm installed anyway: {place}[{diagnostic.rule}] {diagnostic.message}"
