"""Is a write wanted at all? (design 5.7, 8: read and write differ, a write never runs on a guess)

`write_risk` asks whether the object, parameter or date of a write is certain; the checks
here ask a step earlier whether the user orders the write at all — the intent is open:

* an A-not-A over the write verb or its modal (取不取消, 删不删除, 要不要把 … 派去), or a
  question whether a negated write still holds (T-… 不取消了吗): the user leaves the decision
  open (`undecided_write`);
* a mover and a destination with no verb at all (AGV-03去ST-05): an order to move it, or a
  question about a move under way? (`verbless_dispatch`);
* a vague verb over an object (帮我处理一下 WO-…, 把 T-… 弄一下): something is to be done
  with it, but not said what (`vague_write`);
* a long text (design 15.2) that orders a write, not one that only narrates writes
  (`long_text_orders_write`: the policy then asks for a short complete question).

Each returns the span of the words that show it, or None. They read the draft's entities and
the original text in a bounded window; the data (the modals, motion words, vague verbs and
what marks a question) is in ``lexicons/write_safety.json``. Every check first tests a cheap
precondition (a write word, an implied frame, a vague word in the text).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from nlu import draft_keys as K
from nlu.draft import Draft
from nlu.lexicon.word_classes import function_words

_MOVERS = frozenset({"vehicle", "locomotive"})
_PLACES = frozenset({"station", "location"})
_TIMES = frozenset({"time", "time_range"})  # what may stand between a mover and its motion word
# a clock the value stage did not read (今晚 19:75: no such minute) after a time said before the move
_CLOCK_SHAPE = re.compile(r"^\d{1,3}\s*分|^\d{1,3}\s*[:：]\s*\d{1,3}|^\d{1,3}\s*[点时](?:\s*\d{1,3}\s*分)?")
_OBJECTS = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})
_UNDECIDED_REACH = 16  # code points from 要不要 to the write verb it governs (要不要把 AGV-08 派去)
_VAGUE_REACH = 12  # code points between a vague verb and its object
_CLAUSE_BREAK = frozenset("，,。；;！!？?\n")
_ORDER_OPENING = frozenset("，,。；;：:\n ")  # what may stand right before a verb that opens its clause
_DISPOSAL = function_words().one("disposal_marker")  # 把
_LE = "了"  # every retraction asked (不取消了吗) has it: the precondition of that check
_DISPOSAL_REACH = 20  # code points from 把 to the verb of its disposal
_AT_END = " " + "".join(function_words().soft_particles) + "。！!"  # what may follow a vague verb that ends the turn


@dataclass(frozen=True, slots=True)
class _Data:
    undecided: tuple[str, ...]
    joiners: tuple[str, ...]
    motion: tuple[str, ...]
    origins: tuple[str, ...]  # 从 ST-06 (出发) between a mover and its destination
    departures: tuple[str, ...]
    asking: re.Pattern[str]  # a question word or particle (吗, 几点, 怎么)
    describing: re.Pattern[str]  # a description of a move made (的路线, 去过, 去了)
    vague: tuple[str, ...]
    vague_tails: tuple[str, ...]
    state_prefixes: tuple[str, ...]
    order_openers: tuple[str, ...]  # 请 / 麻烦 / 帮我: the verb after them is an order
    order_narrators: tuple[str, ...] = ()  # 可能 / 到时候: the opener after them narrates (可能要改)
    order_adverbs: tuple[str, ...] = ()  # 提前 / 尽快: between an opener and its verb (请提前改派)
    order_negations: tuple[str, ...] = ()  # 不要 / 不是 before the openers: 不要帮我改 orders nothing
    retracting: tuple[str, ...] = ()  # 不 / 别 / 不要 right before the verb of 不取消了吗
    retraction_asks: tuple[str, ...] = ()  # 了吗 / 了没 right after it
    repair_words: re.Pattern[str] = re.compile("")  # 打错了, 说错了: cleaning.json's self-repair markers


def _longest_first(words) -> tuple[str, ...]:  # noqa: ANN001
    return tuple(sorted(set(words), key=lambda w: (-len(w), w)))


def _alternation(words) -> re.Pattern[str]:  # noqa: ANN001
    return re.compile("|".join(re.escape(w) for w in _longest_first(words)))


@functools.lru_cache(maxsize=1)
def _data() -> _Data:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    d: dict[str, Any] = load_data_file("write_safety.json")
    return _Data(
        undecided=_longest_first(d["undecidedAsks"]),
        joiners=tuple(d["aNotAJoiners"]),
        motion=_longest_first(d["motionWords"]),
        origins=_longest_first(d.get("motionOrigins", ())),
        departures=_longest_first(d.get("motionDepartures", ())),
        asking=_alternation(d["askingMarkers"]),
        describing=_alternation(d["describingMarkers"]),
        vague=_longest_first(d["vagueActions"]),
        vague_tails=_longest_first(d["vagueTails"]),
        state_prefixes=_longest_first(d["vagueStatePrefixes"]),
        order_openers=_longest_first(d["orderOpeners"]),
        order_narrators=_longest_first(d.get("orderNarrators", ())),
        order_adverbs=_longest_first(d.get("orderAdverbs", ())),
        order_negations=_longest_first(d.get("orderNegations", ())),
        retracting=_longest_first(d["retractedWriteNegations"]),
        retraction_asks=_longest_first(d["retractedWriteAsks"]),
        repair_words=_alternation(load_data_file("cleaning.json")["selfRepair"]["markers"]),
    )


def load() -> None:
    """Read and check the data now (policy construction), not inside a request."""
    _data()


def undecided_write(draft: Draft) -> tuple[int, int] | None:
    """取不取消 T-… / 要不要把 AGV-08 派去 ST-02: an A-not-A over a write verb, or an A-not-A
    modal (要不要, 该不该) governing one in its clause. Returns the span of the A-not-A."""
    data, text = _data(), draft.original
    if _LE in text and (span := _retraction_asked(draft, data, text)) is not None:
        return span
    if not any(j in text for j in data.joiners):
        return None  # every A-not-A (取不取消, 要不要) has its 不/没: most turns end here
    for o0, o1 in _write_words(draft):
        verb = text[o0:o1]
        for j in data.joiners:
            # 取不取消 (the verb's first character, 不, the verb) or 取消不取消 (the whole verb
            # twice); spoken, with pauses around the joiner (取消 不 取消)
            k = _skip_spaces_back(text, o0)
            if not text.startswith(j, k - len(j)):
                continue
            k = _skip_spaces_back(text, k - len(j))
            for head in (verb[:1], verb):
                start = k - len(head)
                if start >= 0 and text.startswith(head, start):
                    return start, o1
        lo = max(0, o0 - _UNDECIDED_REACH)
        window = text[lo:o0]
        for w in data.undecided:
            k = window.rfind(w)
            if k >= 0 and not _CLAUSE_BREAK.intersection(window[k + len(w):]):
                return lo + k, o1
    return None


def _retraction_asked(draft: Draft, data: _Data, text: str) -> tuple[int, int] | None:
    """T-… 不取消了吗 / 别派了吗: a negation right before a write verb and 了 + a question right
    after it — is the write called off, or still wanted? The negation and the verb's span."""
    for o0, o1 in _write_words(draft):
        k = _skip_spaces_back(text, o0)
        neg = next((n for n in data.retracting if text.startswith(n, k - len(n))), None)
        if neg is not None and text.startswith(data.retraction_asks, o1):
            return k - len(neg), o1
    return None


