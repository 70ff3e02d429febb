"""Flux HelmReleases: values assembled as helm-controller assembles them, each positioned where it
was written, and the release name, namespace and version Flux installs with.

Expected values come from Flux's own tests (fluxcd/pkg ``chartutil/values_test.go``
``TestChartValuesFromReferences``; helm-controller ``internal/release/name_test.go``), and each
assembly is also handed to the real ``helm template`` in the same order.
"""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path

import pytest

from chartgen.gitops import flux
from chartgen.gitops.model import Install
from chartgen.gitops.reading import documents
from chartgen.gitops.repo import Repo
from chartgen.values.merge import merge_maps
from tests.gitops.conftest import GitRepo
from tests.gitops.tiny_chart import HELM, helm_values
from tests.support.cli import run_cli

needs_helm = pytest.mark.skipif(not HELM.exists(), reason="helm is not in .tools")


def installs(repo: GitRepo, relative: str) -> list[Install]:
    file = repo.path(relative)
    text = repo.text(relative)
    return flux.installs(documents(text, file), file, Repo.of(file), text)


def merged(install: Install) -> dict[str, object]:
    """The layers merged as Helm merges ``-f`` files."""
    out: dict[str, object] = {}
    for layer in install.layers:
        out = merge_maps(out, layer.data)
    return out


def release(values: str = "", values_from: str = "", extra: str = "", **spec: str) -> str:
    lines = [
        "apiVersion: helm.toolkit.fluxcd.io/v2",
        "kind: HelmRelease",
        "metadata:",
        "  name: determined",
        "  namespace: mlde",
        "spec:",
        "  interval: 10m",
        *[f"  {key}: {value}" for key, value in spec.items()],
        "  chart:",
        "    spec:",
        "      chart: determined",
        "      version: 0.37.0",
        "      sourceRef:",
        "        kind: HelmRepository",
        "        name: determined",
    ]
    text = "\n".join(lines) + "\n"
    if values_from:
        text += "  valuesFrom:\n" + values_from
    if values:
        text += "  values:\n" + values
    return text + extra


def config_map(name: str, data: str) -> str:
    return (
        f"---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\n  namespace: mlde\ndata:\n{data}"
    )


def secret(name: str, data: str, field: str = "stringData") -> str:
    return (
        f"---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: {name}\n  namespace: mlde\n{field}:\n{data}"
    )


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --- Flux's own cases (fluxcd/pkg chartutil/values_test.go TestChartValuesFromReferences) ----------


FLUX_CASES = {
    "merges": (
        "    - kind: ConfigMap\n      name: values\n    - kind: Secret\n      name: values\n",
        "    other: values\n",
        config_map("values", "  values.yaml: |\n    flat: value\n    nested:\n      configuration: value\n")
        + secret(
            "values",
            f"  values.yaml: {b64('flat:' + chr(10) + '  nested: value' + chr(10) + 'nested: value' + chr(10))}\n",
            "data",
        ),
        {"flat": {"nested": "value"}, "nested": "value", "other": "values"},
    ),
    "with target path": (
        "    - kind: Secret\n      name: values\n      valuesKey: single\n      targetPath: merge.at.specific.path\n",
        "",
        secret("values", f"  single: {b64('value')}\n", "data"),
        {"merge": {"at": {"specific": {"path": "value"}}}},
    ),
    "target path precedence over all": (
        "    - kind: Secret\n      name: values\n      valuesKey: key\n      targetPath: nested.configuration[0]\n"
        "    - kind: ConfigMap\n      name: values\n",
        "    nested:\n      configuration:\n      - list\n      - item\n      - option\n",
        config_map(
            "values",
            "  values.yaml: |\n    flat: value\n    nested:\n      configuration:\n      - one\n      - two\n      - three\n",
        )
        + secret("values", f"  key: {b64('value')}\n", "data"),
        {"flat": "value", "nested": {"configuration": ["value", "item", "option"]}},
    ),
    "target path for string type array item": (
        "    - kind: ConfigMap\n      name: values\n    - kind: Secret\n      name: values\n      targetPath: nested.configuration[1]\n",
        "    other: values\n",
        config_map(
            "values",
            "  values.yaml: |\n    flat: value\n    nested:\n      configuration:\n      - list\n      - item\n      - option\n",
        )
        + secret("values", f"  values.yaml: {b64('foo')}\n", "data"),
        {"flat": "value", "nested": {"configuration": ["list", "foo", "option"]}, "other": "values"},
    ),
    "optional values reference to non existing secret": (
        "    - kind: Secret\n      name: missing\n      optional: true\n",
        "",
        "",
        {},
    ),
}


