"""The pinyin readings the correct stage keeps (`_Phonetics.toneless` / `toned`, the speed
form) against pypinyin read afresh (`toneless_plain` / `toned_plain`, the reference): the same
syllables for every 2–4 character window of the corpora and the real text, on the first ask
and on the kept answer, and a caller changing the list it got changes nothing kept."""
from __future__ import annotations

import pytest

from nlu.lexicon import default_pack
from nlu.stages.correct import _phonetics
from tests.text.texts import corpus_texts, real_texts


@pytest.fixture(scope="module")
def ph():  # noqa: ANN201
    return _phonetics(default_pack())


def _windows(texts):  # noqa: ANN001, ANN202
    for t in texts:
        for n in (2, 3, 4):
            for s in range(0, max(0, len(t) - n + 1), 3):
                yield t[s:s + n]


def test_kept_readings_equal_pypinyins(ph):  # noqa: ANN001
    texts = corpus_texts()[::4] + real_texts(every=10)
    checked = 0
    for w in _windows(texts):
        for _ in range(2):  # the first ask fills the memo, the second reads it
            assert ph.toneless(w) == ph.toneless_plain(w), w
            assert ph.toned(w) == ph.toned_plain(w), w
        checked += 1
    assert checked > 20000


def test_a_callers_change_does_not_reach_the_kept_reading(ph):  # noqa: ANN001
    got = ph.toneless("检修工单")
    got.append("x")
    got[0] = "y"
    assert ph.toneless("检修工单") == ph.toneless_plain("检修工单")
