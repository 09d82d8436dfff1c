"""Corpus of the paused-filler rule (lexicons/corpora/coreference.paused_filler.json), run
through the whole pipeline as recognised speech: positives raise no coreference question,
negatives are still asked about."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "coreference.paused_filler.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _understand(text):
    return nlu.understand(text, source="asr", reference_time=REF, budget_ms=5000)


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_paused_demonstrative_before_an_object_is_a_filler(text):
    r = _understand(text)
    assert "unresolved_coreference" not in r.decision.reason_codes
    c = r.decision.clarification
    assert c is None or c.reason != "coreference", (r.decision.action, r.decision.reason_codes)


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_paused_demonstrative_with_no_object_after_is_asked_about(text):
    r = _understand(text)
    assert r.decision.action == "clarify"
    # asked which one, or (那个 怎么样了: nothing named at all) whose status
    assert r.decision.clarification.reason in ("coreference", "missing_slot"), r.decision.reason_codes


def test_the_same_words_without_the_pause_still_refer():
    """那个小车 said in one breath is a noun phrase that refers (design 7.8)."""
    r = _understand("那个小车现在在哪")
    assert r.decision.action == "clarify"
