"""What cleaning took out of the typed text that still matters to the judge.

Cleaning deletes spaces, line breaks and invisible characters before the judge runs; where
they stood is kept as *marks* in the cleaned text's coordinates:

    cuts    a removed space or invisible character: a pause, so a unit boundary
    breaks  a removed line break (an OCR line joined to the next): a sentence boundary —
            the record's note on one line is not the question on the next
    wraps   a stretch the user wrapped in bidi controls (U+202A–U+202E … U+202C,
            U+2066–U+2068 … U+2069): displayed reordered or isolated, so it is a unit of its own

Only deleted segments are looked at, so a turn cleaning left alone costs nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nlu.text.alignment import Alignment

# Bidi controls that open an embedding, override or isolate, and those that close one.
# (Unicode code points, not language data: the same set `nlu.stages.clean` removes.)
_BIDI_OPEN = frozenset("\u202a\u202b\u202d\u202e\u2066\u2067\u2068")
_BIDI_CLOSE = frozenset("\u202c\u2069")


@dataclass(frozen=True, slots=True)
class Marks:
    cuts: frozenset[int] = frozenset()
    breaks: frozenset[int] = frozenset()
    wraps: tuple[tuple[int, int], ...] = ()
    gaps: frozenset[int] = frozenset()  # where a run of blank lines was removed (text set far below)


_GAP_LINES = 5  # line breaks in one removed run that set what follows out of sight


NO_MARKS = Marks()


def removed_marks(alignment: "Alignment") -> Marks:
    """The marks of what cleaning deleted (positions in the current text)."""
    if alignment.is_unchanged_text:
        return NO_MARKS
    original = alignment.original
    cuts: set[int] = set()
    breaks: set[int] = set()
    gaps: set[int] = set()
    opened: list[int] = []
    wraps: list[tuple[int, int]] = []
    for seg in alignment.segments:
        if seg.kind != "deleted":
            continue
        gone = original[seg.o0:seg.o1]
        if not all(ch.isspace() or not ch.isprintable() for ch in gone):
            continue
        cuts.add(seg.c0)
        if "\n" in gone:
            breaks.add(seg.c0)
            if gone.count("\n") >= _GAP_LINES:
                gaps.add(seg.c0)
        for ch in gone:
            if ch in _BIDI_OPEN:
                opened.append(seg.c0)
            elif ch in _BIDI_CLOSE and opened:
                start = opened.pop()
                if not opened and start < seg.c0:  # the outermost pair is the unit
                    wraps.append((start, seg.c0))
    if opened and opened[0] < len(alignment.text):
        wraps.append((opened[0], len(alignment.text)))  # never closed: runs to the end
    if not cuts:
        return NO_MARKS
    return Marks(frozenset(cuts), frozenset(breaks), tuple(sorted(wraps)), frozenset(gaps))
