"""The Determined chart: which templates exist and the names and labels they share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from chartgen.releases import release_key
from chartgen.render.engine import (
    CHART_NAME,
    Manifest,
    ReleaseInfo,
    environment,
    helm_context,
    render_manifests,
)


@cache
def manifest_templates() -> tuple[str, ...]:
    """Every template that renders objects; ``_``-prefixed files are partials."""
    env = environment()
    return tuple(
        name
        for name in env.list_templates(extensions=("yaml",))
        if not name.rsplit("/", 1)[-1].startswith("_")
    )


def chart_context(values: Mapping[str, Any], release: ReleaseInfo) -> dict[str, Any]:
    """Names, labels and release facts every template shares."""
    name = release.name
    current = release_key(release.app_version)
    return {
        "names": {
            "master": f"determined-master-{name}",
            "master_config": f"determined-master-config-{name}",
            "master_service": f"determined-master-service-{name}",
            "master_deployment": f"determined-master-deployment-{name}",
            "db": f"determined-db-{name}",
            "db_service": f"determined-db-service-{name}",
            "db_deployment": f"determined-db-deployment-{name}",
            "db_pvc": f"determined-db-pvc-{name}",
        },
        "labels": {
            "master": {"app": f"determined-master-{name}", "release": name},
            "db": {"app": f"determined-db-{name}", "release": name},
        },
        "since": lambda version: current >= release_key(version),
    }


def render(values: Mapping[str, Any], release: ReleaseInfo, *, only: Sequence[str] = ()) -> list[Manifest]:
    """All objects the chart installs for these (already coalesced and validated) values."""
    context = chart_context(values, release)
    env = environment()
    master_yaml = env.get_template("_master.yaml").render({**helm_context(values, release), **context})
    context["master_yaml"] = master_yaml
    templates = manifest_templates()
    if only:
        wanted = {name.removeprefix(f"{CHART_NAME}/").removeprefix("templates/") for name in only}
        templates = tuple(t for t in templates if t in wanted)
    return render_manifests(values, release, templates, context)
