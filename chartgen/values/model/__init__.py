"""The typed model of every value the Determined chart reads: the single source of truth.

The JSON Schema of each release, ``DEFAULTS`` of ``chartgen.data`` and the values reference are
generated from it (``python -m chartgen.gen``). Importing this package imports
pydantic; ``lint`` never does (it walks the generated schema instead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chartgen.releases import check_release
from chartgen.values.model.checkpoint import CheckpointStorage
from chartgen.values.model.cluster import Cluster, NodeGroup
from chartgen.values.model.db import Db
from chartgen.values.model.genai import Genai
from chartgen.values.model.images import DefaultImages
from chartgen.values.model.ingress import Ingress, IngressTls
from chartgen.values.model.logging import Logging
from chartgen.values.model.master import MasterService, Observability, SlotResourceRequests, Telemetry
from chartgen.values.model.pools import AdditionalResourceManager, ResourceManager, ResourcePool
from chartgen.values.model.root import Values
from chartgen.values.model.security import Oidc, Saml, Scim, Security
from chartgen.values.model.tasks import TaskContainerDefaults

if TYPE_CHECKING:
    from chartgen.values.load import LoadedValues

__all__ = [
    "AdditionalResourceManager",
    "CheckpointStorage",
    "Cluster",
    "Db",
    "DefaultImages",
    "Genai",
    "Ingress",
    "IngressTls",
    "Logging",
    "MasterService",
    "NodeGroup",
    "Observability",
    "Oidc",
    "ResourceManager",
    "ResourcePool",
    "Saml",
    "Scim",
    "Security",
    "SlotResourceRequests",
    "TaskContainerDefaults",
    "Telemetry",
    "Values",
    "model_of",
    "parse_values",
]


def parse_values(values: dict[str, Any], release: str) -> Values:
    """Typed values of ``release``; raises ``pydantic.ValidationError`` on keys or values it does not take."""
    return Values.model_validate(values, context={"release": check_release(release)})


def model_of(loaded: LoadedValues) -> Values:
    """``loaded.model``: its coalesced values typed; the model's objections become located findings."""
    from pydantic import ValidationError

    from chartgen.diagnostics import ChartgenError, Diagnostic, Location

    try:
        return parse_values(loaded.values, loaded.release)
    except ValidationError as exc:
        found = []
        for error in exc.errors():
            path = tuple(part for part in error["loc"] if isinstance(part, (str, int)))
            where = loaded.locate(path) or Location(loaded.files[0] if loaded.files else "<values>", 1, 1)
            found.append(
                Diagnostic(
                    "model-refused", f"{'.'.join(map(str, path))}: {error['msg']}", location=where, path=path
                )
            )
        raise ChartgenError(found) from None
