"""Stage `term`: leftmost-longest linking and the ambiguity rules (design 7.3, 8)."""
from __future__ import annotations

import pytest

from nlu.pipeline import FeatureFlags
from nlu.draft import Draft
from nlu.source import build_source
from nlu.stages.correct import CorrectStage
from nlu.stages.link import LinkStage
from nlu.stages.protect import ProtectStage

REF = "2026-05-12T10:00:00+08:00"


def terms(pipe, text, **kw):
    r = pipe.understand(text, reference_time=REF, **kw)
    return r, {t.raw_text: t for t in r.terms}


def flags(text):
    info = build_source(text, source="typed", reference_time=REF, alternatives=None, confidence=None,
                        segments=None, referents=None, edited_after_capture=False)
    d = Draft(original=text, source=info, flags=FeatureFlags())
    for s in (ProtectStage(), CorrectStage(), LinkStage()):
        s.run(d)
    return d


def test_unambiguous_surface_confirmed(pipe):
    r, t = terms(pipe, "一车间的检修计划")
    assert t["一车间"].confirmed and t["一车间"].term_code == "rail.org.workshop1" and t["一车间"].confidence == 1.0
    assert t["检修计划"].canonical_text == "检修计划"
    for m in r.terms:
        assert r.original_text[m.source_span.start:m.source_span.end] == m.raw_text
        assert m.candidates[0].evidence == ["lexicon"]


def test_leftmost_longest(pipe):
    _, t = terms(pipe, "苹果公司的股价")
    assert "苹果" not in t and t["苹果公司"].confirmed and t["苹果公司"].term_code == "common.org.apple"


@pytest.mark.parametrize("text,surface", [("苹果", "苹果"), ("苹果怎么样", "苹果"), ("车", "车"), ("这辆车呢", "车"),
                                          ("电池", "电池"), ("已完工的任务", "任务"), ("车间里的车在充电", "车")])
def test_ambiguous_without_context(pipe, text, surface):
    _, t = terms(pipe, text)
    m = t[surface]
    assert not m.confirmed and m.term_code is None and m.canonical_text is None
    assert len(m.candidates) == 2 and all(c.score < 0.85 for c in m.candidates)
    assert "ambiguous_term" in flags(text).flags_raised


@pytest.mark.parametrize("text", ["任务", "今天的任务", "任务情况"])
def test_a_bare_task_takes_the_ontology_default(pipe, text):
    """ontology.md lists 任务 among agv's typical words (lexicons/shared_words.json): with no
    word of either domain beside it the term reads as agv's. Routing counts that default only
    in a count/list/report question: tests/stages/test_route.py and
    tests/stages/test_shared_word_reading.py check these turns are still asked."""
    _, t = terms(pipe, text)
    assert t["任务"].confirmed and t["任务"].term_code == "agv.task.transport"


@pytest.mark.parametrize("text,surface,code", [
    ("AGV-01 这台车", "车", "agv.vehicle.agv"),           # identifier type
    ("查询 AGV-O1 的任务", "任务", "agv.task.transport"),  # look-alike still names the type
    ("这台车的检修记录", "车", "rail.loco.locomotive"),    # explicit domain word
    ("HXD1-0001 这台车", "车", "rail.loco.locomotive"),
    ("小车的任务", "任务", "agv.task.transport"),
    ("机车的任务有哪些", "任务", "rail.maint.task"),
    ("WO-20260312 的任务", "任务", "rail.maint.task"),
    ("AGV 的电池还剩多少", "电池", "agv.battery.battery"),
])
def test_resolved_by_context(pipe, text, surface, code):
    _, t = terms(pipe, text)
    m = t[surface]
    assert m.confirmed and m.term_code == code
    assert m.candidates[0].id == code and m.candidates[0].score >= 0.85
    assert m.candidates[0].score - m.candidates[1].score >= 0.15


def test_both_domains_stay_ambiguous(pipe):
    _, t = terms(pipe, "机车和 AGV 的任务")
    assert not t["任务"].confirmed
    assert "ambiguous_term" in flags("机车和 AGV 的任务").flags_raised


def test_identifier_prefix_is_not_a_term(pipe):
    r, t = terms(pipe, "查询 AGV-01 当前状态")
    assert all(m.raw_text != "AGV" for m in r.terms)
    assert t["当前状态"].confirmed


def test_terms_after_correction_span_original(pipe):
    r, t = terms(pipe, "全年检休抱表", source="asr")
    assert r.canonical_text == "全年检修报表"
    assert t["检休"].term_code == "rail.maint.maintenance" and t["抱表"].term_code == "common.report.report"
    assert t["全年"].term_code == "common.time.whole_year"


def test_no_terms_no_flag(pipe):
    r, _ = terms(pipe, "你好")
    assert r.terms == [] and "ambiguous_term" not in flags("你好").flags_raised
