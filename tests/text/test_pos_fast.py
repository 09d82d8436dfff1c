"""`PosTagger.iter_cut` (the speed form: lazy, a sparse Viterbi) against `PosTagger.cut` (the
reference: jieba's own tagger) — the same (word, tag) pairs on the corpora, the goldsets, the
benchmark corpus, the real text and any text; and `nlu.text.pos.viterbi` against jieba's."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nlu.lexicon import default_pack
from nlu.text.pos import pos_tagger, viterbi
from tests.text.texts import corpus_texts, real_texts


@pytest.fixture(scope="module")
def tagger():
    t = pos_tagger(default_pack())
    t.load()
    return t


def test_fast_cut_equals_jiebas_on_the_corpora(tagger):
    texts = corpus_texts()
    assert len(texts) > 3000
    for text in texts:
        assert list(tagger.iter_cut(text)) == tagger.cut(text), text


def test_fast_cut_equals_jiebas_on_real_text(tagger):
    texts = real_texts(every=3)
    if not texts:
        pytest.skip("../shared/external/real-text is not on this machine")
    for text in texts:
        assert list(tagger.iter_cut(text)) == tagger.cut(text), text


def test_viterbi_route_equals_jiebas_on_rare_characters():
    """Characters jieba's state table lacks (any state allowed), single characters, long runs:
    the paths where the sparse loop falls back to every reachable state, or sums are -inf."""
    import jieba.posseg as ps
    from jieba.posseg.viterbi import viterbi as jieba_viterbi

    rare = [ch for ch in map(chr, range(0x4E00, 0x9FD5)) if ch not in ps.char_state_tab_P][:300]
    assert rare, "jieba's state table holds every character: the fallback is not exercised"
    samples = [rare[i:i + n] for n in (1, 2, 5, 13) for i in range(0, len(rare) - n, 17)]
    samples += ["".join(rare[i:i + 3]) + "检修工单" + "".join(rare[i + 3:i + 6]) for i in range(0, 200, 11)]
    samples += ["卫" * n for n in range(1, 30)]
    for s in map("".join, samples):
        want = jieba_viterbi(s, ps.char_state_tab_P, ps.start_P, ps.trans_P, ps.emit_P)[1]
        assert viterbi(s, ps.char_state_tab_P, ps.start_P, ps.trans_P, ps.emit_P) == want, s


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="这个那报表功能地方李卫东任务呃的车间乌鲁木齐郑家豪说鬼龘靐齉爩AGV-01 ，。\t", max_size=30))
def test_fast_cut_equals_jiebas_on_any_text(tagger, text):
    assert list(tagger.iter_cut(text)) == tagger.cut(text)
