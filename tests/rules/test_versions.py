"""detVersion: a release X.Y.Z or a published commit; a dev version explains ImagePullBackOff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chartgen.validation.rules.versions import SEMVER

from .rulecheck import BASE, found, messages

RULE = "det-version"


def test_releases_and_commits_pass(tmp_path: Path) -> None:
    assert found(tmp_path, BASE, [RULE]) == []
    for version in ("0.37.0", "'0.38.1'", "b13461ed06f2fad339e179af8028d4575db71a81"):
        assert found(tmp_path, BASE + f"detVersion: {version}\n", [RULE]) == [], version


def test_dev_version_explains_image_pull_back_off(tmp_path: Path) -> None:
    for version in ("0.38.2-dev0", "0.38.2.dev0"):
        text = BASE + f"detVersion: {version}\n"
        assert found(tmp_path, text, [RULE]) == [(3, 13, RULE)], version
        (message,) = messages(tmp_path, text, RULE)
        assert "ImagePullBackOff" in message
        assert "non-released" in message


def test_other_versions_are_refused(tmp_path: Path) -> None:
    cases = {
        "0.38.1-rc5": "not a release",
        "v0.37.0": "leading 'v'",
        "latest": "neither a release",
        "b13461e": "neither a release",
    }
    for version, reason in cases.items():
        text = BASE + f"detVersion: {version}\n"
        assert found(tmp_path, text, [RULE]) == [(3, 13, RULE)], version
        (message,) = messages(tmp_path, text, RULE)
        assert reason in message, (version, message)


SEMVER_TEXT = st.text(alphabet="0123456789.-+abvVx", max_size=16) | st.from_regex(
    r"(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)(-[0-9a-z.-]{1,8})?(\+[0-9a-z.-]{1,8})?",
    fullmatch=True,
)


@given(SEMVER_TEXT)
def test_semantic_versions_are_read_as_the_semver_package_reads_them(text: str) -> None:
    semver = pytest.importorskip("semver")
    ours = re.fullmatch(SEMVER, text)
    assert (ours is not None) == semver.Version.is_valid(text), text
    if ours is not None:
        theirs = semver.Version.parse(text)
        major, minor, patch, prerelease, build = ours.groups()
        assert (int(major), int(minor), int(patch), prerelease, build) == (
            theirs.major,
            theirs.minor,
            theirs.patch,
            theirs.prerelease,
            theirs.build,
        )
