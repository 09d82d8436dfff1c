"""An explicit domain word opening a place name (检修车间, 检修库) names the place: implied
evidence of its domain, never explicit (lexicons/corpora/route.place_compound.json, issue 18).
Run through the real pipeline."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                     "route.place_compound.json").read_text("utf-8"))
REF = "2026-12-01T15:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(text):
    return nlu.understand(text, reference_time=REF, budget_ms=5000)


def test_corpus_has_five_or_more_each():
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_a_place_named_by_a_domain_word_is_no_explicit_domain(case):
    r = _run(case["text"])
    assert "cross_domain" not in r.decision.reason_codes
    assert r.decision.action == "continue"
    assert r.routing.domain_candidates[0].id == case["domain"]


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_the_business_named_explicitly_keeps_its_weight(case):
    r = _run(case["text"])
    if case.get("cross"):
        assert "cross_domain" in r.decision.reason_codes and r.decision.action == "clarify"
    else:
        assert r.decision.action == "continue" and r.routing.domain_candidates[0].id == case["domain"]
