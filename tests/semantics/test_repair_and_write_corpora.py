"""Typed self-repair and uncertain writes, through the whole pipeline (issue 13, part 4).

Corpora (hand-written, see their `about`): `lexicons/corpora/self_repair.typed.json` — a
repair retracts only the constituent it replaces; `lexicons/corpora/write_safety.uncertain.json`
— a write whose object, direction, date or key is uncertain asks, its look-alikes continue;
`lexicons/corpora/write_safety.colloquial.json` — an order said with no pack write word (把 T-… 撤了,
给 AGV-22 派一单去 ST-14, 让 AGV-30 回 ST-01) is a write, its look-alikes (…撤了吗, 转给…的工单有哪些) are not.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
REF = "2026-03-15T10:30:00+08:00"


def _corpus(name: str) -> dict:
    return json.loads((CORPORA / name).read_text("utf-8"))


REPAIR = _corpus("self_repair.typed.json")
WRITES = _corpus("write_safety.uncertain.json")
COLLOQUIAL = _corpus("write_safety.colloquial.json")
_WRITE_CLASSES = frozenset({"create", "update", "cancel"})




def test_every_shape_has_five_paraphrases_and_five_look_alikes() -> None:
    for corpus, key in ((REPAIR, "type"), (WRITES, "shape")):
        shapes: dict[str, int] = {}
        for c in corpus["positive"]:
            shapes[c[key]] = shapes.get(c[key], 0) + 1
        assert min(shapes.values()) >= 5, shapes
        assert len(corpus["negative"]) >= 5


@pytest.mark.parametrize("case", REPAIR["positive"], ids=lambda c: c["text"])
def test_repair_retracts_only_the_replaced_constituent(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case.get("source", "typed"), reference_time=REF)
    for w in case["retracted"]:
        assert w not in r.canonical_text, (r.canonical_text, w)
    for w in case["kept"]:
        assert w in r.canonical_text, (r.canonical_text, w)
    if case.get("write"):
        # a write whose key, number or action was corrected is confirmed, never guessed; the
        # options offer the corrected reading only
        assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes)
        assert r.decision.clarification.reason in case.get("reasons", ["protected_change"])
        for o in r.decision.clarification.options:
            assert not any(w in o.fill_text for w in case["retracted"]), o.fill_text
    else:
        assert r.decision.action == "continue", (r.decision.action, r.decision.clarification)


@pytest.mark.parametrize("case", REPAIR["negative"], ids=lambda c: c["text"])
def test_marker_look_alike_is_no_repair(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case.get("source", "typed"), reference_time=REF)
    assert not [e for e in r.corrections if e.type == "self_repair"], r.canonical_text


@pytest.mark.parametrize("case", WRITES["positive"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_uncertain_write_asks(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert r.decision.clarification.reason in case["reasons"], r.decision.clarification
    assert not r.canonical_text.startswith("查询") or case["text"].startswith("查询"), r.canonical_text


@pytest.mark.parametrize("case", WRITES["negative"], ids=lambda c: f"{c['shape']}:{c['text']}")
def test_benign_look_alike_continues(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], reference_time=REF)
    assert r.decision.action == "continue", (r.decision.action, r.decision.clarification, r.canonical_text)


def test_colloquial_corpus_has_five_of_each() -> None:
    assert COLLOQUIAL["rule"] == "write_safety.colloquial"
    assert len(COLLOQUIAL["positive"]) >= 5 and len(COLLOQUIAL["negative"]) >= 5


@pytest.mark.parametrize("case", COLLOQUIAL["positive"], ids=lambda c: c["text"])
def test_colloquial_order_is_a_write(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case["source"], reference_time=REF)
    classes = [f.action_class for f in r.semantic_frames]
    assert _WRITE_CLASSES.intersection(classes), (classes, r.canonical_text)
    assert r.routing.template_candidates and r.routing.template_candidates[0].id == "operation", r.routing
    assert not r.canonical_text.startswith("查询"), r.canonical_text


@pytest.mark.parametrize("case", COLLOQUIAL["negative"], ids=lambda c: c["text"])
def test_colloquial_look_alike_is_no_write(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"], source=case["source"], reference_time=REF)
    classes = [f.action_class for f in r.semantic_frames]
    assert not _WRITE_CLASSES.intersection(classes), (classes, r.canonical_text)
