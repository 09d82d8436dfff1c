"""One scan of the current canonical text, shared by the semantic stages of a draft.

Entities are placed in current coordinates; pack words (actions, negation, comparison,
pronouns, template triggers, domain words, presentation) and grammar cues are scanned
once, with matches inside an entity dropped ("AGV" in "AGV-01", "查" in a name). The view
is cached in `draft.scratch` and rebuilt only when the text or the entities change.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nlu.draft import Draft, Entity
from nlu.semantics import cues
from nlu.semantics.clauses import clause_index, split_clauses
from nlu.text.word_matcher import boundary_filter
from nlu.stages.vocabulary import Vocabulary
from nlu.text.wordscan import fold_ascii

_CACHE_KEY = "semantics.view"


@dataclass(slots=True)
class Mention:
    """An entity placed in the current text."""

    entity: Entity
    c0: int
    c1: int

    @property
    def id(self) -> str:
        return self.entity.id

    @property
    def type(self) -> str:
        return self.entity.type


@dataclass(slots=True)
class Word:
    c0: int
    c1: int
    kind: str
    data: Any
    text: str


class SentenceView:
    __slots__ = ("text", "mentions", "actions", "negations", "comparisons", "explicit_words", "pronouns",
                 "triggers", "domain_words", "weak_domain_words", "presentation", "cues", "clauses", "_starts")

    def __init__(self, draft: Draft, vocab: Vocabulary) -> None:
        text = draft.text
        folded = fold_ascii(text)
        self.text = text
        mentions = []
        for e in draft.entities:
            c0, c1 = draft.to_current(e.o0, e.o1)
            if c1 > c0:
                mentions.append(Mention(e, c0, c1))
        mentions.sort(key=lambda m: (m.c0, m.c1))
        self.mentions = mentions
        inside = bytearray(len(text) + 1)  # 1 where an entity covers the character
        for m in mentions:
            inside[m.c0:m.c1] = b"\x01" * (m.c1 - m.c0)

        def free(a: int, b: int) -> bool:
            return inside.find(1, a, b) < 0

        self.actions: list[Word] = []
        self.negations: list[Word] = []
        self.comparisons: list[Word] = []
        self.explicit_words: list[Word] = []
        presentation = [Word(m.start, m.end, "presentation", m.values[0], text[m.start:m.end])
                        for m in boundary_filter(vocab.pack).scan(vocab.presentation, text, folded)
                        if free(m.start, m.end)]
        self.presentation = presentation
        bounded_here = boundary_filter(vocab.pack).at_boundaries
        for m in vocab.protected_words.scan(text, folded):
            if not free(m.start, m.end):
                continue
            w = text[m.start:m.end]
            for kw in m.values:
                word = Word(m.start, m.end, kw.kind, kw.data, w)
                if kw.kind == "action":
                    # a presentation word that is not part of the action (看板 is not 看)
                    if any(p.c0 < m.end and m.start < p.c1 and not (m.start <= p.c0 and p.c1 <= m.end)
                           for p in presentation):
                        continue
                    self.actions.append(word)
                elif kw.kind == "negation":
                    self.negations.append(word)
                elif kw.kind == "comparison":
                    self.comparisons.append(word)
                elif bounded_here(text, m.start, m.end):  # an explicit domain word, at word boundaries
                    self.explicit_words.append(word)
        self.pronouns = [Word(m.start, m.end, "pronoun", m.values[0], text[m.start:m.end])
                         for m in vocab.pronouns.scan(text, folded) if free(m.start, m.end)]
        # routing vocabulary only where the segmentation allows it (工单 is not in 施工单位)
        bounded = boundary_filter(vocab.pack).scan
        self.triggers = [Word(m.start, m.end, "trigger", m.values, text[m.start:m.end])
                         for m in bounded(vocab.template_triggers, text, folded) if free(m.start, m.end)]
        self.domain_words = [Word(m.start, m.end, "domain", m.values, text[m.start:m.end])
                             for m in bounded(vocab.domain_words, text, folded)]
        self.weak_domain_words = [Word(m.start, m.end, "weak_domain", m.values, text[m.start:m.end])
                                  for m in bounded(vocab.weak_domain_words, text, folded)]
        raw_cues = [m for m in cues.SCANNER.scan(text, folded) if m.values[0] != cues.NONE and free(m.start, m.end)
                    # 用 in 万用表 is no instrument: a coverb counts only at word boundaries
                    and (m.values[0] != cues.INSTRUMENT or bounded_here(text, m.start, m.end))]
        # an A-不-A question (能不能, 是不是, 有没有) is not a negation
        questions = [(m.start, m.end) for m in raw_cues if m.values[0] in cues.A_NOT_A_KINDS and m.end - m.start >= 3]
        if questions:
            self.negations = [w for w in self.negations
                              if not any(x <= w.c0 and w.c1 <= y for x, y in questions)]
        # grammar cues, except inside a negation or comparison word (用 in 不用, 到 in 不到)
        for w in self.negations + self.comparisons:
            inside[w.c0:w.c1] = b"\x01" * (w.c1 - w.c0)
        self.cues = [Word(m.start, m.end, m.values[0], None, text[m.start:m.end]) for m in raw_cues
                     if inside.find(1, m.start, m.end) < 0]
        self.clauses = split_clauses(text, [(w.c0, w.c1) for w in self.cues if w.kind == cues.CONNECTIVE])
        self._starts = [a for a, _ in self.clauses]

    # ------------------------------------------------------------------ queries
    def clause_of(self, pos: int) -> int:
        return clause_index(self.clauses, self._starts, pos)

    def clause_span(self, pos: int) -> tuple[int, int]:
        return self.clauses[self.clause_of(pos)]

    def blank(self, a: int, b: int) -> bool:
        """Only whitespace between current positions a and b."""
        return a <= b and not self.text[a:b].strip()

    def mention_at(self, pos: int) -> Mention | None:
        """The mention starting at `pos` after optional whitespace."""
        text = self.text
        while pos < len(text) and text[pos].isspace():
            pos += 1
        for m in self.mentions:
            if m.c0 == pos:
                return m
            if m.c0 > pos:
                break
        return None

    def mention_ending_at(self, pos: int) -> Mention | None:
        """The mention ending at `pos` before optional whitespace."""
        text = self.text
        while pos > 0 and text[pos - 1].isspace():
            pos -= 1
        for m in reversed(self.mentions):
            if m.c1 == pos:
                return m
            if m.c1 < pos:
                break
        return None

    def cue_kinds(self, kind: str) -> list[Word]:
        return [w for w in self.cues if w.kind == kind]

    def has_cue(self, kind: str) -> bool:
        return any(w.kind == kind for w in self.cues)


def sentence_view(draft: Draft, vocab: Vocabulary) -> SentenceView:
    key = (draft.text, len(draft.entities), id(vocab))
    cached = draft.scratch.get(_CACHE_KEY)
    if cached is not None and cached[0] == key:
        return cached[1]
    view = SentenceView(draft, vocab)
    draft.scratch[_CACHE_KEY] = (key, view)
    return view
