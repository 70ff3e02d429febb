"""Argo CD Applications linted in place: each layout teams keep, every finding at its file and line.

Precedence and identity as argo-cd's repo server builds ``helm template`` (docs/gitops/argocd.md);
the last test holds chartgen's assembled values to what helm 3.17 itself gets from the same
``--values``/``--set`` order.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.gitops.conftest import REMOTE, GitRepo, make_repo
from tests.support.cli import run_cli

GOOD = "initialUserPassword: Passw0rdX\n"
FINDING = re.compile(
    r"(?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<rule>[a-z0-9-]+)\] .*"
)
#: Said of every install without db.keepOnUninstall; tests/rules/test_database.py tests it.
KEEP_POLICY = "db-keep-policy"


def lint(repo: GitRepo, *args: str) -> tuple[int, list[tuple[str, int, str]]]:
    """``chartgen lint --quiet ARGS`` run in the repository: the exit code and (file, line, rule) of each finding."""
    import os

    before = os.getcwd()
    os.chdir(repo.root)
    try:
        code, out, err = run_cli(["lint", "--quiet", *args])
    finally:
        os.chdir(before)
    assert "Traceback" not in err
    rows = []
    for text in out.splitlines():
        if text.startswith("  hint: "):
            continue
        match = FINDING.fullmatch(text)
        assert match, f"not a finding line: {text!r}"
        if match["rule"] != KEEP_POLICY:
            rows.append((match["file"], int(match["line"]), match["rule"]))
    return code, sorted(rows)


def application(
    source: str, *, name: str = "determined", namespace: str = "mlde", sources: bool = False
) -> str:
    """An Application whose ``spec.source`` (or ``sources``) is the indented YAML ``source``."""
    key = "sources" if sources else "source"
    return (
        "apiVersion: argoproj.io/v1alpha1\n"
        "kind: Application\n"
        "metadata:\n"
        f"  name: {name}\n"
        "  namespace: argocd\n"
        "spec:\n"
        "  project: default\n"
        "  destination:\n"
        "    server: https://kubernetes.default.svc\n"
        f"    namespace: {namespace}\n"
        f"  {key}:\n"
        f"{source}"
    )


HELM_REPO = "    repoURL: https://helm.determined.ai\n    chart: determined\n    targetRevision: 0.38.1\n"


def test_values_object_mistake_at_its_line(git_repo: GitRepo) -> None:
    git_repo.write(
        "argocd/determined.yaml",
        application(
            HELM_REPO
            + "    helm:\n      valuesObject:\n        initialUserPassword: Passw0rdX\n        maxSlotsPerPod: 0\n"
        ),
    )
    code, rows = lint(git_repo, "argocd/determined.yaml")
    line = git_repo.line("argocd/determined.yaml", "maxSlotsPerPod")
    assert (code, rows) == (1, [("argocd/determined.yaml", line, "max-slots-per-pod-positive")])


@pytest.mark.parametrize("header", ["|", "|-", "|+", "|2", ">"])
def test_values_string_mistake_at_its_line_inside_the_block(git_repo: GitRepo, header: str) -> None:
    extra = "  " if header == "|2" else ""  # content two columns past `helm:`'s children
    block = f"        {extra}initialUserPassword: Passw0rdX\n\n        {extra}maxSlotsPerPod: 0\n"
    git_repo.write("app.yaml", application(HELM_REPO + f"    helm:\n      values: {header}\n" + block))
    code, out, _ = run_cli(["lint", "--quiet", git_repo.path("app.yaml")])
    line = git_repo.line("app.yaml", "maxSlotsPerPod")
    column = git_repo.text("app.yaml").splitlines()[line - 1].index("0") + 1
    assert code == 1
    assert f"{git_repo.path('app.yaml')}:{line}:{column}: error[max-slots-per-pod-positive]" in out


def test_parameters_at_their_value_lines(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO
            + "    helm:\n      valuesObject:\n        initialUserPassword: Passw0rdX\n"
            + "      parameters:\n"
            + '        - name: maxSlotsPerPod\n          value: "0"\n'
            + '        - name: db.port\n          value: "5432"\n          forceString: true\n'
        ),
    )
    code, rows = lint(git_repo, "app.yaml")
    slots = git_repo.line("app.yaml", 'value: "0"')
    port = git_repo.line("app.yaml", 'value: "5432"')
    assert code == 1
    assert ("app.yaml", slots, "max-slots-per-pod-positive") in rows
    # forceString: --set-string gives the chart the string "5432", which it quotes; lint says so at the value.
    assert {file for file, _, _ in rows} == {"app.yaml"}
    assert all(line in (slots, port) for _, line, _ in rows), rows


def test_a_parameter_overrides_values_object(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO
            + "    helm:\n      valuesObject:\n        initialUserPassword: Passw0rdX\n        maxSlotsPerPod: 0\n"
            + '      parameters:\n        - name: maxSlotsPerPod\n          value: "4"\n'
        ),
    )
    assert lint(git_repo, "app.yaml") == (0, [])


def test_values_object_replaces_the_values_string(git_repo: GitRepo) -> None:
    """ValuesYAML: valuesObject when set, else values; never both, so the string's mistake is ignored."""
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO
            + "    helm:\n      values: |\n        maxSlotsPerPod: 0\n"
            + "      valuesObject:\n        initialUserPassword: Passw0rdX\n        maxSlotsPerPod: 4\n"
        ),
    )
    code, rows = lint(git_repo, "app.yaml")
    assert (code, rows) == (
        0,
        [("app.yaml", git_repo.line("app.yaml", "values: |"), "argocd-values-ignored")],
    )


