from datetime import datetime

import pytest

from nlu.values.times import SHANGHAI, find_times

REF = datetime(2026, 3, 15, 10, 0, tzinfo=SHANGHAI)
DEC = datetime(2026, 12, 20, 10, 0, tzinfo=SHANGHAI)


def one(text, ref=REF, **kw):
    ms = find_times(text, ref, **kw)
    assert len(ms) == 1, ms
    return ms[0]


def test_april_20_is_not_year_2020():
    m = one("4月20日的工单")
    assert m.canonical_value == "2026-04-20T00:00:00+08:00/2026-04-21T00:00:00+08:00"


def test_next_month_in_december_is_january():
    assert one("下个月", DEC).canonical_value == "2027-01-01T00:00:00+08:00/2027-02-01T00:00:00+08:00"
    assert one("下季度", DEC).canonical_value == "2027-01-01T00:00:00+08:00/2027-04-01T00:00:00+08:00"


def test_previous_quarter_is_not_q1():
    m = one("上一季度检修报表", datetime(2026, 8, 1, tzinfo=SHANGHAI))
    assert m.canonical_value == "2026-04-01T00:00:00+08:00/2026-07-01T00:00:00+08:00"


@pytest.mark.parametrize("text,span", [
    ("查询 AGV-01 当前状态", (3, 9)),
    ("把 T-2026010241 取消", (2, 14)),
    ("HXD1-0001 现在在哪", (0, 9)),
    ("WO-20260312 的进度", (0, 11)),
    ("给 AGV-03 下发任务到 ST-05", (2, 8)),
])
def test_identifiers_are_not_dates(text, span):
    blocked = [span]
    if "ST-05" in text:
        i = text.index("ST-05")
        blocked.append((i, i + 5))
    assert find_times(text, REF, blocked=blocked) == []


def test_identifier_digits_not_dates_even_unblocked():
    # glue rules alone keep these out even when the caller forgot to block them
    for t in ("AGV-01", "T-2026010241", "WO-20260312", "ST-05", "HXD1-0001"):
        assert find_times(t, REF) == [], t


def test_blocked_span_inside_text_does_not_hide_neighbours():
    text = "T-2026010241明天下午三点执行"
    [m] = find_times(text, REF, blocked=[(0, 12)])
    assert (m.text, m.canonical_value) == ("明天下午三点", "2026-03-16T15:00:00+08:00")


@pytest.mark.parametrize("text", ["十二月月底", "3月底", "三月上旬", "2月30日", "三点半", "中午"])
def test_unresolved_keep_text_no_value(text):
    m = one(text)
    assert m.text == text
    assert m.canonical_value is None


def test_bare_ambiguous_clock_unresolved_but_24h_resolved():
    assert one("三点半").canonical_value is None
    assert one("15点").canonical_value == "2026-03-15T15:00:00+08:00"
    assert one("9:30").canonical_value == "2026-03-15T09:30:00+08:00"


def test_recent_weeks_and_months_unresolved():
    assert one("最近一周").canonical_value is None
    assert one("近三个月").canonical_value is None


@pytest.mark.parametrize("text,expected", [
    ("周三", "2026-03-11T00:00:00+08:00/2026-03-12T00:00:00+08:00"),
    ("下周一上午", "2026-03-16T06:00:00+08:00/2026-03-16T12:00:00+08:00"),
    ("上周五", "2026-03-06T00:00:00+08:00/2026-03-07T00:00:00+08:00"),
    ("2026年第一季度", "2026-01-01T00:00:00+08:00/2026-04-01T00:00:00+08:00"),
    ("去年全年", "2025-01-01T00:00:00+08:00/2026-01-01T00:00:00+08:00"),
    ("2025年", "2025-01-01T00:00:00+08:00/2026-01-01T00:00:00+08:00"),
    ("二〇二六年三月五日", "2026-03-05T00:00:00+08:00/2026-03-06T00:00:00+08:00"),
    ("上半年", "2026-01-01T00:00:00+08:00/2026-07-01T00:00:00+08:00"),
    ("3月5日下午", "2026-03-05T12:00:00+08:00/2026-03-05T18:00:00+08:00"),
    ("3月5日 14:30", "2026-03-05T14:30:00+08:00"),
    ("2026-03-05T14:30:00Z", "2026-03-05T22:30:00+08:00"),
])
def test_other_forms(text, expected):
    assert one(text).canonical_value == expected


@pytest.mark.parametrize("text", ["周期检修", "然后天气", "提前天数", "以下月份", "3台", "一百二十块", "查一下", "5号站"])
def test_not_times(text):
    assert find_times(text, REF) == []


def test_dateparser_not_imported_at_module_import():
    import subprocess
    import sys
    code = "import sys, nlu.values.times, nlu.values.quantities; print('dateparser' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_month_followed_by_the_maintenance_level_zhongxiu_is_still_next_month():
    # 下月中修 = 下月 + 中修 (a maintenance level), not "mid next month"
    m = one("HXD1-0021 下月中修", blocked=[(0, 9)])
    assert (m.text, m.canonical_value) == ("下月", "2026-04-01T00:00:00+08:00/2026-05-01T00:00:00+08:00")
    assert not find_times("下月中旬", REF) or find_times("下月中旬", REF)[0].canonical_value is None
