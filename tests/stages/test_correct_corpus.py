"""The correction corpora (issue 13), each run through the real pipeline. Positive cases are real
errors on pack terms and must come out exactly as written by hand; negative cases are correct
sentences and must not be auto-corrected.

* `lexicons/corpora/correct.word_gate.json`: a pair applies only where the words justify it
  (negatives: some pair matches characters across or inside real words);
* `lexicons/corpora/correct.pinyin_gate.json`: a pack term one character off by sound is
  corrected when words and a domain clause justify it (negatives: real words that sound like
  pack terms, a quantity 几, everyday prose, a word the window would cut)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.realtext import apply_edits, corrections_of



def _corpus(name: str) -> dict:
    return json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / name).read_text("utf-8"))


CORPUS = _corpus("correct.word_gate.json")
PINYIN = _corpus("correct.pinyin_gate.json")
POSITIVE = CORPUS["positive"] + PINYIN["positive"]
NEGATIVE = CORPUS["negative"] + PINYIN["negative"]
REF = "2026-03-15T10:30:00+08:00"
# traditional glyphs (狀, 報) are folded by the clean stage (lexicons/script_variants.json), not corrected:
# the text a case comes out as is its corrections applied, then that fold
_SCRIPT = str.maketrans(json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "script_variants.json")
                                   .read_text("utf-8"))["fold"])


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlu.warm_up()  # the word gate and stage 4 need jieba and pypinyin: a cold process only suggests


def _run(case):
    return nlu.understand(case["text"], source=case["source"], reference_time=REF, budget_ms=5000)


@pytest.mark.parametrize("case", POSITIVE, ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_real_errors_on_pack_terms_are_corrected(case):
    r = _run(case)
    assert apply_edits(case["text"], corrections_of(r)).translate(_SCRIPT) == case["corrected"], r.corrections


@pytest.mark.parametrize("case", NEGATIVE, ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_correct_sentences_are_not_corrected(case):
    r = _run(case)
    assert corrections_of(r) == [], [(c.original_text, c.replacement) for c in r.corrections if c.auto_applied]


@pytest.mark.parametrize("corpus", [CORPUS, PINYIN], ids=["word_gate", "pinyin_gate"])
def test_corpus_has_five_paraphrases_per_shape(corpus):
    for side in ("positive", "negative"):
        shapes: dict[str, int] = {}
        for c in corpus[side]:
            shapes[c["shape"]] = shapes.get(c["shape"], 0) + 1
        small = {s: n for s, n in shapes.items() if n < 5 and not s.endswith("(asr)")}
        assert not small, small


def test_pinyin_corpus_size():
    assert len(PINYIN["positive"]) >= 30 and len(PINYIN["negative"]) >= 30


def test_gated_pair_stays_a_suggestion():
    r = nlu.understand("高位制动灯不亮", reference_time=REF, budget_ms=5000)
    assert [(c.original_text, c.replacement, c.auto_applied) for c in r.corrections if c.type != "grammar"] == \
        [("位制", "位置", False)]
    assert r.canonical_text.startswith("高位制动灯")
