"""Every public value case (``shared/external/values/``, Recognizers-Text) through the public API.

Judged as its README says (``nlu.evaluation.value_cases.judge``). Asserted: no wrong value at
all; every case left without a value is listed, with its reason, in
``external_known_gaps.json`` (and every listed case is still without one, so the list stays
exact); and nlu reads at least as many right values as its peers read on the same cases,
measured by ``eval/values_peers.py`` (figures below, peers handed the phrase itself).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.value_cases import find_external_values, judge, load_cases, nlu_values

FOLDER = find_external_values(Path(__file__))
pytestmark = pytest.mark.skipif(FOLDER is None, reason="shared/external/values not found beside the repository")
GAPS = {g["case"]: g for g in json.loads((Path(__file__).with_name("external_known_gaps.json")).read_text("utf-8"))["gaps"]}
# the most right values any peer reads on these cases, per kind (eval/values_peers.py, run in
# /tmp/peers-venv: cn2an 0.5.24, jionlp 1.5.31, WeTextProcessing 1.2.0; 2026-12-07b report)
PEER_RIGHT = {"number": 176, "quantity": 36, "amount": 12, "time_range": 54, "time": 8}


@pytest.fixture(scope="module")
def verdicts():
    nlu.warm_up()
    # a generous budget: on the shared test host a call that runs out of time degrades to
    # use_original (no entities), which would be scored as a missing value
    return [(c, judge(c, nlu_values(c, budget_ms=60_000))) for c in load_cases(FOLDER)]


def test_every_case_is_judged(verdicts):
    assert len(verdicts) == 498


def test_no_wrong_value(verdicts):
    wrong = [(c.key, c.text[c.start:c.end], c.expected) for c, v in verdicts if v == "wrong"]
    assert wrong == []


def test_every_missing_value_is_a_known_gap_with_its_reason(verdicts):
    missing = {c.key for c, v in verdicts if v == "missing"}
    assert sorted(missing - set(GAPS)) == [], "a case lost its value: fix it or list it with a reason"
    assert sorted(set(GAPS) - missing) == [], "a known gap is read now: take it off the list"
    assert all(g["reason"].strip() for g in GAPS.values())


def test_at_least_as_many_right_values_as_the_peers(verdicts):
    right = Counter(c.kind for c, v in verdicts if v == "right")
    for kind, peer in PEER_RIGHT.items():
        assert right[kind] >= peer, (kind, right[kind], peer)
