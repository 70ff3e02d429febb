"""Whatever the input, the command line answers with an exit code and a message, never a traceback.

Every run must end in 0, 1 or 2, print no ``Traceback`` and no ``internal
error`` (the guard that turns an unexpected exception into exit 2 must never
be what answered: it would mean a bug was hidden, not handled).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chartgen.values.load import chart_defaults
from tests.support.cli import run_cli

GOOD = "maxSlotsPerPod: 4\ninitialUserPassword: Passw0rdX\ndb:\n  keepOnUninstall: true\n"
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def answered(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    code, out, err = run_cli(argv, stdin)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err + out, (argv, err)
    assert "internal error" not in err, (argv, err)
    assert "\x1b" not in err, (argv, err)
    if code != 0 and argv[:1] == ["render"]:
        assert out == "", "a refused render prints nothing on standard output"
    return code, out, err


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def both_commands(path: Path) -> list[int]:
    return [answered(["lint", str(path)])[0], answered(["render", "-f", str(path)])[0]]


YAML_ALPHABET = st.sampled_from(
    [*" \n\t:-[]{},#&*!|>'\"%@`?.=~0123456789aeiouxyzABC", "\\", "\x00", "é", "\ufeff"]
)


@FUZZ
@given(content=st.binary(max_size=200))
def test_random_bytes_as_a_values_file(workdir: Path, content: bytes) -> None:
    path = workdir / "bytes.yaml"
    path.write_bytes(content)
    both_commands(path)


@FUZZ
@given(content=st.text(YAML_ALPHABET, max_size=120) | st.text(max_size=60))
def test_random_text_as_a_values_file(workdir: Path, content: str) -> None:
    path = workdir / "text.yaml"
    path.write_text(content, encoding="utf-8")
    both_commands(path)


SET_KEYS = st.sampled_from(
    ["maxSlotsPerPod", "initialUserPassword", "resourcePools[0].pool_name", "checkpointStorage.type",
     "db.port", "a.b[2]", "genai.enabled", "x\\.y", "logColor", "taskContainerDefaults"]
)  # fmt: skip
SET_VALUES = st.sampled_from(["4", "0", "-1", "null", "true", "s3", "{a,b}", "[", "]", "Passw0rdX", "", "{}"])
SET_EXPRESSIONS = st.builds(lambda k, v: f"{k}={v}", SET_KEYS, SET_VALUES) | st.text(
    st.sampled_from(list("ab.=[],{}\\ 0-1\"'")), max_size=16
)


@FUZZ
@given(
    flags=st.lists(
        st.tuples(st.sampled_from(["--set", "--set-string", "--set-json", "--set-literal"]), SET_EXPRESSIONS),
        max_size=4,
    ),
    command=st.sampled_from(["lint", "render"]),
)
def test_random_set_expressions(flags: list[tuple[str, str]], command: str) -> None:
    argv = [command, "-f", "-"]
    for flag, expression in flags:
        argv += [flag, expression]
    answered(argv, GOOD)


FLAG_WORDS = st.sampled_from(
    ["lint", "render", "schema", "-f", "-", "--values", "values.yaml", "missing.yaml", ".", "--set",
     "maxSlotsPerPod=4", "--app-version", "0.35.0", "0.38.1", "9", "--format", "json", "text", "xml",
     "-n", "NS", "--namespace", "-s", "templates/db-service.yaml", "templates/*", "nope", "--is-upgrade",
     "--kube-version", "1.29", "--output-dir", "out", "--", "-x", "--help", "-h", "det"]
)  # fmt: skip


@FUZZ
@given(words=st.lists(FLAG_WORDS, max_size=8))
def test_random_command_lines(workdir: Path, words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    Path("values.yaml").write_text(GOOD)
    answered(words, GOOD)


def _paths(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for key, value in data.items():
        found.append((*prefix, key))
        if isinstance(value, dict):
            found.extend(_paths(value, (*prefix, key)))
    return found


CHART_PATHS = [*sorted(_paths(chart_defaults("0.38.1"))), ("resourcePools",), ("genai", "enabled")]
SCALARS = st.none() | st.booleans() | st.integers(-2, 70000) | st.text(max_size=4) | st.sampled_from(
    ["s3", "gcs", "azure", "shared_fs", "directory", "cpu", "gpu", "rocm", "coscheduler", "preemption",
     "secret", "configMap", "elastic", "1Gi", "500m", "LoadBalancer", "${VAR}", "Passw0rdX", "default"]
)  # fmt: skip
NESTED = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=2)
        | st.dictionaries(
            st.sampled_from(["pool_name", "type", "enabled", "host", "port", "kubernetes"]), inner, max_size=3
        )
    ),
    max_leaves=5,
)


@FUZZ
@given(
    edits=st.lists(st.tuples(st.sampled_from(CHART_PATHS), NESTED), max_size=5),
    release=st.sampled_from(["0.35.0", "0.38.1"]),
    upgrade=st.booleans(),
)
def test_random_values_of_the_charts_own_keys_render_or_are_refused(
    edits: list[tuple[tuple[str, ...], Any]], release: str, upgrade: bool
) -> None:
    values: dict[str, Any] = {"maxSlotsPerPod": 4, "initialUserPassword": "Passw0rdX"}
    for path, value in edits:
        node = values
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        node[path[-1]] = value
    argv = ["render", "-f", "-", "--app-version", release, *(["--is-upgrade"] if upgrade else [])]
    code, out, err = answered(argv, json.dumps(values))
    assert (code == 0) == bool(out)
    if code == 1:
        assert "error[" in err


EDGE_FILES: dict[str, bytes] = {
    "empty": b"",
    "only-comments": b"# nothing here\n# still nothing\n",
    "only-a-document-marker": b"---\n",
    "list-at-top-level": b"- maxSlotsPerPod: 4\n",
    "scalar-at-top-level": b"maxSlotsPerPod\n",
    "null-at-top-level": b"null\n",
    "binary-junk": bytes(range(256)),
    "nul-bytes": b"maxSlotsPerPod: 4\x00\n",
    "latin-1": b"clusterName: caf\xe9\n",
    "utf-8-bom": b"\xef\xbb\xbf" + GOOD.encode(),
    "tab-indentation": b"db:\n\thostAddress: x\n",
    "unclosed-quote": b'initialUserPassword: "Passw0rdX\n',
    "duplicate-keys": GOOD.encode() + b"maxSlotsPerPod: 8\n",
    "complex-key": b"? [a, b]\n: 1\n",
    "merge-key-of-a-scalar": b"a: &x 1\nb:\n  <<: *x\n",
    "unknown-tag": GOOD.encode() + b"clusterName: !!python/object:os.system x\n",
    "several-documents": GOOD.encode() + b"---\nmaxSlotsPerPod: [\n",
}


@pytest.mark.parametrize("name", EDGE_FILES)
def test_edge_case_files(tmp_path: Path, name: str) -> None:
    path = tmp_path / "values.yaml"
    path.write_bytes(EDGE_FILES[name])
    codes = both_commands(path)
    assert codes[0] == codes[1], "lint and render agree on whether the values are valid"


@pytest.mark.parametrize(
    "content", ["a: " + "[" * 600 + "]" * 600 + "\n", "a: &a [*a]\n"], ids=["deep", "self-alias"]
)
def test_pathological_nesting_is_a_diagnostic(tmp_path: Path, content: str) -> None:
    path = tmp_path / "values.yaml"
    path.write_text(content)
    both_commands(path)


def test_several_documents_count_only_the_first_as_in_helm(tmp_path: Path) -> None:
    # helm 3.17.3 reads only the first document of a values file: with maxSlotsPerPod in the second one
    # it refuses ("A valid Values.maxSlotsPerPod entry is required!").
    path = tmp_path / "values.yaml"
    path.write_text("initialUserPassword: Passw0rdX\n---\nmaxSlotsPerPod: 4\n")
    code, out, _ = answered(["lint", str(path)])
    assert code == 1
    assert f"{path}:1:1: error[max-slots-per-pod-required]" in out


def test_an_empty_file_is_an_empty_map_as_in_helm(tmp_path: Path) -> None:
    path = tmp_path / "values.yaml"
    path.write_text("# only a comment\n")
    code, out, _ = answered(
        ["lint", str(path), "--set", "maxSlotsPerPod=4,initialUserPassword=Passw0rdX,db.keepOnUninstall=true"]
    )
    assert (code, out) == (0, "All checks passed (1 file, 1 source).\n")


def test_a_reader_that_went_away_gets_no_traceback() -> None:
    """``chartgen render | head``: a closed pipe ends the run quietly, as for any Unix filter."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "chartgen",
            "render",
            "--set",
            "maxSlotsPerPod=4,initialUserPassword=Passw0rdX,db.keepOnUninstall=true",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before chartgen writes anything, whatever the pipe's capacity
    stderr = process.stderr.read().decode()
    assert (process.wait(), stderr) == (0, "")


def test_a_python_without_the_dependencies_is_told_so(tmp_path: Path) -> None:
    """The README's commands run with a system python that lacks ruamel.yaml: an environment error."""
    values = tmp_path / "values.yaml"
    # An anchor is beyond the fast reader: the full parser, ruamel.yaml, must read it.
    values.write_text("maxSlotsPerPod: 4\ninitialUserPassword: Passw0rd-Here\ndb: &db {name: determined}\n")
    script = (
        "import sys\n"
        "sys.modules['ruamel'] = None  # as if ruamel.yaml were not installed\n"
        "from chartgen.cli import main\n"
        f"sys.exit(main(['lint', {str(values)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("chartgen: error: this Python (")
    assert "lacks chartgen's dependency 'ruamel" in done.stderr
    assert "Traceback" not in done.stderr
