"""Paused fillers beyond their corpus (`lexicons/corpora/coreference.paused_filler.json`, run in
tests/test_corpora.py): the same words said without the pause still refer."""

import pytest

import nlu

REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _understand(text):
    return nlu.understand(text, source="asr", reference_time=REF, budget_ms=5000)


def test_the_same_words_without_the_pause_still_refer():
    """那个小车 said in one breath is a noun phrase that refers (design 7.8)."""
    r = _understand("那个小车现在在哪")
    assert r.decision.action == "clarify"
