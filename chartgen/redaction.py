"""What counts as secret, so that no output (finding, error, ``repr``) ever shows it.

A value is secret by its key (passwords, keys, credentials, kubeconfigs) or by where it
came from (``--set-file`` contents). URLs may carry secrets in their user info or query
(an Azure account URL with a SAS token), so a URL is shown without them.
"""

from __future__ import annotations

from collections.abc import Collection

SECRET_KEYS = frozenset(
    {
        "password", "initialUserPassword", "defaultPassword", "secretKey", "accessKey",
        "credential", "connection_string", "secret_key", "access_key", "clientSecret",
        "kubeconfig_secret_value", "token", "auth", "identitytoken", "registrytoken",
    }
)  # fmt: skip


def is_secret_key(key: object) -> bool:
    return isinstance(key, str) and key in SECRET_KEYS


def looks_secret(key: object, known: Collection[str] = ()) -> bool:
    """Whether ``key`` is a secret key, or a misspelling of one (``initialUserPasword``,
    ``pasword``): what a user wrote under it is a secret all the same. ``known`` are keys
    that are what they are (``authz`` is no misspelt ``auth``)."""
    if not isinstance(key, str):
        return False
    if key in SECRET_KEYS:
        return True
    if key in known:
        return False
    import difflib

    folded = key.lower()
    return any(
        difflib.SequenceMatcher(None, folded, secret.lower()).ratio() >= NEAR_MISS for secret in SECRET_KEYS
    )


#: How alike a key must be to a secret key to be taken for it: one letter dropped, doubled or
#: swapped in ``password``, ``token`` or ``auth`` (``path`` is not ``auth``).
NEAR_MISS = 0.8


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
