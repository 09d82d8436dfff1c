"""A gated confusion pair beyond the correction corpora (`lexicons/corpora/correct.word_gate.json`,
`correct.pinyin_gate.json`, run in tests/test_corpora.py): without its context it stays a suggestion."""
from __future__ import annotations

import pytest

import nlu
from nlu.evaluation.realtext import corrections_of


REF = "2026-03-15T10:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlu.warm_up()  # the word gate and stage 4 need jieba and pypinyin: a cold process only suggests


def test_gated_pair_stays_a_suggestion():
    r = nlu.understand("高位制动灯不亮", reference_time=REF, budget_ms=5000)
    assert [(c.original_text, c.replacement, c.auto_applied) for c in r.corrections if c.type != "grammar"] == \
        [("位制", "位置", False)]
    assert r.canonical_text.startswith("高位制动灯")
