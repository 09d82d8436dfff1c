"""Corpus lexicons/corpora/coreference.quoted.json through the real pipeline: a pronoun inside
quotation marks raises no coreference question; outside them it is still asked about."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "coreference.quoted.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_quoted_pronoun_is_no_reference(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert "unresolved_coreference" not in r.decision.reason_codes
    assert r.decision.action == "continue", r.decision.reason_codes


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_pronoun_outside_the_quotation_is_still_asked_about(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"
    assert r.decision.clarification.reason == "coreference", r.decision.reason_codes
