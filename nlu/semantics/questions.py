"""Question shapes that decide an implicit frame's class or a value's role.

* A, B 哪个 … 多/先/高: two or more coordinated objects and a "which is more" question: a compare.
* 不少于 3 台 AGV 在线吗: a yes/no question whether at least so many objects (the counted
  quantity modifies the object noun) are in a state: a count. A predicative quantity
  (工单至少 15 张吗) compares a value and stays a query.
The words are data (``lexicons/function_words.json``); all patterns are compiled once at import.
"""
from __future__ import annotations

import re
from typing import Sequence

from nlu.lexicon.word_classes import alternation, char_class, function_words
from nlu.semantics import cues
from nlu.semantics.coordination import group_of
from nlu.semantics.view import SentenceView, Word

_WORDS = function_words()  # lexicons/function_words.json, compiled once at import
_COMPARATIVE = re.compile(rf"(?:{alternation(_WORDS.which_words)})[^，,。；;？?\s]{{0,4}}?"
                          rf"(?:{alternation(_WORDS.degree_adverbs)})?(?:{alternation(_WORDS.comparative_adjectives)})")
# 哪辆 AGV 今天跑得最多: a superlative ranks the members of the whole set — a compare with no
# coordinated objects, and the object noun and a time may stand between (a longer gap)
_SUPERLATIVE = re.compile(rf"(?:{alternation(_WORDS.which_words)})[^，,。；;？?\n]{{0,12}}?"
                          rf"(?:{alternation(_WORDS.superlative_adverb)})(?:{alternation(_WORDS.comparative_adjectives)})"
                          rf"(?=\s*(?:{alternation(_WORDS.superlative_closers)}|[，,。；;！!？?]|$))")
_SUPERLATIVE_WORD = _WORDS.one("superlative_adverb")
_COUNT_UNIT = re.compile(rf"\s*(?:{alternation(_WORDS.count_classifiers)})\s*$")
_YES_NO = _WORDS.yes_no_words
COMPARED_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station", "organization", "person",
                            "location", "time", "time_range", "maintenance_level"})


def asks_comparison(view: SentenceView) -> bool:
    """AGV-01 和 AGV-02 哪个任务多 / WO-1 和 WO-2 哪个先完成 / AGV-51和AGV-52昨天谁跑的任务多 (a
    time between the objects and the question) / 哪辆 AGV 今天跑得最多 (a superlative compares
    the members of the whole set: no coordinated objects needed)."""
    text = view.text
    if _SUPERLATIVE_WORD in text and _SUPERLATIVE.search(text):  # (most texts hold no 最: no search)
        return True
    for m in _COMPARATIVE.finditer(text):
        lo, _ = view.clause_span(m.start())
        before = [x for x in view.mentions if lo <= x.c0 and x.c1 <= m.start() and x.type in COMPARED_TYPES]
        if any(len(group_of(view, x)) >= 2 for x in before):
            return True
    return False


def asks_threshold_count(view: SentenceView, governed: list) -> bool:
    """不少于 3 台 AGV 在线吗: a comparator on a counted quantity of the object noun right after it,
    in a yes/no question."""
    text = view.text
    if not any(w.kind == cues.QUESTION and w.text in _YES_NO for w in view.cues):
        return False
    for g in governed:
        m = g.mentions[0]
        if g.comparator in ("gt", "gte", "lt", "lte", "eq") and m.type == "quantity" and \
                _COUNT_UNIT.search(text[m.c0:m.c1]) and g.word.c1 <= m.c0:
            j = m.c1
            while j < len(text) and text[j].isspace():
                j += 1
            if any(d.c0 == j for d in view.domain_words):  # 3 台 AGV: the quantity counts the objects
                return True
    return False


_CLAUSE_PUNCT = " ，,。；;！!、\n"
_STATED_VALUE_TYPES = frozenset({"time", "time_range", "amount", "quantity", "maintenance_level"})
_ALTERNATIVE = _WORDS.one("alternative_marker")  # 是 A 还是 B: an alternative question, whatever its punctuation


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
    for w in view.cues:
        if w.kind != cues.COPULA:
            continue
        lo, hi = view.clause_span(w.c0)
        if not text[lo:w.c0].strip(_CLAUSE_PUNCT):
            continue  # no subject: a focus 是 (是 HXD1-0001 的状态)
        end = len(text[:hi].rstrip(_CLAUSE_PUNCT))
        if end <= w.c1 or _ALTERNATIVE in text[w.c1:end]:
            continue
        if any(m.c1 == end and m.c0 >= w.c1 and m.type in _STATED_VALUE_TYPES for m in view.mentions):
            return True
        if any(b == end and a >= w.c1 for a, b in stated):  # a state the caller found (状态是离线)
            return True
    return False
