"""Is the turn a data question at all? (design 15.3, 7.8; issue 18)

Only a data question with no domain is asked for its domain. A greeting, a thank-you,
chit-chat or a general question that names nothing of the business passes through untouched
(`continue` with reason `non_data_text`, no template locked — since hd11, 2026-12-07; before it was
`use_original`, which is now kept for the degraded paths only) — asking "AGV 调度还是机车检修？" about 你好 is an
unnecessary question. What decides is what the text is *about*: an object of the business,
not the grammar around it. A negation (不客气, 我不想上班了), a number (一公里等于多少米), a
comparison or a question word is as much part of general talk as of a data question, so on
its own it decides nothing. The judgement, most certain first:

0. every word of the business is owned by a thing outside the pack (手机电量, 健身计划, 机车
   夹克, 外卖平台的派单: `general_topic.py`): a general question, not a data question;
1. something of the business — an object (identifier or a look-alike, a term or entity of a
   business domain, a person), a domain, a write, a correction, a flag that must be asked
   about — makes it a data question. A word ambiguous only between readings
   of the general language (苹果: the company or the fruit) is not of the business;
2. nothing but fillers: hesitation alone (嗯, 呃 那个) is nothing said yet and is asked
   again, like an empty input; a reaction (哈哈, 嗯嗯, 好的, an emoji, a lone mark ？ or 。。。)
   is social text;
3. a record noun (数据, 进度, 安排, 合格率, 平均 …), a question about records (多少单, 几台,
   排队的有几个) or a begun identifier (ST, AGV) makes it a data question, however vague;
4. a content word foreign to the pack (心情, 上班, 下雨, 公里: jieba's part of speech; the
   words inside the negations, comparisons, values and names are not counted) makes it
   text about something else;
5. what is left is a fragment: with a value, a negation, a comparison, a read action or a
   question word of the pack's templates (两千块以内的, 不要, 帮我看一下, 最近怎么样) it is a
   vague data question, asked about as before; with none (你是谁, 先这样吧) it is not one.

An open pronoun or a bare number (它家周边有哪些餐馆, 推荐一个评分在4分以上的酒店) is a stand-in,
not an object: in a text with two nouns foreign to the pack it does not make it a data
question (它现在在哪, 那个东西怎么样了, 它的温度正常吗 are still asked). A bare demonstrative that the coreference stage found in a filler's place with nothing
named after it (谢谢啊 那个 先这样吧, `draft_keys.FILLER_DEMONSTRATIVES`) is read as a filler
here when it is the only open reference; if the rest is a data question it is still asked
about.

Vocabulary: `lexicons/non_data.json`, corpus `lexicons/corpora/non_data.json`. jieba's
tagger is loaded by `warm_up()`; until it is, step 4 cannot be taken and the turn is
treated as a data question (the conservative side: asked, as before).
"""
from __future__ import annotations

import re
import unicodedata

from nlu import draft_keys as K
from nlu.draft import Draft
from nlu.pipeline.flags import DOMAINS as BUSINESS_DOMAINS
from nlu.decision.general_topic import GeneralTopic, preconditions
from nlu.semantics.fillers import Fillers
from nlu.semantics.view import sentence_view
from nlu.text.vocabulary import vocabulary
from nlu.suspicious import find_suspicious
from nlu.text.pos import pos_tagger

BUSINESS = "business"
EMPTY = "empty"
NON_DATA = "non_data"

# Flags that show the text is about the business, or must be asked about whatever it is.
_DATA_SIGNALS = frozenset({"injection_flag", "pasted_egress", "unresolved_coreference", "ambiguous_coreference", "bare_reference",
                           "ambiguous_correction", "lookalike_identifier", "write_without_object",
                           "cross_domain", "template_conflict", "missing_action"})
