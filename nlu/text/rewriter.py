"""The one rewriter: applies proposed edits to the current text and extends the alignment.

Stages never touch text. They propose `Edit`s in the coordinates of the text they saw
(the current text); `rewrite` applies the accepted ones in a single pass, refuses the ones
that overlap each other or a protected original span, and reports both. Successive calls
compose because the alignment always maps the *original* text to the newest text.
"""
from __future__ import annotations

from bisect import bisect_right
from operator import itemgetter
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Sequence

from nlu.text.alignment import Alignment, Segment, kind_for

EditType = Literal["typo", "asr", "ocr", "punctuation", "grammar", "self_repair"]
Evidence = Literal["lexicon", "source_alternative", "rule", "context", "model"]


# Edit and EditOutcome are immutable NamedTuples rather than frozen dataclasses: an OCR
# line hands over dozens of one-character width folds per turn, and a frozen dataclass
# costs several times more to build.
class Edit(NamedTuple):
    """A proposal: replace current-text [start, end) by `replacement`."""

    start: int
    end: int
    replacement: str
    type: EditType
    evidence: Evidence
    confidence: float = 1.0
    inferred: bool = False
    # Width folding is the only change allowed inside a protected span (issue 3).
    width_fold_only: bool = False
    # False: record as a suggestion without applying (correction below threshold).
    apply: bool = True
    reason: str = ""


class EditOutcome(NamedTuple):
    """What became of one proposal, in original coordinates."""

    edit: Edit
    o0: int
    o1: int
    applied: bool
    touches_protected: bool
    refusal: str = ""  # "", "protected", "overlap", "suggestion", "out_of_range"


@dataclass(slots=True)
class RewriteResult:
    alignment: Alignment
    outcomes: list[EditOutcome] = field(default_factory=list)


def _split_unchanged(segs: list[Segment], cuts: set[int]) -> list[Segment]:
    """Split unchanged segments at current-text positions in `cuts` so edits align to segments."""
    if not cuts:
        return segs
    out: list[Segment] = []
    ordered = sorted(cuts)
    for s in segs:
        if s.kind != "unchanged" or s.c1 - s.c0 < 2:
            out.append(s)
            continue
        k = bisect_right(ordered, s.c0)
        prev = s.c0
        while k < len(ordered) and ordered[k] < s.c1:
            p = ordered[k]
            out.append(Segment(s.o0 + prev - s.c0, s.o0 + p - s.c0, prev, p, "unchanged"))
            prev = p
            k += 1
        out.append(Segment(s.o0 + prev - s.c0, s.o1, prev, s.c1, "unchanged"))
    return out


def _merge_unchanged(segs: list[Segment]) -> tuple[Segment, ...]:
    out: list[Segment] = []
    for s in segs:
        if out and s.kind == "unchanged" and out[-1].kind == "unchanged" and out[-1].o1 == s.o0 and out[-1].c1 == s.c0:
            p = out.pop()
            s = Segment(p.o0, s.o1, p.c0, s.c1, "unchanged")
        out.append(s)
    return tuple(out)


def _widen(segs: Sequence[Segment], c_starts: list[int], start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) so it never cuts a changed segment (they map only as blocks)."""
    i = max(bisect_right(c_starts, start) - 1, 0)
    while i < len(segs) and segs[i].c0 <= end:
        s = segs[i]
        i += 1
        if s.kind == "unchanged" or s.c0 == s.c1:
            continue
        if start == end:
            if s.c0 < start < s.c1:
                start, end = s.c0, s.c1
        elif s.c0 < end and s.c1 > start:
            start, end = min(start, s.c0), max(end, s.c1)
    return start, end


class _Taken:
    """Accepted current-text ranges, kept sorted so each overlap check is O(log n)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ranges: list[tuple[int, int]] = []

    def clashes(self, x: int, y: int) -> bool:
        k = bisect_right(self.starts, y)
        for a, b in self.ranges[max(k - 2, 0):k + 1]:
            if (x < b and a < y) or (x == y == a == b) or (x == y and a < x < b) or (a == b and x < a < y):
                return True
        # a long earlier range may still cover x
        for a, b in self.ranges[:max(k - 2, 0)][-1:]:
            if x < b and a < y:
                return True
        return False

    def add(self, x: int, y: int) -> None:
        k = bisect_right(self.starts, x)
        self.starts.insert(k, x)
        self.ranges.insert(k, (x, y))