@pytest.mark.parametrize("case", sorted(FLUX_CASES))
def test_values_as_flux_tests_say(git_repo: GitRepo, tmp_path: Path, case: str) -> None:
    values_from, values, objects, want = FLUX_CASES[case]
    git_repo.write("apps/det.yaml", release(values, values_from, objects))
    [install] = installs(git_repo, "apps/det.yaml")
    assert install.findings == []
    assert merged(install) == want
    if HELM.exists():
        got, _, _ = helm_values(tmp_path, install.layers)
        assert got == want


def test_a_missing_reference_is_a_located_warning(git_repo: GitRepo) -> None:
    git_repo.write("apps/det.yaml", release("", "    - kind: ConfigMap\n      name: gone\n"))
    [install] = installs(git_repo, "apps/det.yaml")
    [finding] = install.findings
    assert finding.rule == "gitops-reference-missing"
    assert (finding.location.file, finding.location.line) == (
        git_repo.path("apps/det.yaml"),
        git_repo.line("apps/det.yaml", "- kind: ConfigMap"),
    )


def test_a_missing_key_is_a_located_warning(git_repo: GitRepo) -> None:
    refs = "    - kind: ConfigMap\n      name: values\n      valuesKey: other.yaml\n"
    git_repo.write("apps/det.yaml", release("", refs, config_map("values", "  values.yaml: 'a: 1'\n")))
    [install] = installs(git_repo, "apps/det.yaml")
    [finding] = install.findings
    assert "no key 'other.yaml'" in finding.message
    assert finding.location.line == git_repo.line("apps/det.yaml", "- kind: ConfigMap")


def test_a_value_that_the_set_parser_refuses_is_an_error_at_the_target_path(git_repo: GitRepo) -> None:
    """Flux's case "non-literal target path mangles value with commas" (an error in Flux)."""
    refs = "    - kind: ConfigMap\n      name: values\n      valuesKey: app.yml\n      targetPath: external.content\n"
    git_repo.write(
        "apps/det.yaml", release("", refs, config_map("values", "  app.yml: 'endpoints: [a,b,c]'\n"))
    )
    [install] = installs(git_repo, "apps/det.yaml")
    [finding] = install.findings
    assert finding.rule == "flux-target-path"
    assert finding.location.line == git_repo.line("apps/det.yaml", "targetPath:")


def test_literal_target_path_takes_the_text_whole(git_repo: GitRepo) -> None:
    refs = "    - kind: ConfigMap\n      name: values\n      valuesKey: app.yml\n      targetPath: external.content\n      literal: true\n"
    git_repo.write(
        "apps/det.yaml", release("", refs, config_map("values", "  app.yml: 'endpoints: [a,b,c]'\n"))
    )
    [install] = installs(git_repo, "apps/det.yaml")
    assert merged(install) == {"external": {"content": "endpoints: [a,b,c]"}}


def test_target_path_types_as_set_and_quotes_make_a_string(git_repo: GitRepo) -> None:
    refs = (
        "    - kind: ConfigMap\n      name: values\n      valuesKey: slots\n      targetPath: maxSlotsPerPod\n"
        "    - kind: ConfigMap\n      name: values\n      valuesKey: port\n      targetPath: db.port\n"
    )
    git_repo.write(
        "apps/det.yaml", release("", refs, config_map("values", "  slots: '8'\n  port: '\"5432\"'\n"))
    )
    [install] = installs(git_repo, "apps/det.yaml")
    assert merged(install) == {"maxSlotsPerPod": 8, "db": {"port": "5432"}}


