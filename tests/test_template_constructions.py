"""Corpora of the template constructions and the frame constructions that choose a template
(issue 18, lexicons/corpora/route.*.json and srl.*.json, written by hand), run through the
real pipeline: each rule's paraphrases get its template or frame, its look-alikes do not."""
import json
from pathlib import Path

import pytest

from nlu.lexicon import default_pack, load_data_file
from nlu.semantics.templates import template_rules
from warm_pipeline import warm_pipeline

CORPORA = Path(__file__).resolve().parents[1] / "lexicons" / "corpora"
REF = "2026-03-15T10:30:00+08:00"
WRITE_CLASSES = ("create", "update", "cancel")


def _corpus(name):
    return json.loads((CORPORA / f"{name}.json").read_text("utf-8"))


ROUTE_RULES = ("route.list_after_topic", "route.scheduled_when", "route.period_report", "route.how_many_shape",
               "route.declined_template", "route.scheduled_state", "route.fact_negation", "route.indefinite_count",
               "route.measured_remaining", "route.headless_members", "route.agent_noun",
               "route.superlative_pick", "route.count_of_times", "route.chart_of_records", "route.maintenance_due_when",
               "route.maintenance_schedule", "route.task_schedule", "route.any_member", "route.past_events",
               # holdout-2026-12-01f families
               "route.tally_how_many", "route.described_state", "route.scheduled_to_period", "route.within_plan",
               "route.period_rate")
ROUTE_POS = [(r, c) for r in ROUTE_RULES for c in _corpus(r)["positive"]]
ROUTE_NEG = [(r, c) for r in ROUTE_RULES for c in _corpus(r)["negative"]]

def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def _top(r):
    return r.routing.template_candidates[0].label if r.routing.template_candidates else None


def _conflict(r):
    c = r.routing.template_candidates
    return len(c) >= 2 and c[0].score >= 0.95 and c[1].score >= 0.95


def test_every_corpus_has_five_paraphrases_and_five_look_alikes():
    for name in ROUTE_RULES + ("srl.attribute_change", "srl.topic_dispatch", "srl.write_words", "srl.change_frames",
                               "srl.explain_words", "srl.exception_opening"):
        c = _corpus(name)
        assert len(c["positive"]) >= 5 and len(c["negative"]) >= 5, name


def test_every_construction_of_the_pack_has_a_corpus():
    names = {r["name"] for r in load_data_file("template_constructions.json")["rules"]}
    covered = {_corpus(r)["rule"] for r in ROUTE_RULES} | {"aggregate_records"}  # in route.period_report
    assert names <= covered
    assert {c.name for c in template_rules(default_pack()).constructions} == names


@pytest.mark.parametrize("rule,case", ROUTE_POS, ids=[c["text"] for _, c in ROUTE_POS])
def test_a_construction_gets_its_template_and_continues(rule, case):
    r = _understand(case["text"])
    assert _top(r) == case["template"], (rule, [(c.label, c.score) for c in r.routing.template_candidates])
    assert not _conflict(r)
    assert r.decision.action == "continue", (rule, r.decision)


@pytest.mark.parametrize("rule,case", ROUTE_NEG, ids=[c["text"] for _, c in ROUTE_NEG])
def test_a_look_alike_gets_another_template(rule, case):
    r = _understand(case["text"])
    if case["template"] is None:  # the two object templates still compete: no silent choice
        assert _conflict(r), [(c.label, c.score) for c in r.routing.template_candidates]
    else:
        assert _top(r) == case["template"], (rule, [(c.label, c.score) for c in r.routing.template_candidates])


def _writes(r):
    return [f for f in r.semantic_frames if f.action_class in WRITE_CLASSES and not f.negated]


WRITE_RULES = ("srl.attribute_change", "srl.topic_dispatch", "srl.write_words", "srl.order_verbs", "srl.agent_noun",
               "srl.change_frames")
WRITE_POS = [(r, c) for r in WRITE_RULES for c in _corpus(r)["positive"]]
WRITE_NEG = [(r, c) for r in WRITE_RULES for c in _corpus(r)["negative"]]


