"""A demonstrative pointing at a bare or malformed key asks about the key, on the real pipeline.

Corpus `lexicons/corpora/decision.pointed_unsure_key.json` (hand-written, see its `about`):
07 那个查一下 asks what 07 identifies (`entity`), not what 那个 refers to; a valid key before
the demonstrative resolves it, and a pronoun with no key is still a coreference question.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
                     / "decision.pointed_unsure_key.json").read_text("utf-8"))
REF = "2026-12-01T15:30:00+08:00"




def test_five_of_each() -> None:
    assert CORPUS["rule"] == "decision.pointed_unsure_key"
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_the_key_is_asked_about(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case["source"], reference_time=REF)
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes)
    assert r.decision.clarification.reason in case["reasons"], r.decision.clarification


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_a_valid_key_or_a_bare_pronoun_is_unchanged(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case["source"], reference_time=REF)
    assert r.decision.action == case["decision"], (r.decision.action, r.decision.reason_codes)
    if "reason" in case:
        assert r.decision.clarification.reason == case["reason"], r.decision.clarification
