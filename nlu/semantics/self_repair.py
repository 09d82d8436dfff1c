"""Self-repair as a construction (design 7.1): marker ± filler ± punctuation, the last
explicit correction wins.

A speaker who corrects themselves says an *interjection* (呃, 诶, 噢, 哎 …), a *correction
core* (不对, 不是, 说错了, 我是说 …) or both, with or without a pause, and then the repair.
The marker is not a list of strings but a construction read from the lexicon section
``selfRepair`` of ``lexicons/cleaning.json``:

    marker := [interjection [pause]] core ([pause] core)*      pause := up to 3 of ` ，,、`

* ``markers`` are explicit cores (不对, 说错了, 更正一下): alone they count only as their own
  clause — a pause before them — so 这个数据不对吗 and 不对劲 never trigger.
* ``shortCores`` (不是, 不) are everyday words: they count only after an interjection
  (哎不是, 噢不), said twice (不不不, 不是不是) or standing between pause marks (…ST-10，不是，
  ST-01), and then only as a clause of their own
  (…，哦不，…) or when the repair restates a part of the abandoned clause (取消 T-…41 哎不是
  T-…42: ``T-…`` again), so 这个任务啊不是今天的 stays as typed.
* A long explicit or soft core (说错了, 我是说) right after a Latin letter or digit also
  counts: the change of script is a boundary (…T-2026010241我是说T-2026010242).
* An interjection or a doubled core is itself the pause: 取消T-2026010241哎不是T-2026010242
  needs no punctuation. ``gluedInterjections`` (额, 啊, 哦) are also word parts or particles
  (金额, 好啊): they open a marker only after a pause or a non-Chinese character.
* ``softMarkers`` (我是说) also fire with no pause after them when the repair clause starts
  like the abandoned one (查上月，我是说查本月).

A *typed* repair replaces one constituent (``nlu.semantics.repair_constituents``): when the
repair begins — after a lead-in such as 是 — with a constituent of the type the abandoned part
ends with (a time by a time, an identifier of one prefix, a place, a count, an action word), only that
constituent, the marker and its lead-in go: 统计本周，改成上周的报表 → 统计上周的报表, 取消 T-…01
说错了 是 T-…03 → 取消 T-…03. This reading needs no pause at all (ST-03不对ST-08), and
``typedMarkers`` (算了, 改成 — also an update verb) count only this way and never after 把/从.

Three more typed shapes (holdout-2026-12-01g):

* 不是 with a pause only after it, right after a constituent (列出 ST-03 不是，ST-13 的排队任务):
  typed only, and never when 是 or a typed blocker (才, 也) follows the new value — 今天不是，明天
  是周末 and AGV-07 不是，AGV-17 才是空闲的 are two statements.
* A filler alone (呃, 嗯 — ``interjections``, not the glued ones) between two values of one
  type and one unit (ASR 近7天 呃 近3天: 天 / 天; keys of one prefix): typed only. 今天 呃 上午
  narrows, 近7天 呃 AGV-38 goes on; in a write a filler between two objects is asked about
  (nlu.semantics.write_risk), never settled here.
* A comparison said again with a new count (至少3台，改成至少5台): the old count goes with its
  comparison word (comparison.json).

``…，不是 X，是 Y`` where X was said earlier in the sentence names the value it retracts
(查张丽负责的，不是张丽，是章丽负责的机车 → 查章丽负责的机车; 给 … 建一个 C3 修工单，不是 C3，是
C5 → 建一个修工单，C5, a write that then asks). A denied value never said before (不是今天，是
昨天报的) is a contrast said on purpose: no marker. A named repair the span map cannot place
stays as typed, and a write asks about it (nlu.semantics.write_risk).

Otherwise the abandoned part runs from the start of the sentence (or the previous repair) through the
marker, its pause and an optional lead-in (应该是, 改成); the repair must be a substantive
clause that is not a question and keeps every identifier and negation the abandoned part
had. Consecutive repairs merge, so the last correction wins. All scans are linear: one
regex pass for the markers, and each abandoned/repair clause is cut to a bounded window.
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from nlu.lexicon.word_classes import function_words
from nlu.semantics.repair_constituents import (KEY, ConstituentTyper, comparison_at, comparison_before, key_types,
                                              names_write)

_IDEO = r"\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*[-_]?\d")
_SUBSTANTIVE_RE = re.compile(f"[{_IDEO}A-Za-z0-9\u3040-\u30ff]")
_IDEO_RE = re.compile(f"[{_IDEO}]")
_CONTENT_RE = re.compile(f"[{_IDEO}0-9\u3040-\u30ff]")  # a constituent, not only Latin letters (sorry, oops)
_SENT_END = frozenset("。！？；!?;\n")
_SENT_END_RE = re.compile("[。！？；!?;\n]")
_BOUNDARY = frozenset("，,。.！!？?；;：:、 \n…~—")
_PAUSE = "[ ，,、]{0,3}"
_CLAUSE_MARKS = frozenset("，,、；;：:—…")  # a dash or an ellipsis ends a clause too (上个月——不，上季度)
_PAUSE_CHARS = frozenset(" ，,、")
REPAIR_WINDOW = 200  # longest abandoned/repair clause considered, in code points
_RESTATED_HEAD = 6  # longest verb phrase a repair says again before its new value, in code points
_NEGATION_REACH = 3  # a negation this close before a replaced constituent is part of it (不要取消)
_NAMED_VALUE = 12  # longest value a repair retracts by name (不是 X，是 Y), in code points


@dataclass(frozen=True, slots=True)
class Marker:
    start: int
    end: int
    interjection: bool  # opened by 呃/诶/噢 …
    doubled: bool  # a core said twice or more (不不不, 不对不对)
    short: bool  # its core is an everyday word (不是, 不)
    soft: bool  # 我是说: may run straight into a parallel repair clause
    text: str
    typed_only: bool = False  # 算了 / 改成: a repair only when it replaces a constituent of one type
    named: tuple[int, int] | None = None  # …，不是 X，是 Y: where X, the value it retracts by name, stands
    filler: bool = False  # a filler alone (近7天 呃 近3天): a repair only between two values of one type and unit
    paused_copula: bool = False  # ST-03 不是，ST-13: 不是 with a pause after it only — never before 是/才/也

    @property
    def strong(self) -> bool:
        """Counts as a pause of its own: no punctuation needed before it."""
        return self.interjection or self.doubled


def _own_clause(v: str, m0: int, m1: int) -> bool:
    """…，不是，… : a pause mark on both sides (not a space: 这不是 AGV-01 stays a word)."""
    return 0 < m0 and m1 < len(v) and v[m0 - 1] in _CLAUSE_MARKS and v[m1] in _CLAUSE_MARKS


def after_token(v: str, pos: int) -> bool:
    """A Latin letter or digit right before `pos`: a script change is a token boundary
    (取消 T-2026010241我是说T-2026010242)."""
    return pos > 0 and v[pos - 1].isascii() and v[pos - 1].isalnum()


def _alt(words) -> str:  # noqa: ANN001
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


class RepairGrammar:
    """The compiled construction of one lexicon section (see the module docstring), with the
    function words of the pack at `root` (None: the default pack)."""

    def __init__(self, section: dict[str, Any], root=None) -> None:  # noqa: ANN001 - a pack root, or None
        self._root = root
        words = function_words(root)
        self._question_tail = words.question_tail_particles
        self._attributive = words.one("attributive_particle")  # the particle a modifier (a time, a place) takes before its noun
        self._soft_particles = words.soft_particles
        # particles (and a closing bracket) after a repair constituent
        self._constituent_tail = " ，,。.！!？?）)】]" + "".join(self._soft_particles)
        composed = section.get("composedMarkers") or {}
        # 搞岔了, 说反了, 嘴瓢了: a light verb + a result of getting it wrong + 了 — every pair of
        # the listed parts is an explicit marker
        self.explicit = frozenset(section["markers"]) | frozenset(
            v + r + composed["suffix"] for v in composed.get("verbs", ()) for r in composed.get("results", ()))
        self.soft = frozenset(section["softMarkers"])
        self.short = frozenset(section.get("shortCores", ()))
        self.glued = frozenset(section.get("gluedInterjections", ()))
        interjections = tuple(section.get("interjections", ())) + tuple(self.glued)
        cores = self.explicit | self.soft | self.short
        core = f"(?:{_alt(cores | frozenset(section.get('typedMarkers', ())))})"
        # a core, then the same core again (不不不), or other explicit cores (不对，说错了)
        again = f"(?:{_PAUSE}(?:(?P=core)|{_alt(self.explicit | self.soft)}))*"
        inter = f"(?P<inter>{_alt(interjections)}){_PAUSE}" if interjections else "(?P<inter>)"
        # a filler alone: an interjection that is no word part (not 额/啊/哦: 金额, 好啊)
        fillers = section.get("interjections", ())
        self.filler_re = re.compile(f"(?:{_alt(fillers)})") if fillers else None
        self.marker_re = re.compile(f"(?:{inter})?(?P<core>{core}){again}")
        # the characters a marker can begin with, as one class: the regex engine skips to them
        # in C (the marker pattern itself, opening with an optional group, is tried everywhere)
        firsts = {w[0] for w in (*interjections, *cores, *section.get("typedMarkers", ()))}
        self._first = re.compile("[" + "".join(re.escape(c) for c in sorted(firsts)) + "]")
        # 还是 (…，哦不，还是 AGV-02 吧): the repair settles on a choice; the 吧 closing it is a
        # decision, not a question
        self.settling = frozenset(section.get("settlingLeadIns", ()))
        clause_leads = frozenset(section["leadIns"]) | self.settling
        self.lead_re = re.compile(f"(?:{_alt(clause_leads)})") if clause_leads else None
        self.blockers = tuple(sorted(section["blockers"], key=len, reverse=True))
        self.negations = tuple(section["negations"])
        # typed repairs (nlu.semantics.repair_constituents): the marker retracts only the
        # constituent its repair replaces
        self.typed_markers = frozenset(section.get("typedMarkers", ())) - cores
        leads = tuple(section.get("typedLeadIns", ())) + tuple(section["leadIns"]) + tuple(self.settling)
        self.typed_lead_re = re.compile(f"(?:{_alt(leads)})") if leads else None
        self.typed_blockers = tuple(section.get("typedBlockers", ()))
        self.contrast_lead = section.get("contrastLeadIn", "")
        self.pause_mark = section.get("pauseMark", "，")
        self.change_context = tuple(section.get("changeContext", ()))
        self._place_shapes = tuple(section.get("placeShapes", ()))
        self._quantity_shapes = tuple(section.get("quantityShapes", ()))
        self._constituents = None  # built on the first typed repair (most turns have none)

    # ---------------------------------------------------------------- markers
    def markers(self, v: str) -> list[Marker]:
        """Every marker the construction admits in `v`, whatever follows it (one regex pass)."""
        out = []
        short_cores = self.short
        for m in self._finditer(v):
            if isinstance(m, Marker):
                out.append(m)  # a filler alone (see `_filler_at`)
                continue
            m0, m1 = m.span()
            core = m.group("core")
            if m0 > 0 and not m.group("inter") and m.end("core") == m1 and self._copular(core) and core in short_cores:
                named = self._named_at(v, m0, m1)
                if named is not None:
                    out.append(named)
                    continue
                if m1 < len(v) and v[m1] in _CLAUSE_MARKS and v[m0 - 1] not in _CLAUSE_MARKS \
                        and not self._contrast(v, m1):
                    # 列出 ST-03 不是，ST-13 的…: after a constituent, a pause after it only —
                    # a repair only when typed (the value after the pause is of the type before
                    # it), and never a copula (…，ST-13 才是 / 是周末: two statements)
                    out.append(Marker(m0, m1, False, False, True, False, v[m0:m1], True, paused_copula=True))
                    continue
            contrast = self._contrast(v, m1)
            if m.start("core") == m0 and m.end("core") == m1 and v[m0:m1] in short_cores \
                    and not _own_clause(v, m0, m1) and not contrast:
                continue  # the usual case: a bare 不 / 不是 is a word, not a correction
            inter = m.group("inter") or ""
            tail = v[m.end("core"):m1]
            doubled = bool(tail.strip(" ，,、"))
            short = core in self.short
            if inter and inter in self.glued and m0 > 0 and v[m0 - 1] not in _BOUNDARY and _IDEO_RE.match(v[m0 - 1]):
                # 金额不对 / 好啊不是: the interjection belongs to the word before it
                if not short and m0 + len(inter) < m1:
                    m0 += len(inter)  # the bare explicit core may still count on its own
                    m0 += len(v[m0:m1]) - len(v[m0:m1].lstrip(" ，,、"))
                    inter = ""
                elif short and not doubled and not self._copular(core):
                    # 昨天哦不前天 (ASR, no pause): a bare 不 negates no noun phrase, so before a
                    # constituent of the type the word before it ends with it can only correct
                    # it — counted as a typed repair only; 今天啊不是周末 (不是: a copula) and
                    # 好啊不用了 (no constituent after it) stay as said
                    out.append(Marker(m0, m1, True, False, True, False, v[m0:m1], True))
                    continue
                else:
                    continue
            if short and not inter and not doubled and not _own_clause(v, m0, m1) and not contrast:
                continue  # a bare 不是 / 不 is a word, not a correction — unless it is a clause of its own
            out.append(Marker(m0, m1, bool(inter), doubled, short, core in self.soft and not inter, v[m0:m1],
                              core in self.typed_markers or (short and contrast and not inter and not doubled
                                                             and not _own_clause(v, m0, m1))))
        return out

    def _copular(self, core: str) -> bool:
        """不是 ends in the copula (the contrast lead-in 是): "X 不是 Y" says X is not Y."""
        return bool(self.contrast_lead) and core.endswith(self.contrast_lead)

    def _contrast(self, v: str, m1: int) -> bool:
        """不是 + a pause + 是 (昨天的工单不是 是前天的): "not that — this", a repair only when
        typed (the constituent after 是 replaces one of its type)."""
        if m1 >= len(v) or v[m1] not in _PAUSE_CHARS or self.typed_lead_re is None:
            return False
        k = m1
        while k < len(v) and v[k] in _PAUSE_CHARS:
            k += 1
        lm = self.typed_lead_re.match(v, k)
        return lm is not None and lm.group() == self.contrast_lead

    def _named_at(self, v: str, m0: int, m1: int) -> Marker | None:
        """…，不是 X，是 Y with X said earlier in the sentence (查张丽负责的，不是张丽，是章丽…):
        the repair names the value it retracts. The marker runs from 不是 through the contrast
        是; X is a few characters with no pause in them, followed by a pause. A denied value
        never said before (…，不是今天，是昨天) is an emphasis, not a retraction: no marker."""
        lead = self.contrast_lead
        if v[m0 - 1] not in _PAUSE_CHARS or not lead:
            return None
        x0 = m1
        while x0 < len(v) and v[x0] == " ":
            x0 += 1
        # X runs to a pause or to the contrast 是 (…，不是C3是C5 / 不是 C3 是 C5: no pause at all)
        x1 = x0
        while x1 < len(v) and x1 - x0 <= _NAMED_VALUE and v[x1] not in _BOUNDARY and not v.startswith(lead, x1):
            x1 += 1
        if x1 == x0 or x1 - x0 > _NAMED_VALUE or x1 >= len(v) or not (v[x1] in _PAUSE_CHARS or v.startswith(lead, x1)):
            return None
        k = x1
        while k < len(v) and v[k] in _PAUSE_CHARS:
            k += 1
        if not v.startswith(self.contrast_lead, k):
            return None
        said = v[x0:x1]
        if self._has_negation(said) or v.find(said, self._sentence_start(v, m0), m0 - 1) < 0:
            return None
        end = k + len(self.contrast_lead)
        return Marker(m0, end, False, False, True, False, v[m0:end], False, named=(x0, x1))

    @staticmethod
    def _sentence_start(v: str, pos: int) -> int:
        return max(v.rfind(c, 0, pos) for c in _SENT_END) + 1

    def _filler_at(self, v: str, i: int) -> Marker | None:
        """A filler alone (近7天 呃 近3天 AGV-38): a marker that counts only as a typed repair
        between two values of one type and unit (`_typed_span`)."""
        m = self.filler_re.match(v, i) if self.filler_re is not None else None
        if m is None or i == 0:
            return None
        return Marker(i, m.end(), True, False, True, False, m.group(), True, filler=True)

    def _finditer(self, v: str):  # noqa: ANN202
        """`marker_re.finditer(v)`, trying the pattern only where a marker can begin; a filler
        alone where no marker matches is yielded as its `Marker`."""
        pos, first, match = 0, self._first.search, self.marker_re.match
        while True:
            c = first(v, pos)
            if c is None:
                return
            m = match(v, c.start())
            if m is None or m.end() == m.start():
                filler = self._filler_at(v, c.start())
                if filler is not None:
                    yield filler
                    pos = filler.end
                    continue
                pos = c.start() + 1
                continue
            yield m
            pos = m.end()

    # ---------------------------------------------------------------- repairs
    def repair_spans(self, v: str) -> list[tuple[int, int, str]]:
        """The [start, end) ranges of `v` a self-repair abandons (merged, in order), each with
        what replaces it: nothing, or a pause where a repair leaves its head behind
        (昨天的工单不是 是前天的 → 工单，前天的)."""
        if self._first.search(v) is None:
            return []
        markers = [mk for mk in self.markers(v) if mk.start > 0]
        if not markers:
            return []
        n = len(v)
        ends = [m.start() for m in _SENT_END_RE.finditer(v)]
        spans: list[tuple[int, int, str]] = []
        last_end = 0
        for x, mk in enumerate(markers):
            i = bisect_left(ends, mk.start)
            lo = max(last_end, ends[i - 1] + 1 if i else 0)
            if mk.start - lo > REPAIR_WINDOW:
                continue  # too long to call it one abandoned clause
            # a repair clause runs up to the next marker that opens a clause of its own
            # (查AGV-02，不对，AGV-03，哦不，还是AGV-02吧): that one repairs it in turn, the last wins.
            # Not a typed-only one: 改成 may be the repair's own lead-in (…，呃不对，改成李锋)
            stop = next((m.start for m in markers[x + 1:]
                         if not m.typed_only and (m.strong or v[m.start - 1] in _BOUNDARY)), n)
            if mk.named is not None:
                cuts = self._named_span(v, mk, lo, ends, stop)
                if cuts is None:
                    continue  # unsettled: kept as typed (a write asks about it)
            else:
                cuts = self._typed_span(v, mk, lo, ends, stop)
            if cuts is None and not mk.typed_only and (
                    mk.strong or v[mk.start - 1] in _BOUNDARY or (len(mk.text) >= 3 and after_token(v, mk.start))):
                span = self._clause_span(v, mk, lo, ends, stop)
                cuts = None if span is None else [(*span, "")]
            if cuts is None:
                continue
            for s, k, rep in cuts:
                if spans and s <= spans[-1][1] and not rep and not spans[-1][2]:
                    spans[-1] = (spans[-1][0], k, "")
                elif spans and s < spans[-1][1]:
                    continue  # overlaps a replaced pause: the first reading stands
                else:
                    spans.append((s, k, rep))
                last_end = k
        return spans

    def _clause_span(self, v: str, mk: Marker, s: int, ends: list[int], stop: int) -> tuple[int, int] | None:
        """The abandoned clause (from `s`, or from where the repair restates it) through the
        marker, its pause and a lead-in — when what follows is a repair clause (up to `stop`,
        where the next repair begins)."""
        m0, m1 = mk.start, mk.end
        n = len(v)
        s0 = s  # where the sentence (or the previous repair) starts: what stays before the cut
        abandoned = v[s:m0]
        if not _SUBSTANTIVE_RE.search(abandoned) or not _CONTENT_RE.search(abandoned):
            # 。sorry打错了，10点: only Latin letters before the marker in its sentence (an apology,
            # no constituent) — what it repairs lies before the sentence; deleting the marker alone
            # would hide the repair and keep both values (the write's accounting repairs it)
            return None
        k = m1
        paused_after = k < n and v[k] in _BOUNDARY
        lead_at = -1  # where a lead-in (改成, 是) opens the repair clause, if one does
        settled = False
        if paused_after:
            while k < n and v[k] in _BOUNDARY and v[k] not in _SENT_END:
                k += 1
            if self.lead_re is not None:
                lm = self.lead_re.match(v, k)
                if lm:
                    lead_at, k = k, lm.end()
                    settled = lm.group() in self.settling
                    while k < n and v[k] in _BOUNDARY and v[k] not in _SENT_END:
                        k += 1
        elif k >= n:
            return None
        # the repair clause: up to the end of the sentence or the next repair (a bounded window)
        j = bisect_left(ends, k)
        e = min(ends[j] if j < len(ends) else n, k + REPAIR_WINDOW, max(stop, k))
        restated = self._restated_lead(v, s, m0, lead_at, k, e, paused_after or mk.strong)
        if restated is not None:
            # 改成王磊，哎不是，改成王蕾 / 去ST-05 不对不对 是去ST-06: the repair says again the
            # verb the abandoned tail began with — only that tail goes, from its verb through
            # the marker (and the contrast 是); the restated verb and what it governs now stay
            start, stop = restated
            if self._repair_clause_ok(v[start:m0], v[stop:e]):
                return start, stop
        clause = v[k:e]
        # AGV-02 去 ST-06，不是，从 ST-06 出发去 ST-02: a repair that restates only the predicate
        # leaves the key the clause opened with — its subject — standing
        # Not after a soft 我是说: AGV-01坏了，我是说真的 insists, it replaces nothing.
        if not mk.soft:
            s = self._kept_subject(v, s, m0, clause)
            abandoned = v[s:m0]
        if not self._repair_clause_ok(abandoned, clause, settled):
            return None
        parallel = _parallel_start(v, s, m0, clause)
        dropped = v[s if parallel is None else parallel:m0]
        if names_write(dropped, root=self._root) and not names_write(clause, root=self._root):
            return None  # 把 AGV-22 派到 ST-10，哦不，是 AGV-23: the write would vanish with its clause
        kc = k + len(self.contrast_lead) if self.contrast_lead and v.startswith(self.contrast_lead, k) else k
        while kc < e and v[kc].isspace():
            kc += 1  # (是 AGV-90: the contrast word before the constituent)
        if (self._only_a_constituent(v, k, e) or kc > k and self._only_a_constituent(v, kc, e)) and (
                names_write(v[s:m0], root=self._root) or names_write(v[s0:m0], root=self._root) or _moves_to_a_place(v[s:m0], self._root)):
            # (also when the write's coverb stays before the cut: 让 AGV-55 去 ST-03（哦不，AGV-10）)
            # 把 AGV-06 送到 ST-01，说错了，AGV-16: the repair says one key, the dropped part holds
            # the verb and the place too — a constituent repair the span map cannot place
            return None
        if mk.short and not paused_after and parallel is None:
            return None  # 这个任务啊不是今天的: nothing of the abandoned clause is restated
        if not paused_after and not mk.strong and not self._runs_on(mk, v, m0, k, abandoned, parallel):
            return None
        return (s if parallel is None else parallel), k

    def _kept_subject(self, v: str, s: int, m0: int, clause: str) -> int:
        """Where the abandoned clause really starts when it opens with a key (its subject) that
        the repair does not replace: the repair clause opens with no key of its own and names
        no key of that type (AGV-05 的电量，不对，位置 → AGV-05 的位置). The key, the spaces
        after it and an attributive particle stay; `s` itself otherwise."""
        i = s
        while i < m0 and v[i] in _PAUSE_CHARS:
            i += 1
        got = self._typer().at(v, i)
        if got is None or not got[0].startswith(KEY):
            return s
        kind, end = got
        while end < m0 and v[end] in _PAUSE_CHARS:
            end += 1
        if v.startswith(self._attributive, end):
            end += len(self._attributive)
        if not _SUBSTANTIVE_RE.search(v, end, m0):
            return s  # the clause was the key alone: a typed repair's business
        opening = clause.lstrip(" ，,、")
        if _ID_RE.match(opening) or kind in key_types(clause):
            return s  # the repair names a key of its own: the whole clause is replaced
        return end

    def _restated_lead(self, v: str, s: int, m0: int, lead_at: int, k: int, e: int,
                       paused: bool) -> tuple[int, int] | None:
        """The repair restates, word for word, the verb that opened the abandoned tail: a
        change verb kept as the lead-in (…改成王磊，哎不是，改成王蕾), or the words after the
        contrast 是 (…去ST-05 不对不对 是去ST-06). Returns (start of the abandoned tail, start of
        the repair clause to keep), or None. The restated head is two or more characters, or one
        right before an identifier in both places (去ST-05 … 去ST-06) — a single shared character
        alone (的, 是) is no restatement — and what is kept must change something (not the same
        words again: a stutter)."""
        if not paused:
            return None
        if lead_at >= 0:
            head = v[lead_at:k].rstrip(" ，,、")
            keep = lead_at
        else:
            j = k
            while j < e and v[j] in _PAUSE_CHARS:
                j += 1
            lm = self.typed_lead_re.match(v, j) if self.typed_lead_re is not None else None
            if lm is None or lm.group() != self.contrast_lead:
                return self._restated_verb(v, s, m0, j, e)
            keep = lm.end()
            # the restated head: what the repair says before its first identifier or pause
            stop = keep
            while stop < e and v[stop] not in _BOUNDARY and not (v[stop].isascii() and v[stop].isalnum()):
                stop += 1
            head = v[keep:stop]
        if not head or not _IDEO_RE.match(head[0]) or head in self.negations:
            return None
        at = v.rfind(head, s, m0)
        if at < 0:
            return None
        if len(head) < 2 and not (_ID_RE.match(v, at + 1) and _ID_RE.match(v, keep + 1)):
            return None
        dropped, kept = v[at:m0].rstrip(" ，,、"), v[keep:e].rstrip(" ，,。.！!")
        if not _SUBSTANTIVE_RE.search(dropped[len(head):]) or dropped == kept or not kept[len(head):].strip():
            return None  # nothing said after the verb, or the same words again (a stutter)
        return at, keep

    def _restated_verb(self, v: str, s: int, m0: int, keep: int, e: int) -> tuple[int, int] | None:
        """…改到明天，不是，改到后天: with no lead-in, the repair opens with two or more words of
        its own before a typed constituent (a time, a key, a place, a count), and the abandoned
        tail opens with the same words before a constituent of that type: the verb is said
        again with a new value. Returns (start of the abandoned tail, `keep`), or None."""
        typer = self._typer()
        stop, new = keep + 1, None
        while stop < min(e, keep + _RESTATED_HEAD) and _IDEO_RE.match(v[stop - 1]):
            new = typer.at(v, stop)
            if new is not None:
                break
            stop += 1
        if new is None:
            return None
        head = v[keep:stop]
        if len(head) < 2 or not _IDEO_RE.match(head[-1]) or any(w in head for w in self.negations):
            return None
        at = v.rfind(head, s, m0)
        old = typer.at(v, at + len(head)) if at >= 0 else None
        if old is None or old[0] != new[0] or old[1] > m0 or v[at + len(head):old[1]] == v[stop:new[1]]:
            return None  # no constituent of one type after the verb in both, or the same again
        return at, keep

    def _only_a_constituent(self, v: str, k: int, e: int) -> bool:
        """The repair clause v[k:e] is one typed constituent (a key, a time …), particles aside."""
        got = self._typer().at(v, k)
        return got is not None and not v[got[1]:e].strip(self._constituent_tail)

    def _repair_clause_ok(self, abandoned: str, clause: str, settled: bool = False) -> bool:
        """A substantive statement that keeps every identifier and negation of what it drops.
        `settled`: the clause opens with a settling lead-in (还是 … 吧), after which the soft
        particle 吧 closes a decision, not a question."""
        if not _SUBSTANTIVE_RE.search(clause) or clause.startswith(self.blockers):
            return False
        tail = clause.rstrip(" ，,.。~…")
        if tail.endswith(self._question_tail) and not (settled and tail.endswith(self._soft_particles)
                                                   and not tail[:-1].endswith(self._question_tail)):
            return False
        if _ID_RE.search(abandoned) and not _ID_RE.search(clause):
            return False
        return not (self._has_negation(abandoned) and not self._has_negation(clause))

    def _typed_span(self, v: str, mk: Marker, lo: int, ends: list[int],
                    stop: int) -> list[tuple[int, int, str]] | None:
        """The repair replaces one constituent (nlu.semantics.repair_constituents): the
        abandoned part ends with a constituent of the type the repair begins with — a time by
        a time (统计本周，改成上周的), a station by a station (ST-03不对ST-08), an action by an
        action (取消 不对 是暂停). Only that constituent, the marker and its lead-in go."""
        n = len(v)
        k = mk.end
        while k < n and v[k] in _PAUSE_CHARS:
            k += 1
        settled = False
        if self.typed_lead_re is not None:
            lm = self.typed_lead_re.match(v, k)
            if lm is not None:
                settled = lm.group() in self.settling
                k = lm.end()
                while k < n and v[k] in _PAUSE_CHARS:
                    k += 1
        typer = self._typer()
        new = typer.at(v, k)
        compared = 0  # 至少3台，改成至少5台: the comparison word the new count opens with
        if new is None:
            compared = comparison_at(v, k, self._root)
            new = typer.at(v, k + compared) if compared else None
            if new is None or new[0] != "quantity":
                return None
        kind, new_end = new
        end = mk.start
        while end > lo and v[end - 1] in _PAUSE_CHARS:
            end -= 1
        old, old_end = typer.ending_at(v, lo, end, kind), end
        if compared and old is not None and comparison_before(v, old, self._root):
            old -= comparison_before(v, old, self._root)  # the old comparison goes with its count
        if mk.filler and (old is None or not _same_unit(v, kind, old_end, new_end)
                          or names_write(v[lo:ends[bisect_left(ends, k)] if bisect_left(ends, k) < len(ends) else n], root=self._root)):
            # 近7天 呃 AGV-38, 今天 呃 上午: a filler between two different things. In a write
            # (关闭WO-…01呃WO-…10) it may as well join two objects: which one is meant is asked
            # (nlu.semantics.write_risk), never settled here
            return None
        if old is None and (end < mk.start or mk.strong) and v.startswith(self._attributive, end - len(self._attributive)) \
                and v.startswith(self._attributive, new_end):
            # 今天的，哦不是昨天的: both constituents carry the attributive 的 — the old one with
            # its 的 goes, the new one keeps its own (after a pause or an interjection only:
            # 今天的不对，昨天的对 judges the two)
            old_end = end - len(self._attributive)
            old = typer.ending_at(v, lo, old_end, kind)
        inner = None
        if old is None and not (mk.filler or mk.paused_copula) and (v[mk.end:mk.end + 1] in _PAUSE_CHARS or not mk.short):
            # 昨天的工单不是 是前天的 / AGV-01的电量，我是说AGV-10: the replaced constituent stands
            # inside the abandoned part (a bare 不是 needs the pause: 工单不是前天的 is a statement)
            inner = typer.last_of(v, lo, end, kind)
            if inner is None:
                return None
            old, old_end = inner
        if old is None or v[old:old_end] == v[k:new_end]:
            return None  # nothing replaced, or the same words again (暂停啊不暂停 asks A-or-not-A)
        # a negation (and modal) right before the replaced constituent belongs to it: 不要取消
        # 呃我是说取消 replaces 不要取消, never leaves 不要 in front of the new verb
        before = v[max(lo, old - _NEGATION_REACH):old]
        at = min((before.find(w) for w in self.negations if w in before), default=-1)
        if at >= 0 and not comparison_before(v, old, self._root):  # 不足30%，不对，20%: 不足 stays with the value
            old = old - len(before) + at
        if mk.typed_only and any(w in v[lo:old] for w in self.change_context):
            return None  # 把 … 的修程从 C4 改成 C5: the update verb, not a repair
        j = bisect_left(ends, k)
        e = min(ends[j] if j < len(ends) else n, k + REPAIR_WINDOW, max(stop, new_end))
        clause = v[k:e]
        own = clause[new_end - k:]
        cut = next((x for x, ch in enumerate(own) if ch in _CLAUSE_MARKS), len(own))
        if any(w in own[:cut] for w in self.typed_blockers):
            return None  # ST-03不对ST-08也不对: two statements, not a correction
        if mk.paused_copula and self.contrast_lead in own[:cut]:
            return None  # 今天不是，明天是周末: 不是 is the copula of the first of two statements
        if not self._repair_clause_ok(v[old:end], clause, settled):
            return None
        if inner is None:
            return [(old, k, "")]
        # the repair says only the new constituent and what linked the old one to its head
        # (前天 + 的): the head stays where it was, the repair follows it after a pause
        rest = own.rstrip(" ，,。.！!")
        head = v[inner[1]:end]
        if kind.startswith("id:") and not rest and names_write(v[lo:end], root=self._root) \
                and not names_write(head, verbs_only=True, root=self._root):
            # 把 AGV-22 派到 ST-10，哦不，是 AGV-23: the new key belongs where the old one stood,
            # which the span map cannot say (a key moved out of its place maps to the words it
            # replaced); dropping the old key alone would leave 把派到ST-10，AGV-23, a write whose
            # only verb was the construction around the key, no longer read as one. Kept as
            # typed: the write asks about the unsettled repair.
            return None
        if kind.startswith("id:") and not rest and _moves_to_a_place(head):
            # AGV-12 明天早上8点去 ST-05，说错了，是AGV-21: the mover of a move said with no verb —
            # a write the user may mean; moved behind its move (去 ST-05，AGV-21) it is no longer
            # read as one. Kept as typed: the write's accounting repairs it and asks.
            return None
        if len(rest) > 2 or not head.startswith(rest) or not _SUBSTANTIVE_RE.search(head[len(rest):]):
            return None
        return [(old, inner[1] + len(rest), ""), (end, k, self.pause_mark)]

    def _named_span(self, v: str, mk: Marker, lo: int, ends: list[int],
                    stop: int) -> list[tuple[int, int, str]] | None:
        """…，不是 X，是 Y (`_named_at`): X, said in the abandoned part, is replaced by Y — a
        constituent of its type (C3 / C5, AGV-12 / AGV-21, 本周 / 下周) or, for a value no type
        reads (a name: 张丽 / 章丽), as many ideographs. When the repair says again the words
        that followed X (章丽负责的机车 after 张丽负责的), everything from X through 是 goes;
        when it says Y alone (or with the particle that linked X to its head), X goes and the
        repair follows the abandoned part after a pause (建一个 修工单，C5: the span map keeps the
        user's order). None — the repair stays as typed, and a write asks — otherwise."""
        x0, x1 = mk.named
        said = v[x0:x1]
        n = len(v)
        end = mk.start
        while end > lo and v[end - 1] in _PAUSE_CHARS:
            end -= 1
        if v[lo:end].rstrip(" ，,").endswith(self._question_tail):
            return None  # 负责人是张丽吗，不是张丽，是章丽: an answer to a question, not a repair
        a = v.rfind(said, lo, end)
        if a < 0 or (said[0].isascii() and after_token(v, a)) or (
                said[-1].isascii() and a + len(said) < n and v[a + len(said)].isascii() and v[a + len(said)].isalnum()):
            return None  # not said as a word of its own (3 inside HXD1-0003)
        b = a + len(said)
        k = mk.end
        while k < n and v[k] in _PAUSE_CHARS:
            k += 1
        typer = self._typer()
        typed = typer.at(v, x0)
        new = typer.at(v, k)
        if typed is not None and typed[1] == x1:
            if new is None or new[0] != typed[0]:
                return None
            y_end = new[1]
        else:
            y_end = k + len(said)
            if len(said) < 2 or new is not None or not all(_IDEO_RE.match(c) for c in said + v[k:y_end]) or y_end > n:
                return None  # a name is two or more ideographs (不是的，是… retracts no word)
        if v[k:y_end] == said:
            return None  # the same value again
        j = bisect_left(ends, k)
        e = min(ends[j] if j < len(ends) else n, k + REPAIR_WINDOW, max(stop, y_end))
        own = v[y_end:e]
        cut = next((x for x, ch in enumerate(own) if ch in _CLAUSE_MARKS), len(own))
        if any(w in own[:cut] for w in self.typed_blockers) or not self._repair_clause_ok(v[a:end], v[k:e]):
            return None
        tail = v[b:end].strip(" ")
        if not tail or own.lstrip(" ").startswith(tail):
            # 查张丽负责的，不是张丽，是章丽负责的机车 → 查章丽负责的机车; 取消 T-…01，不是
            # T-…01，是 T-…02 → 取消 T-…02 (X closed the abandoned part)
            return [(a, k, "")]
        rest = own.rstrip(" ，,。.！!").strip(" ")
        head = v[b:end].lstrip(" ")
        if len(rest) > _RESTATED_HEAD or not head.startswith(rest) or not _SUBSTANTIVE_RE.search(head[len(rest):]):
            return None
        drop = b + (len(v[b:end]) - len(head)) + len(rest) if rest else b
        if names_write(v[lo:end], root=self._root) and not names_write(v[lo:a] + v[drop:end], verbs_only=True, root=self._root):
            return None  # 把 AGV-05 派到 ST-02，不是 ST-02，是 ST-04: the new key cannot stand where the old one did
        return [(a, drop, ""), (end, k, self.pause_mark)]

    def _typer(self) -> ConstituentTyper:
        if self._constituents is None:
            self._constituents = ConstituentTyper(self._place_shapes, self._quantity_shapes, self._root)
        return self._constituents

    def _runs_on(self, mk: Marker, v: str, m0: int, k: int, abandoned: str, parallel: int | None) -> bool:
        """A marker with no pause after it: a long explicit one after a pause (…，说错了查本月),
        or a soft one whose repair clause starts like the abandoned one (查上月，我是说查本月)."""
        if len(mk.text) >= 3 and (v[m0 - 1] in " ，," or after_token(v, m0)):
            return True
        if mk.text not in self.soft:
            return False
        first = next((c for c in abandoned if _SUBSTANTIVE_RE.match(c)), "")
        return bool(_IDEO_RE.match(v[k])) and v[k] == first

    def _has_negation(self, s: str) -> bool:
        return any(w in s for w in self.negations)


def _same_unit(v: str, kind: str, old_end: int, new_end: int) -> bool:
    """Two values of one type said as alternatives of one thing: keys of one prefix, or times,
    places and counts ending in one unit (近7天 / 近3天, 三车间 / 二车间) — not 今天 / 上午, a
    narrower time, nor 这周 / 周三."""
    return kind.startswith(KEY) or v[old_end - 1] == v[new_end - 1]


def _parallel_start(v: str, s: int, m0: int, clause: str) -> int | None:
    """Where the abandoned part really starts: the repair usually restates only its tail.

    "把 WO-20260312 的修程改成 C4，不对，改成 C5" repairs "改成 C4", not the whole clause: when
    the repair clause begins with words the abandoned clause also has, only the part from
    their last occurrence is dropped, so the object and context the user kept stay. None
    when the repair restates nothing of the abandoned clause.
    """
    for size in range(min(len(clause), 8), 0, -1):
        head = clause[:size]
        if not _SUBSTANTIVE_RE.match(head[0]) or head[-1] in " ，,":
            continue
        at = v.rfind(head, s, m0)
        if at >= 0:
            return at
    return None


@functools.lru_cache(maxsize=8)
def _motion(root=None) -> re.Pattern[str]:  # noqa: ANN001 - a pack root, or None: the default pack
    # lazy: the pack's data is read once, on the first repair that needs it; keeps import light
    from nlu.lexicon import load_data_file

    words = sorted(load_data_file("write_safety.json", root)["motionWords"], key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, words)) + r")\s*[A-Za-z]{1,4}-?\d")


def _moves_to_a_place(head: str, root=None) -> bool:  # noqa: ANN001 - a pack root, or None: the default pack
    """A motion word (去, 到, 前往) right before a key: the words after a mover say where it goes."""
    return _motion(root).search(head) is not None


@functools.lru_cache(maxsize=1)
def default_grammar() -> RepairGrammar:
    """The grammar of the shipped cleaning lexicon (the clean stage builds the same one)."""
    from nlu.lexicon import load_data_file  # lazy: the shipped grammar only when asked for

    return RepairGrammar(load_data_file("cleaning.json")["selfRepair"])