@pytest.mark.parametrize("rule,case", WRITE_POS, ids=[c["text"] for _, c in WRITE_POS])
def test_a_write_construction_is_an_operation(rule, case):
    r = _understand(case["text"])
    assert _top(r) == "operation"
    assert case["frame"] in {f.action_class for f in _writes(r)}, [(f.action_class, f.negated) for f in r.semantic_frames]
    assert r.decision.action == "continue", r.decision


def test_a_negated_write_keeps_its_negation():
    r = _understand("别删WO-20260320，删WO-20260321就行")
    assert sorted((f.action_class, f.negated) for f in r.semantic_frames) == [("cancel", False), ("cancel", True)]


@pytest.mark.parametrize("rule,case", WRITE_NEG, ids=[c["text"] for _, c in WRITE_NEG])
def test_a_question_or_description_opens_no_write(rule, case):
    r = _understand(case["text"])
    assert not _writes(r), [(f.action_class, f.negated) for f in r.semantic_frames]
    assert _top(r) != "operation"


EXPLAIN = _corpus("srl.explain_words")


@pytest.mark.parametrize("case", EXPLAIN["positive"], ids=[c["text"] for c in EXPLAIN["positive"]])
def test_what_fault_is_this_is_explained(case):
    assert "explain" in {f.action_class for f in _understand(case["text"]).semantic_frames}


@pytest.mark.parametrize("case", EXPLAIN["negative"], ids=[c["text"] for c in EXPLAIN["negative"]])
def test_which_faults_is_not_an_explanation(case):
    assert "explain" not in {f.action_class for f in _understand(case["text"]).semantic_frames}


EXCEPT = _corpus("srl.exception_opening")


def _excepted(r):
    ents = {e.id: e.text for e in r.entities}
    return {ents.get(i) for f in r.semantic_frames for a in f.arguments
            if a.role == "exception" and a.comparator == "except" for i in (a.entity_ids or [])}


@pytest.mark.parametrize("case", EXCEPT["positive"] + EXCEPT["negative"],
                         ids=[c["text"] for c in EXCEPT["positive"] + EXCEPT["negative"]])
def test_an_exclusion_verb_governs_its_object(case):
    got = _excepted(_understand(case["text"]))
    assert got == ({case["excepted"]} if case["excepted"] else set())


SHAPES = [c for c in _corpus("question_shapes")["cases"] if c["shape"] == "compare_count"]


@pytest.mark.parametrize("case", SHAPES, ids=[c["text"] for c in SHAPES])
def test_more_or_less_than_is_a_compare_frame(case):
    r = _understand(case["text"])
    assert "compare" in {f.action_class for f in r.semantic_frames}


def test_a_how_many_read_of_a_measured_value_is_no_count_frame():
    for text in ("别算AGV-06，其余小车的平均电量是多少", "AGV-12 电量还剩多少"):
        r = _understand(text)
        assert {f.action_class for f in r.semantic_frames} == {"query"}, text


def test_constructions_skipped_by_their_needed_characters_are_those_that_cannot_match():
    """`constructions_in` searches no construction whose needed characters the text misses; on
    every corpus sentence of the route and srl rules and the benchmark corpus it finds exactly
    the constructions the plain search of every pattern finds."""
    from nlu.bench.corpus import generate

    rules = template_rules(default_pack())
    texts = [u.text for u in generate(400, 3)]
    for path in sorted(CORPORA.glob("route.*.json")) + sorted(CORPORA.glob("srl.*.json")):
        data = json.loads(path.read_text("utf-8"))
        for key in ("positive", "negative"):
            texts += [t if isinstance(t, str) else t.get("text", "") for t in data.get(key, [])]
    kinds = [frozenset(), frozenset({"time"}), frozenset({"time", "time_range", "vehicle"})]
    found = 0
    for text in texts:
        for kind in kinds:
            fast = rules.constructions_in(text, kind)
            assert fast == rules.constructions_in_reference(text, kind), text
            found += bool(fast)
    assert found > 50
