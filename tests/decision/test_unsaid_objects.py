"""Orders whose object or value is unsaid ask for it (missing_slot; entity where the object is
described through its owner), through the whole pipeline — blind-set family of
holdout-2026-12-01g.

Corpus (hand-written, see its `about`): `lexicons/corpora/write_safety.unsaid_objects.json`.
positive: clarify with one of the stated reasons, the turn holding an unnegated write frame (a
write, not a read with 查询 put in front). negative: a read look-alike holds no unnegated write
frame and is never asked for a write's slot (a procedure asked with no object may still lack a
template: that question is the router's); a clear write continues.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "write_safety.unsaid_objects.json").read_text("utf-8"))
REF = "2026-12-02T09:15:00+08:00"
_WRITES = frozenset({"create", "update", "cancel"})




def test_every_shape_has_five_paraphrases_and_five_look_alikes() -> None:
    assert CORPUS["rule"] == "write_safety.unsaid_objects"
    assert min(Counter(c["shape"] for c in CORPUS["positive"]).values()) >= 5
    assert min(Counter(c["shape"] for c in CORPUS["negative"] if c.get("read")).values()) >= 3
    assert len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_unsaid_object_asks(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert r.decision.clarification.reason in case["reasons"], (r.decision.clarification, r.decision.reason_codes)
    assert [f for f in r.semantic_frames if f.action_class in _WRITES and not f.negated], r.semantic_frames
    assert not r.canonical_text.startswith("查询"), r.canonical_text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_look_alike_continues(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    if case.get("read"):
        frames = [(f.action_class, f.negated) for f in r.semantic_frames]
        assert not [f for f in frames if f[0] in _WRITES and not f[1]], (frames, r.canonical_text)
        assert "write_without_object" not in r.decision.reason_codes, r.decision.reason_codes
    else:
        assert r.decision.action == "continue", (r.decision.reason_codes, r.decision.clarification, r.canonical_text)
