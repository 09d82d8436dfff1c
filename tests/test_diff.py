"""The request-path aligner (rapidfuzz) against its plain reference form (difflib)."""
from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st

from nlu.text.diff import apply, cost, opcodes, reference_opcodes

ALPHABET = st.sampled_from(list("检修计划查询状态车间AGV-01 ，。"))


@given(st.text(ALPHABET, max_size=40), st.text(ALPHABET, max_size=40))
def test_both_scripts_turn_a_into_b_and_levenshtein_edits_no_more(a, b):
    fast, ref = opcodes(a, b), reference_opcodes(a, b)
    assert apply(a, b, fast) == b and apply(a, b, ref) == b
    assert cost(fast) <= cost(ref)
    # contiguous: each op starts where the previous ended, on both sides
    i = j = 0
    for _tag, i1, i2, j1, j2 in fast:
        assert (i1, j1) == (i, j)
        i, j = i2, j2
    assert (i, j) == (len(a), len(b))


def test_single_substitutions_agree_exactly():
    for a, b in [("全年检休报表", "全年检修报表"), ("查询AGV-01状态", "查询AGV-01装态"), ("调度报表", "调度保表")]:
        assert [op for op in opcodes(a, b) if op[0] != "equal"] == [op for op in reference_opcodes(a, b) if op[0] != "equal"]


def test_a_long_alternative_aligns_in_milliseconds():
    a = "今天车间里的设备运行情况总体良好，检修班组按计划完成了例行检查" * 130
    b = a.replace("设", "检")
    t0 = time.perf_counter()
    ops = opcodes(a[:4000], b[:4000])
    assert time.perf_counter() - t0 < 0.5 and apply(a[:4000], b[:4000], ops) == b[:4000]
