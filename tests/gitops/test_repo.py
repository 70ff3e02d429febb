"""The repository boundary (chartgen.gitops.repo): its root as git finds it, its remotes as Argo CD
compares repository URLs, and ``Repo.open``, which names nothing outside the repository and never
opens what it refuses."""

from __future__ import annotations

import builtins
import os
import subprocess
from pathlib import Path

import pytest

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.gitops.repo import Repo, normalise
from tests.gitops.conftest import REMOTE, GitRepo, make_repo
from tests.support.cli import run_cli

AT = Location("apps/helmfile.yaml", 7, 9)

# Argo CD's own TestSameURL pairs (argo-cd util/git/git_test.go), each naming one repository.
ARGO_SAME = {
    "git@GITHUB.com:argoproj/test": "git@github.com:argoproj/test.git",
    "git@GITHUB.com:argoproj/test.git": "git@github.com:argoproj/test.git",
    "git@GITHUB.com:test": "git@github.com:test.git",
    "https://GITHUB.com/argoproj/test": "https://github.com/argoproj/test.git",
    "https://github.com/FOO": "https://github.com/foo",
    "https://github.com/TEST.git": "https://github.com/TEST.git",
    "https://github.com:4443/TEST": "https://github.com:4443/TEST.git",
    "ssh://git@GITHUB.com/argoproj/test": "git@github.com:argoproj/test.git",
    "ssh://git@github.com/test": "git@github.com:test.git",
    " https://github.com/argoproj/test ": "https://github.com/argoproj/test.git",
    "\thttps://github.com/argoproj/test\n": "https://github.com/argoproj/test.git",
    "https://dev.azure.com/1234/myproj/_git/myrepo": "https://dev.azure.com/1234/myproj/_git/myrepo",
}


@pytest.mark.parametrize(("left", "right"), ARGO_SAME.items())
def test_urls_argo_cd_calls_the_same_are_the_same(left: str, right: str) -> None:
    assert normalise(left) == normalise(right) != ""


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/example/deploy",
        "https://github.com/example/deploy.git",
        "https://github.com/example/deploy/",
        "git@github.com:example/deploy.git",
        "ssh://git@github.com/example/deploy",
        "ssh://git@github.com:22/example/deploy.git",
        "https://someone:token@github.com/example/deploy.git",
    ],
)
def test_a_clone_over_ssh_or_https_names_the_same_repository(git_repo: GitRepo, url: str) -> None:
    repo = Repo.of(str(git_repo.write("apps/app.yaml", "{}\n")))
    assert repo.names(url)


@pytest.mark.parametrize(
    "url",
    ["https://github.com/example/deploy-staging", "https://gitlab.com/example/deploy", "", "/srv/git/deploy"],
)
def test_another_repository_is_not_this_one(git_repo: GitRepo, url: str) -> None:
    repo = Repo.of(str(git_repo.write("app.yaml", "{}\n")))
    assert not repo.names(url)


def test_remotes_never_keep_credentials(tmp_path: Path) -> None:
    made = make_repo(tmp_path / "r", remote="https://ci:s3cr3t@git.example.com/Team/Deploy.git")
    repo = Repo.of(str(made.write("a.yaml", "{}\n")))
    assert repo.remotes == ("git.example.com/team/deploy",)
    assert "s3cr3t" not in repr(repo)


def test_every_remote_is_read_and_quoted_values_as_git_reads_them(tmp_path: Path) -> None:
    made = make_repo(tmp_path / "r", remote=None)
    made.git("remote", "add", "origin", "git@github.com:example/deploy.git")
    made.git("remote", "add", "mirror", "https://gitlab.example.com/ops/deploy")
    with open(tmp_path / "r/.git/config", "a", encoding="utf-8") as config:
        config.write('[remote "quoted"]\n\turl = "https://git.example.com/a/b.git" ; a comment\n')
        config.write('[branch "main"]\n\turl = https://not.a.remote/x/y\n')
    repo = Repo.of(str(made.write("a.yaml", "{}\n")))
    configured = made.git("config", "--get-regexp", r"^remote\..*\.url$").split()[1::2]
    assert list(repo.remotes) == [normalise(url) for url in configured]
    assert repo.remotes == (
        "github.com/example/deploy",
        "gitlab.example.com/ops/deploy",
        "git.example.com/a/b",
    )


