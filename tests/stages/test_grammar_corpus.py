"""The grammar-completion corpus (`lexicons/corpora/route.grammar_completion.json`): the implied 查询 goes
before a data question, never before a statement of a value (issue 13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu



def _corpus(name: str) -> dict:
    return json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / name).read_text("utf-8"))


CORPUS = _corpus("route.grammar_completion.json")
REF = "2026-03-15T10:30:00+08:00"


def _run(text):
    return nlu.understand(text, reference_time=REF, budget_ms=5000)


def _inserted(r):
    return [c.replacement for c in r.corrections if c.type == "grammar"]


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_data_questions_are_no_statements(case):
    r = _run(case["text"])
    assert r.decision.action == "continue"
    assert "missing_action" not in r.decision.reason_codes
    if case["shape"] == "data_question":  # a complete one, with no action word: 查询 goes in front
        assert _inserted(r) == ["查询"]
    else:  # an alternative question (是 A 还是 B): completing it or not are both readings of it
        assert _inserted(r) in ([], ["查询"])


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_statements_get_nothing_inserted_and_do_not_continue(case):
    r = _run(case["text"])
    assert _inserted(r) == []
    assert r.decision.action != "continue"
    assert r.canonical_text == case["text"]
