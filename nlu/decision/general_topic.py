"""Is every business word of the turn owned by a thing outside the pack? (design 15.3, issue 18)

手机电量掉得很快怎么办, 帮我制定一个健身计划, Excel报表怎么做数据透视表, 外卖平台的派单是怎么回事,
网站的站点地图怎么做, 别克车的保养周期, 机车夹克怎么搭配, 家里的热水器需要定期检修吗: a word of the
pack is there (电量, 计划, 报表, 派单, 站点, 车, 机车, 检修), but what it belongs to is a thing of the
general language — the owner of the word is outside the pack, so the word is general too and
the turn is a general question (passed through, `use_original`), not a data question whose
domain is to be asked.

A word is owned (`lexicons/non_data.json`, `generalOwner`):
0. never, if it is an object or explicit domain word only the trade uses — one jieba's
   dictionary does not know (工单, AGV, 二级修: 我名下的工单, AGV运行报表 stay data questions);
1. by its modifier: a noun of jieba's dictionary (or a Latin word that begins no identifier)
   right before it, directly or across 的 (手机电量, 外卖平台的派单, Excel报表) — before an object
   word across 的 only a common noun (网站的站点; 进厂的机车 is a relative clause jieba tags n); directly before a word that is no explicit
   domain word, a verb of the dictionary too (健身计划) — counted only in a text with a second
   foreign content word (帮我制定一个健身计划; 帮我看下运行计划 stays a data question);
2. by its head: an object word (a term with an entity type: 机车, 站点, 车) right before a
   noun or verb of the dictionary that the pack does not know (机车夹克, 站点地图) — a record
   noun is not (平均等待时间: the record noun modifies what is measured);
3. as an activity (a word with no entity type: 检修, 保养) whose clause names a noun of the
   dictionary that the pack does not know and no object of the pack (热水器…检修).
Candidates are words of jieba's dictionary (2–4 characters) not covered by any word,
entity or term the stages found — dictionary look-ups only, no cut: this runs only after
the cheap preconditions (no identifier, no write, no referent, no flag to ask about) hold.
One business word not owned keeps the turn a data question (小车电量, 机车的检修计划, 检修计划).
"""
from __future__ import annotations

import re

from nlu import draft_keys as K
from nlu.draft import Draft
from nlu.pipeline.flags import DOMAINS as BUSINESS_DOMAINS
from nlu.lexicon.word_classes import alternation, referring_words
from nlu.semantics.view import SentenceView

_LATIN = re.compile(r"[A-Za-z]+")
_MAX_WORD = 4
_MIN_WORD = 2
_HARD = 2  # coverage: a word of the business, an entity, an action or a cue
_SOFT = 1  # coverage: a word of the general language the pack also has (平台, 系统), a fusable negation
_NOT_OWNED, _BY_NOUN, _BY_VERB = 0, 1, 2  # how a business word is owned


