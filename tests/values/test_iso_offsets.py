"""ISO 8601 datetimes with their own offset: read by the standard library, checked against
dateparser (the reference this path used before) on every valid shape the pattern takes,
and never reinterpreted when out of range."""
from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlu.values.times import SHANGHAI, find_times

REF = datetime(2026, 3, 15, 10, 30, tzinfo=SHANGHAI)
dateparser = pytest.importorskip("dateparser")


def _dateparser_value(s: str) -> str | None:
    dt = dateparser.parse(s, languages=["zh"], settings={"RELATIVE_BASE": REF.replace(tzinfo=None),
                                                        "TIMEZONE": "Asia/Shanghai", "RETURN_AS_TIMEZONE_AWARE": True})
    return None if dt is None else dt.astimezone(SHANGHAI).replace(microsecond=0).isoformat()


@st.composite
def iso_with_offset(draw) -> str:  # noqa: ANN001
    dt = draw(st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 12, 31)))
    # offsets in use somewhere (UTC-12 … UTC+14, with the half and three-quarter hours)
    minutes = draw(st.sampled_from([-720, -600, -480, -300, -210, -180, -60, 0, 60, 120, 180, 210, 300, 330, 345,
                                    480, 540, 570, 600, 780, 840]))
    sep = draw(st.sampled_from(["T", " "]))
    seconds = draw(st.sampled_from(["", ":%S", ":%S.%f"]))
    text = dt.strftime(f"%Y-%m-%d{sep}%H:%M{seconds}")
    if minutes == 0 and draw(st.booleans()):
        return text + "Z"
    sign = "+" if minutes >= 0 else "-"
    hh, mm = divmod(abs(minutes), 60)
    colon = draw(st.sampled_from([":", ""]))
    return f"{text}{sign}{hh:02d}{colon}{mm:02d}"


@given(iso_with_offset())
def test_valid_iso_offsets_resolve_as_dateparser_reads_them(s):
    found = find_times(f"查询 {s} 的任务", REF)
    assert [m.text for m in found] == [s]
    assert found[0].canonical_value == _dateparser_value(s)


@pytest.mark.parametrize("s", ["2026-13-05T14:30Z", "2026-02-30T10:00:00+08:00", "2026-03-05T25:00:00+08:00",
                               "2026-03-05T14:30:60Z", "2026-03-05T14:30:00+25:00", "2026-00-10T08:00+08:00"])
def test_out_of_range_parts_are_never_reinterpreted(s):
    found = find_times(f"查询 {s} 的任务", REF)
    # recognised as a time or not at all, but never given another date's value
    assert all(m.canonical_value is None for m in found), [(m.text, m.canonical_value) for m in found]
