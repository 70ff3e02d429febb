"""``chartgen.report.rst``: a rule docstring's reStructuredText as plain text and as Markdown."""

from __future__ import annotations

from chartgen.report.rst import markdown, plain

DOC = (
    "A ``retentionPolicy.schedule`` stops the master.\n\n"
    "A number from 2**63 up, a ``<name>`` or <name> left\n"
    "- as written, and ``a``-``b``.\n\n"
    'pass: ``schedule: "0 0 * * *"``\n'
    "fail (warning): ``schedule: daily``"
)


def test_plain_text_writes_literals_between_single_backquotes() -> None:
    assert plain(DOC) == DOC.replace("``", "`")
    assert (
        plain("``slotResourceRequests.cpu ×\nmaxSlotsPerPod``")
        == "`slotResourceRequests.cpu ×\nmaxSlotsPerPod`"
    )


def test_markdown_escapes_prose_and_keeps_examples_on_their_lines() -> None:
    assert markdown(DOC) == (
        "A `retentionPolicy.schedule` stops the master.\n\n"
        "A number from 2\\*\\*63 up, a `<name>` or \\<name\\> left\n"
        "\\- as written, and `a`-`b`.\n\n"
        'pass: `schedule: "0 0 * * *"`\\\n'
        "fail (warning): `schedule: daily`"
    )


def test_markdown_code_spans_hold_backquotes_and_line_starts_stay_prose() -> None:
    assert markdown("``a`b``") == "``a`b``"
    assert (
        markdown("10. items\n# not a heading\n> no quote") == "10\\. items\n\\# not a heading\n\\> no quote"
    )
