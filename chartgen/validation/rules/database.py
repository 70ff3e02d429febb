"""The database: credentials, the bundled Postgres's volume, and TLS to the database."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy


@rule("db-credentials-required")
def credentials_required(ctx: Context) -> Iterator[Diagnostic]:
    """``db.user`` and ``db.password`` must stay set: the chart writes them into ``master.yaml``.

    The chart's defaults are ``postgres``/``postgres``; deleting one with
    ``null`` makes the chart refuse. The password is never shown.

    pass: ``db: {user: det, password: s3cret}``
    fail: ``db: {user: null}``
    """
    db = mapping(ctx.get("db"))
    for name in ("user", "password"):
        if missing(db.get(name)):
            yield ctx.required(
                "db-credentials-required", ("db", name), "the master logs in to the database with it"
            )


@rule("db-storage-size-required")
def storage_size_required(ctx: Context) -> Iterator[Diagnostic]:
    """The bundled database's volume claim needs ``db.storageSize``.

    Only when the chart deploys Postgres itself with a claim (no
    ``db.hostAddress``, no ``db.disablePVC``).

    pass: ``db: {storageSize: 100Gi}``
    fail: ``db: {storageSize: null}``
    """
    db = mapping(ctx.get("db"))
    if truthy(db.get("hostAddress")) or truthy(db.get("disablePVC")):
        return
    if missing(db.get("storageSize")):
        yield ctx.required(
            "db-storage-size-required", ("db", "storageSize"),
            "the chart refuses to render without it",
            when="for the database's PersistentVolumeClaim (unless db.hostAddress or db.disablePVC is set)",
            refused=False,
        )  # fmt: skip


@rule("db-ssl-root-cert")
def ssl_root_cert(ctx: Context) -> Iterator[Diagnostic]:
    """With ``db.sslMode`` set the master needs ``db.sslRootCert``, the certificate's file name.

    pass: ``db: {sslMode: verify-ca, sslRootCert: root.crt, resourceType: secret, certResourceName: db-cert}``
    fail: ``db: {sslMode: verify-ca, resourceType: secret, certResourceName: db-cert}``
    """
    db = mapping(ctx.get("db"))
    if truthy(db.get("sslMode")) and missing(db.get("sslRootCert")):
        yield ctx.required(
            "db-ssl-root-cert", ("db", "sslRootCert"),
            "it is the file name of the root certificate inside the db.certResourceName Secret or ConfigMap",
            when="when db.sslMode is set",
        )  # fmt: skip


@rule("db-ssl-cert-resource")
def ssl_cert_resource(ctx: Context) -> Iterator[Diagnostic]:
    """With ``db.sslMode`` set the certificate comes from a Secret or ConfigMap the chart mounts.

    ``db.resourceType`` says which (its values, ``secret`` or ``configMap``,
    are the structure rules' enum) and ``db.certResourceName`` names it.

    pass: ``db: {sslMode: verify-ca, sslRootCert: root.crt, resourceType: configMap, certResourceName: db-ca}``
    fail: ``db: {sslMode: verify-ca, sslRootCert: root.crt}``
    """
    db = mapping(ctx.get("db"))
    if not truthy(db.get("sslMode")):
        return
    kind = db.get("resourceType")
    if missing(kind):
        yield ctx.required(
            "db-ssl-cert-resource", ("db", "resourceType"),
            "it says what holds the database certificate",
            when="when db.sslMode is set (secret or configMap)",
        )  # fmt: skip
    if missing(db.get("certResourceName")):
        yield ctx.required(
            "db-ssl-cert-resource", ("db", "certResourceName"),
            "it names the Secret or ConfigMap holding the database certificate",
            when="when db.sslMode is set",
        )  # fmt: skip


@rule("db-cert-without-ssl-mode")
def cert_without_ssl_mode(ctx: Context) -> Iterator[Diagnostic]:
    """``db.certResourceName`` without ``db.sslMode`` produces a master Deployment Kubernetes rejects.

    The chart mounts the ``database-cert`` volume whenever a certificate
    resource is named, but defines the volume only with ``db.sslMode``; the
    API server refuses a mount of an undefined volume.

    pass: ``db: {sslMode: verify-ca, sslRootCert: root.crt, resourceType: secret, certResourceName: db-cert}``
    fail: ``db: {certResourceName: db-cert}``
    """
    db = mapping(ctx.get("db"))
    if truthy(db.get("certResourceName")) and not truthy(db.get("sslMode")):
        yield ctx.diag(
            "db-cert-without-ssl-mode", ("db", "certResourceName"),
            "db.certResourceName is set without db.sslMode: the chart then mounts a 'database-cert' "
            "volume it never defines, and Kubernetes rejects the master Deployment; set db.sslMode "
            "(with db.sslRootCert and db.resourceType) or remove db.certResourceName",
        )  # fmt: skip


@rule("db-keep-policy", opt_in=True)
def keep_policy(ctx: Context) -> Iterator[Diagnostic]:
    """Opt-in warning: the bundled database's claim has no keep policy, so ``helm uninstall`` deletes it.

    The chart sets no ``helm.sh/resource-policy: keep`` on the database's
    PersistentVolumeClaim, so uninstalling the release (or an upgrade that drops
    or renames the claim) deletes the claim and every experiment, user and
    checkpoint record in it, unless its StorageClass retains released volumes.
    Not every tool chain can act on that, so the rule runs only when selected
    by name (``select: [db-keep-policy]`` in ``.chartgen.yaml``, or ``--select``).

    pass: ``db: {keepOnUninstall: true}``
    fail: ``db: {storageSize: 100Gi}``

    fix: with upstream Helm or Argo CD, give ``db.storageClassName`` a StorageClass whose
    ``reclaimPolicy`` is ``Retain``: the volume, and the data, outlive the claim (bind a new
    claim to it to reinstall). With ``chartgen render``, ``db.keepOnUninstall: true`` (a
    chartgen extension that Helm ignores) annotates the claim so that Helm never deletes it.
    An external database (``db.hostAddress``) has no claim.
    """
    db = mapping(ctx.get("db"))
    if truthy(db.get("hostAddress")) or truthy(db.get("disablePVC")) or db.get("keepOnUninstall") is True:
        return
    yield ctx.diag(
        "db-keep-policy", ("db", "keepOnUninstall"),
        "the bundled database's PersistentVolumeClaim has no keep policy: helm uninstall deletes it, and "
        "the Determined database (experiments, users, checkpoint records) with it",
        severity=Severity.WARNING,
        hint="with upstream Helm, set db.storageClassName to a StorageClass whose reclaimPolicy is Retain "
        "(the volume outlives the claim); with chartgen render, db.keepOnUninstall: true keeps the claim",
        key=True,
    )  # fmt: skip
