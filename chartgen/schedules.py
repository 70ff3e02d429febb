"""How the Determined master reads ``retention_policy.schedule``: Go's duration and robfig's cron parsers.

``LogRetentionPolicy.Validate`` (``master/pkg/model/logging_config.go``, 0.35.0–0.38.1) accepts
the schedule when ``time.ParseDuration`` does, else when ``cron.ParseStandard``
(github.com/robfig/cron/v3 v3.0.1) does, and refuses it otherwise. Both are ported here line by
line; ``tests/oracles/schedules`` records what the Go code answers and
``tests/oracles/test_schedules.py`` replays it. Every function runs in time linear in its input.
"""

from __future__ import annotations

from collections.abc import Callable

from chartgen.records import record

_U64 = (1 << 64) - 1
_I64_MAX = (1 << 63) - 1


class ScheduleError(ValueError):
    """What the Go parser returns as an error: Go's message for a duration, robfig's (with
    ``strconv`` errors unquoted) for a cron expression."""


class CronPanic(ScheduleError):
    """Where robfig's parser panics instead of returning an error (the master crashes)."""


# --- time.ParseDuration (Go 1.22, src/time/format.go) -----------------------------------------

#: ``unitMap``: each unit's length in nanoseconds, keyed by its UTF-8 bytes.
_UNITS: dict[bytes, int] = {
    b"ns": 1,
    b"us": 1_000,
    "µs".encode(): 1_000,  # U+00B5 micro sign
    "μs".encode(): 1_000,  # U+03BC Greek small letter mu
    b"ms": 1_000_000,
    b"s": 1_000_000_000,
    b"m": 60 * 1_000_000_000,
    b"h": 3600 * 1_000_000_000,
}


def _utf8(text: str) -> bytes:
    # The bytes Go sees; a lone surrogate (from an undecodable argv byte) goes back to that byte.
    return text.encode("utf-8", "surrogateescape")


def _quote(raw: bytes) -> str:
    """``time.quote``: in double quotes, ``"`` and ``\\`` escaped, each byte of a control or
    non-ASCII character (and each byte that is not UTF-8) as ``\\xNN`` (Go 1.22, src/time/format.go)."""
    out = ['"']
    for c in raw.decode("utf-8", "surrogateescape"):  # a stray byte comes back as itself
        if c < " " or c >= "\x80":
            out.extend(f"\\x{b:02x}" for b in c.encode("utf-8", "surrogateescape"))
        elif c in '"\\':
            out.append("\\" + c)
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _leading_int(s: bytes, i: int) -> tuple[int, int] | None:
    """``leadingInt``: the value of the digits from ``i`` and where they end; None on overflow."""
    x = 0
    while i < len(s) and 0x30 <= s[i] <= 0x39:
        if x > (1 << 63) // 10:
            return None
        x = x * 10 + s[i] - 0x30
        if x > 1 << 63:
            return None
        i += 1
    return x, i


def _leading_fraction(s: bytes, i: int) -> tuple[int, float, int]:
    """``leadingFraction``: the digits from ``i`` as ``x / scale``; past 2^63 precision stops."""
    x = 0
    scale = 1.0
    overflow = False
    while i < len(s) and 0x30 <= s[i] <= 0x39:
        if not overflow:
            if x > _I64_MAX // 10:
                overflow = True
            else:
                y = x * 10 + s[i] - 0x30
                if y > 1 << 63:
                    overflow = True
                else:
                    x = y
                    scale *= 10
        i += 1
    return x, scale, i


