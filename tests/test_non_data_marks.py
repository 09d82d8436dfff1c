"""Punctuation alone is a reaction to the chat (lexicons/corpora/non_data.marks.json): passed
through untouched; the empty input and a hesitation are still asked again."""
import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" / "non_data.marks.json").read_text("utf-8"))
REF = "2026-12-01T15:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_lone_mark_passes_through(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "use_original"
    assert "non_data_text" in r.decision.reason_codes


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_words_or_nothing_are_not_a_lone_mark(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert "non_data_text" not in r.decision.reason_codes