def test_the_root_is_where_git_finds_the_work_tree(git_repo: GitRepo) -> None:
    file = git_repo.write("clusters/prod/apps/determined.yaml", "{}\n")
    top = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=file.parent, capture_output=True, text=True, check=True
    ).stdout.strip()
    repo = Repo.of(str(file))
    assert repo.root == os.path.realpath(top)
    assert repo.is_git
    assert repo.remotes == (normalise(REMOTE),)


def test_a_worktree_reads_the_remotes_of_its_repository(git_repo: GitRepo, tmp_path: Path) -> None:
    git_repo.write("README", "x\n")
    git_repo.commit()
    git_repo.git("worktree", "add", "-q", str(tmp_path / "wt"))
    assert (tmp_path / "wt/.git").is_file()
    repo = Repo.of(str(tmp_path / "wt/README"))
    assert repo.root == os.path.realpath(tmp_path / "wt")
    assert repo.names(REMOTE)


def test_outside_git_the_directory_given_bounds_it_else_the_files_own(tmp_path: Path) -> None:
    (tmp_path / "plain/apps").mkdir(parents=True)
    file = tmp_path / "plain/apps/helmfile.yaml"
    file.write_text("releases: []\n")
    if Repo.of(str(file)).is_git:
        pytest.skip("tmp_path is inside a git work tree")
    assert Repo.of(str(file), str(tmp_path / "plain")) == Repo(os.path.realpath(tmp_path / "plain"))
    assert Repo.of(str(file)) == Repo(os.path.realpath(tmp_path / "plain/apps"))


