"""Writes never fail open (issue 13, part 4), read from the corpora in `lexicons/corpus/`.

`write_safety.positive.jsonl`: writes whose object, parameter, negation or date is uncertain
(a self-repair, a spoken vehicle number, an impossible date, a misspelled or stacked
negation, two objects joined by a filler, a look-alike identifier, a long text) — each must
clarify with the reason written beside it. `write_safety.negative.jsonl`: the benign
look-alikes (reads with the same words, clear writes) — each must continue.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.pipeline import Pipeline

CORPUS = Path(__file__).resolve().parents[2] / "lexicons" / "corpus"
REF = "2026-01-15T10:00:00+08:00"
# the long cases are padded with plain narrative text in front of the request
PAD = "今天天气不错，大家按计划完成了例行工作。"


def _cases(name: str) -> list[dict]:
    with open(CORPUS / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _text(case: dict) -> str:
    text = case["text"]
    if "long" in case:
        n = case["long"] - len(text)
        text = (PAD * (n // len(PAD) + 1))[:n] + text
    return text




POSITIVE = _cases("write_safety.positive.jsonl")
NEGATIVE = _cases("write_safety.negative.jsonl")


def test_corpora_cover_every_shape_five_times() -> None:
    shapes: dict[str, int] = {}
    for c in POSITIVE:
        shapes[c["shape"]] = shapes.get(c["shape"], 0) + 1
    assert shapes and min(shapes.values()) >= 5, shapes
    assert len(NEGATIVE) >= 20


@pytest.mark.parametrize("case", POSITIVE, ids=[f"{c['shape']}:{c['text'][:24]}" for c in POSITIVE])
def test_uncertain_write_clarifies(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(_text(case), reference_time=REF)
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes, r.canonical_text[-60:])
    assert r.decision.clarification.reason == case["reason"], r.decision.clarification


@pytest.mark.parametrize("case", NEGATIVE, ids=[f"{c['shape']}:{c['text'][:24]}" for c in NEGATIVE])
def test_benign_look_alike_continues(pipe: Pipeline, case: dict) -> None:
    r = pipe.understand(_text(case), reference_time=REF)
    assert r.decision.action == "continue", (r.decision.action, r.decision.reason_codes,
                                             r.decision.clarification, r.canonical_text[-60:])
    if "canonical" in case:
        assert r.canonical_text == case["canonical"]


# The markers the issue names, with and without punctuation on either side.
MARKERS = ["呃不对", "诶不对", "噢不对", "哎不是", "不不不", "我是说"]
PAUSES = [" {} ", "，{}，", "{}", "，{} ", " {}，", "{}，", "，{}", "、{}、"]


@pytest.mark.parametrize("marker", MARKERS)
def test_every_marker_with_or_without_punctuation_stops_a_write(pipe: Pipeline, marker: str) -> None:
    for pause in PAUSES + ["。{}，", "！{}！"]:
        r = pipe.understand("取消 T-2026010241" + pause.format(marker) + "T-2026010242", reference_time=REF)
        assert (r.decision.action, r.decision.clarification and r.decision.clarification.reason) == \
            ("clarify", "protected_change"), pause.format(marker)


@pytest.mark.parametrize("marker", MARKERS)
def test_every_marker_with_or_without_punctuation_repairs_a_read(pipe: Pipeline, marker: str) -> None:
    for pause in PAUSES:
        r = pipe.understand("查询 AGV-01" + pause.format(marker) + "AGV-02 的电量", reference_time=REF)
        assert r.decision.action == "continue", pause.format(marker)
        assert "AGV-01" not in r.canonical_text and "AGV-02" in r.canonical_text, r.canonical_text