def test_spec_values_win_over_values_from_and_are_located_in_the_release(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    values = "    maxSlotsPerPod: 8\n"
    refs = "    - kind: ConfigMap\n      name: det-values\n"
    objects = config_map(
        "det-values",
        "  values.yaml: |\n    maxSlotsPerPod: 0\n    checkpointStorage:\n      type: shared_fs\n",
    )
    git_repo.write("apps/det.yaml", release(values, refs, objects))
    [install] = installs(git_repo, "apps/det.yaml")
    assert merged(install) == {"maxSlotsPerPod": 8, "checkpointStorage": {"type": "shared_fs"}}
    cm_layer, spec_layer = install.layers
    file = git_repo.path("apps/det.yaml")
    # The ConfigMap's block scalar: each value at its own line in the outer file.
    assert cm_layer.values[("checkpointStorage", "type")].line == git_repo.line(
        "apps/det.yaml", "type: shared_fs"
    )
    assert cm_layer.values[("checkpointStorage", "type")].file == file
    assert spec_layer.values[("maxSlotsPerPod",)].line == git_repo.line("apps/det.yaml", "maxSlotsPerPod: 8")
    if HELM.exists():
        got, _, _ = helm_values(tmp_path, install.layers)
        assert got == merged(install)


def test_a_secrets_layers_are_marked_and_base64_is_decoded(git_repo: GitRepo) -> None:
    refs = "    - kind: ConfigMap\n      name: plain\n    - kind: Secret\n      name: creds\n"
    objects = config_map("plain", "  values.yaml: 'maxSlotsPerPod: 2'\n") + secret(
        "creds", f"  values.yaml: {b64('db:' + chr(10) + '  password: hunter2' + chr(10))}\n", "data"
    )
    git_repo.write("apps/det.yaml", release("", refs, objects))
    [install] = installs(git_repo, "apps/det.yaml")
    assert merged(install) == {"maxSlotsPerPod": 2, "db": {"password": "hunter2"}}
    assert install.secret_layers == [1]
    # Decoded text has no lines of its own in the file: every value is at the data key's value.
    where = install.layers[1].values[("db", "password")]
    assert where.line == git_repo.line("apps/det.yaml", "  values.yaml: " + b64("db:")[:4])


def test_string_data_wins_over_data(git_repo: GitRepo) -> None:
    refs = "    - kind: Secret\n      name: creds\n"
    objects = (
        "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: mlde\n"
        f"data:\n  values.yaml: {b64('maxSlotsPerPod: 1')}\nstringData:\n  values.yaml: |\n    maxSlotsPerPod: 3\n"
    )
    git_repo.write("apps/det.yaml", release("", refs, objects))
    [install] = installs(git_repo, "apps/det.yaml")
    assert merged(install) == {"maxSlotsPerPod": 3}
    assert install.layers[0].values[("maxSlotsPerPod",)].line == git_repo.line(
        "apps/det.yaml", "maxSlotsPerPod: 3"
    )


def test_values_from_another_file_in_the_directory_tree(git_repo: GitRepo) -> None:
    git_repo.write("apps/det/release.yaml", release("", "    - kind: ConfigMap\n      name: det-values\n"))
    git_repo.write(
        "apps/det/config/values.yaml", config_map("det-values", "  values.yaml: |\n    maxSlotsPerPod: 0\n")
    )
    [install] = installs(git_repo, "apps/det/release.yaml")
    assert install.findings == []
    [layer, _] = install.layers
    assert layer.values[("maxSlotsPerPod",)].file == git_repo.path("apps/det/config/values.yaml")
    assert layer.values[("maxSlotsPerPod",)].line == git_repo.line(
        "apps/det/config/values.yaml", "maxSlotsPerPod: 0"
    )


def test_a_configmap_in_another_namespace_is_not_the_one(git_repo: GitRepo) -> None:
    other = config_map("det-values", "  values.yaml: 'maxSlotsPerPod: 0'\n").replace(
        "namespace: mlde", "namespace: other"
    )
    git_repo.write("apps/det.yaml", release("", "    - kind: ConfigMap\n      name: det-values\n", other))
    [install] = installs(git_repo, "apps/det.yaml")
    assert [f.rule for f in install.findings] == ["gitops-reference-missing"]


def test_values_from_a_kustomize_generator_beside_it(git_repo: GitRepo) -> None:
    git_repo.write(
        "apps/det/kustomization.yaml",
        "resources:\n  - release.yaml\nconfigMapGenerator:\n  - name: det-values\n    files:\n"
        "      - values.yaml=det-values.yaml\n  - name: extra\n    literals:\n      - slots=4\n"
        "configurations:\n  - kustomizeconfig.yaml\n",
    )
    git_repo.write(
        "apps/det/kustomizeconfig.yaml",
        "nameReference:\n  - kind: ConfigMap\n    version: v1\n    fieldSpecs:\n"
        "      - path: spec/valuesFrom/name\n        kind: HelmRelease\n",
    )
    git_repo.write("apps/det/det-values.yaml", "maxSlotsPerPod: 0\ndb:\n  hostAddress: db\n")
    refs = (
        "    - kind: ConfigMap\n      name: det-values\n"
        "    - kind: ConfigMap\n      name: extra\n      valuesKey: slots\n      targetPath: maxSlotsPerPod\n"
    )
    git_repo.write("apps/det/release.yaml", release("", refs))
    [install] = installs(git_repo, "apps/det/release.yaml")
    assert install.findings == []
    assert merged(install) == {"maxSlotsPerPod": 4, "db": {"hostAddress": "db"}}
    file_layer = install.layers[0]
    assert file_layer.values[("db", "hostAddress")].file == git_repo.path("apps/det/det-values.yaml")
    assert file_layer.values[("db", "hostAddress")].line == 3
    written = install.layers[2]
    assert written.values[("maxSlotsPerPod",)].line == git_repo.line("apps/det/kustomization.yaml", "slots=4")


def test_generator_file_outside_the_repository_is_not_read(git_repo: GitRepo, tmp_path: Path) -> None:
    (tmp_path / "outside.yaml").write_text("maxSlotsPerPod: 0\n")
    git_repo.write(
        "apps/kustomization.yaml",
        "resources:\n  - det.yaml\nconfigMapGenerator:\n  - name: det-values\n    options:\n"
        "      disableNameSuffixHash: true\n    files:\n      - values.yaml=../../outside.yaml\n",
    )
    git_repo.write("apps/det.yaml", release("", "    - kind: ConfigMap\n      name: det-values\n"))
    [install] = installs(git_repo, "apps/det.yaml")
    rules = sorted(f.rule for f in install.findings)
    assert rules == ["gitops-reference-missing"]
    assert all(layer.data == {} for layer in install.layers)


def test_a_hashed_generator_name_that_nothing_rewrites_is_said(git_repo: GitRepo) -> None:
    """kustomize suffixes a generated ConfigMap's name with a hash of its content and rewrites
    only the references it knows, which HelmRelease's valuesFrom is not."""
    git_repo.write(
        "apps/det/kustomization.yaml",
        "resources:\n  - release.yaml\nconfigMapGenerator:\n  - name: det-values\n    literals:\n      - 'values.yaml=maxSlotsPerPod: 2'\n",
    )
    git_repo.write("apps/det/release.yaml", release("", "    - kind: ConfigMap\n      name: det-values\n"))
    [install] = installs(git_repo, "apps/det/release.yaml")
    [finding] = install.findings
    assert finding.rule == "gitops-reference-missing" and "hash" in finding.message
    assert finding.location.line == git_repo.line("apps/det/release.yaml", "- kind: ConfigMap")
    assert merged(install) == {"maxSlotsPerPod": 2}


# --- what the object says about the install --------------------------------------------------


def test_release_name_and_namespace_as_helm_controller_names_them(git_repo: GitRepo) -> None:
    git_repo.write("a.yaml", release())
    git_repo.write("b.yaml", release(targetNamespace="prod"))
    git_repo.write("c.yaml", release(targetNamespace="prod", releaseName="det"))
    [a] = installs(git_repo, "a.yaml")
    [b] = installs(git_repo, "b.yaml")
    [c] = installs(git_repo, "c.yaml")
    assert (a.release_name, a.namespace) == ("determined", "mlde")
    assert (b.release_name, b.namespace) == ("prod-determined", "prod")
    assert (c.release_name, c.namespace) == ("det", "prod")
    assert a.is_upgrade and a.tool == "flux"
    assert (a.version, a.version_at.line if a.version_at else None) == (
        "0.37.0",
        git_repo.line("a.yaml", "version: 0.37.0"),
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [  # helm-controller internal/release/name_test.go TestShortName
        ("release-name", "release-name"),
        (
            "release-name-with-very-long-name-which-is-longer-than-53-characters",
            "release-name-with-very-long-name-which-i-788ca0d0d7b0",
        ),
        (
            "another-release-name-with-very-long-name-which-is-longer-than-53-characters",
            "another-release-name-with-very-long-name-7e72150d5a36",
        ),
        ("", ""),
    ],
)
def test_shorten_name(name: str, expected: str) -> None:
    assert flux.shorten_name(name) == expected


def test_every_api_version_is_read_and_others_are_not(git_repo: GitRepo) -> None:
    for version in ("v2", "v2beta1", "v2beta2"):
        git_repo.write(f"{version}.yaml", release().replace("fluxcd.io/v2", f"fluxcd.io/{version}"))
        assert len(installs(git_repo, f"{version}.yaml")) == 1
    git_repo.write("v1.yaml", release().replace("fluxcd.io/v2", "fluxcd.io/v1"))
    assert installs(git_repo, "v1.yaml") == []


def test_another_chart_is_passed_by(git_repo: GitRepo) -> None:
    git_repo.write(
        "podinfo.yaml", release("    maxSlotsPerPod: 0\n").replace("chart: determined", "chart: podinfo")
    )
    assert installs(git_repo, "podinfo.yaml") == []


def test_chart_ref_to_an_oci_repository(git_repo: GitRepo) -> None:
    text = release().replace(
        "  chart:\n    spec:\n      chart: determined\n      version: 0.37.0\n      sourceRef:\n"
        "        kind: HelmRepository\n        name: determined\n",
        "  chartRef:\n    kind: OCIRepository\n    name: det\n",
    )
    oci = "---\napiVersion: source.toolkit.fluxcd.io/v1beta2\nkind: OCIRepository\nmetadata:\n  name: det\n  namespace: mlde\nspec:\n  url: oci://ghcr.io/example/charts/determined\n  ref:\n    semver: 0.38.x\n"
    git_repo.write("det.yaml", text + oci)
    [install] = installs(git_repo, "det.yaml")
    assert install.chart == "oci://ghcr.io/example/charts/determined"
    assert install.version == "0.38.x"
    assert install.version_at is not None and install.version_at.line == git_repo.line(
        "det.yaml", "semver: 0.38.x"
    )
    git_repo.write("other.yaml", text + oci.replace("/determined", "/podinfo"))
    assert installs(git_repo, "other.yaml") == []


def test_target_path_below_spec_values_survives_a_later_reference(git_repo: GitRepo, tmp_path: Path) -> None:
    """MergeMaps shares spec.values' maps: the write lands in spec.values itself (Go's sharing)."""
    refs = (
        "    - kind: Secret\n      name: creds\n      valuesKey: pw\n      targetPath: db.password\n"
        "    - kind: ConfigMap\n      name: later\n"
    )
    values = "    db:\n      user: det\n"
    objects = secret("creds", "  pw: s3cret\n") + config_map(
        "later", "  values.yaml: |\n    db:\n      password: from-later\n"
    )
    git_repo.write("det.yaml", release(values, refs, objects))
    [install] = installs(git_repo, "det.yaml")
    assert merged(install) == {"db": {"user": "det", "password": "s3cret"}}
    if HELM.exists():
        got, _, _ = helm_values(tmp_path, install.layers)
        assert got == merged(install)


def test_target_path_over_a_map_both_had_is_overridden_by_a_later_reference(git_repo: GitRepo) -> None:
    """Where the map was merged anew (both sides had one), spec.values is not shared: a later
    reference's value wins over the write, as in Go."""
    refs = (
        "    - kind: ConfigMap\n      name: first\n"
        "    - kind: Secret\n      name: creds\n      valuesKey: pw\n      targetPath: db.password\n"
        "    - kind: ConfigMap\n      name: later\n"
    )
    values = "    db:\n      user: det\n"
    objects = (
        config_map("first", "  values.yaml: |\n    db:\n      name: x\n")
        + secret("creds", "  pw: s3cret\n")
        + config_map("later", "  values.yaml: |\n    db:\n      password: from-later\n")
    )
    git_repo.write("det.yaml", release(values, refs, objects))
    [install] = installs(git_repo, "det.yaml")
    assert merged(install) == {"db": {"name": "x", "user": "det", "password": "from-later"}}


@needs_helm
def test_helm_gets_the_release_name_and_namespace(git_repo: GitRepo, tmp_path: Path) -> None:
    git_repo.write("det.yaml", release("    a: 1\n", targetNamespace="prod"))
    [install] = installs(git_repo, "det.yaml")
    _, name, namespace = helm_values(
        tmp_path, install.layers, name=install.release_name, namespace=install.namespace
    )
    assert (name, namespace) == ("prod-determined", "prod")


# --- through the command line ---------------------------------------------------------------------

FINDING = re.compile(
    r"^(?P<file>[^\s:]+):(?P<line>\d+):\d+: (?:error|warning)\[(?P<rule>[a-z0-9-]+)\]", re.MULTILINE
)


def lint(repo: GitRepo, *targets: str) -> tuple[int, set[tuple[str, int, str]], str]:
    """``chartgen lint TARGETS`` run in the repository: exit code, (file, line, rule) of each finding, output."""
    cwd = os.getcwd()
    os.chdir(repo.root)
    try:
        code, out, err = run_cli(["lint", *targets])
    finally:
        os.chdir(cwd)
    found = {(m["file"], int(m["line"]), m["rule"]) for m in FINDING.finditer(out)}
    return code, found, out + err


FLUX_REPO = {
    "apps/det/kustomization.yaml": "resources:\n  - release.yaml\n  - secret.yaml\nconfigMapGenerator:\n"
    "  - name: det-values\n    files:\n      - values.yaml=det-values.yaml\n"
    "generatorOptions:\n  disableNameSuffixHash: true\n",
    "apps/det/det-values.yaml": "maxSlotsPerPod: 0\ncheckpointStorage:\n  type: shared_fss\n",
    "apps/det/secret.yaml": "apiVersion: v1\nkind: Secret\nmetadata:\n  name: det-secret\n  namespace: mlde\n"
    "stringData:\n  password: Sup3r-Secret-Passw0rd\n  slots: '-2'\n  port: 'not-a-port'\n",
}


def flux_repo(repo: GitRepo) -> None:
    for relative, text in FLUX_REPO.items():
        repo.write(relative, text)
    refs = (
        "    - kind: ConfigMap\n      name: det-values\n"
        "    - kind: Secret\n      name: det-secret\n      valuesKey: password\n      targetPath: initialUserPassword\n"
        "    - kind: Secret\n      name: det-secret\n      valuesKey: slots\n      targetPath: maxSlotsPerPod\n"
        "    - kind: Secret\n      name: det-secret\n      valuesKey: port\n      targetPath: db.port\n"
    )
    values = "    maxSlotsPerPod: 8\n    resourceManager:\n      defaultComputeResourcePool: nope\n"
    repo.write("apps/det/release.yaml", release(values, refs))


def test_lint_a_release_with_values_from(git_repo: GitRepo) -> None:
    flux_repo(git_repo)
    code, found, out = lint(git_repo, "apps/det/release.yaml")
    assert code == 1
    assert found == {
        # The ConfigMap's mistake spec.values does not override, at its line of the generator's
        # file; its maxSlotsPerPod: 0 is overridden by spec.values and not reported.
        ("apps/det/det-values.yaml", 3, "invalid-enum"),
        (
            "apps/det/release.yaml",
            git_repo.line("apps/det/release.yaml", "defaultComputeResourcePool"),
            "misplaced-key",
        ),
        # A targetPath value, at the Secret's line; the top-level one (maxSlotsPerPod: -2) is
        # overridden by spec.values, which Flux merges in last over a fresh top map.
        ("apps/det/secret.yaml", git_repo.line("apps/det/secret.yaml", "port:"), "db-port"),
    }
    assert "Sup3r-Secret-Passw0rd" not in out


def test_a_secrets_value_is_never_printed(git_repo: GitRepo) -> None:
    """Checking withholds whatever a layer in ``Install.secret_layers`` holds, in every finding."""
    flux_repo(git_repo)
    for target in ("apps/det/release.yaml", "apps/det/kustomization.yaml", "."):
        _, found, out = lint(git_repo, target)
        assert ("apps/det/secret.yaml", git_repo.line("apps/det/secret.yaml", "port:"), "db-port") in found
        assert "not-a-port" not in out and "Sup3r-Secret-Passw0rd" not in out


def test_lint_dir_reports_the_same_once_and_the_configmap_file_not_on_its_own(git_repo: GitRepo) -> None:
    flux_repo(git_repo)
    _, one, _ = lint(git_repo, "apps/det/release.yaml")
    code, everything, out = lint(git_repo, ".")
    assert code == 1
    assert everything == one
    assert "Sup3r-Secret-Passw0rd" not in out


def test_a_write_into_spec_values_is_located_at_the_reference(git_repo: GitRepo) -> None:
    """Flux's "target path precedence over all": the written item is the Secret's, everywhere
    it ends up (spec.values itself took it), the others stay at spec.values' lines."""
    values_from, values, objects, _ = FLUX_CASES["target path precedence over all"]
    git_repo.write("apps/det.yaml", release(values, values_from, objects))
    [install] = installs(git_repo, "apps/det.yaml")
    last = install.layers[-1]
    secret_line = git_repo.line("apps/det.yaml", "  key: ")
    assert last.values[("nested", "configuration", 0)].line == secret_line
    assert last.values[("nested", "configuration", 1)].line == git_repo.line("apps/det.yaml", "- item")
