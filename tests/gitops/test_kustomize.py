"""kustomize: ``helmCharts`` values as the HelmChartInflationGenerator merges them, and overlays
(resources, components, strategic-merge and JSON 6902 patches with targets) over a Flux
HelmRelease, every value located at the line of the file — or the patch — that wrote it.

Expected values come from kustomize's own tests (``plugin/builtin/helmchartinflationgenerator/
HelmChartInflationGenerator_test.go`` ``TestHelmChartInflationGeneratorValues{Override,Merge,
Replace}``) and from RFC 6902's examples; the layout is fluxcd/flux2-kustomize-helm-example's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chartgen.gitops import kustomize
from chartgen.gitops.model import Install
from chartgen.gitops.reading import documents
from chartgen.gitops.repo import Repo
from chartgen.values.merge import merge_maps
from chartgen.yamlio import Loaded
from tests.gitops.conftest import GitRepo
from tests.gitops.tiny_chart import HELM, helm_values


def installs(repo: GitRepo, relative: str) -> list[Install]:
    file = repo.path(relative)
    text = repo.text(relative)
    return kustomize.installs(documents(text, file), file, Repo.of(file), text)


def merged(install: Install) -> dict[str, object]:
    out: dict[str, object] = {}
    for layer in install.layers:
        out = merge_maps(out, layer.data)
    return out


# --- helmCharts ------------------------------------------------------------------------------------

#: kustomize's test chart values (testdata/charts/values-merge/values.yaml), as a valuesFile here.
CHART_VALUES = "a: 1\nb: 2\nlist:\n- a\n- b\nmap:\n  a: 4\n  b: 5\n"
INLINE = "    valuesInline:\n      a: 4\n      c: 3\n      list:\n      - c\n      map:\n        a: 7\n        c: 6\n"


def helm_chart(extra: str = "", inline: str = INLINE) -> str:
    return (
        "helmCharts:\n  - name: determined\n    releaseName: det\n    namespace: mlde\n    version: 0.37.0\n"
        + extra
        + inline
    )


@pytest.mark.parametrize(
    ("mode", "want"),
    [
        # TestHelmChartInflationGeneratorValuesOverride
        ("override", {"a": 4, "b": 2, "c": 3, "list": ["c"], "map": {"a": 7, "b": 5, "c": 6}}),
        # TestHelmChartInflationGeneratorValuesMerge
        ("merge", {"a": 1, "b": 2, "c": 3, "list": ["a", "b"], "map": {"a": 4, "b": 5, "c": 6}}),
    ],
)
def test_values_merge_as_kustomize_tests_say(
    git_repo: GitRepo, tmp_path: Path, mode: str, want: dict[str, object]
) -> None:
    git_repo.write("k/values.yaml", CHART_VALUES)
    git_repo.write(
        "k/kustomization.yaml", helm_chart(f"    valuesFile: values.yaml\n    valuesMerge: {mode}\n")
    )
    [install] = installs(git_repo, "k/kustomization.yaml")
    assert install.findings == []
    assert merged(install) == want
    if HELM.exists():
        got, _, _ = helm_values(tmp_path, install.layers)
        assert got == want


def test_values_merge_replace_drops_the_values_file(git_repo: GitRepo) -> None:
    """TestHelmChartInflationGeneratorValuesReplace: the values file is not used at all."""
    git_repo.write("k/replaced.yaml", "a: 7\nb: 7\nc: 7\nlist:\n- g\nmap:\n  a: 7\n  b: 7\n  c: 7\n")
    inline = "    valuesInline:\n      a: 1\n      b: 2\n      list:\n      - c\n      map:\n        a: 4\n        b: 5\n"
    git_repo.write(
        "k/kustomization.yaml",
        helm_chart("    valuesFile: replaced.yaml\n    valuesMerge: replace\n", inline),
    )
    [install] = installs(git_repo, "k/kustomization.yaml")
    assert merged(install) == {"a": 1, "b": 2, "list": ["c"], "map": {"a": 4, "b": 5}}


def test_merge_without_a_values_file_keeps_the_charts_own_values(git_repo: GitRepo) -> None:
    """With no valuesFile the chart's values.yaml is the file merged with: under ``merge`` it
    wins, so an inline value the chart sets is overridden (and not to be reported)."""
    inline = "    valuesInline:\n      maxSlotsPerPod: 0\n      db:\n        hostAddress: db.example\n"
    git_repo.write("k/kustomization.yaml", helm_chart("    valuesMerge: merge\n", inline))
    [install] = installs(git_repo, "k/kustomization.yaml")
    values = merged(install)
    assert values["db"] == {"hostAddress": "db.example"}
    from chartgen.gitops.versions import resolve
    from chartgen.values.load import chart_defaults

    defaults = chart_defaults(resolve("0.37.0", install.at)[0])
    assert ("maxSlotsPerPod" in values) == ("maxSlotsPerPod" not in defaults)


def test_additional_values_files_override_inline_values(git_repo: GitRepo, tmp_path: Path) -> None:
    """AsHelmArgs passes ``-f <valuesFile merged with valuesInline>`` first, then each additional file."""
    git_repo.write("k/more.yaml", "maxSlotsPerPod: 8\n")
    inline = "    valuesInline:\n      maxSlotsPerPod: 0\n      telemetry:\n        enabled: false\n"
    git_repo.write(
        "k/kustomization.yaml", helm_chart("    additionalValuesFiles:\n      - more.yaml\n", inline)
    )
    [install] = installs(git_repo, "k/kustomization.yaml")
    assert merged(install) == {"maxSlotsPerPod": 8, "telemetry": {"enabled": False}}
    inline_layer, more = install.layers
    file = git_repo.path("k/kustomization.yaml")
    where = inline_layer.values[("telemetry", "enabled")]
    assert (where.file, where.line) == (file, git_repo.line("k/kustomization.yaml", "enabled: false"))
    assert more.values[("maxSlotsPerPod",)].file == git_repo.path("k/more.yaml")
    assert (install.release_name, install.namespace, install.version, install.is_upgrade) == (
        "det",
        "mlde",
        "0.37.0",
        False,
    )
    assert install.version_at is not None and install.version_at.line == git_repo.line(
        "k/kustomization.yaml", "version:"
    )
    if HELM.exists():
        got, _, _ = helm_values(tmp_path, install.layers)
        assert got == merged(install)


def test_a_null_inline_value_does_not_reach_helm(git_repo: GitRepo) -> None:
    """merge2 clears a key set to null, so the merged file holds no null: the chart's default stays."""
    git_repo.write(
        "k/kustomization.yaml", helm_chart("", "    valuesInline:\n      maxSlotsPerPod: null\n      a: 1\n")
    )
    [install] = installs(git_repo, "k/kustomization.yaml")
    assert merged(install) == {"a": 1}


