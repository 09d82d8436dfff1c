"""Negation scope: a negation word governs the predicate word right after it.

"不要取消 T-…" negates 取消; "HXD1-0001 不是张三负责" negates 负责 (the relation), not the
query around it; "不在一车间" negates 在. Between the negation and its predicate only
whitespace, a modal or an adverb of a closed list may stand (不要再取消, 不是由张三负责).
A 不/没 between two copies of one word (在不在, 负责不负责, 去没去) asks a question and negates nothing.
"""
from __future__ import annotations

from nlu.lexicon.word_classes import a_not_a_pivots, function_words
from nlu.semantics.view import SentenceView, Word
from nlu.values.vocabulary import PerRoot

MAX_GAP = 4
# the longest mention, name or coverb phrase a negation's scope may reach across (identifiers
# and names are far shorter): bounds the work per predicate, so the scope test is linear
_LONGEST_PHRASE = 64
_DISPOSAL_REACH = 24  # code points from 把 to its verb (把 T-2026120101 这个任务 取消)
_PHRASE_BREAK = frozenset("，,。；;！!？?：:\n")


class _Words:
    """The word classes read from one pack (``lexicons/function_words.json``, the clean
    stage's A-not-A pivots): built once per pack root on first use (`_words`), never at import."""

    __slots__ = ("filler", "coverbs", "after_name", "a_not_a", "disposal")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = function_words(root)
        self.filler = frozenset(words.negation_gap_fillers)
        self.coverbs = frozenset(words.coverbs)
        # after a person name inside the scope (不是张三来负责): what may stand before the predicate
        self.after_name = "".join(words.name_to_predicate_fillers)
        self.a_not_a = frozenset(a_not_a_pivots(root))
        self.disposal = words.one("disposal_marker")  # 把


_BY_ROOT = PerRoot()  # a pack root -> its words


def _words(pack) -> _Words:  # noqa: ANN001 - a Pack, or None: the default pack
    return _BY_ROOT.get(None if pack is None else pack.root, _Words)


def _disposal_in_gap(view: SentenceView, words: _Words, gap_start: int, gap_end: int) -> int | None:
    """The position of a 把 that opens the gap between a negation and its predicate (after
    fillers only), when the 把 phrase runs to the predicate with no
    break in it: the predicate is the disposal's verb, so the negation governs it."""
    text = view.text
    k = text.find(words.disposal, gap_start, gap_end)
    if k < 0 or gap_end - k > _DISPOSAL_REACH or any(ch not in words.filler for ch in text[gap_start:k]):
        return None
    # an action word inside the phrase (别把取消的任务删除) modifies the object: the negation
    # still reaches the verb — erring towards a negated write, which is never run as an order
    return None if _PHRASE_BREAK.intersection(text[k:gap_end]) else k


def a_not_a(text: str, w: Word, pack=None) -> bool:  # noqa: ANN001 - a Pack, or None: the default pack
    """在不在 / 负责不负责: the word before the 不 is repeated right after it (`pack`'s pivots)."""
    if w.text not in _words(pack).a_not_a:
        return False
    for k in (1, 2):
        left = text[max(0, w.c0 - k):w.c0]
        if len(left) == k and left.strip() == left and text[w.c1:w.c1 + k] == left:
            return True
    return False


def negation_before(view: SentenceView, pos: int, lo: int = 0, *, through_mention: bool = False,
                    through_coverb: bool = False) -> Word | None:
    """The negation word governing the predicate starting at `pos`, or None.

    `lo` bounds the search (clause start). With `through_mention`, a person name may stand
    between (不是张三负责: 不是 … 负责); with `through_coverb`, a coverb phrase (给 AGV-03, 把它).
    """
    text = view.text
    words = _words(view.pack)
    i = view.last_negation_index(pos)  # only the last negation before `pos` can govern it
    for w in view.negations[i:i + 1] if i >= 0 else ():
        if w.c0 < lo:
            return None
        if a_not_a(text, w, view.pack):
            return None
        gap_start, gap_end = w.c1, pos
        if gap_end - gap_start > MAX_GAP + _LONGEST_PHRASE:
            return None  # too far for any mention or coverb phrase to bridge: stop before the scans
        if through_mention:
            for m in view.within(view.mentions, "mentions", gap_start, gap_end):
                if m.type == "person" and gap_start <= m.c0 and m.c1 <= gap_end and not text[m.c1:pos].strip(words.after_name):
                    gap_end = m.c0
                    break
        if through_coverb and (k := _disposal_in_gap(view, words, gap_start, gap_end)) is not None:
            # 千万别把 AGV-09 的任务取消 / 不要把 T-… 这个任务取消: the whole 把 phrase, the object
            # with its 的-noun or classifier, stands inside the scope of the negation before it
            gap_end = k
        elif through_coverb:  # 不要给 AGV-03 派任务 / 别给它派: the coverb phrase stands inside the scope
            refs = [(m.c0, m.c1) for m in view.within(view.mentions, "mentions", gap_start, gap_end)] + \
                [(p.c0, p.c1) for p in view.within(view.pronouns, "pronouns", gap_start, gap_end)]
            for a, b in refs:
                if gap_start < a and b <= gap_end and not text[b:gap_end].strip() \
                        and text[gap_start:a].strip()[-1:] in words.coverbs:
                    gap_end = gap_start + len(text[gap_start:a].rstrip()) - 1
                    break
        gap = text[gap_start:gap_end]
        if len(gap) <= MAX_GAP and all(ch in words.filler for ch in gap):
            return w
        return None
    return None
