"""Modality of an action from the modal word before it in its clause (必须/要/应该/可以/能不能)."""
from __future__ import annotations

from nlu.semantics import cues
from nlu.semantics.view import SentenceView

_MODALITY = {cues.MODAL_MUST: "must", cues.MODAL_SHOULD: "should", cues.MODAL_MAY: "may"}
MAX_DISTANCE = 6


def modality_of(view: SentenceView, pos: int, lo: int) -> str | None:
    """The nearest modal cue before `pos` (within the clause, a few characters away)."""
    best = None
    for w in view.cues:
        if w.c1 > pos:
            break
        if w.kind in cues.MODAL_KINDS and w.c0 >= lo and pos - w.c1 <= MAX_DISTANCE:
            best = _MODALITY[w.kind]
    return best