def test_a_file_inside_is_named_as_the_base_file_is_spelt(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    git_repo.write("envs/prod/determined.yaml", "maxSlotsPerPod: 4\n")
    base = git_repo.write("apps/prod/helmfile.yaml", "releases: []\n")
    repo = Repo.of(str(base))
    assert repo.open(str(base), "../../envs/prod/determined.yaml", AT) == git_repo.path(
        "envs/prod/determined.yaml"
    )
    monkeypatch.chdir(git_repo.root)
    assert repo.open("apps/prod/helmfile.yaml", "../../envs/prod/determined.yaml", AT) == os.path.join(
        "envs", "prod", "determined.yaml"
    )
    assert repo.open("apps/prod/helmfile.yaml", "./v.yaml", AT) == os.path.join("apps", "prod", "v.yaml")


def _refused(found: str | Diagnostic, words: str) -> Diagnostic:
    assert isinstance(found, Diagnostic), found
    assert (found.rule, found.location, found.severity) == (
        "values-file-outside-repository",
        AT,
        Severity.WARNING,
    )
    assert words in found.message
    return found


def test_climbing_out_with_dots_is_a_finding_at_the_line_that_names_it(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    (tmp_path / "outside.yaml").write_text("secret: 1\n")
    base = git_repo.write("apps/helmfile.yaml", "releases: []\n")
    _refused(Repo.of(str(base)).open(str(base), "../../outside.yaml", AT), "leaves the repository")
    _refused(Repo.of(str(base)).open(str(base), "../x/../../outside.yaml", AT), "leaves the repository")


def test_an_absolute_path_is_outside_unless_the_tool_roots_it(git_repo: GitRepo) -> None:
    git_repo.write("envs/prod.yaml", "{}\n")
    base = git_repo.write("apps/app.yaml", "{}\n")
    repo = Repo.of(str(base))
    _refused(repo.open(str(base), git_repo.path("envs/prod.yaml"), AT), "absolute path")
    _refused(repo.open(str(base), "/etc/passwd", AT), "absolute path")
    assert repo.open(str(base), "/envs/prod.yaml", AT, rooted=True) == os.path.realpath(
        git_repo.path("envs/prod.yaml")
    )


@pytest.mark.parametrize(
    "url", ["https://example.com/values.yaml", "git::https://github.com/o/r.git@v.yaml?ref=x"]
)
def test_a_url_is_outside(git_repo: GitRepo, url: str) -> None:
    base = git_repo.write("helmfile.yaml", "{}\n")
    _refused(Repo.of(str(base)).open(str(base), url, AT), "fetched from elsewhere")


def test_a_link_to_outside_is_refused_and_never_opened(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere/creds.yaml").write_text("token: x\n")
    git_repo.link("envs/prod.yaml", str(tmp_path / "elsewhere/creds.yaml"))
    git_repo.link("shared", "../elsewhere")
    base = git_repo.write("helmfile.yaml", "{}\n")
    repo = Repo.of(str(base))

    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"opened {args[0]!r}")

    monkeypatch.setattr(builtins, "open", no_open)
    monkeypatch.setattr(os, "open", no_open)
    _refused(repo.open(str(base), "envs/prod.yaml", AT), "symbolic link")
    _refused(repo.open(str(base), "shared/creds.yaml", AT), "symbolic link")


def test_a_link_inside_gives_the_file_it_leads_to(git_repo: GitRepo) -> None:
    git_repo.write("common/determined.yaml", "maxSlotsPerPod: 4\n")
    git_repo.link("envs/prod/common", "../../common")
    git_repo.link("envs/prod/values.yaml", "common/determined.yaml")
    base = git_repo.write("envs/prod/helmfile.yaml", "{}\n")
    repo = Repo.of(str(base))
    found = repo.open(str(base), "values.yaml", AT)
    assert isinstance(found, str) and Path(found).read_text() == "maxSlotsPerPod: 4\n"
    # ``common/..`` is where the link leads, then up: the repository's root, not envs/prod.
    git_repo.write("top.yaml", "a: 1\n")
    found = repo.open(str(base), "common/../top.yaml", AT)
    assert isinstance(found, str) and Path(found).read_text() == "a: 1\n"


def test_the_finding_is_configurable_as_an_error_for_a_tool_that_refuses(git_repo: GitRepo) -> None:
    base = git_repo.write("app.yaml", "{}\n")
    found = Repo.of(str(base)).open(str(base), "../x.yaml", AT, severity=Severity.ERROR, what="value file")
    assert isinstance(found, Diagnostic) and found.is_error
    assert (
        found.message
        == "value file '../x.yaml' leaves the repository: it was not read, so its values were not checked"
    )


# ``chartgen lint DIR``: the directory walked is the boundary of what is read (issue 38, item 4).

OUTSIDE_KEYS = "leakedKey: 1\nanotherLeak: 2\n"
GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\ndb:\n  keepOnUninstall: true\n"


def test_lint_dir_does_not_follow_a_link_out_of_the_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "outside.yaml").write_text(OUTSIDE_KEYS)
    (tmp_path / "deploy/prod").mkdir(parents=True)
    (tmp_path / "deploy/prod/values.yaml").symlink_to("../../outside.yaml")
    (tmp_path / "deploy/values.yaml").write_text(GOOD)
    (tmp_path / "deploy/staging-values.yaml").symlink_to("values.yaml")  # inside: read
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["lint", "--quiet", "deploy"])
    assert "leakedKey" not in out + err and "anotherLeak" not in out + err
    lines = [line for line in out.splitlines() if not line.startswith("  ")]
    assert lines == [
        "deploy/prod/values.yaml:1:1: warning[link-outside-directory] "
        "this file is a symbolic link to outside deploy, so it was not read"
    ]
    assert code == 0, err
    assert run_cli(["lint", "--quiet", "--strict", "deploy"])[0] == 1
    assert run_cli(["lint", "--quiet", "--ignore", "link-outside-directory", "deploy"])[1] == ""


def test_a_link_named_on_the_command_line_is_read_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "outside.yaml").write_text(GOOD + "maxSlotPerPod: 4\n")
    (tmp_path / "deploy").mkdir()
    (tmp_path / "deploy/values.yaml").symlink_to("../outside.yaml")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["lint", "--quiet", "deploy/values.yaml"])
    assert "link-outside-directory" not in out
    assert "deploy/values.yaml:5:1: warning[unknown-key]" in out, out
    assert code == 0


def test_a_name_no_file_can_have_is_a_finding_not_a_crash(git_repo: GitRepo) -> None:
    base = git_repo.write("helmfile.yaml", "{}\n")
    found = Repo.of(str(base)).open(str(base), "envs/a\0b.yaml", AT)
    assert isinstance(found, Diagnostic)
    assert (found.rule, found.location, found.severity) == ("values-file-missing", AT, Severity.ERROR)
    assert isinstance(
        Repo.of(str(base)).open(str(base), "x" * 10_000, AT), str
    )  # too long to exist: the caller's