MULTI = (
    "    - repoURL: https://helm.determined.ai\n"
    "      chart: determined\n"
    "      targetRevision: 0.38.x\n"
    "      helm:\n"
    "        valueFiles:\n"
    "          - $values/envs/prod/determined.yaml\n"
    "        valuesObject:\n"
    "          maxSlotsPerPod: 4\n"
    "    - repoURL: git@github.com:example/deploy.git\n"
    "      targetRevision: main\n"
    "      ref: values\n"
)
PROD = "initialUserPassword: Passw0rdX\nmaxSlotsPerPod: 0\ndb:\n  port: notaport\n"


def test_multi_source_override_hides_the_overridden_mistake_only(git_repo: GitRepo) -> None:
    git_repo.write("argocd/prod.yaml", application(MULTI, sources=True))
    git_repo.write("envs/prod/determined.yaml", PROD)
    code, rows = lint(git_repo, "argocd/prod.yaml")
    port = git_repo.line("envs/prod/determined.yaml", "port:")
    assert (code, rows) == (1, [("envs/prod/determined.yaml", port, "db-port")])


def test_lint_dot_reports_the_same_findings_in_one_call(git_repo: GitRepo) -> None:
    git_repo.write("argocd/prod.yaml", application(MULTI, sources=True))
    git_repo.write("envs/prod/determined.yaml", PROD)
    # Named as a values file too: still checked only through the Application that reads it.
    git_repo.write("envs/prod/values.yaml", PROD)
    git_repo.write(
        "argocd/staging.yaml", application(MULTI.replace("prod/determined", "prod/values"), sources=True)
    )
    git_repo.write(
        "argocd/single.yaml",
        application(
            HELM_REPO + "    helm:\n      values: |\n        " + GOOD + "        maxSlotsPerPod: 0\n"
        ),
    )
    git_repo.write(
        "argocd/other.yaml", application(HELM_REPO.replace("determined\n", "grafana\n"), name="grafana")
    )
    code, rows = lint(git_repo, ".")
    port = git_repo.line("envs/prod/determined.yaml", "port:")
    assert code == 1
    assert rows == [
        (
            "argocd/single.yaml",
            git_repo.line("argocd/single.yaml", "maxSlotsPerPod"),
            "max-slots-per-pod-positive",
        ),
        ("envs/prod/determined.yaml", port, "db-port"),
        ("envs/prod/values.yaml", port, "db-port"),
    ]


