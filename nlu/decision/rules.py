"""The policy's hard rules and thresholds (design 8) as one ordered table: `RULES`.

Each rule is a function named after what it catches, with a one-line docstring saying why it
exists; it reads the `Turn` (the draft and what was computed once about it) and returns the
one question to ask, or None to let the next rule look. The table's order is the priority
order: the most important ambiguity is asked about first (an attack before a look-alike key,
a key before a write's parameter, a write before a read's term, a read's term before its
domain); the policy asks the question of the first rule that fires and records its name.

Question texts are data (``lexicons/clarifications.json``, `Turn.q`); options are built only
from the user's own words, entities already in the text, caller-passed referents or the
caller's catalog (`nlu.semantics.readings`). The case corpus of every rule, inputs that must
fire it and look-alikes that must not, is ``lexicons/corpora/decision.policy_rules.json``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from nlu import draft_keys as K
from nlu.semantics.readings import clarify, readings
from nlu.lexicon.word_classes import function_words, longest_first, referring_words
from nlu.draft import Clarification, Draft
from nlu.decision import write_accounting as _accounting
from nlu.semantics import asked_write, write_intent
from nlu.semantics.movers import class_mover_sent
from nlu.semantics.write_risk import WHICH_OBJECT, write_risk as _write_risk
from nlu.suspicious import find_suspicious, is_model_name
from nlu.values.times import impossible_dates

if TYPE_CHECKING:
    from nlu.lexicon.model import QuestionTexts

# a suggested reading that flips one of these is a protected change, not a term question
_FACT_FLIPS = frozenset({"negation_change", "number_change", "action_change", "comparison_change", "identifier_adjacent"})
_OBJECT_ENTITY_TYPES = ("person", "organization", "location")
_VALUE_ENTITY_TYPES = frozenset({"time", "time_range", "quantity", "amount"})
_NEGATION_REACH = 6  # code points between a stacked negation and its write verb (不是不要取消)
_CLAUSE_BREAK = re.compile(r"[，,。；;！!？?\n]")
_QUESTION_MARK = re.compile(r"[？?]|哪|什么|怎么|怎样|为什么|为啥|多少|几")
_ASKS = re.compile(r"[？?]|吗")
_CLOSING_MARKS = " \t。.！!？?～~…"
_QUESTION_TAIL = function_words().question_tail_particles
_ELLIPTIC = function_words().elliptic_particles
_ELLIPSIS_REACH = 40  # code points: an elliptic question is an object and its particle, nothing more
_DE_PARTICLE = function_words().one("attributive_particle")  # 的
_REFERRING = referring_words().classes
_TOPIC_SHIFT_OPENERS = _REFERRING.topic_shift_openers  # 那 (longest first)
_TOPIC_SHIFT_TAILS = tuple(sorted(_REFERRING.topic_shift_tails, key=len, reverse=True))  # 这边呢, 方面, 的话
_POINTING = frozenset(_REFERRING.classifiers + _REFERRING.plural_classifiers)  # 那台, 那些: a demonstrative that points


@dataclass(slots=True)
class Turn:
    """What every rule reads, computed once per draft."""

    draft: Draft
    flags: set[str]
    q: QuestionTexts
    thresholds: Any  # nlu.decision.policy.Thresholds
    writes: list  # write frames that are not negated
    ids: list  # valid identifiers (protected, not look-alikes)
    suspicious: list  # look-alike, malformed or bare keys found on the final text
    open_question: Any = None  # nlu.decision.open_question.OpenQuestionJudge (None: every no-template turn is asked)
    fillers: Any = None  # nlu.semantics.fillers.Fillers of the pack (None: no demonstrative is read as a hesitation)
    accounting: Any = None  # nlu.decision.write_accounting.WriteAccounting of the pack (None: writes are not accounted)

    @classmethod
    def of(cls, draft: Draft, flags: set[str], q: QuestionTexts, thresholds: Any, id_patterns,  # noqa: ANN001
           open_question: Any = None, fillers: Any = None, accounting: Any = None) -> "Turn":
        # read on the final text: corrections may have completed a query word before a bare number
        valid = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
        return cls(
            draft=draft, flags=flags, q=q, thresholds=thresholds,
            writes=[f for f in draft.frames if f.write and not f.negated],
            ids=[p for p in draft.protected if p.kind == "identifier" and not p.suspicious],
            suspicious=find_suspicious(draft.text, valid, id_patterns),
            open_question=open_question, fillers=fillers, accounting=accounting,
        )

    @property
    def text(self) -> str:
        return self.draft.text


@dataclass(frozen=True, slots=True)
class Rule:
    """One named rule of the table: `name` is its function's name, `why` its docstring."""

    ask: Callable[[Turn], Clarification | None]

    @property
    def name(self) -> str:
        return self.ask.__name__

    @property
    def why(self) -> str:
        return (self.ask.__doc__ or "").strip()


# -- injection (nlu.injection has already taken the injected material out) ---------------
def injection_only(turn: Turn) -> Clarification | None:
    """Nothing but injected material, no request of the user's own: ask, with no option (it could only repeat the attack)."""
    flags = turn.flags
    if K.INJECTION_FLAG in flags and ({K.INJECTION_ONLY, K.INJECTION_SPLIT} & flags or not _has_question(turn.draft)):
        return clarify(turn.draft, "intent", turn.q.question("no_business_request"), ["canonicalText"])
    return None


def injection_mixed(turn: Turn) -> Clarification | None:
    """Injected and requested words shared a unit: offer the clean units whole, never continue on a guess."""
    if K.INJECTION_MIXED in turn.flags:
        return clarify(turn.draft, "intent", turn.q.question("injection_mixed"), ["canonicalText"],
                       [(turn.q.option("keep_clean_sentence"), turn.text)])
    return None


def pasted_egress(turn: Turn) -> Clarification | None:
    """Pasted material holds an order to send data out: it is not inert data and not the user's request — ask what the user wants, with no option."""
    if K.PASTED_EGRESS in turn.flags:
        return clarify(turn.draft, "intent", turn.q.question("pasted_order"), ["canonicalText"])
    return None


# -- keys that may not be what the user meant -----------------------------------------------
def lookalike_identifier(turn: Turn) -> Clarification | None:
    """An identifier with a look-alike character (AGV-O1): confirm it, offering only the caller's catalog entry."""
    draft = turn.draft
    p = next((p for p in draft.protected if p.suspicious), None)
    if p is None:
        return None
    hit = (draft.scratch.get(K.CATALOG_CANDIDATES) or {}).get((p.o0, p.o1))
    opts = readings(draft, p.o0, p.o1, [(hit, hit)]) if hit else []
    return clarify(draft, "protected_change", turn.q.question("lookalike_identifier", shown=draft.original[p.o0:p.o1]),
                   ["entities", "protectedSpans"], opts)


def lookalike_characters(turn: Turn) -> Clarification | None:
    """Confusable scripts or look-alike digits outside a recognised identifier (АGV-01): confirm the key or number."""
    risky = next((x for x in turn.suspicious if x.reason in ("confusable_script", "lookalike_prefix", "lookalike_number")), None)
    if risky is None:
        return None
    shown = turn.text[risky.start:risky.end]
    return clarify(turn.draft, "protected_change", turn.q.question("lookalike_characters", shown=shown),
                   ["entities", "protectedSpans"])


