"""GitLab Code Quality report: a JSON list of issues GitLab shows on the merge request and its diff.

GitLab compares the merge request's report with the target branch's by ``fingerprint``: an
issue in both is old, one only in the merge request new, one only in the target resolved.
So a fingerprint hashes what the finding is (rule, file, the values path at fault and the
message), never where lines put it: a line added above a finding leaves it old, not
"resolved and new". The message is hashed with its numbers left out, as some name a line
(``node group 'a' (cluster.nodes[0], line 12)``, a YAML error's ``see 3:4``). Findings alike
in all four (a key set twice) are told apart by their order among themselves. GitLab keeps one issue per fingerprint, so no two may share one.
It is 32 hex digits of SHA-256 (the size of the MD5 GitLab's examples show; MD5 itself is
refused where FIPS mode is on).

``severity``: an error is ``major``, a warning ``minor``. ``location.path`` is the file as
given, relative to the working directory when it lies under it (GitLab wants a path in the
repository; CI jobs run at its root). A finding with no file is put at the name chartgen
gives its place (``--set``, ``<stdin>``, ``Values.db.port`` in values given as data), at line 1
unless it has a real one (standard input's); its description starts with where it is
(``--set:2:5: ``), as GitHub annotations do. GitLab lists such a finding in the merge request
and the pipeline, but on no line of the diff: it is on none.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable

from chartgen.diagnostics import Diagnostic
from chartgen.printable import printable

#: GitLab's scale is info, minor, major, critical, blocker.
SEVERITY = {"error": "major", "warning": "minor"}
#: Where a finding with no location at all (values given as data) is put.
NO_FILE = "<no file>"


def as_gitlab(diagnostics: Iterable[Diagnostic]) -> str:
    """One issue per finding, in file and line order (each once, as ``ordered`` gives them)."""
    from chartgen.diagnostics import STDIN_NAME
    from chartgen.report import ordered

    issues = []
    seen: dict[str, int] = {}
    for d in ordered(diagnostics):
        loc = d.location
        real = loc is not None and loc.is_file
        path = _repository_path(loc.file) if loc and real else (loc.file if loc else NO_FILE)
        line = (loc.line or 1) if loc and (real or loc.file == STDIN_NAME) else 1
        where = "" if real or loc is None else f"{loc}: "
        what = json.dumps([d.rule, path, list(d.path), re.sub("[0-9]+", "#", d.message)])
        nth = seen[what] = seen.get(what, -1) + 1
        digest = hashlib.sha256(f"{what}\n{nth}".encode()).hexdigest()[:32]
        hint = f" (hint: {d.hint})" if d.hint else ""
        issues.append(
            {
                "description": _text(where + d.message + hint),
                "check_name": d.rule,
                "fingerprint": digest,
                "severity": SEVERITY[d.severity.value],
                "location": {"path": _text(path), "lines": {"begin": line, "end": line}},
            }
        )
    return json.dumps(issues, indent=2) + "\n"


def _repository_path(name: str) -> str:
    """``name`` with ``./`` and ``a/../`` folded, ``/`` between parts, relative to the working
    directory when under it."""
    path = os.path.normpath(name)
    if os.path.isabs(path):
        try:
            relative = os.path.relpath(path)
        except ValueError:  # another drive
            relative = os.pardir
        if relative != os.pardir and not relative.startswith(os.pardir + os.sep):
            path = relative
    return path.replace(os.sep, "/")


def _text(text: str) -> str:
    """``text`` on one line, as valid UTF-8 (a lone surrogate from an undecodable file name, which
    GitLab's parser would refuse, dropping every issue after it, becomes ``\\udcXX``)."""
    return printable(text).encode("utf-8", "backslashreplace").decode("utf-8")
