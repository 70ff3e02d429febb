"""Checking a GitOps file: each install of the Determined chart it makes, as the tool makes it.

A values file is one install's top layer; a GitOps file holds whole installs (``chartgen.gitops``):
layers in the tool's order, then its ``--set``-like flags, the release, name and namespace it
fixes. Each is loaded as ``helm template -f … --set …`` would load it, checked with the rules, and
every finding lands in the file and at the line that holds the value (the Application, a value
file, the ``value:`` of a parameter). What the pin, release name and namespace say is used
unless the caller names its own; a configuration's defaults are for loose values files, and
yield to what the object says is installed.
"""

from __future__ import annotations

from chartgen.diagnostics import ChartgenError, Diagnostic, Location, Severity, UsageError
from chartgen.hints import TYPE_CHECKING
from chartgen.records import replace
from chartgen.values.load import LoadedValues, SetFlags

if TYPE_CHECKING:
    from chartgen.gitops.model import Flag, Install
    from chartgen.validation.config import Settings
    from chartgen.validation.registry import Rule


def gitops_installs(file: str) -> list[Install] | None:
    """The installs ``file`` makes when it is a GitOps file, else None (a values file, or one
    that cannot be read: the values path reports that). Raises ``ChartgenError`` for a GitOps
    file that is not YAML."""
    from chartgen.gitops import looks_like_gitops
    from chartgen.yamlio.read import STDIN, read_text

    if file == STDIN:
        return None
    try:
        text, name = read_text(file)
    except (ChartgenError, UsageError):
        return None
    if not looks_like_gitops(text, name):
        return None
    from chartgen.gitops import installs_in

    return installs_in(name, text=text)


def check_installs(
    settings: Settings,
    installs: list[Install],
    base: list[str],
    flags: SetFlags | None,
    rules: dict[str, Rule],
    caller: tuple[str | None, str | None, str | None],
    file: str,
) -> list[Diagnostic]:
    """Every reported finding of ``installs`` (made by ``file``): ``base`` files below their
    layers, ``flags`` after theirs; ``caller`` is the app version, release name and namespace
    the caller gave, which win over the install's."""
    from chartgen.checking import _reported

    out: list[Diagnostic] = []
    for install in installs:
        found = _withheld(_one(settings, install, base, flags, rules, caller), install)
        files = [file, *base, *(layer.file for layer in install.layers)]
        opt_in = {
            name for name, known in rules.items() if known.opt_in and settings.enabled(name, opt_in=True)
        }
        out.extend(_reported(settings, found, list(dict.fromkeys(files)), rules, opt_in))
    return list(dict.fromkeys(out))


def _one(
    settings: Settings,
    install: Install,
    base: list[str],
    flags: SetFlags | None,
    rules: dict[str, Rule],
    caller: tuple[str | None, str | None, str | None],
) -> list[Diagnostic]:
    from chartgen.releases import LATEST, check_release
    from chartgen.validation.runner import run_rules
    from chartgen.values.load import load_sources, read_source

    found = list(install.findings)
    if not install.checked or any(d.is_error for d in found):
        return found  # a template, or a layer could not be read: the rest would judge another install
    app_version, release_name, namespace = caller
    if app_version is None and install.version is not None:
        from chartgen.gitops.versions import resolve

        release, unknown = resolve(install.version, install.version_at or install.at)
        found += [unknown] if unknown is not None else []
        if unknown is not None and unknown.is_error:
            return found  # no chart is installed from a pin Helm cannot read
    else:
        release = check_release(app_version or settings.app_version or LATEST)
    try:
        layers = [read_source(source) for source in base] + install.layers
        values = load_sources(layers, app_version=release, flags=_flags(install.flags, flags))
    except ChartgenError as exc:
        return [
            *found,
            *(replace(_placed(d, install.flags), severity=Severity.ERROR) for d in exc.diagnostics),
        ]
    _locate_flags(values, install.flags)
    values.positions[()] = install.at  # what the install lacks (a required value) is said at its source
    opt_in = {name for name, known in rules.items() if known.opt_in and settings.enabled(name, opt_in=True)}
    found += run_rules(
        values,
        release_name=release_name or install.release_name or settings.release_name or "determined",
        namespace=namespace or install.namespace or settings.namespace or "default",
        is_upgrade=install.is_upgrade,
        opt_in=opt_in,
        policies=settings.policies,
    )
    return found


def _flags(own: list[Flag], given: SetFlags | None) -> SetFlags | None:
    """The install's flags, then the caller's, each kind in order (Helm applies kinds in its own order)."""
    if not own:
        return given
    merged = SetFlags()
    for flag in own:
        getattr(merged, flag.kind.replace("-", "_")).append(f"{flag.name}={flag.value}")
    for kind, exprs in (given or SetFlags()).by_kind():
        getattr(merged, kind.replace("-", "_")).extend(exprs)
    return merged


def _flag_at(location: Location | None, flags: list[Flag], *, key: bool) -> Location | None:
    """Where the install's flag behind a ``--set:N:COL`` location was written: its ``value:``,
    or its ``name:`` for a key (or a column inside the name)."""
    if location is None or location.line is None or not location.file.startswith("--"):
        return location
    kind = location.file.removeprefix("--")
    own = [flag for flag in flags if flag.kind == kind]
    if location.line > len(own):  # one of the caller's flags, after the install's: its own number
        return replace(location, line=location.line - len(own))
    flag = own[location.line - 1]
    in_name = key or (location.column or 1) <= len(flag.name) + 1
    return flag.name_at if in_name else flag.at


def _placed(diagnostic: Diagnostic, flags: list[Flag]) -> Diagnostic:
    return replace(diagnostic, location=_flag_at(diagnostic.location, flags, key=False))


def _locate_flags(values: LoadedValues, flags: list[Flag]) -> None:
    if not flags:
        return
    for path, where in values.keys.items():
        values.keys[path] = _flag_at(where, flags, key=True) or where
    for path, where in values.positions.items():
        values.positions[path] = _flag_at(where, flags, key=False) or where


#: What a finding shows instead of a value a Secret holds.
WITHHELD = "<withheld: from a Secret>"


def _withheld(found: list[Diagnostic], install: Install) -> list[Diagnostic]:
    """``found`` with nothing a Secret's layer holds in its text (a Flux ``valuesFrom`` Secret):
    every value of those layers is taken out of messages and hints wherever it is quoted (and
    anywhere when long enough to be recognised), and a finding in a Secret keeps no data."""
    secret = [install.layers[index] for index in install.secret_layers if 0 <= index < len(install.layers)]
    if not secret:
        return found
    texts: set[str] = set()
    for layer in secret:
        texts.update(layer.words.values())
        stack = [layer.data]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif value is not None:
                texts.add(str(value).lower() if isinstance(value, bool) else str(value))
    files = {layer.file for layer in secret}
    ordered = sorted((text for text in texts if text), key=len, reverse=True)

    def hide(message: str) -> str:
        for text in ordered:
            for quote in ("`", "'", '"'):
                message = message.replace(f"{quote}{text}{quote}", f"{quote}{WITHHELD}{quote}")
            if len(text) >= 6:
                message = message.replace(text, WITHHELD)
        return message

    out = []
    for d in found:
        message, hint = hide(d.message), hide(d.hint)
        inside = d.location is not None and d.location.file in files
        if message != d.message or hint != d.hint or inside:
            d = replace(d, message=message, hint=hint, extra={})
        out.append(d)
    return out
