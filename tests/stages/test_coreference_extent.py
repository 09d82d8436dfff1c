"""Recency prefixes and a vehicle's classifier standing alone, run through the real pipeline
(lexicons/corpora/coreference.recency_prefix.json, coreference.classifier_alone.json):
the mention is the whole phrase, and a classifier that stands for a vehicle is resolved to
the one referent given, or asked about with reason coreference (design 7.6)."""
import json
from pathlib import Path

import pytest

import nlu

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
RECENCY = json.loads((CORPORA / "coreference.recency_prefix.json").read_text("utf-8"))
ALONE = json.loads((CORPORA / "coreference.classifier_alone.json").read_text("utf-8"))
REF = "2026-12-01T21:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(text, referents=None):
    return nlu.understand(text, reference_time=REF, referents=referents, budget_ms=5000)


def _mentions(r, text):
    return [text[k.mention_span.start:k.mention_span.end] for k in r.coreferences]


def test_corpora_have_five_or_more_each():
    for doc in (RECENCY, ALONE):
        assert len(doc["positive"]) >= 5 and len(doc["negative"]) >= 5


@pytest.mark.parametrize("case", RECENCY["positive"], ids=lambda c: c["text"])
def test_a_recency_prefix_is_part_of_the_mention(case):
    r = _run(case["text"], case["referents"])
    assert _mentions(r, case["text"]) == [case["mention"]]
    (link,) = r.coreferences
    assert link.confirmed and link.antecedent_entity_id == "ref:" + case["antecedent"]


@pytest.mark.parametrize("case", RECENCY["negative"], ids=lambda c: c["text"])
def test_a_recency_word_elsewhere_is_not_in_the_mention(case):
    r = _run(case["text"], case["referents"])
    assert _mentions(r, case["text"]) == ([case["mention"]] if case["mention"] else [])


@pytest.mark.parametrize("case", ALONE["positive"], ids=lambda c: c["text"] + str(bool(c["referents"])))
def test_a_vehicle_classifier_alone_refers(case):
    r = _run(case["text"], case["referents"])
    assert len(r.coreferences) == 1
    link = r.coreferences[0]
    assert case["text"][link.mention_span.start:link.mention_span.end] == case["text"][:2]
    if case["antecedent"]:
        assert link.confirmed and link.antecedent_entity_id == "ref:" + case["antecedent"]
    else:
        assert not link.confirmed
        assert r.decision.action == "clarify" and r.decision.clarification.reason == "coreference"


@pytest.mark.parametrize("text", ALONE["negative"])
def test_a_demonstrative_before_a_report_word_determines_it(text):
    assert _run(text).coreferences == []
