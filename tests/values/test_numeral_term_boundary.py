"""A time reading never takes the numeral of a pack term (本周一级修 = 本周 + 一级修), and real
weekdays stay weekdays. Corpus: `lexicons/corpora/values.numeral_term_boundary.json`
(hand-written, see its `about`), run through the whole pipeline."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
                     / "values.numeral_term_boundary.json").read_text("utf-8"))
REF = "2026-12-01T21:30:00+08:00"
_TIMES = ("time", "time_range")


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return Pipeline(budget_ms=10_000)


def _time_texts(r) -> list[str]:  # noqa: ANN001
    return [e.text for e in r.entities if e.type in _TIMES]


def test_corpus_has_five_of_each():
    assert CORPUS["rule"] == "values.numeral_term_boundary"
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_term_keeps_its_numeral(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert _time_texts(r) == ([case["time"]] if case["time"] else []), r.entities
    assert case["term"] in r.canonical_text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_real_weekday_stays(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert _time_texts(r) == [case["time"]], r.entities


def test_weekday_before_a_level_is_monday_of_this_week(pipe: Pipeline) -> None:
    r = pipe.understand("本周一一级修的计划", reference_time=REF)
    monday = [e for e in r.entities if e.type in _TIMES][0]
    assert monday.canonical_value == "2026-11-30T00:00:00+08:00/2026-12-01T00:00:00+08:00"
    assert ("maintenance_level", "一级修") in [(e.type, e.text) for e in r.entities]
