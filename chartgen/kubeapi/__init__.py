"""What the Kubernetes API server refuses in an object: its Go validation, read into Python.

Pure functions over parsed objects (dicts as a manifest or a pod spec reads): ``refusals(obj)``
returns one ``Refusal`` per error the API server's validation (Kubernetes 1.28:
``pkg/apis/*/validation`` and ``apimachinery/pkg/api/validation``) returns on create, with the
field in the API's notation (``spec.template.spec.containers[0].volumeMounts[1].mountPath``).
Fields the API server defaults before validating (a port's protocol, a container's pull
policy, a Service's type) are read with their defaults, so only what a user can get wrong is
reported. Kinds it does not know come back unchecked (``checked`` False), never guessed at.
"""

from __future__ import annotations

from chartgen.records import record


@record(frozen=True)
class Refusal:
    """One error of the API server's validation: ``type`` is its ``field.ErrorType`` name
    (``Invalid``, ``Required``, ``Duplicate``, ``NotFound``, ``NotSupported``, ``Forbidden``,
    ``TooLong``), ``detail`` what it says, ``bad_value`` the value at fault (None when it names
    none), ``related`` the fields of the elements it clashes with (the first mount at a path)."""

    kind: str
    namespace: str
    name: str
    field: str
    type: str
    detail: str
    bad_value: object = None
    related: tuple[str, ...] = ()

    def __str__(self) -> str:
        shown = "" if self.bad_value is None else f" {_go_quote(self.bad_value)}"
        return f"{self.field}{shown}: {self.detail}" if self.detail else f"{self.field}{shown}: {self.type}"


def _go_quote(value: object) -> str:
    """Go's ``%q`` for the printable text chartgen's values hold."""
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return f'"{escaped}"'
    return str(value)


def refusals(obj: object) -> list[Refusal]:
    """Every error the API server returns when ``obj`` is created; ``[]`` for a kind it does not check."""
    from chartgen.kubeapi.objects import validate

    return validate(obj)[1]


def checked(obj: object) -> bool:
    """Whether ``refusals`` knows ``obj``'s kind (and so its empty answer means accepted)."""
    from chartgen.kubeapi.objects import validate

    return validate(obj)[0]


__all__ = ["Refusal", "checked", "refusals"]
