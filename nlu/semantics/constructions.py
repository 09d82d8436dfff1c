"""Grammatical constructions that carry an action without a pack action word.

* 把 + object + V + 成/为/到/至/往/给 (disposal): an update of the object
  (把 WO-… 的修程改成 C5, 把 AGV-01 调到 ST-01, 把计划推迟到下周一); 把 + object + 改/调/换
  + 一下 closing the clause (把工单改一下) is an update with its result unsaid.
  A disposal that sends a mover somewhere (把 AGV-01 送到 ST-05, 把小车开往 ST-02) is a
  dispatch: a create. 调高/调低/提高/降低 are resultatives too (把优先级调高).
* 派 / 让 / 叫 + (number +) mover + 去/到 … (causative dispatch): a create
  (派 3 台 AGV 去 ST-05, 让 AGV-11 去 ST-03 取货, 给 AGV-03 派任务).
* A topic dispatch: mover(s) first, then 派/调 + 去/到/往 + a place (AGV-05 和 AGV-06 一起派去
  ST-05): a create.
* An attribute change with the object said first (T-… 优先级调到最高, WO-… 修程改成 C5): an
  update, unless a question word or a relative 的 follows (优先级调到多少了, 调成高优先级的任务).
* 建 / 开 + (一张 …) + a record noun (工单, 任务, 计划): a create (给 HXD1-0020 建检修工单).
* A change verb without 把 (推迟 HXD1-0007 的计划, 改负责人, 改成 ST-09): an update, when an
  object or an attribute follows it.
And the uses of an action word that are not a predicate of the sentence: a relative
clause (人工取消的, 已关闭的), a word under an exclusion (不包括…, 除了…), a nominal use
(…的安排) or a modifier of a report/plan noun (调度报表), words inside quotation marks when
the sentence goes on outside them (扫描件上写着“取消 T-…”，这是谁取消的), a perfective question
about a state change (它恢复了吗, 工单关闭了没有), a verb repeated after fillers (取消 嗯 取消掉) and a 用+presentation manner phrase before
the verb it modifies (用柱状图展示 …).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from types import SimpleNamespace

from nlu.lexicon.word_classes import alternation, char_class, function_words, implied_action_words
from nlu.semantics import cues
from nlu.semantics.movers import class_mover_sent, sent_on as _sent_on  # noqa: F401 - class_mover_sent: its old home
from nlu.semantics.referring import referring_patterns
from nlu.semantics.view import SentenceView, Word
from nlu.semantics.write_risk import spoken_identifier_at
from nlu.semantics.write_uses import echo_of, state_use
from nlu.values.vocabulary import PerRoot

MOVERS = frozenset({"vehicle", "locomotive"})
_RECORD_TYPES = frozenset({"task", "work_order"})


@dataclass(frozen=True, slots=True)
class ImpliedAction:
    word: str
    action_class: str
    write: bool
    # the write's object is named only by its class (把所有车派到 ST-03): the policy asks which
    object_unsaid: bool = False


# The words are data (lexicons/implied_actions.json, function_words.json, write_safety.json); the
# regex structure stays here and each alternation is built from its class once per pack root, on
# first use (`_words`), never at import or per call.
def _build_words(root) -> SimpleNamespace:  # noqa: ANN001, C901 - a pack root, or None: the default pack
    """The word classes and patterns of the constructions, compiled from the pack at `root`."""
    _RESULT_CHARS = frozenset(function_words(root).result_complements)  # 换成 / 改为: the word names its result
    _W = implied_action_words(root)
    _F = function_words(root)
    _DE = _F.one("attributive_particle")  # 的
    _BA = _F.one("disposal_marker")  # 把
    _JIANG = _W.one("written_disposal_marker")  # 将
    _GEI = _W.one("give_marker")  # 给
    _PAI = _W.one("task_dispatch_verb")  # 派
    _LE = _W.one("perfective_marker")  # 了
    _MEI, _YOU = _W.one("negative_question"), _W.one("existential_verb")  # 没(有)
    _NEW, _NEW_BUILD = _W.one("new_marker"), _W.one("new_build_verb")  # 新 / 新建
    _RESULTATIVE = re.compile(f"[{char_class(_W.resultatives)}]")
    _DEGREE = re.compile(f"(?:{alternation(_W.degree_verbs)})[{char_class(_W.degree_results)}]")  # 把优先级调高
    _SEND_VERBS = frozenset(_W.send_verbs)  # 把 AGV-01 送到 ST-05: dispatch of a mover
    _SEND_RESULTS = "".join(_W.send_results)
    _SMALL_COUNT = alternation(_W.small_counts)
    # the modifier before the record noun is short: a word or two, one space after a level said
    # apart (建一张 C4 修的检修工单)
    _BUILD = re.compile(f"(?:{alternation(_W.build_verbs)})\\s*(?:{_SMALL_COUNT})?\\s*(?:{alternation(_W.build_classifiers)})?"
                        f"\\s*(?:[^\\s，,。；;！!？?]{{1,4}}\\s+)?[^\\s，,。；;！!？?]{{0,4}}?(?:{alternation(_W.record_nouns)})")
    _BUILD_EXCLUDE = _W.build_look_alikes
    _BUILD_STARTS = frozenset(w[0] for w in _W.build_verbs)
    _CHANGE = re.compile(alternation(_W.change_verbs))
    _CHANGE_STARTS = frozenset(w[0] for w in _W.change_verbs)
    _CHANGE_LEFT = "".join(_W.change_left_neighbours)
    _CHANGE_ATTRIBUTES = _W.change_attributes
    _PERFECTIVE_QUESTION = re.compile(f"(?:{_LE})(?:{alternation(_W.question_particles)}|{_MEI}{_YOU}?|{_MEI}|"
                                      f"{_W.one('disjunctive_question')})")
    _TWO_CHAR_VERBS = frozenset(_W.two_char_verbs)
    _DISPATCH_VERBS = "".join(_W.dispatch_verbs)
    _DISPATCH = re.compile(f"[{char_class(_W.dispatch_verbs)}]")
    _DISPATCH_OBJECT = re.compile(f"\\s*(?:{alternation(_W.task_modifiers)})?{_W.one('task_noun')}")
    _EXCLUSION = _W.exclusions
    _REL_TAIL = re.compile(f"[{char_class(_W.relative_aspect)}]?{_DE}")
    _ATTRIBUTES_LONGEST_FIRST = tuple(sorted(_CHANGE_ATTRIBUTES, key=len, reverse=True))
    _ATTRIBUTE_CHANGE = re.compile(f"\\s*(?:{alternation(_W.attribute_change_verbs)})\\s*(?:{alternation(_W.attribute_change_results)})")
    _ASKING_TAIL = re.compile(f"[{char_class(_W.asking_characters)}？?]|{alternation(_W.asking_words)}|{_MEI}{_YOU}?$|{_DE}")
    _TOPIC_SEND = re.compile(f"[{char_class(_W.topic_send_verbs)}]\\s*(?:{alternation(_W.directions)})")
    _BARE_SEND = re.compile(f"{_PAI}\\s*")
    # 调 opens only a topic dispatch (派 is a dispatch verb first, read by that branch)
    _TOPIC_ONLY_STARTS = frozenset(_W.topic_send_verbs) - frozenset(_W.dispatch_verbs)
    _TOPIC_TAIL = " " + "".join(_W.topic_tail_particles)
    _VALUE_CHANGE = re.compile(f"(?:{alternation(sorted(_W.value_change_verbs, key=len, reverse=True))})"
                               f"[{char_class(_W.value_change_results)}]")
    _VALUE_CHANGE_STARTS = frozenset(w[0] for w in _W.value_change_verbs)
    _NARRATED_CHANGE = tuple(sorted(_W.narrated_change_markers, key=len, reverse=True))
    _MOVE = re.compile(alternation(sorted(_W.move_words, key=len, reverse=True)))
    _MOVE_STARTS = frozenset(w[0] for w in _W.move_words)
    _PURPOSE = re.compile(f"\\s*(?:{alternation(sorted(_W.move_purposes, key=len, reverse=True))})")
    _PURPOSES = tuple(sorted(_W.move_purposes, key=len, reverse=True))
    _PURPOSE_STARTS = frozenset(w[0] for w in _PURPOSES)
    # the purpose said before the motion word (AGV-44 送货到 ST-07): one word, the motion word right after
    _PURPOSE_FIRST = re.compile(f"(?:{alternation(_PURPOSES)})(?:{alternation(sorted(_W.move_words, key=len, reverse=True))})")
    _MOVE_WORDS = frozenset(_W.move_words)
    _TOPIC_DISPOSAL_CLASS = {**{w: "update" for w in _W.disposal_update_verbs}, **{w: "cancel" for w in _W.disposal_cancel_verbs}}
    _TOPIC_DISPOSAL = re.compile(f"(?P<v>[{char_class(tuple(_TOPIC_DISPOSAL_CLASS))}])(?:{alternation(_W.disposal_perfectives)})")
    _TOPIC_DISPOSAL_STARTS = frozenset(_TOPIC_DISPOSAL_CLASS)
    _IMPERATIVE_TAILS = tuple(_W.topic_disposal_tails)
    # between a topic object and its disposal verb: spaces and the speaker's coverbs or a permission
    _DISPOSAL_GAP = re.compile(f"(?:\\s|{alternation(sorted((*_W.disposal_gap_words, *_W.disposal_scope_adverbs), key=len, reverse=True))})*")
    _PERMISSIONS = tuple(_W.permission_modals)
    _DROPPING = re.compile(alternation(sorted(_W.dropping_idioms, key=len, reverse=True)))
    _DROPPING_STARTS = frozenset(w[0] for w in _W.dropping_idioms)
    _LIGHT_DISPATCH = re.compile(alternation(sorted(_W.light_dispatch, key=len, reverse=True)))
    _SCHEDULE_TAIL = re.compile(alternation(sorted(_W.schedule_tails, key=len, reverse=True)))
    _LIGHT_DISPATCH_STARTS = frozenset(w[0] for w in (*_W.light_dispatch, *_W.schedule_tails))
    _LIGHT_OPENERS = re.compile(f"(?:\\s|{alternation(sorted(_W.light_order_openers, key=len, reverse=True))})*")
    _ORDER_VERBS = re.compile(f"\\s*(?:{alternation(_W.order_verbs)})\\s*")
    _ORDER_COUNT = re.compile(f"(?:{_SMALL_COUNT})?\\s*(?:{alternation(_W.order_classifiers)})?")
    _ORDER_NOUNS = _W.order_nouns
    _ORDER_ITSELF = _W.order_itself_classifiers  # 单 (一单): the counted thing is the order
    _ORDER_ASKING = re.compile(f"[{char_class(_W.question_particles)}？?]|{alternation(_W.order_asking_words)}|{_MEI}{_YOU}?\\s*$")
    _ORDER_GIVEN = re.compile(f"[{char_class(_W.past_markers)}]?{_DE}|{_LE}")
    _SENT_AWAY = re.compile(f"\\s*(?P<v>[{char_class(_W.send_verbs)}])(?:{alternation(sorted(_W.send_away, key=len, reverse=True))})")
    _RECORD_NOUNS_LONGEST_FIRST = tuple(sorted(_W.record_nouns, key=len, reverse=True))
    _COLLOQUIAL_CLASS = _TOPIC_DISPOSAL_CLASS  # the same verbs with 把 (把 T-… 撤了) as without (T-… 撤掉)
    # after the disposal's object: its record noun (的工单), a scope adverb (都), 给, then 撤/关/停 + 了/掉
    # (把 T-… 给撤了, 把 T-… 和 T-… 都撤了)
    _COLLOQUIAL_VERB = re.compile(f"\\s*(?:{_DE}?\\s*(?:{alternation(_W.record_nouns)}))?\\s*"
                                  f"(?:{alternation(sorted(_W.disposal_scope_adverbs, key=len, reverse=True))})?\\s*{_GEI}?\\s*"
                                  f"(?P<v>[{char_class(tuple(_COLLOQUIAL_CLASS))}])(?:{alternation(_W.disposal_perfectives)})")
    # after the disposal's mover: the speaker's coverb, an optional one-character verb, the state
    # (把 AGV-19 踢下线, 把AGV-20给我拉下线, 把 AGV-11 下线); the verb is no particle or negation
    _STATE_RESULT = re.compile(f"(?:\\s|{alternation(sorted(_W.disposal_gap_words, key=len, reverse=True))})*"
                               f"(?P<v>[\u4e00-\u9fff](?<![{_DE}{_LE}{_BA}]))??"
                               f"(?P<r>{alternation(sorted(_W.state_results, key=len, reverse=True))})")
    _OPEN_CHANGE_ENDS = _W.open_change_ends  # 改一下 names no result
    _LIGHT_STARTS = frozenset(_W.light_change_verbs)
    # between an object and its light change: nothing, or 的 + one of the attributes a change names
    _LIGHT_OBJECT_GAP = re.compile(f"\\s*(?:{_DE}?\\s*(?:{alternation(sorted(_W.change_attributes, key=len, reverse=True))})\\s*)?")
    # 把工单改一下 / 把 T-… 调一下: a change, result unsaid
    # (or the verb said twice around 一: 调一调, 挪一挪)
    _LIGHT_CHANGE = re.compile(f"(?P<lv>[{char_class(_W.light_change_verbs)}])\\s*(?:{alternation(_OPEN_CHANGE_ENDS)}|一(?P=lv))")
    _LIGHT_TAIL = " " + "".join(_W.light_tail_particles) + "，,。；;！!"
    _ARRIVAL = _W.arrival_verbs  # 去 / 到
    _RETURN = _W.one("return_verbs")  # 回 (+ a place)
    _SENT_TAIL = " ，,。！!？?" + "".join(_W.sent_tail_particles)
    _OPEN_RESULT_TAIL = " ，,。；;！!？?\n" + "".join(_W.open_result_particles)
    _MANNER = _W.manner_markers
    _NOUN_TAIL = _W.noun_tail_particles
    _OWNED_RECORDS = re.compile(f"\\s*{_DE}\\s*(?:{alternation(_W.retimed_record_nouns)})\\s*")
    _MOVER_ORDINAL = re.compile(f"\\s*[{char_class(_W.mover_ordinal_digits)}]{{1,3}}\\s*(?:{alternation(_W.mover_ordinal_mark)})")
    _SENT_TO = re.compile(f"\\s*[{char_class(_W.send_results)}]\\s*")
    _ASSIGNEES = frozenset(_W.assignee_types)
    _LATIN_STARTS = _latin(root)[2]
    # every character a construction of `implied_actions` can open with (defined after all of them):
    # one character class, which the regex engine scans for in C
    _SWITCH = re.compile(alternation(sorted(_W.switch_verbs, key=len, reverse=True)))
    _SWITCH_STARTS = frozenset(w[0] for w in _W.switch_verbs)
    _SWITCH_OPENERS = tuple(sorted(_W.switch_order_openers, key=len, reverse=True))
    _SWITCH_TAILS = tuple(sorted(_W.switch_order_tails, key=len, reverse=True))
    _OPENERS = re.compile("[" + char_class("".join(sorted(
        {_BA, _JIANG, _GEI, *_DISPATCH_VERBS, *_BUILD_STARTS, *_CHANGE_STARTS, *_TOPIC_ONLY_STARTS, *_LIGHT_STARTS,
         *_VALUE_CHANGE_STARTS, *_MOVE_STARTS, *_PURPOSE_STARTS, *_TOPIC_DISPOSAL_STARTS, *_DROPPING_STARTS, *_LIGHT_DISPATCH_STARTS,
         *_SWITCH_STARTS}
        | {a[0] for a in _CHANGE_ATTRIBUTES if a}))) + "]")
    # the first letters of the English write verbs (one character class, scanned for in C)
    _LATIN_FIRST = re.compile("[" + "".join(sorted(_LATIN_STARTS)) + "]")
    return SimpleNamespace(**{
        'result_chars': _RESULT_CHARS,
        'w': _W,
        'f': _F,
        'de': _DE,
        'ba': _BA,
        'jiang': _JIANG,
        'gei': _GEI,
        'pai': _PAI,
        'le': _LE,
        'mei': _MEI,
        'you': _YOU,
        'new': _NEW,
        'new_build': _NEW_BUILD,
        'resultative': _RESULTATIVE,
        'degree': _DEGREE,
        'send_verbs': _SEND_VERBS,
        'send_results': _SEND_RESULTS,
        'small_count': _SMALL_COUNT,
        'build': _BUILD,
        'build_exclude': _BUILD_EXCLUDE,
        'build_starts': _BUILD_STARTS,
        'change': _CHANGE,
        'change_starts': _CHANGE_STARTS,
        'change_left': _CHANGE_LEFT,
        'change_attributes': _CHANGE_ATTRIBUTES,
        'perfective_question': _PERFECTIVE_QUESTION,
        'two_char_verbs': _TWO_CHAR_VERBS,
        'dispatch_verbs': _DISPATCH_VERBS,
        'dispatch': _DISPATCH,
        'dispatch_object': _DISPATCH_OBJECT,
        'exclusion': _EXCLUSION,
        'rel_tail': _REL_TAIL,
        'attributes_longest_first': _ATTRIBUTES_LONGEST_FIRST,
        'attribute_change': _ATTRIBUTE_CHANGE,
        'asking_tail': _ASKING_TAIL,
        'topic_send': _TOPIC_SEND,
        'bare_send': _BARE_SEND,
        'topic_only_starts': _TOPIC_ONLY_STARTS,
        'topic_tail': _TOPIC_TAIL,
        'value_change': _VALUE_CHANGE,
        'value_change_starts': _VALUE_CHANGE_STARTS,
        'narrated_change': _NARRATED_CHANGE,
        'move': _MOVE,
        'move_starts': _MOVE_STARTS,
        'purpose': _PURPOSE,
        'purpose_starts': _PURPOSE_STARTS,
        'purpose_first': _PURPOSE_FIRST,
        'move_words': _MOVE_WORDS,
        'topic_disposal_class': _TOPIC_DISPOSAL_CLASS,
        'topic_disposal': _TOPIC_DISPOSAL,
        'topic_disposal_starts': _TOPIC_DISPOSAL_STARTS,
        'imperative_tails': _IMPERATIVE_TAILS,
        'disposal_gap': _DISPOSAL_GAP,
        'permissions': _PERMISSIONS,
        'dropping': _DROPPING,
        'dropping_starts': _DROPPING_STARTS,
        'light_dispatch': _LIGHT_DISPATCH,
        'schedule_tail': _SCHEDULE_TAIL,
        'light_dispatch_starts': _LIGHT_DISPATCH_STARTS,
        'light_openers': _LIGHT_OPENERS,
        'order_verbs': _ORDER_VERBS,
        'order_count': _ORDER_COUNT,
        'order_nouns': _ORDER_NOUNS,
        'order_itself': _ORDER_ITSELF,
        'order_asking': _ORDER_ASKING,
        'order_given': _ORDER_GIVEN,
        'sent_away': _SENT_AWAY,
        'record_nouns_longest_first': _RECORD_NOUNS_LONGEST_FIRST,
        'colloquial_class': _COLLOQUIAL_CLASS,
        'colloquial_verb': _COLLOQUIAL_VERB,
        'state_result': _STATE_RESULT,
        'open_change_ends': _OPEN_CHANGE_ENDS,
        'light_starts': _LIGHT_STARTS,
        'light_object_gap': _LIGHT_OBJECT_GAP,
        'light_change': _LIGHT_CHANGE,
        'light_tail': _LIGHT_TAIL,
        'arrival': _ARRIVAL,
        'return_verb': _RETURN,
        'sent_tail': _SENT_TAIL,
        'open_result_tail': _OPEN_RESULT_TAIL,
        'manner': _MANNER,
        'noun_tail': _NOUN_TAIL,
        'owned_records': _OWNED_RECORDS,
        'mover_ordinal': _MOVER_ORDINAL,
        'sent_to': _SENT_TO,
        'assignees': _ASSIGNEES,
        'latin_starts': _LATIN_STARTS,
        'switch': _SWITCH,
        'switch_starts': _SWITCH_STARTS,
        'switch_openers': _SWITCH_OPENERS,
        'switch_tails': _SWITCH_TAILS,
        'openers': _OPENERS,
        'latin_first': _LATIN_FIRST,
    })


_BY_ROOT = PerRoot()  # a pack root -> its words and patterns


def _words(pack=None) -> SimpleNamespace:  # noqa: ANN001 - a Pack, or None: the default pack
    return _BY_ROOT.get(None if pack is None else pack.root, _build_words)


_CHANGE_OBJECT_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station", "person",
                                  "maintenance_level"})
_QUOTES = (("“", "”"), ("\"", "\""), ("「", "」"), ("『", "』"), ("‘", "’"))
_CLAUSE_END = "，,。；;！!？?\n"
_VALUE_TYPES = frozenset({"time", "time_range"})  # what a disposal changes its object to, never the object


def implied_actions(view: SentenceView) -> list[Word]:
    """Action words a construction implies, where no pack action word stands in that clause.

    Only a character that can open a construction is looked at (`openers`, found by the
    regex engine); `implied_actions_reference` visits every character (a test compares)."""
    cw = _words(view.pack)
    text = view.text
    positions = [m.start() for m in cw.openers.finditer(text)]
    latin = [i for i in (m.start() for m in cw.latin_first.finditer(text)) if _latin_verb_at(text, i, view.pack)]
    if latin:  # an English write verb standing whole (rare): its places join the others
        positions = sorted(positions + latin)
    return _implied_at(view, positions)


def _latin_verb_at(text: str, i: int, pack) -> bool:  # noqa: ANN001 - a Pack, or None: the default pack
    return (i == 0 or not (text[i - 1].isascii() and text[i - 1].isalnum())) and \
        _latin(None if pack is None else pack.root)[0].match(text, i) is not None


def implied_actions_reference(view: SentenceView) -> list[Word]:
    """The plain form of `implied_actions`: every character of the text is tried."""
    return _implied_at(view, range(len(view.text)))


def _implied_at(view: SentenceView, positions) -> list[Word]:  # noqa: ANN001 - ascending positions
    cw = _words(view.pack)
    text = view.text
    out: list[Word] = []
    for i in positions:
        ch = text[i]
        w = _light_change(view, i) if ch in cw.light_starts else None
        if w is not None:
            pass  # 改一下 WO-… / WO-… 调一下: a change of the object, its result unsaid
        elif ch == cw.ba or ch == cw.jiang and _disposal_object_follows(view, i):
            w = _disposal(view, i)
        elif ch in cw.dispatch_verbs:
            w = _dispatch(view, i) or (_topic_dispatch(view, i) or _assign(view, i) if ch == cw.pai else None)
        elif ch in cw.build_starts:
            w = _build(view, i)
        elif ch in cw.change_starts:
            w = _change(view, i)
        elif ch in cw.topic_only_starts:
            w = _topic_dispatch(view, i)
        elif ch == cw.gei:
            w = _give_order(view, i)
        elif ch in cw.latin_starts and (i == 0 or not (text[i - 1].isascii() and text[i - 1].isalnum())):
            w = _latin_write(view, i)
        else:
            w = None
        if w is None and text.startswith(cw.change_attributes, i):
            w = _attribute_change(view, i)
        if w is None and ch in cw.value_change_starts:
            w = _value_change(view, i)
        if w is None and ch in cw.move_starts:
            w = _purposed_move(view, i)
        if w is None and ch in cw.purpose_starts:
            w = _purpose_first_move(view, i)
        if w is None and (ch in cw.topic_disposal_starts or ch in cw.dropping_starts):
            w = _topic_disposal(view, i)
        if w is None and ch in cw.switch_starts:
            w = _switch_order(view, i)
        if w is None and ch in cw.light_dispatch_starts and not out:
            w = _light_dispatch(view, i)
        if w is not None and not any(a.c0 < w.c1 and w.c0 < a.c1 for a in out):
            out.append(w)
    return out


def _attribute_change(view: SentenceView, i: int) -> Word | None:
    """Object first, then attribute + change verb + result (T-… 优先级调到最高): an update."""
    cw = _words(view.pack)
    text = view.text
    attr = next(a for a in cw.attributes_longest_first if text.startswith(a, i))
    m = cw.attribute_change.match(text, i + len(attr))
    if m is None or not _free(view, i):
        return None
    lo, hi = view.clause_span(i)
    if _has_action(view, lo, hi):
        return None
    named = any(x.type in _CHANGE_OBJECT_TYPES and x.c1 <= i for x in view.mentions) or \
        any(p.c1 <= i for p in view.pronouns)
    if not named:
        return None  # 优先级调到最高 with nothing named: not an order this construction can read
    rest = text[m.end():hi]
    if not rest.strip() or cw.asking_tail.search(rest):
        return None  # 优先级调到多少了 / 调到最高的任务: a question or a description
    v0 = m.start() + len(m.group()) - len(m.group().lstrip())  # the verb, spaces before it skipped
    return Word(v0, m.end(), "action", ImpliedAction(text[v0:m.end()], "update", True), text[v0:m.end()])


def _topic_dispatch(view: SentenceView, i: int) -> Word | None:
    """Movers first, then 派/调 + 去/到/往 + a place (AGV-05 和 AGV-06 一起派去 ST-05): a create."""
    cw = _words(view.pack)
    text = view.text
    m = cw.topic_send.match(text, i)
    bare = False
    if m is None and text[i] == cw.pai:
        # AGV-03 派 ST-02 (spoken, the direction word dropped): only with the place right after
        m = cw.bare_send.match(text, i)
        bare = m is not None and any(x.type in ("station", "location")
                                     for x in view.within(view.mentions, "mentions", m.end(), m.end() + 1))
        m = m if bare else None
    span = _actionless_clause(view, i) if m is not None else None
    if span is None:
        return None
    lo, hi = span
    if _narrated(text, lo, i, cw):
        return None  # AGV-07 被调到 ST-05 / 已经派去: a move told, not ordered
    if any(getattr(a.data, "write", False) for a in view.actions):
        return None  # 创建一个搬运任务，AGV-05从ST-01送到ST-04: the move is the content of that write
    movers = [x for x in view.mentions if lo <= x.c0 and x.c1 <= i and x.type in MOVERS]
    if not movers and lo > 0 and not text[lo:i].strip():
        # AGV-17派到ST-02，派到ST-06: a clause opening with the send verb goes on with the mover before
        plo, _ = view.clause_span(lo - 1)
        movers = [x for x in view.mentions if plo <= x.c0 and x.c1 <= lo and x.type in MOVERS]
    place = [x for x in view.mentions if m.end() <= x.c0 < hi and x.type in ("station", "location")]
    by_class = not movers and bool(place) and _class_topic(view, lo, i)
    if not (movers or by_class) or not place:  # 其他车都派去 ST-02: movers named by their class
        return None
    tail = text[place[0].c1:hi]
    if tail.strip(cw.topic_tail) and cw.asking_tail.search(tail):
        return None  # 派到 ST-02 了吗 / 派去 ST-02 几次: asked about, not ordered
    end = i + 1 if bare else m.end()  # the bare 派, not the spaces after it
    return Word(i, end, "action", ImpliedAction(text[i:end], "create", True, by_class), text[i:end])


def _class_topic(view: SentenceView, lo: int, i: int) -> bool:
    """The clause text[lo:i] before a send verb opens with movers named by their class
    (全部小车都, 其他车一起): a mover class phrase, then only adverbs — no punctuation."""
    cw = _words(view.pack)
    text = view.text
    j = lo + len(text[lo:i]) - len(text[lo:i].lstrip())
    end = _class_movers(view, j, i)
    return end is not None and not any(ch in cw.sent_tail for ch in text[end:i])


def _class_movers(view: SentenceView, j: int, hi: int) -> int | None:
    """`class_mover_end`, unless the phrase counts its movers (两台小车, 3 台 AGV): a counted
    dispatch leaves the choice of vehicles to the system — its object is said."""
    end = class_mover_end(view.text, j, hi, view.pack)
    if end is None or any(m.type == "quantity" for m in view.within(view.mentions, "mentions", j, end)):
        return None
    return end


def _build(view: SentenceView, i: int) -> Word | None:
    """建/开/新建 + (一张 + modifier) + record noun: a create."""
    cw = _words(view.pack)
    text = view.text
    if not _free(view, i) or text.startswith(cw.build_exclude, i) or (i > 0 and text.startswith(cw.build_exclude, i - 1)):
        return None
    if text[i] == cw.new and not text.startswith(cw.new_build, i):
        return None
    m = cw.build.match(text, i)
    if m is None or view.clause_of(m.end() - 1) != view.clause_of(i):
        return None
    _, hi = view.clause_span(i)
    if _has_action(view, i, hi):
        return None
    end = i + (len(cw.new_build) if text.startswith(cw.new_build, i) else 1)
    if cw.rel_tail.match(text, end):
        return None  # 本周新开的工单: a relative clause names the records, it orders nothing
    return Word(i, end, "action", ImpliedAction(text[i:end], "create", True), text[i:end])


def _change(view: SentenceView, i: int) -> Word | None:
    """推迟/提前/改 + object or attribute, with no pack action in the clause: an update."""
    cw = _words(view.pack)
    text = view.text
    m = cw.change.match(text, i)
    if m is None or not _free(view, i):
        return None
    lo, hi = view.clause_span(i)
    disposed = [k for k, ch in enumerate(text[lo:i], lo) if ch == cw.ba and _free(view, k)]
    # HXD3C-0456 的检修计划推迟到下周一: an attribute of the object said before it, then the value
    attr = _changed_attribute(view, lo, i) if m.group() in cw.two_char_verbs else None
    topic = attr is not None and changed_object(view, lo, attr) is not None
    if i > 0 and "\u4e00" <= text[i - 1] <= "\u9fff" and text[i - 1] not in cw.change_left and \
            not any(n.c1 == i for n in view.negations) and not (disposed and m.group() in cw.two_char_verbs) and not topic:
        return None  # 不用推迟 / 别改: a negation may stand right before; 把…计划推迟: the object does
    if _has_action(view, lo, hi):
        return None
    if any(_disposal(view, k) is not None for k in disposed):
        return None  # the disposal reads it
    j = m.end()
    while j < hi and text[j].isspace():
        j += 1
    nxt = next((x for x in view.mentions if x.c0 >= j), None)
    follows = nxt is not None and nxt.c0 == j and nxt.type in _CHANGE_OBJECT_TYPES
    follows = follows or any(w.c0 == j and w.kind == "attribute" for w in view.cues)
    follows = follows or any(p.c0 == j for p in view.pronouns) or text.startswith(cw.change_attributes, j)
    # 把 DF4B-1234 的计划推迟三天: the object stands before the verb, with no resultative to read it
    follows = follows or m.group() in cw.two_char_verbs and any(x.c0 > k for k in disposed for x in view.mentions
                                                          if x.c1 <= i and x.type in _CHANGE_OBJECT_TYPES)
    follows = follows or _changed_to_value(view, i, j, lo, hi)
    follows = follows or topic and bool(text[j:hi].strip(cw.sent_tail + cw.le)) and not cw.asking_tail.search(text[j:hi])
    if not follows:
        return None
    w = Word(i, m.end(), "action", ImpliedAction(m.group(), "update", True), m.group())
    # 改成C4修的那几台机车现在在哪: the uses that order nothing apply as to a pack verb
    return None if view.has_cue(cues.QUESTION) and state_use(view, w) is not None else w


def _changed_attribute(view: SentenceView, lo: int, i: int) -> int | None:
    """What a change verb at `i` moves, said right before it: an attribute (的检修计划), or a repair
    level (的小修, 的C2修: the repair planned for the object), optionally with the value it moves
    from (的小修从下周一 | 挪到). Returns where the attribute begins (the object is before it)."""
    cw = _words(view.pack)
    text = view.text
    end = lo + len(text[lo:i].rstrip())
    source = next((x for x in view.mentions if x.c1 == end and x.type in _MOVE_GAP_TYPES), None)
    if source is not None and text[lo:source.c0].rstrip().endswith(_FROM):
        end = lo + len(text[lo:source.c0].rstrip()) - len(_FROM)
        end = lo + len(text[lo:end].rstrip())
    level = next((x for x in view.mentions if x.c1 == end and x.type == "maintenance_level"), None)
    if level is not None:
        return level.c0
    return i if text[lo:end].endswith(cw.change_attributes) else None


_FROM = "从"


def _changed_to_value(view: SentenceView, i: int, j: int, lo: int, hi: int) -> bool:
    """工单 WO-… 改成明天完成 / T-… 推迟到下周一: the object said first in the clause, right
    before the change verb, and a value after it (not asked about: 改成明天了吗, not described:
    改成 C5 的): an update of the object."""
    cw = _words(view.pack)
    text = view.text
    before = next((x for x in reversed(view.mentions) if lo <= x.c0 and x.c1 <= i), None)
    if before is None or before.type not in MOVERS | _RECORD_TYPES or text[before.c1:i].strip():
        return False
    rest = text[j:hi]
    return bool(rest.strip(cw.sent_tail)) and not cw.asking_tail.search(rest)


_ATTRIBUTE_PHRASE = 10  # code points of the attribute between the object and the verb (的低电量报警阈值)


def _value_change(view: SentenceView, i: int) -> Word | None:
    """T-… 的目的站改成 ST-06 / AGV-12 低电量报警阈值调到百分之三十 / WO-…，责任人设为赵敏: an
    object, a short attribute phrase, a value-change verb with its result complement and a value,
    in a clause with no other action: an update of the object's attribute. Not asked about
    (…改成 ST-06 了吗, 调到多少), not describing (调到 30% 的车), not narrated (已经改成, 被调到)."""
    cw = _words(view.pack)
    text = view.text
    m = cw.value_change.match(text, i)
    if m is None:
        return None
    lo, hi = view.clause_span(i)
    rest = text[m.end():hi]
    if not rest.strip(cw.sent_tail) or cw.asking_tail.search(rest) or view.has_cue(cues.QUESTION):
        return None  # cheap first: a value said, nothing asked
    if _actionless_clause(view, i) is None:
        return None
    if _narrated(text, lo, i, cw) or rest.rstrip(cw.sent_tail).endswith(cw.le):
        return None  # 已经改成 ST-06 / 调到百分之三十了: a change told, not ordered
    if changed_object(view, lo, i) is None and not _unnamed_attribute(view, lo, i):
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), "update", True), m.group())


def _unnamed_attribute(view: SentenceView, lo: int, i: int) -> bool:
    """目的站改成 ST-03 / 修程改为 C6修: the turn opens with the attribute alone, no object named
    before it — still an update (srl flags its missing object and the policy asks which)."""
    text = view.text
    return lo == 0 and bool(text[:i].strip()) and _attribute_phrase(text[:i]) and \
        not view.within(view.mentions, "mentions", 0, i) and not view.within(view.pronouns, "pronouns", 0, i)


def _narrated(text: str, lo: int, i: int, cw: SimpleNamespace) -> bool:
    return any(text.find(w, lo, i) >= 0 for w in cw.narrated_change)


def changed_object(view: SentenceView, lo: int, v0: int):  # noqa: ANN201 - a Mention or None
    """The object whose attribute a change verb at `v0` (clause start `lo`) sets: the last
    mover, record or station before it in its clause with at most a short attribute phrase
    between (T-… 的目的站 | 改成), or — the clause being that attribute phrase alone — the last
    object closing the clause before (WO-20261111，责任人 | 换成): a topic and its comment."""
    text = view.text
    obj = next((x for x in reversed(view.within(view.mentions, "mentions", lo, v0)) if x.c1 <= v0), None)
    if obj is not None:
        return obj if obj.type in _CHANGED_TYPES and _attribute_phrase(text[obj.c1:v0]) else None
    if lo == 0 or not _attribute_phrase(text[lo:v0]) or not text[lo:v0].strip():
        return None
    plo, _ = view.clause_span(lo - 1)
    prev = next((x for x in reversed(view.within(view.mentions, "mentions", plo, lo)) if x.c1 <= lo), None)
    if prev is None or prev.type not in _CHANGED_TYPES or text[prev.c1:lo].strip(_CLAUSE_END + " ") \
            or _has_action(view, plo, lo):
        return None
    return prev


_CHANGED_TYPES = MOVERS | _RECORD_TYPES | {"station"}


def _attribute_phrase(gap: str) -> bool:
    """Nothing, or a short run of Chinese characters (的目的站, 低电量报警阈值): an attribute."""
    gap = gap.strip()
    return len(gap) <= _ATTRIBUTE_PHRASE and all("\u4e00" <= ch <= "\u9fff" for ch in gap)


_MOVE_GAP_TYPES = frozenset({"time", "time_range"})  # what may stand between the mover and its motion word
_BRACKETS = "（([【"


def _purposed_move(view: SentenceView, i: int) -> Word | None:
    """AGV-07 明天上午9点去 ST-02 取货 / AGV-09 回 ST-01 待命: a mover, (a time,) a motion word,
    a place and what the mover is to do there, closing a clause with no action word: an order
    to dispatch it. Not asked (…取货了吗, 几点去), not told (已经去 ST-02 取货了, 正在回)."""
    cw = _words(view.pack)
    text = view.text
    m = cw.move.match(text, i)
    if m is None:
        return None
    j = m.end() + len(text[m.end():m.end() + 4]) - len(text[m.end():m.end() + 4].lstrip())
    at = view.within(view.mentions, "mentions", j, j + 1)  # cheap first: a place right after it
    if not at or at[0].type not in ("station", "location") or cw.purpose.match(text, at[0].c1) is None:
        return None
    span = _actionless_clause(view, i)
    if span is None or view.has_cue(cues.QUESTION):
        return None
    lo, hi = span
    before = [x for x in view.within(view.mentions, "mentions", lo, i) if x.c1 <= i]
    movers = [x for x in before if x.type in MOVERS]
    by_class = not movers and all(x.type in _MOVE_GAP_TYPES for x in before) and _class_topic(view, lo, i)
    if by_class:
        pass  # 所有AGV都回ST-01充电: movers named by their class — a dispatch whose object is unsaid
    elif not movers or any(x.c0 > movers[-1].c0 and x.type not in _MOVE_GAP_TYPES for x in before):
        return None
    elif not _only_mover_before(text, before, movers[-1], i):
        return None  # only the mover, spaces and a time before the motion word
    place = at[0]
    if place.c1 > hi:
        return None
    p = cw.purpose.match(text, place.c1)
    if p is None or text[p.end():hi].strip(cw.sent_tail) or _narrated(text, lo, hi, cw) or cw.le in text[p.end():hi]:
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), "create", True, by_class), m.group())


def _only_mover_before(text: str, before: list, mover, i: int) -> bool:  # noqa: ANN001 - mentions
    """Between the `mover` and `i` stand only spaces and the mentions of `before` that follow the
    mover (a time: AGV-03 明天上午取货去…)."""
    gap = list(text[mover.c1:i])
    for x in before:
        if x.c0 >= mover.c1:
            gap[x.c0 - mover.c1:x.c1 - mover.c1] = [" "] * (x.c1 - x.c0)
    return not "".join(gap).strip()


def _purpose_first_move(view: SentenceView, i: int) -> Word | None:
    """AGV-44 送货到 ST-07 / AGV-03 明天上午取货去 ST-02: a mover, (a time,) what it is to do, a
    motion word and a place, closing the clause (an aside in brackets may follow) with no action
    word: an order to dispatch it, like the purpose said after the place. Not asked or told."""
    cw = _words(view.pack)
    text = view.text
    m = cw.purpose_first.match(text, i)
    if m is None:
        return None
    j = m.end() + len(text[m.end():m.end() + 4]) - len(text[m.end():m.end() + 4].lstrip())
    at = view.within(view.mentions, "mentions", j, j + 1)
    if not at or at[0].type not in ("station", "location"):
        return None
    span = _actionless_clause(view, i)
    if span is None or view.has_cue(cues.QUESTION):
        return None
    lo, hi = span
    before = [x for x in view.within(view.mentions, "mentions", lo, i) if x.c1 <= i]
    movers = [x for x in before if x.type in MOVERS]
    if not movers or any(x.c0 > movers[-1].c0 and x.type not in _MOVE_GAP_TYPES for x in before):
        return None
    if not _only_mover_before(text, before, movers[-1], i):
        return None  # only the mover, spaces and a time before the purpose
    place = at[0]
    rest = text[place.c1:hi]
    if rest.lstrip()[:1] in _BRACKETS:
        rest = ""  # （勘误：ST-70）: an aside after the order is the accounting's to read
    if place.c1 > hi or rest.strip(cw.sent_tail) or _narrated(text, lo, hi, cw) or cw.le in rest:
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), "create", True, False), m.group())


def moves_to(a: Word, pack=None) -> bool:  # noqa: ANN001 - a Pack, or None: the default pack
    """A dispatch said by its motion word alone (回 in AGV-09 回 ST-01 待命): its place is the target."""
    cw = _words(pack)
    return isinstance(a.data, ImpliedAction) and a.data.action_class == "create" and \
        (a.text in cw.move_words or a.text == cw.pai)


def _topic_disposal(view: SentenceView, i: int) -> Word | None:
    """T-… 撤掉 / T-…别执行了，撤了吧: a colloquial disposal verb (撤/退/关/停 + 了/掉) after its
    object with no 把, said as an order — 掉 right after the verb, 吧 closing the clause, or a
    permission before it (WO-… 可以关了) — where the object stands right before it (a coverb for
    the speaker between: T-… 给我撤了吧) or opens the clause before: a write of the verb's class.
    A dropping idiom (T-… 不要了) cancels the record it follows. Not 撤了 alone (told), not 撤了吗
    (asked), not 我已经把 … 撤了 (the disposal's)."""
    cw = _words(view.pack)
    text = view.text
    m = cw.topic_disposal.match(text, i)
    idiom = cw.dropping.match(text, i) if m is None and text[i] in cw.dropping_starts else None
    if m is None and idiom is None:
        return None
    end = (m or idiom).end()
    lo, hi = view.clause_span(i)
    rest = text[end:hi]
    if rest.strip(cw.sent_tail + cw.le):
        return None  # cheap first: the verb closes its clause (了 once more only after a permission)
    if cw.asking_tail.search(rest) or view.has_cue(cues.QUESTION) or _narrated(text, 0, i, cw) or cw.ba in text[:i]:
        return None
    if _actionless_clause(view, i) is None:
        return None
    kinds = _RECORD_TYPES if idiom is not None else _RECORD_TYPES | MOVERS
    obj = next((x for x in reversed(view.within(view.mentions, "mentions", lo, i)) if x.c1 <= i), None)
    if obj is not None:
        gap = text[obj.c1:i]
        if obj.type not in kinds or not cw.disposal_gap.fullmatch(gap):
            return None
    elif lo > 0 and cw.disposal_gap.fullmatch(text, lo, i):
        gap = text[lo:i]
        plo, _ = view.clause_span(lo - 1)
        obj = next(iter(view.within(view.mentions, "mentions", plo, lo)), None)
        if obj is None or obj.type not in kinds or text[plo:obj.c0].strip() or _has_action(view, plo, lo):
            return None  # the object opens the clause before (T-…别执行了，撤了吧): its topic
    else:
        return None
    said = text[i + 1:end] + rest
    permitted = any(w in gap for w in cw.permissions)
    if rest.strip(cw.sent_tail) and not permitted:
        return None  # 撤掉了 tells it was done; 可以退掉了 permits it now
    if permitted and idiom is None and text.find(text[i], hi) >= 0:
        return None  # WO-… 可以关了，帮我关掉: the permission is the reason, the order follows
    if idiom is None and not permitted and not any(t in said for t in cw.imperative_tails):
        return None  # 撤了 alone tells what happened; 撤掉, 撤了吧, 可以撤了 order it
    cls = "cancel" if idiom is not None else cw.topic_disposal_class[text[i]]
    v1 = end if idiom is not None else m.end()
    return Word(i, v1, "action", ImpliedAction(text[i:v1], cls, True), text[i:v1])


# what a clause must name beside its mover for a light order after it: where it goes (派一下), or
# its repair or the shop doing it (排上)
_SENT_PLACES = frozenset({"station", "location"})
_SCHEDULED = frozenset({"maintenance_level", "station", "location", "organization"})


def _light_dispatch(view: SentenceView, i: int) -> Word | None:
    """AGV-07 从 ST-02 到 ST-09，派一下: 派一下 closing the turn, after a clause naming a mover
    and a place it goes to, with no action word in the turn: the order to dispatch that move.
    HXN5-0088 明天做一级修，帮我排上: a schedule tail (scheduleTails) the same way, after a clause
    naming the mover and its repair or shop — the order to create that plan. Only the speaker's
    opener (帮我, 请) may stand before it in its clause."""
    cw = _words(view.pack)
    text = view.text
    m = cw.light_dispatch.match(text, i)
    scheduled = m is None
    if scheduled:
        m = cw.schedule_tail.match(text, i)
    if m is None or text[m.end():].strip(cw.sent_tail) or view.actions or view.has_cue(cues.QUESTION):
        return None
    lo, _ = view.clause_span(i)
    if lo == 0 or not cw.light_openers.fullmatch(text, lo, i) or _narrated(text, 0, i, cw):
        return None
    before = [x for x in view.mentions if x.c1 <= lo]
    if not any(x.type in MOVERS for x in before) or \
            not any(x.type in (_SCHEDULED if scheduled else _SENT_PLACES) for x in before):
        return None
    v1 = m.end() if scheduled else i + 1
    return Word(i, v1, "action", ImpliedAction(text[i:v1], "create", True), text[i:v1])


def _actionless_clause(view: SentenceView, i: int) -> tuple[int, int] | None:
    """The clause around position `i` when `i` is inside no entity and the clause holds no
    action word yet (a construction then supplies the action); None otherwise."""
    if not _free(view, i):
        return None
    lo, hi = view.clause_span(i)
    return None if _has_action(view, lo, hi) else (lo, hi)


def _give_order(view: SentenceView, i: int) -> Word | None:
    """给 + a vehicle or locomotive + 下/派/排 + (一个 …) + a task, work order or repair: a create
    (给 AGV-30 下一个去 ST-15 的任务, 给 HXD1-0003 排 C4 修), unless asked about or described
    (给 AGV-30 排的任务, 给 HXD1-0003 排了 C3 修吗)."""
    cw = _words(view.pack)
    span = _actionless_clause(view, i)
    if span is None:
        return None
    lo, hi = span
    text = view.text
    obj = next((m for m in view.mentions if m.c0 > i), None)
    unsaid = False
    if obj is not None and obj.type in MOVERS and not text[i + 1:obj.c0].strip():
        obj_end = obj.c1
    else:
        # 给AGV零七派一单: a mover's key read out in Chinese digits is no mention, but still the
        # one the order goes to (the write then asks which key it is: write_risk)
        obj_end = spoken_identifier_at(text, i + 1)
        if obj_end is None:
            # 给小车派个活: the mover named only by its class — an order whose object is unsaid
            obj_end = _class_movers(view, i + 1, hi)
            if obj_end is None:
                return None
            unsaid = True
    m = cw.order_verbs.match(text, obj_end)
    if m is None or not m.group().strip():
        return None
    v0 = obj_end + len(m.group()) - len(m.group().lstrip())
    v1 = v0 + len(m.group().strip())
    if cw.order_given.match(text, v1):
        return None  # 给 AGV-30 排的任务 / 下了: a past order described
    r0 = cw.order_count.match(text, m.end()).end()
    rest = text[r0:hi]
    level = next((x for x in view.mentions if x.c0 >= m.end() and x.c1 <= hi and x.type == "maintenance_level"), None)
    # 派一单去 ST-09: a count of 单 is the order itself, no order noun needs to follow
    itself = text[m.end():r0].strip().endswith(cw.order_itself) and text[m.end():r0].strip() not in cw.order_itself
    if not (level is not None and not text[r0:level.c0].strip() or itself or any(n in rest for n in cw.order_nouns)):
        return None
    if cw.order_asking.search(rest):
        return None
    return Word(v0, v1, "action", ImpliedAction(text[v0:v1], "create", True, unsaid), text[v0:v1])


def _disposal_object_follows(view: SentenceView, i: int) -> bool:
    """将 + an object's identifier is the written form of 把 (将 SS4B-0088 的计划提前到下周一);
    elsewhere 将 is 'will' (将于明天检修)."""
    return any(m.c0 == i + 1 or m.c0 > i and not view.text[i + 1:m.c0].strip() for m in view.mentions[:8])


def _has_action(view: SentenceView, lo: int, hi: int) -> bool:
    return any(lo <= a.c0 and a.c1 <= hi for a in view.actions)


def _free(view: SentenceView, pos: int) -> bool:
    return not any(m.c0 <= pos < m.c1 for m in view.mentions) and \
        not any(a.c0 <= pos < a.c1 for a in view.actions)


def _sent_away(view: SentenceView, objs: list, hi: int) -> Word | None:  # noqa: ANN001
    """把 AGV-03 派出去 / 把 AGV-05 调走: a send verb and an away complement right after the
    disposal's mover — a dispatch whose place is unsaid. Not asked (派出去了吗)."""
    cw = _words(view.pack)
    text = view.text
    m = cw.sent_away.match(text, objs[-1].c1) if objs and objs[-1].type in MOVERS else None
    if m is None or m.end() > hi or not _free(view, m.start("v")) or cw.asking_tail.search(text[m.end():hi]) or \
            cw.perfective_question.match(text, m.end()):
        return None
    v0, v1 = m.start("v"), m.end()
    return Word(v0, v1, "action", ImpliedAction(text[v0:v1], "create", True), text[v0:v1])


def _disposal(view: SentenceView, i: int) -> Word | None:
    cw = _words(view.pack)
    lo, hi = view.clause_span(i)
    if not _free(view, i):
        return None
    text = view.text
    if _has_action(view, i, hi):
        # 要不要把 AGV-03 派出去你看着办: an action after the sent-off mover leaves its dispatch
        objs = [m for m in view.mentions if i < m.c0 and m.c1 <= hi and m.type not in _VALUE_TYPES][:1]
        w = _sent_away(view, objs, hi) if objs else None
        return w if w is not None and not _has_action(view, i, w.c1) else None
    # a time is the new value, not the object (把检修计划改成下周: the change stands before it)
    objs = [m for m in view.mentions if i < m.c0 and m.c1 <= hi and m.type not in _VALUE_TYPES]
    start = objs[0].c1 if objs else i + 1
    by_class = _class_movers(view, i + 1, objs[0].c0 if objs else hi)
    if by_class is not None:
        # 把所有车都派到 ST-03: the movers are named by their class — the mention after the verb
        # is its destination, and the dispatch's object is unsaid
        objs, start = [], by_class
    cands = [(m.start(), m.start() + 1) for m in cw.resultative.finditer(text, start, hi)]
    cands += [(m.start() + 1, m.end()) for m in cw.degree.finditer(text, start, hi)]
    for k, k1 in sorted(cands):
        if not _free(view, k) or k == 0 or not ("\u4e00" <= text[k - 1] <= "\u9fff") or text[k - 1] in cw.de + cw.ba:
            continue
        v0 = k - 2 if text[k - 2:k] in cw.two_char_verbs else k - 1
        if any(k1 <= p.c0 and p.c1 <= hi for p in view.presentation):
            # 把本月的故障做成一张表格, 整理到一张报表里: the result is a view of the data, nothing is written
            return Word(v0, k1, "action", ImpliedAction(text[v0:k1], "change_view", False), text[v0:k1])
        cls = "update"
        if text[k] in cw.send_results and text[v0] in cw.send_verbs and objs and objs[0].type in MOVERS and \
                v0 - objs[0].c1 <= 1:  # 把 AGV-01 送到 ST-05: a dispatch, not an edit of AGV-01
            cls = "create"
        elif text[k] in cw.send_results and text[v0] in cw.send_verbs and (by_class is not None or
                any(lo <= x.c0 and x.c1 <= i and x.type in MOVERS for x in view.mentions)):
            cls = "create"  # AGV-19 把货从 ST-01 送到 ST-06: the mover said first carries the load there
        return Word(v0, k1, "action", ImpliedAction(text[v0:k1], cls, True, by_class is not None), text[v0:k1])
    got = _colloquial_disposal(view, objs, hi, i)
    if got is not None:
        return got
    got = _sent_away(view, objs, hi) or _state_result(view, objs, hi)
    if got is not None:
        return got
    m = cw.light_change.search(text, start, hi)
    if m is not None and _free(view, m.start()) and not text[m.end():hi].strip(cw.light_tail):
        # 把工单改一下: a change said with no result at all — an update whose value is missing
        return Word(m.start(), m.end(), "action", ImpliedAction(m.group(), "update", True), m.group())
    return None


def _colloquial_disposal(view: SentenceView, objs: list, hi: int, ba: int = -1) -> Word | None:  # noqa: ANN001
    """把 T-… 撤了 / 把 WO-… 给关了 / 把 AGV-05 停了: a one-character verb with 了/掉 right after
    the disposal's last object, closing the clause — an order on the object said colloquially,
    never a question about it (not 撤了吗, not 关了的工单). With no object but a record noun right
    after 把 at `ba` (把工单关了, 把任务撤了): the same order, its object unsaid — the policy asks
    which record."""
    cw = _words(view.pack)
    text = view.text
    unsaid = False
    if objs:
        at = objs[-1].c1
    else:
        k = ba + 1
        while k < hi and text[k].isspace():
            k += 1
        noun = next((n for n in cw.record_nouns_longest_first if text.startswith(n, k)), None) if ba >= 0 else None
        if noun is None:
            return None
        at, unsaid = k + len(noun), True
    m = cw.colloquial_verb.match(text, at)
    if m is None or m.end() > hi or not _free(view, m.start("v")):
        return None
    rest = text[m.end():hi]
    if rest.strip(cw.sent_tail) or cw.asking_tail.search(rest):
        return None
    v0, v1 = m.start("v"), m.end()
    lo, _ = view.clause_span(v0)
    if _narrated(text, lo, v0, cw):
        return None  # 我已经把 T-… 撤了: a disposal told, not ordered
    return Word(v0, v1, "action", ImpliedAction(text[v0:v1], cw.colloquial_class[text[v0]], True, unsaid), text[v0:v1])


def _state_result(view: SentenceView, objs: list, hi: int) -> Word | None:  # noqa: ANN001
    """把 AGV-19 踢下线 / 把 AGV-21 拉上线: a mover put in a state (stateResults) right after the
    disposal's mover, closing the clause — an update of that mover. Not asked (踢下线了吗), not
    told (刚才把 AGV-05 踢下线了: 了 after the state, or a narrating word before)."""
    cw = _words(view.pack)
    if not objs or objs[-1].type not in MOVERS:
        return None
    text = view.text
    m = cw.state_result.match(text, objs[-1].c1)
    if m is None or m.end() > hi:
        return None
    v0 = m.start("v") if m.group("v") else m.start("r")
    rest = text[m.end():hi]
    if rest.strip(cw.sent_tail) or cw.asking_tail.search(rest) or not _free(view, v0):
        return None
    lo, _ = view.clause_span(v0)
    if _narrated(text, lo, v0, cw):
        return None
    return Word(v0, m.end(), "action", ImpliedAction(text[v0:m.end()], "update", True), text[v0:m.end()])


_MODIFIER_GAP = 6  # 派两台空闲的小车: a short modifier may stand between the count and the mover noun


def _mover_noun_follows(rest: str, pack) -> bool:  # noqa: ANN001 - a Pack
    """A mover's class noun (小车, AGV, 机车 …) starts `rest`, or follows a short modifier with no
    punctuation in it (空闲的小车, 满电的 AGV)."""
    return class_mover_end(rest, 0, len(rest), pack) is not None


def class_mover_end(text: str, j: int, hi: int, pack=None) -> int | None:  # noqa: ANN001 - a Pack, or None: the default pack
    """Where a mover named only by its class noun ends, the phrase starting at `j` and ending by
    `hi`: the noun (小车, AGV, 车 …) right there or after a short modifier with no punctuation in
    it (所有车, 全部小车, 其他车, 空闲的小车). Movers said this way are a class, no key: a write
    over them has its object unsaid. None when no such phrase starts at `j` (`pack`'s mover nouns)."""
    cw, movers = _words(pack), referring_patterns(pack).mover_nouns
    up = text[j:hi].upper()
    for k in range(min(_MODIFIER_GAP, len(up)) + 1):
        if k and not (up[k - 1].isalnum() or up[k - 1] in cw.de + " "):
            return None
        noun = next((n for n in movers if up.startswith(n, k)), None)
        if noun is not None:
            return j + k + len(noun)
    return None


def retimed_through_owner(view: SentenceView, a: Word) -> bool:
    """把 AGV-03 的任务改到明天: an update of records named through the mover owning them (a
    vehicle + 的 + 任务, the phrase ending at the verb) to a new time said after the verb, with
    no task key in the turn — a mover holds many tasks over time, so which one is retimed is
    open (the policy asks). Not 把 AGV-33 的任务优先级改成最高 (an attribute follows the noun) nor
    把 AGV-04 的任务改派给 AGV-06 (no new time)."""
    cw = _words(view.pack)
    text = view.text
    lo, hi = view.clause_span(a.c0)
    if not any(a.c1 <= x.c0 and x.c1 <= hi and x.type in _VALUE_TYPES for x in view.mentions):
        return False
    if any(x.type == "task" for x in view.mentions):
        return False
    owner = next((x for x in reversed(view.within(view.mentions, "mentions", lo, a.c0)) if x.c1 <= a.c0), None)
    if owner is None or owner.type != "vehicle":
        return False
    m = cw.owned_records.match(text, owner.c1)
    return m is not None and m.end() == a.c0


def sent_nothing(view: SentenceView, j: int, hi: int) -> bool:
    """At `j` (right after a send verb: 派 / 下发) a send result and a station follow (到 ST-09),
    and the turn names no mover, task or work order by key, nor a count, nor asks: what is sent
    there is unsaid (下发到 ST-09 — dispatch what?). The cheap test (a send result next) first."""
    cw = _words(view.pack)
    text = view.text
    m = cw.sent_to.match(text, j)
    if m is None or m.end() > hi:
        return False
    dest = next((x for x in view.mentions if x.c0 == m.end()), None)
    if dest is None or dest.type != "station" or view.has_cue(cues.QUESTION):
        return False
    if any(x.type in MOVERS or x.type in _RECORD_TYPES or x.type == "quantity" for x in view.mentions):
        return False  # a count (两台小车派到 ST-04) leaves the choice of what is sent to the system
    lo, _ = view.clause_span(j)
    return not _narrated(text, lo, j, cw) and not text[dest.c1:hi].strip(cw.sent_tail + "".join(cw.arrival))


def _dispatch(view: SentenceView, i: int) -> Word | None:
    cw = _words(view.pack)
    span = _actionless_clause(view, i)
    if span is None:
        return None
    lo, hi = span
    text = view.text
    ch = text[i]
    if ch == cw.pai and cw.dispatch_object.match(text, i + 1):  # 给 AGV-03 派任务
        return Word(i, i + 1, "action", ImpliedAction(cw.pai, "create", True), cw.pai)
    after = [m for m in view.mentions if i < m.c0 and m.c1 <= hi]
    if ch == cw.pai and sent_nothing(view, i + 1, hi):
        # 派到 ST-04 去: a place and nothing sent there — a dispatch whose object is unsaid
        return Word(i, i + 1, "action", ImpliedAction(ch, "create", True, True), ch)
    by_class = None if view.has_cue(cues.QUESTION) else _class_movers(view, i + 1, hi)
    if by_class is not None:
        # 派 AGV 五号去 ST-03: a number said as an ordinal after the class noun is no key
        o = cw.mover_ordinal.match(text, by_class)
        if o is not None and o.end() <= hi:
            by_class = o.end()
    if by_class is not None and _sent_on(text, by_class, hi):
        # 让小车去五号站: a mover named only by its class noun is still sent somewhere — a
        # dispatch whose object is missing (the policy asks which one), never a read
        return Word(i, i + 1, "action", ImpliedAction(ch, "create", True, True), ch)
    if not after or text[i + 1:after[0].c0].strip():
        return None
    first = after[0]
    k = 1
    if first.type == "quantity" and len(after) > 1 and not text[first.c1:after[1].c0].strip():
        first, k = after[1], 2
    nxt = text[first.c1:hi].lstrip()
    mover = first.type in MOVERS or (first.type == "quantity" and k == 1 and _mover_noun_follows(nxt, view.pack))
    if not mover and not (first.type == "quantity" and k == 2 and after[1].type in MOVERS):
        return None
    if not any(w.kind == "dest" and first.c1 <= w.c0 < hi for w in view.cues) and not nxt.startswith(cw.arrival) \
            and not _returned_to_place(view, first.c1, hi):
        if ch != cw.pai:
            return None
    return Word(i, i + 1, "action", ImpliedAction(ch, "create", True), ch)


def _returned_to_place(view: SentenceView, k: int, hi: int) -> bool:
    """让 AGV-30 回 ST-01 充电: 回 right after the mover with a station or place named right
    after it (not 让 AGV-30 回复, which names no place)."""
    cw = _words(view.pack)
    text = view.text
    j = k + len(text[k:hi]) - len(text[k:hi].lstrip())
    if not text.startswith(cw.return_verb, j) or view.has_cue(cues.QUESTION):
        return False  # (回 … 了吗: asked whether it went back, no order)
    j += 1
    place = next((m for m in view.mentions if m.c0 >= j), None)
    return place is not None and place.type in ("station", "location") and place.c1 <= hi and not text[j:place.c0].strip()


def _assign(view: SentenceView, i: int) -> Word | None:
    """WO-… 帮我派给刘洋 / 把 T-… 派给王强: 派 + 给 + a person, with a task or work order named in
    the clause (before it, or right after the person): an assignment, an update (as the pack's
    指派给). Not 派给刘洋的工单 (a relative clause names records) nor 派给刘洋了吗 (asked)."""
    cw = _words(view.pack)
    text = view.text
    if not text.startswith(cw.gei, i + 1):
        return None
    span = _actionless_clause(view, i)
    if span is None:
        return None
    lo, hi = span
    person = next((x for x in view.mentions if x.c0 >= i + 2), None)
    if person is None or person.type not in cw.assignees or person.c1 > hi or text[i + 2:person.c0].strip():
        return None  # a person or a team (WO-… 派给检修二组)
    if _narrated(text, lo, i, cw):
        return None  # WO-… 已经派给检修一组: told, not ordered
    records = [x for x in view.mentions if lo <= x.c0 and x.c1 <= hi and x.type in _RECORD_TYPES]
    if not records and lo > 0 and cw.disposal_gap.fullmatch(text, lo, i):
        # WO-…，派给检修一组: the record opens the clause before, alone — the assignment's topic
        plo, _ = view.clause_span(lo - 1)
        topic = next(iter(view.within(view.mentions, "mentions", plo, lo)), None)
        if topic is not None and topic.type in _RECORD_TYPES and not text[plo:topic.c0].strip() and \
                not text[topic.c1:lo].strip(_CLAUSE_END + " ") and not _has_action(view, plo, lo):
            records = [topic]
    if not records:
        return None
    rest = text[person.c1:hi]
    if cw.asking_tail.search(rest.replace(" ", "")) and not any(x.c0 >= person.c1 for x in records):
        return None
    if rest.strip().startswith(cw.le) and not any(t in rest for t in cw.imperative_tails):
        return None  # WO-… 派给检修一组了: told it was done (派给他了吧 still orders)
    return Word(i, i + 2, "action", ImpliedAction(text[i:i + 2], "update", True), text[i:i + 2])


def view_change_is_update(view: SentenceView, a: Word) -> bool:
    """把 WO-… 的负责人从张伟换成刘洋: a view-change word ending in a result (换成), whose result is
    no presentation word (换成饼图) and whose clause names a record or mover by 把 or first:
    the record's attribute is changed — an update, a write. Asked only of change_view words."""
    cw = _words(view.pack)
    text = view.text
    if a.text[-1:] not in cw.result_chars:
        return False
    lo, hi = view.clause_span(a.c0)
    j = a.c1
    while j < hi and text[j].isspace():
        j += 1
    if j >= hi or view.presentation_at(j) or any(p.c0 >= lo and p.c1 <= hi for p in view.presentation):
        return False
    if any(a.c1 <= w.c0 and w.c1 <= hi for w in view.actions):
        return False  # 电量换成百分比显示: the result is shown, a view
    if cw.asking_tail.search(text[j:hi]):
        return False
    # the record named in the clause, or as the topic of the clause before (WO-…，责任人换成赵敏)
    return any(lo <= x.c0 and x.c1 <= a.c0 and x.type in MOVERS | _RECORD_TYPES for x in view.mentions) or \
        (lo > 0 and (x := changed_object(view, lo, a.c0)) is not None and x.type in MOVERS | _RECORD_TYPES)


@functools.lru_cache(maxsize=8)
def _latin(root=None) -> tuple[re.Pattern[str], dict[str, str], frozenset[str], tuple[str, ...], re.Pattern[str]]:
    """English write verbs (write_safety.json latinWriteVerbs): the whole-word pattern, each
    verb's action class, the characters they begin with, the negations that leave them unread,
    and the gap of object words that may stand before the identifier (the task)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    d = load_data_file("write_safety.json", root)
    verbs = {k.lower(): v for k, v in d["latinWriteVerbs"].items()}
    pattern = re.compile(f"(?:{alternation(sorted(verbs, key=len, reverse=True))})(?![A-Za-z])", re.IGNORECASE)
    firsts = frozenset(c for v in verbs for c in (v[0].lower(), v[0].upper()))
    gap = re.compile(f"\\s*(?:(?:{alternation(sorted(d['latinObjectWords'], key=len, reverse=True))})\\s+)*", re.IGNORECASE)
    return pattern, verbs, firsts, tuple(sorted((n.lower() for n in d["latinNegations"]), key=len, reverse=True)), gap


_SWITCHED_TYPES = MOVERS | _RECORD_TYPES | {"station", "location"}
_SWITCH_AS_VALUE = ("成", "为", "到", "是")  # a result or copula right before: the switch state is a value


def _latin_write(view: SentenceView, i: int) -> Word | None:
    """please cancel T-… / pause AGV-03: an English write verb with an identifier right after it,
    in a clause with no other action: a write of the verb's class. Not after a negation (don't
    cancel T-…: left unread) and not inside a Latin word (the caller checks the left edge)."""
    pattern, verbs, _, negations, gap = _latin(view.pack.root)
    text = view.text
    m = pattern.match(text, i)
    span = _actionless_clause(view, i) if m is not None else None
    if span is None:
        return None
    lo, hi = span
    obj = next((x for x in view.mentions if x.c0 >= m.end()), None)
    if obj is None or obj.c1 > hi or obj.type not in _CHANGE_OBJECT_TYPES or gap.match(text, m.end()).end() != obj.c0:
        return _latin_write_after(view, i, m, lo, hi, verbs)
    left = text[lo:i].rstrip().lower()
    if left.endswith(negations):
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), verbs[m.group().lower()], True), m.group())


def _latin_write_after(view: SentenceView, i: int, m, lo: int, hi: int, verbs) -> Word | None:  # noqa: ANN001
    """把 AGV-20 的 task T-… cancel 掉 / T-… cancel 掉: the English write verb after its object,
    said in the Chinese order — 把 before the object or 掉 after the verb — closing its clause,
    not asked: a write of the verb's class, as with a Chinese verb (把 T-… 撤掉)."""
    cw = _words(view.pack)
    text = view.text
    obj = next((x for x in reversed(view.mentions) if lo <= x.c0 and x.c1 <= i), None)
    if obj is None or obj.type not in _CHANGE_OBJECT_TYPES or text[obj.c1:i].strip():
        return None
    rest = text[m.end():hi]
    tail = rest.strip(" \t")
    diao = tail.startswith(_LATIN_DISPOSAL_TAIL)
    if diao:
        tail = tail[len(_LATIN_DISPOSAL_TAIL):]
    if tail.strip(cw.sent_tail + cw.le) or cw.asking_tail.search(rest) or view.has_cue(cues.QUESTION):
        return None
    if not diao and cw.ba not in text[lo:obj.c0]:
        return None
    if _narrated(text, lo, i, cw):
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), verbs[m.group().lower()], True), m.group())


