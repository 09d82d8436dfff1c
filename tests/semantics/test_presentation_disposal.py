"""把 + data + verb + a result naming a presentation (lexicons/corpora/
constructions.presentation_disposal.json) asks for a view, not a write; a disposal whose result
is a place, a value or a person stays an order. Run through the real pipeline."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "constructions.presentation_disposal.json").read_text("utf-8"))
REF = "2026-12-01T15:30:00+08:00"
WRITES = {"create", "update", "cancel"}


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(text):
    return nlu.understand(text, reference_time=REF, budget_ms=5000)


def test_corpus_has_five_or_more_each():
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_presentation_result_is_a_view_not_a_write(text):
    r = _run(text)
    assert not [f for f in r.semantic_frames if f.action_class in WRITES], text
    assert any(f.action_class == "change_view" for f in r.semantic_frames)
    top = r.routing.template_candidates[0].id if r.routing.template_candidates else None
    assert top != "operation"
    assert not (r.decision.clarification and r.decision.clarification.reason == "missing_slot")


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_place_value_or_person_result_stays_an_order(text):
    r = _run(text)
    assert [f for f in r.semantic_frames if f.action_class in WRITES], text
    assert r.routing.template_candidates[0].id == "operation"
