"""The alignment between the original text and the current text.

Segments tile both texts in order, without gaps or overlaps. An `unchanged` segment maps
character for character; `replaced`, `inserted` (empty original anchor) and `deleted`
(empty canonical anchor) segments map only as a whole block.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Literal

SegmentKind = Literal["unchanged", "replaced", "inserted", "deleted"]


@dataclass(frozen=True, slots=True)
class Segment:
    o0: int
    o1: int
    c0: int
    c1: int
    kind: SegmentKind

    @property
    def changed(self) -> bool:
        return self.kind != "unchanged"


def kind_for(o_len: int, c_len: int) -> SegmentKind:
    if o_len == 0:
        return "inserted"
    if c_len == 0:
        return "deleted"
    return "replaced"


class Alignment:
    """original ↔ current text; immutable, produced by `rewrite`."""

    __slots__ = ("original", "text", "segments", "_o_starts", "_c_starts")

    def __init__(self, original: str, text: str, segments: tuple[Segment, ...]) -> None:
        self.original = original
        self.text = text
        self.segments = segments
        self._o_starts = [s.o0 for s in segments]
        self._c_starts = [s.c0 for s in segments]

    @classmethod
    def identity(cls, text: str) -> "Alignment":
        segs = (Segment(0, len(text), 0, len(text), "unchanged"),) if text else ()
        return cls(text, text, segs)

    @property
    def is_identity(self) -> bool:
        return all(s.kind == "unchanged" for s in self.segments)

    # -- projection -------------------------------------------------------------------
    # A range that cuts into a changed segment is widened to the whole segment: a block
    # edit has no finer correspondence, and widening never loses characters.

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        return self._project(start, end, self._c_starts, canonical_side=True)

    def to_current(self, start: int, end: int) -> tuple[int, int]:
        return self._project(start, end, self._o_starts, canonical_side=False)

    def _project(self, start: int, end: int, starts: list[int], canonical_side: bool) -> tuple[int, int]:
        segs = self.segments
        if not segs:
            return (0, 0)
        if canonical_side:
            src = lambda s: (s.c0, s.c1)  # noqa: E731
            dst = lambda s: (s.o0, s.o1)  # noqa: E731
        else:
            src = lambda s: (s.o0, s.o1)  # noqa: E731
            dst = lambda s: (s.c0, s.c1)  # noqa: E731
        if start == end:
            return (self._point(start, starts, src, dst),) * 2
        i = max(bisect_left(starts, start) - 1, 0)
        lo = hi = None
        for seg in segs[i:]:
            s0, s1 = src(seg)
            if s0 >= end:
                break
            inside = (s0 < end and s1 > start) if s0 != s1 else (start < s0 < end)
            if not inside:
                continue
            d0, d1 = dst(seg)
            if seg.kind == "unchanged":
                a, b = d0 + max(start, s0) - s0, d0 + min(end, s1) - s0
            else:
                a, b = d0, d1
            lo = a if lo is None else min(lo, a)
            hi = b if hi is None else max(hi, b)
        if lo is None:
            p = self._point(start, starts, src, dst)
            return (p, p)
        return (lo, hi)

    def _point(self, pos: int, starts: list[int], src, dst) -> int:
        segs = self.segments
        i = bisect_left(starts, pos)
        # a segment that starts before pos and contains it
        if i > 0:
            s = segs[i - 1]
            s0, s1 = src(s)
            if s0 < pos < s1:
                d0, d1 = dst(s)
                return d0 + (pos - s0) if s.kind == "unchanged" else d0
        if i < len(segs):
            return dst(segs[i])[0]
        return dst(segs[-1])[1]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Alignment({self.original!r} -> {self.text!r}, {len(self.segments)} segments)"