def test_another_charts_application_is_passed_by_silently(git_repo: GitRepo) -> None:
    git_repo.write(
        "argocd/grafana.yaml",
        application(
            "    repoURL: https://grafana.github.io/helm-charts\n    chart: grafana\n    targetRevision: 7.0.0\n"
            "    helm:\n      valuesObject:\n        maxSlotsPerPod: 0\n",
            name="grafana",
        ),
    )
    assert lint(git_repo, "argocd/grafana.yaml") == (0, [])
    assert lint(git_repo, ".") == (0, [])


def test_value_files_leaving_the_repository_are_findings_and_never_read(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (tmp_path / "outside.yaml").write_text("maxSlotsPerPod: 0\nsecretKeyOnlyHere: 1\n")
    repo.link("envs/linked.yaml", str(tmp_path / "outside.yaml"))
    files = ["$values/../outside.yaml", "$values/envs/linked.yaml", "$other/values.yaml"]
    source = MULTI.replace(
        "          - $values/envs/prod/determined.yaml\n", "".join(f"          - {f}\n" for f in files)
    ).replace("maxSlotsPerPod: 4\n", "maxSlotsPerPod: 4\n          initialUserPassword: Passw0rdX\n")
    source += "    - repoURL: https://github.com/someone/else.git\n      ref: other\n"
    repo.write("app.yaml", application(source, sources=True))
    code, out, _ = run_cli(["lint", "--quiet", repo.path("app.yaml")])
    assert "secretKeyOnlyHere" not in out
    code, rows = lint(repo, "app.yaml")
    assert code == 1  # Argo CD refuses the first two: the Application cannot sync
    assert [(file, line) for file, line, _ in rows] == [("app.yaml", repo.line("app.yaml", f)) for f in files]
    assert [rule for _, _, rule in rows] == ["values-file-outside-repository"] * 3


def test_a_missing_value_file_fails_unless_ignored(git_repo: GitRepo) -> None:
    source = MULTI.replace("$values/envs/prod/determined.yaml", "$values/envs/missing.yaml")
    source = source.replace(
        "maxSlotsPerPod: 4\n", "maxSlotsPerPod: 4\n          initialUserPassword: Passw0rdX\n"
    )
    git_repo.write("app.yaml", application(source, sources=True))
    assert lint(git_repo, "app.yaml") == (
        1,
        [("app.yaml", git_repo.line("app.yaml", "missing.yaml"), "values-file-missing")],
    )
    git_repo.write(
        "app.yaml",
        application(
            source.replace(
                "        valueFiles:\n", "        ignoreMissingValueFiles: true\n        valueFiles:\n"
            ),
            sources=True,
        ),
    )
    assert lint(git_repo, "app.yaml") == (0, [])


def test_the_pinned_version_and_identity_are_the_installs() -> None:
    from chartgen.gitops import installs_in
    from chartgen.gitops.repo import Repo

    text = application(
        '    repoURL: oci://ghcr.io/example/charts/determined\n    targetRevision: "~0.37"\n'
        "    helm:\n      releaseName: mlde\n      namespace: ml\n",
        name="det",
    )
    installs = installs_in("app.yaml", Repo("/nonexistent"), text=text)
    assert installs is not None and len(installs) == 1
    install = installs[0]
    assert (install.version, install.release_name, install.namespace, install.is_upgrade) == (
        "~0.37",
        "mlde",
        "ml",
        False,
    )
    assert (
        install.version_at is not None
        and install.version_at.line == text.splitlines().index('    targetRevision: "~0.37"') + 1
    )


def test_an_unknown_version_is_a_finding_at_the_pin(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO.replace("0.38.1", "0.99.0")
            + "    helm:\n      valuesObject:\n        maxSlotsPerPod: 4\n        "
            + GOOD
        ),
    )
    assert lint(git_repo, "app.yaml") == (
        0,
        [("app.yaml", git_repo.line("app.yaml", "0.99.0"), "chart-version-unknown")],
    )


