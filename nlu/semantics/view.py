"""One scan of the current canonical text, shared by the semantic stages of a draft.

Entities are placed in current coordinates; pack words (actions, negation, comparison,
pronouns, template triggers, domain words, presentation) and grammar cues are scanned
once, with matches inside an entity dropped ("AGV" in "AGV-01", "查" in a name). The view
is cached in `draft.scratch` and rebuilt only when the text or the entities change.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

from nlu.draft import Draft, Entity
from nlu.draft_keys import SEMANTICS_VIEW
from nlu.semantics import cues
from nlu.semantics.clauses import clause_index, split_clauses
from nlu.lexicon.word_classes import function_words
from nlu.text.word_matcher import boundary_filter
from nlu.text.vocabulary import Vocabulary
from nlu.text.wordscan import fold_ascii
from nlu.values.vocabulary import PerRoot

_CACHE_KEY = SEMANTICS_VIEW


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
                 "triggers", "domain_words", "weak_domain_words", "presentation", "cues", "clauses", "_starts",
                 "_ends", "_presentation_starts", "_report_starts", "words", "pack")

    def __init__(self, draft: Draft, vocab: Vocabulary) -> None:
        text = draft.text
        folded = fold_ascii(text)
        self.text = text
        self.pack = vocab.pack  # the pack the semantic rules read their word classes from
        bf = boundary_filter(vocab.pack)  # the pack's one word-boundary filter
        self.words = bf.words  # the segmenter's dictionary (nlu.text.words)
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
                        for m in bf.scan(vocab.presentation, text, folded)
                        if free(m.start, m.end)]
        self.presentation = presentation
        bounded_here = bf.at_boundaries
        closing = _BY_ROOT.get(vocab.pack.root, _NegationWords)
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
                    # 别 in 级别 / 特别 / 分别 is no negation (the text keeps it protected either way);
                    # 除外 after what it excludes (AGV-10除外都派去ST-06) negates no predicate after it
                    if not _closes_a_word(text, m.start, m.end, self.words, closing) and \
                            not any(_excludes_before(v) for v in m.values):
                        self.negations.append(word)
                elif kw.kind == "comparison":
                    self.comparisons.append(word)
                elif bounded_here(text, m.start, m.end):  # an explicit domain word, at word boundaries
                    self.explicit_words.append(word)
        self.pronouns = [Word(m.start, m.end, "pronoun", m.values[0], text[m.start:m.end])
                         for m in vocab.pronouns.scan(text, folded) if free(m.start, m.end)]
        # routing vocabulary only where the segmentation allows it (工单 is not in 施工单位)
        bounded = bf.scan
        self.triggers = [Word(m.start, m.end, "trigger", m.values, text[m.start:m.end])
                         for m in bounded(vocab.template_triggers, text, folded) if free(m.start, m.end)]
        self.domain_words = [Word(m.start, m.end, "domain", m.values, text[m.start:m.end])
                             for m in bounded(vocab.domain_words, text, folded)]
        self.weak_domain_words = [Word(m.start, m.end, "weak_domain", m.values, text[m.start:m.end])
                                  for m in bounded(vocab.weak_domain_words, text, folded)]
        raw_cues = [m for m in vocab.grammar_cues.scan(text, folded) if m.values[0] != cues.NONE and free(m.start, m.end)
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
        self._ends: dict[str, Any] = {}  # indexes built on first use (see the queries below)
        self._presentation_starts: frozenset[int] | None = None
        self._report_starts: frozenset[int] | None = None

    # ------------------------------------------------------------------ queries
    # (indexes built on first use, so a question asked once per action word costs a lookup,
    # not a pass over every word of the text: the semantic stages stay linear in its length)
    def last_negation_index(self, pos: int) -> int:
        """Index in `negations` of the last one ending at or before `pos`, or -1."""
        return self._last_ending(self.negations, "negations", pos)

    def last_cue_index(self, pos: int) -> int:
        """Index in `cues` of the last cue ending at or before `pos`, or -1."""
        return self._last_ending(self.cues, "cues", pos)

    def _last_ending(self, words: list[Word], name: str, pos: int) -> int:
        ends = self._ends.get(name)
        if ends is None:
            ends = [w.c1 for w in words]
            if any(a > b for a, b in zip(ends, ends[1:])):  # never for non-overlapping scans
                ends = []
            self._ends[name] = ends
        if not ends and words:  # unsorted: the plain search
            return max((i for i, w in enumerate(words) if w.c1 <= pos), default=-1)
        return bisect_right(ends, pos) - 1

    def within(self, words: list, name: str, a: int, b: int) -> list:
        """The items of `words` (mentions, pronouns …: sorted by start) that start in [a, b)."""
        starts = self._ends.get("starts:" + name)
        if starts is None:
            starts = self._ends["starts:" + name] = [w.c0 for w in words]
        return words[bisect_left(starts, a):bisect_left(starts, b)]

    def word_between(self, words: tuple[str, ...], a: int, b: int) -> bool:
        """One of `words` lies wholly inside text[a:b] (`x in text[a:b]` for each, without a copy
        of the clause per question: occurrences found once, then a bisect per question)."""
        key = "words:" + "|".join(words)
        index = self._ends.get(key)
        if index is None:
            found = sorted((i + len(w), i) for w in words for i in _occurrences(self.text, w))
            ends, best, top = [], [], -1
            for end, start in found:  # by end; the latest start among those ending so far
                top = max(top, start)
                ends.append(end)
                best.append(top)
            index = self._ends[key] = [ends, best]
        ends, best = index
        k = bisect_right(ends, b) - 1
        return k >= 0 and best[k] >= a

    def presentation_at(self, pos: int) -> bool:
        if self._presentation_starts is None:
            self._presentation_starts = frozenset(w.c0 for w in self.presentation)
        return pos in self._presentation_starts

    def report_trigger_at(self, pos: int) -> bool:
        if self._report_starts is None:
            self._report_starts = frozenset(w.c0 for w in self.triggers if "report" in w.data)
        return pos in self._report_starts

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
        key = "cue:" + kind  # asked per action word by some rules: answered once per view
        hit = self._ends.get(key)
        if hit is None:
            hit = self._ends[key] = any(w.kind == kind for w in self.cues)
        return hit


def _occurrences(text: str, word: str):  # noqa: ANN202
    i = text.find(word)
    while i >= 0:
        yield i
        i = text.find(word, i + 1)


def sentence_view(draft: Draft, vocab: Vocabulary) -> SentenceView:
    key = (draft.text, len(draft.entities), id(vocab))
    cached = draft.scratch.get(_CACHE_KEY)
    if cached is not None and cached[0] == key:
        return cached[1]
    view = SentenceView(draft, vocab)
    draft.scratch[_CACHE_KEY] = (key, view)
    return view


class _NegationWords:
    """The negations that may close a word, and what fuses with one (one pack's
    ``lexicons/function_words.json``): built once per pack root on first use, never at import."""

    __slots__ = ("fusers", "word_closing")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = function_words(root)
        self.fusers = frozenset(words.negation_fusers)
        self.word_closing = frozenset(words.word_closing_negations)


_BY_ROOT = PerRoot()  # a pack root -> its negation words


def _excludes_before(kw) -> bool:  # noqa: ANN001 - a vocabulary value
    """An exception word said after what it excludes (X 除外): a comparison, not a negation."""
    return kw.kind == "comparison" and getattr(kw.data, "comparator", None) == "except" and \
        getattr(kw.data, "position", None) == "after"


def _closes_a_word(text: str, start: int, end: int, words, closing: _NegationWords) -> bool:  # noqa: ANN001 - words: nlu.text.words.Words
    """The negation at [start, end) (别) is the last character of a two-character word of the
    dictionary (级别, 特别, 区别, 告别) whose first character does not fuse with a negation
    (可别, 先别, 千万别 stay negations): a word that only looks like one. One dictionary lookup,
    no segmentation; until the dictionary is loaded every negation is kept (conservative)."""
    if text[start:end] not in closing.word_closing or start == 0:
        return False
    left = text[start - 1]
    if left in closing.fusers or not "\u4e00" <= left <= "\u9fff" or not words.ready():
        return False
    return words.in_dictionary(text[start - 1:end])
