"""Width folding by an explicit table: full-width ASCII (U+FF01–U+FF5E) and U+3000 only.

Not NFKC: that would also rewrite ①, ㎏, ﬁ and other characters whose meaning differs.
"""
from __future__ import annotations

WIDTH_TABLE = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def fold_width(text: str) -> str:
    return text.translate(WIDTH_TABLE)


def has_wide(text: str) -> bool:
    return any(0xFF01 <= ord(c) <= 0xFF5E or c == "\u3000" for c in text)
