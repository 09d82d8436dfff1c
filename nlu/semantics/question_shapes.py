"""What a question word asks: how many, which one(s), or when (lexicons/question_shapes.json).

One character never decides a template: 几 and 多少 count only where a count classifier or a
count noun says so (几台, 多少趟, 车辆数); 第几股道 / 几号库 ask which one, 几点 asks when, 几天 asks how
long, 哪几台 asks which members. The rules are named data; where matches overlap, the leftmost wins, then
the longest. A question word that no rule covers asks nothing countable.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

HOW_MANY = "how_many"
WHICH_ONE = "which_one"
WHICH_ONES = "which_ones"
WHEN = "when"
HOW_LONG = "how_long"
COMPARE_COUNT = "compare_count"  # A比B多几张: two counts compared


class Shape(NamedTuple):
    rule: str
    shape: str
    start: int  # current-text offsets, end exclusive
    end: int


def load_rules() -> None:
    """Read and check the rule file now (stage construction), not inside a request."""
    _rules()


@lru_cache(maxsize=1)
def _rules() -> tuple[tuple[str, str, re.Pattern], ...]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    return tuple((r["name"], r["shape"], re.compile(r["regex"]))
                 for r in load_data_file("question_shapes.json")["rules"])


@lru_cache(maxsize=256)
def question_shapes(text: str) -> tuple[Shape, ...]:
    """Non-overlapping shapes in reading order: of overlapping matches the leftmost wins, then
    the longest. Each rule scans the text once, so the cost is linear in its length."""
    matches = sorted((m.start(), -(m.end() - m.start()), name, shape)
                     for name, shape, pattern in _rules() for m in pattern.finditer(text))
    out: list[Shape] = []
    for start, neg_len, name, shape in matches:
        if out and start < out[-1].end:
            continue
        out.append(Shape(name, shape, start, start - neg_len))
    return tuple(out)


def shape_at(text: str, start: int, end: int) -> Shape | None:
    """The shape overlapping text[start:end] (a question or trigger word), if any."""
    for s in question_shapes(text):
        if s.start < end and start < s.end:
            return s
    return None


def asks_how_many(text: str) -> bool:
    return any(s.shape == HOW_MANY for s in question_shapes(text))


def compares_counts(text: str) -> bool:
    return any(s.shape == COMPARE_COUNT for s in question_shapes(text))


def counts(text: str, start: int, end: int) -> bool:
    """A count trigger word at text[start:end] asks how many: its question word has the
    how-many shape, or it holds no question word at all (数量, 一共, 总数)."""
    s = shape_at(text, start, end)
    return s.shape in (HOW_MANY, COMPARE_COUNT) if s is not None else not any(q in text[start:end] for q in QUESTION_WORDS)


# The question words a shape rule reads; a trigger holding one is decided by its shape.
QUESTION_WORDS = ("几", "多少")
