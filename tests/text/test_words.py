"""`nlu.text.words`: word boundaries by jieba's dictionary plus a pack's words."""
from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlu.lexicon import default_pack
from nlu.text.words import Words, WordsNotLoaded, pack_words, words_for


@pytest.fixture(scope="module")
def words() -> Words:
    w = words_for(default_pack())
    w.load()
    return w


def test_one_words_object_per_pack():
    assert words_for(default_pack()) is words_for(default_pack())


def test_pack_words_are_han_surfaces_and_never_error_forms():
    pw = pack_words(default_pack())
    assert "检修" in pw and "报表" in pw
    assert not {c.wrong for c in default_pack().confusions} & pw - {s for t in default_pack().terms for s in t.surfaces}
    assert all(len(w) >= 2 for w in pw)


def test_segment_tiles_the_text_with_offsets(words):
    text = "高位制动灯不亮，HXD1-0002 是不是不用检修"
    toks = words.segment(text)
    assert "".join(t.text for t in toks) == text
    assert all(text[t.start:t.end] == t.text for t in toks)
    assert [t.text for t in toks[:2]] == ["高位", "制动"]


def test_word_questions(words):
    text = "高位制动灯"
    assert words.boundaries(text) == frozenset({0, 2, 4, 5})
    assert words.is_word(text, 0, 2) and not words.is_word(text, 1, 3)
    assert [t.text for t in words.crossing(text, 1, 3)] == ["高位", "制动"]
    assert words.crossing(text, 0, 4) == ()
    assert [t.text for t in words.words_in(text, 0, 4)] == ["高位", "制动"]
    assert words.in_dictionary("总重") and not words.in_dictionary("检休")
    assert words.at_boundaries("这辆车总重35t", 3, 5)


def test_a_pack_word_is_one_token(words):
    # 检修计划 is a pack term: one word, though the general dictionary has no such entry
    assert [t.text for t in words.segment("机车检修计划")] == ["机车", "检修计划"]
    assert words.is_word("机车检修计划", 2, 6)


def test_unknown_stretch_stays_single_characters(words):
    toks = words.segment("全年检休抱表")
    assert [t.text for t in toks if t.start >= 2] == ["检", "休", "抱", "表"]
    assert not any(t.known for t in toks if t.text in ("HXD1",))


@given(st.text(alphabet="高位制动灯检修休抱表总重量车问题间一切还行 AGV-01，。是不",
               max_size=40))
def test_remembered_segmentation_equals_the_plain_form(words, text):
    assert words.segment(text) == words.segment_uncached(text)
    assert words.segment(text) == words.segment_uncached(text)  # the memo hit too


def test_asking_before_loading_is_a_clear_error():
    w = Words(["检修"])
    assert not w.ready()
    with pytest.raises(WordsNotLoaded):
        w.segment("检修")


def test_importing_nlu_and_a_plain_lazy_call_do_not_load_jieba():
    # (a default pipeline loads its models before its first call, so cold equals warm:
    # tests/test_degraded.py; only a lazy one leaves them unloaded when the text needs none)
    code = ("import sys, nlu; nlu.Pipeline(lazy_models=True).understand('查询 AGV-01 当前状态'); import nlu.text.words; "
            "print('jieba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


_ALPHABET = "高位制动灯检修休抱表总重量车问题间一切还行是不 AGV-01，。!\n㐀鿿ab3"


@given(st.text(alphabet=_ALPHABET, max_size=40), st.integers(0, 40), st.integers(0, 6))
def test_span_questions_from_nearby_blocks_equal_the_whole_text(words, text, start, size):
    start = min(start, len(text))
    end = min(start + size, len(text))
    whole = words.segment(text)
    near = words.segment_near(text, start, end)
    assert set(near) <= set(whole)
    # every token of the whole text that overlaps the span is among the nearby ones
    assert {t for t in whole if t.start < end and start < t.end} <= set(near)
    b = words.boundaries(text)
    assert words.at_boundaries(text, start, end) == (start in b and end in b)
    assert words.is_word(text, start, end) == any(t.start == start and t.end == end and t.known for t in whole)
    assert words.crossing(text, start, end) == tuple(
        t for t in whole if t.known and t.end - t.start > 1 and t.start < end and start < t.end
        and not (start <= t.start and t.end <= end))
    assert words.words_in(text, start, end) == tuple(
        t for t in whole if t.known and t.end - t.start > 1 and t.start < end and start < t.end)


def test_cutting_between_forced_boundaries_gives_the_whole_cut_on_real_text(words):
    """`segment_near` cuts only the stretch between the nearest offsets no word crosses; on
    real sentences nobody here wrote its tokens are those of the whole cut (the plain form).
    Offline, all 10,888 sentences of the material gave 0 mismatches over 276,699 spans."""
    import json

    from nlu.evaluation.realtext import external_dir

    d = external_dir()
    if d is None:
        pytest.skip("../shared/external/real-text is not on this machine")
    lines = (d / "correct.jsonl").read_text("utf-8").splitlines()[:1500]
    texts = [json.loads(x)["text"] for x in lines if x.strip()]
    checked = 0
    for text in texts:
        whole = set(words.segment_uncached(text))
        for s in range(0, len(text), 3):
            for size in (0, 2, 3):
                e = min(len(text), s + size)
                near = set(words.segment_near(text, s, e))
                assert near <= whole, (text, s, e)
                assert {t for t in whole if t.start < e and s < t.end} <= near, (text, s, e)
                checked += 1
    assert checked > 10000


def test_direct_dictionary_cut_equals_jiebas_cut_on_real_text(words):
    """`dictionary_cut` is jieba's `cut(HMM=False)` computed in place (the speed form); on real
    sentences nobody here wrote, the benchmark corpus and mixed scripts and whitespace it gives
    the same pieces, and `segment` (which uses it) the same tokens as `segment_uncached`."""
    import json

    from nlu.bench.corpus import generate
    from nlu.evaluation.realtext import external_dir

    texts = [u.text for u in generate(600, 5)]
    texts += ["", " ", "\r\n", "AGV-01\t的 电量\r\n？", "a b  c", "ＡＧＶ－０１", "😀检修工单", "abc123中文def", "3.5t、100%"]
    d = external_dir()
    if d is not None:
        texts += [json.loads(x)["text"] for x in (d / "correct.jsonl").read_text("utf-8").splitlines()[:1500] if x.strip()]
    tk = words.tokenizer
    for text in texts:
        assert words.dictionary_cut(text) == list(tk.cut(text, HMM=False)), text
        assert words._segment_direct(text) == words.segment_uncached(text), text


@given(st.text(alphabet="高位制动灯检修休抱表总重量车问题间一切还行 AGV-01，。是不\t\r\nabc_.%#&+", max_size=40))
def test_direct_dictionary_cut_equals_jiebas_cut(words, text):
    assert words.dictionary_cut(text) == list(words.tokenizer.cut(text, HMM=False))
