"""Stage `correct`: the design rows (7.1, 16.2), context conditions, alternatives, suggestions,
and the protected-span property, run through a pipeline protect → correct → term."""
from __future__ import annotations


import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlu.pipeline import FeatureFlags, Pipeline  # isort: skip  (before nlu.draft: import cycle draft→pipeline→assemble→draft)
from nlu.draft import Draft
from nlu.lexicon import default_pack
from nlu.source import build_source
from nlu.stages.correct import THRESHOLD, CorrectStage
from nlu.stages.link import LinkStage
from nlu.stages.protect import ProtectStage
from nlu.text.utf16 import Utf16Index

REF = "2026-05-12T10:00:00+08:00"


class Keep:
    def decide(self, draft):
        pass


def run(pipe, text, source="asr", **kw):
    return pipe.understand(text, source=source, reference_time=REF, **kw)


def applied(r):
    return [(c.original_text, c.replacement) for c in r.corrections if c.auto_applied]


def suggested(r):
    return [(c.original_text, c.replacement) for c in r.corrections if not c.auto_applied]


def draft_after(text, source="asr", alternatives=None):
    """Run the stages on a bare draft to inspect flags and scratch."""
    info = build_source(text, source=source, reference_time=REF, alternatives=alternatives, confidence=None,
                        segments=None, referents=None, edited_after_capture=False)
    d = Draft(original=text, source=info, flags=FeatureFlags())
    ProtectStage().run(d)
    CorrectStage().run(d)
    return d


# ---------------------------------------------------------------------------- design rows
@pytest.mark.parametrize("text,canonical", [
    ("全年检休抱表", "全年检修报表"),
    ("全年的检休抱表", "全年的检修报表"),
    ("一车间上月的检休抱表", "一车间上月的检修报表"),
    ("帮我看下全年检休抱表", "帮我看下全年检修报表"),
])
def test_two_edits_recorded(pipe, text, canonical):
    r = run(pipe, text)
    assert r.canonical_text == canonical
    assert applied(r) == [("检休", "检修"), ("抱表", "报表")]
    for c in r.corrections:
        assert c.auto_applied and c.confidence >= THRESHOLD
        assert c.evidence == "lexicon" and c.type == "asr"
        assert text[c.original_span.start:c.original_span.end] == c.original_text
        assert r.canonical_text[c.canonical_span.start:c.canonical_span.end] == c.replacement
        assert not c.touches_protected_span


@pytest.mark.parametrize("text,canonical", [
    ("查询检休计划", "查询检修计划"),
    ("查询本月检休计划", "查询本月检修计划"),
    ("查一下检休计划", "查一下检修计划"),
    ("HXD1-0001的检休记录", "HXD1-0001的检修记录"),
    ("检休工单", "检修工单"),
])
def test_homophone_pair_applied(pipe, text, canonical):
    r = run(pipe, text)
    assert r.canonical_text == canonical
    assert ("检休", "检修") in applied(r)


@pytest.mark.parametrize("text", ["全员检修报表", "嗯 全员检修报表", "全员的检修报表", "全员检修统计"])
def test_whole_staff_is_not_whole_year(pipe, text):
    r = run(pipe, text)
    assert "全年" not in r.canonical_text and "全员" in r.canonical_text
    assert ("全员", "全年") in suggested(r)
    d = draft_after(text)
    assert "ambiguous_correction" in d.flags_raised
    sug = d.scratch["suggestions"]
    assert sug and sug[0]["from"] == "全员" and sug[0]["to"] == "全年" and sug[0]["reason"] == "time_change"
    assert text[sug[0]["o0"]:sug[0]["o1"]] == "全员"


def test_whole_staff_with_another_fix(pipe):
    r = run(pipe, "全员检休报表")
    assert r.canonical_text == "全员检修报表"
    assert applied(r) == [("检休", "检修")]
    assert ("全员", "全年") in suggested(r)


@pytest.mark.parametrize("text,kept", [
    ("AGV-O1 状态", "AGV-O1"), ("查询 AGV-O1 状态", "AGV-O1"), ("HXDl-0001 检修进度", "HXDl-0001"),
    ("SS4-0I23 检修记录", "SS4-0I23"), ("关闭 WO-2O260312", "WO-2O260312"),
])
def test_lookalike_identifiers_kept(pipe, text, kept):
    r = run(pipe, text, source="ocr")
    assert kept in r.canonical_text
    assert not any(c.auto_applied and kept in c.original_text for c in r.corrections)