def _skip_spaces_back(text: str, k: int) -> int:
    """The position before the spaces ending at `k`."""
    while k > 0 and text[k - 1] == " ":
        k -= 1
    return k


def _write_words(draft: Draft):  # noqa: ANN202
    """(o0, o1) of the write words: the pack's (protect) and the predicates of write frames a
    construction implied (派去 in 把 AGV-08 派去 ST-02), found in the original text."""
    pack_words = draft.scratch.get(K.WRITE_ACTIONS) or ()
    predicates = {f.predicate for f in draft.frames if f.write}
    if not pack_words and not predicates:
        return  # a read: nothing to look at (most turns)
    seen = set(pack_words)
    yield from sorted(seen)
    text = draft.original
    for p in predicates:
        at = text.find(p) if p else -1
        while at >= 0:
            if (at, at + len(p)) not in seen:
                yield at, at + len(p)
            at = text.find(p, at + 1)


def verbless_dispatch(draft: Draft) -> tuple[int, int] | None:
    """AGV-03去ST-05 / AGV-14嗯AGV-41去ST-09: a mover, a motion word and a destination, no verb
    of the pack in the turn and nothing asked about it (了吗, 的, 几点 …). Read on the canonical
    text, so a self-repair's abandoned part (AGV-02 去 ST-06，不是，从 ST-06 出发去 ST-02) joins
    nothing. Returns the original span from the first mover to the destination."""
    if not draft.scratch.get(K.SRL_IMPLICIT) or any(f.write for f in draft.frames):
        return None
    data, text = _data(), draft.text
    ents = sorted((_Said(e.type, *draft.to_current(e.o0, e.o1), e.o0, e.o1) for e in draft.entities),
                  key=lambda e: e.c0)
    for i, place in enumerate(ents):
        m = _mover_sent_to(ents, i, text, data)
        if m is None:
            continue
        first = ents[m]
        for e in reversed(ents[:m]):  # AGV-14嗯AGV-41去: the movers said before it
            if e.type not in _MOVERS or _CLAUSE_BREAK.intersection(text[e.c1:first.c0]):
                break
            first = e
        # a 了 of a repair word (，sorry打错了，是10点) describes no move: the repair is the accounting's
        told = data.repair_words.sub(lambda m: " " * len(m.group()), text) if data.repair_words.pattern else text
        # …去 ST-05 写串了 AGV-26 / （手滑了，8点）: a later object of a kind the move named makes what
        # stands between a repair aside — its 了 tells nothing of the move; only the move itself does
        kinds = {e.type for e in ents[ents.index(first):i + 1]}
        if any(e.c0 >= place.c1 and e.type in kinds for e in ents):
            told = told[:place.c1 + 1]  # the move and the particle right after it (去 ST-05了, 的路线)
        if data.asking.search(text) or data.describing.search(told):
            return None  # 了吗, 的路线, 几点到: a question about the move, read as one
        return first.o0, place.o1
    return None