def alternatives_disagree(turn: Turn) -> Clarification | None:
    """The source's alternatives name other keys or numbers than a write's text (ASR heard AGV-13 and AGV-30): its object is uncertain; never run it. A read keeps its well-formed key (the text is the best reading)."""
    if not _orders_write(turn):
        return None
    alt = _accounting.alternatives_disagree(turn.draft)
    if alt is None:
        return None
    return clarify(turn.draft, "protected_change", turn.q.question("alternatives_disagree"), ["protectedSpans", "entities"])


# -- writes never fail open ----------------------------------------------------------------
def _short_text_only(rule: Callable[[Turn], Clarification | None]) -> Callable[[Turn], Clarification | None]:
    """A write rule that reads one short order: in a long text (design 15.2, 501–4,000 code
    points) the only write question is `long_write` (asked before these when a write is
    ordered); the writes a long text merely narrates (食堂下周开始调整开饭时间) ask nothing."""
    @functools.wraps(rule)
    def ask(turn: Turn) -> Clarification | None:
        return None if turn.draft.gate == "long" else rule(turn)
    return ask


def _short_read_only(rule: Callable[[Turn], Clarification | None]) -> Callable[[Turn], Clarification | None]:
    """A read question about one word (an open pronoun, an ambiguous term, two templates) that a
    long text does not ask (design 15.2): 501–4,000 code points get the deterministic path, and
    the only question 15.2 asks of them is `long_write` — a narration's 它 or 车 (交班记录,
    情况说明) is read by whoever reads the whole text, not settled by a question about one word."""
    @functools.wraps(rule)
    def ask(turn: Turn) -> Clarification | None:
        return None if turn.draft.gate == "long" else rule(turn)
    return ask


def long_write(turn: Turn) -> Clarification | None:
    """A long text ordering a write (请取消…, 先说结论：派 AGV-12 去 ST-03 — not a narrated …后恢复运行): ask for a short one."""
    draft = turn.draft
    if draft.gate == "long" and write_intent.long_text_orders_write(draft):
        return clarify(draft, "missing_slot", turn.q.question("long_write"), ["semanticFrames"])
    return None


@_short_text_only
def repaired_write(turn: Turn) -> Clarification | None:
    """A write the accounting repaired (a later object after a repair-like segment the grammar did not apply: 关了，我是说 WO-2, （更正：AGV-36）, ……改成 ST-23): canonicalText holds the repaired order; ask, offering it and the order as first said, each complete."""
    plan = turn.draft.scratch.get(K.REPAIRED_WRITE)
    if plan is None:
        return None
    q = turn.q
    question = q.question("write_repair_changed_key") if plan.listed else \
        q.question("unsettled_repair", marker=plan.marker[:_accounting.SHOWN])
    repaired = turn.text.strip()
    opts = [(q.option("quoted", text=repaired), repaired)]
    if plan.original != repaired:
        opts.append((q.option("quoted", text=plan.original), plan.original))
    if plan.chained:
        opts = []  # a chain of repairs (ST-03 / 改ST-30 / 还是ST-03吧): no one-step rewrite is the user's
    return clarify(turn.draft, "protected_change", question, ["canonicalText", "semanticFrames"], opts)


@_short_text_only
def write_repair_changed_key(turn: Turn) -> Clarification | None:
    """A self-repair changed a key, number, action or time of a write (取消 T-41 不对 T-42, 取消 不对 是暂停): confirm the final reading, never guess."""
    draft = turn.draft
    if not (draft.scratch.get(K.WRITE_ACTIONS) or any(f.write for f in draft.frames)):
        return None
    repairs = [out for out in draft.edits if out.applied and out.edit.type == "self_repair"]
    dropped = [draft.original[out.o0:out.o1] for out in repairs]
    # whatever a correction dropped from a write — a key, an action (关了，不对，是重新打开), a
    # time, a place — changed the order (design 7.1: kept or asked about); not the copy a
    # stutter removes (取消 取消)
    corrected = [d for out, d in zip(repairs, dropped) if "self_repair" in out.edit.reason.split("+")]
    if not any(any(ch.isdecimal() for ch in d) for d in dropped) and not corrected:
        return None
    return clarify(draft, "protected_change", turn.q.question("write_repair_changed_key"), ["canonicalText", "semanticFrames"],
                   [(turn.q.option("keep_repaired"), turn.text)])


@_short_text_only
def negation_conflict(turn: Turn) -> Clarification | None:
    """Two negations stacked on a write action (不是不要取消…) leave its direction unclear."""
    draft = turn.draft
    negs = [p for p in draft.protected if p.kind == "negation"]
    text = draft.original
    asked = set(map(tuple, draft.scratch.get(K.ASKED_WRITES) or ()))
    for o0, o1 in draft.scratch.get(K.WRITE_ACTIONS) or ():
        if (o0, o1) in asked:
            continue  # 制度里写着“不得…取消…”，取消 T-… 需要几级审批: asked about, not ordered
        # a negation of an earlier clause negates that clause's verb (先别改计划，也别新建工单),
        # not this one: only negations with no clause break before the verb stack
        stacked = [n for n in negs if 0 <= o0 - n.o1 <= _NEGATION_REACH and not _CLAUSE_BREAK.search(text, n.o1, o0)]
        if len(stacked) >= 2:
            # 不是不让你取消…，是先确认一下再取消: "not X, but Y" restates what is wanted — the
            # question is the user's intent; a bare double negation is a negation to settle
            # a bare double negation is a negation to settle, unless a question particle closes
            # it (不是不能取消 T-… 吧: is it an order at all, or a question whether it can be done?)
            reason = "intent" if _contrast_follows(text, o1) or _question_closes(text) else "protected_change"
            return clarify(draft, reason, turn.q.question("negation_conflict"), ["semanticFrames"])
    return None


def _question_closes(text: str) -> bool:
    """The turn ends on a question particle (…吧, …吗), punctuation, spaces and a closing thanks aside."""
    text = text.rstrip(_CLOSING_MARKS)
    for thanks in _THANKS:
        if text.endswith(thanks):
            text = text[:-len(thanks)].rstrip(_CLOSING_MARKS)
            break
    return text.endswith(_QUESTION_TAIL)


_UNFRAMED_ASKS = re.compile(r"[？?]|吗|呢|怎么|什么|为什么|能不能|可不可以|能否|是否|谁|哪|多少|啥|如何")
_NEGATIVE_QUESTION_TAILS = ("没有", "没", "未", "与否", "否")  # …撤了没有: whether it was done is asked
_THANKS = ("谢谢你", "谢谢您", "谢谢啦", "谢谢了", "谢谢啊", "谢谢", "多谢", "感谢", "thanks", "thx", "謝謝")


