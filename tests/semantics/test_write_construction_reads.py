"""Corpus lexicons/corpora/write_constructions.reads.json through the real pipeline: a write
verb as a question's subject, in an unfinished-stage relative clause, in a cause clause or in a
how-to question opens no write; the same verbs as orders stay operations (or are asked about)."""
import json
from pathlib import Path

import pytest

from warm_pipeline import warm_pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "write_constructions.reads.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"
WRITES = ("create", "update", "cancel")


def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def _top(r):
    return r.routing.template_candidates[0].label if r.routing.template_candidates else None


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_write_verb_that_orders_nothing_opens_no_write(text):
    r = _understand(text)
    assert _top(r) != "operation"
    assert not any(f.action_class in WRITES and not f.negated for f in r.semantic_frames), r.semantic_frames
    assert "write_without_object" not in r.decision.reason_codes


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_an_order_stays_an_operation_or_is_asked_about(text):
    r = _understand(text)
    assert _top(r) == "operation" or r.decision.action == "clarify"
    assert any(f.action_class in WRITES and not f.negated for f in r.semantic_frames)


ATTRIBUTES = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                         "write_constructions.attribute_nouns.json").read_text("utf-8"))


@pytest.mark.parametrize("text", ATTRIBUTES["positive"])
def test_a_making_verb_closed_by_a_time_noun_is_an_attribute(text):
    r = _understand(text)
    assert _top(r) != "operation"
    assert not any(f.action_class in WRITES and not f.negated for f in r.semantic_frames), r.semantic_frames
    assert not any(c in r.decision.reason_codes for c in ("rule:write_without_object", "rule:create_without_parameter"))


@pytest.mark.parametrize("text", ATTRIBUTES["negative"])
def test_the_same_verbs_as_orders_stay_writes(text):
    r = _understand(text)
    assert _top(r) == "operation" or r.decision.action == "clarify"
    assert any(f.action_class in WRITES and not f.negated for f in r.semantic_frames)
