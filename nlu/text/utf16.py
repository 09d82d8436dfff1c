"""Code point ↔ UTF-16 code unit offsets (design 6.2: the contract counts UTF-16 units).

Python strings index by code point; JavaScript's `slice()` indexes by UTF-16 code unit.
Only astral characters (emoji, rare CJK extension B+) differ, so text without any keeps
offsets unchanged and pays nothing.
"""
from __future__ import annotations

import re
from bisect import bisect_right

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


class Utf16Index:
    """Converts offsets for one text; built once per text, O(1) when the text is all BMP."""

    __slots__ = ("_astral_cp",)

    def __init__(self, text: str) -> None:
        # Code point indexes of the astral characters; each adds one extra UTF-16 unit.
        # `max` runs in C: BMP-only text (nearly all input) never reaches the regex.
        if text.isascii() or max(text, default="") < "\U00010000":
            self._astral_cp: list[int] = []
        else:
            self._astral_cp = [m.start() for m in _ASTRAL.finditer(text)]

    @property
    def identity(self) -> bool:
        """True when code point and UTF-16 offsets coincide (no astral character)."""
        return not self._astral_cp

    def to_utf16(self, cp: int) -> int:
        if not self._astral_cp:
            return cp
        return cp + bisect_right(self._astral_cp, cp - 1)

    def to_codepoint(self, u16: int) -> int:
        """Inverse of `to_utf16`; a unit offset inside a surrogate pair is an error."""
        if not self._astral_cp:
            return u16
        lo, hi = 0, u16
        while lo < hi:  # smallest cp with to_utf16(cp) >= u16
            mid = (lo + hi) // 2
            if self.to_utf16(mid) < u16:
                lo = mid + 1
            else:
                hi = mid
        if self.to_utf16(lo) != u16:
            raise ValueError(f"UTF-16 offset {u16} falls inside a surrogate pair")
        return lo


def utf16_len(text: str) -> int:
    if text.isascii() or max(text, default="") < "\U00010000":
        return len(text)
    return len(text) + len(_ASTRAL.findall(text))
