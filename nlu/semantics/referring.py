"""Referring expressions the coreference stage reads beyond the pack's pronoun list.

A demonstrative noun phrase is built from closed-class parts: a demonstrative (这/那/该/此),
an optional numeral + classifier (两辆, 三台, 张, 个) and an optional head noun (车, 机车,
工单, 单子, 任务, 站点 …). The head noun (or, without one, the classifier) restricts the
entity types the phrase may refer to; a numeral above one makes it plural with that count.
前者 / 后者 pick the first / last member of the preceding coordinated group.
The parts are data (``lexicons/referring.json``), compiled once per pack on first use.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from nlu.lexicon.word_classes import alternation, char_class, referring_words
from nlu.values.vocabulary import PerRoot

# what may stand between a descriptive phrase and the identifier it describes (这台车：HXN5-0238)
APPOSITION_GAP = frozenset(" ：:，,\t")


class ReferringPatterns:
    """The parts of one pack's ``lexicons/referring.json`` compiled into the phrase patterns:
    built once per pack root on first use (`referring_patterns`), never at import or per call."""

    __slots__ = ("heads", "mover_nouns", "class_nouns", "classifier_types", "numerals", "ordinal_picks", "bound",
                 "counting", "noun_classifiers", "plural_classifiers", "np", "ordinal", "recency", "recency_reach")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = referring_words(root)
        classes = words.classes
        self.heads = heads = dict(words.head_nouns)  # plain dicts: looked up per phrase
        #: class nouns of things that move (a dispatch sends one of these), longest first
        self.mover_nouns = tuple(sorted((k.upper() for k, types in heads.items() if set(types) & {"vehicle", "locomotive"}),
                                        key=len, reverse=True))
        #: nouns that only name an entity class (a bare "AGV 机车" asks nothing about it)
        self.class_nouns = frozenset(k.upper() for k in heads)
        self.classifier_types = dict(words.classifier_types)
        self.numerals = numerals = dict(words.numerals)
        self.ordinal_picks = dict(words.ordinals)  # 前者 → first, 后者 → last
        self.bound = frozenset(classes.bound_demonstratives)  # 该项, 此次: only with a head noun
        self.counting = frozenset(classes.counting_classifiers)  # 这两辆: a mover without a head noun
        #: 这单, 那几单: the classifier is the noun
        self.noun_classifiers = frozenset(classes.noun_classifiers)
        self.plural_classifiers = frozenset(classes.plural_classifiers)
        head_alt = "|".join(sorted(map(re.escape, heads), key=len, reverse=True))
        self.np = re.compile(
            rf"(?P<dem>{alternation(classes.demonstratives)})"
            rf"(?:(?P<num>[{char_class(tuple(numerals))}]|\d{{1,2}})?(?P<cls>{alternation(classes.classifiers)}))?"
            rf"(?P<head>{head_alt})?")
        self.ordinal = re.compile(alternation(tuple(self.ordinal_picks)))
        # 刚才 / 之前说的 / 刚刚提到过的 right before a demonstrative phrase: searched only on the few
        # characters before each phrase found (anchored at their end), never on the whole text
        self.recency = re.compile(
            rf"(?:{alternation(classes.recency_adverbs)})(?:(?:{alternation(classes.recency_verbs)})过?的)?\s*$")
        self.recency_reach = max(map(len, classes.recency_adverbs)) + max(map(len, classes.recency_verbs)) + 3


_BY_ROOT = PerRoot()  # a pack root -> its patterns


def referring_patterns(pack=None) -> ReferringPatterns:  # noqa: ANN001 - a Pack, or None: the default pack
    """The referring patterns of `pack` (default: the default pack's), built once per pack root."""
    return _BY_ROOT.get(None if pack is None else pack.root, ReferringPatterns)


def __getattr__(name: str) -> object:
    """`MOVER_NOUNS`, `CLASS_NOUNS` and `NOUN_CLASSIFIERS` of the default pack, read when first
    asked for (not at import); a rule with a pack reads its own (`referring_patterns(pack)`)."""
    if name in ("MOVER_NOUNS", "CLASS_NOUNS", "NOUN_CLASSIFIERS"):
        return getattr(referring_patterns(), name.lower())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def recency_start(text: str, c0: int, pack=None) -> int:  # noqa: ANN001 - a Pack, or None: the default pack
    """Where a recency prefix (刚才, 之前说的 …) that ends right at `c0` begins, else `c0`:
    刚才说的那台机车 names the referent as the one of a moment ago, and the prefix belongs to
    the mention (design 7.6)."""
    rp = referring_patterns(pack)
    lo = max(0, c0 - rp.recency_reach)
    m = rp.recency.search(text, lo, c0)
    return m.start() if m is not None else c0


def demonstrative_phrases(text: str, pack=None) -> list[Referring]:  # noqa: ANN001 - a Pack, or None: the default pack
    """Demonstrative noun phrases with a classifier or a head noun, and 前者/后者 (by `pack`'s parts)."""
    rp = referring_patterns(pack)
    out: list[Referring] = []
    for m in rp.np.finditer(text):
        head, cls, num = m.group("head"), m.group("cls"), m.group("num")
        if not head and not cls:
            continue
        if m.group("dem") in rp.bound and not head:
            continue  # 该项, 此次: not a reference to an entity
        if not head and not (num and cls in rp.counting) and cls not in rp.noun_classifiers:
            continue  # 这张图, 这个月: without a head noun a classifier determines some other noun
        types = rp.heads.get(head) if head else rp.classifier_types.get(cls or "")
        if head is None and types is None and cls not in rp.plural_classifiers:
            continue
        count = None
        if num:
            count = int(num) if num.isdigit() else rp.numerals.get(num)
        plural = cls in rp.plural_classifiers or (count is not None and count > 1)
        out.append(Referring(m.start(), m.end(), m.group(0), types, count, plural, True))
    for m in rp.ordinal.finditer(text):
        out.append(Referring(m.start(), m.end(), m.group(0), None, 1, False, True,
                             rp.ordinal_picks[m.group(0)]))
    return out
