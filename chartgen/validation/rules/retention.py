"""The log retention schedule, as the Determined master reads it at start-up."""

from __future__ import annotations

from collections.abc import Iterator

from chartgen.diagnostics import Diagnostic
from chartgen.schedules import master_schedule_error
from chartgen.validation.registry import Context, rule
from chartgen.validation.rules._helm import mapping, truthy


@rule("retention-schedule")
def retention_schedule(ctx: Context) -> Iterator[Diagnostic]:
    """A ``retentionPolicy.schedule`` that is neither a Go duration nor a cron expression stops the master.

    Every release's chart writes the schedule into ``master.yaml`` quoted
    (``schedule: {{ .Values.retentionPolicy.schedule | quote }}``, when it is not empty), so the
    master receives the text exactly as written. Its check
    (``master/pkg/model/logging_config.go``, ``LogRetentionPolicy.Validate``) tries Go's
    ``time.ParseDuration`` and then robfig/cron's ``ParseStandard``; when both fail the master does
    not start: "log retention schedule must be a valid duration or cron expression". A
    ``TZ=``/``CRON_TZ=`` prefix without a space after it makes the cron parser panic instead. A
    duration takes units ``ns``, ``us``, ``ms``, ``s``, ``m`` and ``h`` (no ``d``); a cron
    expression has exactly five fields (minute, hour, day of month, month, day of week) or is a
    descriptor such as ``@daily`` or ``@every 24h``. Whether the master's image knows a named time
    zone is not judged. A value that is not a string is reported as ``wrong-type`` instead.

    pass: ``retentionPolicy: {schedule: 24h}``, ``schedule: "0 0 * * *"``, ``schedule: "@daily"``
    fail: ``retentionPolicy: {schedule: 1d}``, ``schedule: "0 0 * * * *"``, ``schedule: daily``
    """
    schedule = mapping(ctx.get("retentionPolicy")).get("schedule")
    # Not written when empty; not a string is the schema walker's wrong-type (one error per value).
    if not isinstance(schedule, str) or not truthy(schedule):
        return
    refusal = master_schedule_error(schedule)
    if refusal is None:
        return
    if refusal.panics:
        outcome = (
            f"neither a duration ({refusal.duration_error}) nor a cron expression: a TZ= or CRON_TZ= prefix "
            f"with no space after it makes the master's cron parser panic ({refusal.cron_error}), "
            "so the master crashes at start-up"
        )
    else:
        outcome = (
            f"neither a duration ({refusal.duration_error}) nor a cron expression ({refusal.cron_error}): "
            'the master refuses it at start-up ("log retention schedule must be a valid duration or cron '
            'expression") and does not start'
        )
    yield ctx.diag(
        "retention-schedule", ("retentionPolicy", "schedule"),
        f"retentionPolicy.schedule {schedule!r} is {outcome}",
        hint="write a Go duration such as 24h or 30m (units ns, us, ms, s, m, h; 7 days is 168h), five cron "
        "fields such as \"0 0 * * *\" (minute hour day-of-month month day-of-week), or @daily, @weekly, @every 24h",
    )  # fmt: skip