def _contrast_follows(text: str, pos: int) -> bool:
    """A clause after `pos` opening with the contrast word of the self-repair grammar (…，是…)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.semantics.self_repair import default_grammar

    lead = default_grammar().contrast_lead
    m = _CLAUSE_BREAK.search(text, pos)
    return bool(lead) and m is not None and text[m.end():].lstrip().startswith(lead)


@_short_text_only
def undecided_write(turn: Turn) -> Clarification | None:
    """An A-not-A over a write (取不取消, 要不要把…派去): the user leaves the decision open; the layer must not take it."""
    span = write_intent.undecided_write(turn.draft)
    if span is None:
        return None
    return clarify(turn.draft, "intent", turn.q.question("undecided_write"), ["semanticFrames"])


@_short_text_only
def verbless_dispatch(turn: Turn) -> Clarification | None:
    """A mover and a destination with no verb (AGV-03去ST-05): an order to move it or a question about its move? Ask."""
    span = write_intent.verbless_dispatch(turn.draft)
    if span is None:
        return None
    draft = turn.draft
    # a move the user may order is accounted like a write before its intent is asked — whatever
    # the answer, these stay open: which of two movers set side by side (AGV-01 AGV-02 去 ST-05),
    # and a clock that does not exist (今晚 19:75 出发去 ST-02)
    if turn.accounting is not None:
        pair = turn.accounting.not_conjoined(draft)
        if pair is not None:
            return clarify(draft, WHICH_OBJECT, turn.q.question("objects_not_conjoined", first=pair[0], second=pair[1]),
                           ["semanticFrames", "entities"])
    bad = _accounting.invalid_clocks(draft.text)
    if bad:
        return clarify(draft, "protected_change", turn.q.question("impossible_time", shown=draft.text[bad[0][0]:bad[0][1]]),
                       ["entities", "semanticFrames"])
    shown = turn.draft.original[span[0]:span[1]]
    return clarify(turn.draft, "intent", turn.q.question("verbless_dispatch", shown=shown), ["semanticFrames"])


@_short_text_only
def vague_write(turn: Turn) -> Clarification | None:
    """A vague verb of doing over an object (帮我处理一下 WO-…): something is to be done, not said what; never guess the write."""
    span = write_intent.vague_write(turn.draft)
    if span is None:
        return None
    draft = turn.draft
    shown = next((draft.original[p.o0:p.o1] for p in sorted(turn.ids, key=lambda p: abs(p.o0 - span[0]))),
                 draft.original[span[0]:span[1]])
    return clarify(draft, "intent", turn.q.question("vague_write", shown=shown), ["semanticFrames"])


@_short_text_only
def write_risk(turn: Turn) -> Clarification | None:
    """An uncertain object, parameter, negation or date of a write (nlu.semantics.write_risk): ask before it runs."""
    return _write_risk(turn.draft, turn.q, tuple(turn.suspicious))


# -- a write continues only when every part of it is accounted for (nlu.decision.write_accounting)
def _which_objects(turn: Turn, check: str) -> Clarification | None:
    """Ask which of two named objects a write means, when the WriteAccounting check `check` names them."""
    if turn.accounting is None or not _orders_write(turn):
        return None
    pair = getattr(turn.accounting, check)(turn.draft)
    if pair is None:
        return None
    return clarify(turn.draft, WHICH_OBJECT, turn.q.question("objects_not_conjoined", first=pair[0], second=pair[1]),
                   ["semanticFrames", "entities"])


@_short_text_only
def objects_not_conjoined(turn: Turn) -> Clarification | None:
    """Two keys of one kind in a write with nothing joining them (取消 T-…11 T-…17, AGV-33 / AGV-38): one of them, or both?"""
    return _which_objects(turn, "not_conjoined")


@_short_text_only
def count_mismatch(turn: Turn) -> Clarification | None:
    """A write's count does not match the objects it names, either way (WO-…01 WO-…02 关掉其中一个; 取消这三个任务：T-1、T-2): which ones is not said."""
    if turn.accounting is None or not _orders_write(turn):
        return None
    found = turn.accounting.count_mismatch(turn.draft)
    if found is None:
        return None
    return clarify(turn.draft, WHICH_OBJECT, turn.q.question("count_mismatch", count=found[0], objects=found[1]),
                   ["semanticFrames", "entities"])


@_short_text_only
def repeated_write(turn: Turn) -> Clarification | None:
    """The same write verb over a second object of the kind with no conjunction (暂停 AGV-41 暂停 AGV-14): an ASR repeat with a digit swapped, or both? Ask."""
    return _which_objects(turn, "repeated_write")


@_short_text_only
def values_not_conjoined(turn: Turn) -> Clarification | None:
    """Two values of one role in a write with no conjunction (排到 周四 啊 周五, 预算改成三万 哦是三万五): a correction no word says, or both? A fact of the write is uncertain; ask."""
    if turn.accounting is None or not _orders_write(turn):
        return None
    pair = turn.accounting.values_not_conjoined(turn.draft)
    if pair is None:
        return None
    return clarify(turn.draft, "protected_change", turn.q.question("values_not_conjoined", first=pair[0], second=pair[1]),
                   ["semanticFrames", "entities"])


@_short_text_only
def negation_then_opposite(turn: Turn) -> Clarification | None:
    """A negated write verb, then the same verb unnegated over the same object (WO-… 不关了，关了吧): its direction is the user's to settle."""
    if turn.accounting is None or _ASKS.search(turn.text):
        return None
    if turn.accounting.negation_then_opposite(turn.draft) is None:
        return None
    return clarify(turn.draft, "protected_change", turn.q.question("negation_conflict"), ["semanticFrames"])


_ASKED_AT_END = re.compile(r"(?:呢|没|没有|了没|与否|是否|不是|对吧|是吧|对不对|是不是)\s*[。.…~～!！]*\s*$")
# a terse order: at most a disposal or request word, the one key, a short predicate and closing particles
_TERSE_HEAD = re.compile(r"\s*(?:把|给|让|将|帮我|请|麻烦)?\s*")
_TERSE_TAIL = re.compile(r"\s*(?P<tail>[^，,。；;\n的\s]{1,6}?)\s*(?:了|吧|掉|一下|下|啊|呀|哈|哦)*\s*[。.!！~～]*\s*")
_OPEN_WORDS = re.compile(r"多久|多长|还是|几时|何时|谁|咋|怎|啥|吗|么|不|没|别|莫|如何|是否")


@_short_text_only
def unread_predicate(turn: Turn) -> Clarification | None:
    """A terse turn of one key and a predicate no vocabulary explains, asking nothing (T-… 撤单, AGV-05 先靠边, T-… qx): neither an understood read nor an understood write; an order the pack does not know is still an order — ask what is to be done, never guess a read."""
    acc = turn.accounting
    if acc is None or len(turn.ids) != 1 or turn.writes or _orders_write(turn):
        return None
    draft = turn.draft
    text = draft.text
    k0, k1 = draft.to_current(turn.ids[0].o0, turn.ids[0].o1)
    key, head = text[k0:k1], _TERSE_HEAD.fullmatch(text[:k0])
    m = _TERSE_TAIL.fullmatch(text, k1)
    if head is None or m is None or _OPEN_WORDS.search(m.group("tail")) \
            or _QUESTION_MARK.search(text) or _ASKS.search(text) or _ASKED_AT_END.search(text):
        return None  # not the terse shape, or a question: a read, and a read fails open
    if any(e.type in _VALUE_ENTITY_TYPES for e in draft.entities) or acc.read_verbs.longest_each(text):
        return None  # a time or a number said of it (AGV-21 昨天…), a read verb: a read
    tpl = draft.template_candidates
    if tpl and tpl[0].score >= turn.thresholds.routing:
        return None  # a template's own words (电量, 位置, 检修计划) make it a read of that template
    t0 = m.start("tail")
    gaps = [g for g in acc.unread_verbs(draft) if g.start >= t0] or \
        [g for g in acc.unexplained(draft) if g.start >= t0 and g.text.strip().isascii() and g.text.strip().isalpha()]
    if not gaps:
        return None  # AGV-03 电量, AGV-03 那边: no verb, nothing unknown
    shown = gaps[0].text.strip()[:_accounting.SHOWN]
    return clarify(draft, "intent", turn.q.question("unread_predicate", shown=shown, key=key),
                   ["semanticFrames", "routing.templateCandidates"])