# Of those, the ones that stand for an object without naming it: a pronoun that may refer to
# anything (它, 这个, 他) or a bare number. In a text about a thing of the world (它家周边有哪些
# 餐馆, 推荐一个评分在4分以上的酒店) they are no business object.
_STAND_IN_SIGNALS = frozenset({"unresolved_coreference", "ambiguous_coreference", "bare_reference"})
# One foreign noun may be the attribute asked of the stand-in (它的温度正常吗, 他的电话是多少:
# still asked which one); a second names the world the talk is about (它家周边有哪些餐馆).
_TOPIC_NOUNS = 2
# Entity types that are values, not objects: a time or a number alone names nothing of the business.
_VALUE_TYPES = frozenset({"time", "time_range", "quantity", "amount"})
# Entity types that, outside a business domain, name things of the world (苹果公司, 北京).
_WORLD_TYPES = frozenset({"organization", "location"})
# Protected kinds that name something of the business; the others (values, negation,
# comparison, read actions, names of the world) are grammar of any sentence.
_OBJECT_KINDS = frozenset({"identifier", "explicit_domain"})
# Protected kinds that jieba may fuse with a neighbouring word (导出来, 没事, 不想).
_FUSING_KINDS = frozenset({"action", "negation", "comparison", "number", "amount"})
_LATIN = re.compile(r"[A-Za-z]+")


