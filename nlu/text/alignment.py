"""The alignment between the original text and the current text.

Segments tile both texts in order, without gaps or overlaps. An `unchanged` segment maps
character for character; `replaced`, `inserted` (empty original anchor) and `deleted`
(empty canonical anchor) segments map only as a whole block.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Literal, NamedTuple

SegmentKind = Literal["unchanged", "replaced", "inserted", "deleted"]


class Segment(NamedTuple):
    """One piece of the tiling (immutable; a NamedTuple because a turn builds many)."""

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

    __slots__ = ("original", "text", "segments", "_unchanged", "_identity", "_to_original", "_to_current")

    def __init__(self, original: str, text: str, segments: tuple[Segment, ...]) -> None:
        self.original = original
        self.text = text
        self.segments = segments
        # Flat per-side views of the segments: every stage projects dozens of spans per call,
        # and plain tuples keep `_project` free of attribute lookups and helper calls.
        # (Transposed with zip, in C: an OCR line brings dozens of segments.)
        o0s, o1s, c0s, c1s, kinds = zip(*segments) if segments else ((), (), (), (), ())
        o_spans, c_spans = list(zip(o0s, o1s)), list(zip(c0s, c1s))
        self._unchanged = [k == "unchanged" for k in kinds]
        # Nothing rewritten yet (typed text that needed no cleaning): every in-range span
        # projects onto itself, which is what `_project` would compute segment by segment.
        self._identity = len(segments) == 1 and self._unchanged[0] and original == text
        self._to_original = _Way(len(text), list(c0s), c_spans, o_spans)
        self._to_current = _Way(len(original), list(o0s), o_spans, c_spans)

    @classmethod
    def identity(cls, text: str) -> "Alignment":
        segs = (Segment(0, len(text), 0, len(text), "unchanged"),) if text else ()
        return cls(text, text, segs)

    @property
    def is_unchanged_text(self) -> bool:
        """Nothing rewritten: every in-range span is its own image on the other side."""
        return self._identity

    @property
    def is_identity(self) -> bool:
        return all(s.kind == "unchanged" for s in self.segments)

    # -- projection -------------------------------------------------------------------
    # A range that cuts into a changed segment is widened to the whole segment: a block
    # edit has no finer correspondence, and widening never loses characters.

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        return self._map(self._to_original, start, end)

    def to_current(self, start: int, end: int) -> tuple[int, int]:
        return self._map(self._to_current, start, end)

    def _map(self, way: "_Way", start: int, end: int) -> tuple[int, int]:
        if self._identity and 0 <= start <= end <= way.n:
            return (start, end)
        if 0 <= start < end <= way.n:
            by = way.by_char
            if by is None:
                by = way.by_char = _by_char(way.src, way.dst, self._unchanged)
            return (by[0][start], by[1][end - 1])
        r = way.memo.get((start, end))
        if r is None:
            r = way.memo[(start, end)] = self._project(start, end, way.starts, way.src, way.dst)
        return r

    def _project(self, start: int, end: int, starts: list[int], src: list[tuple[int, int]],
                 dst: list[tuple[int, int]]) -> tuple[int, int]:
        if not src:
            return (0, 0)
        if start == end:
            return (self._point(start, starts, src, dst),) * 2
        unchanged = self._unchanged
        lo = hi = None
        for k in range(max(bisect_left(starts, start) - 1, 0), len(src)):
            s0, s1 = src[k]
            if s0 >= end:
                break
            # s0 < end holds here; an empty (inserted/deleted) segment counts only strictly inside
            if not (s1 > start if s0 != s1 else start < s0):
                continue
            d0, d1 = dst[k]
            if unchanged[k]:
                a, b = d0 + max(start, s0) - s0, d0 + min(end, s1) - s0
            else:
                a, b = d0, d1
            if lo is None:
                lo, hi = a, b
            else:
                lo, hi = min(lo, a), max(hi, b)
        if lo is None:
            p = self._point(start, starts, src, dst)
            return (p, p)
        return (lo, hi)

    def _point(self, pos: int, starts: list[int], src: list[tuple[int, int]], dst: list[tuple[int, int]]) -> int:
        i = bisect_left(starts, pos)
        # a segment that starts before pos and contains it
        if i > 0:
            s0, s1 = src[i - 1]
            if s0 < pos < s1:
                d0 = dst[i - 1][0]
                return d0 + (pos - s0) if self._unchanged[i - 1] else d0
        if i < len(src):
            return dst[i][0]
        return dst[-1][1]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Alignment({self.original!r} -> {self.text!r}, {len(self.segments)} segments)"


class _Way:
    """One direction of projection (current → original or back): the segments' spans on the
    side projected from (`src`, with their `starts`) and onto (`dst`)."""

    __slots__ = ("n", "starts", "src", "dst", "memo", "by_char")

    def __init__(self, n: int, starts: list[int], src: list[tuple[int, int]], dst: list[tuple[int, int]]) -> None:
        self.n = n  # length of the text projected from
        self.starts = starts
        self.src = src
        self.dst = dst
        # Projections already computed: every stage re-projects the same protected spans,
        # entities and values of the turn, and the alignment never changes once built.
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}
        # Per character of the `src` side, the [lo, hi) it stands for on the other (built on
        # first use): a non-empty in-range projection is then (lo[start], hi[end - 1]),
        # because the segments are monotonic on both sides — the same answer `_project`
        # computes by walking the segments.
        self.by_char: tuple[list[int], list[int]] | None = None


def _by_char(src: list[tuple[int, int]], dst: list[tuple[int, int]], unchanged: list[bool]) -> tuple[list[int], list[int]]:
    """For each character of the `src` side: where its segment's image starts and ends on the
    `dst` side (its own character for an unchanged segment, the whole block otherwise)."""
    lo: list[int] = []
    hi: list[int] = []
    for (s0, s1), (d0, d1), same in zip(src, dst, unchanged):
        if s1 == s0:
            continue  # an empty piece on this side (inserted/deleted) holds no character
        if same:
            lo.extend(range(d0, d0 + s1 - s0))
            hi.extend(range(d0 + 1, d0 + s1 - s0 + 1))
        else:
            lo.extend([d0] * (s1 - s0))
            hi.extend([d1] * (s1 - s0))
    return lo, hi
