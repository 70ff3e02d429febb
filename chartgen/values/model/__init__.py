"""The typed model of every value the Determined chart reads: the single source of truth.

The JSON Schema of each release, ``DEFAULTS`` of ``chartgen.data`` and the values reference are
generated from it (``python -m chartgen.gen``). Importing this package imports
pydantic; ``lint`` never does (it walks the generated schema instead).
"""

from __future__ import annotations

from typing import Any

from chartgen.hints import TYPE_CHECKING
from chartgen.releases import check_release
from chartgen.values.model.checkpoint import CheckpointStorage
from chartgen.values.model.cluster import Cluster, NodeGroup
from chartgen.values.model.db import Db
from chartgen.values.model.genai import Genai, GeneratedPvc
from chartgen.values.model.images import DefaultImages
from chartgen.values.model.ingress import Ingress, IngressTls
from chartgen.values.model.logging import ElasticSecurity, ElasticTls, Logging, RetentionPolicy
from chartgen.values.model.master import (
    MasterService,
    Observability,
    OpenshiftRoute,
    SlotResourceRequests,
    Telemetry,
)
from chartgen.values.model.pools import (
    AdditionalResourceManager,
    BindMount,
    Device,
    Fluent,
    KubernetesResourceManager,
    KubernetesTaskDefaults,
    LogAction,
    LogPolicy,
    MasterTaskContainerDefaults,
    RegistryAuth,
    ResourceManager,
    ResourcePool,
    RuntimeImages,
    RuntimeVariables,
    SlotRequests,
    TaskGateway,
)
from chartgen.values.model.root import Values
from chartgen.values.model.security import (
    AssignWorkspaceCreator,
    Authz,
    DefaultTask,
    Oidc,
    Saml,
    Scim,
    ScimAuth,
    Security,
    Token,
)
from chartgen.values.model.tasks import TaskContainerDefaults

if TYPE_CHECKING:
    from chartgen.values.load import LoadedValues

__all__ = [
    "AdditionalResourceManager",
    "AssignWorkspaceCreator",
    "Authz",
    "BindMount",
    "CheckpointStorage",
    "Cluster",
    "Db",
    "DefaultImages",
    "DefaultTask",
    "Device",
    "ElasticSecurity",
    "ElasticTls",
    "Fluent",
    "Genai",
    "GeneratedPvc",
    "Ingress",
    "IngressTls",
    "KubernetesResourceManager",
    "KubernetesTaskDefaults",
    "LogAction",
    "LogPolicy",
    "Logging",
    "MasterService",
    "MasterTaskContainerDefaults",
    "NodeGroup",
    "Observability",
    "Oidc",
    "OpenshiftRoute",
    "RegistryAuth",
    "ResourceManager",
    "ResourcePool",
    "RetentionPolicy",
    "RuntimeImages",
    "RuntimeVariables",
    "Saml",
    "Scim",
    "ScimAuth",
    "Security",
    "SlotRequests",
    "SlotResourceRequests",
    "TaskContainerDefaults",
    "TaskGateway",
    "Telemetry",
    "Token",
    "Values",
    "model_of",
    "parse_values",
]


def parse_values(values: dict[str, Any], release: str) -> Values:
    """Typed values of ``release``; raises ``pydantic.ValidationError`` on keys or values it does not take."""
    return Values.model_validate(values, context={"release": check_release(release)})


def model_of(loaded: LoadedValues) -> Values:
    """``loaded.model``: its coalesced values typed; the model's objections become findings as
    lint words them, where they were written (``ValuesError``)."""
    from pydantic import ValidationError

    from chartgen.diagnostics import Location, ValuesError
    from chartgen.records import replace
    from chartgen.values.model.base import refused

    try:
        return parse_values(loaded.values, loaded.release)
    except ValidationError as exc:
        top = loaded.positions.get(()) or Location(loaded.files[0] if loaded.files else "<values>", 1, 1)
        found = refused(exc, loaded.values, Values, loaded.release)
        raise ValuesError([replace(d, location=loaded.locate(d.path) or top) for d in found]) from None
