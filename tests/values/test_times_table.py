"""Ontology relative-time table, at five reference times. Expected values computed by hand."""

from datetime import datetime, timezone

import pytest

from nlu.values.times import SHANGHAI, find_times

REFS = {
    "newyear": datetime(2026, 1, 1, 0, 30, tzinfo=SHANGHAI),        # Thu; ISO week from Mon 2025-12-29
    "endmar": datetime(2026, 3, 31, 23, 50, tzinfo=SHANGHAI),       # Tue; week from Mon 03-30
    "endyear": datetime(2026, 12, 31, 12, 0, tzinfo=SHANGHAI),      # Thu; week from Mon 12-28
    "monday": datetime(2026, 3, 16, 9, 0, tzinfo=SHANGHAI),         # Mon
    "sunday": datetime(2026, 3, 15, 20, 0, tzinfo=SHANGHAI),        # Sun; week from Mon 03-09
}


def day(s: str) -> str:
    return f"{s}T00:00:00+08:00"


def rng(a: str, b: str) -> str:
    return f"{day(a)}/{day(b)}"


def hours(d: str, h1: int, d2: str, h2: int) -> str:
    return f"{d}T{h1:02d}:00:00+08:00/{d2}T{h2:02d}:00:00+08:00"


TODAY = {"newyear": ("2026-01-01", "2026-01-02"), "endmar": ("2026-03-31", "2026-04-01"),
         "endyear": ("2026-12-31", "2027-01-01"), "monday": ("2026-03-16", "2026-03-17"),
         "sunday": ("2026-03-15", "2026-03-16")}
YESTERDAY = {"newyear": ("2025-12-31", "2026-01-01"), "endmar": ("2026-03-30", "2026-03-31"),
             "endyear": ("2026-12-30", "2026-12-31"), "monday": ("2026-03-15", "2026-03-16"),
             "sunday": ("2026-03-14", "2026-03-15")}
DAY_BEFORE = {"newyear": ("2025-12-30", "2025-12-31"), "endmar": ("2026-03-29", "2026-03-30"),
              "endyear": ("2026-12-29", "2026-12-30"), "monday": ("2026-03-14", "2026-03-15"),
              "sunday": ("2026-03-13", "2026-03-14")}
TOMORROW = {"newyear": ("2026-01-02", "2026-01-03"), "endmar": ("2026-04-01", "2026-04-02"),
            "endyear": ("2027-01-01", "2027-01-02"), "monday": ("2026-03-17", "2026-03-18"),
            "sunday": ("2026-03-16", "2026-03-17")}
DAY_AFTER = {"newyear": ("2026-01-03", "2026-01-04"), "endmar": ("2026-04-02", "2026-04-03"),
             "endyear": ("2027-01-02", "2027-01-03"), "monday": ("2026-03-18", "2026-03-19"),
             "sunday": ("2026-03-17", "2026-03-18")}
THIS_WEEK = {"newyear": ("2025-12-29", "2026-01-05"), "endmar": ("2026-03-30", "2026-04-06"),
             "endyear": ("2026-12-28", "2027-01-04"), "monday": ("2026-03-16", "2026-03-23"),
             "sunday": ("2026-03-09", "2026-03-16")}
LAST_WEEK = {"newyear": ("2025-12-22", "2025-12-29"), "endmar": ("2026-03-23", "2026-03-30"),
             "endyear": ("2026-12-21", "2026-12-28"), "monday": ("2026-03-09", "2026-03-16"),
             "sunday": ("2026-03-02", "2026-03-09")}
NEXT_WEEK = {"newyear": ("2026-01-05", "2026-01-12"), "endmar": ("2026-04-06", "2026-04-13"),
             "endyear": ("2027-01-04", "2027-01-11"), "monday": ("2026-03-23", "2026-03-30"),
             "sunday": ("2026-03-16", "2026-03-23")}
THIS_MONTH = {"newyear": ("2026-01-01", "2026-02-01"), "endmar": ("2026-03-01", "2026-04-01"),
              "endyear": ("2026-12-01", "2027-01-01"), "monday": ("2026-03-01", "2026-04-01"),
              "sunday": ("2026-03-01", "2026-04-01")}
LAST_MONTH = {"newyear": ("2025-12-01", "2026-01-01"), "endmar": ("2026-02-01", "2026-03-01"),
              "endyear": ("2026-11-01", "2026-12-01"), "monday": ("2026-02-01", "2026-03-01"),
              "sunday": ("2026-02-01", "2026-03-01")}
