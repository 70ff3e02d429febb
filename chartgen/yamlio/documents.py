"""What a values file holds after its first YAML document, as the two Helms read it.

Helm 3 (3.17, the release the corpus was rendered with and chartgen reproduces) reads a values
file with ``sigs.k8s.io/yaml``: the first document only, the rest ignored even when it is not
YAML. Helm 4 (4.1) splits the file at every line that starts with ``---``
(``k8s.io/apimachinery``'s ``YAMLReader``, in ``LoadValues``), refuses a separator with anything
but a comment after it, reads each piece with the same library (so what follows a ``...`` in a
piece is ignored there too) and merges the pieces in order as ``-f`` files merge: maps deep,
everything else replaced. Checked with ``helm template`` of both on a chart printing
``.Values`` (``tests/rules/test_yaml_multiple_documents.py``).
"""

from __future__ import annotations

from chartgen.diagnostics import Diagnostic, Location, Severity
from chartgen.hints import typing

RULE = "yaml-multiple-documents"
_NULL = "tag:yaml.org,2002:null"


def _empty(node: typing.Any) -> bool:
    """A document that sets nothing: empty, ``~``/``null``, or ``{}``."""
    kind = type(node).__name__
    if kind == "ScalarNode":
        return str(node.tag) == _NULL
    return kind == "MappingNode" and not node.value


def later_documents(composer: typing.Any, parser: typing.Any, text: str, file: str) -> list[Diagnostic]:
    """The finding for the documents of ``text`` after the first one ``composer`` has composed,
    if any of them sets something: an error where Helm 4 refuses one, else a warning (Helm 3
    ignores them all, Helm 4 merges those it reads over the first)."""
    from ruamel.yaml.error import YAMLError

    lines = text.split("\n")
    ignored: Location | None = None  # the first document both Helms ignore (after ``...``)
    merged: Location | None = None  # the first Helm 4 merges
    while True:
        try:
            if not composer.check_node():
                break
            start = parser.peek_event()
        except (YAMLError, RecursionError) as exc:
            return [_refused(_problem(exc, file) or Location(file, 1, 1), "it is not valid YAML")]
        mark = start.start_mark
        where = Location(file, mark.line + 1, mark.column + 1)
        if start.explicit:
            after = lines[mark.line][3:].strip(" \t\r")
            if after and not after.startswith("#"):
                return [_refused(where, "its `---` line holds more than a comment")]
        try:
            node = composer.get_node()
        except (YAMLError, RecursionError) as exc:
            if not start.explicit:
                ignored = ignored or where  # inside the piece Helm 4 reads as one: ignored there too
                break
            # Not the parser's message: it may quote the source, secrets and all.
            at = _problem(exc, file)
            return [_refused(where, "it is not valid YAML" + (f": see {at.line}:{at.column}" if at else ""))]
        if _empty(node):
            continue
        if not start.explicit:
            ignored = ignored or where
        elif type(node).__name__ != "MappingNode":
            return [_refused(where, "it is not a mapping of values")]
        else:
            merged = merged or where
    if merged is not None:
        return [
            Diagnostic(
                RULE,
                "a YAML document after the first: Helm 3 reads only the first document of a values file "
                "and ignores this one and any after it, while Helm 4 merges each over the ones before, so "
                "the file installs differently under the two (chartgen reads it as Helm 3 does)",
                Severity.WARNING,
                merged,
                hint="put every value in one document (remove the `---` line), or make each document a "
                "file of its own, given in order with -f",
            )
        ]
    if ignored is not None:
        return [
            Diagnostic(
                RULE,
                "a YAML document after `...` (the end of the first): Helm 3 and Helm 4 both ignore it, "
                "so nothing in it takes effect",
                Severity.WARNING,
                ignored,
                hint="remove the `...` line, so that these values belong to the first document",
            )
        ]
    return []


def _problem(exc: BaseException, file: str) -> Location | None:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return None if mark is None else Location(file, mark.line + 1, mark.column + 1)


def _refused(where: Location, why: str) -> Diagnostic:
    return Diagnostic(
        RULE,
        f"a YAML document after the first that Helm 4 refuses ({why}): Helm 3 reads only the first document "
        "of a values file and ignores the rest, but Helm 4 reads every document and fails on this one",
        Severity.ERROR,
        where,
        hint="put every value in the first document and remove the `---` line and what follows it",
    )
