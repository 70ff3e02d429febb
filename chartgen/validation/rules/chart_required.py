"""Values the chart cannot render without: the top-level ``required`` and ``fail`` checks."""

from __future__ import annotations

import re
from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.releases import has
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, missing, truthy
from chartgen.validation.schema_walk import placeholders

MIN_PASSWORD_BYTES = 8
_PASSWORD_NEEDS = (
    (r"[A-Z]", "upper-case letter"),
    (r"[a-z]", "lower-case letter"),
    (r"[0-9]", "digit"),
)


@rule("max-slots-per-pod-required")
def max_slots_required(ctx: Context) -> Iterator[Diagnostic]:
    """``maxSlotsPerPod`` must be set: the chart refuses to render without it.

    It has no default because only the operator knows how many GPUs (or CPU
    slots) a node holds, and distributed tasks are split into pods of that size.

    pass: ``maxSlotsPerPod: 4``
    fail: ``maxSlotsPerPod:`` (empty, or not written at all)
    """
    if missing(ctx.get("maxSlotsPerPod")):
        yield ctx.required(
            "max-slots-per-pod-required", ("maxSlotsPerPod",),
            "set it to the number of GPUs (slots) on each node, or their greatest common divisor if "
            "node sizes differ; the chart refuses to render without it",
            refused=False,
        )  # fmt: skip


def _initial_password(ctx: Context) -> tuple[str, object]:
    """The key and value the chart uses: sprig ``coalesce`` takes the first non-empty one."""
    for key in ("initialUserPassword", "defaultPassword"):
        value = ctx.get(key)
        if truthy(value):
            return key, value
    return "initialUserPassword", None


@rule("initial-password-required")
def password_required(ctx: Context) -> Iterator[Diagnostic]:
    """An initial password for the ``admin`` and ``determined`` users must be set.

    The chart checks it on every render (``helm template`` included), so
    leaving it out is refused even for an upgrade.

    pass: ``initialUserPassword: Corpus-Passw0rd``
    fail: ``initialUserPassword: null``
    """
    key, value = _initial_password(ctx)
    if value is None:
        yield ctx.required(
            "initial-password-required", (key,),
            "it becomes the initial password of the admin and determined users",
        )  # fmt: skip


@rule("initial-password-strength")
def password_strength(ctx: Context) -> Iterator[Diagnostic]:
    """The initial password must have 8+ characters with an upper-case letter, a lower-case letter and a digit.

    These are the chart's own checks (length in bytes, ASCII classes), run on
    every render; the password itself is never shown.

    pass: ``initialUserPassword: Corpus-Passw0rd``
    fail: ``initialUserPassword: lowercase123`` (no upper-case letter)
    """
    key, value = _initial_password(ctx)
    if value is None:
        return
    if not isinstance(value, str):
        return  # the chart cannot measure a non-string either; the structure rules report its type
    if placeholders(value, whole=True):
        return  # one mistake, one error: ``placeholder`` says to fill in the real value
    name = key if key == "initialUserPassword" else f"{key} (used as initialUserPassword)"
    lacking = [f"no {what}" for pattern, what in _PASSWORD_NEEDS if not re.search(pattern, value)]
    if len(value.encode()) < MIN_PASSWORD_BYTES:
        lacking.insert(0, f"fewer than {MIN_PASSWORD_BYTES} characters")
    if lacking:
        yield ctx.diag(
            "initial-password-strength", (key,),
            f"{name} is too weak ({', '.join(lacking)}): the chart refuses passwords without "
            f"{MIN_PASSWORD_BYTES}+ characters, an upper-case letter, a lower-case letter and a digit",
        )  # fmt: skip


@rule("master-port-required")
def master_port_required(ctx: Context) -> Iterator[Diagnostic]:
    """``masterPort`` must not be emptied: the chart needs it for the master Service.

    pass: ``masterPort: 8443``
    fail: ``masterPort: null`` (deletes the chart's default 8080)
    """
    if missing(ctx.get("masterPort")):
        yield ctx.required(
            "master-port-required", ("masterPort",),
            "it is the port of the master Service (the chart's default is 8080)",
        )  # fmt: skip


# Sections the chart reads a key of without checking the section exists (what it reads first).
NEEDED_SECTIONS = {
    "resourceManager": "resourceManager.defaultNamespace",
    "defaultImages": "defaultImages.cpuImage",
}


@rule("section-required")
def section_required(ctx: Context) -> Iterator[Diagnostic]:
    """A section the chart reads unguarded must stay a map: ``null`` there deletes the chart's defaults.

    Helm then fails with a nil pointer while rendering master.yaml.

    pass: ``resourceManager: {defaultNamespace: det}``
    fail: ``resourceManager: null`` (or ``defaultImages: null``)
    """
    for section, first_read in NEEDED_SECTIONS.items():
        if section in ctx.user and ctx.user[section] is None:
            yield ctx.diag(
                "section-required", (section,),
                f"{section}: null deletes the chart's defaults for {section}, but the chart reads "
                f"{first_read} without checking that {section} exists: Helm refuses to render "
                f"(nil pointer evaluating {first_read}); remove the line, or set the keys you mean",
                key=True,
            )  # fmt: skip


@rule("task-images-paired")
def task_images_paired(ctx: Context) -> Iterator[Diagnostic]:
    """Charts with the task-images-paired change take default task images only as a pair.

    Those charts refuse ``taskContainerDefaults.cpuImage`` without ``gpuImage``
    and the reverse; later charts fall back to the default image for the one
    left out.

    pass: ``taskContainerDefaults: {cpuImage: my/cpu:1, gpuImage: my/gpu:1}``
    fail (oldest release): ``taskContainerDefaults: {cpuImage: my/cpu:1}``
    """
    if not has(ctx.release, "task-images-paired"):
        return
    defaults = mapping(ctx.get("taskContainerDefaults"))
    images = {name: defaults.get(name) for name in ("cpuImage", "gpuImage")}
    if not any(truthy(v) for v in images.values()) or all(truthy(v) for v in images.values()):
        return
    for name, value in images.items():
        other = "gpuImage" if name == "cpuImage" else "cpuImage"
        if missing(value):
            yield ctx.required(
                "task-images-paired", ("taskContainerDefaults", name),
                f"the {ctx.release} chart takes default task images only as a pair and refuses "
                "to render one alone",
                when=f"when taskContainerDefaults.{other} is set", refused=False,
            )  # fmt: skip