NEXT_MONTH = {"newyear": ("2026-02-01", "2026-03-01"), "endmar": ("2026-04-01", "2026-05-01"),
              "endyear": ("2027-01-01", "2027-02-01"), "monday": ("2026-04-01", "2026-05-01"),
              "sunday": ("2026-04-01", "2026-05-01")}
THIS_Q = {"newyear": ("2026-01-01", "2026-04-01"), "endmar": ("2026-01-01", "2026-04-01"),
          "endyear": ("2026-10-01", "2027-01-01"), "monday": ("2026-01-01", "2026-04-01"),
          "sunday": ("2026-01-01", "2026-04-01")}
LAST_Q = {"newyear": ("2025-10-01", "2026-01-01"), "endmar": ("2025-10-01", "2026-01-01"),
          "endyear": ("2026-07-01", "2026-10-01"), "monday": ("2025-10-01", "2026-01-01"),
          "sunday": ("2025-10-01", "2026-01-01")}
NEXT_Q = {"newyear": ("2026-04-01", "2026-07-01"), "endmar": ("2026-04-01", "2026-07-01"),
          "endyear": ("2027-01-01", "2027-04-01"), "monday": ("2026-04-01", "2026-07-01"),
          "sunday": ("2026-04-01", "2026-07-01")}
ALL = ("newyear", "endmar", "endyear", "monday", "sunday")
Y2026 = {k: ("2026-01-01", "2027-01-01") for k in ALL}
Y2025 = {k: ("2025-01-01", "2026-01-01") for k in ALL}
Y2027 = {k: ("2027-01-01", "2028-01-01") for k in ALL}
LAST7 = {"newyear": ("2025-12-26", "2026-01-02"), "endmar": ("2026-03-25", "2026-04-01"),
         "endyear": ("2026-12-25", "2027-01-01"), "monday": ("2026-03-10", "2026-03-17"),
         "sunday": ("2026-03-09", "2026-03-16")}
LAST3 = {"newyear": ("2025-12-30", "2026-01-02"), "endmar": ("2026-03-29", "2026-04-01"),
         "endyear": ("2026-12-29", "2027-01-01"), "monday": ("2026-03-14", "2026-03-17"),
         "sunday": ("2026-03-13", "2026-03-16")}
LAST30 = {"newyear": ("2025-12-03", "2026-01-02"), "endmar": ("2026-03-02", "2026-04-01"),
          "endyear": ("2026-12-02", "2027-01-01"), "monday": ("2026-02-15", "2026-03-17"),
          "sunday": ("2026-02-14", "2026-03-16")}
MAR5 = {k: ("2026-03-05", "2026-03-06") for k in ALL}
MARCH = {k: ("2026-03-01", "2026-04-01") for k in ALL}
DEC_LAST_YEAR = {k: ("2025-12-01", "2026-01-01") for k in ALL}

DAY_ROWS = {
    "今天": TODAY, "今日": TODAY, "昨天": YESTERDAY, "昨日": YESTERDAY, "前天": DAY_BEFORE,
    "明天": TOMORROW, "明日": TOMORROW, "后天": DAY_AFTER,
    "本周": THIS_WEEK, "这周": THIS_WEEK, "这个星期": THIS_WEEK, "本星期": THIS_WEEK,
    "上周": LAST_WEEK, "上个星期": LAST_WEEK, "上星期": LAST_WEEK, "上礼拜": LAST_WEEK,
    "下周": NEXT_WEEK, "下星期": NEXT_WEEK, "下个星期": NEXT_WEEK,
    "本月": THIS_MONTH, "这个月": THIS_MONTH, "这月": THIS_MONTH,
    "上月": LAST_MONTH, "上个月": LAST_MONTH, "下月": NEXT_MONTH, "下个月": NEXT_MONTH,
    "本季度": THIS_Q, "这个季度": THIS_Q, "上季度": LAST_Q, "上一季度": LAST_Q, "上个季度": LAST_Q,
    "下季度": NEXT_Q, "下一季度": NEXT_Q,
    "今年": Y2026, "全年": Y2026, "去年": Y2025, "明年": Y2027,
    "最近7天": LAST7, "近7天": LAST7, "过去7天": LAST7, "最近七天": LAST7, "近三天": LAST3,
    "近3天": LAST3, "过去三十天": LAST30, "最近30天": LAST30,
    "3月5日": MAR5, "3月5号": MAR5, "三月五日": MAR5, "三月五号": MAR5, "2026年3月5日": MAR5,
    "2026-03-05": MAR5, "2026/3/5": MAR5, "2026年3月": MARCH, "3月": MARCH, "3月份": MARCH,
    "去年最后一个月": DEC_LAST_YEAR, "2025年12月": DEC_LAST_YEAR, "去年12月": DEC_LAST_YEAR,
}