class NonDataJudge:
    def __init__(self, pack) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        data = load_data_file("non_data.json", pack.root)
        self.record_nouns = tuple(sorted(data["dataWords"], key=len, reverse=True))
        self.question_words = tuple(data["questionWords"])
        self.reactions = tuple(data["reactions"])
        self.record_units = frozenset(data["recordQuestion"]["units"])
        self.record_question = re.compile("(?:{})(?:{})".format(
            "|".join(map(re.escape, data["recordQuestion"]["countWords"])),
            "|".join(map(re.escape, sorted(self.record_units, key=len, reverse=True)))))
        # 排队的有几个, 超时的有多少: a count of the things a headless relative clause describes
        self.headless_counts = tuple(data["recordQuestion"]["headless"])
        self.content_tags = frozenset(data["contentTags"])
        self.noun_tags = frozenset(data["nounTags"])
        self.skip_words = frozenset(data["lightWords"]) | frozenset(pack.politeness_words) | frozenset(pack.discourse_words)
        self.placeholders = frozenset(pack.placeholder_nouns)  # 东西, 事情: stand-ins for the referent
        self.open_pronouns = frozenset(p.word for p in pack.pronouns if p.types is None or set(p.types) <= {"person"})
        self.fillers = Fillers(pack)
        self.pack_words = tuple(sorted({s for t in pack.terms for s in t.surfaces if len(s) >= 2}, key=len, reverse=True))
        self.trigger_words = frozenset(w for tpl in pack.templates.values() for w in tpl.triggers) | frozenset(
            s for t in pack.terms if t.category == "template_trigger" for s in t.surfaces)
        self.id_prefixes = frozenset(m.group(0).upper() for p in pack.identifier_patterns
                                     if (m := _LATIN.match(p.example)))
        self.id_patterns = tuple(p.pattern for p in pack.identifier_patterns)
        self.pos = pos_tagger(pack)
        self._by_first_char: dict[str, list[tuple[int, str]]] | None = None  # `_uncovered`'s index
        self._uncovered_memo: dict[str, str] = {}
        self.term_domain = {t.term_code: t.domain for t in pack.terms}
        self.pack = pack
        ops = sorted(data.get("arithmeticOperators", ()), key=len, reverse=True)
        # 1加1, 3乘以4: numbers joined by an operator are operands, not bare numbers for an object
        self.arithmetic = re.compile(r"\d\s*(?:{})\s*\d".format("|".join(map(re.escape, ops)))) if ops else None
        self.general = GeneralTopic(pack, self.pos, data["generalOwner"], self.record_nouns,
                                    self.content_tags, self.skip_words)
        calendar = data.get("calendarQuestion") or {"questions": (), "fillers": ()}
        # 今天星期几, 现在几点了: what is left of the text once its times are set aside
        self.calendar_rest = re.compile(r"(?:{})*(?:{})(?:{})*".format(
            "|".join(map(re.escape, sorted(calendar["fillers"], key=len, reverse=True))),
            "|".join(map(re.escape, sorted(calendar["questions"], key=len, reverse=True))),
            "|".join(map(re.escape, sorted(calendar["fillers"], key=len, reverse=True))))) \
            if calendar["questions"] else None
        self.implied_write_foreign = int((data.get("impliedWrite") or {}).get("foreignWords", 0))
        general = data.get("generalRequest") or {}
        self.general_request = re.compile(_alternation(tuple(general.get("questionCues", ())) + tuple(
            general.get("requestCues", ())) + tuple(general.get("socialFormulas", ())))) if general else None
        software = data.get("softwareQuestion")
        self.software = SoftwareQuestion(software) if software else None

    def continues_as_said(self, draft: Draft) -> bool:
        """Text judged no data question that is a request of its own — a question or a social
        formula (`generalRequest`): it continues as said. A reaction, an emoji, marks or an
        unknown fragment is passed back as use_original."""
        text = draft.text
        return self.general_request is not None and self.general_request.search(text) is not None \
            and any(ch.isalnum() and ch not in "？?" for ch in text)  # ？？？: marks only, nothing asked

    # -- loading ------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Load jieba's part-of-speech tagger (blocking, ~0.5 s once)."""
        self.pos.load()

    # -- the judgement --------------------------------------------------------------------
    def verdict(self, draft: Draft, flags: set[str]) -> str:
        fillers = self._filler_demonstratives(draft, flags)
        if fillers:
            flags = flags - {K.UNRESOLVED_COREFERENCE}
        text = _blank(draft.text, fillers)
        arithmetic = K.BARE_REFERENCE in flags and self.arithmetic is not None and bool(self.arithmetic.search(draft.text))
        if arithmetic:
            flags = flags - {K.BARE_REFERENCE}  # 1加1等于几: arithmetic, no object asked for
        if K.WRITE_WITHOUT_OBJECT in flags and self._implied_write_elsewhere(draft, flags):
            return NON_DATA  # 把这句话翻译成英文: no order of the business
        if self.software is not None and self.software.asked(draft, flags):
            draft.scratch[K.SOFTWARE_QUESTION] = True  # (its quoted feature names order nothing: the policy reads it)
            return NON_DATA  # 你们的API有没有速率限制: the software is asked about, not a record
        # (任务等待超过十五分钟的有多少: a count of records is a data question, whoever owns its words)
        if preconditions(draft, flags, _DATA_SIGNALS | _STAND_IN_SIGNALS) and not self._records_counted(draft.text) \
                and not self._suspicious(draft):
            view = sentence_view(draft, vocabulary(self.pack))
            if self.general.about_words(draft, view):
                return NON_DATA  # 机车这个词的英文怎么说: the pack's words are talked about, not used
            if self.general.owns_all(draft, view):
                return NON_DATA  # 手机电量, 健身计划, 机车夹克: the pack's words belong to a thing of the world
        # the cheap evidence first; the stand-ins' nouns (a jieba pass) only when nothing else decides
        if self._business(draft, flags - _STAND_IN_SIGNALS) or self._suspicious(draft, operands=arithmetic):
            return BUSINESS
        if arithmetic and not flags & _STAND_IN_SIGNALS:
            return NON_DATA  # nothing of the business, and the numbers are operands
        if flags & _STAND_IN_SIGNALS and not (self._stand_ins_only(draft) and self.pos.ready() and len(
                self._foreign_words(draft, text, self.noun_tags, _TOPIC_NOUNS)) >= _TOPIC_NOUNS):
            return BUSINESS
        if self.fillers.only(text):
            return NON_DATA if self._reaction(text) else EMPTY
        if any(m.group(0).upper() in self.id_prefixes for m in _LATIN.finditer(text)):
            return BUSINESS  # ST, AGV: an identifier begun, not finished
        if any(w in text for w in self.record_nouns) or self._records_counted(text):
            return BUSINESS
        if self._calendar_question(draft, text):
            return NON_DATA  # 今天星期几: the calendar asked, no record
        if not self.pos.ready():
            self.pos.load_in_background()
            return BUSINESS  # cannot tell yet: ask, as a data question would be
        if self._foreign_words(draft, text):
            return NON_DATA
        if self._fragment(draft, text):
            return BUSINESS
        return NON_DATA

    def _business(self, draft: Draft, flags: set[str]) -> bool:
        if flags & _DATA_SIGNALS or draft.domain_candidates or draft.relations:
            return True
        if K.AMBIGUOUS_TERM in flags and self._business_ambiguity(draft):
            return True
        if any(t.domain in BUSINESS_DOMAINS or _object_type(t.entity_type, t.domain) for t in draft.terms):
            return True
        if any(_object_type(e.type, e.domain) for e in draft.entities):
            return True
        if any(p.kind in _OBJECT_KINDS or p.suspicious for p in draft.protected):
            return True
        # a write is never chit-chat; a read word (查, 看) is weaker: 查一下明天的天气 is a general question
        # once the semantic stages read the frames, a write verb they found to order nothing
        # (怎么调整, 删除线: write_constructions.json) is no write; without frames the protect
        # stage's write words are all there is to go on
        writes = any(f.write for f in draft.frames) if draft.frames else bool(draft.scratch.get(K.WRITE_ACTIONS))
        if writes or draft.scratch.get(K.SUGGESTIONS):
            return True
        return any(o.applied and o.edit.type in ("typo", "asr", "ocr") for o in draft.edits)

    def _records_counted(self, text: str) -> bool:
        """多少单, 几台, 超时的有多少: the text asks how many records."""
        return self.record_question.search(text) is not None or any(w in text for w in self.headless_counts)

    def _calendar_question(self, draft: Draft, text: str) -> bool:
        """今天星期几, 明天是几号, 现在几点了: with its times set aside (protected times and
        numbers, time words), the text is a calendar question word, a copula and particles."""
        if self.calendar_rest is None:
            return False
        spans = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind in ("time", "number")]
        spans += [draft.to_current(t.o0, t.o1) for t in draft.terms if t.entity_type in ("time", "time_range")]
        if not spans:
            return False  # 几号 alone: a fragment of some question, not the calendar asked
        rest = self.fillers.rest(_blank(text, spans), social=True)
        return bool(rest) and self.calendar_rest.fullmatch(rest) is not None

    def _implied_write_elsewhere(self, draft: Draft, flags: set[str]) -> bool:
        """把这句话翻译成英文：明天开会: the only write is one a construction implies (no write
        word of the pack), and nothing of the business is named — no domain, object, business
        term, explicit word, relation, referent or other flag to ask about — in a text with
        enough content words foreign to the pack: a request about something else. Fields first;
        the tagger's cut only when they all hold."""
        if not self.implied_write_foreign or draft.scratch.get(K.WRITE_ACTIONS) or draft.scratch.get(K.SUGGESTIONS):
            return False
        if flags & (_DATA_SIGNALS - {K.WRITE_WITHOUT_OBJECT}) or draft.domain_candidates or draft.relations \
                or draft.source.referents or draft.coreferences:
            return False
        if any(p.kind in _OBJECT_KINDS or p.suspicious for p in draft.protected):
            return False
        if any(t.domain in BUSINESS_DOMAINS or _object_type(t.entity_type, t.domain) for t in draft.terms) or \
                any(_object_type(e.type, e.domain) for e in draft.entities):
            return False
        if self._suspicious(draft) or not self.pos.ready():
            return False
        return len(self._foreign_words(draft, draft.text, None, self.implied_write_foreign)) >= self.implied_write_foreign

    def _business_ambiguity(self, draft: Draft) -> bool:
        """An ambiguous word one of whose readings is of a business domain (车: AGV or
        locomotive); 苹果 (the company or the fruit) is ambiguous only in the general language."""
        return any(self.term_domain.get(c.id) in BUSINESS_DOMAINS or self.term_domain.get(c.id) is None
                   for t in draft.terms if not t.confirmed for c in t.candidates)

    def _suspicious(self, draft: Draft, operands: bool = False) -> bool:
        """АGV-01 (a Cyrillic А), T-20260102411: a look-alike or malformed key is business
        (with `operands`, the bare numbers of an arithmetic expression are not)."""
        valid = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
        found = find_suspicious(draft.text, valid, self.id_patterns, self.pack)
        return any(not (operands and f.reason == "bare_reference") for f in found)

    @staticmethod
    def _filler_demonstratives(draft: Draft, flags: set[str]) -> list[tuple[int, int]]:
        """Current spans of the demonstratives in a filler's place, when every open reference
        of the turn is one of them (else none: a real open reference is asked about)."""
        spans = draft.scratch.get(K.FILLER_DEMONSTRATIVES)
        if not spans or K.UNRESOLVED_COREFERENCE not in flags or K.AMBIGUOUS_COREFERENCE in flags:
            return []
        noted = set(map(tuple, spans))
        if any((c.o0, c.o1) not in noted for c in draft.coreferences if not c.confirmed):
            return []
        return [draft.to_current(o0, o1) for o0, o1 in noted]

    def _stand_ins_only(self, draft: Draft) -> bool:
        """The open references are by pronouns that may refer to anything (它, 这个) or to a
        person (他) — not 那台车, 该工单."""
        return all(draft.original[c.o0:c.o1] in self.open_pronouns for c in draft.coreferences if not c.confirmed)

    def _reaction(self, text: str) -> bool:
        """哈哈, 嗯嗯, 好的, 👍: a reaction said, not a hesitation. A mark with nothing else (？,
        。。。, ！！) is one too — puzzlement or a speechless pause, a reply to the chat, not the
        empty input that is asked again (that has no mark at all) nor the hesitation 嗯."""
        return any(w in text for w in self.reactions) or any(unicodedata.category(ch) == "So" for ch in text) \
            or _marks_only(text)

    def _foreign_words(self, draft: Draft, text: str, tags: frozenset[str] | None = None, enough: int = 1) -> set[str]:
        """A content word (noun, verb, adjective, measure, Latin word) that is neither the pack's
        vocabulary nor a light or social word, and not one of the facts of the text: the text is
        about something else. jieba fuses some facts with the words around them: an action,
        a negation or a comparison leaves the rest of its word to judge (导出来 → 来, light;
        没事 → 事, content); a value or a name counts only as a whole (今天天气, 早上好 are
        content, 今天下午 inside 今天下午三点 is not). `tags`: only words of these parts of speech
        (the nouns, for what a pronoun may stand in). Returns the foreign words found, stopping
        at `enough` distinct ones."""
        found: set[str] = set()
        whole = bytearray(len(text) + 1)  # 1 where any fact or entity covers the character
        fused = bytearray(len(text) + 1)  # 1 where an action, negation, comparison or number does
        for p in draft.protected:
            c0, c1 = draft.to_current(p.o0, p.o1)
            whole[c0:c1] = b"\x01" * max(0, c1 - c0)
            if p.kind in _FUSING_KINDS:
                fused[c0:c1] = b"\x01" * max(0, c1 - c0)
        for e in draft.entities:
            c0, c1 = draft.to_current(e.o0, e.o1)
            whole[c0:c1] = b"\x01" * max(0, c1 - c0)
        pos = 0
        for word, tag in self.pos.iter_cut(text):  # stops at `enough` words: the rest is never tagged
            start, pos = pos, pos + len(word)
            if tag not in (tags or self.content_tags) or word in self.skip_words or word in self.record_units \
                    or word in self.placeholders:
                continue
            if whole.find(0, start, pos) < 0:
                continue  # 不用, 等于, 今天下午, 一公里: wholly a fact of the sentence
            if fused.find(1, start, pos) >= 0:
                word = "".join(ch for i, ch in enumerate(word, start) if not whole[i])
                if word in self.skip_words:
                    continue
            if self._uncovered(word):
                found.add(word)
                if len(found) >= enough:
                    break
        return found

    def _fragment(self, draft: Draft, text: str) -> bool:
        """两千块以内的, 不要, 多少, 最近怎么样: a value, negation, comparison or question word with
        nothing else — the remains of a data question."""
        return bool(draft.protected or draft.entities) or any(w in text for w in self.question_words) \
            or any(w in text for w in self.trigger_words)

    def _uncovered(self, word: str) -> str:
        """What of `word` is left once the pack's and the record words are taken out (情况汇报 →
        nothing; 今天天气 → 天气). The speed form of `_uncovered_plain`: the same removals in the
        same order, but only of the words whose first character `word` holds — taking words
        out never brings in a character, so no other word can ever be inside it (a test
        compares the two)."""
        got = self._uncovered_memo.get(word)
        if got is not None:
            return got
        index = self._by_first_char
        if index is None:
            index = {}
            for k, w in enumerate(self.pack_words + self.record_nouns):
                if w:
                    index.setdefault(w[0], []).append((k, w))
            index = self._by_first_char = index
        out = word
        for _, w in sorted(x for ch in set(word) for x in index.get(ch, ())):
            if w in out:
                out = out.replace(w, "")
        out = "".join(ch for ch in out if ch.isalnum())
        if len(self._uncovered_memo) >= 4096:
            self._uncovered_memo.clear()
        self._uncovered_memo[word] = out
        return out

    def _uncovered_plain(self, word: str) -> str:
        """The reference form of `_uncovered`: every word of the pack and the records, in order."""
        for w in self.pack_words + self.record_nouns:
            if w in word:
                word = word.replace(w, "")
        return "".join(ch for ch in word if ch.isalnum())