_LATIN_DISPOSAL_TAIL = "掉"


def _switch_order(view: SentenceView, i: int) -> Word | None:
    """那个 ST-11 站点 先停用一下 / 把 ST-11 停用 / 请启用 ST-03: a switch verb (switchVerbs) the
    user orders — 把 before its object, an opener right before it, or a tail right after it —
    over a station, mover or record of its clause, with no other action and nothing asked: an
    update. Said bare (今晚 ST-05 停用两小时) it tells a change."""
    cw = _words(view.pack)
    m = cw.switch.match(view.text, i)
    span = _actionless_clause(view, i) if m is not None else None
    if span is None or view.has_cue(cues.QUESTION):
        return None
    text = view.text
    lo, hi = span
    objs = [x for x in view.mentions if lo <= x.c0 and x.c1 <= hi and x.type in _SWITCHED_TYPES]
    if not objs:
        return None
    rest = text[m.end():hi]
    told = rest.lstrip().startswith(cw.le) or cw.asking_tail.search(rest) or _narrated(text, lo, i, cw)
    if told or text[lo:i].rstrip().endswith(_SWITCH_AS_VALUE):
        return None  # 把 ST-08 设成禁用状态 / 标记为停用: the state is the value another verb sets
    ordered = any(cw.ba in text[lo:x.c0] for x in objs if x.c1 <= i) or text[lo:i].rstrip().endswith(cw.switch_openers) \
        or rest.lstrip().startswith(cw.switch_tails) \
        or not text[lo:i].strip() and any(x.c0 >= m.end() and not text[m.end():x.c0].strip() for x in objs)
    if not ordered:  # (停用 ST-11: the verb opens its clause, its object right after it — an imperative)
        return None
    return Word(i, m.end(), "action", ImpliedAction(m.group(), "update", True), m.group())