def parse_duration(text: str) -> int:
    """``time.ParseDuration`` of Go 1.22 (``src/time/format.go``): the duration in nanoseconds.

    A possibly signed sequence of decimal numbers, each with an optional fraction and a unit
    (``ns``, ``us``, ``µs``, ``μs``, ``ms``, ``s``, ``m``, ``h``): ``300ms``, ``-1.5h``, ``2h45m``;
    ``0`` alone needs no unit. Read byte by byte as Go does, with its unsigned 64-bit arithmetic
    (a sum reaching exactly 2^64 wraps to 0, as in Go). Raises ``ScheduleError`` with Go's message.
    """
    s = _utf8(text)
    invalid = ScheduleError(f"time: invalid duration {_quote(s)}")
    i = 0
    neg = False
    if s and s[0] in b"-+":
        neg = s[0] == 0x2D
        i = 1
    if s[i:] == b"0":
        return 0
    if i == len(s):
        raise invalid
    d = 0
    while i < len(s):
        if not (s[i] == 0x2E or 0x30 <= s[i] <= 0x39):
            raise invalid
        start = i
        leading = _leading_int(s, i)
        if leading is None:
            raise invalid
        v, i = leading
        pre = i != start
        f, scale, post = 0, 1.0, False
        if i < len(s) and s[i] == 0x2E:
            i += 1
            start = i
            f, scale, i = _leading_fraction(s, i)
            post = i != start
        if not pre and not post:
            raise invalid
        start = i
        while i < len(s) and not (s[i] == 0x2E or 0x30 <= s[i] <= 0x39):
            i += 1
        if i == start:
            raise ScheduleError(f"time: missing unit in duration {_quote(s)}")
        unit_text = s[start:i]
        unit = _UNITS.get(unit_text)
        if unit is None:
            raise ScheduleError(f"time: unknown unit {_quote(unit_text)} in duration {_quote(s)}")
        if v > (1 << 63) // unit:
            raise invalid
        v *= unit
        if f > 0:
            v += int(float(f) * (float(unit) / scale))
            if v > 1 << 63:
                raise invalid
        d = (d + v) & _U64
        if d > 1 << 63:
            raise invalid
    if neg:
        return -d  # d <= 2^63: -d fits an int64, as Go's -Duration(d) does
    if d > _I64_MAX:
        raise invalid
    return d


# --- cron.ParseStandard (github.com/robfig/cron/v3 v3.0.1, parser.go and spec.go) -----------------


@record(frozen=True)
class Bounds:
    """``bounds`` (spec.go): a field's smallest and largest value and its names."""

    low: int
    high: int
    names: dict[str, int] | None = None


SECONDS = Bounds(0, 59)
MINUTES = Bounds(0, 59)
HOURS = Bounds(0, 23)
DOM = Bounds(1, 31)
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTHS = Bounds(1, 12, {name: i for i, name in enumerate(_MONTH_NAMES, 1)})
DOW = Bounds(0, 6, {name: i for i, name in enumerate(("sun", "mon", "tue", "wed", "thu", "fri", "sat"))})

#: ``starBit``: set when a field was ``*`` or ``?`` (with no step above 1).
STAR_BIT = 1 << 63


@record(frozen=True)
class SpecSchedule:
    """``SpecSchedule``: one bit per allowed value of each field, and the time zone's name."""

    second: int
    minute: int
    hour: int
    dom: int
    month: int
    dow: int
    location: str


@record(frozen=True)
class ConstantDelaySchedule:
    """``ConstantDelaySchedule`` (``@every``): the delay in nanoseconds, whole seconds, at least one."""

    delay: int


Schedule = SpecSchedule | ConstantDelaySchedule

#: Decides whether ``time.LoadLocation(name)`` finds a zone: it depends on the zone database of
#: the machine the parser runs on, which the caller knows and this module does not.
ZoneLoader = Callable[[str], bool]


def any_zone(name: str) -> bool:
    """A zone loader that finds every zone Go does not refuse by its name alone."""
    return True


def load_location(name: str, loader: ZoneLoader = any_zone) -> str:
    """``time.LoadLocation`` of Go 1.22 (``src/time/zoneinfo.go``): the location's name.

    ``""`` and ``UTC`` are UTC and ``Local`` the machine's zone, whatever its zone database
    holds; a name containing ``..`` or starting with ``/`` or ``\\`` is refused; any other name
    is found if ``loader`` says the machine has it. Raises ``ScheduleError``.
    """
    if name in ("", "UTC"):
        return "UTC"
    if name == "Local":
        return "Local"
    if ".." in name or name[0] in "/\\":
        raise ScheduleError("time: invalid location name")
    if not loader(name):
        raise ScheduleError(f"unknown time zone {name}")
    return name


