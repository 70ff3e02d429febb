"""Container images as the kubelet reads them, before it pulls anything.

The kubelet of Kubernetes 1.28 parses each container's image with ``parsers.ParseImageName``
(k8s.io/kubernetes ``pkg/util/parsers``), called by ``imageManager.EnsureImageExists`` through
``applyDefaultImageTag`` (``pkg/kubelet/images/image_manager.go``); where it fails, the container
waits with reason ``InvalidImageName`` and is never pulled nor started. The API server checks
only that an image is not empty (and, in a Pod, not padded with spaces), so the refusal comes
late. ``ParseImageName`` is distribution's ``reference.ParseNormalizedNamed`` (v2.8.2) with
go-digest v1.0.0; this is a port of both, held to them by ``tests/oracles/imagenames.py``.
"""

from __future__ import annotations

import re

from chartgen.records import record

# The grammar of distribution's reference/regexp.go, as one pattern. Go's regexp never backtracks;
# Python's does, so every loop that Go's grammar leaves to backtracking is written possessive,
# where giving anything back could not help the match: what follows each loop (a separator,
# ``/``, ``:``, ``@``, the end) cannot start with what the loop consumes.
_COMPONENT = r"[a-z0-9]++(?:(?:[._]|__|-++)[a-z0-9]++)*+"  # nameComponentRegexp
_DOMAIN_PART = r"[a-zA-Z0-9]++(?:-++[a-zA-Z0-9]++)*+"  # domainComponentRegexp
_DOMAIN = rf"{_DOMAIN_PART}(?:\.{_DOMAIN_PART})*+(?::[0-9]++)?"  # DomainRegexp
_TAG = r"[0-9A-Za-z_][0-9A-Za-z_.-]{0,127}+"  # TagRegexp (Go's \w is ASCII)
_DIGEST = r"[A-Za-z][A-Za-z0-9]*+(?:[-_+.][A-Za-z][A-Za-z0-9]*+)*+:[0-9A-Fa-f]{32,}+"  # DigestRegexp
#: ``ReferenceRegexp``: groups name, tag, digest. A match splits one way only (a tag holds no
#: ``/`` or ``:``, a digest no ``@``), so the groups are Go's whatever the engine's order.
_REFERENCE = re.compile(rf"((?:{_DOMAIN}/)?{_COMPONENT}(?:/{_COMPONENT})*+)(?::({_TAG}))?(?:@({_DIGEST}))?")
_IDENTIFIER = re.compile(r"[a-f0-9]{64}")  # anchoredIdentifierRegexp
_GO_DIGEST = re.compile(r"[a-z0-9]++(?:[.+_-][a-z0-9]++)*+:[a-zA-Z0-9=_-]++")  # go-digest DigestRegexp
#: go-digest's algorithms, all linked into the kubelet (``parsers`` imports crypto/sha256 and
#: crypto/sha512), with the length of their hex encoding.
_ALGORITHMS = {"sha256": 64, "sha384": 96, "sha512": 128}
_HEX = re.compile(r"[a-f0-9]+")
NAME_TOTAL_LENGTH_MAX = 255


@record(frozen=True)
class ImageName:
    """What ``ParseImageName`` returns: the repository the kubelet pulls, and the tag (``latest``
    when neither tag nor digest is given) or digest."""

    name: str
    tag: str
    digest: str


class InvalidImageName(ValueError):
    """The image is refused; the message is distribution's (or go-digest's) error."""


def _go_lower(text: str) -> str:
    """Go's ``strings.ToLower``: one rune for one (Python lowers ``İ`` to two)."""
    return text.replace("\u0130", "i").lower()


def _split_docker_domain(name: str) -> tuple[str, str]:
    """``splitDockerDomain``: the registry, and the rest; Docker Hub's ``library/`` for a bare name."""
    slash = name.find("/")
    if slash == -1 or (not any(c in name[:slash] for c in ".:") and name[:slash] != "localhost"):
        domain, remainder = "docker.io", name
    else:
        domain, remainder = name[:slash], name[slash + 1 :]
    if domain == "index.docker.io":
        domain = "docker.io"
    if domain == "docker.io" and "/" not in remainder:
        remainder = "library/" + remainder
    return domain, remainder


def _check_digest(text: str) -> None:
    """go-digest's ``Digest.Validate``, on a text ``DigestRegexp`` matched."""
    algorithm, _, encoded = text.partition(":")
    size = _ALGORITHMS.get(algorithm)
    if size is None:
        raise InvalidImageName(
            "unsupported digest algorithm" if _GO_DIGEST.fullmatch(text) else "invalid checksum digest format"
        )
    if len(encoded) != size:
        raise InvalidImageName("invalid checksum digest length")
    if not _HEX.fullmatch(encoded):
        raise InvalidImageName("invalid checksum digest format")


def parse_image_name(image: str) -> ImageName:
    """``parsers.ParseImageName``: raises InvalidImageName with distribution's reason."""
    if _IDENTIFIER.fullmatch(image):
        raise InvalidImageName(
            f"invalid repository name ({image}), cannot specify 64-byte hexadecimal strings"
        )
    domain, remainder = _split_docker_domain(image)
    remote_name = remainder.partition(":")[0]
    if _go_lower(remote_name) != remote_name:
        raise InvalidImageName("invalid reference format: repository name must be lowercase")
    # reference.Parse
    normalized = f"{domain}/{remainder}"
    found = _REFERENCE.fullmatch(normalized)
    if found is None:
        if _REFERENCE.fullmatch(_go_lower(normalized)):
            raise InvalidImageName("repository name must be lowercase")
        raise InvalidImageName("invalid reference format")
    name, tag, digest = found.group(1), found.group(2) or "", found.group(3) or ""
    if len(name) > NAME_TOTAL_LENGTH_MAX:
        raise InvalidImageName(f"repository name must not be more than {NAME_TOTAL_LENGTH_MAX} characters")
    if digest:
        _check_digest(digest)
    return ImageName(name, tag or ("" if digest else "latest"), digest)


def image_problem(image: str) -> str | None:
    """Why the kubelet refuses ``image``, or None if it takes it."""
    try:
        parse_image_name(image)
    except InvalidImageName as error:
        return str(error)
    return None
