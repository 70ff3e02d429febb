"""Slots: how many per pod, and what a CPU slot requests."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic, Severity
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import truthy
from chartgen.validation.writes import read_bare
from chartgen.yamlio.resolve import go_string


def slot_type(ctx: Context) -> object:
    """The slot type the chart acts on: ``gpu`` unless set (sprig ``default``)."""
    value = ctx.get("slotType")
    return value if truthy(value) else "gpu"


@rule("max-slots-per-pod-positive")
def max_slots_positive(ctx: Context) -> Iterator[Diagnostic]:
    """``maxSlotsPerPod`` must be at least 1.

    The master stops at start-up on a negative value; with ``0`` no task
    that needs a slot can ever be scheduled, since every pod may hold none.

    The chart writes the value bare into ``master.yaml``, so text is judged as the number YAML
    reads there.

    pass: ``maxSlotsPerPod: 8``
    fail: ``maxSlotsPerPod: 0``; ``--set-string maxSlotsPerPod=-1`` (the master reads -1)
    """
    value = ctx.get("maxSlotsPerPod")
    read = (read_bare(value) or (value,))[0] if isinstance(value, str) else value
    if isinstance(read, float) and read.is_integer():
        read = int(read)
    if isinstance(read, int) and not isinstance(read, bool) and read < 1:
        consequence = (
            "the master stops at start-up on a negative value"
            if read < 0
            else "with 0 slots per pod no task that needs a GPU or CPU slot can ever be scheduled"
        )
        shown = go_string(value)
        if shown != str(read):
            shown = f"`{shown}`, which the master reads as {read}"
        yield ctx.diag(
            "max-slots-per-pod-positive", ("maxSlotsPerPod",),
            f"maxSlotsPerPod must be at least 1, not {shown}: {consequence}",
        )  # fmt: skip


@rule("slot-resource-requests")
def resource_requests(ctx: Context) -> Iterator[Diagnostic]:
    """A slot type other than ``gpu`` needs ``slotResourceRequests``; CPU slots need its ``cpu``.

    The chart reads ``slotResourceRequests.cpu`` for every non-GPU slot type
    and refuses to render when the map is absent; the master stops at start-up
    on CPU slots without ``cpu`` (whether the value itself is a number above 0
    is the structure rules' check).

    pass: ``slotType: cpu`` with ``slotResourceRequests: {cpu: 7}``
    fail: ``slotType: cpu`` alone
    """
    kind = slot_type(ctx)
    if kind == "gpu":
        return
    requests = ctx.get("slotResourceRequests")
    if not isinstance(requests, dict):
        written = ctx.where(("slotResourceRequests",)) is not None
        yield ctx.required(
            "slot-resource-requests", ("slotResourceRequests", "cpu"),
            "it is the number of CPUs each slot requests, and the chart refuses to render without "
            "slotResourceRequests",
            when=f"with slotType: {kind}", refused=False,
            at=None if written else ("slotType",), key=written,
        )  # fmt: skip
    elif kind == "cpu" and requests.get("cpu") is None:
        yield ctx.required(
            "slot-resource-requests", ("slotResourceRequests", "cpu"),
            "it is the number of CPUs each slot requests, and the master stops at start-up without it "
            "(it must be above 0)",
            when="with slotType: cpu", refused=False,
        )  # fmt: skip


@rule("slot-resource-requests-ignored")
def resource_requests_ignored(ctx: Context) -> Iterator[Diagnostic]:
    """``slotResourceRequests`` does nothing with GPU slots: the chart passes it only for other slot types.

    pass: ``slotType: cpu`` with ``slotResourceRequests: {cpu: 7}``
    fail (warning): ``slotResourceRequests: {cpu: 7}`` with the default GPU slots
    """
    if slot_type(ctx) == "gpu" and truthy(ctx.get("slotResourceRequests")):
        yield ctx.diag(
            "slot-resource-requests-ignored", ("slotResourceRequests",),
            "slotResourceRequests is ignored with GPU slots (slotType unset or gpu): the chart passes it "
            "to the master only for cpu or rocm slots",
            severity=Severity.WARNING,
            key=True,
        )  # fmt: skip
