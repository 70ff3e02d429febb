"""Properties of ``fix`` on generated, commented values files.

A second run changes nothing; no finding is left that a fix would take; and every
line the fix did not mean to touch is still there, in order, byte for byte.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import chartgen
from chartgen.fixing.engine import candidates

# Each entry is its lines, each line marked True when a fix is meant to change or remove it.
Entry = list[tuple[str, bool]]

# One choice per top-level key, so generated files never repeat a key.
CHOICES: dict[str, list[Entry]] = {
    "slots": [[("maxSlotsPerPod: 4", False)], [("maxSlotsPerPod: '4'", True)]],
    "password": [
        [("initialUserPassword: Corpus-Passw0rd", False)],
        [("defaultPassword: Legacy-Passw0rd", True)],
    ],
    "slot type": [[("slotType: gpu", False)], [("slot_type: gpu", True)]],
    "cluster": [[("clusterName: prod", False)], [("clusterName: yes", True)]],
    "color": [[("logColor: true", False)], [("logColor: false", True)]],
    "scheduler": [[("defaultScheduler: coscheduler", False)], [("defaultScheduler: preemption", True)]],
    "checkpoints": [
        [("checkpointStorage:", False), ("  type: s3", False), ("  bucket: ckpts", False)],
        [("checkpointStorage:", False), ("  type: s3", False), ("  bukcet: ckpts", True)],
    ],
    "pools": [
        [("resourcePools:", False), ("  - pool_name: default", False), ("    description: main", False)],
        [
            ("resourcePools:", False),
            ("  - pool_name: default", False),
            ("    kubernetes_namespace: team-a", True),
            ("    max_slots_per_pod: 2", True),
            ("    description: main", False),
        ],
    ],
    "db": [[("db:", False), ("  memRequest: 2Gi", False), ("  cpuRequest: 2", False)]],
}


@st.composite
def values_files(draw: st.DrawFn) -> tuple[str, list[tuple[str, bool]]]:
    keys = draw(st.lists(st.sampled_from(sorted(CHOICES)), unique=True, min_size=1))
    lines: list[tuple[str, bool]] = []
    for key in keys:
        entry = draw(st.sampled_from(CHOICES[key]))
        for _ in range(draw(st.integers(0, 2))):
            lines.append((draw(st.sampled_from(["", "# a note", "  # indented note", "#"])), False))
        for text, touched in entry:
            if draw(st.booleans()):
                text += draw(st.sampled_from(["  # why", " # TODO: check", "    #"]))
            lines.append((text, touched))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    final = draw(st.booleans())
    text = newline.join(line for line, _ in lines) + (newline if final else "")
    return text, lines


@settings(max_examples=60, deadline=None)
@given(values_files(), st.booleans())
def test_fix_is_idempotent_leaves_nothing_fixable_and_touches_only_what_it_fixes(
    generated: tuple[str, list[tuple[str, bool]]], unsafe: bool
) -> None:
    text, lines = generated
    fixed = chartgen.fix(text, unsafe=unsafe)
    again = chartgen.fix(fixed.text, unsafe=unsafe)
    assert again.text == fixed.text and again.applied == []
    offered, _ = candidates(fixed.text, "values.yaml", "0.38.1")
    assert [c.fix.description for c in offered if c.safe or unsafe] == []
    after = fixed.text.replace("\r\n", "\n").split("\n")
    if text.endswith("\n"):
        assert after.pop() == ""
    # The untouched lines are all there, in order: a subsequence of the result.
    rest = iter(after)
    for line, touched in lines:
        assert touched or any(line == candidate for candidate in rest), line
    # Line endings stay the file's own, and a missing final newline stays missing.
    assert ("\r\n" in fixed.text) == ("\r\n" in text) or fixed.text == ""
    # (A blank line left last is written as the newline before it: "a\n" is a, then a blank line.)
    blank_last = not text.endswith("\n") and after[-1] == ""
    assert fixed.text.endswith("\n") == text.endswith("\n") or not fixed.text or blank_last