@pytest.mark.parametrize("text", ["查询 AGV-99 状态", "AGV-99 在哪", "HXD1-001 的状态"])
def test_unknown_identifier_never_pulled(pipe, text):
    r = run(pipe, text)
    assert r.canonical_text == text
    assert r.corrections == []


@pytest.mark.parametrize("text", [
    "查询 AGV-01 当前状态", "本月完成了多少张工单", "全年检修报表", "列出今天所有失败的搬运任务",
    "AGV 现在几个在线", "检修成功了吗", "一车间的检修计划",
])
def test_clean_sentences_untouched(pipe, text):
    r = run(pipe, text)
    assert r.canonical_text == text
    assert applied(r) == []


# ---------------------------------------------------------------------------- contexts
@pytest.mark.parametrize("text,fixed", [
    ("机车的简修计划", True),    # 简修→检修 needs 机车/工单/计划/修程/车间
    ("简修一下", False),
    ("鸡车检修", True),          # 鸡车→机车 needs a rail word
    ("我想吃鸡车", False),
    ("鸡车检休", True),          # context from this pass's own context-free fix (检休→检修)
    ("AGV 电亮多少", True),
    ("屏幕电亮", False),
    ("查工单好", True),          # 工单好→工单号 needs 查/查询/多少, and keeps the protected 工单
    ("工单好多", False),
])
def test_context_conditions(pipe, text, fixed):
    r = run(pipe, text)
    assert bool(applied(r)) is fixed, (text, r.corrections)


def test_wrong_form_is_not_its_own_context(pipe):
    # 修成→修程 requires 检修/机车/…; a wrong form never satisfies its own condition,
    # and an exact alias (检修) crossing the window blocks the pair altogether
    r = run(pipe, "检修成功")
    assert r.corrections == []


def test_protected_part_kept_by_trimming(pipe):
    r = run(pipe, "内然机车的检修计划")
    assert r.canonical_text == "内燃机车的检修计划"
    (c,) = r.corrections
    assert (c.original_text, c.replacement) == ("然", "燃") and not c.touches_protected_span


@pytest.mark.parametrize("text,frm,reason", [
    ("末完成的工单有哪些", "末完成", "negation_change"),
    ("取效 T-2026010241", "取效", "action_change"),
    ("本目的检修计划", "本目", "time_change"),
])
def test_meaning_changing_pairs_are_suggestions(pipe, text, frm, reason):
    r = run(pipe, text)
    assert frm in r.canonical_text
    assert any(o == frm for o, _ in suggested(r))
    d = draft_after(text)
    assert "ambiguous_correction" in d.flags_raised
    assert any(s["reason"] == reason and s["from"] == frm for s in d.scratch["suggestions"])


def test_number_pair_inside_protected_number_skipped(pipe):
    r = run(pipe, "四台 AGV 在线")
    assert r.canonical_text == "四台 AGV 在线" and r.corrections == []


# ---------------------------------------------------------------------------- alternatives
def test_source_alternative_homophone_applied(pipe):
    r = run(pipe, "查询本月的修车机化", alternatives=["查询本月的修车计划"])
    assert r.canonical_text == "查询本月的修车计划"
    (c,) = r.corrections
    assert c.evidence == "source_alternative" and c.type == "asr" and c.auto_applied
    # the window widens to the whole term of the alternative (修车计划), within the equal context
    assert c.original_text == "修车机化" and c.replacement == "修车计划" and c.confidence >= THRESHOLD


def test_source_alternative_ocr_type(pipe):
    r = run(pipe, "AGV-03 的电重是多少", source="ocr", alternatives=["AGV-03 的电量是多少"])
    assert r.canonical_text == "AGV-03 的电量是多少"
    (c,) = r.corrections
    assert c.type == "ocr" and c.evidence == "source_alternative" and (c.original_text, c.replacement) == ("电重", "电量")


def test_competing_alternatives_only_suggest(pipe):
    r = run(pipe, "查询本月的修车机化", alternatives=["查询本月的修车计划", "查询本月的修车排期"])
    assert "机化" in r.canonical_text
    assert all(not c.auto_applied for c in r.corrections)


@pytest.mark.parametrize("text,alts", [
    ("AGV-O1 状态", ["AGV-01 状态", "AGV-O1 状态"]),
    ("WO-2O260312 的负责人", ["WO-20260312 的负责人"]),
])
def test_alternative_never_rewrites_identifier(pipe, text, alts):
    r = run(pipe, text, source="ocr", alternatives=alts)
    assert r.canonical_text == text
    assert not any(c.auto_applied for c in r.corrections)


