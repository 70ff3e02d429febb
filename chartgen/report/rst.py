"""Rule explanations as people and tools read them, from the reStructuredText of the docstrings.

The only markup the docstrings use is the inline literal between double backquotes, which
a terminal or a plain-text field would show as written. Plain text keeps a literal between
single backquotes, as ruff's explanations and chartgen's own messages write code. Markdown
(SARIF's ``markdown`` fields) makes it a code span, escapes the prose so that ``2**63`` or
``<name>`` stays text, and keeps each line of an example paragraph (``pass:``, ``fail:``) on
its own line.
"""

from __future__ import annotations

import re

_LITERAL = re.compile(r"``(.+?)``", re.S)
# Prose characters Markdown reads as markup anywhere in a line (GitHub's ``$`` opens maths).
_INLINE = re.compile(r"([\\`*_\[\]<>~$])")
# What opens a block at the start of a line: a heading, a quote, a list item, a rule.
_BLOCK = re.compile(r"^( *(?:\d+)?)([#>+=.)-])", re.M)
# An example paragraph's lines: ``pass:``, ``fail (warning):``, ``fix:``.
_LABEL = re.compile(r"[a-z][a-z -]*(?: \([^()\n]*\))?: ")


def plain(text: str) -> str:
    """``text`` with each inline literal between single backquotes."""
    return _LITERAL.sub(lambda match: f"`{match[1]}`", text)


def markdown(text: str) -> str:
    """``text`` as GitHub-flavoured Markdown that renders as the explanation reads."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.split("\n")
        if len(lines) > 1 and all(_LABEL.match(line) for line in lines):
            paragraphs.append("\\\n".join(map(_inline, lines)))
        else:
            paragraphs.append(_inline(paragraph))
    return "\n\n".join(paragraphs)


def _inline(text: str) -> str:
    parts, start = [], 0
    for match in _LITERAL.finditer(text):
        parts += [_prose(text[start : match.start()], start == 0), _code(match[1])]
        start = match.end()
    parts.append(_prose(text[start:], start == 0))
    return "".join(parts)


def _prose(text: str, line_start: bool) -> str:
    """Prose escaped; ``line_start``: ``text`` begins a line (it may follow a code span)."""
    return _BLOCK.sub(
        lambda match: match[0] if match.start() == 0 and not line_start else f"{match[1]}\\{match[2]}",
        _INLINE.sub(r"\\\1", text),
    )


def _code(literal: str) -> str:
    """A code span holding ``literal`` as written, backquotes in it included."""
    fence = "`" * (max(map(len, re.findall("`+", literal)), default=0) + 1)
    pad = " " if literal.startswith("`") or literal.endswith("`") else ""
    return f"{fence}{pad}{literal}{pad}{fence}"
