"""Open read questions with a settled domain and no template (lexicons/open_questions.json).

The corpus (lexicons/corpora/decision.open_question.json, written by hand from design 8)
runs through the real pipeline: AGV调度的规则是什么 continues with `no_template` recorded;
a noun phrase, a yes/no particle, a refused request or a domain from weak hints alone is
still asked."""
import json
from pathlib import Path

import pytest
from warm_pipeline import warm_pipeline


CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "decision.open_question.json").read_text("utf-8"))
REF = "2026-06-10T09:30:00+08:00"
def test_corpus_is_large_enough():
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_an_open_question_about_a_settled_domain_continues(text):
    r = warm_pipeline().understand(text, reference_time=REF)
    assert r.decision.action == "continue", (r.decision, r.routing.domain_candidates)
    dom = r.routing.domain_candidates[0]
    assert {"explicit_rule", "context"} & set(dom.evidence)  # never from weak hints alone
    if not r.routing.template_candidates:
        assert "no_template" in r.decision.reason_codes  # the uncertainty is recorded


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_nothing_open_asked_refused_or_weak_is_still_asked(text):
    r = warm_pipeline().understand(text, reference_time=REF)
    assert r.decision.action != "continue", (r.decision, r.routing.domain_candidates)
