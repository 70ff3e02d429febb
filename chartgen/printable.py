"""User text on one line with no terminal control characters, for every message chartgen prints.

User text reaches messages (key names, file names): a newline cannot forge a finding and
an escape sequence cannot colour or rewrite a terminal.
"""

from __future__ import annotations

import re

# A class over non-ASCII code points costs a millisecond to compile: ASCII text is checked without it.
_CONTROL = r"[\x00-\x1f\x7f-\x9f\u2028\u2029]"
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or f"\\u{ord(char):04x}"


def printable(text: str) -> str:
    """``text`` on one line with no terminal control characters in it."""
    if text.isascii() and text.isprintable():
        return text
    return re.sub(_CONTROL, _escape_char, text)
