"""A pack word owned by a thing outside the pack is a general question (design 15.3, issue 18):
lexicons/corpora/non_data.general_owner.json through the real pipeline (jieba's tagger warmed)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from warm_pipeline import warm_pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                     "non_data.general_owner.json").read_text("utf-8"))


# A verb owner (减肥, 旅游) counts only with a second foreign content word of two or more
# characters in the text (so that 帮我看下运行计划 stays a data question); these have none and
# are still asked about: known gaps, kept visible.
KNOWN_GAPS = {"旅游计划怎么写比较好", "帮我做一份减肥计划"}


@pytest.mark.parametrize("text", [pytest.param(t, marks=pytest.mark.xfail(reason="vn modifier", strict=True))
                                  if t in KNOWN_GAPS else t for t in CORPUS["positive"]])
def test_a_word_owned_by_a_foreign_thing_passes_through(text):
    r = warm_pipeline().understand(text)
    assert r.decision.action == "use_original", (r.decision, [(c.id, c.score) for c in r.routing.domain_candidates])
    assert "non_data_text" in r.decision.reason_codes


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_word_the_pack_owns_stays_a_data_question(text):
    r = warm_pipeline().understand(text)
    assert r.decision.action != "use_original", r.decision


def test_corpus_has_five_of_each():
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


ARITHMETIC = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                         "non_data.arithmetic.json").read_text("utf-8"))


@pytest.mark.parametrize("text", ARITHMETIC["positive"])
def test_arithmetic_is_a_general_question(text):
    assert warm_pipeline().understand(text).decision.action == "use_original"


@pytest.mark.parametrize("text", ARITHMETIC["negative"])
def test_a_bare_number_is_still_asked_about(text):
    assert warm_pipeline().understand(text).decision.action == "clarify"


SPEAKER = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                      "non_data.speaker_subject.json").read_text("utf-8"))


@pytest.mark.parametrize("text", SPEAKER["positive"])
def test_a_state_said_of_the_speaker_passes_through(text):
    r = warm_pipeline().understand(text)
    assert r.decision.action == "use_original" and "non_data_text" in r.decision.reason_codes, r.decision


@pytest.mark.parametrize("text", SPEAKER["negative"])
def test_a_state_said_of_vehicles_stays_a_data_question(text):
    r = warm_pipeline().understand(text)
    assert "non_data_text" not in r.decision.reason_codes, r.decision
