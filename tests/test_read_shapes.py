"""Corpora of the read shapes of issue 18 the templates did not know (lexicons/corpora/, written
by hand): counts, lists, reports, plans and explanations said without a trigger word the
templates had, compares said as superlatives, write verbs read as nouns or counts, and the
transport word's domain. Each runs through the real pipeline: a paraphrase gets its template,
frame or domain and continues; a look-alike does not get it."""
import json
from pathlib import Path

import pytest

from warm_pipeline import warm_pipeline

CORPORA = Path(__file__).resolve().parents[1] / "lexicons" / "corpora"
REF = "2026-12-01T15:30:00+08:00"
WRITE_CLASSES = ("create", "update", "cancel")


def _corpus(name):
    return json.loads((CORPORA / f"{name}.json").read_text("utf-8"))


def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def _top(r):
    return r.routing.template_candidates[0].label if r.routing.template_candidates else None


def _conflict(r):
    c = r.routing.template_candidates
    return len(c) >= 2 and c[0].score >= 0.95 and c[1].score >= 0.95


def _cases(names, key):
    return [(n, c) for n in names for c in _corpus(n)[key]]


TEMPLATE_RULES = ("route.described_few", "route.history_records", "route.work_order_view", "route.report_plan_words",
                  "route.term_explanation", "route.period_amount")
FRAME_RULES = ("srl.superlative_compare", "srl.read_uses_of_writes", "srl.procedure_of_write")
DOMAIN_RULES = ("route.transport_domain",)


def test_every_corpus_has_five_paraphrases_and_five_look_alikes():
    for name in TEMPLATE_RULES + FRAME_RULES + DOMAIN_RULES:
        c = _corpus(name)
        assert len(c["positive"]) >= 5 and len(c["negative"]) >= 5, name


@pytest.mark.parametrize("rule,case", _cases(TEMPLATE_RULES, "positive"),
                         ids=[c["text"] for _, c in _cases(TEMPLATE_RULES, "positive")])
def test_a_read_shape_gets_its_template_and_continues(rule, case):
    r = _understand(case["text"])
    assert _top(r) == case["template"], (rule, [(c.label, c.score) for c in r.routing.template_candidates])
    assert not _conflict(r)
    assert r.decision.action == "continue", (rule, r.decision)


@pytest.mark.parametrize("rule,case", _cases(TEMPLATE_RULES, "negative"),
                         ids=[c["text"] for _, c in _cases(TEMPLATE_RULES, "negative")])
def test_a_look_alike_gets_its_own_template(rule, case):
    r = _understand(case["text"])
    assert _top(r) == case["template"], (rule, [(c.label, c.score) for c in r.routing.template_candidates])


def _writes(r):
    return {f.action_class for f in r.semantic_frames if f.action_class in WRITE_CLASSES and not f.negated}


@pytest.mark.parametrize("rule,case", _cases(FRAME_RULES, "positive"),
                         ids=[c["text"] for _, c in _cases(FRAME_RULES, "positive")])
def test_a_read_shape_gets_its_frame(rule, case):
    r = _understand(case["text"])
    classes = {f.action_class for f in r.semantic_frames}
    if case["frame"] is None:  # a write verb read as a count or a noun: no order at all
        assert not _writes(r), [(f.action_class, f.negated) for f in r.semantic_frames]
        assert _top(r) != "operation"
        assert r.decision.action == "continue", r.decision
    else:
        assert case["frame"] in classes, [(f.action_class, f.negated) for f in r.semantic_frames]


@pytest.mark.parametrize("rule,case", _cases(FRAME_RULES, "negative"),
                         ids=[c["text"] for _, c in _cases(FRAME_RULES, "negative")])
def test_a_look_alike_keeps_its_frame(rule, case):
    r = _understand(case["text"])
    if case["frame"] is None:  # no comparison asked
        assert "compare" not in {f.action_class for f in r.semantic_frames}
    else:  # the order stays an order
        assert case["frame"] in _writes(r), [(f.action_class, f.negated) for f in r.semantic_frames]
        assert _top(r) == "operation"


def _domain(r):
    return r.routing.domain_candidates[0].label if r.routing.domain_candidates else None


@pytest.mark.parametrize("case", _corpus("route.transport_domain")["positive"],
                         ids=[c["text"] for c in _corpus("route.transport_domain")["positive"]])
def test_a_transport_read_continues_in_agv(case):
    r = _understand(case["text"])
    assert _domain(r) == case["domain"]
    assert r.decision.action == "continue", r.decision


@pytest.mark.parametrize("case", _corpus("route.transport_domain")["negative"],
                         ids=[c["text"] for c in _corpus("route.transport_domain")["negative"]])
def test_a_transport_look_alike_gets_no_agv(case):
    r = _understand(case["text"])
    if case["domain"] is None:
        assert r.decision.action != "continue" or _domain(r) is None, (r.decision, _domain(r))
        assert _domain(r) != "agv" or r.decision.action != "continue"
    else:
        assert _domain(r) == case["domain"]
