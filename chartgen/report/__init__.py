"""Turn diagnostics into text for people (``FILE:LINE:COL: error[rule] message``) or data for tools.

Text is one finding per line, then its hint indented under it, so editors, CI
log parsers and ``grep`` read it like a compiler's. User text reaches messages
(key names, file names), so control characters are escaped: a newline cannot
forge a finding and an escape sequence cannot colour or rewrite a terminal.
Colour is the caller's choice (a terminal, as ruff decides); only chartgen's own
escape sequences are ever written. ``github`` writes GitHub Actions workflow
commands (annotations on the pull request), ``sarif`` a SARIF 2.1.0 log for
code-scanning tools, ``junit`` a JUnit XML test report (``report/junit.py``), ``gitlab``
a GitLab Code Quality report (``report/gitlab.py``); those two are imported only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from chartgen.diagnostics import Diagnostic, Location
from chartgen.printable import printable

HINT_PREFIX = "  hint: "

__all__ = [
    "FORMATS",
    "HINT_PREFIX",
    "as_github",
    "as_json",
    "as_junit",
    "as_sarif",
    "as_text",
    "ordered",
    "printable",
    "rule_text",
    "summary",
    "text_line",
]

_RED, _YELLOW, _BOLD, _CYAN, _RESET = "\x1b[31m", "\x1b[33m", "\x1b[1m", "\x1b[36m", "\x1b[0m"


def text_line(d: Diagnostic, *, color: bool = False) -> str:
    where = printable(f"{d.location}: ") if d.location else ""
    level = d.severity.value
    head = f"{level}[{d.rule}]"
    if color:
        where = f"{_BOLD}{where}{_RESET}" if where else ""
        head = f"{_RED if d.is_error else _YELLOW}{_BOLD}{level}{_RESET}[{_CYAN}{d.rule}{_RESET}]"
    line = f"{where}{head} {printable(d.message)}"
    if d.hint:
        line += f"\n{HINT_PREFIX}{printable(d.hint)}"
    return line


def rule_text(doc: str) -> str:
    """A rule's explanation (its docstring, reStructuredText) as a terminal or a plain-text field
    shows it: literals between single backquotes."""
    from chartgen.report.rst import plain

    return plain(doc)


def ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """By file, line, column and rule; each finding once (layers shared by several runs repeat)."""
    return sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)


def as_text(diagnostics: Iterable[Diagnostic], *, color: bool = False) -> str:
    return "".join(text_line(d, color=color) + "\n" for d in ordered(diagnostics))


def summary(
    diagnostics: Iterable[Diagnostic], *, files: int | None = None, sources: int | None = None
) -> str:
    """The last line of text output: ``Found 3 errors, 1 warning in 2 files.``, or ``All checks passed.``

    Given how many ``files`` were read and how many Determined ``sources`` they held (a values
    file is one, a GitOps file one per install it makes), it says so: ``All checks passed (3
    files, 5 sources).``, ``Found 1 error in 1 file (3 files, 5 sources checked).``; a run that
    found nothing to check says that instead of passing: ``No Determined values found in 4 files.``
    """
    found = list(dict.fromkeys(diagnostics))
    checked = "" if sources is None else _checked(files or 0, sources)
    if not found and sources == 0:
        return f"No Determined values found in {files or 0} file{'' if files == 1 else 's'}.\n"
    if not found:
        return f"All checks passed ({checked}).\n" if checked else "All checks passed.\n"
    errors = sum(d.is_error for d in found)
    counts = [_count(errors, "error"), _count(len(found) - errors, "warning")]
    where_count = len({d.location.file for d in found if d.location and _is_file(d.location)})
    where = f" in {_count(where_count, 'file')}" if where_count else ""
    tail = f" ({checked} checked)" if checked else ""
    return f"Found {', '.join(c for c in counts if c)}{where}{tail}.\n"


def _checked(files: int, sources: int) -> str:
    """``3 files, 5 sources``; only the sources when no file was read (``-f`` files and flags)."""
    told = [_count(files, "file"), f"{sources} source{'' if sources == 1 else 's'}"]
    return ", ".join(part for part in told if part)


def _count(number: int, noun: str) -> str:
    return "" if not number else f"{number} {noun}" + ("" if number == 1 else "s")


def as_json(diagnostics: Iterable[Diagnostic]) -> str:
    """A JSON list whose keys never change: absent facts are ``null``, never missing."""
    import json

    rows = []
    for d in ordered(diagnostics):
        loc = d.location
        rows.append(
            {
                "file": loc.file if loc else None,
                "line": (loc.line or None) if loc else None,
                "column": (loc.column or None) if loc else None,
                "severity": d.severity.value,
                "rule": d.rule,
                "message": d.message,
                "hint": d.hint or None,
                "path": list(d.path),
            }
        )
    return json.dumps(rows, indent=2) + "\n"


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=F,line=L,col=C,title=RULE::message``.

    Escaped as GitHub's runner unescapes them (``%``, CR and LF everywhere; ``:`` and ``,``
    in properties too). A finding with no real file (``--set``) is annotated on the run.
    """
    lines = []
    for d in ordered(diagnostics):
        loc = d.location
        props = []
        if loc and _is_file(loc):
            props.append(f"file={_github_property(loc.file)}")
            if loc.line:
                props += [f"line={loc.line}", f"col={loc.column or 1}"]
        props.append(f"title={_github_property(f'chartgen ({d.rule})')}")
        where = f"{printable(str(loc))}: " if loc and not _is_file(loc) else ""
        message = where + printable(d.message) + (f"\nhint: {printable(d.hint)}" if d.hint else "")
        lines.append(f"::{d.severity.value} {','.join(props)}::{_github_data(message)}\n")
    return "".join(lines)