@_short_text_only
def unexplained_write(turn: Turn) -> Clarification | None:
    """A write whose text holds words nothing explains (口误 unapplied, 布用, an unknown verb, a value read in part): ask; never run a write that was not fully understood."""
    if turn.accounting is None or not _orders_write(turn):
        return None
    gaps = turn.accounting.unexplained(turn.draft)
    if not gaps:
        return None
    shown = gaps[0].text[:_accounting.SHOWN]
    # what is not understood decides the reason: the speaker's doubt about the object (好像是 T-… 吧)
    # asks which object (entity); anything else may change a fact of the write (protected_change)
    reason = WHICH_OBJECT if turn.accounting.doubts_object(turn.draft, gaps) else "protected_change"
    return clarify(turn.draft, reason, turn.q.question("unexplained_write", shown=shown),
                   ["canonicalText", "semanticFrames"])


@_short_text_only
def unframed_write(turn: Turn) -> Clarification | None:
    """A write word the user said in an order no write frame was built for (T-… cancel, 给 … 排 周三 的 C2 修 read as a status query): the parse did not understand the write, so the turn must not go on as a read; ask what is to be done."""
    if turn.accounting is None or turn.writes or not _orders_write(turn):
        return None
    text = turn.draft.text
    if text.rstrip(_CLOSING_MARKS).endswith(_NEGATIVE_QUESTION_TAILS) or _UNFRAMED_ASKS.search(text):
        return None  # T-… 撤了没有, 能不能停两台车, assign 给谁了: something is asked about it, a read
    if turn.accounting.read_verbs.longest_each(text):
        return None  # AGV-02 电量 呃 改成查 AGV-12 的电量: a read verb says what the turn does
    words = turn.accounting.write_words_said(turn.draft)
    shown = words[0] if words else text.strip()[:_accounting.SHOWN]
    if class_mover_sent(text, text.find(shown) + len(shown), len(text), counted=True) if words else False:
        # 给 ST-05 调3台空车过来: movers counted by their class noun, none named — which ones?
        return clarify(turn.draft, "missing_slot", turn.q.question("class_noun_mover"), ["entities", "semanticFrames"])
    return clarify(turn.draft, "intent", turn.q.question("unframed_write", shown=shown[:_accounting.SHOWN]),
                   ["semanticFrames", "routing.templateCandidates"])


# -- a correction that could change meaning ------------------------------------------------
def ambiguous_correction(turn: Turn) -> Clarification | None:
    """A correction kept as a suggestion: a flipped fact is a protected change, a two-way word (全员/全年) a term question."""
    if K.AMBIGUOUS_CORRECTION not in turn.flags:
        return None
    draft = turn.draft
    sug = (draft.scratch.get(K.SUGGESTIONS) or [{}])[0]
    if not sug:
        return None
    q = turn.q
    opts = readings(draft, sug["o0"], sug["o1"], [(q.option("quoted", text=sug["from"]), sug["from"]),
                                                (q.option("quoted", text=sug["to"]), sug["to"])])
    reason = "protected_change" if sug.get("reason") in _FACT_FLIPS else "term"
    return clarify(draft, reason, q.question("correction_choice", wrong=sug["from"], right=sug["to"]), ["canonicalText"], opts)


# -- the object of a write --------------------------------------------------------------------
@_short_text_only
def write_open_coreference(turn: Turn) -> Clarification | None:
    """A write whose object is a pronoun not resolved (取消它): ask which one, with the referents as options."""
    if turn.writes and _object_unclear(turn.flags):
        k = _open_coreference(turn.draft)
        if k is not None:
            return _coref_question(turn, k, write=True)
    return None


@_short_text_only
def write_without_object(turn: Turn) -> Clarification | None:
    """A write with no object (取消任务): ask for the complete identifier (a bare number said as its object is `bare_reference`'s)."""
    if turn.writes and _object_unclear(turn.flags) and not _bare_object(turn):
        return clarify(turn.draft, "missing_slot", turn.q.question("write_without_object"), ["semanticFrames", "entities"])
    return None


@_short_text_only
def create_without_parameter(turn: Turn) -> Clarification | None:
    """A create order to a vehicle with no destination, task or time (给 AGV-01 下发任务): a required parameter is missing."""
    if not any(f.action_class == "create" for f in turn.writes):
        return None
    kinds = {e.type for e in turn.draft.entities}
    if not (kinds - {"vehicle", "quantity"}) and "vehicle" in kinds:
        return clarify(turn.draft, "missing_slot", turn.q.question("create_without_parameter"), ["semanticFrames"])
    return None


# -- what a read is about ---------------------------------------------------------------------
def impossible_date(turn: Turn) -> Clarification | None:
    """A date that does not exist (2026年13月, 4月31日, 2月29日 in 2026): its value is unknown; ask, never read another day."""
    bad = impossible_dates(turn.draft.original, turn.draft.source.reference_time)  # cheap unless a numeral precedes 月
    if not bad:
        return None
    return clarify(turn.draft, "missing_slot", turn.q.question("impossible_date_read", shown=bad[0].text.strip()),
                   ["entities"])


@_short_read_only
def open_coreference(turn: Turn) -> Clarification | None:
    """A pronoun with no or several antecedents (它呢): ask which object it means (not a read's mover a place describes: ST-18那台车)."""
    if K.AMBIGUOUS_COREFERENCE in turn.flags or K.UNRESOLVED_COREFERENCE in turn.flags:
        described = set(map(tuple, turn.draft.scratch.get(K.DESCRIBED_REFERENCES) or ()))
        k = _open_coreference(turn.draft, described)
        if k is not None and not _trailing_hesitation(turn, k) and not _points_at_unsure_key(turn, k) \
                and not _topic_shift(turn, k) and not _hesitation_in_a_read(turn, k) and not _determined_in_a_read(turn, k):
            return _coref_question(turn, k, write=False)
    return None


def bare_reference(turn: Turn) -> Clarification | None:
    """A bare, malformed or read-out number where an object should be (01 号的状态, 和谐一型零零零一在哪): ask what it identifies."""
    unsure = [x for x in turn.suspicious if x.reason in _UNSURE_KEYS and not _listed_model(turn, x)]
    bare = next((x for x in unsure if not _restated_by_key(turn, x.start, x.end)), None)
    if bare is None and (unsure or K.BARE_REFERENCE not in turn.flags):
        return None
    shown = turn.text[bare.start:bare.end] if bare is not None else turn.q.option("default_bare_reference")
    return clarify(turn.draft, "entity", turn.q.question("bare_reference", shown=shown), ["entities"])


