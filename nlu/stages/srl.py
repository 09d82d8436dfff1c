"""Stage `srl`: one semantic frame per action, with its arguments (design 5.6, 6.5, 7.7).

Each pack action word opens a frame (predicate = the word, action class and `write` from
the pack). Entities, resolved pronouns, presentation words, instruments (用/使用/拿 …) and
state conditions are attached to the frame of their clause; comparators (不少于 → gte …)
to the value they govern, 之间 as a `range`, 除了/除外 as an `exception`. A negation right
before the action negates the frame (不要取消 T-…); one before 负责/在 belongs to the
relation, not to the frame. A data question without an action word (全年检修报表, AGV 现在
几个在线) gets one implicit, lower-confidence 查询 frame so that no count, time or condition
is left loose. Its class follows the question's shape: 几/多少 → count (哪几 asks which:
a query), A 和 B 哪个…多 → compare, a yes/no question on a counted threshold → count.
A create that arranges a later action of its clause (安排 … 检查 HXD1-0001) takes that
action's arguments; the later verb is its content, not a second frame. A place right after
a resultative (改成 ST-09) is the target. A clause 不要 X 的 after a query is an exception;
a value measuring a named attribute (电量低于 20%) is a condition.

Flags: `write_without_object` (a write with no object entity and no resolved pronoun),
`missing_action` (entities, but no action, question, template or attribute word).
"""
from __future__ import annotations

import re
import threading
from bisect import bisect_left, bisect_right

from nlu.draft import Argument, Draft, Frame
from nlu.draft_keys import ASKED_WRITES, DATA_SPANS, DEADLINE, SRL_IMPLICIT, WRITE_ACTIONS
from nlu.lexicon import Pack, default_pack, load_data_file
from nlu.lexicon.word_classes import alternation, function_words, implied_action_words
from nlu.pipeline.stage import Stage
from nlu.semantics import asked_write, cues
from nlu.semantics.anchors import Anchor, anchors
from nlu.semantics.comparators import governed_values
from nlu.semantics.constructions import (implied_actions, moves_to, not_a_predicate, open_resultative, quoted,
                                         retimed_through_owner, sent_nothing, view_change_is_update)
from nlu.semantics.write_intent import orders_at
from nlu.semantics.write_uses import compile_for, load_rules as load_write_rules, state_use

from nlu.semantics.comparators import excepting_word
from nlu.text.word_matcher import boundary_filter
from nlu.semantics.question_shapes import load_rules, asks_how_many, compares_counts, counts
from nlu.semantics.questions import asks_comparison, asks_threshold_count
from nlu.semantics.modality import modality_of
from nlu.semantics.negation import negation_before
from nlu.semantics.referring import referring_patterns
from nlu.semantics.templates import template_rules
from nlu.semantics.view import SentenceView, Word, sentence_view
from nlu.text.vocabulary import vocabulary
from nlu.text.wordscan import WordScanner

OBJECT_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})
PLACE_TYPES = frozenset({"location", "organization"})
STATE_TERM_CATEGORIES = frozenset({"vehicle_state", "locomotive_state", "task_state", "work_order_state"})
MAX_INSTRUMENT = 8
IMPLICIT_CONFIDENCE = 0.6
_MERGE_ROLES = frozenset({"actor", "patient", "target", "condition", "location"})


class SrlWords:
    """The word classes the stage reads from one pack (lexicons/function_words.json,
    implied_actions.json): read once per pack (`srl_words`), never at import or per call."""

    __slots__ = ("state_words", "implied_query", "result_ends", "excluding", "clause_tail", "echo_words",
                 "echo_tails", "echo_tail_chars", "bare_fillers", "list_words")

    def __init__(self, pack: Pack) -> None:
        words, implied = function_words(pack.root), implied_action_words(pack.root)
        self.state_words = frozenset(words.state_words)
        #: the predicate of the implicit frame (查询), also the word route inserts
        self.implied_query = implied.one("implied_query_predicate")
        self.result_ends = frozenset(words.result_complements)  # 改成 / 改为 + X: X is the result (target)
        self.excluding = frozenset(words.excluding_negations)
        self.clause_tail = "".join(words.clause_tail)
        self.echo_words = tuple(sorted(implied.echo_confirmations, key=len, reverse=True))
        self.echo_tails = tuple(sorted((*implied.disposal_perfectives, "一下", "下"), key=len, reverse=True))
        self.echo_tail_chars = "".join(self.echo_tails)
        # What a bare "time + identifier" may hold besides its mentions: particles and discourse fillers.
        self.bare_fillers = WordScanner((w, w) for w in words.bare_fillers)
        # a list is a presentation word that asks for no chart or table (柱状图 does)
        self.list_words = frozenset(words.list_presentation)


