"""A value suite of forms the grammar did not have (issue 27): traditional script (點, 廿, 卅,
卌), unusual units (公尺, 加侖, 攝氏度, 呎, 吋, 英裏), foreign currencies before or after the
number, 块…零X, a day after a relative month. Expected values written by hand from
``ontology.md`` before the grammar was extended (``fresh_suite_2026-12-07.jsonl``).

Asserted: no wrong value; every case is right or unresolved (no value), judged like the
external suites (``nlu.evaluation.value_cases.judge``).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.value_cases import ValueCase, judge, nlu_values

SUITE = Path(__file__).with_name("fresh_suite_2026-12-07.jsonl")


def load() -> list[ValueCase]:
    out = []
    for i, line in enumerate(SUITE.read_text("utf-8").splitlines(), 1):
        d = json.loads(line)
        out.append(ValueCase(SUITE.name, i, d["text"], d["referenceTime"], d["kind"], d["expected"],
                             d["start"], d["end"], d["shape"], d["origin"]))
    return out


@pytest.fixture(scope="module")
def verdicts():
    nlu.warm_up()
    return [(c, judge(c, nlu_values(c, budget_ms=60_000))) for c in load()]


def test_the_suite_has_at_least_300_cases(verdicts):
    assert len(verdicts) >= 300


def test_no_wrong_value(verdicts):
    wrong = [(c.text, c.expected) for c, v in verdicts if v == "wrong"]
    assert wrong == [], (len(wrong), Counter(v for _, v in verdicts))


if __name__ == "__main__":  # python tests/values/test_fresh_suite.py: right / missing / wrong
    nlu.warm_up()
    vs = [(c, judge(c, nlu_values(c, budget_ms=60_000))) for c in load()]
    print(dict(Counter(v for _, v in vs)), "of", len(vs))
    for c, v in vs:
        if v == "wrong":
            print("wrong", c.text, c.expected)
