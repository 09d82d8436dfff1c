"""A key typed with spaces round its hyphen is that key, on the real pipeline.

Corpus `lexicons/corpora/protect.spaced_identifier.json` (hand-written, see its `about`):
AGV - 35 is the vehicle AGV-35 (text kept as typed, value without the spaces); a range
(3 - 5 台) or a key of the wrong shape (AGV - 7) is no identifier.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
                     / "protect.spaced_identifier.json").read_text("utf-8"))
_KEYS = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    p = Pipeline(budget_ms=10_000)
    p.warm_up()
    return p


def test_five_of_each() -> None:
    assert CORPUS["rule"] == "protect.spaced_identifier"
    assert len(CORPUS["positive"]) >= 5 and len(CORPUS["negative"]) >= 5


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_spaced_key_is_the_key(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"])
    got = [(e.type, e.canonical_value) for e in r.entities]
    assert (case["type"], case["value"]) in got, got
    # the text stays as typed: the spaces are not edited away
    assert case["text"].replace(" ", "") in r.canonical_text.replace(" ", "")
    spaced = next(e for e in r.entities if e.type == case["type"])
    assert " " in spaced.text or spaced.text.upper() == case["value"], spaced.text


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_range_or_wrong_shape_is_no_key(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(case["text"])
    assert not [e for e in r.entities if e.type in _KEYS], [(e.type, e.text) for e in r.entities]
