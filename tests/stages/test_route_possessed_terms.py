"""Corpus lexicons/corpora/route.possessed_terms.json through the real pipeline: beside a
denied domain, a two-domain word after an explicit domain word takes that domain's reading
(no question); with both domains asked for, or nothing pinning it, the question stays."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "route.possessed_terms.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


@pytest.mark.parametrize("case", CORPUS["positive"], ids=[c["text"] for c in CORPUS["positive"]])
def test_a_word_after_a_domain_word_beside_a_denied_domain_is_that_domains(case):
    r = nlu.understand(case["text"], reference_time=REF, budget_ms=5000)
    assert r.decision.action == "continue", r.decision.reason_codes
    assert r.routing.domain_candidates[0].label == case["domain"]
    assert len(r.routing.domain_candidates) == 1  # the denied domain is not a second candidate


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_an_open_domain_is_still_asked(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify", r.decision.reason_codes
