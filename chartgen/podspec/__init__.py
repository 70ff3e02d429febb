"""Pod specs: Kubernetes strategic merge patch, as kubectl and the Determined master apply it."""

from chartgen.podspec.smp import POD, PatchError, Schema, strategic_merge

__all__ = ["POD", "PatchError", "Schema", "strategic_merge"]
