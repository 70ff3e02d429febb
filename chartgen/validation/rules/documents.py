"""A values file of several YAML documents: found by the reader (``chartgen.yamlio.documents``),
registered here so that it is listed, explained and configured like every other rule."""

from chartgen.validation.registry import explain

explain(
    "yaml-multiple-documents",
    """A values file that goes on after its first YAML document (a ``---`` line, then more
    values), at the ``---`` of the first later document that sets something.

    Helm 3 (3.17) reads only the first document of a values file and ignores the rest, even
    when it is not valid YAML. Helm 4 (4.1) reads every document that starts at a ``---`` line
    and merges each over the ones before, as ``-f`` files merge (maps merged, everything else
    replaced); it refuses the file when one of them is not YAML or not a mapping, or when a
    ``---`` line holds more than a comment. What follows a ``...`` without a ``---`` both
    ignore. Checked with ``helm template`` of both on a chart printing ``.Values``: with
    ``maxSlotsPerPod: 4``, then ``---``, then ``maxSlotsPerPod: 8``, Helm 3 renders 4 and Helm 4
    renders 8. chartgen reads the file as Helm 3 does.

    A warning where Helm 4 merges the later documents (Helm 3 reads nothing of them, and the
    file installs differently under the two); an error where Helm 4 refuses the file. Empty
    documents (``---`` at the end, ``~``, ``{}``) change nothing and are not reported.

    pass: ``maxSlotsPerPod: 4`` (with or without a ``---`` line before it)
    fail: ``maxSlotsPerPod: 4``, then ``---``, then ``maxSlotsPerPod: 8``

    fix: put every value in one document; or make each document a file of its own and give
    them in order (``-f base.yaml -f prod.yaml``), which both Helms merge alike.
    """,
)