def test_another_chart_and_values_files_outside(git_repo: GitRepo, tmp_path: Path) -> None:
    git_repo.write(
        "k/kustomization.yaml", "helmCharts:\n  - name: podinfo\n    valuesInline:\n      maxSlotsPerPod: 0\n"
    )
    assert installs(git_repo, "k/kustomization.yaml") == []
    git_repo.write("k/kustomization.yaml", helm_chart("    valuesFile: ../../outside.yaml\n", ""))
    (tmp_path / "outside.yaml").write_text("maxSlotsPerPod: 0\n")
    [install] = installs(git_repo, "k/kustomization.yaml")
    [finding] = install.findings
    assert finding.rule == "values-file-outside-repository"
    assert finding.location.line == git_repo.line("k/kustomization.yaml", "valuesFile:")
    assert install.layers == []


# --- overlays over a HelmRelease (fluxcd/flux2-kustomize-helm-example) ----------------------------

BASE_RELEASE = """apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: determined
  namespace: mlde
  labels:
    app: det
spec:
  interval: 50m
  releaseName: determined
  chart:
    spec:
      chart: determined
      version: 0.37.0
      sourceRef:
        kind: HelmRepository
        name: determined
  values:
    maxSlotsPerPod: 0
    checkpointStorage:
      type: shared_fs
      hostPath: /mnt
    taskContainerDefaults:
      cpuImage: base-cpu
"""

STAGING_PATCH = """apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: determined
  namespace: mlde
spec:
  chart:
    spec:
      version: ">=0.38.0"
  values:
    maxSlotsPerPod: 4
    checkpointStorage:
      hostPath: null
"""


