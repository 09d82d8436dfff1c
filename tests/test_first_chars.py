"""`first_chars`: a prefilter may only ever skip patterns that cannot match."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nlu.lexicon import default_pack
from nlu.text.first_chars import first_chars


@pytest.mark.parametrize("rx,flags,want", [
    ("忽略(之前|以上)的?指令", 0, "忽"),
    ("(你现在是|假装你是)管理员", 0, "你假"),
    ("(不需要|无需)?审批", 0, "不无审"),          # an optional head: what follows may begin it
    ("jailbreak", re.I, "Jj"),
    ("[a-c]x", 0, "abc"),
    ("(?<=调)用", 0, "用"),                       # lookbehind consumes nothing
])
def test_first_characters(rx, flags, want):
    assert first_chars(re.compile(rx, flags)) == frozenset(want)


@pytest.mark.parametrize("rx", [r"\s*x", r"[^a]b", r".{0,3}工具", r"a?", r"(?:^|[\s。])user"])
def test_unknown_or_nullable_gives_none(rx):
    assert first_chars(re.compile(rx)) is None


PATTERNS = default_pack().injection_patterns
ALPHABET = sorted({ch for p in PATTERNS for ch in p.pattern if ch.isalnum() or ord(ch) > 127} | set(" ，。:：<>[]|/_"))


@given(st.text(alphabet=st.sampled_from(ALPHABET), max_size=40))
def test_a_skipped_pattern_never_matches(text):
    present = set(text)
    for p in PATTERNS:
        first = first_chars(p)
        if first is not None and first.isdisjoint(present):
            assert p.search(text) is None, (p.pattern, text)
