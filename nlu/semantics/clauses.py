"""Clause boundaries: where one predicate's arguments stop (punctuation and a few connectives)."""
from __future__ import annotations

import re
from bisect import bisect_right

_BREAK = frozenset("，,。；;！!？?\n\r：:")
_BREAKS = re.compile("[" + "".join(sorted(_BREAK)) + "]")  # the same characters, found by the regex engine


def split_clauses(text: str, connectives: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """[c0, c1) spans covering the text; punctuation stays in the clause it closes.

    `connectives` are spans of clause-opening words (然后, 并且…): a new clause starts there.
    """
    cuts = sorted({m.end() for m in _BREAKS.finditer(text)} | {a for a, _ in connectives})
    out: list[tuple[int, int]] = []
    start = 0
    for c in cuts:
        if 0 < c <= len(text) and c > start:
            out.append((start, c))
            start = c
    if start < len(text) or not out:
        out.append((start, len(text)))
    return out


def clause_index(clauses: list[tuple[int, int]], starts: list[int], pos: int) -> int:
    """Index of the clause containing current position `pos` (`starts` = clause starts)."""
    return max(0, bisect_right(starts, pos) - 1)