def _overlaps_protected(o0: int, o1: int, protected: Sequence[tuple[int, int]]) -> bool:
    for p0, p1 in protected:
        if o0 == o1:
            if p0 < o0 < p1:
                return True
        elif o0 < p1 and p0 < o1:
            return True
    return False


def _clash(x: int, y: int, a: int, b: int) -> bool:
    return (x < b and a < y) or (x == y == a == b) or (x == y and a < x < b) or (a == b and x < a < y)


def _rewrite_identity(alignment: Alignment, edits: Sequence[Edit]) -> RewriteResult | None:
    """The first rewrite of a turn (nothing changed yet, nothing protected), in one pass.

    The clean stage hands over dozens of one-character width folds at once; with no earlier
    segment to widen into and original == current coordinates, each edit maps to itself.
    Returns None when proposals overlap, so the general path settles who wins. (Written for
    that many edits per turn: tuples built directly, no helper calls.)
    """
    text = alignment.text
    n = len(text)
    outcomes: list[EditOutcome] = []
    applied: list[Edit] = []
    new_tuple = tuple.__new__
    for e in edits:
        s, t, r = e.start, e.end, e.replacement
        if not (0 <= s <= t <= n):
            outcomes.append(EditOutcome(e, 0, 0, False, False, "out_of_range"))
        elif text[s:t] == r:
            continue
        elif not e.apply:
            outcomes.append(EditOutcome(e, s, t, False, False, "suggestion"))
        else:
            outcomes.append(new_tuple(EditOutcome, (e, s, t, True, False, "")))
            applied.append(e)
    if not applied:
        return RewriteResult(alignment, outcomes)
    applied.sort(key=_START_END)
    ps = pe = -1
    for e in applied:
        s, t = e.start, e.end
        if ps >= 0 and _clash(s, t, ps, pe):
            return None
        ps, pe = s, t
    segs: list[Segment] = []
    pieces: list[str] = []
    cursor = c = 0
    for e in applied:
        s, t, r = e.start, e.end, e.replacement
        if s > cursor:
            segs.append(new_tuple(Segment, (cursor, s, c, c + s - cursor, "unchanged")))
            pieces.append(text[cursor:s])
            c += s - cursor
        if t > s or r:
            segs.append(new_tuple(Segment, (s, t, c, c + len(r), "inserted" if t == s else "replaced" if r else "deleted")))
        pieces.append(r)
        c += len(r)
        cursor = t
    if cursor < n:
        segs.append(Segment(cursor, n, c, c + n - cursor, "unchanged"))
        pieces.append(text[cursor:])
    return RewriteResult(Alignment(alignment.original, "".join(pieces), tuple(segs)), outcomes)


_START_END = itemgetter(0, 1)


