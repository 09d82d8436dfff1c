"""Reads fail open (issue 26 part 3): a read whose protected facts are certain continues, however
much ASR hesitation surrounds them; a demonstrative that really points still asks.

Generated: hesitations × keys × read questions, in several layouts.
"""
from __future__ import annotations

import itertools

import pytest

from warm_pipeline import warm_pipeline

REF = "2026-12-07T14:20:00+08:00"
OPENERS = ["喂 那个", "那个那个", "嗯 那个", "呃 这个", "那个…", "就是 那个"]
KEYS = ["AGV-31", "AGV-112", "ST-07", "T-2026120501"]
READS = ["{k} 现在在哪个站", "帮我看一下 {k} 是不是离线了", "{k} 的状态", "好像是 {k} 对 {k} 它现在在哪"]
CASES = [f"{o} {r.format(k=k)}" for o, k, r in itertools.product(OPENERS, KEYS, READS)
         if not (k.startswith("T-") and "站" in r)]


def _run(text: str):  # noqa: ANN202
    return warm_pipeline().understand(text, source="asr", reference_time=REF)


@pytest.mark.parametrize("text", CASES)
def test_a_hesitation_before_a_clear_read_is_not_asked(text: str) -> None:
    r = _run(text)
    assert r.decision.action == "continue", (text, r.decision)


@pytest.mark.parametrize("text", ["那个东西怎么样了", "那个呢？", "查一下那个任务的状态", "把那个任务取消", "那个 取消掉"])
def test_a_demonstrative_that_points_still_asks(text: str) -> None:
    assert _run(text).decision.action == "clarify", text


@pytest.mark.parametrize("opener", OPENERS)
def test_a_hesitation_in_a_write_is_still_accounted(opener: str) -> None:
    r = _run(f"{opener} 把 AGV-31 派到 ST-02 口误 ST-20")
    assert r.decision.action == "clarify" or "ST-02" not in r.canonical_text, r.decision
