"""Corpus lexicons/corpora/correct.fact_word_gate.json through the real pipeline: a fact-
flipping sound-alike inside a real word is read as written (no question, text unchanged);
standing as a word of its own it is still asked about."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "correct.fact_word_gate.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _understand(case):
    return nlu.understand(case["text"], source=case["source"], reference_time=REF, budget_ms=5000)


@pytest.mark.parametrize("case", CORPUS["positive"], ids=[c["text"] for c in CORPUS["positive"]])
def test_a_sound_alike_inside_a_word_is_read_as_written(case):
    r = _understand(case)
    assert "ambiguous_correction" not in r.decision.reason_codes
    assert r.canonical_text == case["text"]
    assert not [c for c in r.corrections if c.auto_applied]


@pytest.mark.parametrize("case", CORPUS["negative"], ids=[c["text"] for c in CORPUS["negative"]])
def test_a_sound_alike_standing_alone_is_asked_about(case):
    r = _understand(case)
    assert r.decision.action == "clarify"
    assert "ambiguous_correction" in r.decision.reason_codes
