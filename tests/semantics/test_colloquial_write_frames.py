"""Writes said without a pack write verb, negations over them and cue look-alikes, through the
whole pipeline (issues 13 item 4 and 18, blind-set family of holdout-2026-12-01f).

Corpus (hand-written, see its `about`): `lexicons/corpora/srl.colloquial_writes.json`.
positive: the turn holds a write frame of the stated class and negation; an unnegated one is
routed to the operation template and never gets 查询 in front. negative: no unnegated write
frame, and no negated frame where a negation-looking character sits inside a word (级别).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "srl.colloquial_writes.json").read_text("utf-8"))
REF = "2026-12-01T21:30:00+08:00"
_WRITES = frozenset({"create", "update", "cancel"})




def test_every_shape_has_five_paraphrases_and_five_look_alikes() -> None:
    assert CORPUS["rule"] == "srl.colloquial_writes"
    pos = Counter(c["shape"] for c in CORPUS["positive"])
    neg = Counter(c["shape"] for c in CORPUS["negative"])
    assert min(pos.values()) >= 5, pos
    assert len(CORPUS["negative"]) >= 5 and min(neg.values()) >= 3, neg


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_colloquial_write_is_a_write_frame(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    frames = [(f.action_class, f.negated) for f in r.semantic_frames]
    assert (case["frame"], case["negated"]) in frames, (frames, r.canonical_text)
    if case["negated"]:
        # a negated write is never an order: no unnegated write frame beside it
        assert not [f for f in r.semantic_frames if f.action_class in _WRITES and not f.negated], frames
    else:
        assert r.routing.template_candidates[0].id == "operation", r.routing.template_candidates
        assert not r.canonical_text.startswith("查询"), r.canonical_text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_look_alike_is_no_write(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    frames = [(f.action_class, f.negated) for f in r.semantic_frames]
    assert not [f for f in frames if f[0] in _WRITES and not f[1]], (frames, r.canonical_text)
    if case["shape"] == "negated_word":
        assert not any(neg for _, neg in frames), frames
        assert r.decision.action == "continue", r.decision


# `lexicons/corpora/write_safety.open_writes.json`: writes whose intent or slot is open ask
OPEN = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                   "write_safety.open_writes.json").read_text("utf-8"))


def test_open_writes_have_five_paraphrases_and_five_look_alikes() -> None:
    assert OPEN["rule"] == "write_safety.open_writes"
    assert min(Counter(c["shape"] for c in OPEN["positive"]).values()) >= 5
    assert len(OPEN["negative"]) >= 5


@pytest.mark.parametrize("case", OPEN["positive"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_open_write_asks(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert r.decision.clarification.reason in case["reasons"], r.decision.clarification


@pytest.mark.parametrize("case", OPEN["negative"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_settled_look_alike_continues(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert r.decision.action == "continue", (r.decision.action, r.decision.clarification, r.canonical_text)
