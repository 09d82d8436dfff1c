"""`NonDataJudge._uncovered` (the speed form: only the pack and record words whose first
character the word holds, answers kept) against `_uncovered_plain` (the reference: every
word, in order) on every word of the tagger's cut of the corpora and the real text, on
every substring of a few of them, and on any text."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nlu.decision.non_data import NonDataJudge
from nlu.lexicon import default_pack
from tests.text.texts import corpus_texts, real_texts


@pytest.fixture(scope="module")
def judge():  # noqa: ANN201
    j = NonDataJudge(default_pack())
    j.warm_up()
    return j


def test_fast_equals_plain_on_the_words_of_corpora_and_real_text(judge):  # noqa: ANN001
    texts = corpus_texts()[::3] + real_texts(every=6)
    words = {w for t in texts for w, _ in judge.pos.iter_cut(t)}
    # whole sentences and their substrings: words that hold several pack words, and words a
    # removal joins into another (the order of the removals matters there)
    words |= {t[i:j] for t in texts[::40] for i in range(len(t)) for j in range(i + 2, min(len(t), i + 9) + 1)}
    assert len(words) > 20000
    for w in words:
        assert judge._uncovered(w) == judge._uncovered_plain(w), w
        assert judge._uncovered(w) == judge._uncovered_plain(w), w  # the kept answer


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="机车检修工单任务报表情况汇报今天天气车间状态AGV站点台记录", max_size=12))
def test_fast_equals_plain_on_any_text(judge, text):  # noqa: ANN001
    assert judge._uncovered(text) == judge._uncovered_plain(text)
