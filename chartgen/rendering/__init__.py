"""Render the Determined chart's objects from coalesced values."""

from chartgen.rendering.engine import Manifest, ReleaseInfo, render_manifests

__all__ = ["Manifest", "ReleaseInfo", "render_manifests"]
