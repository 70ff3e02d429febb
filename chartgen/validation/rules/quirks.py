"""Values the chart accepts but ignores or turns into something else: warnings that say what happens."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity, dotted
from chartgen.hints import TYPE_CHECKING
from chartgen.releases import has
from chartgen.validation.registry import Context, fixes, rule
from chartgen.validation.rules._helm import mapping, truthy
from chartgen.validation.schema_walk import placeholders

if TYPE_CHECKING:
    from chartgen.yamlio.edit import Document, Fix

SNAPSHOT_NAMESPACE = "default"


def _is_upgrade(ctx: Context) -> bool:
    """True when rendering for ``helm upgrade``; lint and plain renders are installs."""
    return bool(ctx.is_upgrade)


@rule("snapshot-suffix-install")
def snapshot_on_install(ctx: Context) -> Iterator[Diagnostic]:
    """Database snapshots and restores happen only on ``helm upgrade``; on an install the suffixes do nothing.

    pass: ``db: {snapshotSuffix: nightly}`` rendered with ``--is-upgrade``
    fail (warning): the same on a fresh install
    """
    if not has(ctx.release, "db-snapshots") or _is_upgrade(ctx):
        return
    db = mapping(ctx.get("db"))
    for name, action in (("snapshotSuffix", "snapshots"), ("restoreSnapshotSuffix", "restores")):
        if truthy(db.get(name)):
            yield ctx.diag(
                "snapshot-suffix-install", ("db", name),
                f"db.{name} does nothing on a fresh install: the chart {action} the database only on "
                "helm upgrade (chartgen render --is-upgrade)",
                severity=Severity.WARNING,
            )  # fmt: skip


@rule("snapshot-namespace")
def snapshot_namespace(ctx: Context) -> Iterator[Diagnostic]:
    """The chart always creates the database VolumeSnapshot in namespace ``default``.

    A snapshot can only copy a claim of its own namespace, so a release in
    another namespace gets a snapshot that never becomes ready.

    pass: ``db: {snapshotSuffix: nightly}`` upgraded in namespace ``default``
    fail (warning): the same upgraded in namespace ``determined``
    """
    if not has(ctx.release, "db-snapshots") or not _is_upgrade(ctx):
        return
    suffix = ctx.get("db", "snapshotSuffix")
    if truthy(suffix) and ctx.namespace != SNAPSHOT_NAMESPACE:
        yield ctx.diag(
            "snapshot-namespace", ("db", "snapshotSuffix"),
            f"the chart creates the database VolumeSnapshot in namespace {SNAPSHOT_NAMESPACE!r}, but "
            f"the database's claim is in {ctx.namespace!r}: a snapshot only copies a claim of its own "
            "namespace, so this one never becomes ready",
            severity=Severity.WARNING,
        )  # fmt: skip


@rule("default-password-deprecated")
def default_password(ctx: Context) -> Iterator[Diagnostic]:
    """``defaultPassword`` is the deprecated name of ``initialUserPassword``, and loses to it.

    pass: ``initialUserPassword: Corpus-Passw0rd``
    fail (warning): ``defaultPassword: Legacy-Passw0rd``
    """
    value = ctx.get("defaultPassword")
    if not truthy(value):
        return
    if isinstance(value, str) and placeholders(value, whole=True):
        return  # one mistake, one finding: ``placeholder`` is the error to fix first
    if truthy(ctx.get("initialUserPassword")):
        consequence = "it is ignored, because initialUserPassword is set"
    else:
        consequence = "the chart still uses it as initialUserPassword; rename it"
    yield ctx.diag(
        "default-password-deprecated", ("defaultPassword",),
        f"defaultPassword is deprecated: {consequence}",
        severity=Severity.WARNING,
        key=True,
    )  # fmt: skip


@fixes("default-password-deprecated", safe=True)
def fix_default_password(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """Renamed to ``initialUserPassword`` (an empty one written beside it goes); removed, unsafely,
    when ``initialUserPassword`` is set and wins anyway."""
    from chartgen.yamlio.edit import Fix

    current = doc.scalar_value(("initialUserPassword",))
    if ("initialUserPassword",) not in doc.entries:
        edits = doc.rename_key(("defaultPassword",), "initialUserPassword")
    elif current is ... or truthy(current):
        edits = doc.remove(("defaultPassword",))
        description = "removed defaultPassword: initialUserPassword is set and the chart ignores it"
        return Fix(diagnostic.rule, diagnostic.path, description, tuple(edits), safe=False)
    else:
        edits = [
            *doc.remove(("initialUserPassword",)),
            *doc.rename_key(("defaultPassword",), "initialUserPassword", replacing=True),
        ]
    return Fix(
        diagnostic.rule, diagnostic.path, "renamed defaultPassword to initialUserPassword", tuple(edits)
    )


def _remove_ignored(diagnostic: Diagnostic, doc: Document) -> Fix | None:
    """An ignored setting removed: unsafe, since whoever wrote it expected it to work."""
    from chartgen.yamlio.edit import Fix

    path = diagnostic.path
    return Fix(
        diagnostic.rule,
        path,
        f"removed `{dotted(path)}`, which the chart ignores",
        tuple(doc.remove(path)),
    )


@rule("log-color-ignored")
def log_color(ctx: Context) -> Iterator[Diagnostic]:
    """``logColor: false`` has no effect: the chart writes ``color: true`` for any false or empty value.

    The chart uses Helm's ``default true``, which treats ``false`` as unset. To turn colour off,
    write the text ``"false"``: the chart writes it bare and the master reads the boolean false.

    pass: ``logColor: "false"``
    fail (warning): ``logColor: false``
    """
    # Other falsy values (0, "") are not booleans: the schema's finding says what Helm does with them.
    if "logColor" in ctx.user and (ctx.user["logColor"] is False or ctx.user["logColor"] is None):
        from chartgen.yamlio.emit import flow

        yield ctx.diag(
            "log-color-ignored", ("logColor",),
            f"logColor: {flow(ctx.user['logColor'])} has no effect: the chart writes color: true into master.yaml for any "
            "false or empty logColor (Helm's default treats false as unset), so master logs stay colored; "
            'to turn colour off write logColor: "false", which the master reads as false',
            severity=Severity.WARNING,
        )  # fmt: skip


@rule("security-token-ignored")
def security_token(ctx: Context) -> Iterator[Diagnostic]:
    """``security.token`` appears in values.yaml from the access-tokens change on, but no chart passes it on.

    pass: ``security: {authz: {type: rbac}}``
    fail (warning): ``security: {token: {max_lifespan_days: 90}}``
    """
    if has(ctx.release, "access-tokens") and truthy(ctx.get("security", "token")):
        yield ctx.diag(
            "security-token-ignored", ("security", "token"),
            f"security.token is ignored: the {ctx.release} chart does not pass it to master.yaml, so "
            "the master keeps its default access-token lifespans",
            severity=Severity.WARNING,
            key=True,
        )  # fmt: skip


@rule("master-host-settings-ignored")
def master_host_settings(ctx: Context) -> Iterator[Diagnostic]:
    """``determinedMasterPort`` and ``determinedMasterScheme`` only apply with ``determinedMasterHost``.

    pass: ``determinedMasterHost: det.example.com`` with ``determinedMasterPort: 443``
    fail (warning): ``determinedMasterPort: 443`` alone
    """
    if not has(ctx.release, "master-host") or truthy(ctx.get("determinedMasterHost")):
        return
    for name in ("determinedMasterPort", "determinedMasterScheme"):
        if truthy(ctx.get(name)):
            yield ctx.diag(
                "master-host-settings-ignored", (name,),
                f"{name} is ignored: the chart passes it to the master only together with "
                "determinedMasterHost",
                severity=Severity.WARNING,
                key=True,
            )  # fmt: skip


for _ignored in ("log-color-ignored", "security-token-ignored", "master-host-settings-ignored"):
    fixes(_ignored, safe=False)(_remove_ignored)
