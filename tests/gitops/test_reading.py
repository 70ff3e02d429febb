"""Positioned reading of GitOps files: documents, sections, and values YAML held in strings.

Every position is checked against the outer file's own text: the line and column a finding
would name must hold the key or value it names.
"""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chartgen.diagnostics import ChartgenError
from chartgen.gitops.reading import documents, embedded, section
from chartgen.yamlio.load import MAX_VALUES, _fast_documents, _full_documents


def _table(loaded: object) -> tuple[object, ...]:
    return tuple(getattr(loaded, name) for name in ("data", "keys", "values", "words"))


STREAMS = [
    "a: 1\n",
    "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: Secret\n",
    "---\n# lead\nx: [1, 2]\n--- # a comment\n---\ny:\n  z: |\n    text\n    more\n",
    "a: 1\n---\n\n\nb:\n  - c: 1\n    d: 'two'\n",
    "a: on\n---\nb: 0x1f\n",
]


@pytest.mark.parametrize("text", STREAMS)
def test_the_fast_reader_and_the_full_parser_agree_on_every_document(text: str) -> None:
    assert _fast_documents(text) is not None
    fast = [_table(d) for d in documents(text, "f.yaml")]
    full = [_table(d) for d in _full_documents(text, "f.yaml")]
    assert fast == full


def test_a_stream_the_fast_reader_does_not_read_goes_to_the_full_parser() -> None:
    text = "a: &x 1\n---\nb: *x2\n"
    with pytest.raises(ChartgenError) as caught:
        documents(text, "f.yaml")
    [problem] = caught.value.diagnostics
    assert problem.location is not None and problem.location.line == 3


def test_empty_documents_are_left_out() -> None:
    assert [d.data for d in documents("---\n---\n~\n---\na: 1\n", "f.yaml")] == [{"a": 1}]


def test_the_values_of_all_documents_count_together() -> None:
    """Aliases do not cross documents, but a stream of expanding documents is bounded as one file."""
    bomb = (
        "a: &a ["
        + ", ".join(["1"] * 20)
        + "]\nb: &b ["
        + ", ".join(["*a"] * 20)
        + "]\nc: ["
        + ", ".join(["*b"] * 10)
        + "]\n"
    )
    assert len(documents(bomb, "f.yaml")) == 1  # about 4,400 values: read
    with pytest.raises(ChartgenError) as caught:
        documents("---\n".join([bomb] * 3), "f.yaml")
    assert [d.rule for d in caught.value.diagnostics] == ["yaml-too-many-values"]
    assert MAX_VALUES < 3 * 4_400


def test_a_stream_too_large_is_refused_unread() -> None:
    with pytest.raises(ChartgenError) as caught:
        documents("a: " + "x" * 300_000 + "\n", "big.yaml")
    assert [d.rule for d in caught.value.diagnostics] == ["input-too-large"]


APP = """apiVersion: argoproj.io/v1alpha1
kind: Application
spec:
  sources:
    - helm:
        valuesObject:
          maxSlotsPerPod: 4
          db:
            port: 5432
"""


def test_section_keeps_outer_positions_with_relative_paths() -> None:
    [doc] = documents(APP, "app.yaml")
    layer = section(doc, ("spec", "sources", 0, "helm", "valuesObject"))
    assert layer is not None
    assert layer.data == {"maxSlotsPerPod": 4, "db": {"port": 5432}}
    assert (layer.keys[("db", "port")].line, layer.keys[("db", "port")].column) == (9, 13)
    assert (layer.values[("maxSlotsPerPod",)].line, layer.values[("maxSlotsPerPod",)].column) == (7, 27)
    assert section(doc, ("spec", "sources", 0, "helm", "values")) is None


def test_section_that_is_not_a_map_is_a_located_error() -> None:
    [doc] = documents(APP, "app.yaml")
    with pytest.raises(ChartgenError) as caught:
        section(doc, ("spec", "sources"))
    [problem] = caught.value.diagnostics
    assert (problem.rule, problem.location and problem.location.line) == ("values-not-a-map", 5)


def _outer(header: str, indent: int, inner: str) -> str:
    body = "".join((" " * indent + line if line else "") + "\n" for line in inner.split("\n"))
    return f"kind: Application\nspec:\n  helm:\n    values: {header}\n{body}    other: 1\n"


def _at(text: str, line: int, column: int) -> str:
    return text.split("\n")[line - 1][column - 1 :]


