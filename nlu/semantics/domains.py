"""Which business domain the sentence names or implies (ontology: `agv`, `rail`)."""
from __future__ import annotations

from nlu.lexicon.word_classes import function_words
from nlu.semantics.view import SentenceView
from nlu.values.vocabulary import PerRoot

# Entity types whose identifiers belong to exactly one domain.
IDENTIFIER_DOMAIN: dict[str, str] = {
    "vehicle": "agv", "station": "agv", "task": "agv",
    "locomotive": "rail", "work_order": "rail", "maintenance_level": "rail",
}


def explicit_domains(view: SentenceView) -> set[str]:
    """Domains named by an explicit domain word of the pack (AGV, 小车, 机车, 检修, 工单…)."""
    out: set[str] = set()
    for w in view.domain_words:
        for domain, explicit in w.data:
            if explicit:
                out.add(domain)
    return out


def implied_domains(view: SentenceView) -> dict[str, list[str]]:
    """Domain → the implied (hint) words found for it."""
    out: dict[str, list[str]] = {}
    for w in view.domain_words:
        for domain, explicit in w.data:
            if not explicit:
                out.setdefault(domain, []).append(w.text)
    return out


class _Words:
    """The denial words read from one pack's ``lexicons/function_words.json``: built once per
    pack root on first use (`_words`), never at import or per call."""

    __slots__ = ("denial_tail", "between_tail", "before_gap", "clause_end")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = function_words(root)
        self.denial_tail = words.domain_denials
        self.between_tail = frozenset(words.domain_denial_gap)
        self.before_gap = frozenset(words.domain_look_verbs)
        self.clause_end = "".join(words.domain_clause_end)


_BY_ROOT = PerRoot()  # a pack root -> its words


def negated_domains(view: SentenceView) -> set[str]:
    """Domains whose explicit word is denied: 不要看 AGV 的 / 不是机车 / AGV 的先不要 / 除了机车.

    Before the word: a negation (or 除了/不包括) with at most a verb of looking between; after
    it: 的/那边 … and a denial that closes the clause.
    """
    text = view.text
    words = _BY_ROOT.get(view.pack.root, _Words)
    out: set[str] = set()
    for w in view.domain_words:
        domains = {d for d, explicit in w.data if explicit}
        if not domains:
            continue
        lo, hi = view.clause_span(w.c0)
        denied = False
        for n in view.negations + [c for c in view.comparisons if c.data.comparator == "except"]:
            if lo <= n.c0 and n.c1 <= w.c0 and len(text[n.c1:w.c0]) <= 3 and all(
                    ch in words.before_gap for ch in text[n.c1:w.c0]):
                denied = True
        if not denied:
            tail = text[w.c1:hi].rstrip(words.clause_end)
            for d in words.denial_tail:
                if tail.endswith(d) and all(ch in words.between_tail for ch in tail[:len(tail) - len(d)]):
                    denied = True
                    break
        if denied:
            out |= domains
    return out