def as_sarif(diagnostics: Iterable[Diagnostic], docs: Mapping[str, str] | None = None) -> str:
    """A SARIF 2.1.0 log (GitHub code scanning, Azure DevOps, IDE viewers): one run; each rule
    described by its explanation in ``docs`` (rule id -> its docstring, reStructuredText) when given."""
    import json
    from importlib.metadata import PackageNotFoundError, version
    from pathlib import PurePosixPath
    from urllib.parse import quote

    found = ordered(diagnostics)
    docs = docs or {}
    ids = sorted({d.rule for d in found})
    rules = []
    for rule_id in ids:
        doc = docs.get(rule_id)
        entry: dict[str, object] = {"id": rule_id}
        if doc:
            entry.update(_sarif_descriptions(doc))
        rules.append(entry)
    results = []
    for d in found:
        result: dict[str, object] = {
            "ruleId": d.rule,
            "ruleIndex": ids.index(d.rule),
            "level": d.severity.value,
            "message": {"text": d.message + (f"\nhint: {d.hint}" if d.hint else "")},
        }
        loc = d.location
        if loc and _is_file(loc):
            path = PurePosixPath(loc.file.replace("\\", "/"))
            uri = f"file://{quote(str(path))}" if path.is_absolute() else quote(str(path))
            physical: dict[str, object] = {"artifactLocation": {"uri": uri}}
            if loc.line:
                physical["region"] = {"startLine": loc.line, "startColumn": loc.column or 1}
            result["locations"] = [{"physicalLocation": physical}]
        elif loc:
            result["locations"] = [{"logicalLocations": [{"name": str(loc)}]}]
        results.append(result)
    try:
        mine = version("chartgen")
    except PackageNotFoundError:
        mine = "0"
    driver = {"name": "chartgen", "version": mine, "rules": rules}
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }
    return json.dumps(log, indent=2) + "\n"


#: GitHub code scanning's limit on ``shortDescription`` and ``fullDescription``.
_DESCRIPTION_LIMIT = 1024


def _sarif_descriptions(doc: str) -> dict[str, object]:
    """A rule's texts as SARIF's fields hold them: plain text, and Markdown in ``help.markdown``
    (what GitHub shows beside an alert); each description within GitHub's limit."""
    from chartgen.report.rst import markdown

    text = rule_text(doc)
    paragraphs = text.split("\n\n")
    full = paragraphs[0]
    for paragraph in paragraphs[1:]:
        if len(full) + 2 + len(paragraph) > _DESCRIPTION_LIMIT:
            break
        full += "\n\n" + paragraph
    return {
        "shortDescription": {"text": _within(" ".join(paragraphs[0].split()))},
        "fullDescription": {"text": _within(full)},
        "help": {"text": text, "markdown": markdown(doc)},
    }


def _within(text: str, limit: int = _DESCRIPTION_LIMIT) -> str:
    """``text``, or as many of its words as fit with an ellipsis after them."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(None, 1)[0] + "…"


def _is_file(loc: Location) -> bool:
    """In a file: not a pseudo-file (``--set``, ``<stdin>``, ``<no values given>``), nor a path in
    values given as data (``Values.db.port``), which SARIF names as a logical location."""
    return loc.is_file


def as_junit(
    diagnostics: Iterable[Diagnostic], files: Sequence[str] = (), problems: Sequence[str] = ()
) -> str:
    """A JUnit XML test report (``report/junit.py``, imported only when asked for): ``files`` are
    the files checked (each clean one a passing test case), ``problems`` what stopped one."""
    from chartgen.report import junit

    return junit.as_junit(diagnostics, files, problems)


def _gitlab(diagnostics: Iterable[Diagnostic]) -> str:
    from chartgen.report.gitlab import as_gitlab

    return as_gitlab(diagnostics)


FORMATS: dict[str, Callable[[Iterable[Diagnostic]], str]] = {
    "text": as_text,
    "json": as_json,
    "github": as_github,
    "sarif": as_sarif,
    "junit": as_junit,
    "gitlab": _gitlab,
}
