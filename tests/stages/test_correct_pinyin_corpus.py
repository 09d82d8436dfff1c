"""The pinyin-path corpus (`lexicons/corpora/correct.pinyin_gate.json`): a misheard or mistyped
pack term, one character off by sound, is corrected when words and a domain clause justify it;
correct sentences with real words that sound like pack terms, a quantity 几, everyday prose or
a word the window would cut are never auto-corrected (issue 13, part 3)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.realtext import apply_edits, corrections_of

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / "correct.pinyin_gate.json")
                    .read_text("utf-8"))
REF = "2026-03-15T10:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlu.warm_up()  # stage 4 needs pypinyin and jieba: a cold process only suggests


def _run(case):
    return nlu.understand(case["text"], source=case["source"], reference_time=REF, budget_ms=5000)


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_misheard_pack_terms_are_corrected(case):
    r = _run(case)
    assert apply_edits(case["text"], corrections_of(r)) == case["corrected"], r.corrections


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_sound_alike_real_words_are_not_corrected(case):
    r = _run(case)
    assert corrections_of(r) == [], [(c.original_text, c.replacement) for c in r.corrections if c.auto_applied]


def test_corpus_size_and_shapes():
    assert len(CORPUS["positive"]) >= 30 and len(CORPUS["negative"]) >= 30
    for side in ("positive", "negative"):
        shapes: dict[str, int] = {}
        for c in CORPUS[side]:
            shapes[c["shape"]] = shapes.get(c["shape"], 0) + 1
        small = {s: n for s, n in shapes.items() if n < 5 and not s.endswith("(asr)")}
        assert not small, small
