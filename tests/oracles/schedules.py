"""How the Determined master parses a log retention schedule, recorded from Go itself.

    python -m tests.oracles.schedules [--binary .tools/oracles/schedules]

Feeds the Go program in ``tests/oracles/schedules`` (Go 1.22's ``time.ParseDuration`` and
github.com/robfig/cron/v3 v3.0.1's ``ParseStandard``, as the master's
``LogRetentionPolicy.Validate`` calls them) a derandomised sample of schedules: the edges of
both grammars, then generated durations, cron expressions and garbage. Writes its answers to
``tests/data/oracles/schedules.jsonl``, which ``test_schedules.py`` replays against
``chartgen/schedules.py``. Build the program with
``cd tests/oracles/schedules && go build -o ../../../.tools/oracles/schedules .``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tests.oracles.consumers import answers

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "oracles" / "schedules.jsonl"
BINARY = ROOT / ".tools" / "oracles" / "schedules"
SEED = 20261126
SIZE = 2400

#: White space as Go's ``unicode.IsSpace`` sees it, and characters Python's ``split()`` also splits at.
GO_SPACES = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2007\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_GO_SPACES = "\x1c\x1d\x1e\x1f\u200b\ufeff"

# fmt: off
EDGES = [
    # Durations: units, signs, fractions, the zero special case.
    *("0", "-0", "+0", "00", "0s", "", "+", "-", ".", "-.", ".s", "-.s", "1", "1.5", "24"),
    *("1ns", "1us", "1µs", "1μs", "1ms", "1s", "1m", "1h", "1d", "1w", "1y", "1H", "1S", "1M", "1Ms", "1µ"),
    *("24h", "168h", "-1.5h", "2h45m", "1h30m15s", "1.h", ".5h", "1.5.5h", "1..5h", "1h1", "1h.", "h"),
    *("3.000000001s", "0.1ns", "0.9ns", "1.0000000000000000000000000001h", "1.5e3s", "1_000s", "0x10s"),
    *("+1h", "-1h", "--1h", "+-1h", " 1h", "1h ", "1 h", "1h 30m", "1h\n", "١h", "1ｈ", "1\u00b5s", "1\u03bcs"),
    # Duration overflow: 2^63 - 1 and 2^63 nanoseconds, with and without a sign, and the uint64 wrap.
    *("9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "-9223372036854775809ns"),
    *("9223372036854775807", "2562047h", "2562048h", "2562047h47m16.854775807s", "2562047h47m16.854775808s"),
    *("-2562047h47m16.854775808s", "-2562047h47m16.854775809s", "18446744073709551616ns", "99999999999999999999s"),
    *("9223372036854775808ns9223372036854775808ns", "-9223372036854775808ns9223372036854775808ns", "4611686018427387904ns4611686018427387904ns"),
    *("0.00000000000000000000000000000000000000001s", "1." + "9" * 40 + "h", "0." + "0" * 30 + "1h"),
    # Cron: the standard forms.
    *("0 0 * * *", "* * * * *", "* * * * ?", "*/5 * * * *", "0 */2 * * *", "0 0 1 * *", "0 0 1 1 *", "0 0 * * 0"),
    *("0 0 * * 7", "0 0 * * 6", "60 0 * * *", "59 23 31 12 6", "0 24 * * *", "0 0 0 * *", "0 0 32 * *", "0 0 * 0 *"),
    *("0 0 * 13 *", "0 0 * * -1", "-1 0 * * *", "+5 0 * * *", "-0 0 * * *", "007 0 * * *", "0 0 * * * *", "0 0 * *"),
    *("0 0 * * * * *", "0,15,30,45 * * * *", ",, * * * *", ", * * * *", "0,,5 * * * *", "1-5 * * * *", "5-1 * * * *"),
    *("1-5/2 * * * *", "5/15 * * * *", "*/0 * * * *", "*/1 * * * *", "*/60 * * * *", "*/99999999999999999999 * * * *"),
    *("1-2-3 * * * *", "1/2/3 * * * *", "*-5 * * * *", "?-x-y * * * *", "-5 * * * *", "5- * * * *", "/5 * * * *"),
    *("0 0 * jan *", "0 0 * JAN-jun *", "0 0 * * mon-fri", "0 0 * * MON,wed,Fri", "0 0 * * sun-sat", "0 0 * * fri-mon"),
    *("0 0 * jan/2 *", "0 0 * * mon/2", "0 0 jan * *", "0 0 * january *", "0 0 * * monday", "0 0 * * FRİ", "0 0 * * frİ"),
    *("0 0 * ᴊan *", "0 0 * * \u212aon", "0 0 * 1-jan *", "0 0 * dec-jan *", "0 0 * * 0-6", "0 0 * * 1-7"),
    *("00000000000000000000000000000000005 * * * *", "9223372036854775807 * * * *", "9223372036854775808 * * * *"),
    *("-9223372036854775808 * * * *", "18446744073709551615 * * * *", "1_0 * * * *", "0x1 * * * *", "١ * * * *"),
    *(" 0 0 * * *", "0 0 * * * ", "0  0 * * *", "0\t0\t*\t*\t*", "0\n0 * * *\n*", "0\u00a00 * * *", "0\u30000 * * *"),
    *("0\x1c0 * * *", "0\u200b0 * * *", "0 0 * * *\x1c", "\x1c0 0 * * *"),
    # Descriptors, exactly as written.
    *("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@Daily", "@DAILY", "@day"),
    *("@daily ", " @daily", "@daily\n", "@", "@every", "@every ", "@every 1h", "@every 1h30m", "@every  1h", "@every1h"),
    *("@every 0", "@every 0s", "@every 500ms", "@every 1.5s", "@every 1.9999999999s", "@every -1h", "@every 1d"),
    *("@every 2562047h47m16.854775807s", "@every 2562048h", "@every 1h ", "@every\t1h", "@reboot", "@every 1µs"),
    # Time-zone prefixes: robfig slices up to the first space, and panics when there is none.
    *("TZ=UTC", "TZ=", "CRON_TZ=", "TZ=UTC 0 0 * * *", "CRON_TZ=UTC 0 0 * * *", "TZ= 0 0 * * *", "TZ=Local 0 0 * * *"),
    *("TZ=UTC @daily", "TZ=UTC  @daily ", "TZ=UTC @every 1h", "TZ=UTC\t0 0 * * *", "TZ=UTC 24h", "TZ=UTC ", "TZ=UTC @"),
    *("TZ=America/New_York 0 0 * * *", "CRON_TZ=Europe/Paris @weekly", "TZ=Asia/Kolkata 30 5 * * *", "TZ=utc 0 0 * * *"),
    *("TZ=Nowhere/Zone 0 0 * * *", "TZ=America 0 0 * * *", "TZ=../etc/passwd 0 0 * * *", "TZ=/etc/localtime 0 0 * * *"),
    *("TZ=\\x 0 0 * * *", "TZ=Etc/GMT+5 0 0 * * *", "TZ=EST 0 0 * * *", "TZ=zone.tab 0 0 * * *", "TZ=a=b 0 0 * * *"),
    *("tz=UTC 0 0 * * *", "CRON_TZ=UTC", "TZ=UTC 0 0 * * * *", "TZ=UTC 0 0 * *", " TZ=UTC 0 0 * * *", "TZ=UTC\u3000@daily"),
    # What values files hold by mistake: other fields' words, YAML-typed text, flags, block text.
    *("|", " coscheduler ", "coscheduler", "daily", "weekly", "never", "true", "false", "no", "yes", "null", "~"),
    *("1.5", "1e3", "3600", "-1", "24 h", "24hours", "1 day", "7d", "P1D", "PT24H", "0 0 * * *\n", "0 0 * * *|"),
    *("'0 0 * * *'", '"0 0 * * *"', "{{ .Values.x }}", "${SCHEDULE}", "0 0 * * * # nightly", "@daily # nightly"),
]
# fmt: on

DURATION_UNITS = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
WRONG_UNITS = ["d", "w", "y", "H", "S", "sec", "min", "hr", "hours", "µ", "u", "n", " ", "s ", "mo"]
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]


def _number(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.6:
        text = str(
            rng.choice((rng.randrange(10), rng.randrange(100), rng.randrange(10**4), rng.randrange(10**12)))
        )
    elif kind < 0.75:
        text = str(rng.randrange(10**18, 10**21))
    else:
        text = str(rng.randrange(1000)).zfill(rng.randrange(1, 6))
    if rng.random() < 0.3:
        fraction = "".join(rng.choice("0123456789") for _ in range(rng.choice((0, 1, 3, 9, 12, 25))))
        text = rng.choice((text, "")) + "." + fraction
    return text


def duration(rng: random.Random) -> str:
    """One to four number-unit pieces, mostly well formed, some with a wrong unit or sign."""
    pieces = []
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        unit = rng.choice(DURATION_UNITS) if rng.random() < 0.9 else rng.choice(WRONG_UNITS)
        pieces.append(_number(rng) + (unit if rng.random() < 0.95 else ""))
    sign = rng.choice(("", "", "", "-", "+"))
    return sign + "".join(pieces)


def _cron_value(rng: random.Random, low: int, high: int, names: list[str]) -> str:
    roll = rng.random()
    if roll < 0.15 and names:
        name = rng.choice(names)
        return rng.choice((name, name.upper(), name.capitalize()))
    if roll < 0.2:
        return rng.choice(("-1", "+3", "x", "", "99999999999999999999", "1.5", "07"))
    if roll < 0.3:
        return str(rng.choice((low - 1, high + 1, high + 2)))
    return str(rng.randrange(low, high + 1))


def _cron_item(rng: random.Random, low: int, high: int, names: list[str], valid: bool) -> str:
    roll = rng.random()
    if roll < 0.3:
        item = rng.choice(("*", "?"))
    elif valid:
        a, b = sorted(rng.randrange(low, high + 1) for _ in range(2))
        item = str(a) if roll < 0.6 else f"{a}-{b}"
    elif roll < 0.6:
        item = _cron_value(rng, low, high, names)
    elif roll < 0.9:
        item = f"{_cron_value(rng, low, high, names)}-{_cron_value(rng, low, high, names)}"
    else:
        item = "-".join(_cron_value(rng, low, high, names) for _ in range(3))
    if rng.random() < 0.3:
        steps = ("1", "2", "5", "15", str(rng.randrange(1, 100)))
        item += "/" + rng.choice(steps if valid else (*steps, "0", "x", "-1", "2/3"))
    return item


FIELDS = [(0, 59, []), (0, 23, []), (1, 31, []), (1, 12, MONTHS), (0, 6, DAYS)]


def cron(rng: random.Random) -> str:
    """Five fields (sometimes four or six), each a list of items, joined by Go's white space; half of
    them drawn from in-range values only."""
    valid = rng.random() < 0.5
    count = 5 if valid else rng.choice((5, 5, 5, 5, 5, 5, 4, 6))
    fields = []
    for i in range(count):
        low, high, names = FIELDS[min(i, 4)]
        items = [_cron_item(rng, low, high, names, valid) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
        fields.append(",".join(items))
    separator = " " if rng.random() < 0.85 else rng.choice(GO_SPACES + NOT_GO_SPACES)
    spec = separator.join(fields)
    if rng.random() < 0.08:
        spec = rng.choice(("TZ=UTC ", "CRON_TZ=Europe/Berlin ", "TZ=Local ", "TZ=Bad/Zone ", "TZ=")) + spec
    return spec


def descriptor(rng: random.Random) -> str:
    word = rng.choice(
        ("yearly", "annually", "monthly", "weekly", "daily", "midnight", "hourly", "every", "reboot")
    )
    if word == "every":
        return "@every" + rng.choice((" ", " ", "  ", "\t", "")) + duration(rng)
    return "@" + rng.choice((word, word.upper(), word + " ", word + "\n"))


ALPHABET = "0123456789 *?/-,.@+smhdu_TZ=abcxyz\t\nµμ|'\"#{}" + GO_SPACES + NOT_GO_SPACES


def garbage(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 24)))


def sample() -> list[str]:
    """The edges, then generated durations, cron expressions, descriptors and garbage."""
    rng = random.Random(SEED)
    specs = list(EDGES)
    makers = (duration, duration, cron, cron, cron, descriptor, garbage)
    while len(dict.fromkeys(specs)) < SIZE:
        specs.append(rng.choice(makers)(rng))
    return list(dict.fromkeys(specs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(BINARY))
    args = parser.parse_args(argv)
    specs = sample()
    rows = answers(args.binary, specs)
    assert [row["spec"] for row in rows] == specs
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    RECORDS.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(f"recorded {len(rows)} schedules into {RECORDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