#: ``unicode.IsSpace`` beyond ASCII: U+0085, U+00A0 and the White_Space characters above Latin-1.
_GO_SPACE = frozenset(
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def go_fields(text: str) -> list[str]:
    """``strings.Fields``: the runs between ``unicode.IsSpace`` characters (not Python's ``split()``,
    which also splits at U+001C–U+001F)."""
    fields: list[str] = []
    start = -1
    for i, c in enumerate(text):
        if c in _GO_SPACE:
            if start >= 0:
                fields.append(text[start:i])
                start = -1
        elif start < 0:
            start = i
    if start >= 0:
        fields.append(text[start:])
    return fields


def go_trim_space(text: str) -> str:
    """``strings.TrimSpace``: without leading and trailing ``unicode.IsSpace`` characters."""
    start, end = 0, len(text)
    while start < end and text[start] in _GO_SPACE:
        start += 1
    while end > start and text[end - 1] in _GO_SPACE:
        end -= 1
    return text[start:end]


def parse_standard(spec: str, zones: ZoneLoader = any_zone) -> Schedule:
    """``cron.ParseStandard`` of github.com/robfig/cron/v3 v3.0.1 (``parser.go``, ``Parser.Parse``
    with ``Minute | Hour | Dom | Month | Dow | Descriptor``).

    An optional ``TZ=zone `` or ``CRON_TZ=zone `` prefix (``zones`` says which zones the machine
    has; without a space after it robfig slices with -1 and panics: ``CronPanic``); then a
    descriptor (``@yearly``, ``@annually``, ``@monthly``, ``@weekly``, ``@daily``, ``@midnight``,
    ``@hourly``, ``@every <duration>``), or exactly five fields separated by white space: minute,
    hour, day of month, month, day of week. A field is a comma-separated list of ``*``, ``?``, a
    number or name, or a range ``a-b``, each with an optional ``/step``; months and days of the week
    may be named (``jan``, ``mon``, any case). Raises ``ScheduleError``.
    """
    if not spec:
        raise ScheduleError("empty spec string")
    location = "Local"
    if spec.startswith(("TZ=", "CRON_TZ=")):
        space = spec.find(" ")
        if space < 0:
            raise CronPanic("runtime error: slice bounds out of range [:-1]")
        name = spec[spec.index("=") + 1 : space]
        try:
            location = load_location(name, zones)
        except ScheduleError as err:
            raise ScheduleError(f"provided bad location {name}: {err}") from None
        spec = go_trim_space(spec[space:])
    if spec.startswith("@"):
        return _parse_descriptor(spec, location)
    fields = go_fields(spec)
    if len(fields) != 5:
        raise ScheduleError(f"expected exactly 5 fields, found {len(fields)}: [{' '.join(fields)}]")
    minute, hour, dom, month, dow = (
        _get_field(field, bounds)
        for field, bounds in zip(fields, (MINUTES, HOURS, DOM, MONTHS, DOW), strict=True)
    )
    return SpecSchedule(_get_field("0", SECONDS), minute, hour, dom, month, dow, location)


def _get_field(field: str, bounds: Bounds) -> int:
    """``getField``: the bits of a comma-separated list of ranges (empty items are skipped)."""
    bits = 0
    for expr in field.split(","):
        if expr:
            bits |= _get_range(expr, bounds)
    return bits


def _get_range(expr: str, bounds: Bounds) -> int:
    """``getRange``: ``number | number "-" number [ "/" number ]``, or ``*``/``?`` (whose own
    ``-…`` part robfig never reads)."""
    range_and_step = expr.split("/")
    low_and_high = range_and_step[0].split("-")
    single = len(low_and_high) == 1
    extra = 0
    if low_and_high[0] in ("*", "?"):
        start, end, extra = bounds.low, bounds.high, STAR_BIT
    else:
        start = _parse_int_or_name(low_and_high[0], bounds.names)
        if len(low_and_high) == 1:
            end = start
        elif len(low_and_high) == 2:
            end = _parse_int_or_name(low_and_high[1], bounds.names)
        else:
            raise ScheduleError(f"too many hyphens: {expr}")
    if len(range_and_step) == 1:
        step = 1
    elif len(range_and_step) == 2:
        step = _must_parse_int(range_and_step[1])
        if single:
            end = bounds.high
        if step > 1:
            extra = 0
    else:
        raise ScheduleError(f"too many slashes: {expr}")
    if start < bounds.low:
        raise ScheduleError(f"beginning of range ({start}) below minimum ({bounds.low}): {expr}")
    if end > bounds.high:
        raise ScheduleError(f"end of range ({end}) above maximum ({bounds.high}): {expr}")
    if start > end:
        raise ScheduleError(f"beginning of range ({start}) beyond end of range ({end}): {expr}")
    if step == 0:
        raise ScheduleError(f"step of range should be a positive number: {expr}")
    return _get_bits(start, end, step) | extra


def _go_lower(text: str) -> str:
    """``strings.ToLower``, as far as a name lookup can tell: only ASCII names exist, and the only
    other characters Go lowers to ASCII are U+0130 (to ``i``) and the Kelvin sign (to ``k``)."""
    return "".join(
        chr(ord(c) + 32) if "A" <= c <= "Z" else "i" if c == "\u0130" else "k" if c == "\u212a" else c
        for c in text
    )


def _parse_int_or_name(expr: str, names: dict[str, int] | None) -> int:
    """``parseIntOrName``: a name of the field (any case), else a non-negative integer."""
    if names is not None:
        named = names.get(_go_lower(expr))
        if named is not None:
            return named
    return _must_parse_int(expr)


def _must_parse_int(expr: str) -> int:
    """``mustParseInt``: ``strconv.Atoi`` (an optional sign and ASCII digits, within int64), not negative."""
    digits = expr[1:] if expr[:1] in ("+", "-") else expr
    if not digits or not all("0" <= c <= "9" for c in digits):
        raise ScheduleError(
            f'failed to parse int from {expr}: strconv.Atoi: parsing "{expr}": invalid syntax'
        )
    significant = digits.lstrip("0")
    if len(significant) > 19:  # checked before converting: int() of long text is slow and capped
        raise ScheduleError(
            f'failed to parse int from {expr}: strconv.Atoi: parsing "{expr}": value out of range'
        )
    num = int(significant or "0")
    num = -num if expr[0] == "-" else num
    if not -(1 << 63) <= num <= _I64_MAX:
        raise ScheduleError(
            f'failed to parse int from {expr}: strconv.Atoi: parsing "{expr}": value out of range'
        )
    if num < 0:
        raise ScheduleError(f"negative number ({num}) not allowed: {expr}")
    return num


def _get_bits(low: int, high: int, step: int) -> int:
    """``getBits``: the bits ``low``, ``low + step``, … up to ``high``."""
    bits = 0
    for i in range(low, high + 1, step):
        bits |= 1 << i
    return bits


def _all(bounds: Bounds) -> int:
    return _get_bits(bounds.low, bounds.high, 1) | STAR_BIT


def _parse_descriptor(descriptor: str, location: str) -> Schedule:
    """``parseDescriptor``: the named schedules, exactly as written, and ``@every <duration>``."""
    first = (
        1 << SECONDS.low,
        1 << MINUTES.low,
    )
    if descriptor in ("@yearly", "@annually"):
        return SpecSchedule(*first, 1 << HOURS.low, 1 << DOM.low, 1 << MONTHS.low, _all(DOW), location)
    if descriptor == "@monthly":
        return SpecSchedule(*first, 1 << HOURS.low, 1 << DOM.low, _all(MONTHS), _all(DOW), location)
    if descriptor == "@weekly":
        return SpecSchedule(*first, 1 << HOURS.low, _all(DOM), _all(MONTHS), 1 << DOW.low, location)
    if descriptor in ("@daily", "@midnight"):
        return SpecSchedule(*first, 1 << HOURS.low, _all(DOM), _all(MONTHS), _all(DOW), location)
    if descriptor == "@hourly":
        return SpecSchedule(*first, _all(HOURS), _all(DOM), _all(MONTHS), _all(DOW), location)
    every = "@every "
    if descriptor.startswith(every):
        try:
            duration = parse_duration(descriptor[len(every) :])
        except ScheduleError as err:
            raise ScheduleError(f"failed to parse duration {descriptor}: {err}") from None
        return every_schedule(duration)
    raise ScheduleError(f"unrecognized descriptor: {descriptor}")


def every_schedule(duration: int) -> ConstantDelaySchedule:
    """``cron.Every`` (constantdelay.go): at least a second, rounded down to whole seconds."""
    second = 1_000_000_000
    duration = max(duration, second)
    return ConstantDelaySchedule(duration - duration % second)


# --- The master's check ---------------------------------------------------------------------------


@record(frozen=True)
class Refusal:
    """Why the master refuses a schedule: each parser's error, and whether the cron parser panicked."""

    duration_error: str
    cron_error: str
    panics: bool = False


def master_schedule_error(schedule: str, zones: ZoneLoader = any_zone) -> Refusal | None:
    """Why ``LogRetentionPolicy.Validate`` refuses ``schedule``, or None when it accepts it.

    The master tries ``time.ParseDuration`` first and ``cron.ParseStandard`` only when that fails
    (``master/pkg/model/logging_config.go``, 0.35.0–0.38.1).
    """
    try:
        parse_duration(schedule)
        return None
    except ScheduleError as err:
        as_duration = str(err)
    try:
        parse_standard(schedule, zones)
        return None
    except CronPanic as err:
        return Refusal(as_duration, str(err), panics=True)
    except ScheduleError as err:
        return Refusal(as_duration, str(err))