_BY_PACK: dict[int, tuple[Pack, SrlWords]] = {}  # id(pack) -> (pack, its words)
_LOCK = threading.Lock()


def srl_words(pack: Pack | None = None) -> SrlWords:
    """The stage's word classes of `pack` (default: the default pack), built once per pack object."""
    pack = pack or default_pack()
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    with _LOCK:
        got = _BY_PACK.get(id(pack))
        if got is None or got[0] is not pack:
            got = _BY_PACK[id(pack)] = (pack, SrlWords(pack))
        return got[1]


def __getattr__(name: str) -> object:
    """`IMPLIED_QUERY` and `STATE_WORDS` of the default pack, read when first asked for (not at
    import); a stage reads its own pack's (`srl_words(pack)`)."""
    if name == "IMPLIED_QUERY":
        return srl_words().implied_query
    if name == "STATE_WORDS":
        return srl_words().state_words
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class SrlStage(Stage):
    name = "srl"
    capability = "srl"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        load_rules()
        load_write_rules()
        asked_write.load()
        self.instruments = load_data_file("instruments.json", self.pack.root)
        counted = load_data_file("presentation.json", self.pack.root).get("countedHeads")
        self._counted_heads = tuple(counted["heads"]) if counted else ()
        # 列个表 / 画张图: compiled once per pack; searched only when a head character is in the text
        self._counted = re.compile(
            rf"(?:{alternation(counted['verbs'])})(?:{alternation(counted['classifiers'])})"
            rf"(?P<head>{alternation(counted['heads'])})(?=$|[^\u4e00-\u9fff]|{alternation(counted['closers'])})"
        ) if counted else None
        self.rules = template_rules(self.pack)
        self._w = srl_words(self.pack)

    def warm_up(self) -> None:
        """Compile the state-use rules of every write verb of the pack (`write_uses.compile_for`)."""
        compile_for(a.word for a in self.pack.actions if a.write)

    def run(self, draft: Draft) -> str | None:
        view = sentence_view(draft, self.vocab)
        sw = self._w
        actions = [a for a in view.actions if not not_a_predicate(view, a)]
        actions = sorted(actions + [w for w in implied_actions(view) if not quoted(view.text, w.c0)],
                         key=lambda w: w.c0)
        actions = _arranged(view, actions)
        frames: list[Frame] = []
        positions: list[int] = []
        for a in actions:
            lo, _ = view.clause_span(a.c0)
            neg = negation_before(view, a.c0, lo, through_coverb=True)
            cls, write = a.data.action_class, bool(a.data.write)
            if cls == "change_view" and view_change_is_update(view, a):
                cls, write = "update", True  # 把 WO-… 的负责人换成刘洋: an attribute changed, not a view
            if cls == "count" and (_presented(view, a, sw) or _chart_after(view, sw, a.c1)):
                # 汇总成饼图 / 汇总上周故障，做成柱状图: the grouped view is asked, not a number
                cls = "query"
            elif cls == "explain" and view.presentation and _chart_after(view, sw, a.c1, view.clause_span(a.c0)[1]):
                # 失败原因分布饼图: the causes are the chart's categories — the chart is asked, not a why
                cls = "query"
            frames.append(Frame(a.text, cls, [], neg is not None, modality_of(view, a.c0, lo),
                                0.9, write))
            positions.append(a.c0)
        # (a long text's writes are judged by their narration, below: design 15.2)
        data = draft.scratch.get(DATA_SPANS) or ()
        # a write frame inside the user's pasted material is the material's: not a frame of the request
        pasted = {id(f) for f, a in zip(frames, actions) if f.write and _inside(draft.to_original(a.c0, a.c1), data)}
        asked = _asked_writes(view, frames, actions, draft) if draft.gate != "long" else \
            _data_writes(frames, actions, draft.scratch.get(WRITE_ACTIONS) or (), data, draft)
        # a write word in a state use (取消 C3 修 这个决定是谁做的, 没有取消成功吗: the lexicon's
        # rules) opened no frame and orders nothing: it is not an order the accounting must explain
        asked = list(asked) + [draft.to_original(w.c0, w.c1) for w in view.actions
                               if getattr(w.data, "write", False) and state_use(view, w) is not None]
        if asked:
            draft.scratch[ASKED_WRITES] = list(dict.fromkeys(map(tuple, asked)))
        if draft.gate == "long":
            # design 15.2: in a long text only a write said as an order is one (先说结论：派 …,
            # 请把 … 取消); one narrated mid-clause (食堂下周开始调整开饭时间, 培训安排在周四) is
            # told, not ordered — it neither routes to an operation nor asks for a short order
            for frame, pos in zip(frames, positions):
                if frame.write and not orders_at(view.text, pos, pos + len(frame.predicate)):
                    frame.write = False
        implicit = False
        if not frames:
            if not (self._is_question(view) or draft.relations or self._has_state(draft, view)):
                if not view.mentions:
                    return None
                if _bare(view, sw):  # 昨天 AGV-01: nothing is asked about the object
                    draft.raise_flag("missing_action")
                    return None
                # 今天要进一车间的机车 / HXD1-0001 修程: objects + an attribute or condition ask implicitly
            # 几/多少 count only in a how-many shape (几台, 多少趟, 车辆数), not 第几股道 / 几点 / 哪几台
            count = asks_how_many(view.text) or \
                any("count" in w.data and counts(view.text, w.c0, w.c1) for w in view.triggers) or \
                asks_threshold_count(view, governed_values(view))
            if count and _chart_after(view, sw, 0):  # 今年每个月大修数量的折线图: a chart of counts is asked
                count = False
            if count and self.rules.asks_measured_value(view):  # 平均电量多少: a value is read, nothing counted
                count = False
            cls = "compare" if asks_comparison(view) or compares_counts(view.text) else "count" if count else "query"
            confidence = IMPLICIT_CONFIDENCE if not draft.relations or self._is_question(view) else 0.5
            frames.append(Frame(sw.implied_query, cls, [], False, None, confidence, False))
            positions.append(0)
            implicit = True
        draft.scratch[SRL_IMPLICIT] = implicit

        args: list[list[tuple[int, Argument]]] = [[] for _ in frames]
        clauses = [view.clause_of(p) for p in positions]

        def add(pos: int, arg: Argument) -> None:
            args[self._frame_for(view, positions, clauses, pos, implicit)].append((pos, arg))

        consumed: set[str] = set()
        for g in governed_values(view):
            ids = [m.id for m in g.mentions]
            if g.comparator == "between":
                role = "range"
            elif g.comparator == "except":
                role = "exception"
            else:
                role = {"quantity": "quantity", "amount": "amount"}.get(g.mentions[0].type, "time")
            spans = [(m.c0, m.c1) for m in g.mentions] + [(g.word.c0, g.word.c1)]
            add(g.mentions[0].c0, Argument(role, ids, None, g.comparator, None, self._evidence(draft, spans)))
            consumed.update(ids)

        deadline = draft.scratch.get(DEADLINE)
        if deadline is not None:
            deadline.check()  # frames found; the arguments of a long text are the other half
        # 改成 ST-09 / (AGV-09) 回 ST-01 待命: the place right after a result or a move is the target
        result_ends = {a.c1 for a in actions if a.text[-1:] in sw.result_ends or moves_to(a, view.pack)}
        any_write = any(f.write for f in frames)  # asked per anchor below: once, not per anchor
        for anc in anchors(draft, view):
            if anc.entity_id is not None and anc.entity_id in consumed:
                continue
            excl = self._excluded(view, anc, any_write)
            if excl is not None:  # HXD1-0001 的记录，不要 C1修的
                ids = [anc.entity_id] if anc.entity_id else None
                add(anc.c0, Argument("exception", ids, anc.literal, "except", None,
                                     self._evidence(draft, [(excl.c0, excl.c1), (anc.c0, anc.c1)])))
                continue
            role, negated = self._role(view, anc, positions, implicit, result_ends)
            ids = [anc.entity_id] if anc.entity_id else None
            add(anc.c0, Argument(role, ids, anc.literal, None, negated, self._evidence(draft, [(anc.c0, anc.c1)])))

        for w in view.presentation:
            add(w.c0, Argument("presentation", None, w.text, None, None, self._evidence(draft, [(w.c0, w.c1)])))
            shown = _presented_read(frames, positions, w, implicit)
            if shown is not None:  # 上季度故障统计，用饼图: the chart shows the earlier read
                args[shown].append((w.c0, Argument("presentation", None, w.text, None, None,
                                                   self._evidence(draft, [(w.c0, w.c1)]))))
        for c0, c1 in self._counted_presentations(view):
            add(c0, Argument("presentation", None, view.text[c0:c1], None, None, self._evidence(draft, [(c0, c1)])))
        for span, literal in self._instruments(view):
            add(span[0], Argument("instrument", None, literal, None, None, self._evidence(draft, [span])))
        for span, literal in self._states(draft, view):
            word = excepting_word(view, span)  # 失败的不算 / 不含已取消的: the state is excluded
            if word is not None:
                add(span[0], Argument("exception", None, literal, "except", None,
                                      self._evidence(draft, [span, (word.c0, word.c1)])))
            else:
                add(span[0], Argument("condition", None, literal, None, None, self._evidence(draft, [span])))

        for frame, items in zip(frames, args):
            items.sort(key=lambda x: x[0])
            frame.arguments = _merge([a for _, a in items])
        if not implicit and len(frames) >= 2:
            _carry_objects(draft, view, frames, positions, sw)
        draft.frames.extend(f for f in frames if id(f) not in pasted)

        for frame, a in zip(frames, actions if not implicit else []):
            if frame.write and not frame.negated and open_resultative(view, a):
                draft.raise_flag("write_without_object")  # 把 … 改成 (to what?): the result is missing
            elif frame.write and not frame.negated and getattr(a.data, "object_unsaid", False):
                draft.raise_flag("write_without_object")  # 把所有车派到 ST-03: which ones?
            elif frame.write and not frame.negated and frame.action_class == "create" and \
                    sent_nothing(view, a.c1, view.clause_span(a.c0)[1]):
                draft.raise_flag("write_without_object")  # 下发到 ST-09: dispatch what?
            elif frame.write and not frame.negated and frame.action_class == "update" and retimed_through_owner(view, a):
                draft.raise_flag("write_without_object")  # 把 AGV-03 的任务改到明天: which of its tasks?
        for frame in frames:
            if frame.write and not frame.negated and not self._has_object(frame):
                draft.raise_flag("write_without_object")
            elif frame.write and not frame.negated and frame.predicate[-1:] in sw.result_ends and \
                    frame.action_class == "update" and not any(a.role == "patient" for a in frame.arguments):
                draft.raise_flag("write_without_object")  # 改成 C5修: the new value, but changed on what?
            elif frame.write and not frame.negated and self._only_excepted(frame):
                draft.raise_flag("write_without_object")  # 除AGV-10外都派去ST-06: which ones, then?
        return None

    # ------------------------------------------------------------------ frame choice
    @staticmethod
    def _frame_for(view: SentenceView, positions: list[int], clauses: list[int], pos: int, implicit: bool) -> int:
        if implicit or len(positions) == 1:
            return 0
        # positions are in reading order, so their clauses are too: bisect, not a scan per argument
        clause = view.clause_of(pos)
        lo, hi = bisect_left(clauses, clause), bisect_right(clauses, clause)
        if lo < hi:  # frames in the argument's clause: the last one before it, else the first
            k = bisect_right(positions, pos, lo, hi) - 1
            return k if k >= lo else lo
        k = bisect_right(positions, pos) - 1
        return k if k >= 0 else 0

    # ------------------------------------------------------------------ roles
    def _excluded(self, view: SentenceView, anc: Anchor, any_write: bool) -> Word | None:
        """A clause of its own, 不要 + X (+ 的), after an earlier clause of a non-write frame."""
        if any_write:
            return None
        lo, hi = view.clause_span(anc.c0)
        if lo == 0:
            return None
        text = view.text
        k = view.last_negation_index(anc.c0)
        neg = view.negations[k] if k >= 0 else None
        if neg is None or neg.text not in self._w.excluding or neg.c0 < lo or text[lo:neg.c0].strip() or \
                not view.blank(neg.c1, anc.c0):
            return None
        if text[anc.c1:hi].strip(self._w.clause_tail):
            return None
        return neg

    def _role(self, view: SentenceView, anc: Anchor, positions: list[int], implicit: bool,
              result_ends: set[int] = frozenset()) -> tuple[str, bool | None]:
        t = anc.type
        if t in ("time", "time_range"):
            return "time", None
        if t == "quantity":
            return "quantity", None
        if t == "amount":
            return "amount", None
        prev = self._cue_before(view, anc.c0)
        lo, _ = view.clause_span(anc.c0)
        if prev is not None and prev.kind == cues.GIVE:
            return "target", None
        if prev is not None and prev.kind == cues.DEST and (t in PLACE_TYPES or t == "station"):
            return "target", (True if negation_before(view, prev.c0, lo) else None)
        k = anc.c0
        while k > 0 and view.text[k - 1].isspace():
            k -= 1
        if k in result_ends and k > lo:  # 改成 ST-09 / 改为 C5: the result of the change
            return "target", None
        if prev is not None and prev.kind in (cues.AT, cues.ORIGIN) and (t in PLACE_TYPES or t == "station"):
            neg = negation_before(view, prev.c0, lo) if prev.kind == cues.AT else None
            return "location", (True if neg else None)
        if t == "person":
            acting = not implicit and any(view.clause_of(p) == view.clause_of(anc.c0) and anc.c1 <= p for p in positions)
            return ("actor" if acting else "condition"), None
        if t in PLACE_TYPES:
            return "location", None
        if t in OBJECT_TYPES:
            return "patient", None
        return "condition", None

    @staticmethod
    def _cue_before(view: SentenceView, pos: int) -> Word | None:
        k = view.last_cue_index(pos)
        if k < 0:
            return None
        w = view.cues[k]
        return w if view.blank(w.c1, pos) else None

    # ------------------------------------------------------------------ literals
    def _counted_presentations(self, view: SentenceView):
        """列个表, 画张图: the counted bare head a view-making verb makes is the presentation —
        unless a presentation word of the pack already covers it (列个表格)."""
        text = view.text
        if self._counted is None or not any(h in text for h in self._counted_heads):
            return
        for m in self._counted.finditer(text):
            c0, c1 = m.span("head")
            if not any(p.c0 < c1 and c0 < p.c1 for p in view.presentation):
                yield c0, c1

    def _instruments(self, view: SentenceView):
        """用/使用/拿 + a short noun phrase before the next action, entity, cue or punctuation."""
        text = view.text
        stops = sorted([w.c0 for w in view.actions] + [m.c0 for m in view.mentions]
                       + [w.c0 for w in view.cues] + [w.c0 for w in view.presentation])
        for w in view.cues:
            if w.kind != cues.INSTRUMENT:
                continue
            if any(a.c0 < w.c1 and w.c0 < a.c1 for a in view.actions):  # 用饼图 is an action word
                continue
            start = w.c1
            while start < len(text) and text[start].isspace():
                start += 1
            if any(p.c0 == start for p in view.presentation):
                continue  # 用 + a presentation word: the presentation role covers it
            end = next((s for s in stops if s > start), len(text))
            for i in range(start, end):
                if not ("\u4e00" <= text[i] <= "\u9fff" or text[i].isalnum()):
                    end = i
                    break
            head = self._instrument_head(text, start, end)
            if head is not None:
                end = head
            literal = text[start:end].strip()
            if 0 < len(literal) <= MAX_INSTRUMENT:
                yield (start, start + len(literal)), literal

    def _instrument_head(self, text: str, start: int, end: int) -> int | None:
        """End of the instrument noun: the first word boundary after a head (表, 仪, 器, 扳手 …)
        between `start` and `end` (万用表 | 检测), or None."""
        heads = self.instruments
        bf = boundary_filter(self.pack)
        for word in heads["headWords"]:
            k = text.find(word, start, end)
            if k >= 0 and bf.at_boundaries(text, start, k + len(word)):
                return k + len(word)
        for i in range(start + 1, end + 1):
            if text[i - 1] in heads["headChars"] and bf.at_boundaries(text, start, i):
                return i
        return None

    def _states(self, draft: Draft, view: SentenceView):
        seen: set[tuple[int, int]] = set()
        state_words = self._w.state_words
        for w in view.cues:
            if w.kind == cues.ATTRIBUTE and w.text in state_words:
                seen.add((w.c0, w.c1))
                yield (w.c0, w.c1), w.text
        for t in draft.terms:
            if not t.confirmed or not t.term_code:
                continue
            try:
                category = self.pack.term(t.term_code).category
            except KeyError:
                continue
            if category in STATE_TERM_CATEGORIES:
                c0, c1 = draft.to_current(t.o0, t.o1)
                if not any(c0 < b and a < c1 for a, b in seen):
                    yield (c0, c1), t.canonical_text or view.text[c0:c1]

    @staticmethod
    def _is_question(view: SentenceView) -> bool:
        return (any(w.kind in (cues.QUESTION, cues.ATTRIBUTE) for w in view.cues)
                or any(any(t != "operation" for t in w.data) for w in view.triggers)
                or bool(view.presentation))

    def _has_state(self, draft: Draft, view: SentenceView) -> bool:
        return any(True for _ in self._states(draft, view))

    @staticmethod
    def _only_excepted(frame: Frame) -> bool:
        """The write names objects only as exceptions (除 AGV-10 外都派去 ST-06, 除了 T-… 其余全部取消):
        what it acts on is "all the others", a set nobody named — never a write to guess."""
        return any(a.role == "exception" and a.entity_ids for a in frame.arguments) and \
            not any(a.role == "patient" and a.entity_ids for a in frame.arguments)

    @staticmethod
    def _has_object(frame: Frame) -> bool:
        return any(a.role in ("patient", "target") and (a.entity_ids or a.literal) for a in frame.arguments)

    @staticmethod
    def _evidence(draft: Draft, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [draft.to_original(a, b) for a, b in sorted(spans)]


_CARRIED_TYPES = frozenset({"vehicle", "locomotive"})  # a topic a chain of clauses is said about
_OBJECT_KINDS = frozenset({"vehicle", "locomotive", "task", "work_order", "station", "location"})


def _carry_objects(draft: Draft, view: SentenceView, frames: list[Frame], positions: list[int], words: SrlWords) -> None:
    """A write frame with no object of its own that continues an earlier write of the turn takes
    that write's object, so it is not read as a write on nothing:

    * an echo (把 WO-… 关闭掉 嗯 对 关闭): the same verb again with only confirmation words and
      pauses between — one order, said twice;
    * a topic chain (AGV-06 暂停接单，先回充电桩充电): the turn opens with one mover as its topic,
      the first write is about it, and a later clause names no object of its own — its subject
      is still the topic (not 取消 T-…，再新建一个: T-… is an object after its verb, no topic).
    """
    text = view.text
    writes = [(k, f, pos) for k, (f, pos) in enumerate(zip(frames, positions)) if f.write and not f.negated]
    if len(writes) < 2:
        return
    first_k, first, first_pos = writes[0]
    topic = view.mentions[0] if view.mentions else None
    is_topic = topic is not None and topic.type in _CARRIED_TYPES and topic.c1 <= first_pos and \
        any(topic.id in (a.entity_ids or ()) for a in first.arguments if a.role == "patient") and \
        not any(m.type in _CARRIED_TYPES and m.id != topic.id for m in view.mentions)
    for (pk, prev, ppos), (k, f, pos) in zip(writes, writes[1:]):
        if SrlStage._has_object(f) or not SrlStage._has_object(prev):
            continue
        carried = None
        g0 = ppos + len(prev.predicate)
        gap = list(text[g0:pos])
        own = {i for a in prev.arguments for i in (a.entity_ids or ())}
        for m in view.mentions:  # 关闭 WO-…，对，关闭: the first order's own object may stand between
            if m.id in own and g0 <= m.c0 and m.c1 <= pos:
                gap[m.c0 - g0:m.c1 - g0] = " " * (m.c1 - m.c0)
        core = "".join(gap).strip(" \t，,。、…~～")
        for t in words.echo_tails:
            if core.startswith(t):
                core = core[len(t):]
                break
        while True:
            core = core.strip(" \t，,。、…~～")
            w = next((w for w in words.echo_words if core.startswith(w)), None)
            if w is None:
                break
            core = core[len(w):]
        rest = text[pos + len(f.predicate):view.clause_span(pos)[1]].strip(" \t，,。！!~～" + words.echo_tail_chars)
        if not core and f.predicate in prev.predicate + text[ppos + len(prev.predicate):ppos + len(prev.predicate) + 1] \
                and not rest:
            carried = [a for a in prev.arguments if a.role in ("patient", "target")]
        elif is_topic and view.clause_of(pos) > view.clause_of(first_pos):
            lo, hi = view.clause_span(pos)
            if not any(lo <= m.c0 < hi and m.type in _OBJECT_KINDS for m in view.mentions):
                carried = [Argument("patient", [topic.id], None, None, None,
                                    SrlStage._evidence(draft, [(topic.c0, topic.c1)]))]
        if carried:
            f.arguments = _merge([*carried, *f.arguments])




def _bare(view: SentenceView, words: SrlWords) -> bool:
    """Only mentions, pronouns, class nouns (AGV, 机车), fillers and punctuation: nothing is asked.
    Any other domain word is an attribute (修程, 电量) and asks about the object."""
    covered = bytearray(len(view.text))
    class_nouns = referring_patterns(view.pack).class_nouns
    spans = [(m.c0, m.c1) for m in view.mentions] + [(w.c0, w.c1) for w in view.domain_words if w.text.upper() in class_nouns] + \
        [(w.c0, w.c1) for w in view.pronouns] + [(m.start, m.end) for m in words.bare_fillers.scan(view.text)]
    for a, b in spans:
        covered[a:b] = b"\x01" * (b - a)
    # a Latin token no word of the pack reads (T-… qx, AGV-05 zt): shorthand nobody can expand —
    # it asks for nothing the layer understands, so the object stands alone (a known word, an
    # action, a trigger or a domain word, is read by its own branch and is never here)
    known = [(w.c0, w.c1) for w in (*view.actions, *view.triggers, *view.domain_words, *view.weak_domain_words,
                                    *view.explicit_words, *view.presentation, *view.cues, *view.negations,
                                    *view.comparisons)]
    for m in _LATIN_TOKEN.finditer(view.text):
        a, b = m.span()
        if not any(covered[a:b]) and not any(c0 < b and a < c1 for c0, c1 in known):
            covered[a:b] = b"\x01" * (b - a)
    return all(covered[i] or not (ch.isalnum()) for i, ch in enumerate(view.text))


_LATIN_TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z]{1,4}(?![A-Za-z0-9_-])")  # a short Latin word standing alone


