"""Stage `term`: link pack term surfaces in the corrected text (design 5.5, 7.3, 8).

`draft.text` is scanned leftmost-longest with every surface of every pack term
(`vocabulary(pack).terms`); a match inside an identifier (the ``AGV`` of ``AGV-01``) is
the identifier's business, not a term mention. Spans are recorded in original space.

Scores:

* a surface owned by one term: confirmed, score 1.0 (0.95 when it is an abbreviation);
* a surface shared by several terms (``车``, ``任务``, ``故障``, ``电池``, ``苹果``): each
  candidate starts at a prior of 0.45, then gains
  - +0.45 when an explicit domain word of its domain occurs elsewhere in the sentence
    (``pack.domains[d].explicit``: 机车, 检修, AGV, 小车 …),
  - +0.45 when an identifier of a type that belongs to its domain is present
    (vehicle / station / task → agv; locomotive / work_order → rail; look-alikes count),
  - +0.25 per implied domain word or other unambiguous term of its domain (at most +0.40),
  capped at 0.99. The mention is confirmed when the top candidate is ≥ 0.85 and leads
  the second by ≥ 0.15 (design 8), or when a word both domains share is read in one of
  them because only that domain's words (weak hints included) stand beside it, or none at
  all and the group has a default (``nlu.semantics.shared_words``; the reading is recorded
  in ``draft.scratch[shared_readings]`` for the router). Otherwise it stays ``confirmed=False`` with all
  candidates scored, no ``term_code``/``canonical_text``/domain (an unconfirmed term never
  feeds a tool parameter), and the draft raises ``ambiguous_term``.

A sentence naming both domains leaves a shared surface ambiguous, as it should; a
``common`` pair such as 苹果 (company / fruit) has no domain evidence and stays ambiguous.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from nlu import draft_keys as K
from nlu.draft import Candidate, Draft, Term
from nlu.lexicon import Pack, default_pack
from nlu.lexicon.model import TermEntry
from nlu.text.word_matcher import boundary_filter
from nlu.pipeline.stage import Stage
from nlu.semantics.shared_words import DEFAULT, Reading, shared_words
from nlu.text.vocabulary import vocabulary

CONFIRM_TOP = 0.85
CONFIRM_MARGIN = 0.15
PRIOR = 0.45
EXPLICIT_BONUS = 0.45
IDENTIFIER_BONUS = 0.45
IMPLIED_BONUS = 0.25
IMPLIED_MAX = 0.40

IDENTIFIER_DOMAIN = {"vehicle": "agv", "station": "agv", "task": "agv", "locomotive": "rail", "work_order": "rail"}


class LinkStage(Stage):
    name = "term"
    capability = "term"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        self.shared = shared_words(self.pack)

    def warm_up(self) -> None:
        """Load the segmenter and the word-boundary index every stage's vocabulary goes through."""
        boundary_filter(self.pack).prepare()

    def run(self, draft: Draft) -> str | None:
        text = draft.text
        if not text:
            return "empty"
        inside_identifier = _containment([draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"])
        matches = []
        for m in boundary_filter(self.pack).scan(self.vocab.terms, text):  # 工单 in 施工单位 is no term
            if inside_identifier(m.start, m.end):
                continue
            entries = list(dict.fromkeys(m.values))
            matches.append((m.start, m.end, entries))
        if not matches:
            return None

        evidence = self._sentence_evidence(draft, text, matches)
        ambiguous = False
        readings: list[Reading] = []
        for s, e, entries in matches:
            surface = text[s:e]
            o0, o1 = draft.to_original(s, e)
            if len(entries) == 1:
                t = entries[0]
                score = 0.95 if _is_abbreviation(t, surface) else 1.0
                draft.terms.append(Term(o0, o1, t.term_code, t.canonical_text,
                                        [Candidate(t.term_code, t.canonical_text, score, ("lexicon",))],
                                        score, True, t.ambiguity_group, t.domain, t.entity_type))
                if self.shared.builds_on_default(surface, t.domain) and \
                        self.shared.compound_default(surface, t.domain, set().union(*_voices(evidence, s, e))):
                    readings.append(Reading(o0, o1, t.domain, DEFAULT))  # 任务耗时: 任务 as agv's
                continue
            scored = sorted(((self._score(t, s, e, evidence), t) for t in entries),
                            key=lambda x: (-x[0], x[1].term_code))
            cands = [Candidate(t.term_code, t.canonical_text, round(sc, 4),
                               ("lexicon", "context") if sc > PRIOR else ("lexicon",)) for sc, t in scored]
            top, best = scored[0]
            second = scored[1][0] if len(scored) > 1 else 0.0
            group = best.ambiguity_group or next((t.ambiguity_group for t in entries if t.ambiguity_group), None)
            read = self.shared.reading(group, (t.domain for t in entries), *_voices(evidence, s, e))
            if top >= CONFIRM_TOP and top - second >= CONFIRM_MARGIN:
                draft.terms.append(Term(o0, o1, best.term_code, best.canonical_text, cands, top, True,
                                        group, best.domain, best.entity_type))
                if read is not None and read[0] == best.domain:  # 电量低导致失败的任务: two agv words
                    readings.append(Reading(o0, o1, *read))
                continue
            if read is not None:  # 失败的任务有几个: only agv's words beside it (shared_words.py)
                domain, tier = read
                best = next(t for _sc, t in scored if t.domain == domain)
                cands = sorted((Candidate(c.id, c.label, CONFIRM_TOP, ("lexicon", "context")) if c.id == best.term_code
                                else c for c in cands), key=lambda c: -c.score)
                draft.terms.append(Term(o0, o1, best.term_code, best.canonical_text, cands, CONFIRM_TOP, True,
                                        group, best.domain, best.entity_type))
                readings.append(Reading(o0, o1, domain, tier))
                continue
            ambiguous = True
            draft.terms.append(Term(o0, o1, None, None, cands, top, False, group, None, None))
        if readings:
            draft.scratch[K.SHARED_READINGS] = readings
        if ambiguous:
            draft.raise_flag("ambiguous_term")
        return None

    # ----------------------------------------------------------------------------------
    def _sentence_evidence(self, draft: Draft, text: str, matches) -> dict:
        explicit: list[tuple[int, int, str]] = []
        implied: list[tuple[int, int, str]] = []
        for m in boundary_filter(self.pack).scan(self.vocab.domain_words, text):
            for dom, is_explicit in dict.fromkeys(m.values):
                (explicit if is_explicit else implied).append((m.start, m.end, dom))
        words = explicit + implied  # the domain words of domains.json (before the terms join)
        # unambiguous terms of a business domain count as implied evidence
        terms: list[tuple[int, int, str]] = []
        for s, e, entries in matches:
            if len(entries) == 1 and entries[0].domain in ("agv", "rail"):
                implied.append((s, e, entries[0].domain))
                terms.append((s, e, entries[0].domain))
        ident_domains: set[str] = set()
        for v in draft.scratch.get("values", ()) or ():
            dom = IDENTIFIER_DOMAIN.get(getattr(v, "entity_type", None) or "")
            if dom and getattr(v, "kind", "") == "identifier":
                ident_domains.add(dom)
        for p in draft.protected:
            if p.kind == "identifier":
                cleaned = (p.cleaned or "").upper()
                for pat in self.pack.identifier_patterns:
                    if pat.pattern.fullmatch(cleaned):
                        dom = IDENTIFIER_DOMAIN.get(pat.entity_type)
                        if dom:
                            ident_domains.add(dom)
        # for reading a shared word, every word of a domain counts, weak hints too (shared_words.py);
        # scanned only when a shared word or a compound on one is in the sentence (most are not)
        if any(len(entries) > 1 or self.shared.builds_on_default(text[s:e]) for s, e, entries in matches):
            words += [(m.start, m.end, dom) for m in boundary_filter(self.pack).scan(self.vocab.weak_domain_words, text)
                      for dom in dict.fromkeys(m.values)]
        referents = {r.domain or IDENTIFIER_DOMAIN.get(r.entity_type or "") for r in draft.source.referents}
        return {"explicit": explicit, "implied": implied, "identifiers": ident_domains, "words": _reach(words),
                "terms": _reach(terms), "referents": referents & {"agv", "rail"}}

    @staticmethod
    def _score(t: TermEntry, s: int, e: int, ev: dict) -> float:
        dom = t.domain
        if dom not in ("agv", "rail"):
            return PRIOR
        outside = lambda a, b: b <= s or a >= e  # noqa: E731 - the mention is no evidence for itself
        score = PRIOR
        if any(d == dom and outside(a, b) for a, b, d in ev["explicit"]):
            score += EXPLICIT_BONUS
        if dom in ev["identifiers"]:
            score += IDENTIFIER_BONUS
        words = {(a, b) for a, b, d in ev["implied"] if d == dom and outside(a, b)}
        score += min(IMPLIED_BONUS * len(words), IMPLIED_MAX)
        return min(score, 0.99)


def _reach(spans: list[tuple[int, int, str]]) -> dict[str, tuple[int, int]]:
    """Per domain, the earliest end and the latest start of its words: whether one of them lies
    outside a mention is then one comparison (a long turn has dozens of terms: no pairwise scan)."""
    out: dict[str, tuple[int, int]] = {}
    for a, b, d in spans:
        lo, hi = out.get(d, (b, a))
        out[d] = (min(lo, b), max(hi, a))
    return out


def _voices(ev: dict, s: int, e: int) -> tuple[set[str], set[str]]:
    """The domains the rest of the sentence (not text[s:e]) speaks for, for reading a shared
    word: (support — a domain word of domains.json of any class, weak hints included, an
    identifier, a caller referent; terms — the domains of the one-domain terms, which may
    only speak against: 自动, 发动机, 车速 are in general text as often as in ours)."""
    def outside(reach: dict[str, tuple[int, int]]) -> set[str]:
        return {d for d, (first_end, last_start) in reach.items() if first_end <= s or last_start >= e}

    return outside(ev["words"]) | ev["identifiers"] | ev["referents"], outside(ev["terms"])


def _containment(spans: list[tuple[int, int]]):
    """A test "does some span contain [s, e)?" in O(log n) per query (a long turn has dozens
    of identifiers and terms): among the spans starting at or before s, the furthest end."""
    spans = sorted(spans)
    starts = [a for a, _ in spans]
    reach = list(accumulate((b for _, b in spans), max))

    def inside(s: int, e: int) -> bool:
        k = bisect_right(starts, s)
        return k > 0 and reach[k - 1] >= e

    return inside


def _is_abbreviation(t: TermEntry, surface: str) -> bool:
    f = surface.casefold()
    return any(a.casefold() == f for a in t.abbreviation) and t.canonical_text.casefold() != f \
        and not any(a.casefold() == f for a in t.aliases)


__all__ = ["LinkStage"]
