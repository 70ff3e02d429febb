"""helmfile (chartgen.gitops.helmfile): which releases are Determined's, and their values assembled as
helmfile hands them to Helm — checked against ``helm template`` run with the flags helmfile's
``namespaceAndValuesFlags`` builds, and against helmfile itself when it is on the machine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from chartgen.diagnostics import Location, Severity
from chartgen.gitops.helmfile import installs, is_helmfile_name, templated
from chartgen.gitops.model import Install
from chartgen.gitops.reading import documents
from chartgen.gitops.repo import Repo
from chartgen.values.load import SetFlags, load_sources
from tests.gitops.conftest import GitRepo

ROOT = Path(__file__).resolve().parents[2]
HELM = ROOT / ".tools" / "helm"

REPOSITORIES = """\
repositories:
  - name: det
    url: https://helm.determined.ai
  - name: ingress-nginx
    url: https://kubernetes.github.io/ingress-nginx
"""


def read(repo: GitRepo, relative: str = "helmfile.yaml") -> list[Install]:
    file = repo.path(relative)
    return installs(documents(repo.text(relative), file), file, Repo.of(file))


def only(repo: GitRepo, relative: str = "helmfile.yaml") -> Install:
    found = read(repo, relative)
    assert len(found) == 1, found
    return found[0]


def at(repo: GitRepo, relative: str, needle: str, column: int) -> Location:
    return Location(repo.path(relative), repo.line(relative, needle), column)


@pytest.mark.parametrize(
    "name",
    [
        "helmfile.yaml",
        "helmfile.yml",
        "helmfile.yaml.gotmpl",
        "helmfile.d/10-determined.yaml",
        "helmfile.d/a.yml.gotmpl",
    ],
)
def test_files_helmfile_reads_by_name(name: str) -> None:
    assert is_helmfile_name(name)


@pytest.mark.parametrize(
    "name", ["values.yaml", "helmfile.json", "apps/helmfile.d.yaml", "helmfile.d/notes.txt"]
)
def test_other_names_are_not_helmfiles(name: str) -> None:
    assert not is_helmfile_name(name)


@pytest.mark.parametrize(
    ("chart", "determined"),
    [
        ("det/determined", True),
        ("determined-ai/determined", True),  # a repository added with ``helm repo add``
        ("oci://registry.example.com/charts/determined", True),
        ("oci://registry.example.com/charts/determined:0.37.0", True),
        ("ingress-nginx/ingress-nginx", False),
        ("det/determined-agent", False),
        ("oci://registry.example.com/determined/other", False),
    ],
)
def test_a_release_is_determineds_by_its_chart(git_repo: GitRepo, chart: str, determined: bool) -> None:
    git_repo.write("helmfile.yaml", REPOSITORIES + f"releases:\n  - name: r\n    chart: {chart}\n")
    assert [install.chart for install in read(git_repo)] == ([chart] if determined else [])


def test_a_local_copy_of_the_chart_is_known_by_its_chart_yaml(git_repo: GitRepo) -> None:
    git_repo.write("charts/mlde/Chart.yaml", "apiVersion: v2\nname: determined\nversion: 0.37.1\n")
    git_repo.write("charts/other/Chart.yaml", "apiVersion: v2\nname: other\nversion: 1.0.0\n")
    git_repo.write(
        "helmfile.yaml",
        "releases:\n  - name: a\n    chart: ./charts/mlde\n  - name: b\n    chart: ./charts/other\n"
        "  - name: c\n    chart: charts/mlde\n    version: 0.38.0\n",
    )
    found = read(git_repo)
    # A chart directory is installed as it is: helm reads no --version for it.
    assert [(i.release_name, i.version) for i in found] == [("a", "0.37.1"), ("c", "0.37.1")]
    assert found[0].version_at == Location(git_repo.path("charts/mlde/Chart.yaml"), 3, 10)


def test_a_local_chart_outside_the_repository_is_not_read(git_repo: GitRepo, tmp_path: Path) -> None:
    (tmp_path / "determined").mkdir()
    (tmp_path / "determined/Chart.yaml").write_text("name: determined\nversion: 0.37.0\n")
    git_repo.write("helmfile.yaml", "releases:\n  - name: a\n    chart: ../determined\n")
    install = only(git_repo)
    assert [(d.rule, d.location) for d in install.findings] == [
        ("values-file-outside-repository", at(git_repo, "helmfile.yaml", "chart:", 12))
    ]
    assert install.version is None


def test_no_determined_release_is_no_install(git_repo: GitRepo) -> None:
    git_repo.write(
        "helmfile.yaml",
        REPOSITORIES + "releases:\n  - name: ingress\n    chart: ingress-nginx/ingress-nginx\n"
        "    values:\n      - controller: {replicaCount: 2}\n",
    )
    assert read(git_repo) == []


HELMFILE = (
    REPOSITORIES
    + """\