def _light_change(view: SentenceView, i: int) -> Word | None:
    """改一下 WO-… / WO-… 调一下吧: a light change (lightChangeVerbs + openChangeEnds) right next to
    an object, in a clause with no other action and nothing else said: an update of that object
    whose result is unsaid (the policy asks for the value). The 把 form is the disposal's."""
    cw = _words(view.pack)
    text = view.text
    m = cw.light_change.match(text, i)
    span = _actionless_clause(view, i) if m is not None else None
    if span is None:
        return None
    lo, hi = span
    objs = [x for x in view.mentions if lo <= x.c0 and x.c1 <= hi and x.type in _CHANGE_OBJECT_TYPES]
    after = next((x for x in objs if x.c0 >= m.end()), None)
    before = next((x for x in reversed(objs) if x.c1 <= i), None)
    if after is not None and not text[m.end():after.c0].strip() and not text[after.c1:hi].strip(cw.light_tail):
        pass  # 改一下 WO-…
    elif before is not None and cw.light_object_gap.fullmatch(text, before.c1, i) and not text[m.end():hi].strip(cw.light_tail) \
            and not text[lo:before.c0].strip(cw.light_tail) and cw.ba not in text[lo:i]:
        pass  # WO-… 改一下 / WO-… 的负责人改一下
    else:
        # 改一下 T-… 的优先级 / 改一下优先级: the attribute changed closes the clause, its owner
        # said right after the verb or not at all (then the object is unsaid: the policy asks)
        got = _attribute_after(view, m.end(), hi, after)
        if got is None or not cw.light_openers.fullmatch(text, lo, i):
            return None
        return Word(i, m.end(), "action", ImpliedAction(m.group(), "update", True, not got), m.group())
    return Word(i, m.end(), "action", ImpliedAction(m.group(), "update", True), m.group())


