"""Calendar validity (nlu.values.times.impossible_dates): a month or day number that cannot
be is found; a vague or unsupported phrase, or a real date, is not (written by hand)."""
from __future__ import annotations

from datetime import datetime

import pytest

from nlu.values.times import SHANGHAI, impossible_dates

REF = datetime(2026, 3, 18, 9, 0, tzinfo=SHANGHAI)  # 2026 is not a leap year


@pytest.mark.parametrize("text,shown", [
    ("查一下2026年13月的检修工单", "2026年13月"),
    ("2月29号的AGV任务报表", "2月29号"),  # no year: the reference year
    ("4月31日有哪些检修计划", "4月31日"),
    ("十三月五号的计划", "十三月五号"),
    ("二月三十日的任务", "二月三十日"),
    ("0月5日", "0月5日"),
    ("推迟到 4 月 31 日", "4 月 31 日"),
    ("二〇二五年二月二十九日", "二〇二五年二月二十九日"),
])
def test_a_date_that_does_not_exist_is_found(text, shown):
    assert [d.text for d in impossible_dates(text, REF)] == [shown]


@pytest.mark.parametrize("text", [
    "2028年2月29日的检修计划", "12月31日", "1月1号", "近6个月", "6月底", "3月份的工单", "第3个月",
    "每月的报表", "2026年12月31日", "4月30日", "12月",
])
def test_a_real_or_vague_date_is_not(text):
    assert impossible_dates(text, REF) == []


def test_the_year_said_decides_a_leap_day():
    assert impossible_dates("2024年2月29日", REF) == []
    assert [d.text for d in impossible_dates("2025年2月29日", REF)] == ["2025年2月29日"]
