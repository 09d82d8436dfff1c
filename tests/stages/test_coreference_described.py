"""Mover phrases a place describes, a mover's job at hand, and counted plural pronouns
(lexicons/corpora/coreference.described.json, coreference.counted_plural.json), run through
the real pipeline: a read about them is answered, a write or a reference with no or several
candidates is still asked about (design 7.6, 8)."""
import json
from pathlib import Path

import pytest

import nlu

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
DESCRIBED = json.loads((CORPORA / "coreference.described.json").read_text("utf-8"))
COUNTED = json.loads((CORPORA / "coreference.counted_plural.json").read_text("utf-8"))
REF = "2026-12-01T15:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(text, referents=None):
    return nlu.understand(text, reference_time=REF, referents=referents, budget_ms=5000)


def test_corpora_have_five_or_more_each():
    for doc in (DESCRIBED, COUNTED):
        assert len(doc["positive"]) >= 5 and len(doc["negative"]) >= 5


@pytest.mark.parametrize("text", DESCRIBED["positive"])
def test_a_described_mover_or_job_in_a_read_is_not_asked_which(text):
    r = _run(text)
    assert "rule:open_coreference" not in r.decision.reason_codes
    assert r.decision.action == "continue"


@pytest.mark.parametrize("text", DESCRIBED["negative"])
def test_a_write_or_an_undescribed_reference_is_still_asked(text):
    r = _run(text)
    assert r.decision.action == "clarify"
    assert r.decision.clarification.reason in ("coreference", "missing_slot", "entity")


@pytest.mark.parametrize("case", COUNTED["positive"], ids=lambda c: c["text"])
def test_a_counted_plural_links_to_each_of_that_many(case):
    r = _run(case["text"], case.get("referents"))
    links = [k for k in r.coreferences if k.confirmed]
    labels = {c.id: c.label for k in links for c in k.candidates}
    # one link per member, each to a different one of the stated antecedents
    assert sorted(labels[k.antecedent_entity_id.removeprefix("ref:")] if k.antecedent_entity_id.removeprefix("ref:")
                  in labels else labels.get(k.antecedent_entity_id) for k in links) == sorted(case["antecedents"])
    assert "rule:open_coreference" not in r.decision.reason_codes


@pytest.mark.parametrize("case", COUNTED["negative"], ids=lambda c: c["text"] + str(len(c.get("referents") or [])))
def test_a_counted_plural_with_another_number_of_candidates_is_asked(case):
    r = _run(case["text"], case.get("referents"))
    assert r.decision.action == "clarify"
    assert not any(k.confirmed for k in r.coreferences)
