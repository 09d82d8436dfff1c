"""Mentions plus resolved pronouns: what a relation or a role may point at.

A pronoun resolved within the sentence (它 → e1) stands for its antecedent entity at the
pronoun's position; one resolved to a caller referent ("ref:AGV-01") has no entity id and
is returned separately so a frame can still count it as its object.
"""
from __future__ import annotations

from dataclasses import dataclass

from nlu.draft import Draft, Entity
from nlu.semantics.view import Mention, SentenceView


@dataclass(slots=True)
class Anchor:
    c0: int
    c1: int
    type: str
    entity_id: str | None  # None: a caller referent (see `literal`)
    literal: str | None = None
    pronoun: bool = False


def anchors(draft: Draft, view: SentenceView) -> list[Anchor]:
    by_id: dict[str, Entity] = {e.id: e for e in draft.entities}
    out = [Anchor(m.c0, m.c1, m.type, m.id) for m in view.mentions]
    for k in draft.coreferences:
        if not k.confirmed or k.antecedent_id is None:
            continue
        c0, c1 = draft.to_current(k.o0, k.o1)
        if k.antecedent_id.startswith("ref:"):
            cid = k.antecedent_id[4:]
            etype = next((r.entity_type for r in draft.source.referents if r.canonical_id == cid), "other")
            out.append(Anchor(c0, c1, etype, None, cid, True))
        elif k.antecedent_id in by_id:
            out.append(Anchor(c0, c1, by_id[k.antecedent_id].type, k.antecedent_id, None, True))
    out.sort(key=lambda a: (a.c0, a.c1))
    return out


def as_anchor(m: Mention) -> Anchor:
    return Anchor(m.c0, m.c1, m.type, m.id)
