"""The release name and namespace, which end up in object names and labels Kubernetes checks.

They come from the command line, not a values file, so their diagnostics are
located at the pseudo-files ``<release name>`` and ``<namespace>``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from chartgen.diagnostics import Diagnostic, Location
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy

# The name shapes below are checked character by character: as regular expressions they cost
# every start half a millisecond to compile, for names of a few characters.
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_LOWER_DIGIT = _LOWER | frozenset("0123456789")
_ALNUM = _LOWER_DIGIT | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _shaped(text: str, first: frozenset[str], inner: frozenset[str], last: frozenset[str]) -> bool:
    return bool(text) and text[0] in first and text[-1] in last and all(char in inner for char in text)


def dns1123_label(text: str) -> bool:
    """``[a-z0-9]([-a-z0-9]*[a-z0-9])?``: namespaces."""
    return _shaped(text, _LOWER_DIGIT, _LOWER_DIGIT | {"-"}, _LOWER_DIGIT)


def dns1035_label(text: str) -> bool:
    """``[a-z]([-a-z0-9]*[a-z0-9])?``: Service names."""
    return _shaped(text, _LOWER, _LOWER_DIGIT | {"-"}, _LOWER_DIGIT)


def helm_name(text: str) -> bool:
    """DNS-1123 labels joined by dots: Helm's own check of release names
    (chartutil.ValidateReleaseName), length aside."""
    return all(dns1123_label(part) for part in text.split("."))


def label_value(text: str) -> bool:
    """``([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?``: label values."""
    return not text or _shaped(text, _ALNUM, _ALNUM | {"-", "_", "."}, _ALNUM)


HELM_MAX = 53
# Kubernetes: Service names are DNS-1035 labels, namespaces DNS-1123 labels, label values ≤ 63.
MAX_LABEL = 63


def _generated(ctx: Context, name: str) -> Iterator[tuple[str, str, Callable[[str], bool]]]:
    """The longest names and label values built from the release name, with the rule each obeys."""
    yield f"determined-master-service-{name}", "the master Service's name", dns1035_label
    genai = mapping(ctx.get("genai"))
    if truthy(genai.get("version")) and truthy(genai.get("shouldInitializeSharedFSGroupPermissions")):
        label = f"genai-initialize-shared-fs-permissions-{name}"
        yield label, "the GenAI permissions Job's app label", label_value


@rule("release-name")
def release_name(ctx: Context) -> Iterator[Diagnostic]:
    """The release name must be one Helm accepts and that keeps every generated name valid.

    Helm takes lower-case DNS names of up to 53 characters; the chart then
    builds ``determined-master-service-<release>``, a Service name Kubernetes
    limits to 63 characters without dots.

    pass: ``det``
    fail: ``Det`` (Helm refuses upper case); ``prod.det`` (a dot is not allowed in a Service name)
    """
    name = ctx.release_name
    where = Location("<release name>", 1, 1)
    if len(name) > HELM_MAX or not helm_name(name):
        yield Diagnostic(
            "release-name",
            f"release name {name!r} is not one Helm accepts: lower-case letters, digits, '-' and '.', "
            f"starting and ending with a letter or digit, at most {HELM_MAX} characters",
            location=where,
        )
        return
    for text, what, shaped in _generated(ctx, name):
        if len(text) > MAX_LABEL:
            reason = f"is {len(text)} characters long (the limit is {MAX_LABEL})"
            fix = f"use a release name of at most {MAX_LABEL - (len(text) - len(name))} characters"
        elif not shaped(text):
            reason, fix = "contains a '.'", "use a release name without dots"
        else:
            continue
        yield Diagnostic(
            "release-name",
            f"release name {name!r} makes {what} {text!r}, which {reason}: Kubernetes rejects it; {fix}",
            location=where,
        )


@rule("namespace-name")
def namespace_name(ctx: Context) -> Iterator[Diagnostic]:
    """The namespace must be a DNS-1123 label, or Kubernetes rejects every object of the release.

    pass: ``determined``
    fail: ``Determined_Jobs``
    """
    namespace = ctx.namespace
    if len(namespace) > MAX_LABEL or not dns1123_label(namespace):
        yield Diagnostic(
            "namespace-name",
            f"namespace {namespace!r} is not a valid Kubernetes namespace: lower-case letters, digits "
            f"and '-', starting and ending with a letter or digit, at most {MAX_LABEL} characters",
            location=Location("--namespace", 1, 1),
        )
