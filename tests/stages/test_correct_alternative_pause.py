"""Corpus lexicons/corpora/correct.alternative_pause.json through the real pipeline: an ASR
alternative that keeps the recogniser's pauses still corrects a pack term (the pause is no
part of what was heard); an alternative that would change a key, a number, a negation or a
correct term changes nothing."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "correct.alternative_pause.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


def _run(case):
    return nlu.understand(case["text"], source="asr", alternatives=[case["alternative"]], reference_time=REF,
                          budget_ms=5000)


@pytest.mark.parametrize("case", CORPUS["positive"], ids=[c["text"] for c in CORPUS["positive"]])
def test_an_alternative_with_pauses_corrects_the_term(case):
    r = _run(case)
    assert r.canonical_text == case["corrected"], r.corrections
    assert r.decision.action == "continue", r.decision.reason_codes


@pytest.mark.parametrize("case", CORPUS["negative"], ids=[c["text"] for c in CORPUS["negative"]])
def test_an_alternative_never_changes_a_fact_or_a_right_term(case):
    r = _run(case)
    assert not [c for c in r.corrections if c.auto_applied and c.type in ("asr", "typo", "ocr")], r.corrections
