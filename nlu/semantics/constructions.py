"""Grammatical constructions that carry an action without a pack action word.

* 把 + object + V + 成/为/到/至/往/给 (disposal): an update of the object
  (把 WO-… 的修程改成 C5, 把 AGV-01 调到 ST-01, 把计划推迟到下周一).
* 派 / 让 / 叫 + (number +) mover + 去/到 … (causative dispatch): a create
  (派 3 台 AGV 去 ST-05, 让 AGV-11 去 ST-03 取货, 给 AGV-03 派任务).
And the uses of an action word that are not a predicate of the sentence: a relative
clause (人工取消的, 已关闭的), a word under an exclusion (不包括…, 除了…), a nominal use
(…的安排) or a modifier of a report/plan noun (调度报表).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from nlu.semantics.view import SentenceView, Word

MOVERS = frozenset({"vehicle", "locomotive"})


@dataclass(frozen=True, slots=True)
class ImpliedAction:
    word: str
    action_class: str
    write: bool


_RESULTATIVE = re.compile(r"[成为到至往给]")
_TWO_CHAR_VERBS = frozenset({"推迟", "提前", "延后", "延期", "转移", "切换", "挪到", "改派", "调整"})
_DISPATCH = re.compile(r"[派让叫]")
_DISPATCH_OBJECT = re.compile(r"\s*(?:新|一个|个)?任务")
_EXCLUSION = ("不包括", "不包含", "不含", "除了", "除去", "排除", "剔除")
_REL_TAIL = re.compile(r"[了过完]?的")
_CLAUSE_END = "，,。；;！!？?\n"


def implied_actions(view: SentenceView) -> list[Word]:
    """Action words a construction implies, where no pack action word stands in that clause."""
    text = view.text
    out: list[Word] = []
    for i, ch in enumerate(text):
        if ch == "把":
            w = _disposal(view, i)
        elif ch in "派让叫":
            w = _dispatch(view, i)
        else:
            continue
        if w is not None and not any(a.c0 < w.c1 and w.c0 < a.c1 for a in out):
            out.append(w)
    return out


def _has_action(view: SentenceView, lo: int, hi: int) -> bool:
    return any(lo <= a.c0 and a.c1 <= hi for a in view.actions)


def _free(view: SentenceView, pos: int) -> bool:
    return not any(m.c0 <= pos < m.c1 for m in view.mentions) and \
        not any(a.c0 <= pos < a.c1 for a in view.actions)


def _disposal(view: SentenceView, i: int) -> Word | None:
    lo, hi = view.clause_span(i)
    if not _free(view, i) or _has_action(view, i, hi):
        return None
    text = view.text
    objs = [m for m in view.mentions if i < m.c0 and m.c1 <= hi]
    start = objs[0].c1 if objs else i + 1
    for m in _RESULTATIVE.finditer(text, start, hi):
        k = m.start()
        if not _free(view, k) or k == 0 or not ("\u4e00" <= text[k - 1] <= "\u9fff") or text[k - 1] in "的把":
            continue
        v0 = k - 2 if text[k - 2:k] in _TWO_CHAR_VERBS else k - 1
        return Word(v0, k + 1, "action", ImpliedAction(text[v0:k + 1], "update", True), text[v0:k + 1])
    return None


def _dispatch(view: SentenceView, i: int) -> Word | None:
    if not _free(view, i):
        return None
    lo, hi = view.clause_span(i)
    if _has_action(view, lo, hi):
        return None
    text = view.text
    ch = text[i]
    if ch == "派" and _DISPATCH_OBJECT.match(text, i + 1):  # 给 AGV-03 派任务
        return Word(i, i + 1, "action", ImpliedAction("派", "create", True), "派")
    after = [m for m in view.mentions if i < m.c0 and m.c1 <= hi]
    if not after or text[i + 1:after[0].c0].strip():
        return None
    first = after[0]
    k = 1
    if first.type == "quantity" and len(after) > 1 and not text[first.c1:after[1].c0].strip():
        first, k = after[1], 2
    nxt = text[first.c1:hi].lstrip()
    mover = first.type in MOVERS or (first.type == "quantity" and (k == 1) and nxt[:1] in ("车", "A", "小"))
    if not mover and not (first.type == "quantity" and k == 2 and after[1].type in MOVERS):
        return None
    if not any(w.kind == "dest" and first.c1 <= w.c0 < hi for w in view.cues) and not nxt.startswith(("去", "到")):
        if ch != "派":
            return None
    return Word(i, i + 1, "action", ImpliedAction(ch, "create", True), ch)


def open_resultative(view: SentenceView, w: Word) -> bool:
    """把 HXD1-0001 的修程改成 (nothing after): the disposal names no result."""
    if not isinstance(w.data, ImpliedAction) or w.data.action_class != "update":
        return False
    _, hi = view.clause_span(w.c0)
    return not view.text[w.c1:hi].strip(" ，,。；;！!？?\n吧啊呢了")


def not_a_predicate(view: SentenceView, a: Word) -> bool:
    """An action word used as a modifier or excluded condition, not as what is asked or ordered."""
    if not getattr(a.data, "write", False):
        return False
    text = view.text
    lo, hi = view.clause_span(a.c0)
    if _REL_TAIL.match(text, a.c1):  # 人工取消的 / 已关闭的 / 谁取消的
        return True
    before = text[lo:a.c0]
    if any(x in before for x in _EXCLUSION):  # 不包括 …取消…, 除了 … 关闭 …
        return True
    j = a.c1
    while j < len(text) and text[j] in " \t":
        j += 1
    if any(w.c0 == j for w in view.presentation) or any(w.c0 == j and "report" in w.data for w in view.triggers):
        return True  # 调度报表, 派工计划: a modifier of the report noun
    stripped = before.rstrip()
    if stripped.endswith("的") and (j >= hi or text[j] in _CLAUSE_END or text[j:j + 1] in ("呢", "吧", "吗")):
        return True  # 今天下午三点的安排: a noun
    return False