def example(repo: GitRepo) -> None:
    repo.write(
        "apps/base/det/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: mlde\nresources:\n  - release.yaml\n",
    )
    repo.write("apps/base/det/release.yaml", BASE_RELEASE)
    repo.write(
        "apps/staging/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/det\n"
        "patches:\n  - path: det-values.yaml\n    target:\n      kind: HelmRelease\n",
    )
    repo.write("apps/staging/det-values.yaml", STAGING_PATCH)


def test_overlay_lints_the_patched_release(git_repo: GitRepo, tmp_path: Path) -> None:
    example(git_repo)
    [install] = installs(git_repo, "apps/staging/kustomization.yaml")
    assert install.tool == "flux" and install.findings == []
    assert merged(install) == {
        "maxSlotsPerPod": 4,
        "checkpointStorage": {"type": "shared_fs"},
        "taskContainerDefaults": {"cpuImage": "base-cpu"},
    }
    [values] = install.layers
    patch = git_repo.path("apps/staging/det-values.yaml")
    base = git_repo.path("apps/base/det/release.yaml")
    assert (values.values[("maxSlotsPerPod",)].file, values.values[("maxSlotsPerPod",)].line) == (
        patch,
        git_repo.line("apps/staging/det-values.yaml", "maxSlotsPerPod: 4"),
    )
    where = values.values[("checkpointStorage", "type")]
    assert (where.file, where.line) == (base, git_repo.line("apps/base/det/release.yaml", "type: shared_fs"))
    assert ("checkpointStorage", "hostPath") not in values.values
    assert install.version == ">=0.38.0"
    assert install.version_at is not None and (install.version_at.file, install.version_at.line) == (
        patch,
        git_repo.line("apps/staging/det-values.yaml", "version:"),
    )
    if HELM.exists():
        got, name, namespace = helm_values(
            tmp_path, install.layers, name=install.release_name, namespace=install.namespace
        )
        assert got == merged(install)
        assert (name, namespace) == ("determined", "mlde")


def test_the_base_release_is_linted_as_built_by_its_kustomization(git_repo: GitRepo) -> None:
    example(git_repo)
    git_repo.write("apps/base/det/release.yaml", BASE_RELEASE.replace("  namespace: mlde\n", "", 1))
    from chartgen.gitops import flux

    file = git_repo.path("apps/base/det/release.yaml")
    text = git_repo.text("apps/base/det/release.yaml")
    [install] = flux.installs(documents(text, file), file, Repo.of(file), text)
    assert install.namespace == "mlde"  # the kustomization's namespace
    assert merged(install)["maxSlotsPerPod"] == 0


def test_json6902_inline_patch_with_selector(git_repo: GitRepo) -> None:
    example(git_repo)
    git_repo.write(
        "apps/prod/kustomization.yaml",
        """resources:
  - ../base/det
patches:
  - target:
      group: helm.toolkit.fluxcd.io
      kind: HelmRelease
      name: det.*
      labelSelector: app=det
    patch: |-
      - op: replace
        path: /spec/values/maxSlotsPerPod
        value: 8
      - op: add
        path: /spec/values/taskContainerDefaults/gpuImage
        value: base-gpu
      - op: remove
        path: /spec/values/checkpointStorage/hostPath
      - op: copy
        from: /spec/values/taskContainerDefaults/cpuImage
        path: /spec/values/copied
      - op: test
        path: /spec/values/copied
        value: base-cpu
  - target:
      kind: HelmRelease
      labelSelector: app!=det
    patch: |-
      - op: replace
        path: /spec/values/maxSlotsPerPod
        value: 99
""",
    )
    [install] = installs(git_repo, "apps/prod/kustomization.yaml")
    assert install.findings == []
    assert merged(install) == {
        "maxSlotsPerPod": 8,
        "checkpointStorage": {"type": "shared_fs"},
        "taskContainerDefaults": {"cpuImage": "base-cpu", "gpuImage": "base-gpu"},
        "copied": "base-cpu",
    }
    [values] = install.layers
    file = git_repo.path("apps/prod/kustomization.yaml")
    assert (values.values[("maxSlotsPerPod",)].file, values.values[("maxSlotsPerPod",)].line) == (
        file,
        git_repo.line("apps/prod/kustomization.yaml", "value: 8"),
    )
    gpu = values.values[("taskContainerDefaults", "gpuImage")]
    assert (gpu.line, gpu.column) == (git_repo.line("apps/prod/kustomization.yaml", "value: base-gpu"), 16)
    copied = values.values[("copied",)]
    assert copied.file == git_repo.path("apps/base/det/release.yaml")