def test_a_local_copy_of_the_chart_is_determineds(git_repo: GitRepo) -> None:
    git_repo.write("charts/determined/Chart.yaml", "apiVersion: v2\nname: determined\nversion: 0.37.0\n")
    git_repo.write("charts/determined/values-prod.yaml", "maxSlotsPerPod: 0\n" + GOOD)
    git_repo.write(
        "app.yaml",
        application(
            f"    repoURL: {REMOTE}\n    path: charts/determined\n    helm:\n      valueFiles:\n        - values-prod.yaml\n"
        ),
    )
    assert lint(git_repo, "app.yaml") == (
        1,
        [("charts/determined/values-prod.yaml", 1, "max-slots-per-pod-positive")],
    )


def test_an_application_set_template_is_one_warning(git_repo: GitRepo) -> None:
    text = (
        "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: det\nspec:\n"
        "  generators:\n    - list:\n        elements: [{env: prod}]\n  template:\n    metadata:\n"
        "      name: 'det-{{env}}'\n    spec:\n      project: default\n      destination:\n"
        "        namespace: '{{env}}'\n      source:\n        repoURL: https://helm.determined.ai\n"
        "        chart: determined\n        targetRevision: 0.38.1\n        helm:\n"
        "          valuesObject:\n            maxSlotsPerPod: '{{slots}}'\n"
    )
    git_repo.write("appset.yaml", text)
    assert lint(git_repo, "appset.yaml") == (
        0,
        [("appset.yaml", git_repo.line("appset.yaml", "source:"), "unchecked-values")],
    )


HELM = Path(__file__).resolve().parents[2] / ".tools" / "helm"


@pytest.mark.skipif(not HELM.exists(), reason="helm is fetched by tests/support/fetch_tools.py")
def test_assembled_values_equal_what_helm_gets(git_repo: GitRepo) -> None:
    """The layers and flags of an Install, loaded as chartgen loads them, against ``helm template``
    of a chart that prints ``.Values``, given what Argo CD gives it (``util/helm/cmd.go``)."""
    from chartgen.gitops import installs_in
    from chartgen.gitops.repo import Repo
    from chartgen.values.load import load_sources

    git_repo.write("envs/a.yaml", "a: {x: 1, y: [1, 2]}\nb: file\nc: file\nd: file\n")
    git_repo.write("envs/b.yaml", "a: {y: [3]}\nb: second\n")
    source = (
        "    - repoURL: https://helm.determined.ai\n      chart: determined\n      targetRevision: 0.38.1\n"
        "      helm:\n        valueFiles: [$values/envs/a.yaml, $values/envs/b.yaml]\n"
        "        values: |\n          c: ignored\n"
        "        valuesObject:\n          c: object\n          a: {z: 2}\n"
        "        parameters:\n          - {name: d, value: 'x,y'}\n          - {name: e, value: '{1,2}'}\n"
        "          - {name: f, value: '0', forceString: true}\n          - {name: d, value: 'last'}\n"
        f"    - repoURL: {REMOTE}\n      ref: values\n"
    )
    file = git_repo.write("app.yaml", application(source, sources=True))
    installs = installs_in(str(file), Repo.of(str(file)))
    assert installs is not None
    install = installs[0]
    from chartgen.values.load import SetFlags

    flags = SetFlags()
    for flag in install.flags:
        getattr(flags, flag.kind.replace("-", "_")).append(f"{flag.name}={flag.value}")
    ours = load_sources(install.layers, flags=flags).user

    chart = git_repo.root / "printer"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: printer\nversion: 0.1.0\n")
    (chart / "templates" / "values.yaml").write_text("# {{ toJson .Values }}\n")
    extra = git_repo.write("extra.yaml", "c: object\na: {z: 2}\n")  # the temp file of valuesObject
    args = [str(HELM), "template", "x", str(chart)]
    args += ["--set", "d=last", "--set", "e={1,2}", "--set-string", "f=0"]
    args += [
        "--values",
        git_repo.path("envs/a.yaml"),
        "--values",
        git_repo.path("envs/b.yaml"),
        "--values",
        str(extra),
    ]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    import json

    line = next(text for text in done.stdout.splitlines() if text.startswith("# {"))
    assert ours == json.loads(line[2:])