_SPOKEN_DIGITS = str.maketrans("零〇一二三四五六七八九幺两", "0012345678912")
_KEY_AT = re.compile(r"[A-Za-z]{1,6}\d?[A-Za-z]?\s*-\s*(?P<n>\d{2,})")  # HXD1-0001: its number after the hyphen
_APPOSITION = re.compile(r"[\s,，:：]*(?:也就是说|也就是|就是|即|也即|编号是|号码是)?[\s,，:：]*")


def _restated_by_key(turn: Turn, start: int, end: int) -> bool:
    """The user restates the read-out number at once as the full key whose digits it reads
    (和谐一 零零零一 就是 HXD1-0001): the key says what the number identifies."""
    text = turn.text
    m = _APPOSITION.match(text, end)
    at = m.end() if m else end
    key = _KEY_AT.match(text, at)
    if key is None:
        return False
    said = "".join(ch for ch in text[start:end].translate(_SPOKEN_DIGITS) if ch.isdigit())
    number = "".join(ch for ch in key.group("n") if ch.isdigit())
    return len(said) >= 2 and said.endswith(number) or len(number) >= 2 and number.endswith(said[-len(number):])


@_short_read_only
def ambiguous_term_domain(turn: Turn) -> Clarification | None:
    """An ambiguous word that is a concept of both domains (任务, 故障) or said with both domains' words: ask the domain."""
    t = _open_term(turn)
    if t is not None and (K.CROSS_DOMAIN in turn.flags or _domain_ambiguity(t)):
        return _domain_question(turn)
    return None


@_short_read_only
def ambiguous_term(turn: Turn) -> Clarification | None:
    """An ambiguous word of one kind of object (车: AGV or locomotive), not pinned by the referents: ask which reading."""
    t = _open_term(turn)
    if t is None or K.CROSS_DOMAIN in turn.flags or _domain_ambiguity(t):
        return None
    draft = turn.draft
    opts = readings(draft, t.o0, t.o1, [(c.label, c.label) for c in t.candidates])
    choices = turn.q.choice_joiner.join(c.label for c in t.candidates[:3])
    question = turn.q.question("term_choice", mention=draft.original[t.o0:t.o1], choices=choices)
    return clarify(draft, "term", question, ["terms"], opts)


def cross_domain(turn: Turn) -> Clarification | None:
    """Words of both domains: the router must not expose both domains' tools; ask which one."""
    return _domain_question(turn) if K.CROSS_DOMAIN in turn.flags else None


def no_domain_no_template(turn: Turn) -> Clarification | None:
    """A data question with no domain, no template and no object: ask what business it is about (design 15.3)."""
    flags = turn.flags
    has_objects = bool(turn.ids) or any(e.type in _OBJECT_ENTITY_TYPES for e in turn.draft.entities)
    if K.NO_DOMAIN in flags and K.NO_TEMPLATE in flags and not has_objects and not _asks_how_a_write_goes(turn):
        return clarify(turn.draft, "intent", turn.q.question("no_domain_no_template"), ["routing"])
    return None


