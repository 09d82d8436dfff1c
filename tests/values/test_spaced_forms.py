"""Digits spaced apart from their Chinese units (typed and ASR text) read like unspaced ones."""
from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlu.values.times import SHANGHAI, find_times

REF = datetime(2026, 3, 15, 10, 30, tzinfo=SHANGHAI)


@pytest.mark.parametrize("spaced,plain", [
    ("下午 3 点", "下午3点"), ("明天下午 3 点开会", "明天下午3点开会"), ("3 月 5 号的任务", "3月5号的任务"),
    ("2026 年 3 月", "2026年3月"), ("最近 7 天", "最近7天"), ("查 2026 年 3 月 5 日 的计划", "查2026年3月5日 的计划"),
])
def test_spaced_time_resolves_like_the_unspaced_one(spaced, plain):
    got = find_times(spaced, REF)
    want = find_times(plain, REF)
    assert [m.canonical_value for m in got] == [m.canonical_value for m in want] and got
    for m in got:  # reported in the coordinates of the spaced text
        assert spaced[m.start:m.end] == m.text and m.text.replace(" ", "") in plain


def test_blocked_identifier_digits_never_join_a_time():
    text = "T-2026010241 3 月"
    (m,) = find_times(text, REF, blocked=[(0, 12)])
    assert (m.start, m.text) == (13, "3 月")


@given(st.lists(st.sampled_from(["3", "月", "5", "号", " ", "下午", "点", "2026", "年", "AGV-01", "今天", "，"]), max_size=12).map("".join))
def test_spans_slice_their_text(text):
    for m in find_times(text, REF):
        assert text[m.start:m.end] == m.text and m.start < m.end
