"""A weekday before a maintenance level (本周一一级修): Monday of this week and the level. The corpus
`lexicons/corpora/values.numeral_term_boundary.json` runs in tests/test_corpora.py."""
from __future__ import annotations

import pytest

from nlu.pipeline import Pipeline

REF = "2026-12-01T21:30:00+08:00"
_TIMES = ("time", "time_range")


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return Pipeline(budget_ms=10_000)


def test_weekday_before_a_level_is_monday_of_this_week(pipe: Pipeline) -> None:
    r = pipe.understand("本周一一级修的计划", reference_time=REF)
    monday = [e for e in r.entities if e.type in _TIMES][0]
    assert monday.canonical_value == "2026-11-30T00:00:00+08:00/2026-12-01T00:00:00+08:00"
    assert ("maintenance_level", "一级修") in [(e.type, e.text) for e in r.entities]