class _Said(NamedTuple):
    """An entity where the canonical text has it (c0, c1) and where the user said it (o0, o1)."""
    type: str
    c0: int
    c1: int
    o0: int
    o1: int


def _mover_sent_to(ents: list[_Said], i: int, text: str, data: _Data) -> int | None:
    """The index of the mover ents[i] (a place) is the destination of: said right before it with
    a motion word between (AGV-03去ST-05), or before an origin said on the way (AGV-02 从 ST-06
    出发去 ST-02: 从 + place, a departure word, then the motion word). None otherwise."""
    place = ents[i]
    if place.type not in _PLACES or i == 0:
        return None
    before = ents[i - 1]
    if before.type in _TIMES or before.type == "quantity":
        # AGV-18 明天早上8点去ST-04 / AGV-07 今晚 19:75 出发去 ST-02: the time the move is for,
        # said between the mover and the motion word (a departure word may follow it); a clock the
        # value stage did not read (19点75分: 75 read as a number) stands there as its text
        j = i - 1
        while j > 0 and (ents[j].type in _TIMES or ents[j].type == "quantity"):
            j -= 1
        said = ents[j + 1:i]
        if ents[j].type not in _MOVERS or not any(e.type in _TIMES for e in said):
            return None
        gap = list(text[ents[j].c1:place.c0])
        for e in said:
            if e.type in _TIMES:
                gap[e.c0 - ents[j].c1:e.c1 - ents[j].c1] = " " * (e.c1 - e.c0)
        rest = "".join(gap).strip(" ，,")
        rest = _CLOCK_SHAPE.sub("", rest, count=1).strip(" ，,")
        for w in data.departures:
            if rest.startswith(w):
                rest = rest[len(w):].strip(" ，,")
                break
        return j if rest in data.motion else None
    if before.type in _MOVERS:
        return i - 1 if text[before.c1:place.c0].strip() in data.motion else None
    if before.type not in _PLACES or i < 2 or ents[i - 2].type not in _MOVERS:
        return None
    if text[ents[i - 2].c1:before.c0].strip() not in data.origins:
        return None
    gap = text[before.c1:place.c0].strip(" ，,")
    for w in data.departures:
        if gap.startswith(w):
            gap = gap[len(w):].strip(" ，,")
            break
    return i - 2 if gap in data.motion else None


def vague_write(draft: Draft) -> tuple[int, int] | None:
    """帮我处理一下 WO-… / 把 T-… 弄一下: a vague verb of doing (处理, 弄, 搞) as the turn's only
    predicate, with an object next to it in its clause and nothing asked — what is to be done?
    Not 待处理的工单 (a state), 处理结果 (a noun), 处理了吗 (a question). Returns the verb's span."""
    if not draft.scratch.get(K.SRL_IMPLICIT) or any(f.write for f in draft.frames):
        return None
    data, text = _data(), draft.original
    hit = next(((k, w) for w in data.vague if (k := text.find(w)) >= 0), None)
    if hit is None or data.asking.search(text):
        return None
    k, w = hit
    end = k + len(w)
    if text.endswith(data.state_prefixes, 0, k):
        return None  # 待处理 / 已处理 / 正在处理: a state
    rest = text[end:]
    tail = next((t for t in data.vague_tails if rest.startswith(t)), "")
    after = end + len(tail)
    at_end = not text[after:].strip(_AT_END)
    objs = [e for e in draft.entities if e.type in _OBJECTS]
    near = any(0 <= e.o0 - after <= _VAGUE_REACH and not _CLAUSE_BREAK.intersection(text[after:e.o0]) for e in objs) or \
        any(0 <= k - e.o1 <= _VAGUE_REACH and not _CLAUSE_BREAK.intersection(text[e.o1:k]) for e in objs)
    if not near or not (tail or at_end or any(e.o0 == after or text[after:e.o0].isspace() for e in objs)):
        return None
    return k, end


