"""Question shapes that decide an implicit frame's class or a value's role.

* A, B 哪个 … 多/先/高: two or more coordinated objects and a "which is more" question: a compare.
* 不少于 3 台 AGV 在线吗: a yes/no question whether at least so many objects (the counted
  quantity modifies the object noun) are in a state: a count. A predicative quantity
  (工单至少 15 张吗) compares a value and stays a query.
The words are data (``lexicons/function_words.json``); the patterns are compiled once per pack,
on first use.
"""
from __future__ import annotations

import re
from typing import Sequence

from nlu.lexicon.word_classes import alternation, char_class, function_words
from nlu.semantics import cues
from nlu.semantics.coordination import group_of
from nlu.semantics.view import SentenceView, Word
from nlu.values.vocabulary import PerRoot


class _Words:
    """The patterns compiled from one pack's ``lexicons/function_words.json``: built once per
    pack root on first use (`_words`), never at import or per call."""

    __slots__ = ("comparative", "superlative", "superlative_word", "count_unit", "yes_no", "alternative")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = function_words(root)
        self.comparative = re.compile(rf"(?:{alternation(words.which_words)})[^，,。；;？?\s]{{0,4}}?"
                                      rf"(?:{alternation(words.degree_adverbs)})?(?:{alternation(words.comparative_adjectives)})")
        # 哪辆 AGV 今天跑得最多: a superlative ranks the members of the whole set — a compare with no
        # coordinated objects, and the object noun and a time may stand between (a longer gap)
        self.superlative = re.compile(rf"(?:{alternation(words.which_words)})[^，,。；;？?\n]{{0,12}}?"
                                      rf"(?:{alternation(words.superlative_adverb)})(?:{alternation(words.comparative_adjectives)})"
                                      rf"(?=\s*(?:{alternation(words.superlative_closers)}|[，,。；;！!？?]|$))")
        self.superlative_word = words.one("superlative_adverb")
        self.count_unit = re.compile(rf"\s*(?:{alternation(words.count_classifiers)})\s*$")
        self.yes_no = words.yes_no_words
        self.alternative = words.one("alternative_marker")  # 是 A 还是 B: an alternative question, whatever its punctuation


_BY_ROOT = PerRoot()  # a pack root -> its patterns


def _words(view: SentenceView) -> _Words:
    """The patterns of the pack `view` was scanned with."""
    return _BY_ROOT.get(view.pack.root, _Words)


COMPARED_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station", "organization", "person",
                            "location", "time", "time_range", "maintenance_level"})


def asks_comparison(view: SentenceView) -> bool:
    """AGV-01 和 AGV-02 哪个任务多 / WO-1 和 WO-2 哪个先完成 / AGV-51和AGV-52昨天谁跑的任务多 (a
    time between the objects and the question) / 哪辆 AGV 今天跑得最多 (a superlative compares
    the members of the whole set: no coordinated objects needed)."""
    text = view.text
    words = _words(view)
    if words.superlative_word in text and words.superlative.search(text):  # (most texts hold no 最: no search)
        return True
    for m in words.comparative.finditer(text):
        lo, _ = view.clause_span(m.start())
        before = [x for x in view.mentions if lo <= x.c0 and x.c1 <= m.start() and x.type in COMPARED_TYPES]
        if any(len(group_of(view, x)) >= 2 for x in before):
            return True
    return False


def asks_threshold_count(view: SentenceView, governed: list) -> bool:
    """不少于 3 台 AGV 在线吗: a comparator on a counted quantity of the object noun right after it,
    in a yes/no question."""
    text = view.text
    words = _words(view)
    if not any(w.kind == cues.QUESTION and w.text in words.yes_no for w in view.cues):
        return False
    for g in governed:
        m = g.mentions[0]
        if g.comparator in ("gt", "gte", "lt", "lte", "eq") and m.type == "quantity" and \
                words.count_unit.search(text[m.c0:m.c1]) and g.word.c1 <= m.c0:
            j = m.c1
            while j < len(text) and text[j].isspace():
                j += 1
            if any(d.c0 == j for d in view.domain_words):  # 3 台 AGV: the quantity counts the objects
                return True
    return False


_CLAUSE_PUNCT = " ，,。；;！!、\n"
_STATED_VALUE_TYPES = frozenset({"time", "time_range", "amount", "quantity", "maintenance_level"})


def is_statement(view: SentenceView, stated: Sequence[tuple[int, int]] = ()) -> bool:
    """A declarative sentence that states a value: subject, copula (是/为), and a value that
    ends the clause — and nothing asked anywhere.

    计划检修时间为明天8点到10点 states a time, 电量为 80% a quantity, 状态是离线 a state
    (`stated`: spans of state words, current text): adding the implied 查询
    would turn what the user said into a query they never asked. A copula inside a noun
    phrase (修程为 C4 及以上的机车列表), a focus 是 with no subject (是 AGV-07 的电量), an
    alternative question (电量是百分之六十还是百分之十六) or any question cue (多少, 吗,
    是不是, ？…) is no statement.
    """
    if any(w.kind == cues.QUESTION for w in view.cues):
        return False
    text = view.text
    alternative = _words(view).alternative
    for w in view.cues:
        if w.kind != cues.COPULA:
            continue
        lo, hi = view.clause_span(w.c0)
        if not text[lo:w.c0].strip(_CLAUSE_PUNCT):
            continue  # no subject: a focus 是 (是 HXD1-0001 的状态)
        end = len(text[:hi].rstrip(_CLAUSE_PUNCT))
        if end <= w.c1 or alternative in text[w.c1:end]:
            continue
        if any(m.c1 == end and m.c0 >= w.c1 and m.type in _STATED_VALUE_TYPES for m in view.mentions):
            return True
        if any(b == end and a >= w.c1 for a, b in stated):  # a state the caller found (状态是离线)
            return True
    return False
