"""A day written after a month is part of the expression (issue 27): 下個月廿號 is that day, never
the whole month; a day that does not exist in that month is unresolved, never moved; a number
that counts something after the month (下个月二十台) is no day, and the month stays a month.
Reference: 2026-12-07 (next month January 2027 has 31 days, the one before November 30)."""
from __future__ import annotations

from datetime import datetime

import pytest

import nlu
from nlu.values.times import find_times

REF = datetime(2026, 12, 7, 10, 0)
REF_ISO = "2026-12-07T10:00:00+08:00"


def _day(y: int, m: int, d: int) -> str:
    from datetime import date, timedelta

    a = date(y, m, d)
    b = a + timedelta(days=1)
    return f"{a.isoformat()}T00:00:00+08:00/{b.isoformat()}T00:00:00+08:00"


JAN, DEC, NOV, FEB = (2027, 1), (2026, 12), (2026, 11), (2027, 2)
DAYS = [
    ("下個月廿號检修", "下個月廿號", _day(*JAN, 20)),
    ("下个月廿号", "下个月廿号", _day(*JAN, 20)),
    ("下月二十号", "下月二十号", _day(*JAN, 20)),
    ("下個月卅號", "下個月卅號", _day(*JAN, 30)),
    ("下月廿一", "下月廿一", _day(*JAN, 21)),
    ("下月廿一号到货", "下月廿一号", _day(*JAN, 21)),
    ("下个月卅一号", "下个月卅一号", _day(*JAN, 31)),
    ("上個月廿三號的记录", "上個月廿三號", _day(*NOV, 23)),
    ("這個月廿五日交付", "這個月廿五日", _day(*DEC, 25)),
    ("本月十五交付", "本月十五", _day(*DEC, 15)),
    ("下下个月廿八交付", "下下个月廿八", _day(*FEB, 28)),
    ("下月二十一检修", "下月二十一", _day(*JAN, 21)),
    ("本月15，请安排", "本月15", _day(*DEC, 15)),
    ("2月廿号", "2月廿号", _day(2026, 2, 20)),
    ("十二月廿五日", "十二月廿五日", _day(*DEC, 25)),
]


@pytest.mark.parametrize("text,phrase,canon", DAYS)
def test_a_day_after_a_month_is_that_day(text, phrase, canon):
    got = [(t.text, t.canonical_value) for t in find_times(text, REF)]
    assert got[0] == (phrase, canon)


@pytest.mark.parametrize("text,phrase", [
    ("上個月卅一號", "上個月卅一號"),  # November has 30 days
    ("上个月三十一号", "上个月三十一号"),
    ("下下个月卅号", "下下个月卅号"),  # February 2027
    ("下下个月廿九", "下下个月廿九"),
    ("下个月卌号", "下个月"),  # 卌 (40) is no day: the month is not read either
    ("下个月35号", "下个月"),
    ("12月35号", "12月"),
])
def test_a_day_the_month_does_not_have_is_unresolved(text, phrase):
    got = find_times(text, REF)
    assert got[0].text == phrase and got[0].canonical_value is None


@pytest.mark.parametrize("text", ["下个月20台设备", "下个月二十多台", "下月三十分钟", "本月1次", "下个月一百台"])
def test_a_count_after_the_month_is_no_day(text):
    got = find_times(text, REF)
    assert got[0].text in ("下个月", "下月", "本月")
    assert got[0].canonical_value is not None and got[0].canonical_value.endswith("-01T00:00:00+08:00")


def test_through_the_public_api():
    r = nlu.understand("下個月廿號检修", source="typed", reference_time=REF_ISO)
    times = [(e.source_span.start, e.source_span.end, e.canonical_value) for e in r.entities if e.type.startswith("time")]
    assert times == [(0, 5, _day(*JAN, 20))]
