"""Coordinated entities: "AGV-01 和 AGV-02"、"AGV-01、AGV-02 及 AGV-03" form one group."""
from __future__ import annotations

from nlu.semantics import cues
from nlu.semantics.view import Mention, SentenceView


def _joined(view: SentenceView, a: Mention, b: Mention) -> bool:
    """Only whitespace and one coordinating word between a and b."""
    gap = view.text[a.c1:b.c0].strip()
    if not gap:
        return True
    if gap in (",", "，"):
        return False
    return any(w.kind == cues.AND and w.text == gap and a.c1 <= w.c0 and w.c1 <= b.c0 for w in view.cues) or gap == "、"


def group_of(view: SentenceView, m: Mention, types: frozenset[str] | None = None) -> list[Mention]:
    """`m` and the mentions coordinated with it (same type unless `types` says otherwise)."""
    allowed = types or frozenset({m.type})
    ms = view.mentions
    i = next((k for k, x in enumerate(ms) if x is m), -1)
    if i < 0:
        return [m]
    lo = hi = i
    while lo > 0 and ms[lo - 1].type in allowed and _joined(view, ms[lo - 1], ms[lo]):
        lo -= 1
    while hi + 1 < len(ms) and ms[hi + 1].type in allowed and _joined(view, ms[hi], ms[hi + 1]):
        hi += 1
    return ms[lo:hi + 1]
