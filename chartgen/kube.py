"""The Kubernetes versions chartgen renders for (``render --kube-version``, as in ``helm template``)."""

from __future__ import annotations

import re

from chartgen.diagnostics import UsageError

# Seed 003: Determined needs Kubernetes 1.19 or later; it is also the first release
# with networking.k8s.io/v1 Ingress, the version chartgen renders.
MINIMUM = (1, 19)
_VERSION = re.compile(r"v?(\d{1,9})\.(\d{1,9})(?:\.(\d{1,9}))?(?:[-+].*)?")


def check_kube_version(text: str) -> tuple[int, int]:
    """``(major, minor)`` of a version written as Helm accepts it (``1.29``, ``v1.29.3``)."""
    match = _VERSION.fullmatch(text.strip())
    if not match:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise UsageError(f"Kubernetes version {shown!r} is not valid: write it as 1.29 or v1.29.3")
    version = (int(match.group(1)), int(match.group(2)))
    if version < MINIMUM:
        raise UsageError(
            f"Kubernetes {text} is older than {MINIMUM[0]}.{MINIMUM[1]}, the oldest "
            "Determined supports (and the first with networking.k8s.io/v1 Ingress)"
        )
    return version
