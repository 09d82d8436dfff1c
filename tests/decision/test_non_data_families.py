"""Corpora of the non-data families of this pass (lexicons/corpora/non_data.{mentioned_words,
calendar,implied_write,latin_topic}.json), run through the real pipeline: positives are no data
question and pass through untouched (`use_original`, `non_data_text`, design 15.3); negatives
are data questions or must be asked about, never passed through as general text."""
import json
from pathlib import Path

import pytest

import nlu

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
FAMILIES = ("non_data.mentioned_words", "non_data.calendar", "non_data.implied_write", "non_data.latin_topic")
REF = "2026-09-16T10:00:00+08:00"


def _corpus(name):
    return json.loads((CORPORA / f"{name}.json").read_text("utf-8"))


POS = [(f, t) for f in FAMILIES for t in _corpus(f)["positive"]]
NEG = [(f, t) for f in FAMILIES for t in _corpus(f)["negative"]]


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def test_every_family_has_five_paraphrases_and_five_look_alikes():
    for f in FAMILIES:
        c = _corpus(f)
        assert c["rule"] == f and len(c["positive"]) >= 5 and len(c["negative"]) >= 5, f


@pytest.mark.parametrize("family,text", POS, ids=[t for _, t in POS])
def test_general_text_passes_through_untouched(family, text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "use_original", (family, r.decision.reason_codes)
    assert "non_data_text" in r.decision.reason_codes
    assert r.canonical_text == text


@pytest.mark.parametrize("family,text", NEG, ids=[t for _, t in NEG])
def test_a_data_question_is_not_passed_through(family, text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert "non_data_text" not in r.decision.reason_codes, (family, r.decision.action)
