"""Corpus of the hesitation rule (lexicons/corpora/coreference.hesitation.json): positives
raise no coreference question, negatives keep asking about the demonstrative."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / "coreference.hesitation.json").read_text("utf-8"))
REF = "2026-06-10T09:30:00+08:00"


def _asks_coreference(text: str) -> bool:
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    return "unresolved_coreference" in r.decision.reason_codes or bool(r.coreferences and not r.coreferences[0].confirmed)


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_hesitation_is_not_a_pronoun(text):
    assert not _asks_coreference(text)


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_lone_demonstrative_is_still_asked_about(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"


DETERMINER = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / "coreference.determiner.json").read_text("utf-8"))


@pytest.mark.parametrize("text", DETERMINER["positive"])
def test_a_demonstrative_before_a_general_noun_determines_it(text):
    nlu.warm_up()
    assert not _asks_coreference(text)


@pytest.mark.parametrize("text", DETERMINER["negative"])
def test_a_demonstrative_standing_alone_is_resolved_or_asked(text):
    nlu.warm_up()
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"
