"""`nlu.text.pos`: the tagger's lazy first pair (the speed trick) against the plain full cut."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nlu.lexicon import default_pack
from nlu.text.pos import pos_tagger

ROOT = Path(__file__).resolve().parents[2]
# windows the coreference stage reads after a demonstrative: pack words, general nouns, names,
# unknown stretches the HMM groups, identifiers, mixed Latin and digits, spaces, nothing
WINDOWS = ["报表怎么样了", "功能在哪里", "地方能停车吗", "AGV-01的电量", "李卫东负责的", "呃那个任务",
           "东西怎么样了", "  检修计划", "卫东负责", "的状态", "", "。", "tmd什么鬼", "乌鲁木齐", "郑家豪说"]


@pytest.fixture(scope="module")
def tagger():
    t = pos_tagger(default_pack())
    t.load()
    return t


def _plain_first(tagger, text):  # noqa: ANN001, ANN202
    pairs = tagger.cut(text)
    return pairs[0] if pairs else None


def test_first_is_the_first_pair_of_the_full_cut(tagger):
    for w in WINDOWS:
        assert tagger.first(w) == _plain_first(tagger, w), w


def test_first_agrees_on_real_sentences(tagger):
    for base in (ROOT.parent / "shared" / "external", Path("/work/shared/external")):
        path = base / "real-text" / "correct.jsonl"
        if path.exists():
            break
    else:
        pytest.skip("shared/external/real-text is not beside the repository")
    lines = path.read_text("utf-8").splitlines()[::29]
    for line in lines:
        t = json.loads(line)["text"]
        for i in range(0, len(t), 5):
            assert tagger.first(t[i:i + 8]) == _plain_first(tagger, t[i:i + 8]), t[i:i + 8]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="这个那报表功能地方李卫东任务呃的车间AGV-01 ，。", max_size=10))
def test_first_agrees_on_any_text(tagger, text):
    assert tagger.first(text) == _plain_first(tagger, text)