class SoftwareQuestion:
    """A question about the assistant or the software itself (`softwareQuestion` of
    lexicons/non_data.json): a software noun and a property of the software in a question, and
    nothing of the business that must be asked about — no key, write, relation, referent,
    correction or counted records. A pronoun counts only as the software pointed at
    (这个助手, 你们这个接口); domain words may name the system (机车检修系统和AGV调度系统)."""

    # the flags that still leave it a question about the software: two domains named as the
    # systems' names, a demonstrative that points at the software noun
    _TOLERATED = frozenset({K.CROSS_DOMAIN, K.UNRESOLVED_COREFERENCE, "ambiguous_coreference"})
    _POINTERS = frozenset({K.UNRESOLVED_COREFERENCE, "ambiguous_coreference"})

    def __init__(self, data: dict) -> None:
        subjects = _alternation(data["subjects"])
        self.subject = re.compile(subjects)
        self.property = re.compile(_alternation(data["properties"]))
        self.question = re.compile(_alternation(data["questionMarks"]))
        self.pointed = re.compile(rf"(?:{_alternation(data['demonstratives'])})\s*(?:{subjects})")
        # a quoted name of a feature (“删除工单”的功能入口, 「取消任务」按钮): the write it names is no order
        self.feature = re.compile(r"[“「\"]([^“”「」\"\n]{1,16})[”」\"]\s*(?:的|这个|那个)?\s*"
                                  + _alternation(data.get("featureNames", ["(?!)"])))

    def asked(self, draft: Draft, flags: set[str]) -> bool:
        text = draft.text
        if not (self.subject.search(text) and self.property.search(text) and self.question.search(text)):
            return False
        signals = flags & _DATA_SIGNALS
        if signals - self._TOLERATED or (signals & self._POINTERS and not self.pointed.search(text)):
            return False
        if draft.relations or draft.source.referents or any(k.confirmed for k in draft.coreferences):
            return False
        named = [m.span(1) for m in self.feature.finditer(text)]
        if any(f.write and not _only_named(text, f.predicate, named) for f in draft.frames) if draft.frames \
                else (draft.scratch.get(K.WRITE_ACTIONS) and not named):
            return False
        if any(p.kind == "identifier" or p.suspicious for p in draft.protected):
            return False
        # a typo corrected, or the route's implied 查询 put in front (a complete data question:
        # a template and a domain both pinned) — then it is read as the data question
        return not any(o.applied and (o.edit.type in ("typo", "asr", "ocr") or o.edit.reason == "implied_query_action")
                       for o in draft.edits)


def _only_named(text: str, word: str, named: list[tuple[int, int]]) -> bool:
    """Every occurrence of `word` in `text` lies inside one of the quoted feature names `named`."""
    at = text.find(word)
    if at < 0 or not named:
        return False
    while at >= 0:
        if not any(a <= at and at + len(word) <= b for a, b in named):
            return False
        at = text.find(word, at + 1)
    return True


def _alternation(words) -> str:  # noqa: ANN001
    return "(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + ")"


def _object_type(entity_type: str | None, domain: str | None) -> bool:
    """An entity type that names an object of the business (a vehicle, a task, a person …)."""
    if entity_type is None or entity_type in _VALUE_TYPES:
        return False
    return entity_type not in _WORLD_TYPES or domain in BUSINESS_DOMAINS


def _marks_only(text: str) -> bool:
    """Punctuation and spaces only, and at least one punctuation mark."""
    marks = False
    for ch in text:
        if ch.isspace():
            continue
        if not unicodedata.category(ch).startswith("P"):
            return False
        marks = True
    return marks


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with `spans` replaced by spaces (positions kept)."""
    if not spans:
        return text
    chars = list(text)
    for c0, c1 in spans:
        chars[c0:c1] = " " * (c1 - c0)
    return "".join(chars)