def test_a_failing_json6902_test_is_an_error(git_repo: GitRepo) -> None:
    example(git_repo)
    git_repo.write(
        "apps/prod/kustomization.yaml",
        "resources:\n  - ../base/det\npatches:\n  - target:\n      kind: HelmRelease\n    patch: |-\n"
        "      - op: test\n        path: /spec/values/maxSlotsPerPod\n        value: 5\n",
    )
    [install] = installs(git_repo, "apps/prod/kustomization.yaml")
    [finding] = install.findings
    assert finding.rule == "kustomize-patch-failed" and finding.severity == "error"


def test_components_and_a_patch_without_target(git_repo: GitRepo) -> None:
    example(git_repo)
    git_repo.write(
        "apps/comp/gpu/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - path: gpu.yaml\n",
    )
    git_repo.write(
        "apps/comp/gpu/gpu.yaml",
        "apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: determined\nspec:\n"
        "  values:\n    taskContainerDefaults:\n      $patch: replace\n      gpuImage: gpu\n",
    )
    git_repo.write("apps/comp/kustomization.yaml", "resources:\n  - ../base/det\ncomponents:\n  - gpu\n")
    [install] = installs(git_repo, "apps/comp/kustomization.yaml")
    assert install.findings == []
    assert merged(install)["taskContainerDefaults"] == {"gpuImage": "gpu"}


def test_a_resource_missing_or_outside_is_located(git_repo: GitRepo) -> None:
    git_repo.write("apps/x/kustomization.yaml", "resources:\n  - gone.yaml\n  - ../../../elsewhere\n")
    file = git_repo.path("apps/x/kustomization.yaml")
    built = kustomize.build(file, Repo.of(file))
    rules = sorted((d.rule, d.location.line if d.location else None) for d in built.findings)
    assert rules == [("gitops-reference-missing", 2), ("values-file-outside-repository", 3)]


# --- the two merges, on their own -----------------------------------------------------------------


def loaded(data: object) -> Loaded:
    return Loaded(data, "f")


def test_strategic_merge_without_schema() -> None:
    base = {"spec": {"values": {"a": {"x": 1, "y": 2}, "l": [1, 2], "k": 1}}}
    patch = {
        "spec": {"values": {"a": {"y": None, "z": 3}, "l": [3], "k": {"$patch": "delete"}, "n": {"m": None}}}
    }
    assert kustomize.smp(loaded(base), loaded(patch)).data == {
        "spec": {"values": {"a": {"x": 1, "z": 3}, "l": [3], "n": {}}}
    }