class GeneralTopic:
    def __init__(self, pack, pos, data: dict, record_nouns: tuple[str, ...],  # noqa: ANN001
                 content_tags: frozenset[str] = frozenset(), light: frozenset[str] = frozenset()) -> None:
        self.pos = pos
        self.content_tags = content_tags
        self.light = light
        self.noun_tags = frozenset(data["nounTags"])
        self.modifier_tags = frozenset(data["modifierTags"])
        self.head_tags = frozenset(data["headTags"])
        # after an object word only a nominal head owns it (站点地图, 机车夹克); a plain verb there is
        # the object's predicate (机车绕过…, AGV 跑…), never a thing of the world the word belongs to
        self.object_head_tags = self.head_tags - frozenset(data["predicateTags"])
        self.linkers = tuple(data["linkers"])
        self.attribute_heads = tuple(data.get("attributeHeads", ()))  # 机车型号: the object's attribute
        self.linked_object_owner_frequency = int(data["linkedObjectOwnerFrequency"])
        self.speakers = tuple(sorted(data.get("speakerSubjects", ()), key=len, reverse=True))
        self.speaker_gap_tags = frozenset(data.get("speakerGapTags", ()))
        self.record_nouns = record_nouns
        self.pack_words = frozenset(s for t in pack.terms for s in t.surfaces)
        self.id_prefixes = frozenset(m.group(0).upper() for p in pack.identifier_patterns
                                     if (m := _LATIN.match(p.example)))
        classes = referring_words(pack.root).classes
        # 机车这个词, “报表”这个说法: a word of the pack mentioned as a word (referring.json)
        self.mention_phrase = re.compile(r"[\s\"'“”‘’「」『』]*(?:{})\s*(?:{})(?!库|典|条|组|段|频)".format(
            alternation(sorted(classes.determiners, key=len, reverse=True)),
            alternation(sorted(classes.metalinguistic_nouns, key=len, reverse=True))))

    # -- the judgement --------------------------------------------------------------------
    def owns_all(self, draft: Draft, view: SentenceView) -> bool:
        """Every business word of the turn is owned by a thing outside the pack (and there is one)."""
        if not self.pos.ready():
            return False  # cannot look words up yet: the conservative side (a data question)
        words = self._business_words(draft, view)
        if not words:
            return False
        covered = self._covered(draft, view)
        owners = []
        # a Latin word owns the business words only in a text that asks no template's shape
        # (站点地图怎么做SEO; 站点 battery 多少 asks a count: still a data question)
        latin = not draft.template_candidates
        for c0, c1, kind in words:
            how = self._owned(view, covered, c0, c1, kind, latin)
            if not how:
                return False
            owners.append(how)
        # 帮我看下运行计划, 生产计划有哪些: a process verb before a word may be the business's own
        # activity; a verb owner counts only in a text with another foreign content word
        # (帮我制定一个健身计划: 制定, 健身) — the text is about that other world
        return _BY_VERB not in owners or self._foreign_count(view.text, covered, 2) >= 2

    def about_words(self, draft: Draft, view: SentenceView) -> bool:
        """机车这个词的英文怎么说, 报表这个词是什么意思: every word of the business (and every
        explicit word) is followed by a phrase naming it as a word — it is mentioned, not
        used: a question about language. One regex search decides most turns (none such)."""
        text = view.text
        if self.mention_phrase.search(text) is None:
            return False
        spans = [(a, b) for a, b, _kind in self._business_words(draft, view)]
        spans += [(w.c0, w.c1) for w in view.explicit_words]
        spans += [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "explicit_domain"]
        return bool(spans) and all(self.mention_phrase.match(text, b) is not None for _a, b in spans)

    # -- what is of the business ----------------------------------------------------------
    def _business_words(self, draft: Draft, view: SentenceView) -> list[tuple[int, int, str]]:
        """(c0, c1, kind) of every business word; kind: `explicit`, `object`, `activity`, `record`."""
        out: dict[tuple[int, int], str] = {}
        objects: set[tuple[int, int]] = set()
        for t in draft.terms:
            c0, c1 = draft.to_current(t.o0, t.o1)
            business = t.domain in BUSINESS_DOMAINS or bool(t.ambiguity_group and t.candidates)
            if not business:
                continue  # 现在, 平台: a word of the general language the pack also has
            if t.entity_type or t.ambiguity_group:
                objects.add((c0, c1))
            out[(c0, c1)] = "object" if (c0, c1) in objects else "activity"
        for w in view.domain_words:
            explicit = any(is_explicit for _d, is_explicit in w.data)
            kind = "object" if (w.c0, w.c1) in objects else ("explicit" if explicit else "activity")
            out[(w.c0, w.c1)] = kind
        for w in view.weak_domain_words:
            out.setdefault((w.c0, w.c1), "activity")
        text = view.text
        taken = bytearray(len(text) + 1)
        for a, b in out:
            taken[a:b] = b"\x01" * (b - a)
        for noun in self.record_nouns:
            k = text.find(noun)
            while k >= 0:
                if not taken[k]:
                    out[(k, k + len(noun))] = "record"
                k = text.find(noun, k + 1)
        return [(a, b, kind) for (a, b), kind in sorted(out.items())]

    @staticmethod
    def _covered(draft: Draft, view: SentenceView) -> bytearray:
        """HARD where a business word, an entity, an action or a cue the stages found covers the
        character; SOFT where only a word of the general language does: a term of no business
        domain (平台, 系统) or a negation jieba may fuse into a name (别 in 别克)."""
        covered = bytearray(len(view.text) + 1)
        soft = [(w.c0, w.c1) for w in view.negations]
        hard = [(m.c0, m.c1) for m in view.mentions]
        for words in (view.actions, view.comparisons, view.explicit_words, view.pronouns, view.triggers,
                      view.domain_words, view.weak_domain_words, view.presentation, view.cues):
            hard.extend((w.c0, w.c1) for w in words)
        for t in draft.terms:
            span = draft.to_current(t.o0, t.o1)
            if t.domain in BUSINESS_DOMAINS or t.entity_type or t.ambiguity_group:
                hard.append(span)
            else:
                soft.append(span)
        for c0, c1 in soft:
            if c1 > c0:
                covered[c0:c1] = bytes([_SOFT]) * (c1 - c0)
        for c0, c1 in hard:
            if c1 > c0:
                covered[c0:c1] = bytes([_HARD]) * (c1 - c0)
        return covered

    # -- ownership ------------------------------------------------------------------------
    def _owned(self, view: SentenceView, covered: bytearray, c0: int, c1: int, kind: str, latin: bool = False) -> int:
        text = view.text
        if kind in ("object", "explicit") and self.pos.dictionary_tag(text[c0:c1]) is None:
            return False  # 工单, AGV, 二级修: a word only the trade uses is owned by nothing outside it
        k = c0
        linked = False
        floor = 0
        if k > 0 and text[k - 1] in "".join(self.linkers):
            k, linked = k - 1, True
            if kind == "object":  # 进厂的机车 (进厂: a rare verb phrase jieba tags n) is a relative clause;
                floor = self.linked_object_owner_frequency  # 网站的站点 (a common noun) owns the word
        suffix = kind == "record" and c1 - c0 == 1  # 合格率: a one-character record noun ends a word
        if not suffix and self._foreign_before(text, covered, k, self.noun_tags, floor):
            return _BY_NOUN  # 手机电量, 外卖平台的派单, Excel报表
        if not suffix and not linked and kind != "explicit" and \
                self._foreign_before(text, covered, k, self.noun_tags | self.modifier_tags, floor):
            return _BY_VERB  # 健身计划
        if kind == "object" and not text.startswith(self.attribute_heads, c1) and \
                self._foreign_after(text, covered, c1, self.noun_tags | self.object_head_tags):
            return _BY_NOUN  # 机车夹克, 站点地图
        if kind == "activity" and self._said_of_speaker(text, covered, view.clause_span(c0)[0], c0):
            return _BY_NOUN  # 我先下线了: the speaker's own state, not a vehicle's
        if kind == "activity" or kind == "explicit" and self.pos.dictionary_tag(text[c0:c1]) in self.head_tags:
            lo, _hi = view.clause_span(c0)
            if self._foreign_noun_in(text, covered, lo, c0):
                return _BY_NOUN  # 热水器…检修: the subject before it
        if latin and kind in ("object", "activity") and self._foreign_latin_in(text, covered, *view.clause_span(c0)):
            return _BY_NOUN  # 站点地图怎么做SEO: a Latin word foreign to the pack names the topic
        return _NOT_OWNED

    def _said_of_speaker(self, text: str, covered: bytearray, lo: int, c0: int) -> bool:
        """The clause opens with the speaker (我, 我们) and only adverbs of jieba's dictionary
        (先, 马上) stand between it and the word at `c0`: the word is said of the speaker."""
        head = text[lo:c0].strip()
        who = next((w for w in self.speakers if head.startswith(w)), None)
        if who is None or covered.find(_HARD, lo, c0) >= 0:
            return False
        gap = head[len(who):].strip()
        while gap:  # longest dictionary adverb first at each position
            n = next((n for n in range(min(_MAX_WORD, len(gap)), 0, -1)
                      if self.pos.dictionary_tag(gap[:n]) in self.speaker_gap_tags), 0)
            if not n:
                return False
            gap = gap[n:]
        return True

    def _foreign_latin_in(self, text: str, covered: bytearray, lo: int, hi: int) -> bool:
        """A Latin word of the clause (SEO, Python) that begins no identifier, is no word of the
        pack and no stage took: what an implied (not explicit) business word is said of."""
        for m in _LATIN.finditer(text, lo, hi):
            word = m.group(0)
            if len(word) >= _MIN_WORD and word.upper() not in self.id_prefixes and word not in self.pack_words \
                    and word.lower() not in self.pack_words and covered.find(_HARD, m.start(), m.end()) < 0:
                return True
        return False

    def _foreign_before(self, text: str, covered: bytearray, k: int, tags: frozenset[str], floor: int = 0) -> bool:
        j = k
        while j > 0 and text[j - 1].isascii() and text[j - 1].isalpha():
            j -= 1
        if j < k:  # Excel报表: a Latin word that begins no identifier and is no word of the pack
            latin = text[j:k]
            return len(latin) >= _MIN_WORD and latin.upper() not in self.id_prefixes \
                and covered.find(_HARD, j, k) < 0 and latin not in self.pack_words
        if any(k - n >= 0 and self._foreign(text[k - n:k], covered, k - n, k, tags, floor)
               for n in range(_MAX_WORD, _MIN_WORD - 1, -1)):
            return True
        a = k
        while a > 0 and covered[a - 1] == _SOFT:
            a -= 1
        # 外卖平台的派单: a general word of the pack (平台) with a foreign modifier is a foreign compound
        return a < k and self._foreign_before(text, covered, a, tags | self.modifier_tags, floor)

    def _foreign_after(self, text: str, covered: bytearray, k: int, tags: frozenset[str]) -> bool:
        for n in range(_MAX_WORD, _MIN_WORD - 1, -1):
            if k + n <= len(text) and self._foreign(text[k:k + n], covered, k, k + n, tags):
                return True
        return False

    def _foreign_noun_in(self, text: str, covered: bytearray, lo: int, hi: int) -> bool:
        for a in range(lo, hi):
            if covered[a] == _HARD:
                continue
            for n in range(_MAX_WORD, _MIN_WORD - 1, -1):
                if a + n <= hi and self._foreign(text[a:a + n], covered, a, a + n, self.noun_tags):
                    return True
        return False

    def _foreign_count(self, text: str, covered: bytearray, enough: int) -> int:
        """Distinct foreign content words of the dictionary in the text no stage took (longest
        first at each position), counting up to `enough`."""
        found: set[str] = set()
        a = 0
        while a < len(text) and len(found) < enough:
            for n in range(_MAX_WORD, _MIN_WORD - 1, -1):
                word = text[a:a + n]
                if len(word) == n and word not in self.light and self._foreign(word, covered, a, a + n, self.content_tags):
                    found.add(word)
                    a += n
                    break
            else:
                a += 1
        return len(found)

    def _foreign(self, word: str, covered: bytearray, a: int, b: int, tags: frozenset[str], floor: int = 0) -> bool:
        """`word` is a dictionary word of `tags` that no stage took and the pack does not know."""
        if covered.find(_HARD, a, b) >= 0 or covered.count(_SOFT, a, b) == b - a or word in self.pack_words \
                or not all(ch.isalpha() for ch in word):
            return False
        return self.pos.dictionary_tag(word) in tags and self.pos.frequency(word) > floor


_MAX_TEXT = 200  # a general question is short; a long text is judged by the other steps


def preconditions(draft: Draft, flags: set[str], data_signals: frozenset[str]) -> bool:
    """Nothing of the business besides words: no flag to ask about, no identifier or
    referent, no write, no relation, no correction of a typo. Cheap: fields only."""
    if len(draft.text) > _MAX_TEXT or flags & data_signals or draft.relations or draft.source.referents:
        return False
    if any(f.write for f in draft.frames) or draft.scratch.get(K.WRITE_ACTIONS) or draft.scratch.get(K.SUGGESTIONS):
        return False
    if any(p.kind == "identifier" or p.suspicious for p in draft.protected):
        return False
    if any(k.confirmed for k in draft.coreferences):
        return False
    return not any(o.applied and o.edit.type in ("typo", "asr", "ocr") for o in draft.edits)


__all__ = ["GeneralTopic", "preconditions"]
