"""A write whose objects are named only as exceptions asks; 除 X 外 is an exception
(lexicons/corpora/srl.excepted_write_objects.json, run through the real pipeline)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" /
                     "srl.excepted_write_objects.json").read_text("utf-8"))
REF = "2026-12-01T21:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()  # a cold first call may run out of the default budget


def _roles(result, text: str) -> set[str]:
    ids = {e.id for e in result.entities if e.text == text}
    return {a.role for f in result.semantic_frames for a in f.arguments if ids & set(a.entity_ids or ())}


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_a_write_on_all_but_the_named_asks_for_its_objects(case):
    r = nlu.understand(case["text"], reference_time=REF)
    assert r.decision.action == "clarify", (r.decision, r.canonical_text)
    assert r.decision.clarification.reason == "missing_slot"
    roles = _roles(r, case["excepted"])
    assert "exception" in roles and "patient" not in roles, roles


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_an_exception_beside_a_named_object_or_on_a_read_is_kept(case):
    r = nlu.understand(case["text"], reference_time=REF)
    if "decision" in case:
        assert r.decision.action == case["decision"], (r.decision, r.canonical_text)
    if "excepted" in case:
        roles = _roles(r, case["excepted"])
        assert "exception" in roles and "patient" not in roles, roles
    if "patient" in case:
        assert "patient" in _roles(r, case["patient"])