def test_alternative_time_change_is_flagged(pipe):
    text = "全员检修报表"
    r = run(pipe, text, alternatives=["全年检修报表"])
    assert r.canonical_text == text
    d = draft_after(text, alternatives=("全年检修报表",))
    assert "ambiguous_correction" in d.flags_raised


def test_alternative_that_is_not_a_term_ignored(pipe):
    r = run(pipe, "查询检修计划", alternatives=["查询监修计划啊"])
    assert r.canonical_text == "查询检修计划" and r.corrections == []


# ---------------------------------------------------------------------------- pinyin (stage 4)
@pytest.mark.parametrize("text,source", [
    ("减修的进度", "ocr"),   # OCR confuses shapes, not sounds: a homophone is no OCR evidence
    ("减修", "asr"),         # no domain clause: nothing but the sound speaks for 检修
    ("他们减修了", "asr"),    # 修了 continues past the window: no phrase boundary
])
def test_pinyin_candidate_alone_is_a_suggestion(pipe, text, source):
    # 减修 sounds like 检修 but is no OCR look-alike or listed pair
    r = run(pipe, text, source=source)
    assert "减修" in r.canonical_text
    (c,) = [c for c in r.corrections if c.type != "grammar"]
    assert (c.original_text, c.replacement) == ("减修", "检修")
    assert not c.auto_applied and c.evidence == "context" and c.confidence < THRESHOLD


def test_pinyin_candidate_the_words_justify_is_applied(pipe):
    # one character off one pack term by sound, no word there, a phrase of its own, and the
    # clause is about the domain (进度): issue 13's word gate, for stage 4
    r = run(pipe, "减修的进度")
    assert applied(r) == [("减修", "检修")]
    (c,) = [c for c in r.corrections if c.type != "grammar"]
    assert c.evidence == "context" and c.confidence >= THRESHOLD


def test_never_raises_on_odd_input(pipe):
    for text in ["", " ", "🙂🙂", "a" * 50, "检" * 300, "\u3000检休\ufeff", "𠀀检休抱表"]:
        r = pipe.understand(text, source="asr", reference_time=REF) if text.strip() else None
        if r is not None:
            assert all(d.status != "error" for d in r.diagnostics), (text, r.diagnostics)


# ---------------------------------------------------------------------------- property
_PACK = default_pack()
_WORDS = sorted({s for t in _PACK.terms for s in t.surfaces if len(s) <= 5})[:400]
_WRONG = sorted({c.wrong for c in _PACK.confusions})
_IDS = ["AGV-01", "AGV-O1", "HXD1-0001", "HXDl-0001", "T-2026010241", "WO-20260312", "WO-2O260312", "ST-05", "AGV-99"]
_NUMS = ["三台", "5", "十五个", "3.5万元", "两千", "全年", "本月", "今天", "不要", "取消", "查询", "没有"]
_GLUE = ["", " ", "的", "，", "和", "了"]

_piece = st.one_of(st.sampled_from(_WORDS), st.sampled_from(_WRONG), st.sampled_from(_IDS), st.sampled_from(_NUMS))


@given(st.lists(st.tuples(_piece, st.sampled_from(_GLUE)), min_size=1, max_size=10), st.sampled_from(["asr", "ocr", "typed"]))
def test_no_applied_edit_touches_protected(pieces, source):
    text = "".join(a + b for a, b in pieces)
    if not text.strip():
        return
    r = _PROP_PIPE.understand(text, source=source, reference_time=REF)
    assert all(d.status != "error" for d in r.diagnostics)
    idx = Utf16Index(text)
    prot = [(p.span.start, p.span.end) for p in r.protected_spans]
    for c in r.corrections:
        a, b = c.original_span.start, c.original_span.end
        assert text[idx.to_codepoint(a):idx.to_codepoint(b)] == c.original_text
        if c.auto_applied:
            assert c.confidence >= THRESHOLD
            assert not c.touches_protected_span
            assert not any(a < y and x < b for x, y in prot), (text, c)
    for p in r.protected_spans:  # protected text survives verbatim in the canonical text
        assert p.text in r.canonical_text


_PROP_PIPE = Pipeline([ProtectStage(), CorrectStage(), LinkStage()], policy=Keep(), budget_ms=60_000)
