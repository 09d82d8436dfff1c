"""Corpus of the English template words (lexicons/corpora/route.english_triggers.json), run
through the real pipeline: an English trigger pins its template in any Latin case; a word
that only begins with one pins nothing."""
import json
from pathlib import Path

import pytest

from warm_pipeline import warm_pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                     "route.english_triggers.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"
PINNED = 0.95  # an explicit trigger scores 0.97; a hint stays below


def _top(text):
    r = warm_pipeline().understand(text, reference_time=REF)
    c = r.routing.template_candidates
    return (c[0].label, c[0].score) if c else (None, 0.0), r


@pytest.mark.parametrize("case", CORPUS["positive"], ids=[c["text"] for c in CORPUS["positive"]])
def test_an_english_template_word_pins_its_template(case):
    (label, score), r = _top(case["text"])
    assert label == case["template"] and score >= PINNED, (label, score)
    assert r.decision.action == "continue", r.decision.reason_codes


@pytest.mark.parametrize("case", CORPUS["negative"], ids=[c["text"] for c in CORPUS["negative"]])
def test_a_word_that_only_begins_with_one_pins_nothing(case):
    (label, score), _r = _top(case["text"])
    assert not (label == case["template"] and score >= PINNED), (label, score)
