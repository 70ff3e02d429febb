"""Value types shared by the sections: Kubernetes names and quantities, ports, open objects.

A ``format`` here is one of the walker's own formats (``chartgen.quantities``);
the same check runs when pydantic validates, so the typed model and ``lint`` agree.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from chartgen.quantities import check_format


def _format(name: str, *, empty_is_unset: bool = True) -> Any:
    """Check a value with the walker's format ``name``; warnings are for ``lint``, not refusals.

    ``""`` in a field that may be null is unset to the chart's ``if`` (so to ``lint`` too).
    """

    def check(value: Any) -> Any:
        if value == "" and empty_is_unset:
            return value
        problem = check_format(name, value)
        if problem is not None and problem.error:
            raise ValueError(problem.message)
        return value

    return AfterValidator(check)


def _formatted(name: str) -> Any:
    return Field(json_schema_extra={"format": name})


Port = Annotated[int, Field(ge=1, le=65535)]
PositiveInt = Annotated[int, Field(ge=1)]
NonNegativeInt = Annotated[int, Field(ge=0)]
#: The master's log retention in days: an int16 it refuses below -1 (-1: forever).
RetentionDays = Annotated[int, Field(ge=-1, le=32767)]

# Kubernetes quantities: a YAML number or a string such as ``500m``, ``8Gi``.
Cpu = Annotated[int | float | str, _format("cpu"), _formatted("cpu")]
Memory = Annotated[int | float | str, _format("memory"), _formatted("memory")]
MemoryLimit = Annotated[int | float | str, _format("memory-limit"), _formatted("memory-limit")]
Storage = Annotated[int | float | str, _format("storage"), _formatted("storage")]

# Object names: Secrets, ConfigMaps, PVCs and StorageClasses are DNS-1123 subdomains,
# namespaces DNS-1123 labels.
ObjectName = Annotated[str, _format("dns-subdomain"), _formatted("dns-subdomain")]
Namespace = Annotated[str, _format("dns-label"), _formatted("dns-label")]
# A suffix the chart appends to ``determined-db-pvc-`` or ``determined-db-snapshot-``.
NameSuffix = Annotated[str | int, _format("name-suffix"), _formatted("name-suffix")]
# Only ever an item of ``loadBalancerSourceRanges``, never null: "" there is a malformed range.
Cidr = Annotated[str, _format("cidr", empty_is_unset=False), _formatted("cidr")]
Url = Annotated[str, _format("url"), _formatted("url")]
Host = Annotated[str, _format("host"), _formatted("host")]

# Kubernetes annotation values are strings; a YAML ``true`` or ``3`` is refused by the API server.
Annotations = dict[str, str]
# A Pod manifest, checked elsewhere against the Kubernetes Pod schema.
PodSpec = dict[str, Any]
OpenObject = dict[str, Any]