def _chart_after(view: SentenceView, words: SrlWords, pos: int, end: int | None = None) -> bool:
    """A chart or table word (柱状图, 折线图, 表格 …) after `pos` (and before `end`): the sentence asks for a view."""
    return any(p.c0 >= pos and (end is None or p.c1 <= end) and p.text not in words.list_words for p in view.presentation)


_READ_CLASSES = frozenset({"query", "count", "compare"})


def _presented_read(frames: list[Frame], positions: list[int], w: Word, implicit: bool) -> int | None:
    """The read frame a chart word shows when the word is part of a later change_view action
    (上季度故障统计，用饼图 / 把本月任务量汇总一下，用柱状图): the nearest earlier query, count
    or compare frame — the chart is how that read is presented, not a separate view of nothing."""
    if implicit:
        return None
    k = next((i for i, (f, p) in enumerate(zip(frames, positions))
              if f.action_class == "change_view" and p <= w.c0 and w.c1 <= p + len(f.predicate)), None)
    if k is None:
        return None
    return next((i for i in range(k - 1, -1, -1) if frames[i].action_class in _READ_CLASSES), None)


def _presented(view: SentenceView, a: Word, words: SrlWords) -> bool:
    """统计成表格 / 汇总为饼图: the count verb's result is a presentation word."""
    j = a.c1
    text = view.text
    if j >= len(text) or text[j] not in words.result_ends:
        return False
    j += 1
    while j < len(text) and text[j].isspace():
        j += 1
    return any(p.c0 == j for p in view.presentation)