CASES = [(p, r, table[r]) for p, table in DAY_ROWS.items() for r in ALL]


@pytest.mark.parametrize("phrase,ref,expected", CASES, ids=[f"{p}@{r}" for p, r, _ in CASES])
def test_relative_rows(phrase, ref, expected):
    text = f"查询{phrase}的任务"
    ms = find_times(text, REFS[ref])
    assert len(ms) == 1, ms
    m = ms[0]
    assert m.text == phrase and text[m.start:m.end] == phrase
    assert m.kind == "time_range"
    assert m.canonical_value == rng(*expected)


PART_ROWS = {
    # phrase: (day table, start hour, end hour)
    "明早": (TOMORROW, 6, 12), "明天早上": (TOMORROW, 6, 12), "明天上午": (TOMORROW, 6, 12),
    "今天上午": (TODAY, 6, 12), "今早": (TODAY, 6, 12), "昨天下午": (YESTERDAY, 12, 18),
    "前天下午": (DAY_BEFORE, 12, 18), "今天晚上": (TODAY, 18, 24), "今晚": (TODAY, 18, 24),
    "昨晚": (YESTERDAY, 18, 24), "后天晚上": (DAY_AFTER, 18, 24), "下午": (TODAY, 12, 18),
}
PART_CASES = [(p, r, v) for p, v in PART_ROWS.items() for r in ALL]


@pytest.mark.parametrize("phrase,ref,spec", PART_CASES, ids=[f"{p}@{r}" for p, r, _ in PART_CASES])
def test_parts_of_day(phrase, ref, spec):
    table, h1, h2 = spec
    d0, d1 = table[ref]
    expected = hours(d0, h1, d1 if h2 == 24 else d0, 0 if h2 == 24 else h2)
    ms = find_times(f"{phrase}有几台AGV在线", REFS[ref])
    assert [(m.text, m.kind, m.canonical_value) for m in ms] == [(phrase, "time_range", expected)]


CLOCK_ROWS = {
    # phrase: (day table, HH:MM)
    "下午三点": (TODAY, "15:00"), "明天下午三点": (TOMORROW, "15:00"), "15:30": (TODAY, "15:30"),
    "下午三点半": (TODAY, "15:30"), "明早八点": (TOMORROW, "08:00"), "昨天晚上8点": (YESTERDAY, "20:00"),
    "上午10点15分": (TODAY, "10:15"), "今天14:05": (TODAY, "14:05"), "明天15点": (TOMORROW, "15:00"),
    "下午三点一刻": (TODAY, "15:15"), "晚上九点四十": (TODAY, "21:40"),
}
CLOCK_CASES = [(p, r, v) for p, v in CLOCK_ROWS.items() for r in ALL]


@pytest.mark.parametrize("phrase,ref,spec", CLOCK_CASES, ids=[f"{p}@{r}" for p, r, _ in CLOCK_CASES])
def test_clock_points(phrase, ref, spec):
    table, hm = spec
    expected = f"{table[ref][0]}T{hm}:00+08:00"
    ms = find_times(f"{phrase}派车", REFS[ref])
    assert [(m.text, m.kind, m.canonical_value) for m in ms] == [(phrase, "time", expected)]


def test_reference_converted_to_shanghai():
    utc_ref = datetime(2025, 12, 31, 16, 30, tzinfo=timezone.utc)  # = 2026-01-01 00:30 +08:00
    [m] = find_times("今天", utc_ref)
    assert m.canonical_value == rng("2026-01-01", "2026-01-02")
    [m] = find_times("下个月", utc_ref)
    assert m.canonical_value == rng("2026-02-01", "2026-03-01")


def test_naive_reference_is_shanghai_wall_clock():
    [m] = find_times("昨天", datetime(2026, 1, 1, 0, 30))
    assert m.canonical_value == rng("2025-12-31", "2026-01-01")
