"""``security``, ``oidc``, ``saml`` and ``scim``.

``security.authz`` is copied verbatim into master.yaml, where the master decodes it
strictly; OIDC, SAML and SCIM are read only with ``enterpriseEdition: true``.
"""

from __future__ import annotations

from typing import Literal

from chartgen.values.model.base import Section, config, field
from chartgen.values.model.types import NonNegativeInt, Url


class DefaultTask(Section):
    model_config = config("chart", where="security.defaultTask")

    user: str | None = field("User tasks run as unless linked to another (det-nobody in the default images).")
    uid: NonNegativeInt | None = field("Numeric id of that user (the master refuses one below 0).")
    group: str | None = field("Group tasks run as.")
    gid: NonNegativeInt | None = field("Numeric id of that group (the master refuses one below 0).")


class AssignWorkspaceCreator(Section):
    model_config = config("master-strict", where="authz.workspace_creator_assign_role")

    enabled: bool | None = field("Give the creator of a workspace a role on it.")
    role_id: int | None = field("Id of that role (2, WorkspaceAdmin, by default).")


class Authz(Section):
    """The master's ``security.authz`` (Enterprise Edition for anything but basic)."""

    model_config = config("master-strict", where="security.authz")

    type: Literal["basic", "rbac"] | None = field("Authorization mode: basic, or rbac (Enterprise Edition).")
    fallback: Literal["basic", "rbac"] | None = field("Mode used when type is unavailable.")
    rbac_ui_enabled: bool | None = field("Show RBAC in the WebUI (on with rbac by default).")
    strict_ntsc_enabled: bool | None = field(
        "Removed upstream; accepted but has no effect.",
        alias="_strict_ntsc_enabled",
        no_effect="the master no longer uses _strict_ntsc_enabled",
    )
    workspace_creator_assign_role: AssignWorkspaceCreator | None = field(
        "Role given to the creator of a new workspace."
    )
    strict_job_queue_control: bool | None = field("Only admins may change the job queue.")


class Token(Section):
    model_config = config("chart", where="security.token")

    max_lifespan_days: int | None = field("Longest lifetime of an access token, in days (-1: unlimited).")
    default_lifespan_days: int | None = field("Lifetime of an access token when none is asked for, in days.")


class Security(Section):
    model_config = config(
        "chart", where="security", moved={"default_task": "the chart's name is defaultTask"}
    )

    defaultTask: DefaultTask | None = field("User and group tasks run as by default.")
    authz: Authz | None = field("Authorization settings, copied verbatim into master.yaml security.authz.")
    token: Token | None = field(
        "Access-token settings (Enterprise Edition) listed in values.yaml.", change="access-tokens"
    )


class Oidc(Section):
    model_config = config("chart", where="oidc")

    enabled: bool | None = field("Enable OpenID Connect single sign-on.")
    provider: str | None = field("Display name of the identity provider.")
    idpRecipientUrl: Url | None = field("URL of this Determined cluster the provider redirects to.")
    idpSsoUrl: Url | None = field("Issuer URL of the identity provider.")
    clientId: str | None = field("OIDC client id.")
    clientSecretKey: str | None = field("Key of the client secret inside the Secret clientSecretName.")
    clientSecretName: str | None = field("Secret holding the OIDC client secret.")
    authenticationClaim: str | None = field("Claim that identifies the user (email by default).")
    scimAuthenticationAttribute: str | None = field("SCIM attribute matched against that claim.")
    autoProvisionUsers: bool | None = field("Create users on first sign-on.")
    groupsAttributeName: str | None = field("Claim listing the user's groups.")
    displayNameAttributeName: str | None = field("Claim holding the user's display name.")
    agentUidAttributeName: str | None = field(
        "Claim holding the uid tasks run as.", change="agent-attributes"
    )
    agentGidAttributeName: str | None = field(
        "Claim holding the gid tasks run as.", change="agent-attributes"
    )
    agentUserNameAttributeName: str | None = field(
        "Claim holding the user tasks run as.", change="agent-attributes"
    )
    agentGroupNameAttributeName: str | None = field(
        "Claim holding the group tasks run as.", change="agent-attributes"
    )
    alwaysRedirect: bool | None = field("Always send users to the identity provider to sign in.")
    excludeGroupsScope: bool | None = field(
        "Do not request the groups scope.", change="oidc-exclude-groups-scope"
    )


class Saml(Section):
    model_config = config("chart", where="saml")

    enabled: bool | None = field("Enable SAML single sign-on.")
    provider: str | None = field("Display name of the identity provider.")
    idpRecipientUrl: Url | None = field("URL of this Determined cluster the provider sends assertions to.")
    idpSsoUrl: Url | None = field("Single sign-on URL of the identity provider.")
    idpSsoDescriptorUrl: str | None = field("Entity id (issuer) of the identity provider.")
    idpCertPath: str | None = field("Path of the identity provider's certificate inside the master.")
    autoProvisionUsers: bool | None = field("Create users on first sign-on.")
    groupsAttributeName: str | None = field("Attribute listing the user's groups.")
    displayNameAttributeName: str | None = field("Attribute holding the user's display name.")
    agentUidAttributeName: str | None = field(
        "Attribute holding the uid tasks run as.", change="agent-attributes"
    )
    agentGidAttributeName: str | None = field(
        "Attribute holding the gid tasks run as.", change="agent-attributes"
    )
    agentUserNameAttributeName: str | None = field(
        "Attribute holding the user tasks run as.", change="agent-attributes"
    )
    agentGroupNameAttributeName: str | None = field(
        "Attribute holding the group tasks run as.", change="agent-attributes"
    )
    alwaysRedirect: bool | None = field("Always send users to the identity provider to sign in.")


class ScimAuth(Section):
    model_config = config("chart", where="scim.auth")

    type: Literal["basic", "oauth"] | None = field("How the identity provider authenticates: basic or oauth.")
    username: str | None = field("basic: user name the identity provider uses.")
    password: str | None = field("basic: password the identity provider uses.", secret=True)


class Scim(Section):
    model_config = config("chart", where="scim")

    enabled: bool | None = field("Enable SCIM provisioning of users and groups.")
    auth: ScimAuth | None = field("How the identity provider authenticates to the SCIM endpoint.")
