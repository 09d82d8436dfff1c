"""Stage `coreference`: pronouns and demonstratives to antecedents (design 5.6, 7.6).

Within the sentence first: the antecedent precedes the mention and has a type the pronoun
may refer to (查 AGV-01，它现在在哪 → 它 = AGV-01). Only when nothing in the sentence fits,
the caller's short-term referents (`draft.source.referents`, already bounded to 3 turns and
a 15-minute TTL upstream) are candidates, minus those of a domain the sentence explicitly
switched away from. One candidate confirms; several ask (`ambiguous_coreference`, never
the first by default); none asks too (`unresolved_coreference`). A demonstrative that
determines an explicit identifier or a non-entity noun (这个 AGV-01, 这个报表) is not one.
"""
from __future__ import annotations

from nlu.draft import Candidate, Coreference, Draft
from nlu.lexicon import Pack, default_pack
from nlu.pipeline.stage import Stage
from nlu.semantics.domains import IDENTIFIER_DOMAIN, explicit_domains
from nlu.semantics.view import Mention, SentenceView, Word, sentence_view
from nlu.source import Referent
from nlu.stages.vocabulary import vocabulary
from nlu.text.wordscan import WordScanner

# Salience tiers for a pronoun that may refer to anything (它, 这个): the movable, queryable
# objects first, then places and groups, then people (never for 它/它们).
_TIERS = (
    frozenset({"vehicle", "locomotive", "task", "work_order"}),
    frozenset({"station", "location", "organization", "maintenance_level"}),
    frozenset({"person"}),
)
_REFERABLE = frozenset().union(*_TIERS)
_NON_HUMAN = frozenset({"它", "它们"})
_PLURAL = frozenset({"它们", "他们", "这些", "那些"})
# Demonstratives that may determine a following noun instead of standing for one.
_DETERMINERS = frozenset({"这个", "那个", "这些", "那些", "此", "这台", "那台", "这辆", "那辆", "该"})
# Compounds in which a pronoun character is not a pronoun.
_NOT_PRONOUN = WordScanner((w, w) for w in (
    "其它", "其他", "因此", "此外", "如此", "此时", "彼此", "从此", "此后", "此前", "此次", "就此", "在此", "对此",
    "这个月", "那个月", "这个星期", "这个季度", "那个时候", "这个时候"))


class CoreferenceStage(Stage):
    name = "coreference"
    capability = "coreference"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)

    def run(self, draft: Draft) -> str | None:
        view = sentence_view(draft, self.vocab)
        if not view.pronouns:
            return None
        blocked = [(m.start, m.end) for m in _NOT_PRONOUN.scan(view.text)]
        switched = explicit_domains(view)
        for p in view.pronouns:
            if any(p.c0 < b and a < p.c1 for a, b in blocked) or self._is_determiner(view, p):
                continue
            self._resolve(draft, view, p, switched)
        return None

    # ------------------------------------------------------------------ mention filter
    def _is_determiner(self, view: SentenceView, p: Word) -> bool:
        if view.mention_at(p.c1) is not None:  # 这个 AGV-01, 这个任务 T-2026010241
            return True
        if p.text not in _DETERMINERS:
            return False
        nxt = p.c1
        while nxt < len(view.text) and view.text[nxt].isspace():
            nxt += 1
        # 这个报表, 这个列表, 这个统计: a view or a report, not an entity
        return any(w.c0 == nxt for w in view.presentation) or any(w.c0 == nxt for w in view.triggers)

    # ------------------------------------------------------------------ resolution
    def _resolve(self, draft: Draft, view: SentenceView, p: Word, switched: set[str]) -> None:
        types = p.data.types
        allowed = _REFERABLE if types is None else frozenset(types)
        if p.text in _NON_HUMAN:
            allowed = allowed - {"person"}
        o0, o1 = draft.to_original(p.c0, p.c1)
        plural = p.text in _PLURAL

        local = _pick(allowed, [m for m in view.mentions if m.c1 <= p.c0 and m.type in allowed], lambda m: m.type)
        if local:
            keys: dict[str, Mention] = {}
            for m in local:  # the same identifier twice is one antecedent
                keys.setdefault(m.entity.canonical_value or view.text[m.c0:m.c1], m)
            chosen = list(keys.values())
            if len(chosen) == 1 or plural:
                ante = chosen[-1] if not plural else chosen[0]
                cands = [Candidate(m.id, view.text[m.c0:m.c1], 0.9, ("context",)) for m in chosen]
                draft.coreferences.append(Coreference(o0, o1, ante.id, cands, 0.9, True))
            else:
                score = round(1.0 / len(chosen), 4)
                cands = [Candidate(m.id, view.text[m.c0:m.c1], score, ("context",)) for m in chosen]
                draft.coreferences.append(Coreference(o0, o1, None, cands, score, False))
                draft.raise_flag("ambiguous_coreference")
            return

        refs = [r for r in draft.source.referents if r.entity_type in allowed and _domain_ok(r, switched)]
        refs = _pick(allowed, refs, lambda r: r.entity_type)
        unique: dict[str, Referent] = {}
        for r in refs:
            unique.setdefault(r.canonical_id, r)
        refs = list(unique.values())
        if not refs:
            draft.coreferences.append(Coreference(o0, o1, None, [], 0.0, False))
            draft.raise_flag("unresolved_coreference")
        elif len(refs) == 1 or plural:
            r = refs[0]
            cands = [Candidate(x.canonical_id, x.canonical_id, 0.85, ("context",)) for x in refs]
            draft.coreferences.append(Coreference(o0, o1, f"ref:{r.canonical_id}", cands, 0.85, True, r.turn_id))
        else:
            score = round(1.0 / len(refs), 4)
            cands = [Candidate(x.canonical_id, x.canonical_id, score, ("context",)) for x in refs]
            draft.coreferences.append(Coreference(o0, o1, None, cands, score, False, None))
            draft.raise_flag("ambiguous_coreference")


def _pick(allowed: frozenset[str], items: list, type_of) -> list:
    """Items of the most salient non-empty tier (all of them when the pronoun is typed)."""
    for tier in _TIERS:
        hit = [x for x in items if type_of(x) in tier and type_of(x) in allowed]
        if hit:
            return hit
    return [x for x in items if type_of(x) in allowed]


def _domain_ok(r: Referent, switched: set[str]) -> bool:
    """A sentence that names a domain explicitly invalidates referents of any other."""
    if not switched:
        return True
    domain = r.domain or IDENTIFIER_DOMAIN.get(r.entity_type)
    return domain is None or domain in switched
