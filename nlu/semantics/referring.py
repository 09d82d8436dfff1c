"""Referring expressions the coreference stage reads beyond the pack's pronoun list.

A demonstrative noun phrase is built from closed-class parts: a demonstrative (这/那/该/此),
an optional numeral + classifier (两辆, 三台, 张, 个) and an optional head noun (车, 机车,
工单, 单子, 任务, 站点 …). The head noun (or, without one, the classifier) restricts the
entity types the phrase may refer to; a numeral above one makes it plural with that count.
前者 / 后者 pick the first / last member of the preceding coordinated group.
The parts are data (``lexicons/referring.json``), compiled once at import.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from nlu.lexicon.word_classes import alternation, char_class, referring_words

_WORDS = referring_words()  # lexicons/referring.json, read once at import
_CLASSES = _WORDS.classes
_HEADS = dict(_WORDS.head_nouns)  # plain dicts: looked up per phrase
# Class nouns of things that move (a dispatch sends one of these).
MOVER_NOUNS = tuple(sorted((k.upper() for k, types in _HEADS.items() if set(types) & {"vehicle", "locomotive"}),
                           key=len, reverse=True))
# Nouns that only name an entity class (a bare "AGV 机车" asks nothing about it).
CLASS_NOUNS = frozenset(k.upper() for k in _HEADS)
_CLASSIFIER_TYPES = dict(_WORDS.classifier_types)
_NUMERALS = dict(_WORDS.numerals)
_ORDINAL_PICKS = dict(_WORDS.ordinals)  # 前者 → first, 后者 → last
_BOUND = frozenset(_CLASSES.bound_demonstratives)  # 该项, 此次: only with a head noun
_COUNTING = frozenset(_CLASSES.counting_classifiers)  # 这两辆: a mover without a head noun
NOUN_CLASSIFIERS = frozenset(_CLASSES.noun_classifiers)  # 这单, 那几单: the classifier is the noun
_PLURAL_CLASSIFIERS = frozenset(_CLASSES.plural_classifiers)
_HEAD_ALT = "|".join(sorted(map(re.escape, _HEADS), key=len, reverse=True))
_NP = re.compile(
    rf"(?P<dem>{alternation(_CLASSES.demonstratives)})"
    rf"(?:(?P<num>[{char_class(tuple(_NUMERALS))}]|\d{{1,2}})?(?P<cls>{alternation(_CLASSES.classifiers)}))?"
    rf"(?P<head>{_HEAD_ALT})?")
_ORDINAL = re.compile(alternation(tuple(_ORDINAL_PICKS)))
# 刚才 / 之前说的 / 刚刚提到过的 right before a demonstrative phrase: searched only on the few
# characters before each phrase found (anchored at their end), never on the whole text
_RECENCY = re.compile(
    rf"(?:{alternation(_CLASSES.recency_adverbs)})(?:(?:{alternation(_CLASSES.recency_verbs)})过?的)?\s*$")
_RECENCY_REACH = max(map(len, _CLASSES.recency_adverbs)) + max(map(len, _CLASSES.recency_verbs)) + 3
# what may stand between a descriptive phrase and the identifier it describes (这台车：HXN5-0238)
APPOSITION_GAP = frozenset(" ：:，,\t")


@dataclass(slots=True)
class Referring:
    c0: int
    c1: int
    text: str
    types: tuple[str, ...] | None
    count: int | None  # a stated number (这两辆车 → 2); None: unstated
    plural: bool
    has_head: bool  # a head noun or classifier: 这台车 / 这张 (vs a bare 这个 / 那个)
    ordinal: str | None = None  # "first" (前者) or "last" (后者)


def recency_start(text: str, c0: int) -> int:
    """Where a recency prefix (刚才, 之前说的 …) that ends right at `c0` begins, else `c0`:
    刚才说的那台机车 names the referent as the one of a moment ago, and the prefix belongs to
    the mention (design 7.6)."""
    lo = max(0, c0 - _RECENCY_REACH)
    m = _RECENCY.search(text, lo, c0)
    return m.start() if m is not None else c0


def demonstrative_phrases(text: str) -> list[Referring]:
    """Demonstrative noun phrases with a classifier or a head noun, and 前者/后者."""
    out: list[Referring] = []
    for m in _NP.finditer(text):
        head, cls, num = m.group("head"), m.group("cls"), m.group("num")
        if not head and not cls:
            continue
        if m.group("dem") in _BOUND and not head:
            continue  # 该项, 此次: not a reference to an entity
        if not head and not (num and cls in _COUNTING) and cls not in NOUN_CLASSIFIERS:
            continue  # 这张图, 这个月: without a head noun a classifier determines some other noun
        types = _HEADS.get(head) if head else _CLASSIFIER_TYPES.get(cls or "")
        if head is None and types is None and cls not in _PLURAL_CLASSIFIERS:
            continue
        count = None
        if num:
            count = int(num) if num.isdigit() else _NUMERALS.get(num)
        plural = cls in _PLURAL_CLASSIFIERS or (count is not None and count > 1)
        out.append(Referring(m.start(), m.end(), m.group(0), types, count, plural, True))
    for m in _ORDINAL.finditer(text):
        out.append(Referring(m.start(), m.end(), m.group(0), None, 1, False, True,
                             _ORDINAL_PICKS[m.group(0)]))
    return out