def _attribute_after(view: SentenceView, j: int, hi: int, obj) -> bool | None:  # noqa: ANN001 - a Mention or None
    """Whether a change attribute closing the clause follows `j` with its owner `obj` said first
    (T-… 的优先级: True) or with no owner (优先级: False); None when no attribute closes it."""
    cw = _words(view.pack)
    text = view.text
    k = j
    while k < hi and text[k].isspace():
        k += 1
    owned = obj is not None and obj.c0 == k
    if owned:
        k = obj.c1
        while k < hi and (text[k].isspace() or text[k] == cw.de):
            k += 1
    attr = next((a for a in cw.attributes_longest_first if text.startswith(a, k)), None)
    if attr is None or text[k + len(attr):hi].strip(cw.light_tail):
        return None
    return owned


def open_resultative(view: SentenceView, w: Word) -> bool:
    """把 HXD1-0001 的修程改成 (nothing after): the disposal names no result."""
    cw = _words(view.pack)
    if isinstance(w.data, ImpliedAction) and w.data.action_class == "update" and w.text.endswith(cw.open_change_ends):
        return True  # 把工单改一下: the light verb is the whole change (nothing after it in its clause)
    if not isinstance(w.data, ImpliedAction) or w.data.action_class != "update" or not cw.resultative.match(w.text[-1]):
        return False  # 调高 / 推迟 carry their result in the verb
    _, hi = view.clause_span(w.c0)
    return not view.text[w.c1:hi].strip(cw.open_result_tail)


