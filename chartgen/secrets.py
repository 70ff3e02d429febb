"""What counts as secret, so that no output (finding, error, ``repr``) ever shows it.

A value is secret by its key (passwords, keys, credentials, kubeconfigs) or by where it
came from (``--set-file`` contents). URLs may carry secrets in their user info or query
(an Azure account URL with a SAS token), so a URL is shown without them.
"""

from __future__ import annotations

SECRET_KEYS = frozenset(
    {
        "password", "initialUserPassword", "defaultPassword", "secretKey", "accessKey",
        "credential", "connection_string", "secret_key", "access_key", "clientSecret",
        "kubeconfig_secret_value", "token", "auth", "identitytoken", "registrytoken",
    }
)  # fmt: skip


def is_secret_key(key: object) -> bool:
    return isinstance(key, str) and key in SECRET_KEYS


def shown_url(text: str) -> str:
    """``text`` without user info, query or fragment, which may hold credentials or tokens."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "", text
    authority, slash, path = rest.partition("/")
    if "@" in authority:
        authority = "...@" + authority.rpartition("@")[2]
    path = path.split("?", 1)[0].split("#", 1)[0]
    cut = ("?" in rest) or ("#" in rest)
    shown = f"{scheme}{sep}{authority}{slash}{path}"
    return shown + ("?..." if cut else "")