@pytest.mark.parametrize(
    ("doc", "ops", "want"),
    [  # RFC 6902 appendix A
        ({"foo": "bar"}, [{"op": "add", "path": "/baz", "value": "qux"}], {"baz": "qux", "foo": "bar"}),
        (
            {"foo": ["bar", "baz"]},
            [{"op": "add", "path": "/foo/1", "value": "qux"}],
            {"foo": ["bar", "qux", "baz"]},
        ),
        ({"baz": "qux", "foo": "bar"}, [{"op": "remove", "path": "/baz"}], {"foo": "bar"}),
        ({"foo": ["bar", "qux", "baz"]}, [{"op": "remove", "path": "/foo/1"}], {"foo": ["bar", "baz"]}),
        (
            {"baz": "qux", "foo": "bar"},
            [{"op": "replace", "path": "/baz", "value": "boo"}],
            {"baz": "boo", "foo": "bar"},
        ),
        (
            {"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}},
            [{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}],
            {"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}},
        ),
        (
            {"foo": ["all", "grass", "cows", "eat"]},
            [{"op": "move", "from": "/foo/1", "path": "/foo/3"}],
            {"foo": ["all", "cows", "eat", "grass"]},
        ),
        (
            {"foo": ["bar"]},
            [{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}],
            {"foo": ["bar", ["abc", "def"]]},
        ),
        ({"/": 9, "~1": 10}, [{"op": "test", "path": "/~01", "value": 10}], {"/": 9, "~1": 10}),
    ],
)
def test_json6902_as_rfc_6902_says(
    doc: dict[str, object], ops: list[object], want: dict[str, object]
) -> None:
    assert kustomize.json6902(loaded(doc), loaded(ops)).data == want


@pytest.mark.parametrize(
    ("doc", "ops"),
    [  # RFC 6902 A.9, A.12, A.13-like: errors
        ({"baz": "qux"}, [{"op": "test", "path": "/baz", "value": "bar"}]),
        ({"foo": "bar"}, [{"op": "add", "path": "/baz/bat", "value": "qux"}]),
        ({"foo": "bar"}, [{"op": "replace", "path": "/nope", "value": 1}]),
        ({"foo": "bar"}, [{"op": "remove", "path": "/nope"}]),
    ],
)
def test_json6902_errors(doc: dict[str, object], ops: list[object]) -> None:
    with pytest.raises(kustomize.PatchError):
        kustomize.json6902(loaded(doc), loaded(ops))


# --- through the command line ---------------------------------------------------------------------


def test_lint_an_overlay_and_helm_charts(git_repo: GitRepo) -> None:
    from tests.gitops.test_flux import lint

    example(git_repo)
    git_repo.write(
        "apps/base/det/release.yaml",
        BASE_RELEASE.replace("      type: shared_fs\n", "      type: shared_fss\n").replace(
            "  values:\n", "  values:\n    initialUserPassword: Base-Passw0rd-1234\n"
        ),
    )
    code, found, _ = lint(git_repo, "apps/staging/kustomization.yaml")  # version ">=0.38.0": 0.38.1
    assert code == 1
    # The base's maxSlotsPerPod: 0 is overridden by staging's patch (4): not reported.
    assert found == {
        (
            "apps/base/det/release.yaml",
            git_repo.line("apps/base/det/release.yaml", "shared_fss"),
            "invalid-enum",
        )
    }
    git_repo.write(
        "apps/staging/det-values.yaml",
        STAGING_PATCH.replace("maxSlotsPerPod: 4", "maxSlotsPerPod: -1"),
    )
    _, found, _ = lint(git_repo, "apps/staging/kustomization.yaml")
    assert (
        "apps/staging/det-values.yaml",
        git_repo.line("apps/staging/det-values.yaml", "maxSlotsPerPod"),
        "max-slots-per-pod-positive",
    ) in found

    git_repo.write("charts/values.yaml", "maxSlotsPerPod: 0\ninitialUserPassword: Base-Passw0rd-1234\n")
    git_repo.write(
        "charts/kustomization.yaml",
        helm_chart(
            "    valuesFile: values.yaml\n",
            "    valuesInline:\n      maxSlotsPerPod: 2\n      checkpointStorage:\n        type: nope\n",
        ),
    )
    code, found, _ = lint(git_repo, "charts/kustomization.yaml")
    assert code == 1
    assert found == {
        (
            "charts/kustomization.yaml",
            git_repo.line("charts/kustomization.yaml", "type: nope"),
            "invalid-enum",
        )
    }


def test_name_prefix_names_the_release_and_strands_a_values_from_reference(git_repo: GitRepo) -> None:
    example(git_repo)
    git_repo.write(
        "apps/pre/kustomization.yaml",
        "resources:\n  - ../base/det\nnamePrefix: staging-\nconfigMapGenerator:\n  - name: extra\n"
        "    options:\n      disableNameSuffixHash: true\n    literals:\n      - 'values.yaml=maxSlotsPerPod: 2'\n"
        "patches:\n  - target:\n      kind: HelmRelease\n    patch: |-\n      - op: add\n        path: /spec/valuesFrom\n"
        "        value:\n          - kind: ConfigMap\n            name: extra\n",
    )
    [install] = installs(git_repo, "apps/pre/kustomization.yaml")
    assert install.release_name == "determined"  # spec.releaseName is set in the base
    [finding] = install.findings
    assert "namePrefix" in finding.message
    assert (finding.location.file, finding.location.line) == (
        git_repo.path("apps/pre/kustomization.yaml"),
        git_repo.line("apps/pre/kustomization.yaml", "- kind: ConfigMap"),
    )
    git_repo.write("apps/base/det/release.yaml", BASE_RELEASE.replace("  releaseName: determined\n", ""))
    [install] = installs(git_repo, "apps/pre/kustomization.yaml")
    assert install.release_name == "staging-determined"