def rewrite(
    alignment: Alignment,
    edits: Sequence[Edit],
    protected: Sequence[tuple[int, int]] = (),
) -> RewriteResult:
    """Apply `edits` (current-text coordinates) to `alignment.text`.

    Earlier edits in `edits` win over later overlapping ones: stages list proposals in
    their order of trust. `protected` holds original-space spans no edit may touch.
    """
    if not protected and len(alignment.segments) <= 1 and alignment.text == alignment.original:
        fast = _rewrite_identity(alignment, edits)
        if fast is not None:
            return fast
    text = alignment.text
    segs = list(alignment.segments)
    outcomes: list[EditOutcome] = []
    accepted: list[tuple[int, int, Edit]] = []  # widened current ranges

    taken = _Taken()
    c_starts = [g.c0 for g in segs]
    # Only a changed segment can widen an edit; the first rewrite of a turn has none.
    any_changed = not all(g.kind == "unchanged" for g in segs)
    for e in edits:
        if not (0 <= e.start <= e.end <= len(text)):
            outcomes.append(EditOutcome(e, 0, 0, False, False, "out_of_range"))
            continue
        if text[e.start:e.end] == e.replacement:
            continue  # a no-op is not an edit
        s, t = _widen(segs, c_starts, e.start, e.end) if any_changed else (e.start, e.end)
        o0, o1 = alignment.to_original(s, t)
        touches = _overlaps_protected(o0, o1, protected)
        if touches and not e.width_fold_only:
            outcomes.append(EditOutcome(e, o0, o1, False, True, "protected"))
            continue
        if not e.apply:
            outcomes.append(EditOutcome(e, o0, o1, False, touches, "suggestion"))
            continue
        x, y = e.start, e.end
        if taken.clashes(x, y):
            outcomes.append(EditOutcome(e, o0, o1, False, touches, "overlap"))
            continue
        taken.add(x, y)
        accepted.append((s, t, e))
        outcomes.append(EditOutcome(e, o0, o1, True, touches))

    if not accepted:
        return RewriteResult(alignment, outcomes)

    accepted.sort(key=lambda x: (x[0], x[1], x[2].start))
    # Edits widened into the same changed segment become one block (they map only as a whole).
    blocks: list[tuple[int, int, list[Edit]]] = []
    for s, t, e in accepted:
        if blocks and s < blocks[-1][1]:
            b0, b1, es = blocks[-1]
            blocks[-1] = (b0, max(b1, t), es + [e])
        else:
            blocks.append((s, t, [e]))
    segs = _split_unchanged(segs, {p for s, t, _ in blocks for p in (s, t)})

    new_segs: list[Segment] = []
    pieces: list[str] = []
    cursor = 0  # current-text position copied so far
    delta = 0  # new position - old position
    i = 0
    n = len(segs)
    for s, t, block_edits in blocks:
        # copy what lies before the edit (zero-length anchors at s stay before it)
        while i < n and (segs[i].c1 <= s if segs[i].c0 != segs[i].c1 else segs[i].c0 <= s):
            g = segs[i]
            # segments are immutable: one not shifted (every edit so far kept its length, as
            # width folds do) is reused rather than rebuilt
            new_segs.append(Segment(g.o0, g.o1, g.c0 + delta, g.c1 + delta, g.kind) if delta else g)
            i += 1
        pieces.append(text[cursor:s])
        # the block: the edit's replacement plus any widened margins of changed segments
        block_parts, pos = [], s
        for e in sorted(block_edits, key=lambda e: e.start):
            block_parts.append(text[pos:e.start])
            block_parts.append(e.replacement)
            pos = e.end
        block_parts.append(text[pos:t])
        block = "".join(block_parts)
        covered: list[Segment] = []
        while i < n and segs[i].c0 < t:
            covered.append(segs[i])
            i += 1
        if covered:
            o0, o1 = covered[0].o0, covered[-1].o1
        else:  # pure insertion at a segment boundary: anchor at the next segment's start
            o0 = o1 = segs[i].o0 if i < n else len(alignment.original)
        if o1 - o0 or block:
            new_segs.append(Segment(o0, o1, s + delta, s + delta + len(block), kind_for(o1 - o0, len(block))))
        pieces.append(block)
        delta += len(block) - (t - s)
        cursor = t
    for g in segs[i:]:
        new_segs.append(Segment(g.o0, g.o1, g.c0 + delta, g.c1 + delta, g.kind) if delta else g)
    pieces.append(text[cursor:])
    new_text = "".join(pieces)
    return RewriteResult(Alignment(alignment.original, new_text, _merge_unchanged(new_segs)), outcomes)