def quoted(text: str, pos: int) -> bool:
    """`pos` lies inside a quotation that does not span the whole text."""
    if not _has_quotes(text):  # asked once per action word: a turn without quotes answers at once
        return False
    for o, c in _QUOTES:
        if o == c:
            k = text.count(o, 0, pos)
            if k % 2 == 1:
                end = text.find(c, pos)
                start = text.rfind(o, 0, pos)
                return end >= 0 and bool(text[:start].strip() or text[end + 1:].strip(" 。.!！"))
            continue
        start = text.rfind(o, 0, pos)
        if start < 0 or text.rfind(c, 0, pos) > start:
            continue
        end = text.find(c, pos)
        if end < 0:
            continue
        return bool(text[:start].strip() or text[end + 1:].strip(" 。.!！"))
    return False


@functools.lru_cache(maxsize=16)
def _has_quotes(text: str) -> bool:
    return any(o in text for o, _ in _QUOTES)


def manner_phrase(view: SentenceView, a: Word, actions: list[Word]) -> bool:
    """用柱状图 展示 …: a 用+presentation action before another action of its clause is a manner phrase."""
    cw = _words(view.pack)
    if not a.text.startswith(cw.manner) or not any(a.c0 <= p.c0 and p.c1 <= a.c1 for p in view.presentation):
        return False
    ci = view.clause_of(a.c0)
    return any(b is not a and b.c0 >= a.c1 and view.clause_of(b.c0) == ci for b in actions)