@pytest.mark.parametrize(
    ("header", "indent"),
    [("|", 6), ("|-", 6), ("|+", 8), ("|2", 6), ("|4-", 8), ("|-2", 6), ("|2+", 6), (">", 6), (">-", 6)],
)
def test_a_block_scalar_puts_each_value_at_its_own_line_and_column(header: str, indent: int) -> None:
    # Folded (``>``), the blank line is the break between the first two lines, and the
    # more-indented lines keep theirs.
    inner = "maxSlotsPerPod: 0\n\ndb:\n  port: notaport\n  name: det"
    text = _outer(header, indent, inner)
    [doc] = documents(text, "app.yaml")
    layer = embedded(doc, ("spec", "helm", "values"), text)
    assert layer.data == {"maxSlotsPerPod": 0, "db": {"port": "notaport", "name": "det"}}
    for path, written in [
        (("maxSlotsPerPod",), "maxSlotsPerPod"),
        (("db", "port"), "port"),
        (("db", "name"), "name"),
    ]:
        where = layer.keys[path]
        assert where.file == "app.yaml"
        assert _at(text, where.line or 0, where.column or 0).startswith(written)
    port = layer.values[("db", "port")]
    assert _at(text, port.line or 0, port.column or 0) == "notaport"


keys = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
leaves = st.one_of(st.integers(-100, 100), st.text(alphabet="qrs", min_size=1, max_size=4))


@given(
    st.dictionaries(
        keys, st.one_of(leaves, st.dictionaries(keys, leaves, min_size=1, max_size=3)), min_size=1, max_size=5
    ),
    st.integers(2, 9),
    st.sampled_from(["|", "|-", "|+"]),
    st.booleans(),
)
def test_every_key_of_a_literal_block_is_where_it_was_written(
    values: dict[str, object], extra: int, header: str, indicated: bool
) -> None:
    lines = []
    for key, value in values.items():
        if isinstance(value, dict):
            lines.append(f"{key}:")
            lines += [f"  {k}: {v}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {value}")
    indent = 4 + extra
    if indicated:
        header += str(indent - 4)  # relative to `values:`'s own indentation
    text = _outer(header, indent, "\n".join(lines))
    [doc] = documents(text, "app.yaml")
    layer = embedded(doc, ("spec", "helm", "values"), text)
    assert layer.data == values
    for path, where in layer.keys.items():
        assert _at(text, where.line or 0, where.column or 0).startswith(f"{path[-1]}:")


def test_a_flow_string_puts_every_value_at_its_start() -> None:
    text = 'spec:\n  values: "maxSlotsPerPod: 0\\ndb: {port: 1}"\n'
    [doc] = documents(text, "app.yaml")
    layer = embedded(doc, ("spec", "values"), text)
    assert layer.data == {"maxSlotsPerPod": 0, "db": {"port": 1}}
    assert {(w.line, w.column) for w in [*layer.keys.values(), *layer.values.values()]} == {(2, 11)}


def test_a_syntax_error_inside_a_block_is_at_its_outer_line() -> None:
    text = "spec:\n  values: |\n    a: 1\n    b: [2\n"
    [doc] = documents(text, "app.yaml")
    with pytest.raises(ChartgenError) as caught:
        embedded(doc, ("spec", "values"), text)
    [problem] = caught.value.diagnostics
    assert problem.rule == "yaml-syntax" and problem.location is not None
    assert (problem.location.file, problem.location.line) == ("app.yaml", 4)


def test_a_string_that_is_not_a_map_is_said_at_the_string() -> None:
    text = "spec:\n  values: |\n    - a\n"
    [doc] = documents(text, "app.yaml")
    with pytest.raises(ChartgenError) as caught:
        embedded(doc, ("spec", "values"), text)
    [problem] = caught.value.diagnostics
    assert (problem.rule, problem.location and (problem.location.line, problem.location.column)) == (
        "values-not-a-map",
        (2, 11),
    )


def test_secret_data_is_decoded_and_never_quoted() -> None:
    secret = "db:\n  password: hunter2-secret\n"
    encoded = base64.b64encode(secret.encode()).decode()
    text = f"apiVersion: v1\nkind: Secret\ndata:\n  values.yaml: {encoded}\n"
    [doc] = documents(text, "secret.yaml")
    layer = embedded(doc, ("data", "values.yaml"), text, encoded=True)
    assert layer.data == {"db": {"password": "hunter2-secret"}}
    assert {(w.line, w.column) for w in layer.values.values()} == {(4, 16)}
    bad = f"apiVersion: v1\nkind: Secret\ndata:\n  values.yaml: {encoded}!!\n"
    [doc] = documents(bad, "secret.yaml")
    with pytest.raises(ChartgenError) as caught:
        embedded(doc, ("data", "values.yaml"), bad, encoded=True)
    assert "hunter2" not in str(caught.value) and encoded not in str(caught.value)
