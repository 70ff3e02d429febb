"""JUnit XML for CI test reports (GitLab, Jenkins, Azure DevOps): one suite per run, named chartgen.

A test case is a (file, rule) pair: its class name is the file, its name the rule, so a CI
system follows the same test from run to run ("failing since", "fixed"), whatever lines move.
The class name leaves out the file's suffix, as ruff's does: Jenkins reads what follows the
last dot as the class (``values.yaml`` would be class ``yaml`` of package ``values``). A
finding with no file is under the name of its place (``--set``, ``Values.db.port``), whole.
It fails with one ``<failure>`` holding every finding of that rule in that file, each as the
text format writes it (``FILE:LINE:COL: severity[rule] message``, then its hint): Jenkins
reads only a test case's first ``<failure>`` (its ``CaseResult``), so a finding in a second
one would be lost. Warnings are failures too, as in ruff's, ESLint's and stylelint's reports:
JUnit has no warning, and GitLab shows only what failed; ``type`` says ``error`` or
``warning``, and whether the job fails stays the exit code's to say (``--strict``). A file
checked with no finding is one passing test case (``lint``); a run with nothing to name, one
passing ``chartgen`` case. What stopped a file from being checked is an ``<error>``.

Built with ElementTree and written in US-ASCII (anything else as character references), so
the report is well-formed in any locale; characters XML 1.0 cannot hold (controls, lone
surrogates from undecodable file names) are written as ``\\uXXXX`` escapes, as the text format does.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from chartgen.diagnostics import Diagnostic
from chartgen.printable import printable

#: The class name of findings that have no file (a finding about values given as data).
NO_FILE = "<no file>"
#: The name of a test case that passed: the file was linted and nothing was found.
PASSED = "lint"
#: Characters XML 1.0 cannot hold even as references that ``printable`` leaves alone.
_NONCHARACTERS = {0xFFFE: "\\ufffe", 0xFFFF: "\\uffff"}


def as_junit(
    diagnostics: Iterable[Diagnostic], files: Sequence[str] = (), problems: Sequence[str] = ()
) -> str:
    """The report of a lint run: its findings, the ``files`` it checked (each clean one a passing
    test case) and the ``problems`` that stopped a file from being checked."""
    from chartgen.diagnostics import STDIN, STDIN_NAME
    from chartgen.report import ordered, text_line

    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for d in ordered(diagnostics):
        groups.setdefault((d.location.file if d.location else NO_FILE, d.rule), []).append(d)
    checked = {STDIN_NAME if file == STDIN else file for file in files}
    real = checked | {d.location.file for d, *_ in groups.values() if d.location and d.location.is_file}
    cases: dict[tuple[str, str], ET.Element] = {}
    for (file, rule), found in groups.items():
        classname = _class(file) if file in real else _text(file)
        case = cases[file, rule] = ET.Element("testcase", name=_text(rule), classname=classname)
        first, more = found[0], f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        failure = ET.SubElement(
            case,
            "failure",
            type="error" if any(d.is_error for d in found) else "warning",
            message=_text(f"{first.location}: {first.message}" if first.location else first.message) + more,
        )
        failure.text = "\n".join(_text(line) for d in found for line in text_line(d).split("\n"))
    failing = {file for file, _ in groups}
    for file in checked - failing:
        cases[file, PASSED] = ET.Element("testcase", name=PASSED, classname=_class(file))
    tests = [cases[key] for key in sorted(cases)]
    for problem in problems:
        case = ET.Element("testcase", name=_text(problem), classname="chartgen")
        ET.SubElement(case, "error", type="usage", message=_text(problem))
        tests.append(case)
    if not tests:
        tests.append(ET.Element("testcase", name=PASSED, classname="chartgen"))
    counts = {
        "tests": str(len(tests)),
        "failures": str(len(groups)),
        "errors": str(len(problems)),
    }
    root = ET.Element("testsuites", {"name": "chartgen", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "chartgen", **counts, "skipped": "0"})
    suite.extend(tests)
    ET.indent(root)
    xml: bytes = ET.tostring(root, encoding="us-ascii", xml_declaration=True)
    return xml.decode("ascii") + "\n"


def _class(file: str) -> str:
    """The class name of ``file``'s test cases: its path without its suffix."""
    import posixpath

    return _text(posixpath.splitext(file)[0])


def _text(text: str) -> str:
    """``text`` on one line, with nothing XML 1.0 cannot hold."""
    safe = printable(text).encode("utf-8", "backslashreplace").decode("utf-8")
    return safe.translate(_NONCHARACTERS)
