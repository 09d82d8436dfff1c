"""Is anything about this write uncertain? (issue 13, part 4; design 8: writes never fail open)

A write (an order to create, update, cancel, delete …) goes ahead only when its object,
parameter, negation and date are certain. Each check below finds one way they are not and
returns the clarification to ask instead; the policy asks the first one found:

* a self-repair marker the cleaning could not settle (取消 T-…41 哦不是 T-…42 吧): which
  object is meant? (`protected_change`)
* a self-repair marker closing the turn with nothing in its place (派去 ST-06，不对): what
  is the order now? (`missing_slot`)
* two objects joined only by a filler (把 ST-11嗯ST-17 的任务都取消): one, the other or both?
  Both keys are said, which one is meant is unknown — the object reference (`entity`, the
  ontology's 查 01: a reference that changes the order), not a missing parameter
* a character or typed syllable that reads like a negation right before the write
  (布要删除, bu要删除): is it 不要删除? (`protected_change`)
* a date or a time of day that does not exist (推迟到2月30日, 13月5号, 明天25点): the value is
  unknown (`protected_change`)
* an object named only by a spoken number or otherwise unconfirmed (让3号车去 ST-09): which
  one? (`entity`); a mover named only by its class noun (让小车去五号站) (`missing_slot`)
* an ordinal that points back at one of several objects (把 A 和 B 的工单，哦不，就第一个删了):
  which one? (`coreference`)
* two objects of one type offered as alternatives (派 AGV-02 去 ST-05，或者 ST-06 也行): the
  user left the choice open (`missing_slot`); one mover dispatched twice, to two places
  (AGV-03 派 ST-02 派 ST-04): where to? (`missing_slot`)
* one write verb on one object said both negated and not (取消 T-…01 啊不取消 T-…01): which
  direction? (`protected_change`)
* a write taken back or left hanging after it was said (取消吧 T-… 算了还是先别动, 删除 WO-…
  不用了): is it to run or not? (`intent`)
* two objects of one type with only a bare 不是 between them (派 AGV-09 去 ST-15 不是 ST-16):
  a correction or a contrast? (`protected_change`)
* two person names run together as one parameter (负责人张三李四): which one? (`missing_slot`)
* a change of an object with no new value (改一下 WO-…, 修改 WO-…): to what? (`missing_slot`)
* a new value or destination only pointed at (改到那个常用的站, 派到那边): which? (`missing_slot`)
* a number with a leading zero where the object stands (把 07 派到 ST-03): a bare key (`entity`)
* an identifier with a wrong shape (T-202603150: a digit missing) or read out in Chinese
  digits (T 二零二六零三一五零一): the key cannot be confirmed (`protected_change`)

The data (look-alikes of a negation, fillers between objects) is in
``lexicons/write_safety.json``, the questions in ``lexicons/clarifications.json``; the
marker construction in ``nlu.semantics.self_repair``.
Every check is one pass over the draft's facts or a bounded window of text.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nlu import draft_keys as K
from nlu.draft import Clarification, Draft
from nlu.lexicon.word_classes import function_words
from nlu.semantics.movers import class_mover_sent
from nlu.semantics.readings import readings

if TYPE_CHECKING:
    from nlu.lexicon.model import QuestionTexts

# what an object of a write can be; a quantity or a time is a parameter, not an object
_OBJECT_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})
_TIME_KINDS = frozenset({"time", "time_range"})
#: the reason of a question whose answer is which named object a write means (one of two keys
#: offered as alternatives, a mover said by a number the layer cannot confirm): the ontology's
#: `entity` — an object reference bare or unknown in a way that changes the request. A missing
#: value stays `missing_slot`; a changed fact `protected_change`.
WHICH_OBJECT = "entity"
_PAUSE = frozenset(" \t，,。.！!？?；;：:、\n")
# what may close a turn after a dangling correction marker: pauses and soft particles (function_words.json)
_CLOSING = " \t，,。.！!？?；;…~～" + "".join(function_words().soft_particles)
_DE = function_words().one("attributive_particle")  # 不用了的任务: a relative clause, not a retraction
_LOOK_WINDOW = 12  # look-alike + modal + spaces before the verb: a few characters


@dataclass(frozen=True, slots=True)
class _Data:
    lookalikes: tuple[tuple[str, str], ...]  # (look-alike, negation), longest first
    modals: tuple[str, ...]
    left_context: tuple[str, ...]
    words: tuple[str, ...]
    fillers: frozenset[str]
    longest_filler: int
    # a look-alike, an optional modal and spaces ending right where the write verb starts
    before_verb: re.Pattern[str]
    date_shape: re.Pattern[str]
    date_needs: re.Pattern[str]  # what every date shape holds (a digit before 月): the cheap test first
    alternative: re.Pattern[str]  # a gap between two objects that offers a choice (，或者)
    alternative_tails: tuple[str, ...]  # 也行 / 都可以 closing the second alternative, longest first
    ordinal: re.Pattern[str]
    date_target: re.Pattern[str]  # 改到 / 推迟到 + spaces, ending where a date starts
    spoken_id: re.Pattern[str]
    spoken_id_needs: re.Pattern[str]  # what every spoken key holds (two read-out digits)
    retraction: re.Pattern[str]  # 算了 / 先别动 / 不用了 … (longest first)
    retraction_first: re.Pattern[str]  # the characters a retraction begins with: a scan in C first
    retraction_blockers: tuple[str, ...]  # 计算了, 其他的不用了: not a retraction
    contrast_cores: frozenset[str]  # 不是 standing alone between two objects
    date_unit: re.Pattern[str]  # a numeral before 月/日/号: a date, not a time of day (夜间)
    valueless_changes: frozenset[str]  # 修改 / 改一下: say nothing of the new value
    impossible_clock: re.Pattern[str] | None  # 25点, 10点75分: a time of day that does not exist
    vague_value: re.Pattern[str] | None  # 改到 + 那个常用的站: a value only pointed at (group "v")


@functools.lru_cache(maxsize=1)
def _data() -> _Data:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    d: dict[str, Any] = load_data_file("write_safety.json")
    fillers = frozenset(d["objectFillers"])
    looks = "|".join(re.escape(w) for w in sorted(d["negationLookalikes"], key=len, reverse=True))
    modals = "|".join(re.escape(w) for w in sorted(d["negatableModals"], key=len, reverse=True))
    return _Data(
        lookalikes=tuple(sorted(d["negationLookalikes"].items(), key=lambda kv: -len(kv[0]))),
        modals=tuple(sorted(d["negatableModals"], key=len, reverse=True)) + ("",),
        left_context=tuple(d["leftContext"]),
        words=tuple(d["lookalikeWords"]),
        fillers=fillers,
        longest_filler=max(map(len, fillers), default=1),
        before_verb=re.compile(f"(?P<look>{looks})(?P<modal>{modals})? *\\Z", re.IGNORECASE),
        date_shape=re.compile("|".join(f"(?:{x})" for x in d["dateShapes"])),
        date_needs=re.compile(d["dateShapeNeeds"]),
        alternative=re.compile(f"[\\s，,、]*(?:{_alt(d['alternativeWords'])})[\\s，,、]*\\Z"),
        alternative_tails=tuple(sorted(d["alternativeTails"], key=len, reverse=True)),
        ordinal=re.compile("|".join(f"(?:{x})" for x in d["ordinalPicks"])),
        date_target=re.compile(f"(?:{_alt(d['dateTargetVerbs'])})\\s*\\Z"),
        spoken_id=re.compile("|".join(f"(?:{x})" for x in d["spokenIdShapes"])),
        spoken_id_needs=re.compile(d["spokenIdNeeds"]),
        retraction=re.compile(_alt(d["retractions"])),
        retraction_first=re.compile("[" + "".join(sorted({re.escape(w[0]) for w in d["retractions"]})) + "]"),
        retraction_blockers=tuple(sorted(d["retractionBlockers"], key=len, reverse=True)),
        contrast_cores=frozenset(d["contrastCores"]),
        date_unit=re.compile(d["dateUnit"]),
        valueless_changes=frozenset(d["valuelessChanges"]),
        impossible_clock=re.compile("|".join(f"(?:{x})" for x in d["impossibleClocks"])) if d.get("impossibleClocks") else None,
        vague_value=re.compile(f"(?:{_alt(d['vagueValueVerbs'])})\\s*(?P<v>(?:{_alt(d['vagueValueOpeners'])})[^，,。；;！!？?\\n]{{0,12}})")
        if d.get("vagueValueVerbs") else None,
    )


def _alt(words) -> str:  # noqa: ANN001
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def is_write(draft: Draft) -> bool:
    """The turn orders a write: a write frame, or (when the semantic stages did not run) an
    imperative write word."""
    return any(f.write for f in draft.frames) or bool(draft.scratch.get(K.IMPERATIVE_WRITES))


def write_risk(draft: Draft, q: QuestionTexts, suspicious: tuple = ()) -> Clarification | None:  # noqa: ANN001
    """The question to ask before this write may go ahead (texts from `q`), or None when it is certain.

    `suspicious`: the look-alike, malformed or bare keys the policy found on the final text
    (`nlu.suspicious`); a malformed one is a write's key of the wrong shape."""
    if not is_write(draft):
        # a change verb that takes a date (WO-… 改到 13月1日) is a write's date even where no
        # write frame was read
        return _retimed_to_impossible_date(draft, q)
    checks = (_ordinal_pick, _unsettled_repair, _dangling_repair, _direction_conflict, _retracted_write,
              _filler_joined_objects, _run_together_names, _alternative_objects, _two_destinations,
              _contrasted_objects,
              _change_without_value, _negation_lookalike, _impossible_date, _impossible_clock, _vague_value,
              functools.partial(_unsure_identifier, suspicious=suspicious), _zero_led_number, _unconfirmed_object,
              _class_noun_mover)
    for check in checks:
        found = check(draft, q)
        if found is not None:
            return found
    return None