def _arranged(view: SentenceView, actions: list[Word]) -> list[Word]:
    """安排 明早 在一车间 用检测仪 检查 HXD1-0001: a create followed in its clause by a non-write
    action (with no object of its own in between) arranges that action; the later verb is its
    content, so its arguments go to the create frame."""
    out: list[Word] = []
    for a in actions:
        prev = out[-1] if out else None
        if (prev is not None and getattr(prev.data, "action_class", None) == "create"
                and not getattr(a.data, "write", False) and view.clause_of(prev.c0) == view.clause_of(a.c0)
                and not any(prev.c1 <= m.c0 and m.c1 <= a.c0 and m.type in OBJECT_TYPES for m in view.mentions)):
            continue
        out.append(a)
    return out


def _merge(items: list[Argument]) -> list[Argument]:
    """Adjacent arguments of one role (AGV-01 和 AGV-02 as patients) become one argument."""
    out: list[Argument] = []
    for a in items:
        prev = out[-1] if out else None
        if (prev is not None and a.role in _MERGE_ROLES and prev.role == a.role and prev.entity_ids and a.entity_ids
                and prev.negated == a.negated and prev.comparator is None and a.comparator is None):
            prev.entity_ids = prev.entity_ids + [i for i in a.entity_ids if i not in prev.entity_ids]
            prev.evidence = prev.evidence + a.evidence
            continue
        out.append(a)
    return out