def test_a_glob_of_value_files_in_lexical_order_each_file_once(git_repo: GitRepo) -> None:
    """getResolvedValueFiles: a glob's matches in lexical order, less files listed by name, which
    keep their own (later) place; ignoreMissingValueFiles also skips a glob matching nothing."""
    from chartgen.gitops import installs_in
    from chartgen.gitops.repo import Repo

    for name in ("c", "a", "b"):
        git_repo.write(f"envs/{name}.yaml", f"{name}: 1\n")
    source = MULTI.replace(
        "          - $values/envs/prod/determined.yaml\n",
        "          - $values/envs/*.yaml\n          - $values/envs/a.yaml\n          - $values/none/*.yaml\n",
    )
    file = git_repo.write("app.yaml", application(source, sources=True))
    [install] = installs_in(str(file), Repo.of(str(file))) or []
    assert [Path(layer.file).name for layer in install.layers] == ["b.yaml", "c.yaml", "a.yaml", "app.yaml"]
    assert [d.rule for d in install.findings] == ["values-file-missing"]
    assert install.findings[0].location == file_location(git_repo, "app.yaml", "none/*.yaml")
    ignoring = source.replace(
        "        valueFiles:\n", "        ignoreMissingValueFiles: true\n        valueFiles:\n"
    )
    file = git_repo.write("app.yaml", application(ignoring, sources=True))
    [install] = installs_in(str(file), Repo.of(str(file))) or []
    assert install.findings == []


def file_location(repo: GitRepo, relative: str, needle: str) -> object:
    from chartgen.diagnostics import Location

    line = repo.line(relative, needle)
    return Location(repo.path(relative), line, repo.text(relative).splitlines()[line - 1].index("-") + 3)


def test_build_variables_are_substituted_as_argo_cd_substitutes_them(git_repo: GitRepo) -> None:
    """Env.Envsubst (os.Expand) over parameter values and value file paths; the revision is unknowable."""
    from chartgen.gitops import installs_in
    from chartgen.gitops.repo import Repo

    git_repo.write("envs/mlde/det-prod.yaml", "maxSlotsPerPod: 4\n")
    source = MULTI.replace(
        "$values/envs/prod/determined.yaml", "$values/envs/${ARGOCD_APP_NAMESPACE}/$ARGOCD_APP_NAME.yaml"
    )
    source = source.replace(
        "        valuesObject:\n",
        "        parameters:\n          - {name: a, value: 'x-$ARGOCD_APP_NAME-$$-$UNSET-$'}\n"
        "          - {name: b, value: '$ARGOCD_APP_REVISION_SHORT'}\n        valuesObject:\n",
    )
    file = git_repo.write("app.yaml", application(source, name="det-prod", sources=True))
    [install] = installs_in(str(file), Repo.of(str(file))) or []
    assert [Path(layer.file).name for layer in install.layers] == ["det-prod.yaml", "app.yaml"]
    assert [(flag.name, flag.value) for flag in install.flags] == [
        ("a", "x-det-prod-$--$"),
        ("b", "$ARGOCD_APP_REVISION_SHORT"),
    ]
    assert [(d.rule, d.location and d.location.line) for d in install.findings] == [
        ("unchecked-values", git_repo.line("app.yaml", "REVISION_SHORT"))
    ]


