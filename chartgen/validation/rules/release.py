"""The release name and namespace, which end up in object names and labels Kubernetes checks.

They come from the command line, not a values file, so their diagnostics are
located at the pseudo-files ``<release name>`` and ``<namespace>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Location
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy

# Helm's own check of release names (chartutil.ValidateReleaseName).
HELM_NAME = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
HELM_MAX = 53
# Kubernetes: Service names are DNS-1035 labels, namespaces DNS-1123 labels, label values ≤ 63.
DNS1035_LABEL = re.compile(r"[a-z]([-a-z0-9]*[a-z0-9])?")
DNS1123_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?")
LABEL_VALUE = re.compile(r"([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?")
MAX_LABEL = 63


def _generated(ctx: Context, name: str) -> Iterator[tuple[str, str, re.Pattern[str]]]:
    """The longest names and label values built from the release name, with the rule each obeys."""
    yield f"determined-master-service-{name}", "the master Service's name", DNS1035_LABEL
    genai = mapping(ctx.get("genai"))
    if truthy(genai.get("version")) and truthy(genai.get("shouldInitializeSharedFSGroupPermissions")):
        label = f"genai-initialize-shared-fs-permissions-{name}"
        yield label, "the GenAI permissions Job's app label", LABEL_VALUE


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
    if len(name) > HELM_MAX or not HELM_NAME.fullmatch(name):
        yield Diagnostic(
            "release-name",
            f"release name {name!r} is not one Helm accepts: lower-case letters, digits, '-' and '.', "
            f"starting and ending with a letter or digit, at most {HELM_MAX} characters",
            location=where,
        )
        return
    for text, what, pattern in _generated(ctx, name):
        if len(text) > MAX_LABEL:
            reason = f"is {len(text)} characters long (the limit is {MAX_LABEL})"
            fix = f"use a release name of at most {MAX_LABEL - (len(text) - len(name))} characters"
        elif not pattern.fullmatch(text):
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
    if len(namespace) > MAX_LABEL or not DNS1123_LABEL.fullmatch(namespace):
        yield Diagnostic(
            "namespace-name",
            f"namespace {namespace!r} is not a valid Kubernetes namespace: lower-case letters, digits "
            f"and '-', starting and ending with a letter or digit, at most {MAX_LABEL} characters",
            location=Location("--namespace", 1, 1),
        )
