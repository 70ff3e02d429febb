"""What every subcommand's ``--help`` ends with: examples, its exit codes and its docs page.

One table for every command, applied by the parser when help is printed (never on other runs),
so no command module writes its own. The examples are run by a test, each checked for the exit
code shown beside it (``tests/acceptance/test_help_examples.py``).
"""

from __future__ import annotations

import argparse
import textwrap

from chartgen.api import LATEST, SUPPORTED
from chartgen.cli import _Formatter
from chartgen.hints import typing

#: The releases the examples name, from the release table: the oldest and one before it.
_OLDEST = SUPPORTED[0]
_major, _minor, _ = _OLDEST.split(".")
_UNSUPPORTED = f"{_major}.{int(_minor) - 1}.0"

#: The README, where each command's section is; ``Documentation`` in pyproject.toml is its folder.
DOCS = "https://github.com/chartgen/chartgen/blob/main/README.md"
RULES_DOCS = "https://github.com/chartgen/chartgen/blob/main/docs/rules.md"

_VALID = (0, "the values are valid (warnings allowed)")
_INVALID = (1, "invalid values: a finding, a YAML syntax error, bad --set syntax (each located)")
_USAGE = (2, "usage: bad flags, an unsupported --app-version, a file that cannot be read, an internal error")
_EDITED = (
    1,
    "errors remain after the fixes, or with --diff a file would change (fixes left for --unsafe-fixes do not count)",
)


class Help(typing.NamedTuple):
    #: Command lines after ``chartgen``, each with the exit code it ends with and what it shows.
    examples: tuple[tuple[str, int, str], ...]
    exit_codes: tuple[tuple[int, str], ...]
    docs: str
    note: str = ""