releases:
  - name: ingress
    chart: ingress-nginx/ingress-nginx
  - name: mlde
    namespace: determined
    chart: det/determined
    version: 0.37.0
    values:
      - envs/common.yaml
      - envs/prod.yaml
      - maxSlotsPerPod: 16
        masterPort: 8081
    set:
      - name: resourcePools[0].pool_name
        value: gpu,pool
      - name: taskContainerDefaults.cpuPodSpec.metadata.labels.team
        value: 42
      - name: defaultPassword
        file: envs/password.txt
      - name: resourcePools[0].description
        values: [a, "b{c}"]
    setString:
      - name: db.port
        value: 5432
"""
)
COMMON = "maxSlotsPerPod: 4\ninitialUserPassword: Sup3r-Secret\ndb:\n  port: 5433\n  name: det\n"
PROD = "maxSlotsPerPod: 8\ndb:\n  name: prod\n"


@pytest.fixture
def layout(git_repo: GitRepo) -> GitRepo:
    git_repo.write("helmfile.yaml", HELMFILE)
    git_repo.write("envs/common.yaml", COMMON)
    git_repo.write("envs/prod.yaml", PROD)
    git_repo.write("envs/password.txt", "from-a-file")
    return git_repo


def test_the_release_says_how_it_is_installed(layout: GitRepo) -> None:
    install = only(layout)
    assert (install.tool, install.name, install.release_name, install.namespace) == (
        "helmfile",
        "helmfile release mlde",
        "mlde",
        "determined",
    )
    assert install.is_upgrade  # helmfile sync/apply run helm upgrade --install
    assert (install.version, install.version_at) == ("0.37.0", at(layout, "helmfile.yaml", "version:", 14))
    assert install.at == at(layout, "helmfile.yaml", "- name: mlde", 5)
    assert install.findings == []


def test_values_are_layered_in_order_each_at_its_own_line(layout: GitRepo) -> None:
    install = only(layout)
    assert [layer.file for layer in install.layers] == [
        layout.path("envs/common.yaml"),
        layout.path("envs/prod.yaml"),
        layout.path("helmfile.yaml"),
    ]
    inline = install.layers[2]
    assert inline.data == {"maxSlotsPerPod": 16, "masterPort": 8081}
    assert inline.at(("masterPort",), key=True) == at(layout, "helmfile.yaml", "masterPort: 8081", 9)
    assert install.layers[1].at(("db", "name")) == Location(layout.path("envs/prod.yaml"), 3, 9)


def test_set_entries_become_the_flags_helmfile_passes(layout: GitRepo) -> None:
    flags = [(f.kind, f.name, f.value, f.at.line, f.name_at.line) for f in only(layout).flags]
    line = layout.line
    assert flags == [
        ("set", "resourcePools[0].pool_name", "gpu\\,pool", line("helmfile.yaml", "gpu,pool"), line("helmfile.yaml", "pool_name")),
        ("set", "taskContainerDefaults.cpuPodSpec.metadata.labels.team", "42", line("helmfile.yaml", "value: 42"), line("helmfile.yaml", "team")),
        ("set-file", "defaultPassword", layout.path("envs/password.txt"), line("helmfile.yaml", "file:"), line("helmfile.yaml", "defaultPassword")),
        ("set", "resourcePools[0].description", "{a,b\\{c\\}}", line("helmfile.yaml", "values: [a"), line("helmfile.yaml", "description")),
        ("set-string", "db.port", "5432", line("helmfile.yaml", "value: 5432"), line("helmfile.yaml", "db.port")),
    ]  # fmt: skip


def _assembled(install: Install) -> dict[str, Any]:
    """The user values chartgen makes of ``install``: its layers, then its flags as Helm applies them."""
    by_kind: dict[str, list[str]] = {"set": [], "set-string": [], "set-file": []}
    for flag in install.flags:
        by_kind[flag.kind].append(f"{flag.name}={flag.value}")
    flags = SetFlags(set=by_kind["set"], set_string=by_kind["set-string"], set_file=by_kind["set-file"])
    return load_sources(install.layers, flags=flags).user


def _tiny_chart(root: Path) -> Path:
    """A chart named determined whose one template prints ``.Values`` as JSON (the precedence is
    helmfile's and Helm's: the chart does not matter)."""
    chart = root / "charts" / "determined"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: determined\nversion: 0.37.0\n")
    (chart / "values.yaml").write_text("{}\n")
    (chart / "templates" / "values.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: values\ndata:\n  values: {{ toJson .Values | quote }}\n"
        "  release: {{ .Release.Name | quote }}\n  namespace: {{ .Release.Namespace | quote }}\n"
    )
    return chart


def _rendered(manifest: str) -> dict[str, Any]:
    """What the tiny chart printed: the values, the release name and the namespace."""
    import yaml

    for doc in yaml.safe_load_all(manifest):
        if doc and doc.get("kind") == "ConfigMap" and doc["metadata"]["name"] == "values":
            data: dict[str, Any] = doc["data"]
            return {**data, "values": json.loads(data["values"])}
    raise AssertionError(manifest)


def _rendered_values(manifest: str) -> dict[str, Any]:
    values: dict[str, Any] = _rendered(manifest)["values"]
    return values


@pytest.mark.skipif(not HELM.exists(), reason="needs .tools/helm (make tools)")
def test_assembled_values_equal_helm_template_with_helmfiles_flags(layout: GitRepo, tmp_path: Path) -> None:
    install = only(layout)
    chart = _tiny_chart(tmp_path)
    # namespaceAndValuesFlags: --values per entry (an inline map written to a file), then the set flags.
    command = [str(HELM), "template", install.release_name, str(chart), "--namespace", install.namespace]
    for index, layer in enumerate(install.layers):
        if layer.file == layout.path("helmfile.yaml"):
            inline = tmp_path / f"inline-{index}.yaml"
            inline.write_text(json.dumps(layer.data))
            command += ["--values", str(inline)]
        else:
            command += ["--values", layer.file]
    for flag in install.flags:
        command += [f"--{flag.kind}", f"{flag.name}={flag.value}"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert _assembled(install) == _rendered_values(done.stdout)


def _helmfile() -> str | None:
    local = ROOT / ".tools" / "helmfile"
    return str(local) if local.exists() else shutil.which("helmfile")


@pytest.mark.skipif(not HELM.exists() or _helmfile() is None, reason="needs .tools/helm and helmfile")
@pytest.mark.parametrize(
    "top", ["", "namespace: platform\n"], ids=["release-namespace", "helmfile-namespace"]
)
def test_assembled_values_equal_what_helmfile_renders(layout: GitRepo, top: str) -> None:
    """helmfile itself as the oracle: the same release, its chart a local copy, templated."""
    _tiny_chart(layout.root)
    text = top + HELMFILE.replace("chart: det/determined", "chart: ./charts/determined")
    layout.write("helmfile.yaml", text)
    install = only(layout)
    env = {
        **os.environ,
        "HELMFILE_HELM_BINARY": str(HELM),
        "HOME": str(layout.root),
        "HELMFILE_UPGRADE_NOTICE_DISABLED": "1",
    }
    helmfile = _helmfile()
    assert helmfile is not None
    done = subprocess.run(
        [helmfile, "--helm-binary", str(HELM), "template", "--selector", "name=mlde", "--skip-deps"],
        cwd=layout.root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rendered = _rendered(done.stdout)
    assert _assembled(install) == rendered["values"]
    assert (install.release_name, install.namespace) == (rendered["release"], rendered["namespace"])


def test_a_helmfile_level_namespace_replaces_the_releases(git_repo: GitRepo) -> None:
    git_repo.write(
        "helmfile.yaml",
        "namespace: platform\nreleases:\n  - name: a\n    namespace: mine\n    chart: det/determined\n",
    )
    assert only(git_repo).namespace == "platform"
    git_repo.write("helmfile.yaml", "releases:\n  - name: a\n    chart: det/determined\n")
    assert only(git_repo).namespace == "default"


def test_the_version_is_the_text_written_without_a_digest(git_repo: GitRepo) -> None:
    git_repo.write("helmfile.yaml", "releases:\n  - name: a\n    chart: det/determined\n    version: 0.38\n")
    assert only(git_repo).version == "0.38"  # a YAML number, read as helmfile's string field takes it
    git_repo.write(
        "helmfile.yaml",
        "releases:\n  - name: a\n    chart: oci://r.example.com/determined\n    version: 0.37.0@sha256:abc\n",
    )
    assert only(git_repo).version == "0.37.0"


def test_a_release_not_installed_is_not_checked(git_repo: GitRepo) -> None:
    git_repo.write(
        "helmfile.yaml", "releases:\n  - name: a\n    chart: det/determined\n    installed: false\n"
    )
    assert read(git_repo) == []


def test_a_later_part_replaces_the_releases_of_an_earlier(git_repo: GitRepo) -> None:
    git_repo.write(
        "helmfile.yaml",
        "environments:\n  default: {}\n---\nreleases:\n  - name: first\n    chart: det/determined\n"
        "---\nreleases:\n  - name: second\n    chart: det/determined\n",
    )
    assert [install.release_name for install in read(git_repo)] == ["second"]


def test_values_files_outside_the_repository_are_findings_at_their_entries(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    (tmp_path / "outside.yaml").write_text("leaked: 1\n")
    git_repo.link("envs/linked.yaml", str(tmp_path / "outside.yaml"))
    git_repo.write(
        "helmfile.yaml",
        "releases:\n  - name: a\n    chart: det/determined\n    values:\n"
        "      - ../outside.yaml\n      - /etc/hostname\n      - envs/linked.yaml\n"
        "      - https://example.com/values.yaml\n",
    )
    install = only(git_repo)
    assert install.layers == []
    lines = [git_repo.line("helmfile.yaml", needle) for needle in ("../outside", "/etc/", "linked", "https:")]
    assert [(d.rule, d.severity, d.location) for d in install.findings] == [
        (
            "values-file-outside-repository",
            Severity.WARNING,
            Location(git_repo.path("helmfile.yaml"), line, 9),
        )
        for line in lines
    ]
    assert all("leaked" not in d.message for d in install.findings)


def test_a_missing_values_file_fails_helmfile_unless_its_handler_skips_it(git_repo: GitRepo) -> None:
    body = "releases:\n  - name: a\n    chart: det/determined\n{handler}    values:\n      - envs/prd.yaml\n"
    git_repo.write("helmfile.yaml", body.format(handler=""))
    [missing] = only(git_repo).findings
    assert (missing.rule, missing.severity, missing.location) == (
        "values-file-missing",
        Severity.ERROR,
        at(git_repo, "helmfile.yaml", "envs/prd.yaml", 9),
    )
    git_repo.write("helmfile.yaml", body.format(handler="    missingFileHandler: Warn\n"))
    assert [d.severity for d in only(git_repo).findings] == [Severity.WARNING]
    git_repo.write("helmfile.yaml", "missingFileHandler: Info\n" + body.format(handler=""))
    assert only(git_repo).findings == []


def test_a_glob_naming_one_file_is_that_file(git_repo: GitRepo) -> None:
    git_repo.write("envs/prod-determined.yaml", "maxSlotsPerPod: 4\n")
    git_repo.write(
        "helmfile.yaml",
        "releases:\n  - name: a\n    chart: det/determined\n    values:\n      - envs/*-determined.yaml\n",
    )
    assert [layer.file for layer in only(git_repo).layers] == [git_repo.path("envs/prod-determined.yaml")]
    git_repo.write("envs/dev-determined.yaml", "maxSlotsPerPod: 2\n")
    assert [d.rule for d in only(git_repo).findings] == ["values-file-missing"]


def test_what_helmfile_renders_or_decrypts_is_said_once_and_not_read(git_repo: GitRepo) -> None:
    git_repo.write("envs/prod.yaml.gotmpl", "maxSlotsPerPod: {{ .Values.slots }}\n")
    git_repo.write(
        "helmfile.yaml",
        "releases:\n  - name: a\n    chart: det/determined\n    values:\n      - envs/prod.yaml.gotmpl\n"
        "    secrets:\n      - envs/secrets.yaml\n",
    )
    install = only(git_repo)
    assert install.layers == []
    assert [(d.rule, d.location) for d in install.findings] == [
        ("unchecked-values", at(git_repo, "helmfile.yaml", "prod.yaml.gotmpl", 9)),
        ("unchecked-values", at(git_repo, "helmfile.yaml", "secrets:", 5)),
    ]


def test_a_templated_helmfile_is_one_warning_at_its_determined_release(tmp_path: Path) -> None:
    text = (
        REPOSITORIES
        + "releases:\n{{ range .Values.envs }}\n  - name: det-{{ . }}\n    chart: det/determined\n{{ end }}\n"
    )
    [install] = templated(text, "helmfile.yaml.gotmpl")
    assert not install.checked
    assert [(d.rule, d.severity, d.location) for d in install.findings] == [
        ("unchecked-values", Severity.WARNING, Location("helmfile.yaml.gotmpl", 9, 5))
    ]
    assert (
        templated(text.replace("det/determined", "ingress-nginx/ingress-nginx"), "helmfile.yaml.gotmpl") == []
    )


def test_lint_reports_each_finding_where_it_was_written_and_not_what_is_overridden(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.cli import run_cli

    git_repo.write(
        "envs/common.yaml",
        "maxSlotsPerPod: 0\ninitialUserPassword: Sup3r-Secret\ndb:\n  keepOnUninstall: true\n",
    )
    git_repo.write("envs/prod.yaml", "maxSlotPerPod: 4\n")
    git_repo.write(
        "helmfile.yaml",
        REPOSITORIES + "releases:\n  - name: mlde\n    chart: det/determined\n    version: 0.37.0\n"
        "    values:\n      - envs/common.yaml\n      - envs/prod.yaml\n      - maxSlotsPerPod: 16\n"
        "    set:\n      - name: checkpointStorage.type\n        value: s3\n",
    )
    monkeypatch.chdir(git_repo.root)
    for target in ("helmfile.yaml", "."):
        code, out, _ = run_cli(["lint", "--quiet", "--ignore", "db-keep-policy", target])
        rows = [line.split(" ", 2)[:2] for line in out.splitlines() if not line.startswith(" ")]
        assert rows == [
            ["envs/prod.yaml:1:1:", "warning[unknown-key]"],  # the 0.37.0 chart, as pinned
            [
                f"helmfile.yaml:{git_repo.line('helmfile.yaml', 'checkpointStorage.type')}:15:",
                "error[checkpoint-location-required]",
            ],
        ], out
        assert "0.37.0 chart" in out
        assert code == 1