def not_a_predicate(view: SentenceView, a: Word) -> bool:
    """An action word used as a modifier or excluded condition, not as what is asked or ordered."""
    cw = _words(view.pack)
    text = view.text
    if quoted(text, a.c0):  # reported speech: 截图上写着“取消 T-…”，…
        return True
    if manner_phrase(view, a, view.actions):
        return True
    if not getattr(a.data, "write", False):
        return False
    if cw.perfective_question.match(text, a.c1):  # 它恢复了吗: asks about a state, orders nothing
        return True
    if state_use(view, a) is not None:  # 没有取消成功吗, 待验收, 安排在什么时候 (lexicon rules)
        return True
    if echo_of(view, a) is not None:  # 取消 嗯 取消掉: one order said twice
        return True
    lo, hi = view.clause_span(a.c0)
    if cw.rel_tail.match(text, a.c1):  # 人工取消的 / 已关闭的 / 谁取消的
        return True
    if view.word_between(cw.exclusion, lo, a.c0):  # 不包括 …取消…, 除了 … 关闭 …
        return True
    j = a.c1
    while j < len(text) and text[j] in " \t":
        j += 1
    if view.presentation_at(j) or view.report_trigger_at(j):
        return True  # 调度报表, 派工计划: a modifier of the report noun
    k = a.c0  # the last character before the action word, spaces skipped (within the clause)
    while k > lo and text[k - 1].isspace():
        k -= 1
    if k > lo and text[k - 1] == cw.de and (j >= hi or text[j] in _CLAUSE_END or text[j:j + 1] in cw.noun_tail):
        return True  # 今天下午三点的安排: a noun
    return False
