"""Which value a comparison word governs: "不少于 3 台" (before), "3 台以上" (after),
"3月1日到3月10日之间" (between two values), "除了 AGV-03" / "AGV-03 除外" (exception). An exclusion verb said after its object (AGV-02 别算)
governs the object after it when it opens its clause (别算 AGV-02，剩下的…)."""
from __future__ import annotations

from dataclasses import dataclass

from nlu.lexicon.model import ComparisonWord
from nlu.lexicon.word_classes import function_words
from nlu.semantics.coordination import group_of
from nlu.semantics.view import Mention, SentenceView, Word
from nlu.values.vocabulary import PerRoot

VALUE_TYPES = frozenset({"quantity", "amount", "time", "time_range"})


class _Words:
    """The word classes read from one pack's ``lexicons/function_words.json``: built once per
    pack root on first use (`_words`), never at import or per call."""

    __slots__ = ("range_joiners", "except_openers", "except_closers", "state_gap_chars")

    def __init__(self, root) -> None:  # noqa: ANN001 - a pack root, or None: the default pack
        words = function_words(root)
        self.range_joiners = frozenset(words.range_joiners)
        self.except_openers = frozenset(words.exception_openers)  # 除 of 除 X 外
        self.except_closers = frozenset(words.exception_closers)  # 外 of 除 X 外
        self.state_gap_chars = frozenset(words.exception_gap)


_BY_ROOT = PerRoot()  # a pack root -> its words


def _words(view: SentenceView) -> _Words:
    """The word classes of the pack `view` was scanned with."""
    return _BY_ROOT.get(view.pack.root, _Words)


_CIRCUMFIX = ComparisonWord("除…外", "except", "before")
# "介于" … "之间" / "到…之间" patterns all end in 之间 or start with 介于
MAX_GAP = 2  # a comparison word may be separated from its value by a short filler (不少于 3 台)


@dataclass(slots=True)
class Governed:
    word: Word
    comparator: str
    mentions: list[Mention]  # one value, two (between) or a coordinated group (except)


def _near_after(view: SentenceView, pos: int) -> Mention | None:
    text = view.text
    for m in view.mentions:
        if m.c0 >= pos:
            gap = text[pos:m.c0].strip()
            return m if len(gap) <= MAX_GAP and not any(ch in "，,。；;" for ch in gap) else None
    return None


def _near_before(view: SentenceView, pos: int) -> Mention | None:
    text = view.text
    for m in reversed(view.mentions):
        if m.c1 <= pos:
            gap = text[m.c1:pos].strip()
            return m if len(gap) <= MAX_GAP and not any(ch in "，,。；;" for ch in gap) else None
    return None


def governed_values(view: SentenceView) -> list[Governed]:
    out: list[Governed] = []
    for w in view.comparisons:
        cw = w.data
        comp = cw.comparator
        if comp == "between":
            pair = _between(view, w)
            if pair:
                out.append(Governed(w, comp, pair))
            continue
        if comp == "except":
            m = _near_after(view, w.c1) if cw.position == "before" else _near_before(view, w.c0)
            if cw.position == "after" and _opens_clause(view, w):
                m = _near_after(view, w.c1)  # 别算 AGV-02，剩下的…: an exclusion verb opening its clause governs what follows
            if m is not None and not any(g.comparator == "except" and m in g.mentions for g in out):
                out.append(Governed(w, comp, group_of(view, m, frozenset({m.type}))))  # 除了 X 以外: once
            continue
        m = _near_after(view, w.c1) if cw.position == "before" else _near_before(view, w.c0)
        if m is not None and m.type in VALUE_TYPES:
            out.append(Governed(w, comp, [m]))
    out.extend(_circumfix_exceptions(view, out))
    return out


def _circumfix_exceptions(view: SentenceView, found: list[Governed]) -> list[Governed]:
    """除 X 外 (除AGV-10外都派去ST-06): the one-character circumfix excludes X as 除了 X does.
    Read without any word scan: only a mention right after 除 is looked at, the 除 must not end a
    word (no Han character before it: 删除, 排除 are verbs), and 外 must close X (or X and the
    objects joined to it). A mention already governed by an exception word is left alone."""
    text = view.text
    words = _words(view)
    if not any(ch in text for ch in words.except_openers):
        return []
    taken = {id(m) for g in found if g.comparator == "except" for m in g.mentions}
    out: list[Governed] = []
    for m in view.mentions:
        if id(m) in taken:
            continue
        k = m.c0 - 1
        while k >= 0 and text[k] == " ":
            k -= 1
        if k < 0 or text[k] not in words.except_openers or (k > 0 and _is_han(text[k - 1]) and _ends_a_verb(view, k)):
            continue
        group = group_of(view, m, frozenset({m.type}))
        end = max(x.c1 for x in group)
        rest = text[end:].lstrip(" ")
        if rest[:1] in words.except_closers:
            out.append(Governed(Word(k, k + 1, "comparison", _CIRCUMFIX, text[k]), "except", group))
            taken.update(id(x) for x in group)
    return out


def _ends_a_verb(view: SentenceView, k: int) -> bool:
    """The opener at `k` closes a word with the character before it (删除, 排除, 消除 in 消除故障),
    unless the two characters before it are a word of their own (取消 | 除 T-… 外: 取消除 is
    取消 + 除). Before the dictionary is loaded, any Han character before it counts (the
    conservative reading: no exception read)."""
    words, text = view.words, view.text
    if not words.ready():
        return True
    if not words.in_dictionary(text[k - 1:k + 1]):
        return False  # 本月除 AGV-50 外: 月除 is no word
    return not (k >= 2 and _is_han(text[k - 2]) and words.in_dictionary(text[k - 2:k]))


def _is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def _opens_clause(view: SentenceView, w: Word) -> bool:
    lo, _ = view.clause_span(w.c0)
    return not view.text[lo:w.c0].strip()


def _between(view: SentenceView, w: Word) -> list[Mention] | None:
    text = view.text
    if w.data.position == "before":  # 介于 A 和 B 之间
        first = _near_after(view, w.c1)
        if first is None:
            return None
        rest = [m for m in view.mentions if m.c0 >= first.c1]
        if rest and text[first.c1:rest[0].c0].strip() in _words(view).range_joiners:
            return [first, rest[0]]
        return None
    last = _near_before(view, w.c0)  # A 到 B 之间
    if last is None:
        return None
    prev = [m for m in view.mentions if m.c1 <= last.c0]
    if prev and text[prev[-1].c1:last.c0].strip() in _words(view).range_joiners and prev[-1].type in VALUE_TYPES:
        return [prev[-1], last]
    return None


_STATE_GAP = 3  # 不含已取消的: a state may be separated from its exception word by 已/的/a comma


def excepting_word(view: SentenceView, span: tuple[int, int]) -> Word | None:
    """The exception word that excludes the state at `span` (current offsets): one before it
    (除了 / 不含 / 不包括 已关闭的) or one after it (失败的不算, 已关闭的不要算进去, 故障的除外),
    with at most a short gap of 已 / 的 / a comma between — else None."""
    text = view.text
    gap_chars = _words(view).state_gap_chars
    for w in view.comparisons:
        if w.data.comparator != "except":
            continue
        if w.data.position == "before" and w.c1 <= span[0]:
            gap = text[w.c1:span[0]]
        elif w.data.position == "after" and span[1] <= w.c0:
            gap = text[span[1]:w.c0]
        else:
            continue
        if len(gap.strip()) <= _STATE_GAP and all(ch in gap_chars for ch in gap):
            return w
    return None