def long_text_orders_write(draft: Draft) -> bool:
    """A long text orders a write: an imperative pack write word (protect: 请取消…, 把…删除), or
    — where the semantic stages ran because no pack word was imperative — an unnegated write
    frame whose predicate opens a clause or follows a request word (先说结论：派 AGV-12 去
    ST-03, 麻烦给 HXD1-0070 建一张工单), or whose 把 does (请把 T-… 取消掉); not one narrated
    mid-clause (食堂下周开始调整开饭时间, 班组建议把充电时间往后挪). Asked only of long texts."""
    text = draft.original
    imperative = draft.scratch.get(K.IMPERATIVE_WRITES)
    if imperative and any(_after_opener(text, o0, _data()) is not False for o0, _o1 in imperative):
        # protect found an imperative write word, so the semantic stages did not run: nothing
        # is routed, and asking is the only safe answer (even where its test, reaching back to
        # a 把 of an earlier clause, took a narrated verb for an order) — unless every one is
        # a narrating word's (客户说可能要取消 T-…, 据说要取消: told, not ordered)
        return True
    for p in {f.predicate for f in draft.frames if f.write and not f.negated and f.predicate}:
        at = text.find(p)
        while at >= 0:
            if orders_at(text, at, at + len(p)):
                return True
            at = text.find(p, at + 1)
    return False


def orders_at(text: str, at: int, end: int | None = None, *, through_disposal: bool = True) -> bool:
    """A verb at `at` (ending at `end`) is said as an order: it opens its clause, follows a
    request or modal word (请, 麻烦, 你, 要 — also across an adverb: 请提前改派; not one a narrating
    word opens: 可能要改, 到时候再调整), has an identifier right after it (…取消 T-…), or the
    把 of its clause does. Erring towards an order: a long text's order is asked about."""
    data = _data()
    if at == 0 or text[at - 1] in _ORDER_OPENING:
        return True
    opened = _after_opener(text, at, data)
    if opened is not None:
        return opened  # 请取消 …: ordered; 可能要取消 T-…: told, even with its object after it
    if end is not None and _KEY_AFTER.match(text, end):
        return True
    if not through_disposal:
        return False
    k = text.rfind(_DISPOSAL, max(0, at - _DISPOSAL_REACH), at)
    return k >= 0 and not _CLAUSE_BREAK.intersection(text[k:at]) and orders_at(text, k, through_disposal=False)


def _after_opener(text: str, at: int, data: _Data) -> bool | None:
    """True: an order opener right before `at`, or before an adverb before it (请提前改派);
    False: the opener is a narrating word's (客户说可能要改时间, 到时候再调整: what may or will
    be done, told); None: no opener before the verb."""
    narrated = None
    for stop in (at, *(at - len(a) for a in data.order_adverbs if text.endswith(a, 0, at))):
        opener = next((o for o in data.order_openers if text.endswith(o, 0, stop)), None)
        if opener is None:
            continue
        if not text.endswith(data.order_narrators, 0, stop - len(opener)):
            return not _negated_request(text, stop - len(opener), data)
        narrated = False
    return narrated


def negated_order(text: str, at: int) -> bool:
    """The verb at `at` is called off by a negation before it or before its request words
    (不要取消, 别再派, 不是要你直接建, 不要帮我改)."""
    return _negated_request(text, at, _data())


def _negated_request(text: str, k: int, data: _Data) -> bool:
    """The request words before text[k:] are themselves negated: walking back over a few more
    openers and adverbs (不是 | 要 | 你 | 直接建, 不 | 要 | 帮我改), a negation closes what is left."""
    for _ in range(3):
        word = next((w for w in (*data.order_openers, *data.order_adverbs) if text.endswith(w, 0, k)), None)
        if word is None:
            break
        k -= len(word)
    return text.endswith(data.order_negations, 0, k)


_KEY_AFTER = re.compile(r" *[A-Za-z]{1,6}[-_]?[0-9]")  # an identifier right after the verb: its object
