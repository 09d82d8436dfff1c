"""The pack's word lists compiled into scanners, once per pack, shared by every stage."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from nlu.lexicon import Pack
from nlu.text.wordscan import WordScanner


@dataclass(frozen=True, slots=True)
class Keyword:
    kind: str  # protected kind, or "presentation" / "pronoun" / …
    word: str
    data: object = None


@dataclass(frozen=True, slots=True)
class Vocabulary:
    pack: Pack
    protected_words: WordScanner  # negation, comparison, action, explicit_domain
    names: WordScanner  # person names, organizations, locations from the pack
    surnames: frozenset[str]
    titles: WordScanner
    terms: WordScanner  # every surface of every term → TermEntry
    template_triggers: WordScanner  # → template name
    domain_words: WordScanner  # → (domain, explicit: bool)
    weak_domain_words: WordScanner  # → domain; hints that never choose a domain alone
    presentation: WordScanner
    pronouns: WordScanner
    confusions: WordScanner  # wrong → ConfusionPair
    fillers: WordScanner
    grammar_cues: WordScanner  # closed-class grammar words → cue kind (nlu.semantics.cues)


def _protected_entries(pack: Pack):
    for w in pack.negation_words:
        yield w, Keyword("negation", w)
    for c in pack.comparison_words:
        yield c.word, Keyword("comparison", c.word, c)
    for a in pack.actions:
        yield a.word, Keyword("action", a.word, a)
    for dom in pack.domains.values():
        for w in dom.explicit:
            yield w, Keyword("explicit_domain", w, dom.domain)
    # Template words the user states explicitly (报表, 工单, 计划) are protected as business
    # words too; compounds (检修工单) are left to their parts so each word is its own span.
    for name in ("report", "workorder", "plan"):
        tpl = pack.templates.get(name)
        for w in tpl.triggers if tpl else ():
            if len(w) == 2:
                yield w, Keyword("explicit_domain", w, name)


@lru_cache(maxsize=8)
def vocabulary(pack: Pack) -> Vocabulary:
    proper = [(n, "person") for n in pack.person_names]
    proper += [(s, t.entity_type) for t in pack.terms if t.entity_type in ("organization", "location", "person") for s in t.surfaces]
    return Vocabulary(
        pack=pack,
        protected_words=WordScanner(_protected_entries(pack)),
        names=WordScanner(proper),
        surnames=frozenset(pack.surnames),
        titles=WordScanner((t, t) for t in pack.titles),
        terms=WordScanner((s, t) for t in pack.terms for s in t.surfaces),
        template_triggers=WordScanner((w, name) for name, tpl in pack.templates.items() for w in tpl.triggers),
        domain_words=WordScanner([(w, (d.domain, True)) for d in pack.domains.values() for w in d.explicit]
                                 + [(w, (d.domain, False)) for d in pack.domains.values() for w in d.implied]),
        weak_domain_words=WordScanner((w, d.domain) for d in pack.domains.values() for w in d.weak),
        presentation=WordScanner((w, w) for w in pack.presentation_words),
        pronouns=WordScanner((p.word, p) for p in pack.pronouns),
        confusions=WordScanner((c.wrong, c) for c in pack.confusions),
        fillers=WordScanner((w, w) for w in pack.politeness_words),
        grammar_cues=WordScanner(pack.grammar_cues),
    )
