"""Value suites of forms the grammar did not have (issue 27), expected values written by hand
from ``ontology.md`` before the grammar ran on them (provenance: ``tests/values/README.md``):

* ``fresh_suite_2026-12-07.jsonl`` -- traditional script (點, 廿, 卅, 卌), unusual units (公尺,
  加侖, 攝氏度, 呎, 吋, 英裏), foreign currencies before or after the number, 块…零X, a day after a
  relative month (34 phrases in frames);
* ``fresh_suite_2026-12-07b.jsonl`` -- an independent second suite: 331 cases, 252 distinct
  phrases (traditional and financial script, units in and outside the pack, 美元 / 日元 / 欧元 /
  港币 / 英镑 / 韩元 before and after the number and with 元 between, mixed Arabic and Chinese
  digits, 万 / 亿 with decimals, 两, 半, 多 / 余 / 来 / 几, ranges, 廿 / 卅 days).

Asserted for each: no wrong value; every case is right or unresolved (no value), judged like
the external suites (``nlu.evaluation.value_cases.judge``).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import nlu
from nlu.evaluation.value_cases import ValueCase, judge, nlu_values

HERE = Path(__file__).parent
SUITES = ("fresh_suite_2026-12-07.jsonl", "fresh_suite_2026-12-07b.jsonl")


def load(name: str = SUITES[0]) -> list[ValueCase]:
    suite = HERE / name
    out = []
    for i, line in enumerate(suite.read_text("utf-8").splitlines(), 1):
        d = json.loads(line)
        out.append(ValueCase(suite.name, i, d["text"], d["referenceTime"], d["kind"], d["expected"],
                             d["start"], d["end"], d["shape"], d["origin"]))
    return out


@pytest.fixture(scope="module", params=SUITES)
def verdicts(request):
    nlu.warm_up()
    return [(c, judge(c, nlu_values(c, budget_ms=60_000))) for c in load(request.param)]


def test_the_suite_has_at_least_300_cases(verdicts):
    assert len(verdicts) >= 300


def test_no_wrong_value(verdicts):
    wrong = [(c.text, c.expected) for c, v in verdicts if v == "wrong"]
    assert wrong == [], (len(wrong), Counter(v for _, v in verdicts))


def test_the_second_suite_is_not_a_few_forms_in_frames():
    cases = load(SUITES[1])
    phrases = {c.text[c.start:c.end] for c in cases}
    assert len(cases) >= 300 and len(phrases) >= 150
    assert sum(1 for c in cases if c.expected is None) >= 20  # guards: approximations, 元 + a foreign currency
    assert all(c.text[c.start:c.end] for c in cases)


if __name__ == "__main__":  # python tests/values/test_fresh_suite.py [b]: right / missing / wrong
    import sys

    nlu.warm_up()
    name = SUITES[1] if sys.argv[1:] == ["b"] else SUITES[0]
    vs = [(c, judge(c, nlu_values(c, budget_ms=60_000))) for c in load(name)]
    print(name, dict(Counter(v for _, v in vs)), "of", len(vs))
    for c, v in vs:
        if v != "right":
            print(v, c.text, "|", c.text[c.start:c.end], "|", c.expected)
