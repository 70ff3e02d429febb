"""Does chartgen's lint agree with the consumers? The rule every finding follows (issue 26).

An error only where a consumer refuses what Helm writes (Helm itself, the master at start-up,
the API server when the object or a task's pod is created, the bundled PostgreSQL's first start,
the master's database connection) or does something other than what
the value evidently means; a warning where the value has no effect; nothing where the consumers
do what was meant. So, for each case:

- a consumer refuses and lint reports no error: **missed**;
- no consumer refuses and lint reports an error of a rule that is not about meaning:
  **over-strict**. The rules in ``MEANING`` judge what a value means where the consumer takes
  it without complaint (each says why below); the oracles cannot refute those.

The master's verdict counts only for the open-source image: the Enterprise image
(``enterpriseEdition``, ``hpe-mlde-master``) is not public, so its start-up cannot be replayed.
"""

from __future__ import annotations

from dataclasses import dataclass

from chartgen.diagnostics import Diagnostic
from tests.oracles.consumers import Case, Verdict

#: Rules whose errors say the consumer does something other than the value means, though it
#: accepts it. Each entry says what the consumer does instead.
MEANING: dict[str, str] = {
    "written-bare": "the chart writes the text bare, and the consumer reads another value than that text",
    "float-exponent": "the chart writes a number's exponent form as text, which the consumer reads as such",
    "not-as-written": 'the chart passes the value on as another than written (``if`` counts `"false"` true)',
    "placeholder": "a template placeholder left in is taken literally (a password of `${PASSWORD}`)",
    "ingress-tls": "TLS passed through to a master that serves plain HTTP: every connection fails",
    "max-slots-per-pod-positive": (
        "the master starts with max_slots_per_pod 0, then refuses every task that needs a slot (read in "
        "its code: kubernetesrm resource_pool.go ValidateResources, `slots must be < max_slots_per_pod` "
        "on one pod, and `msg.Slots % k.maxSlotsPerPod`, a division by zero, over several)"
    ),
    "checkpoint-save-count": (
        "the master starts, then refuses every experiment that sets no count of its own (read in its "
        "code: core_experiment.go parseCreateExperiment merges checkpoint_storage into the experiment, "
        "then schemas.IsComplete checks schemas/expconf/v0/checkpoint-storage.json, minimum 0; the "
        "start-up oracle does not create experiments)"
    ),
    "default-pool-exists": (
        "the master starts, then refuses every task submitted without a pool (read in its code: "
        "kubernetesrm ResourceManager.Allocate, poolByName; the start-up oracle does not run tasks)"
    ),
}


#: Values whose consumer no oracle replays: the OpenShift Route (a CRD; OpenShift's own API
#: validates it, the Kubernetes API server does not); the master's address for tasks, which the
#: master passes on unread (``DET_MASTER`` in ``kubernetesrm/spec.go``) to the task harness
#: inside each task's container. Errors about them are not judged.
UNJUDGED: dict[tuple[str, ...], str] = {
    ("openshiftRoute",): "the OpenShift Route API is not replayed",
    ("determinedMasterHost",): "the task harness, which connects to it, is not replayed",
}


@dataclass(frozen=True)
class Problem:
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def chartgen_errors(case: Case) -> list[Diagnostic]:
    """The errors ``chartgen lint`` reports on the case, through the library."""
    from chartgen.api import ValuesText, lint
    from chartgen.values.load import SetFlags

    flags = SetFlags(set=list(case.set), set_string=list(case.set_string), set_json=list(case.set_json))
    sources = [ValuesText(text, f"values-{index}.yaml") for index, text in enumerate(case.files)]
    result = lint(
        sources,
        app_version=case.release,
        flags=flags,
        release_name=case.release_name,
        namespace=case.namespace,
    )
    return [d for d in result.diagnostics if d.is_error]


def refusals(verdict: Verdict) -> list[str]:
    """Who refuses the case; the Enterprise master's start-up is not judged."""
    found = verdict.refused_by
    if verdict.master is not None and verdict.master.get("edition") == "ee":
        found = [line for line in found if not line.startswith("master")]
    return found


def disagreement(case: Case, verdict: Verdict) -> Problem | None:
    errors = chartgen_errors(case)
    refused = refusals(verdict)
    if refused and not errors:
        return Problem("missed", " | ".join(refused))
    if refused:
        return None
    if (
        verdict.master is not None
        and verdict.master.get("edition") == "ee"
        and any(line.startswith("master") for line in verdict.refused_by)
    ):
        return None  # the Enterprise master may refuse (at start-up, its database): nothing says it does not
    wrong = [
        d for d in errors if d.rule not in MEANING and not any(tuple(d.path[: len(p)]) == p for p in UNJUDGED)
    ]
    if wrong:
        detail = " | ".join(f"{d.rule}: {d.message}" for d in wrong)[:600]
        return Problem("over-strict", detail)
    return None


def broken_upstream() -> dict[str, list[str]]:
    """Corpus cases (``release/name``) whose objects, as Helm writes them, a consumer refuses (the
    master at start-up, the API server), by the recorded verdicts: there chartgen refuses with
    located errors instead of writing them (the project's rule for Helm-exact output)."""
    from tests.oracles.record import recorded

    return {
        case.source.removeprefix("corpus:"): refusals(verdict)
        for case, verdict in recorded()
        if case.source.startswith("corpus:") and not verdict.helm_refused and refusals(verdict)
    }
