"""Origin / destination / responsibility relations and presentation arguments, run through
the real pipeline over their corpora (lexicons/corpora/relation.*.json,
srl.counted_presentation.json, srl.chart_of_read.json; design 7.5, 7.7, ontology)."""
import json
from pathlib import Path

import pytest

import nlu

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
REF = "2026-12-01T21:30:00+08:00"
_RELATION_FAMILIES = {
    "relation.return_destination.json": {"origin", "destination"},
    "relation.departure_origin.json": {"origin", "destination"},
    "relation.described_trip.json": {"origin", "destination"},
    "relation.assigned_to.json": {"responsible_for"},
    "relation.negated_causer.json": {"origin", "destination"},
}


def _load(name):
    return json.loads((CORPORA / name).read_text("utf-8"))


COUNTED = _load("srl.counted_presentation.json")
CHART = _load("srl.chart_of_read.json")
RELATION_CASES = [(name, c) for name in _RELATION_FAMILIES for part in ("positive", "negative")
                  for c in _load(name)[part]]


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(text):
    return nlu.understand(text, reference_time=REF, budget_ms=5000)


def _relations(r, predicates):
    label = {e.id: e.canonical_value or r.original_text[e.span.start:e.span.end] for e in r.entities}
    return sorted((label[x.subject_entity_id], x.predicate, label[x.object_entity_id], bool(x.negated))
                  for x in r.relations if x.predicate in predicates)


def _presentations(frame):
    return [a.literal_value for a in frame.arguments if a.role == "presentation"]


def test_corpora_have_five_or_more_each():
    for doc in [_load(n) for n in _RELATION_FAMILIES] + [COUNTED, CHART]:
        assert len(doc["positive"]) >= 5 and len(doc["negative"]) >= 5


@pytest.mark.parametrize("name,case", RELATION_CASES, ids=lambda x: x if isinstance(x, str) else x["text"])
def test_relations_are_exactly_the_listed_ones(name, case):
    r = _run(case["text"])
    expected = sorted(tuple(x) for x in case["relations"])
    assert _relations(r, _RELATION_FAMILIES[name]) == expected


@pytest.mark.parametrize("case", COUNTED["positive"] + COUNTED["negative"], ids=lambda c: c["text"])
def test_a_counted_table_or_chart_is_the_presentation(case):
    r = _run(case["text"])
    got = [p for f in r.semantic_frames for p in _presentations(f)]
    assert got == ([case["presentation"]] if case["presentation"] else [])


@pytest.mark.parametrize("case", CHART["positive"] + CHART["negative"], ids=lambda c: c["text"])
def test_a_chart_action_presents_the_read_before_it(case):
    r = _run(case["text"])
    assert [[f.action_class, _presentations(f)] for f in r.semantic_frames] == case["frames"]