# -- the checks ------------------------------------------------------------------------
def _unsettled_repair(draft: Draft, q: QuestionTexts) -> Clarification | None:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.semantics.self_repair import after_token

    text = draft.original
    markers = _markers(text)
    if not markers:
        return None  # (the usual turn: no marker, nothing else to look at)
    repaired = [(o.o0, o.o1) for o in draft.edits if o.applied and o.edit.type == "self_repair"]
    for mk in markers:
        if mk.typed_only:
            continue  # 改成 / 算了 are a repair only as a typed one (the cleaning applies those)
        if mk.start == 0 or not (mk.strong or text[mk.start - 1] in _PAUSE or after_token(text, mk.start)):
            continue
        if any(a <= mk.start and mk.end <= b for a, b in repaired):
            continue  # the cleaning settled it (a changed key is the policy's own rule)
        if not text[mk.end:].strip(_CLOSING):
            continue  # nothing after it: no correction said (a dangling one is `_dangling_repair`)
        return Clarification("protected_change", q.question("unsettled_repair", marker=mk.text.strip(" ，,、")),
                             ["canonicalText", "semanticFrames"], [])
    return None


def _dangling_repair(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """把 AGV-31 派去 ST-06，不对: a correction marker closing the turn retracts the write (or a
    part of it) and says nothing in its place — what is the order now? (`missing_slot`)"""
    text = draft.original
    for mk in _markers(text):
        if mk.typed_only or mk.start == 0 or text[mk.end:].strip(_CLOSING):
            continue
        if not (mk.strong or text[mk.start - 1] in _PAUSE):
            continue  # …的不对 closing a sentence is said of something, not a correction
        return Clarification("missing_slot", q.question("dangling_repair", marker=mk.text.strip(" ，,、")),
                             ["canonicalText", "semanticFrames"], [])
    return None


@functools.lru_cache(maxsize=8)
def _markers(text: str) -> tuple:
    """The self-repair markers of `text` (one regex pass, shared by the two repair checks)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.semantics.self_repair import default_grammar

    return tuple(default_grammar().markers(text))


def _filler_joined_objects(draft: Draft, q: QuestionTexts) -> Clarification | None:
    data = _data()
    text = draft.original
    if not any(f in text for f in data.fillers):
        return None  # no filler anywhere: none joins two objects
    ids = sorted((p for p in draft.protected if p.kind == "identifier"), key=lambda p: p.o0)
    for a, b in zip(ids, ids[1:]):
        gap = text[a.o1:b.o0]
        if len(gap) > 12 or not _only_fillers(gap.replace(" ", ""), data):
            continue
        return _one_or_both(draft, q, a, b, "entity")
    return None


def _one_or_both(draft: Draft, q: QuestionTexts, a, b, reason: str = "missing_slot") -> Clarification:  # noqa: ANN001 - two facts with o0/o1
    """Two objects run together: one, the other or both? (`reason`, options from their text)"""
    text = draft.original
    x, y = text[a.o0:a.o1], text[b.o0:b.o1]
    opts = readings(draft, a.o0, b.o1, [(q.option("only_one", id=x), x), (q.option("only_one", id=y), y),
                                        (q.option("both_label", first=x, second=y), q.option("both_fill", first=x, second=y))])
    return Clarification(reason, q.question("filler_joined_objects", first=x, second=y),
                         ["entities", "semanticFrames"], opts)


def _only_fillers(gap: str, data: _Data) -> bool:
    """`gap` is one or more filler words end to end (嗯, 呃, 那个, 嗯嗯)."""
    if not gap:
        return False
    ok = [True] + [False] * len(gap)  # ok[i]: gap[:i] is fillers end to end
    for i in range(len(gap)):
        if ok[i]:
            for k in range(1, min(data.longest_filler, len(gap) - i) + 1):
                if gap[i:i + k] in data.fillers:
                    ok[i + k] = True
    return ok[-1]


def _negation_lookalike(draft: Draft, q: QuestionTexts) -> Clarification | None:
    data = _data()
    text = draft.original
    negation = dict(data.lookalikes)
    for o0, _o1 in draft.scratch.get(K.WRITE_ACTIONS) or ():
        w0 = max(0, o0 - _LOOK_WINDOW)
        m = data.before_verb.search(text[w0:o0])
        if m is None:
            continue
        p, look, modal = w0 + m.start(), m.group("look").lower(), m.group("modal") or ""
        if _opens_clause(text, p, look, data) and not _in_word(text, p, look, data):
            shown = text[p:o0].strip()
            return Clarification("protected_change", q.question("negation_lookalike", shown=shown, negation=negation[look], modal=modal),
                                 ["semanticFrames", "protectedSpans"], [])
    return None


def _opens_clause(text: str, p: int, look: str, data: _Data) -> bool:
    """The look-alike stands where a negation would: the clause start, after a pause, or after
    a subject or adverb (我, 先, 请 …); a typed syllable (bu) not inside a Latin word."""
    if p == 0:
        return True
    left = text[p - 1]
    if look.isascii():
        return not (left.isascii() and left.isalnum())
    if left in _PAUSE or not ("\u3400" <= left <= "\u9fff"):
        return True
    return any(text.startswith(w, p - len(w)) for w in data.left_context)


def _in_word(text: str, p: int, look: str, data: _Data) -> bool:
    """全部 / 下一步 / 补充: the character belongs to a real word."""
    for w in data.words:
        at = w.find(look)
        while at >= 0:
            if text.startswith(w, p - at):
                return True
            at = w.find(look, at + 1)
    return False


def _impossible_date(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """A time value that resolves to nothing (2月30日), or a date-shaped phrase no resolved
    time value covers (13月5号: the value reader does not even take it for a date)."""
    values = draft.scratch.get(K.VALUES) or ()
    date_unit = _data().date_unit
    for v in values:
        # only a date can be impossible: 夜间 / 白天 resolve to no day, but they are no date
        if v.kind in _TIME_KINDS and v.canonical_value is None and date_unit.search(draft.original, v.o0, v.o1):
            return _bad_date(q, draft.original[v.o0:v.o1])
    if _data().date_needs.search(draft.original) is None:
        return None  # no date shape anywhere (the usual write)
    resolved = [(v.o0, v.o1) for v in values if v.kind in _TIME_KINDS and v.canonical_value is not None]
    for m in _data().date_shape.finditer(draft.original):
        if not any(a <= m.start() and m.end() <= b for a, b in resolved):
            return _bad_date(q, m.group())
    return None


_CLOCK_UNITS = ("点", "时")  # what every impossibleClocks shape holds: the cheap test first


def _impossible_clock(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """明天25点派一单 / 10点75分: no such hour or minute — the time of the order is unknown,
    never another hour (`protected_change`)."""
    text = draft.original
    clock = _data().impossible_clock
    if clock is None or not any(u in text for u in _CLOCK_UNITS):
        return None  # no clock time anywhere (the usual write)
    m = clock.search(text)
    if m is None:
        return None
    return Clarification("protected_change", q.question("impossible_time", shown=m.group().strip()),
                         ["entities", "semanticFrames"], [])


def _bad_date(q: QuestionTexts, shown: str) -> Clarification:
    return Clarification("protected_change", q.question("impossible_date", shown=shown), ["entities", "semanticFrames"], [])


def _unconfirmed_object(draft: Draft, q: QuestionTexts) -> Clarification | None:
    for e in draft.entities:
        if e.type in _OBJECT_TYPES and not e.confirmed and e.canonical_value is None:
            shown = draft.original[e.o0:e.o1]
            # a write's object that is not certain: which object is meant is an `entity` question
            # (ontology: an object reference bare or unknown in a way that changes the request)
            return Clarification(WHICH_OBJECT, q.question("unconfirmed_object", shown=shown), ["entities", "semanticFrames"], [])
    return None


def _vague_value(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """把 T-… 的终点改到那个常用的站 / 派 AGV-05 到那边: the new value or destination is only
    pointed at — no identifier, place or time stands in the phrase — so the write's parameter
    is not said (`missing_slot`; design 8: never guessed)."""
    rx = _data().vague_value
    m = rx.search(draft.original) if rx is not None else None
    if m is None:
        return None
    v0, v1 = m.span("v")
    values = draft.scratch.get(K.VALUES) or ()
    if any(v0 <= e.o0 < v1 for e in draft.entities) or any(v0 <= v.o0 < v1 for v in values):
        return None  # 改到这周五 / 派到那个 ST-05: the value is said
    shown = m.group("v").strip()
    return Clarification("missing_slot", q.question("unconfirmed_object", shown=shown), ["entities", "semanticFrames"], [])


def _ordinal_pick(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """把 HXD1-0001 和 HXD1-0010 的工单，哦不，就第一个删了: an ordinal after two or more objects
    points at one of them; in a write the system may not pick it (design 7.8)."""
    text = draft.original
    if _data().ordinal.search(text) is None:
        return None  # (the usual turn: no ordinal at all)
    ids = sorted((p for p in draft.protected if p.kind == "identifier"), key=lambda p: p.o0)
    if len(ids) < 2:
        return None
    for m in _data().ordinal.finditer(text):
        before = [p for p in ids if p.o1 <= m.start()]
        if len({text[p.o0:p.o1] for p in before}) < 2:
            continue
        names = "、".join(dict.fromkeys(text[p.o0:p.o1] for p in before))
        return Clarification("coreference", q.question("ordinal_pick", mention=m.group(), names=names),
                             ["coreferences", "entities", "semanticFrames"], [])
    return None


def _direction_conflict(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """取消 T-…01 任务啊不取消 T-…01: one write verb on one object, once negated and once not —
    a correction or a negation? The direction of the write is not settled."""
    writes = draft.scratch.get(K.WRITE_ACTIONS) or ()
    if len(writes) < 2:
        return None  # one write verb cannot be said both ways
    text = draft.original
    negs = [p for p in draft.protected if p.kind == "negation"]
    ids = sorted((p for p in draft.protected if p.kind == "identifier"), key=lambda p: p.o0)
    seen: dict[tuple[str, str], bool] = {}
    for o0, o1 in writes:
        # its object: an identifier right after the verb, or one shortly before it (把 … 取消)
        obj = next((p for p in ids if 0 <= p.o0 - o1 <= 4), None) or \
            next((p for p in reversed(ids) if 0 <= o0 - p.o1 <= 12), None)
        if obj is None:
            continue
        negated = any(0 <= o0 - n.o1 <= 1 for n in negs)
        key = (text[o0:o1], text[obj.o0:obj.o1])
        if key in seen and seen[key] != negated:
            return Clarification("protected_change", q.question("direction_conflict", verb=key[0], shown=key[1]),
                                 ["semanticFrames", "protectedSpans"], [])
        seen.setdefault(key, negated)
    return None


def _alternative_objects(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """派 AGV-02 去 ST-05，或者 ST-06 也行: two objects of one type offered as alternatives."""
    data = _data()
    text = draft.original
    objs = sorted((e for e in draft.entities if e.type in _OBJECT_TYPES), key=lambda e: e.o0)
    for a, b in zip(objs, objs[1:]):
        if a.type != b.type or b.o0 - a.o1 > 12 or data.alternative.match(text, a.o1, b.o0) is None:
            continue
        x, y = text[a.o0:a.o1], text[b.o0:b.o1]
        end = b.o1
        gap = len(text[end:]) - len(text[end:].lstrip())
        tail = next((w for w in data.alternative_tails if text.startswith(w, end + gap)), None)
        if tail is not None:
            end += gap + len(tail)  # the option replaces "ST-05，或者ST-06也行" whole
        opts = readings(draft, a.o0, end, [(x, x), (y, y)])
        return Clarification(WHICH_OBJECT, q.question("alternative_objects", first=x, second=y),
                             ["entities", "semanticFrames"], opts)
    return None


def _two_destinations(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """AGV-03 派 ST-02 派 ST-04: two dispatches of the turn's one mover, each to its own place —
    where is it to go? (One dispatch to places joined by 和 is a route, not asked here.)"""
    creates = [f for f in draft.frames if f.write and not f.negated and f.action_class == "create"]
    if len(creates) < 2:
        return None  # one dispatch at most (nearly every turn)
    movers = {e.id for e in draft.entities if e.type in ("vehicle", "locomotive")}
    places = {e.id: e for e in draft.entities if e.type in ("station", "location")}
    if len(movers) != 1:
        return None
    targets: list = []
    for f in creates:
        ids = [i for a in f.arguments if a.role in ("target", "patient") for i in (a.entity_ids or ()) if i in places]
        if ids and places[ids[0]] not in targets:
            targets.append(places[ids[0]])
    if len(targets) < 2:
        return None
    a, b = sorted(targets[:2], key=lambda e: e.o0)
    text = draft.original
    x, y = text[a.o0:a.o1], text[b.o0:b.o1]
    opts = readings(draft, a.o0, b.o1, [(x, x), (y, y)])
    return Clarification(WHICH_OBJECT, q.question("alternative_objects", first=x, second=y),
                         ["entities", "semanticFrames"], opts)


def _retracted_write(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """取消吧那个任务 T-… 好像也不用了算了还是先别动 / 删除 WO-… 不用了: after the write verb the
    user takes the order back or leaves it hanging (算了, 先别动, 不用了 …, with or without a
    pause). Which direction holds is not for this layer to pick (design 8: the direction of a
    write must be settled). Not a retraction said before the verb (算了，直接取消 T-… 吧), inside
    another word (计算了) or of something else (其他的不用了), nor one the cleaning applied as a
    typed repair."""
    writes = [f for f in draft.frames if f.write]
    said = [f for f in writes if not f.negated]
    if not said:
        return None
    text = draft.original
    data = _data()
    # 删除 WO-…，不删了: the same verb said again negated, with no object of its own, takes it back
    # (a negated one with its own object is a second order: 取消 T-…01，不取消 T-…02; another
    # verb is a contrast: 取消 T-…，不是删除)
    taken_back = next((f for f in writes if f.negated and not any(a.role in ("patient", "target") for a in f.arguments)
                       and any(g.action_class == f.action_class and g.predicate[:1] == f.predicate[:1] for g in said)), None)
    first = _first_write_verb(draft, text)
    if first is None:
        return None
    first0, first1 = first
    verb = text[first0:first1]
    if taken_back is not None:
        at = text.find(taken_back.predicate, first1)
        if at >= 0:
            neg = next((n for n in draft.protected if n.kind == "negation" and 0 <= at - n.o1 <= 1), None)
            shown = text[neg.o0 if neg is not None else at:at + len(taken_back.predicate)]  # 不删, not 删
            return Clarification("intent", q.question("retracted_write", verb=verb, shown=shown), ["semanticFrames"], [])
    if data.retraction_first.search(text, first1) is None:
        return None  # no character a retraction begins with after the verb (most writes)
    repaired = [(o.o0, o.o1) for o in draft.edits if o.applied and o.edit.type == "self_repair"]
    for m in data.retraction.finditer(text, first1):
        if text.endswith(data.retraction_blockers, 0, m.start()) or text.startswith(_DE, m.end()):
            continue  # 计算了 / 其他的不用了 / 不用了的任务
        if any(a <= m.start() and m.end() <= b for a, b in repaired):
            continue
        return Clarification("intent", q.question("retracted_write", verb=verb, shown=m.group()),
                             ["semanticFrames"], [])
    return None


def _first_write_verb(draft: Draft, text: str) -> tuple[int, int] | None:
    """The span of the earliest write word of the turn: a pack word (protect) or the predicate
    of an unnegated write frame a construction implied."""
    spans = list(draft.scratch.get(K.WRITE_ACTIONS) or ())
    for f in draft.frames:
        if f.write and not f.negated and f.predicate:
            at = text.find(f.predicate)
            if at >= 0:
                spans.append((at, at + len(f.predicate)))
    return min(spans) if spans else None


def _run_together_names(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """给 HXD1-0033 创建工单负责人张三李四: two person names with nothing (or only fillers) between
    them stand where the write takes one person — one, the other or both? Not 张三和李四 /
    张三、李四 (a list said as one), nor names in different roles (从张伟换成刘洋)."""
    data = _data()
    text = draft.original
    people = sorted((e for e in draft.entities if e.type == "person"), key=lambda e: e.o0)
    for a, b in zip(people, people[1:]):
        gap = text[a.o1:b.o0].replace(" ", "")
        if gap and not _only_fillers(gap, data):
            continue
        return _one_or_both(draft, q, a, b)
    return None


def _contrasted_objects(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """派 AGV-09 去 ST-15 不是 ST-16: a bare 不是 standing alone between two objects of one type
    may correct the first (…不是，我是说 ST-16) or contrast it (…, not ST-16); the write must not
    pick one. Not 而不是 / 不是去 (a contrast said in full), nor a repair the cleaning applied."""
    data = _data()
    text = draft.original
    objs = sorted((e for e in draft.entities if e.type in _OBJECT_TYPES), key=lambda e: e.o0)
    for a, b in zip(objs, objs[1:]):
        if a.type != b.type or b.o0 - a.o1 > 8 or text[a.o1:b.o0].strip("".join(_PAUSE)) not in data.contrast_cores:
            continue
        x, y = text[a.o0:a.o1], text[b.o0:b.o1]
        return Clarification("protected_change", q.question("alternative_objects", first=x, second=y),
                             ["entities", "semanticFrames"], readings(draft, a.o0, b.o1, [(x, x), (y, y)]))
    return None


_VALUE_ROLES = frozenset({"target", "time", "quantity", "amount", "range"})


def _change_without_value(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """改一下 WO-… / 修改 WO-… / 把 T-… 调一下: an update of an object by a verb that names no new
    value, with no target, time or quantity said — the parameter of the write is missing
    (design 8: a write missing its parameter is never guessed). Not 把 WO-… 的负责人改成刘洋
    (a target), 修改 WO-… 到明天 (a time)."""
    data = _data()
    for f in draft.frames:
        if not f.write or f.negated or f.action_class != "update" or f.predicate not in data.valueless_changes:
            continue
        if any(a.role in _VALUE_ROLES or a.role != "patient" and a.entity_ids for a in f.arguments):
            continue  # a target, a time, or another entity (…的负责人为张三) may be the value
        patient = next((a for a in f.arguments if a.role == "patient" and a.entity_ids), None)
        if patient is None:
            continue  # no object either: `write_without_object` asks for it
        e = next((e for e in draft.entities if e.id == patient.entity_ids[0]), None)
        shown = draft.original[e.o0:e.o1] if e is not None else f.predicate
        return Clarification("missing_slot", q.question("change_without_value", shown=shown),
                             ["semanticFrames"], [])
    return None


def _unsure_identifier(draft: Draft, q: QuestionTexts, suspicious: tuple = ()) -> Clarification | None:  # noqa: ANN001
    """取消T-202603150 (a digit missing) / 取消 T 二零二六零三一五零一 (read out): the write's key
    has the shape of an identifier but is not one that can be confirmed."""
    data = _data()
    m = data.spoken_id.search(draft.original) if data.spoken_id_needs.search(draft.original) else None
    if m is not None:
        return Clarification("protected_change", q.question("unsure_identifier", shown=m.group().strip()),
                             ["entities", "protectedSpans"], [])
    bad = next((x for x in suspicious if x.reason == "malformed_identifier"), None)
    if bad is not None:
        return Clarification("protected_change", q.question("unsure_identifier", shown=draft.text[bad.start:bad.end]),
                             ["entities", "protectedSpans"], [])
    return None


def _zero_led_number(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """把 07 派到 ST-03 / 关闭 0312: a number written with a leading zero stands where the write's
    object should be — a count is never written so (07 台); it is a key said bare (ontology
    `entity`: 查 01, as `bare_reference` asks of a read). Which object is it?"""
    text = draft.original
    for e in draft.entities:
        if e.type == "quantity" and e.o1 - e.o0 >= 2 and text[e.o0] == "0" and text[e.o0:e.o1].isdigit():
            return Clarification("entity", q.question("bare_reference", shown=text[e.o0:e.o1]), ["entities"], [])
    return None


def spoken_identifier_at(text: str, i: int) -> int | None:
    """The end of a key read out in Chinese digits starting at `i` (spaces skipped: 给 AGV零七 …),
    or None — a write's object the layer cannot confirm (spokenIdShapes)."""
    while i < len(text) and text[i] == " ":
        i += 1
    m = _data().spoken_id.match(text, i)
    return None if m is None else m.end()


def _retimed_to_impossible_date(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """WO-20260312 改到 13月1日: a date right after a change verb belongs to a write."""
    data = _data()
    text = draft.original
    if data.date_needs.search(text) is None:
        return None
    for m in data.date_shape.finditer(text):
        if data.date_target.search(text, max(0, m.start() - 8), m.start()) is not None:
            return _impossible_date(draft, q)
    return None


def _class_noun_mover(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """让小车去 ST-05 / 派车去五号站: the mover is named only by its class noun — which one?"""
    text = draft.original
    if any(e.type in ("vehicle", "locomotive") for e in draft.entities):
        return None
    for _o0, o1 in _dispatch_verbs(draft):
        if class_mover_sent(text, o1, len(text)):
            return Clarification("missing_slot", q.question("class_noun_mover"), ["entities", "semanticFrames"], [])
    return None


def _dispatch_verbs(draft: Draft, classes: tuple[str, ...] | None = ("create",)) -> list[tuple[int, int]]:
    """Where the predicates of the turn's unnegated write frames of `classes` (None: any) stand
    in the original text."""
    text, out = draft.original, []
    for p in {f.predicate for f in draft.frames if f.write and not f.negated and (classes is None or f.action_class in classes)}:
        at = text.find(p)
        while at >= 0 and p:
            out.append((at, at + len(p)))
            at = text.find(p, at + 1)
    return out
