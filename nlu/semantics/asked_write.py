"""A write word the user asks about instead of ordering (issue 26 part 3: reads fail open).

In a turn that asks something, a write verb is the *topic* of the question, not an order, when
it stands in a position a request never takes and nothing requests it:

* passive (T-… 是被谁取消的), anterior (已下发的), perfective after it or its object (取消成功了没有,
  自动恢复的还是…): what was done is asked about;
* a how-to (怎么关闭工单, 超时自动取消怎么设置, 取消任务的话要多久, 取消 T-… 需要几级审批);
* a conditional clause (如果我取消 T-…，会影响…吗): what would follow is asked;
* a necessity (还要重新提交吗, 需要开检修工单吗): advice is asked, the decision stays the user's;
* a permission before it in its sentence (为什么我没有权限删除工单？): who may write is asked;
* a plan right before it (今天计划下发一百二十个任务，现在完成了多少): the plan is told, its progress asked;
* reported material before it in its sentence (显示“请求已忽略”, 乘务员说忽略就行).

A request keeps it an order whatever else holds: a request opener right before the verb or the
把/将 of its clause (能不能帮我取消 T-…, 可以把 T-… 取消吗) or a request tail closing its
sentence (取消 T-… 好吗). The SRL stage turns an asked write's frame into a read (its frame is not
a write: no `operation`, no write question); the span goes to `draft_keys.ASKED_WRITES` so the
policy's write rules skip the pack word there. Data: ``lexicons/asked_writes.json``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_CLAUSE_BREAK = "，,。；;！!？?\n"
_SENTENCE_BREAK = "。！!？?\n"
_DISPOSAL = ("把", "将")
_OPENER_GAP = 2  # code points (spaces, 一下) between a request opener and the verb or 把
_OBJECT = re.compile(r" *(?:[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+|[A-Za-z]+) *")  # a key or Latin word after the verb


@dataclass(frozen=True, slots=True)
class _Data:
    marks: tuple[str, ...]
    particles: tuple[str, ...]
    words: re.Pattern[str]
    openers: tuple[str, ...]
    tails: tuple[str, ...]
    passive: tuple[str, ...]
    anterior: tuple[str, ...]
    perfective: tuple[str, ...]
    how_to: tuple[str, ...]
    how_to_tails: tuple[str, ...]
    conditional: tuple[str, ...]
    necessity: tuple[str, ...]
    reported: tuple[str, ...]
    affected: tuple[str, ...]
    permission: tuple[str, ...]
    planned: tuple[str, ...]
    fillers: tuple[str, ...]  # the pack's discourse and politeness words (fillers.json): 嗯 那个 …, … 谢谢


def _longest_first(words) -> tuple[str, ...]:  # noqa: ANN001
    return tuple(sorted(set(words), key=lambda w: (-len(w), w)))


@functools.lru_cache(maxsize=1)
def _data() -> _Data:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    d = load_data_file("asked_writes.json")
    f = load_data_file("fillers.json")
    return _Data(
        marks=tuple(d["questionMarks"]), particles=_longest_first(d["questionParticles"]),
        words=re.compile("|".join(re.escape(w) for w in _longest_first(d["questionWords"]))),
        openers=_longest_first(d["requestOpeners"]), tails=_longest_first(d["requestTails"]),
        passive=tuple(d["passive"]), anterior=_longest_first(d["anterior"]), perfective=_longest_first(d["perfective"]),
        how_to=tuple(d["howTo"]), how_to_tails=_longest_first(d["howToTails"]),
        conditional=_longest_first(d["conditional"]), necessity=_longest_first(d["necessity"]),
        reported=_longest_first(d["reported"]), affected=_longest_first(d.get("affected", ())),
        permission=_longest_first(d.get("permission", ())),
        planned=_longest_first(d.get("planned", ())),
        fillers=_longest_first([*f["discourse"], *f["politeness"]]),
    )


def load() -> None:
    """Read the data now (stage construction), not inside a request."""
    _data()


def asks(text: str) -> bool:
    """The turn asks something: a question mark, a question particle closing a clause, or a question word."""
    d = _data()
    if any(m in text for m in d.marks) or d.words.search(text):
        return True
    return any(_trim(clause, d.fillers, end=True).endswith(d.particles) for clause in _clauses(text))


def _trim(text: str, fillers: tuple[str, ...], *, end: bool) -> str:
    """`text` without the fillers and politeness words (and spaces, pauses) at its end or start:
    …取消成功了没有 谢谢 closes on 没有; 嗯 那个 如果我取消… opens on 如果."""
    pauses = " ，,…~～、"
    while True:
        text = text.rstrip(pauses) if end else text.lstrip(pauses)
        w = next((w for w in fillers if (text.endswith(w) if end else text.startswith(w))), None)
        if w is None or len(w) == len(text):
            return text
        text = text[:-len(w)] if end else text[len(w):]


def asks_open(text: str) -> bool:
    """The turn asks an open question (a question word: 怎么, 多久, 谁, 哪), not only yes or no."""
    return _data().words.search(text) is not None


def _clauses(text: str):  # noqa: ANN202
    start = 0
    for i, ch in enumerate(text):
        if ch in _CLAUSE_BREAK:
            yield text[start:i]
            start = i + 1
    yield text[start:]


def _bounds(text: str, at: int, end: int, breaks: str) -> tuple[int, int]:
    lo = at
    while lo > 0 and text[lo - 1] not in breaks:
        lo -= 1
    hi = end
    while hi < len(text) and text[hi] not in breaks:
        hi += 1
    return lo, hi


def asked_about(text: str, at: int, end: int) -> str | None:
    """The position in which the write verb text[at:end] is asked about (passive, perfective,
    how_to, conditional, necessity, reported …), or None: it is ordered, or the turn asks nothing."""
    if not asks(text):
        return None
    d = _data()
    lo, hi = _bounds(text, at, end, _CLAUSE_BREAK)
    s_lo, s_hi = _bounds(text, at, end, _SENTENCE_BREAK)
    if _requested(text, at, end, lo, s_hi, d):
        return None
    before, after = text[lo:at], text[end:hi]
    rest = after[m.end():] if (m := _OBJECT.match(after)) else after
    if before.rstrip().endswith("的") and after[:1].isalpha() and not after.startswith(d.particles):
        return "attributive"  # 今天的派工表: the verb modifies a noun
    if any(w in before for w in d.passive):
        return "passive"
    if before.rstrip().endswith(d.anterior) or any(w in before[-4:] for w in d.anterior if len(w) > 1):
        return "anterior"
    if rest.lstrip().startswith(d.perfective) or after.startswith(d.perfective):
        return "perfective"
    if any(w in before for w in d.how_to):
        return "how_to"
    if any(w in after for w in d.how_to_tails):
        return "how_to"
    if _trim(before, d.fillers, end=False).startswith(d.conditional):
        return "conditional"
    if any(w in before for w in d.necessity):
        return "necessity"
    if any(w in before for w in d.affected):
        return "affected"  # 会不会影响任务下发: what the write would be affected by is asked
    if any(w in text[s_lo:at] for w in d.permission):
        return "permission"  # 为什么我没有权限删除工单？: who may write is asked, nothing is ordered
    if before.rstrip().endswith(d.planned) and not any(x in before for x in _DISPOSAL):  # (把…的计划取消: the plan is the object)
        return "planned"  # 今天计划下发一百二十个任务，现在完成了多少: the plan is told, its progress asked
    if any(w in text[s_lo:at] for w in d.reported) or any(w in after for w in d.reported):
        return "reported"  # 显示“请求已忽略”…; 审批流上显示… (the verb names where the record is)
    if asks(text[lo:hi]) and _objectless(text, at, lo, before, after, d):
        return "topic"  # 重启之后…恢复在线了没有, 有哪些检修安排, 这个安排还会变吗: nothing is ordered on anything
    return None


# (a destination coverb may stand before the key: 下发到ST-03 / 派去 ST-05 acts on a place)
_OBJECT_NEXT = re.compile(r"\s*(?:[到去往至给]\s*(?=[A-Za-z]{1,6}\s*-?\s*[0-9０-９]))?(?:[A-Za-z]{1,6}\s*-?\s*[0-9０-９]|全部|所有|一切|[这那這该該本此][个個台辆輛张張条條项項批些]?"
                          r"|[一二两兩三四五六七八九十几幾0-9０-９]+\s*[台臺辆輛个個张張条條项項批]"
                          r"|任务|任務|工单|工單|计划|計劃|检修|檢修|机车|機車|小车|小車|车|車|站|订单|訂單|作业|作業|修程)")
_MODAL_BEFORE = ("能", "可以", "可不可以", "能不能", "能否", "要不要", "要", "想", "帮", "幫", "给", "給", "请", "請",
                 "麻烦", "麻煩", "再", "就", "去", "来", "來", "先", "马上", "馬上", "立刻", "赶紧", "趕緊")
_ORDER_AFTER = ("一下", "下", "掉", "一次", "回来", "回來", "起来", "起來", "上", "好", "吧", "啦", "了吧", "了事")  # 重启一下吧, 取消掉: said as an order
_HOW_OFTEN = re.compile(r"多久|多长时间|多少时间|几天|几个小时|几小时|多少天|多少小时|多少分钟|隔多久|每隔")
_KEY = re.compile(r"[A-Za-z]{1,6}\d?[A-Za-z]?\s*-\s*\d")


def _objectless(text: str, at: int, lo: int, before: str, after: str, d: _Data) -> bool:
    """In a question (its own clause asks), a write verb that acts on nothing: no 把/将 in its clause, no object right
    after it (a key, a quantifier, a demonstrative, a counted group, a business object noun), no
    modal or request word right before it (能/可以/要/帮/先 …), and no key before it when only a
    question particle follows (T-… 取消吗 asks whether to do it). Such a verb names what
    happened or what is planned (重启之后, 检修安排, 还会变吗); it orders nothing."""
    if any(w in text[lo:at] for w in _DISPOSAL) or _OBJECT_NEXT.match(after) or _OBJECT.match(after) and \
            _OBJECT.match(after).group().strip():
        return False
    if _trim(before, d.fillers, end=True).rstrip().endswith(_MODAL_BEFORE):
        return False
    if after.lstrip().startswith(_ORDER_AFTER) and not (after.lstrip().startswith("一次") and _HOW_OFTEN.search(before)):
        return False  # 重启一下吧 is an order; 多久更新一次 asks how often
    closes = _trim(after, d.fillers, end=True).strip(" ？?。！!~～了") in ("", *d.particles)
    return not (closes and _KEY.search(before))


def _requested(text: str, at: int, end: int, lo: int, s_hi: int, d: _Data) -> bool:
    """A request opener right before the verb or the 把/将 of its clause, or a request tail closing its sentence."""
    stops = [at] + [lo + k for k in (text.rfind(w, lo, at) - lo for w in _DISPOSAL) if k >= 0]
    for stop in stops:
        head = text[max(lo, stop - _OPENER_GAP - 4):stop].rstrip(" ")
        for gap in ("", "一下"):
            if head.endswith(gap) and head[:len(head) - len(gap)].rstrip(" ").endswith(d.openers):
                return True
    tail = _trim(text[end:s_hi].rstrip(" ？?。！!~～"), d.fillers, end=True)
    return tail.endswith(d.tails)