def elliptic_question(turn: Turn) -> Clarification | None:
    """An object and the elliptic particle alone (AGV-05呢): the predicate would come from an earlier turn, which V1 does not read (design 7.6); ask what is wanted."""
    draft = turn.draft
    text = draft.original
    if len(text) > _ELLIPSIS_REACH or not any(p in text for p in _ELLIPTIC) or turn.fillers is None:
        return None
    spans = [(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
    spans += [(e.o0, e.o1) for e in draft.entities if e.type not in _VALUE_ENTITY_TYPES]
    spans += [(k.o0, k.o1) for k in draft.coreferences if k.confirmed]
    if not spans:
        return None
    chars = list(text)
    for o0, o1 in spans:
        chars[o0:o1] = " " * (o1 - o0)
    rest = "".join(ch for ch in chars if ch not in _ELLIPTIC)
    if len(rest) == len(chars) or not turn.fillers.only(rest):
        return None
    return clarify(draft, "missing_slot", turn.q.question("missing_action"), ["semanticFrames"])


def missing_action(turn: Turn) -> Clarification | None:
    """An object with nothing asked or ordered about it (AGV-01): ask what to query or do."""
    if K.MISSING_ACTION in turn.flags:
        return clarify(turn.draft, "missing_slot", turn.q.question("missing_action"), ["semanticFrames"])
    return None


@_short_read_only
def template_conflict(turn: Turn) -> Clarification | None:
    """Two templates fit equally (details or a summary): ask which one."""
    if K.TEMPLATE_CONFLICT in turn.flags:
        return clarify(turn.draft, "intent", turn.q.question("template_conflict"), ["routing.templateCandidates"])
    return None


def status_without_object(turn: Turn) -> Clarification | None:
    """A status question with no domain and no object (状态怎么样): ask whose status."""
    draft = turn.draft
    if K.NO_DOMAIN in turn.flags and not draft.entities and [c.id for c in draft.template_candidates[:1]] == ["status"]:
        return clarify(draft, "missing_slot", turn.q.question("status_without_object"), ["entities"])
    return None


def no_domain(turn: Turn) -> Clarification | None:
    """A data question with a template or an object but no domain: ask the domain (design 15.3)."""
    draft = turn.draft
    if K.NO_DOMAIN in turn.flags and (draft.template_candidates or draft.entities) and not _asks_how_a_write_goes(turn):
        return _domain_question(turn)
    return None


def no_template(turn: Turn) -> Clarification | None:
    """No template fits and no open question about a settled domain is asked: ask what the user wants to query or do."""
    if K.NO_TEMPLATE in turn.flags and not turn.draft.template_candidates:
        if turn.open_question is not None and turn.open_question.continues(turn.draft, bool(turn.ids)):
            return None  # AGV调度的规则是什么: said and asked — continues, `no_template` recorded (design 8)
        if _asks_how_a_write_goes(turn):
            return None
        if _presented_read(turn):
            return None  # 近14天每天的AGV任务量，做成表格: the data and how to show it are said  # 超时自动取消怎么设置, 取消任务的话要多久才生效: a question about doing it, not a data question
        return clarify(turn.draft, "intent", turn.q.question("no_template"), ["routing.templateCandidates"])
    return None


def weak_domain_evidence(turn: Turn) -> Clarification | None:
    """A domain chosen only on weak hints below the thresholds: the router would expose a domain's tools on a guess."""
    # Explicit words and identifiers pin a domain; the pack's implied domain words (evidence
    # "context": 搬运, 站点, 电量) count when they clear the margin; a term state alone (完成,
    # 失败: "lexicon") does not. A confirmed referent carries its domain.
    draft, t = turn.draft, turn.thresholds
    dom = draft.domain_candidates
    resolved = any(k.confirmed for k in draft.coreferences)
    if dom and not turn.ids and not resolved and not any("explicit_rule" in c.evidence for c in dom) \
            and not _asks_how_a_write_goes(turn):
        margin = dom[0].score - (dom[1].score if len(dom) > 1 else 0.0)
        hinted = "context" in dom[0].evidence and margin >= t.routing_margin
        if not hinted and (dom[0].score < t.routing or margin < t.routing_margin):
            return _domain_question(turn)
    return None


#: the priority order: the policy asks the question of the first rule that fires
RULES: tuple[Rule, ...] = tuple(Rule(f) for f in (
    injection_only,
    injection_mixed,
    pasted_egress,
    lookalike_identifier,
    lookalike_characters,
    alternatives_disagree,
    long_write,
    repaired_write,
    write_repair_changed_key,
    negation_conflict,
    negation_then_opposite,
    undecided_write,
    write_risk,
    ambiguous_correction,
    write_open_coreference,
    write_without_object,
    create_without_parameter,
    verbless_dispatch,
    vague_write,
    impossible_date,
    open_coreference,
    objects_not_conjoined,
    count_mismatch,
    repeated_write,
    values_not_conjoined,
    unexplained_write,
    unread_predicate,
    unframed_write,
    bare_reference,
    ambiguous_term_domain,
    ambiguous_term,
    cross_domain,
    no_domain_no_template,
    elliptic_question,
    missing_action,
    template_conflict,
    status_without_object,
    no_domain,
    no_template,
    weak_domain_evidence,
))


# -- helpers shared by the rules --------------------------------------------------------------
def _orders_write(turn: Turn) -> bool:
    """A write frame that is not negated; or a write word that no frame took, no negated frame
    accounts for and no confident read explains (把 AGV-65 派到 ST-06看岔了，AGV-97 routed as a
    weak status read): a write the parse did not understand is still a write."""
    if turn.writes:
        return True
    draft = turn.draft
    if any(f.write and f.negated for f in draft.frames):
        return False
    asked = draft.scratch.get(K.ASKED_WRITES)
    if asked and set(map(tuple, draft.scratch.get(K.WRITE_ACTIONS) or ())) <= set(map(tuple, asked)):
        return False  # every write word is asked about, not ordered (T-… 取消成功了没有): a read
    acc = turn.accounting
    if not draft.scratch.get(K.WRITE_ACTIONS) and not (acc is not None and (acc.disposes_of_a_key(draft)
                                                                           or acc.says_a_write_word(draft))):
        return False
    if _QUESTION_MARK.search(draft.text) or _question_closes(draft.text):
        return False  # a question about a write (还在等审批吗, 没有取消成功吗) is a read: it fails open
    tpl = draft.template_candidates
    return not tpl or tpl[0].id == "operation" or tpl[0].score < turn.thresholds.routing


def _presented_read(turn: Turn) -> bool:
    """A read of a settled domain whose frame says how to show it (做成表格, 列个表, 画个图) over a
    time or an object: the user asked for that data in that form — no template question (the
    presentation is the request's template cue; `no_template` is recorded)."""
    draft = turn.draft
    if _orders_write(turn) or any(f.write or f.negated for f in draft.frames):
        return False
    if not any(any(a.role == "presentation" for a in f.arguments) and
               any(a.role in ("time", "range", "patient", "condition") for a in f.arguments) for f in draft.frames):
        return False
    dom = draft.domain_candidates
    if not dom or not (turn.ids or "explicit_rule" in dom[0].evidence):
        return False
    return dom[0].score - (dom[1].score if len(dom) > 1 else 0.0) >= turn.thresholds.routing_margin


def _asks_how_a_write_goes(turn: Turn) -> bool:
    """An open question (怎么, 多久, 谁) about a write it asks about, not orders (ASKED_WRITES: how
    to set auto-cancel, how long a cancel takes, who approves a reassignment): not a data question,
    so no template or domain is asked for (design 15.3); nothing is written."""
    draft = turn.draft
    return bool(draft.scratch.get(K.ASKED_WRITES)) and asked_write.asks_open(draft.text) and not _orders_write(turn)


def may_order_write(turn: Turn) -> bool:
    """A write, or a move said with no verb (AGV-18 明天早上8点去ST-04): a write the user may mean.
    Its repair is applied like a write's (the runner repairs it), so the question is about the
    order the user finally means."""
    return _orders_write(turn) or write_intent.verbless_dispatch(turn.draft) is not None


orders_write = _orders_write  # the policy asks it before the runner repairs a write


def _has_question(draft: Draft) -> bool:
    return bool(draft.template_candidates or draft.entities or any(p.kind == "action" for p in draft.protected))


def _listed_model(turn: Turn, x) -> bool:  # noqa: ANN001 - x: a Suspicious
    """待检修的HXD1列一下, 二车间的HXD3C有哪些: a bare model name in a turn whose template is an
    explicit list names the model's locomotives — a set to list, not one key missing its number
    (查一下HXD1, HXD3C在哪 still ask which one)."""
    if x.reason != "malformed_identifier" or not is_model_name(turn.text[x.start:x.end]):
        return False
    top = turn.draft.template_candidates[:1]
    return bool(top) and top[0].id == "list" and "explicit_rule" in top[0].evidence


def _bare_object(turn: Turn) -> bool:
    """给 01 派任务: the object is there, a bare number (ontology `entity`: 查 01), not missing."""
    return K.BARE_REFERENCE in turn.flags or any(x.reason == K.BARE_REFERENCE for x in turn.suspicious)


def _object_unclear(flags: set[str]) -> bool:
    return K.WRITE_WITHOUT_OBJECT in flags or K.UNRESOLVED_COREFERENCE in flags or K.AMBIGUOUS_COREFERENCE in flags


def _open_coreference(draft: Draft, described: set = frozenset()):  # noqa: ANN202
    """The first open reference, skipping those at the (o0, o1) spans of `described`."""
    return next((k for k in draft.coreferences if not k.confirmed and (k.o0, k.o1) not in described), None)


def _trailing_hesitation(turn: Turn, k) -> bool:  # noqa: ANN001
    """查一下那个嗯嗯: a demonstrative that is also a filler, with nothing but fillers after it to
    the end — the speaker trails off before naming anything; what is missing is the object
    (asked by a later rule), not the referent of a pronoun."""
    fillers, text = turn.fillers, turn.draft.original
    after = text[k.o1:]
    # a filler must follow: 查一下那个 alone may point at something shown (asked as a reference)
    return fillers is not None and any(ch.isalnum() for ch in after) and fillers.only(after) \
        and fillers.only(text[k.o0:k.o1])


def _hesitation_in_a_read(turn: Turn, k) -> bool:  # noqa: ANN001
    """喂 那个…好像是 AGV-31 对 AGV-31 它现在在哪个站, 那个那个 帮我看一下 AGV-112: in a read, a
    demonstrative that is also a filler (那个, 这个) with more said after it than a particle is an
    ASR hesitation, not a pointer — reads fail open, and the key or the request that follows is
    what is asked about. A write still asks (its object must be certain), and 那个呢 alone (nothing
    after it but a particle) still points."""
    fillers, text = turn.fillers, turn.draft.original
    if fillers is None or _orders_write(turn) or not fillers.only(text[k.o0:k.o1]):
        return False
    after = text[k.o1:].strip(" ，,。.！!？?…~～")
    if not after or after.startswith(_QUESTION_TAIL) or not turn.draft.template_candidates:
        return False
    draft = turn.draft
    # what the request is about is said after it: a key, or a time (本周的任务报表) — never a
    # placeholder noun (那个东西怎么样了 still points), nor a time that only describes another
    # open demonstrative (那个 昨天那个 就是那个 怎么样了: nothing is named)
    opens = [j.o0 for j in draft.coreferences if not j.confirmed and j.o0 >= k.o1]
    if _asks_over_a_set(text, k.o1):
        return True
    return any(p.o0 >= k.o1 for p in turn.ids) or any(
        e.type in ("time", "time_range") and e.o0 >= k.o1 and not any(
            o >= e.o1 and not text[e.o1:o].strip() for o in opens) for e in draft.entities)


_FW = function_words()
_CLAUSE_END = re.compile(r"[。！？!?；;\n]")  # the end of a sentence
_SET_QUESTION = re.compile(longest_first(list(_FW.set_question_words)) + "|" + longest_first(list(_FW.count_question_words))
                           + longest_first(list(_FW.count_classifiers)))
_POSSESSORS = tuple(sorted(referring_words().head_nouns, key=len, reverse=True))  # 车, AGV, 工单…


def _asks_over_a_set(text: str, pos: int) -> bool:
    """嗯 现在那个在线的小车一共有几台 / 昨天晚上 那个 搬运任务 失败了几个: later in the sentence
    of a filler demonstrative ending at `pos`, a question over a set (how many, which of them,
    is there any) — a count ranges over a class, so the demonstrative picks no referent. Not
    when a head noun owns what is counted (那个AGV的任务有几个: that one AGV is pointed at)."""
    end = _CLAUSE_END.search(text, pos)
    m = _SET_QUESTION.search(text, pos, end.start() if end else len(text))
    if m is None:
        return False
    between = text[pos:m.start()]
    return not any(between.find(n + _DE_PARTICLE) >= 0 for n in _POSSESSORS)


_NP_REACH = 8  # code points from a demonstrative to the key that heads its noun phrase (它后面那台 AGV-18)


@functools.cache
def _person_pronouns() -> frozenset[str]:
    """The pack's pronouns that refer only to people (他, 她们: lexicons/coreference.json)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import default_pack

    return frozenset(p.word for p in default_pack().pronouns if p.types and set(p.types) == {"person"})


def _determined_in_a_read(turn: Turn, k) -> bool:  # noqa: ANN001
    """Reads fail open: in a read, a pronoun that is not the read's key object, or that the turn
    itself determines, asks nothing (only a pronoun that IS the key and is undetermined does).

    * its noun phrase is headed by a key said right after it: 查它后面那台 AGV-18 的位置 — the
      stated key wins;
    * a person pronoun (他们, 她) beside a stated key: 查下 WO-…，别催他们 — people are never the
      key object of a read about a stated object;
    * described by a place and a time said before it in its clause: 前天晚上八点半 ST-05 那单 —
      one job, fully determined;
    * a row of the pasted material: 第二行那台 after a pasted table (a line break before it)."""
    if _orders_write(turn):
        return False
    draft = turn.draft
    text = draft.original
    lo = max((text.rfind(ch, 0, k.o0) for ch in "，,。；;！!？?\n"), default=-1) + 1
    hi = min((i for i in (text.find(ch, k.o1) for ch in "，,。；;！!？?\n") if i >= 0), default=len(text))
    ids = turn.ids
    if any(0 <= p.o0 - k.o1 <= _NP_REACH and p.o1 <= hi and _heads_phrase(_current(draft, k.o1, p.o0)) for p in ids):
        return True
    c0, c1 = draft.to_current(k.o0, k.o1)
    if ids and turn.text[c0:c1] in _person_pronouns():
        return True
    ents = draft.entities
    place = any(e.type in ("station", "location") and 0 <= k.o0 - e.o1 <= 2 and e.o0 >= lo for e in ents)
    if place and any(e.type in ("time", "time_range") and lo <= e.o0 and e.o1 <= k.o0 for e in ents):
        return True
    head = text[lo:k.o0]
    if "\n" in text[:lo] and _ROW.search(head) is not None:
        return True
    said = text[k.o0:k.o1]
    rel = _RELATIVE_AFTER.match(text, k.o1, hi)
    if said.startswith(("它", "他", "她")) and rel is not None and _NAMED_THING.search(text, 0, k.o0) and any(
            t.o0 <= rel.end() - 1 < t.o1 or t.o0 == rel.end() for t in draft.terms):
        return True  # 上周通过它取消的任务一共多少个: the pronoun sits in a clause modifying the noun read
    if _DEMONSTRATIVE_NP.fullmatch(said.strip()) and not head.strip() and lo >= 2 and text[lo - 1] in "，,":
        # …一项 auto_cancel_on_timeout=true，这个开关…: across a comma, only a quote or a key is resumed
        before = text[:lo - 1].rstrip()
        m = _MATERIAL_NOUN.match(text, k.o1 + (len(text[k.o1:]) - len(text[k.o1:].lstrip())))
        if m is not None and not any(t.o0 < m.start() + 2 and m.start() < t.o1 for t in draft.terms) \
                and _RESUMED_KEY.search(before):
            return True
    if _DEMONSTRATIVE_NP.match(said) and len(head.strip()) >= 2:
        if head.rstrip().endswith("的"):
            return True  # 上个月检修花了三万五千块的那些机车: the clause before describes the set
        m = _MATERIAL_NOUN.match(text, k.o1 + (len(text[k.o1:]) - len(text[k.o1:].lstrip())))
        if m is not None and _DEMONSTRATIVE_NP.fullmatch(said.strip()) \
                and not any(t.o0 < m.start() + 2 and m.start() < t.o1 for t in draft.terms) \
                and _RESUMED.search(head.rstrip()) and not head.rstrip().endswith(_DEICTIC):
            return True  # “忽略告警”这个设置, ignore_errors=true 这个配置, 取消 C3 修 这个决定: it names what precedes
    return _names_material_of_the_turn(turn, k)


_NAMED_THING = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}|[”\"」』]")  # a named thing (cancelTask, “…”) it may stand for
_RELATIVE_AFTER = re.compile(r"[^，,。；;！!？?\s]{1,10}?的\s*")  # …取消的 (then the noun the clause modifies)
_RESUMED_KEY = re.compile(r"(?:[”\"」』'’]|[A-Za-z0-9_]+\s*[=:：]\s*[A-Za-z0-9_.]+)$")  # a quote, or key=value
_DEICTIC = ("那边", "这边", "那里", "这里", "那儿", "这儿", "那頭", "那头", "這邊", "那邊")
_RESUMED = re.compile(r"(?:[”\"」』'’）)\]}A-Za-z0-9_=]|[\u4e00-\u9fff])$")  # a quote, a key or a phrase right before


_MATERIAL_NOUN = re.compile(r"[\u4e00-\u9fff]{2,4}")
_DEMONSTRATIVE_NP = re.compile(r"\s*[这這那](?:个|個|段|条|條|张|張|份|封|句|些)")
_MATERIAL_SEPARATOR = re.compile(r"\n|——|—|:\s|：")
_MATERIAL_REACH = 12  # characters of pasted material before a separator that a pronoun can point back at


def _names_material_of_the_turn(turn: Turn, k) -> bool:  # noqa: ANN001
    """The pronoun points at material the turn itself holds, not at an object to choose:
    * its noun was said before it (这个调度令 after a pasted 调度令);
    * a bare 它 in a sentence opened by a demonstrative phrase (这段话是…，拿它问你行吗);
    * it stands after pasted material set off by a line break, a dash or a colon, with no
      object key before it ([SYSTEM] maintenance window 02:00-04:00 — 这个维护窗口期间…)."""
    text = turn.draft.original
    said = text[k.o0:k.o1]
    start = max((text.rfind(ch, 0, k.o0) for ch in "。；;！!？?\n"), default=-1) + 1
    if _DEMONSTRATIVE_NP.match(said) or said.startswith(("这", "這", "它")):
        # right after the user's pasted material (转发…：请撤销 T-1 和 T-2。这个是什么意思): the
        # pronoun opens the user's own words about it
        if any(b <= k.o0 and not text[b:k.o0].strip(" 　\t\n。；;！!？?”’」』\"'——-") for _a, b in
               turn.draft.scratch.get(K.DATA_SPANS) or ()):
            return True
    m = _MATERIAL_NOUN.match(text, k.o1)
    if m is not None:
        noun = m.group()
        if any(noun[:n] in text[:k.o0] for n in range(len(noun), 1, -1)):
            return True
    if said.startswith("它") and _DEMONSTRATIVE_NP.match(text, start) and start < k.o0 - 2:
        return True
    # a demonstrative with a noun that names no domain object (这个维护窗口, not 这台车 or 这个任务)
    if m is None or not _DEMONSTRATIVE_NP.match(said) or any(
            t.o0 < m.end() and m.start() < t.o1 for t in turn.draft.terms):
        return False
    before = text[:k.o0]
    sep = None
    for sep in _MATERIAL_SEPARATOR.finditer(before):
        pass
    if sep is None or sep.start() < _MATERIAL_REACH:
        return False
    return not any(p.o1 <= k.o0 for p in turn.ids) and not any(
        e.type in _OBJECT_ENTITY_TYPES and e.o1 <= k.o0 for e in turn.draft.entities)


_DETERMINERS = tuple(sorted(_REFERRING.determiners, key=len, reverse=True))  # 那台, 这个


def _current(draft: Draft, o0: int, o1: int) -> str:
    """What the user said at original [o0, o1) as the current text has it (traditional 那臺 folded to 那台)."""
    c0, c1 = draft.to_current(o0, o1)
    return draft.text[c0:c1]


def _heads_phrase(gap: str) -> bool:
    """The words between a demonstrative and a key leave the key its head: nothing (那台 AGV-18),
    or a relation ending in a determiner (它后面那台 AGV-18) — not a noun of its own (这个截图…是 AGV-08)."""
    gap = gap.strip()
    return not gap or gap.endswith(_DETERMINERS)


_ROW = re.compile(r"第[一二三四五六七八九十两0-9]{1,3}[行条个项]|[上下]面(?:那|这)?[一二三四五六七八九十两0-9]?[行条]")


def _topic_shift(turn: Turn, k) -> bool:  # noqa: ANN001
    """那AGV这边呢，在线几台 / 那机车方面呢: 那 right before a bare noun (no classifier, no number)
    with a topic tail after it shifts the topic ("and as for AGVs") — it points at no one object,
    so there is no antecedent to ask for. 那台AGV这边呢 (a classifier) still points."""
    text = turn.draft.original
    mention = text[k.o0:k.o1]
    opener = next((w for w in _TOPIC_SHIFT_OPENERS if mention.startswith(w)), None)
    if opener is None:
        return False
    noun = mention[len(opener):].strip()
    if not noun or noun[0] in _POINTING or noun[0].isdigit():
        return False
    return text[k.o1:].lstrip().startswith(_TOPIC_SHIFT_TAILS)


_UNSURE_KEYS = ("malformed_identifier", K.BARE_REFERENCE, "spoken_identifier")  # what bare_reference asks about
_KEY_TO_POINTER_GAP = 2  # spaces (or 的) between a key and the demonstrative pointing at it


def _points_at_unsure_key(turn: Turn, k) -> bool:  # noqa: ANN001
    """07 那个查一下 / WO-2026111 这张工单: the demonstrative stands right after a bare or
    malformed key and points at it — what is unknown is the key (`bare_reference` asks,
    ontology `entity`), not a pronoun's antecedent."""
    if not turn.suspicious:
        return False  # (the usual turn)
    c0, _ = turn.draft.to_current(k.o0, k.o1)
    text = turn.text
    return any(x.reason in ("malformed_identifier", K.BARE_REFERENCE) and 0 <= c0 - x.end <= _KEY_TO_POINTER_GAP
               and not text[x.end:c0].strip(" " + _DE_PARTICLE) for x in turn.suspicious)


def _coref_question(turn: Turn, k, *, write: bool) -> Clarification:  # noqa: ANN001
    draft = turn.draft
    mention = draft.original[k.o0:k.o1]
    opts = readings(draft, k.o0, k.o1, [(c.label, c.label) for c in k.candidates])
    q = turn.q.question("coreference_choice" if k.candidates else "coreference_open", mention=mention)
    return clarify(draft, "coreference", q, ["coreferences"] + (["semanticFrames"] if write else []), opts)


def _open_term(turn: Turn):  # noqa: ANN202
    """The first ambiguous word still open, unless the caller's referents pin its domain (车 after three AGVs)."""
    if K.AMBIGUOUS_TERM not in turn.flags:
        return None
    draft = turn.draft
    t = next((t for t in draft.terms if not t.confirmed and len(t.candidates) > 1), None)
    if t is None:
        return None
    domains = {r.domain for r in draft.source.referents if r.domain}
    cand_domains = {c.id.split(".")[0] for c in t.candidates}
    if len(domains) == 1 and domains & cand_domains:
        return None
    if turn.ids and _keys_pin_domain(turn, cand_domains):
        return None  # a pasted table of T-… and AGV-… keys: its 任务 is that domain's
    return t


def _keys_pin_domain(turn: Turn, cand_domains: set[str]) -> bool:
    """The turn's keys settle its domain (explicit evidence, clear of the other by the margin) and it is one the word may mean."""
    dom = turn.draft.domain_candidates
    if not dom or dom[0].id not in cand_domains or "explicit_rule" not in dom[0].evidence:
        return False
    return dom[0].score - (dom[1].score if len(dom) > 1 else 0.0) >= turn.thresholds.routing_margin


def _domain_ambiguity(term) -> bool:  # noqa: ANN001
    """任务/故障: concepts that exist in both domains (an intent question), unlike 车 (an object word)."""
    types = {c.id.split(".")[1] if c.id.count(".") >= 2 else "" for c in term.candidates}
    return term.entity_type is None and len({c.id.split(".")[0] for c in term.candidates}) > 1 and "vehicle" not in types


def _domain_question(turn: Turn) -> Clarification:
    q, text = turn.q, turn.text
    opts = [(q.option("domain_label", domain=d), q.option("domain_fill", text=text, domain=d)) for d in q.domain_choices]
    return clarify(turn.draft, "intent", q.question("domain_choice"), ["routing.domainCandidates"], opts)
