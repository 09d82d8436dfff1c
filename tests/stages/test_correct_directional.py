"""A verb and its directional complement before an object (派去 ST-07) are real words: no
sound-alike is proposed for them (issue 13 item 3); real errors next to them still are.
Corpus: `lexicons/corpora/correct.directional_phrase.json` (hand-written, see its `about`)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.realtext import apply_edits, corrections_of

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
                     / "correct.directional_phrase.json").read_text("utf-8"))
REF = "2026-12-01T21:30:00+08:00"
_FIXES = frozenset({"typo", "asr", "ocr"})


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlu.warm_up()  # stage 4 runs only with jieba and pypinyin loaded


def _run(case):
    return nlu.understand(case["text"], source=case["source"], reference_time=REF, budget_ms=5000)


def test_corpus_has_five_of_each():
    assert CORPUS["rule"] == "correct.directional_phrase"
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_directional_phrase_is_read_as_written(case):
    r = _run(case)
    proposed = [(c.original_text, c.replacement) for c in r.corrections if c.type in _FIXES]
    assert proposed == [], proposed
    assert "ambiguous_correction" not in r.decision.reason_codes, r.decision.clarification
    assert r.canonical_text.endswith(case["text"]), r.canonical_text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: f'{c["source"]}:{c["text"]}')
def test_sound_alike_without_direction_is_still_corrected(case):
    r = _run(case)
    assert apply_edits(case["text"], corrections_of(r)) == case["corrected"], r.corrections
