"""The Determined releases chartgen reproduces, and everything that differs between them.

This is the one place that names a release. Each row of ``RELEASES`` says which
*changes* that release brings in or takes out; a change is a named fact about the
chart or the master (``db-snapshots``: the chart reads ``db.snapshotSuffix`` and
friends). The model, the rules, the templates, the pod-spec checks, ``plan`` and
``render`` ask ``has(release, change)`` and never compare release numbers, so adding
a release is one row here plus its conformance corpus, and a patch release whose
chart differs only in images is a row with nothing but its version.

Releases are ordered by version, which is not always the order they were published
in (0.35.1 came after 0.37.0): a release has the changes of every row up to it in
version order, which is right because a patch release stays on its own chart line.
"""

from __future__ import annotations

import re

from chartgen.arguments import given
from chartgen.diagnostics import UsageError
from chartgen.records import record


@record(frozen=True)
class Release:
    """One supported release: its version and what it changes relative to the row before it."""

    version: str
    adds: tuple[str, ...] = ()
    removes: tuple[str, ...] = ()


#: What each change means, for messages and the values reference.
CHANGES: dict[str, str] = {
    "preemption-scheduler": "defaultScheduler: preemption (the priority-preemption kube-scheduler)",
    "task-images-paired": "taskContainerDefaults.cpuImage and gpuImage are taken only as a pair",
    "rocm-slots": "slotType rocm on Kubernetes (the master refused it at start-up before)",
    "rocm-image": "a default ROCm task image (defaultImages.rocmImage, taskContainerDefaults.rocmImage)",
    "master-service-annotations": "masterService.annotations on the master Service",
    "oidc-exclude-groups-scope": "oidc.excludeGroupsScope",
    "agent-attributes": "the OIDC and SAML agent uid/gid/user/group attribute names",
    "preemption-timeout": "task_container_defaults.preemption_timeout in resource pools",
    "db-snapshots": "database snapshots and claims (db.snapshotSuffix, restoreSnapshotSuffix, claimSuffix)",
    "master-host": "determinedMasterHost, determinedMasterPort and determinedMasterScheme",
    "rm-master-ip": "determined_master_ip in resource managers",
    "rm-master-host": "determined_master_host in resource managers (replacing determined_master_ip)",
    "access-tokens": "security.token in values.yaml (the chart does not pass it on)",
    "log-policy-names": "named log policies and bare action names (cancel_retries, exclude_node)",
    "authz-license": (
        "the open-source master requires an Enterprise licence for an authz type other than basic "
        "(it panics at start-up without one)"
    ),
}

RELEASES: tuple[Release, ...] = (
    Release("0.35.0", adds=("preemption-scheduler", "task-images-paired", "rm-master-ip", "authz-license")),
    Release("0.35.1"),
    Release(
        "0.36.0",
        adds=("rocm-slots", "rocm-image", "master-service-annotations", "oidc-exclude-groups-scope"),
        removes=("preemption-scheduler", "task-images-paired"),
    ),
    Release("0.37.0", adds=("agent-attributes", "preemption-timeout")),
    Release(
        "0.38.0",
        adds=("db-snapshots", "master-host", "rm-master-host", "access-tokens", "log-policy-names"),
        removes=("rm-master-ip", "authz-license"),
    ),
    Release("0.38.1"),
)

SUPPORTED: tuple[str, ...] = tuple(r.version for r in RELEASES)
LATEST = SUPPORTED[-1]
#: What a release argument is, as a ``TypeError`` says: ``fix() takes app_version as …``.
RELEASE_ARGUMENT = "a string (chartgen.LATEST, or one of chartgen.SUPPORTED)"

#: The Kubernetes API version of the Go types every supported master reads pod specs with
#: (k8s.io/api v0.28.3 in the go.mod of each release tag).
MASTER_KUBERNETES = "1.28"


def release_key(version: str) -> tuple[int, ...]:
    """Order versions numerically (``0.38.1`` > ``0.9.0``)."""
    return tuple(int(part) for part in version.split("."))


def _changes_by_release() -> dict[str, frozenset[str]]:
    held: set[str] = set()
    table = {}
    for row in sorted(RELEASES, key=lambda r: release_key(r.version)):
        held = (held | set(row.adds)) - set(row.removes)
        table[row.version] = frozenset(held)
    return table


_HAS = _changes_by_release()


def has(release: str, change: str) -> bool:
    """Whether ``release`` has ``change`` (a key of ``CHANGES``)."""
    if change not in CHANGES:
        raise KeyError(f"unknown release change {change!r}")
    return change in _HAS[release]


def span(change: str) -> tuple[str | None, str | None]:
    """The first supported release with ``change`` and the first after it without (None: open)."""
    since = until = None
    for version in SUPPORTED:
        if has(version, change) and since is None:
            since = version
        elif not has(version, change) and since is not None and until is None:
            until = version
    if since == SUPPORTED[0]:
        since = None
    return since, until


def first(change: str) -> str:
    """The first supported release with ``change``, for messages ("read from 0.38.0 on")."""
    return next(v for v in SUPPORTED if has(v, change))


def dropped(change: str) -> str:
    """The first supported release after ``change`` without it, for messages ("removed in 0.36.0")."""
    until = span(change)[1]
    if until is None:
        raise ValueError(f"no supported release drops {change!r}")
    return until


def chart_twins(release: str) -> tuple[str, ...]:
    """The releases whose chart is ``release``'s but for the images (a patch release and its base)."""
    return tuple(v for v in SUPPORTED if _HAS[v] == _HAS[release])


def readers(change: str | None) -> tuple[str, ...]:
    """The supported releases with ``change`` (all of them for None)."""
    return SUPPORTED if change is None else tuple(v for v in SUPPORTED if has(v, change))


def task_image(release: str) -> str:
    """The chart's default CPU and CUDA task image of ``release``."""
    return f"determinedai/pytorch-ngc:{release}"


_VERSION = re.compile(r"v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})")


def check_release(app_version: str) -> str:
    """The supported release ``app_version`` names (``v0.38.1`` is ``0.38.1``), or a ``UsageError``."""
    given(app_version, str, "check_release()", f"app_version as {RELEASE_ARGUMENT}")
    match = _VERSION.fullmatch(app_version.strip())
    supported = ", ".join(SUPPORTED)
    if match is None:
        shown = app_version if len(app_version) <= 40 and app_version.isprintable() else "the value given"
        raise UsageError(
            f"app_version {shown!r} is not a release version (X.Y.Z, as {LATEST} or v{LATEST}); "
            f"chartgen reproduces the chart of Determined {supported}"
        )
    version = ".".join(str(int(part)) for part in match.groups())
    if version not in SUPPORTED:
        newest = release_key(version) > release_key(LATEST)
        where = f"newer than {LATEST}, the newest" if newest else "not one"
        raise UsageError(
            f"Determined {version} is {where} of the releases chartgen reproduces: {supported} "
            "(give app_version as one of them)"
        )
    return version
