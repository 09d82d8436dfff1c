"""Is anything about this write uncertain? (issue 13, part 4; design 8: writes never fail open)

A write (an order to create, update, cancel, delete …) goes ahead only when its object,
parameter, negation and date are certain. Each check below finds one way they are not and
returns the clarification to ask instead; the policy asks the first one found:

* a self-repair marker the cleaning could not settle (取消 T-…41 哦不是 T-…42 吧): which
  object is meant? (`protected_change`)
* two objects joined only by a filler (把 ST-11嗯ST-17 的任务都取消): one, the other or both?
  The object is not settled (`missing_slot`)
* a character or typed syllable that reads like a negation right before the write
  (布要删除, bu要删除): is it 不要删除? (`protected_change`)
* a date that does not exist (推迟到2月30日, 13月5号): the value is unknown (`protected_change`)
* an object named only by a spoken number or otherwise unconfirmed (让3号车去 ST-09): which
  one? (`missing_slot`)

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

if TYPE_CHECKING:
    from nlu.lexicon.model import QuestionTexts

# what an object of a write can be; a quantity or a time is a parameter, not an object
_OBJECT_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})
_TIME_KINDS = frozenset({"time", "time_range"})
_PAUSE = frozenset(" \t，,。.！!？?；;：:、\n")
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


@functools.lru_cache(maxsize=1)
def _data() -> _Data:
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
    )


def is_write(draft: Draft) -> bool:
    """The turn orders a write: a write frame, or (when the semantic stages did not run) an
    imperative write word."""
    return any(f.write for f in draft.frames) or bool(draft.scratch.get(K.IMPERATIVE_WRITES))


def write_risk(draft: Draft, q: QuestionTexts) -> Clarification | None:
    """The question to ask before this write may go ahead (texts from `q`), or None when it is certain."""
    if not is_write(draft):
        return None
    for check in (_unsettled_repair, _filler_joined_objects, _negation_lookalike, _impossible_date,
                  _unconfirmed_object):
        found = check(draft, q)
        if found is not None:
            return found
    return None


# -- the checks ------------------------------------------------------------------------
def _unsettled_repair(draft: Draft, q: QuestionTexts) -> Clarification | None:
    from nlu.semantics.self_repair import after_token, default_grammar

    text = draft.original
    repaired = [(o.o0, o.o1) for o in draft.edits if o.applied and o.edit.type == "self_repair"]
    for mk in default_grammar().markers(text):
        if mk.start == 0 or not (mk.strong or text[mk.start - 1] in _PAUSE or after_token(text, mk.start)):
            continue
        if any(a <= mk.start and mk.end <= b for a, b in repaired):
            continue  # the cleaning settled it (a changed key is the policy's own rule)
        if not text[mk.end:].strip(" ，,。.！!？?"):
            continue  # nothing after it: not a correction of anything
        return Clarification("protected_change", q.question("unsettled_repair", marker=mk.text.strip(" ，,、")),
                             ["canonicalText", "semanticFrames"], [])
    return None


def _filler_joined_objects(draft: Draft, q: QuestionTexts) -> Clarification | None:
    from nlu.decision.questions import readings

    data = _data()
    ids = sorted((p for p in draft.protected if p.kind == "identifier"), key=lambda p: p.o0)
    text = draft.original
    for a, b in zip(ids, ids[1:]):
        gap = text[a.o1:b.o0]
        if len(gap) > 12 or not _only_fillers(gap.replace(" ", ""), data):
            continue
        x, y = text[a.o0:a.o1], text[b.o0:b.o1]
        opts = readings(draft, a.o0, b.o1, [(q.option("only_one", id=x), x), (q.option("only_one", id=y), y),
                                            (q.option("both_label", first=x, second=y), q.option("both_fill", first=x, second=y))])
        return Clarification("missing_slot", q.question("filler_joined_objects", first=x, second=y),
                             ["entities", "semanticFrames"], opts)
    return None


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
    for v in values:
        if v.kind in _TIME_KINDS and v.canonical_value is None:
            return _bad_date(q, draft.original[v.o0:v.o1])
    resolved = [(v.o0, v.o1) for v in values if v.kind in _TIME_KINDS and v.canonical_value is not None]
    for m in _data().date_shape.finditer(draft.original):
        if not any(a <= m.start() and m.end() <= b for a, b in resolved):
            return _bad_date(q, m.group())
    return None


def _bad_date(q: QuestionTexts, shown: str) -> Clarification:
    return Clarification("protected_change", q.question("impossible_date", shown=shown), ["entities", "semanticFrames"], [])


def _unconfirmed_object(draft: Draft, q: QuestionTexts) -> Clarification | None:
    for e in draft.entities:
        if e.type in _OBJECT_TYPES and not e.confirmed and e.canonical_value is None:
            shown = draft.original[e.o0:e.o1]
            return Clarification("missing_slot", q.question("unconfirmed_object", shown=shown), ["entities", "semanticFrames"], [])
    return None