def _asked_writes(view: SentenceView, frames: list[Frame], actions: list[Word],
                  draft: Draft) -> list[tuple[int, int]]:
    """The write verbs a question asks about instead of ordering (T-… 是被谁取消的, 怎么关闭工单,
    如果我取消 T-…，会影响…吗; nlu.semantics.asked_write), in original coordinates: their frames
    become reads — no `operation`, no write question — and the pack's write words among them
    (framed or not: T-… 取消成功了没有) are not accounted as orders. A requested one
    (能不能帮我取消 T-…？) stays a write."""
    words = draft.scratch.get(WRITE_ACTIONS) or ()
    data = draft.scratch.get(DATA_SPANS) or ()
    out = []
    if data:  # a write word in the user's pasted material is the material's, not an order
        out = _data_writes(frames, actions, words, data, draft)
    if not (words or any(f.write and not f.negated for f in frames)) or not asked_write.asks(view.text):
        return out
    framed = set()
    for frame, a in zip(frames, actions):
        framed.add((a.c0, a.c1))
        if frame.write and not frame.negated and asked_write.asked_about(view.text, a.c0, a.c1) is not None:
            frame.write = False
            out.append(draft.to_original(a.c0, a.c1))
    for o0, o1 in words:  # the pack's write words no frame took (取消成功了没有: a state use)
        c0, c1 = draft.to_current(o0, o1)
        if (c0, c1) not in framed and c1 > c0 and asked_write.asked_about(view.text, c0, c1) is not None:
            out.append((o0, o1))
    return out


def _data_writes(frames: list[Frame], actions: list[Word], words, data, draft: Draft) -> list[tuple[int, int]]:  # noqa: ANN001
    """The write verbs inside the user's pasted material (``DATA_SPANS``): their frames become
    reads and their spans are not accounted as orders, like an asked write's."""
    out = []
    for frame, a in zip(frames, actions):
        o = draft.to_original(a.c0, a.c1)
        if frame.write and _inside(o, data):
            frame.write = False
            out.append(o)
    out += [tuple(w) for w in words if _inside(tuple(w), data) and tuple(w) not in out]
    return out


def _inside(span: tuple[int, int], data) -> bool:  # noqa: ANN001
    return any(a <= span[0] and span[1] <= b for a, b in data)