def test_suppression_comments_count_in_the_application_and_its_value_strings(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO
            + "    helm:\n      values: |\n        initialUserPassword: Passw0rdX\n"
            + "        maxSlotsPerPod: 0  # chartgen: ignore[max-slots-per-pod-positive]\n"
            + "      parameters:\n        - name: db.port\n          value: x  # chartgen: ignore[db-port]\n"
        ),
    )
    assert lint(git_repo, "app.yaml") == (0, [])


def test_a_parameter_name_finding_is_at_its_name(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO
            + "    helm:\n      valuesObject:\n        initialUserPassword: Passw0rdX\n        maxSlotsPerPod: 4\n"
            + "      parameters:\n        - name: maxSlotPerPod\n          value: '3'\n"
            + "        - name: 'db[x'\n          value: '1'\n"
        ),
    )
    assert lint(git_repo, "app.yaml") == (1, [("app.yaml", git_repo.line("app.yaml", "db[x"), "set-syntax")])
    git_repo.write(
        "app.yaml", git_repo.text("app.yaml").replace("        - name: 'db[x'\n          value: '1'\n", "")
    )
    assert lint(git_repo, "app.yaml") == (
        0,
        [("app.yaml", git_repo.line("app.yaml", "maxSlotPerPod"), "unknown-key")],
    )


def test_a_chart_of_applications_template_is_one_warning_or_passed_by(git_repo: GitRepo) -> None:
    """``templates/`` of an app-of-apps chart: not YAML until Helm renders it."""
    template = (
        "{{- range .Values.envs }}\n---\n"
        + application(
            HELM_REPO + "    helm:\n      valuesObject: {{ toYaml .values | nindent 8 }}\n",
            name="det-{{ .name }}",
        )
        + "{{- end }}\n"
    )
    git_repo.write("apps/templates/determined.yaml", template)
    git_repo.write("apps/templates/grafana.yaml", template.replace("chart: determined", "chart: grafana"))
    line = git_repo.line("apps/templates/determined.yaml", "chart: determined")
    assert lint(git_repo, ".") == (0, [("apps/templates/determined.yaml", line, "unchecked-values")])


@pytest.mark.parametrize(("pin", "flagged"), [("~0.37", True), ("0.38.x", False), (">=0.37.0 <0.38.0", True)])
def test_the_pinned_range_is_the_release_checked(git_repo: GitRepo, pin: str, flagged: bool) -> None:
    """determinedMasterHost came with 0.38.0: a pin that installs 0.37.0 does not read it."""
    git_repo.write(
        "app.yaml",
        application(
            HELM_REPO.replace("0.38.1", f"'{pin}'")
            + "    helm:\n      valuesObject:\n        maxSlotsPerPod: 4\n        "
            + GOOD
            + "        determinedMasterHost: det.example.com\n"
        ),
    )
    _, rows = lint(git_repo, "app.yaml")
    line = git_repo.line("app.yaml", "determinedMasterHost")
    assert [(row[1], row[2]) for row in rows] == ([(line, "key-not-in-release")] if flagged else [])
    assert lint(git_repo, "app.yaml", "--app-version", "0.38.1")[1] == []


def test_a_pin_helm_cannot_read_is_an_error_and_nothing_else(git_repo: GitRepo) -> None:
    git_repo.write(
        "app.yaml",
        application(HELM_REPO.replace("0.38.1", "0.38.x.y") + "    helm:\n      valuesObject: {}\n"),
    )
    assert lint(git_repo, "app.yaml") == (
        1,
        [("app.yaml", git_repo.line("app.yaml", "0.38.x.y"), "chart-version-unknown")],
    )


def test_a_value_file_two_applications_read_is_reported_once(git_repo: GitRepo) -> None:
    git_repo.write("envs/prod/determined.yaml", PROD)
    git_repo.write("argocd/a.yaml", application(MULTI, name="a", sources=True))
    git_repo.write("argocd/b.yaml", application(MULTI, name="b", sources=True))
    port = git_repo.line("envs/prod/determined.yaml", "port:")
    assert lint(git_repo, ".") == (1, [("envs/prod/determined.yaml", port, "db-port")])
