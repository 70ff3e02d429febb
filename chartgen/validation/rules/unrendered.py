"""Values the chart does not render under the other values: they have no effect.

Each gate is a condition at the top of the templates that read a group of values. When it is
closed, nothing reads those values, so no consumer refuses them whatever they hold: their
findings are not errors. The runner drops the errors under a closed gate, and the gate's own
warning (``sso-needs-enterprise``, ``genai-needs-version``, ``db-bundled-unused``) says once
that the values are not used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from chartgen.diagnostics import Diagnostic, Path, Severity, dotted
from chartgen.records import record
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy

#: Read only by the bundled database's Deployment, Service and claim, which the chart renders
#: only without ``db.hostAddress`` (``templates/db-deployment.yaml`` and its siblings).
DB_BUNDLED_ONLY = (
    "cpuRequest", "cpuLimit", "memRequest", "memLimit", "disablePVC", "storageSize",
    "storageClassName", "restoreSnapshotSuffix", "useNodePortForDB",
)  # fmt: skip
#: Read only by the database's claim, which ``db.disablePVC`` also leaves out.
DB_CLAIM_ONLY = ("storageSize", "storageClassName", "restoreSnapshotSuffix")


@record(frozen=True)
class Gate:
    """Values under ``section`` (only its ``keys``, when given) that the chart reads only while
    ``open`` holds; ``rule`` is the warning that says so."""

    section: Path
    open: Callable[[Context], bool]
    rule: str
    keys: tuple[str, ...] = ()


def _enterprise(ctx: Context) -> bool:
    return truthy(ctx.get("enterpriseEdition"))


def _genai(ctx: Context) -> bool:
    return truthy(mapping(ctx.get("genai")).get("version"))


def _bundled_db(ctx: Context) -> bool:
    return not truthy(mapping(ctx.get("db")).get("hostAddress"))


def _db_claim(ctx: Context) -> bool:
    db = mapping(ctx.get("db"))
    return not truthy(db.get("hostAddress")) and not truthy(db.get("disablePVC"))


GATES = (
    *(Gate((name,), _enterprise, "sso-needs-enterprise") for name in ("oidc", "saml", "scim")),
    Gate(("genai",), _genai, "genai-needs-version"),
    Gate(("db",), _bundled_db, "db-bundled-unused", DB_BUNDLED_ONLY),
    Gate(("db",), _db_claim, "db-bundled-unused", DB_CLAIM_ONLY),
)


def closed(ctx: Context) -> Iterator[tuple[Gate, Path]]:
    """Each value the user wrote that a closed gate keeps from being rendered."""
    for gate in GATES:
        section = ctx.get(*gate.section, user=True)
        if not isinstance(section, dict) or gate.open(ctx):
            continue
        for key in gate.keys or tuple(section):
            if key in section and not (gate.rule == "genai-needs-version" and key == "version"):
                yield gate, (*gate.section, key)


def unrendered_paths(ctx: Context) -> set[Path]:
    """The values no template reads under these values: errors about them are not errors."""
    return {path for _, path in closed(ctx)}


@rule("db-bundled-unused")
def db_bundled_unused(ctx: Context) -> Iterator[Diagnostic]:
    """Settings of the bundled database do nothing with an external one (``db.hostAddress``), and
    the claim's settings nothing with ``db.disablePVC``: the chart does not render those objects.

    pass: ``db: {storageSize: 30Gi}``
    fail (warning): ``db: {hostAddress: pg.example.com, storageSize: 30Gi}``
    """
    seen: set[Path] = set()
    for gate, path in closed(ctx):
        if gate.rule != "db-bundled-unused" or path in seen:
            continue
        seen.add(path)
        external = truthy(mapping(ctx.get("db")).get("hostAddress"))
        why = (
            "the chart renders the bundled database only without db.hostAddress"
            if external
            else "the chart renders the database's claim only without db.disablePVC"
        )
        yield ctx.diag(
            "db-bundled-unused",
            path,
            f"{dotted(path)} is not used: {why}",
            severity=Severity.WARNING,
            key=True,
        )
