"""Orders said colloquially on a named object (blind-set family of holdout-2026-12-01g), through
the whole pipeline.

Corpus (hand-written, see its `about`): `lexicons/corpora/srl.colloquial_orders.json`.
positive: the turn holds an unnegated write frame of the stated class, routes to the operation
template and never gets 查询 in front. negative: the same words asked, narrated or describing
records — no unnegated write frame.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "srl.colloquial_orders.json").read_text("utf-8"))
REF = "2026-12-02T09:15:00+08:00"
_WRITES = frozenset({"create", "update", "cancel"})




def test_every_shape_has_five_paraphrases_and_look_alikes() -> None:
    assert CORPUS["rule"] == "srl.colloquial_orders"
    pos = Counter(c["shape"] for c in CORPUS["positive"])
    neg = Counter(c["shape"] for c in CORPUS["negative"])
    assert min(pos.values()) >= 5, pos
    assert set(neg) == set(pos) and min(neg.values()) >= 3, neg


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_colloquial_order_is_a_write(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    frames = [(f.action_class, f.negated) for f in r.semantic_frames]
    assert (case["frame"], False) in frames, (frames, r.canonical_text)
    assert r.routing.template_candidates[0].id == "operation", r.routing.template_candidates
    assert not r.canonical_text.startswith("查询"), r.canonical_text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_look_alike_orders_nothing(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    frames = [(f.action_class, f.negated) for f in r.semantic_frames]
    assert not [f for f in frames if f[0] in _WRITES and not f[1]], (frames, r.canonical_text)