HELP: dict[str, Help] = {
    "render": Help(
        (
            ("render det -f examples/values.yaml -n determined", 0, "the YAML stream helm template prints"),
            ("render -f examples/values.yaml --show-only templates/master-config.yaml", 0, "one template"),
            ("render -f examples/values.yaml --output-dir out/", 0, "one file per template"),
            ("render -f umbrella.yaml --subchart determined", 0, "an umbrella chart's determined: section"),
            ("render -f examples/values-typo.yaml", 1, "findings on standard error, nothing rendered"),
        ),
        (
            _VALID,
            _INVALID,
            (
                2,
                "usage: bad flags, an unsupported --app-version, an unknown --show-only template, a file that "
                "cannot be read, an --output-dir that cannot be written, an internal error",
            ),
        ),
        f"{DOCS}#using-it",
    ),
    "lint": Help(
        (
            ("lint examples/values.yaml", 0, "valid"),
            ("lint examples/values-typo.yaml", 1, "an error and a warning"),
            ("lint --format json examples/values-prod.yaml examples/values-dev.yaml", 0, "findings as JSON"),
            ("lint --strict examples/", 1, "every values file under examples/; warnings fail too"),
            ("lint --subchart determined umbrella.yaml", 0, "an umbrella chart's determined: section"),
            (
                f"lint --app-version {_UNSUPPORTED} examples/values.yaml",
                2,
                "a release chartgen does not reproduce",
            ),
        ),
        (
            (0, "no error (warnings allowed, unless --strict)"),
            (1, "an error, or with --strict a warning: a finding, a YAML syntax error, bad --set syntax"),
            _USAGE,
        ),
        f"{DOCS}#using-it",
    ),
    "schema": Help(
        (
            (
                f"schema --app-version {LATEST} > values.schema.json",
                0,
                "the JSON Schema of a release's values",
            ),
            (f"schema --app-version {_UNSUPPORTED}", 2, "a release chartgen does not reproduce"),
        ),
        ((0, "printed"), (2, "usage: bad flags, an unsupported --app-version")),
        f"{DOCS}#in-an-editor",
    ),
    "podspec": Help(
        (
            (
                "podspec -f examples/values-prod.yaml --pool prod_pool --kind gpu --task examples/expconf.yaml "
                "--explain",
                0,
                "a GPU task's pod spec, with where each part came from",
            ),
            ("podspec -f examples/values.yaml --kind checkpoint-gc", 0, "a checkpoint-GC task's"),
        ),
        ((0, "printed"), (1, "invalid values or pod specs (each located); nothing printed"), _USAGE),
        f"{DOCS}#the-pod-a-task-will-get",
    ),
    "plan": Help(
        (
            ("plan --nodes 4x3 --jobs 12,12", 1, "both jobs schedule, but together they can deadlock"),
            ("plan --nodes 4x3 --jobs 12,12 --scheduler coscheduler", 0, "gang scheduling: safe"),
            (
                "plan -f examples/values-prod.yaml --nodes 8x2 --jobs 16 --format json",
                0,
                "maxSlotsPerPod from the values; as JSON",
            ),
        ),
        (
            (0, "every job schedules and none can deadlock"),
            (1, "a job never schedules, jobs can deadlock, or the values are invalid"),
            _USAGE,
        ),
        f"{DOCS}#will-my-distributed-jobs-schedule",
    ),
    "fix": Help(
        (
            ("fix --diff examples/values-typo.yaml", 1, "the fixes as a unified diff; nothing written"),
            ("fix examples/values-typo.yaml", 0, "the safe fixes applied in place (bukcet: bucket)"),
            ("fix --unsafe-fixes examples/values.yaml", 0, "also the fixes that change what the chart does"),
        ),
        ((0, "nothing left to fix, or nothing would change"), _EDITED, _USAGE),
        f"{DOCS}#fixing-and-migrating",
    ),
    "migrate": Help(
        (
            (
                f"migrate examples/upgrade/installed.yaml --from {_OLDEST} --to {LATEST} --diff",
                0,
                "nothing safe to change",
            ),
            (
                f"migrate examples/upgrade/installed.yaml --from {_OLDEST} --to {LATEST} --diff --unsafe-fixes",
                1,
                "the change of scheduler, as a diff",
            ),
        ),
        ((0, "nothing left to change, or nothing would change"), _EDITED, _USAGE),
        f"{DOCS}#fixing-and-migrating",
    ),
    "diff": Help(
        (
            (
                f"diff det -n determined -f examples/upgrade/values.yaml --app-version {LATEST} "
                f"--from-values examples/upgrade/installed.yaml --from-version {_OLDEST}",
                1,
                "the upgrade shrinks the database's claim: it fails",
            ),
            (
                "diff det -n determined -f examples/upgrade/values.yaml --from-manifest examples/upgrade/live.yaml",
                1,
                "against what is deployed (helm get manifest det -n determined)",
            ),
            ("diff -f examples/values.yaml --from-values examples/values.yaml", 0, "no change"),
        ),
        (
            (0, "no change"),
            (
                1,
                "the upgrade would fail, lose data or break Determined or a restore; or invalid values or manifests",
            ),
            _USAGE,
            (3, "changes, none of them errors (warnings allowed)"),
        ),
        f"{DOCS}#before-you-upgrade",
        "Put RELEASE before --from-values, which takes every file that follows it.",
    ),
    "rule": Help(
        (
            ("rule unknown-key", 0, "what the rule checks, why, an example and the fix"),
            ("rule --list", 0, "every rule id with its summary"),
            ("rule unknown-keys", 2, "no such rule (did you mean unknown-key?)"),
        ),
        ((0, "explained"), (2, "usage: no such rule, bad flags")),
        RULES_DOCS,
    ),
    "completion": Help(
        (
            (
                "completion bash > ~/.local/share/bash-completion/completions/chartgen",
                0,
                "bash (bash-completion loads it on demand)",
            ),
            (
                "completion zsh > ~/.zfunc/_chartgen",
                0,
                "zsh: with fpath+=(~/.zfunc) before compinit in ~/.zshrc",
            ),
            ("completion fish > ~/.config/fish/completions/chartgen.fish", 0, "fish"),
        ),
        ((0, "printed"), (2, "usage: an unknown shell")),
        f"{DOCS}#shell-completion",
    ),
}


def epilog(command: str) -> str:
    """The text ``--help`` of ``command`` ends with."""
    entry = HELP[command]
    lines = ["examples:"]
    for line, code, what in entry.examples:
        lines += [f"  # {what} (exit {code})", f"  chartgen {line}"]
    lines += ["", "exit codes:"]
    for code, meaning in entry.exit_codes:
        lines += textwrap.wrap(meaning, 94, initial_indent=f"  {code}  ", subsequent_indent="     ")
    if entry.note:
        lines += ["", entry.note]
    lines += ["", f"docs: {entry.docs}"]
    return "\n".join(lines)


class Formatter(_Formatter):
    """The commands' formatter, but text over several lines (the epilog) kept as written, as
    ``argparse.RawDescriptionHelpFormatter`` keeps it; one-line text is wrapped as before."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return argparse.RawDescriptionHelpFormatter._fill_text(self, text, width, indent)
        return super()._fill_text(text, width, indent)
