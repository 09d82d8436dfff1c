"""A write continues only when it is fully understood (issue 26): the accounting of its text.

Safety used to come from rules that each recognise one risky shape; a shape nobody listed
went ahead. This module turns the default around for writes. Every character of a short
turn that orders a write must be *claimed*:

* by what the stages found: a protected fact (key, number, time, action, negation,
  comparison, domain word), an entity, a term, a resolved referent, a frame's or a
  relation's evidence;
* or by a word of a declared class: the pack's closed word classes (function words, time
  words, referring words, fillers, politeness, grammar cues, template and domain words) and
  the classes of ``lexicons/write_accounting.json``;
* or be white space or punctuation.

Anything else is unexplained and the write asks (`unexplained_write`). A correction word the
self-repair grammar did not apply (口误, 搞错了 when unlisted), a misspelt negation (布用), a
Latin verb the pack does not know, an invalid value, all land here without being listed.
The lexicons make more writes go through — a listed repair is applied upstream, and its
marker is gone from the text this reads — they never make an unknown word safe, because no
correction word belongs to a declared class.

Three checks over the same claims sit beside it, each a named rule of the policy table:

* `objects_not_conjoined`: two keys of one kind with nothing but space, a pause mark or a
  slash between them (取消 T-…11 T-…17, AGV-33 / AGV-38): which one, or both?
* `count_mismatch`: a count that does not match the objects named, either way (WO-…01 WO-…02
  关掉其中一个; 取消这三个任务：T-1、T-2).
* `repeated_write`: the same write verb over a second object of the kind (暂停 AGV-41 暂停 AGV-14).
* `negation_then_opposite`: a negated write verb, then the same verb unnegated (不关了，关了吧).
* `alternatives_disagree`: the source's alternatives disagree with the text on a key or a
  number (ASR heard AGV-13 and AGV-30): a protected fact is uncertain — asked for reads too.

Reads (`nlu.decision.rules`) are not accounted: noise the rules do not parse is not a reason
to ask a read. The case corpus is ``lexicons/corpora/decision.write_accounting.json``; the
generated families are in ``tests/decision/test_write_accounting.py``.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable

from nlu.lexicon.word_classes import WordClasses, alternation as _alternation, function_words, implied_action_words, number_context, referring_words
from nlu.text.pos import pos_tagger
from nlu.text.wordscan import WordScanner, fold_ascii

if TYPE_CHECKING:
    from nlu.draft import Draft
    from nlu.lexicon import Pack

ACCOUNTING_FILE = "write_accounting.json"
#: code points of unexplained text shown in the question
SHOWN = 12
_NUMERAL = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
# a count of objects: a numeral and a classifier (一个, 两台, 1 张); 其中 / 之一 need no number
_KEY_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9]*[-_]?\d[\w-]*")
_DIGITS = re.compile(r"\d+")
_EACH = ("各", "每", "分别")
_VERB_TAGS = frozenset({"v", "vd", "vi", "vg"})  # jieba's verbs; not vn (维修, 检修: the activity as a noun)


#: classes of write_accounting.json that name words to recognise, not words that explain a write
_NOT_DECLARED = frozenset({"stateVerbs", "repairClosers", "shortWriteVerbs", "reasonOpeners", "thirdParties", "reasonWords", "scopeNouns",
                           "untouchedVerbs", "objectHedges", "pausedChangeWords", "backPointers"})


def _words_of(classes: WordClasses) -> Iterable[str]:
    for name, words in classes._words.items():  # noqa: SLF001 - every class of the file, by design
        if name not in _NOT_DECLARED:
            yield from words


@dataclass(frozen=True, slots=True)
class Unexplained:
    start: int  # current-text code points
    end: int
    text: str


class WriteAccounting:
    """The declared words of one pack, compiled once; `unexplained(draft)` is one linear pass."""

    def __init__(self, pack: "Pack") -> None:
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon.loader import load_data_file

        root = pack.root
        own = WordClasses(ACCOUNTING_FILE, load_data_file(ACCOUNTING_FILE, root)["classes"])
        words: set[str] = set(_words_of(own))
        for classes in (function_words(root), number_context(root), implied_action_words(root),
                        referring_words(root).classes):
            words.update(_words_of(classes))
        words.update(referring_words(root).head_nouns)
        words.update(referring_words(root).classifier_types)
        words.update(a.word for a in pack.actions)
        words.update(pack.negation_words)
        for c in pack.comparison_words:
            words.update(p for p in c.word.split("…") if p)
        for dom in pack.domains.values():
            words.update(dom.explicit + dom.implied + dom.weak)
        for tpl in pack.templates.values():
            words.update(tpl.triggers)
        words.update(pack.presentation_words + pack.quantity_units + pack.currency_words + pack.person_names
                     + pack.titles + pack.politeness_words + pack.discourse_words)
        words.update(p.word for p in pack.pronouns)
        words.update(w for w, _ in pack.grammar_cues)
        latin_verbs = set(load_data_file("write_safety.json", root).get("latinWriteVerbs", {}))  # cancel, dispatch …
        words.update(latin_verbs)
        for t in pack.terms:
            words.update(t.aliases + t.abbreviation + (t.canonical_text,))
        repair = load_data_file("cleaning.json", root)["selfRepair"]
        # a repair marker is never a declared word (an unapplied repair stays unexplained), but
        # the typed markers that are also verbs (改成, 换成) set a parameter in a write
        verbs = set(repair["typedMarkers"]) | {a.word for a in pack.actions}
        markers = {m for m in (*pack.self_repair_markers, *repair["markers"], *repair["softMarkers"]) if m} - verbs
        words.difference_update(markers)
        self.markers: WordScanner = WordScanner((fold_ascii(m), True) for m in markers)
        # the speaker's doubt about the object (好像是 …吧, 记不清了): never claimed, whatever class holds it
        self.hedges: WordScanner = WordScanner((fold_ascii(h), True) for h in own.object_hedges)
        self.back_pointers = tuple(own.back_pointers)
        self.words = frozenset(w for w in words if w)
        self.scanner: WordScanner = WordScanner((fold_ascii(w), True) for w in self.words)
        grammar, implied = function_words(root), implied_action_words(root)
        self.joiners = frozenset(grammar.coordinators + grammar.range_joiners)
        self.disposal = grammar.disposal_marker + implied.written_disposal_marker
        write_words = {a.word for a in pack.actions if a.write} | latin_verbs
        write_words |= {w for w in (*implied.change_verbs, *implied.two_char_verbs, *implied.value_change_verbs) if len(w) >= 2}
        self.write_words = WordScanner((fold_ascii(w), True) for w in write_words)
        # a colloquial disposal verb said after its object with no 把 (T-… T-… 都撤了, WO-… 关了):
        # told (it was done) or ordered — a write the user may mean, so it is accounted
        gap = sorted({*implied.record_nouns, *implied.disposal_scope_adverbs, *implied.disposal_gap_words},
                     key=len, reverse=True)
        self.topic_disposal = re.compile(r"(?:\s|" + "|".join(map(re.escape, gap)) + r")*["
                                         + "".join(map(re.escape, (*implied.disposal_update_verbs, *implied.disposal_cancel_verbs)))
                                         + r"](?:" + "|".join(map(re.escape, implied.disposal_perfectives)) + r")")
        self.latin_verbs = tuple(sorted(fold_ascii(v) for v in latin_verbs))
        self.negations = tuple(sorted((n for n in pack.negation_words if len(n) <= 2), key=len, reverse=True))
        self.short_verbs = re.compile("(?:" + "|".join(map(re.escape, own.short_write_verbs)) + r")(?=\s*(?:[去到给往]\s*)?(?:"
                                      + _KEY_SHAPE.pattern + r"|[一两二三四五六七八九十几1-9]\s*[个台张条辆项份单趟次]|个))")
        self.read_verbs = WordScanner((fold_ascii(a.word), True) for a in pack.actions if not a.write)
        self.state_verbs = frozenset(own.state_verbs)
        self.explicit_words = WordScanner((fold_ascii(w), True) for dom in pack.domains.values() for w in dom.explicit)
        self.pos = pos_tagger(pack)
        self.conditionals = tuple(own.conditionals)
        # the repair of a write the grammar did not apply (`repair`): the pack's repair words,
        # the typed markers that are also verbs (改成 after a destination), the short cores (不是)
        grammar_repair = {m for m in (*pack.self_repair_markers, *repair["markers"], *repair["softMarkers"],
                                      *repair["leadIns"], *repair["typedMarkers"], *repair["interjections"],
                                      *repair["gluedInterjections"], *repair["shortCores"], *repair["typedLeadIns"]) if m}
        self.listed_repair: WordScanner = WordScanner((fold_ascii(m), True) for m in grammar_repair)
        self.typed_markers = tuple(sorted(repair["typedMarkers"], key=len, reverse=True))
        self.paused_changes = tuple(sorted(own.paused_change_words, key=len, reverse=True))
        self.short_cores = tuple(sorted(repair["shortCores"], key=len, reverse=True))
        self.destination_coverbs = tuple(own.destination_coverbs)
        self.change_context = tuple(repair["changeContext"])
        self.repair_closers = tuple(sorted(own.repair_closers, key=len, reverse=True))
        # traditional characters read as simplified (請 -> 请): one for one, positions unchanged
        data = load_data_file(ACCOUNTING_FILE, root)
        values = load_data_file("values.json", root).get("traditional", {})
        self.fold = str.maketrans({**values, **data["traditional"]["map"]})
        # a reason or result clause after the order (，客户那边不要了, 已验收合格) and a scope
        # restriction (其他的别动): claimed as a whole only in that shape
        alt = _alternation
        self.reason_head = re.compile(r"(?:" + alt(own.reason_openers[:3]) + r")?\s*(?:(?P<third>" + alt(own.third_parties)
                                      + r")|" + alt(own.reason_openers) + r")")
        self.reason_words = WordScanner((fold_ascii(w), True) for w in (*own.reason_words, *own.third_parties,
                                                                         *own.reason_openers))
        negations = alt(tuple(n for n in pack.negation_words if len(n) <= 2))
        self.scope = re.compile(r"(?:" + alt(own.scope_nouns) + r")(?:先|都|就|也)?(?:(?:" + negations + r")(?:"
                                + alt(own.untouched_verbs) + r")|保持不变|不变|保留|照旧)了?")
        self.hesitations = tuple(sorted({*own.hesitations, *repair["interjections"], *repair["gluedInterjections"]},
                                        key=len, reverse=True))

    # -- the claims ------------------------------------------------------------------------
    def claimed(self, draft: "Draft") -> bytearray:
        """One flag per code point of the current text: 1 where something explains it."""
        text = draft.text
        mark = bytearray(len(text))

        def claim(c0: int, c1: int) -> None:
            mark[max(c0, 0):min(c1, len(text))] = b"\x01" * max(0, min(c1, len(text)) - max(c0, 0))

        def claim_original(o0: int, o1: int) -> None:
            if o1 > o0:
                claim(*draft.to_current(o0, o1))

        for p in draft.protected:
            claim_original(p.o0, p.o1)
        for e in draft.entities:
            claim_original(e.o0, e.o1)
        for t in draft.terms:
            claim_original(t.o0, t.o1)
        for k in draft.coreferences:
            if k.antecedent_id is not None:
                claim_original(k.o0, k.o1)
        folded = text.translate(self.fold)  # 請把任務 read as 请把任务
        for c0, c1 in self.scanner.longest_each(folded):
            claim(c0, c1)
        for m in self.short_verbs.finditer(folded):  # 调 AGV-64 …, 排一个 …: the action
            claim(m.start(), m.end())
        for m in self.scope.finditer(folded):  # …，其他的别动: the order's scope
            claim(m.start(), m.end())
        for i, ch in enumerate(text):
            if not mark[i] and (ch.isspace() or unicodedata.category(ch).startswith("P")):
                mark[i] = 1
        self._claim_reasons(draft, folded, mark)
        # what explains nothing, whatever else claimed it: a clock that does not exist (后天二十六点,
        # 18:75 — an ambiguous 10点 is a value still to settle, not a misreading), and a repair
        # marker still in the text — a repair the grammar did not apply (…——不对 ST-14), so its
        # abandoned object is still there; a marker after a conditional (如果不对) repairs nothing
        for c0, c1 in invalid_clocks(text):
            mark[c0:c1] = bytes(c1 - c0)
        keys = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
        for c0, c1 in self.markers.longest_each(folded):
            if folded[max(0, c0 - 2):c0].endswith(self.conditionals):
                continue
            if not any(k0 <= c0 and c1 <= k1 for k0, k1 in keys):
                mark[c0:c1] = bytes(c1 - c0)
        for c0, c1 in self.hedged(folded):
            mark[c0:c1] = bytes(c1 - c0)
        self._unclaim_rival_asides(draft, text, mark)
        self._unclaim_back_pointers(draft, text, mark)
        # Markdown strikethrough (关闭工单 ~~WO-…10~~ WO-…11): the user struck that text out in
        # markup — a repair no word says; its marks explain nothing, so a later object repairs it
        for m in _STRUCK.finditer(text):
            mark[m.start():m.start() + 2] = bytes(2)
            mark[m.end() - 2:m.end()] = bytes(2)
        return mark

    def _unclaim_back_pointers(self, draft: "Draft", text: str, mark: bytearray) -> None:
        """A pointer back at what the turn said (前面那个, 刚才那个) with an object of the kind named
        before it and another one after it (T-…40 取消，前面那个作废，取消 T-…41): it may disown the
        earlier clause as well as name its object — which the write means is not understood."""
        keys = self.keys(draft)
        if len(keys) < 2:
            return
        for k in draft.coreferences:
            if k.antecedent_id is None:
                continue
            c0, c1 = draft.to_current(k.o0, k.o1)
            if not text.startswith(self.back_pointers, c0):
                continue
            before = {(t, x) for k0, _k1, t, x in keys if k0 < c0}
            if any(t == bt and x != bx for k0, _k1, t, x in keys if k0 >= c1 for bt, bx in before):
                mark[c0:c1] = bytes(c1 - c0)

    def _unclaim_rival_asides(self, draft: "Draft", text: str, mark: bytearray) -> None:
        """An aside in brackets that names another object of a kind the order already named (送到
        ST-07（勘误：ST-70）, （备注：ST-70）): whatever word labels it, it may replace the object — a
        repair or a second object, never an aside; its words explain nothing (its keys stay claimed)."""
        keys = self.keys(draft)
        if len(keys) < 2:
            return
        for m in _BRACKETED.finditer(text):
            inside = [k for k in keys if m.start() < k[0] and k[1] < m.end()]
            named = {(t, x) for k0, _k1, t, x in keys if k0 < m.start()}
            if not any(t == nt and x != nx for _k0, _k1, t, x in inside for nt, nx in named):
                continue
            for i in range(m.start() + 1, m.end() - 1):
                if any(k0 <= i < k1 for k0, k1, _t, _x in inside):
                    continue
                if not (text[i].isspace() or unicodedata.category(text[i]).startswith("P")):
                    mark[i] = 0

    def hedged(self, text: str) -> list[tuple[int, int]]:
        """Spans of the speaker's doubt about what the write acts on (好像是, 记不清): objectHedges."""
        return self.hedges.longest_each(text)

    def doubts_object(self, draft: "Draft", gaps: list["Unexplained"]) -> bool:
        """All the write leaves unexplained is the speaker's doubt (好像是 T-… 吧, 大概是 AGV-16 吧 我也记不清了),
        and it names a key: which object is meant is what is uncertain."""
        if not gaps or not self.keys(draft):
            return False
        spans = self.hedged(draft.text.translate(self.fold))
        return bool(spans) and all(any(h0 < g.end and g.start < h1 for h0, h1 in spans) for g in gaps)

    def _claim_reasons(self, draft: "Draft", text: str, mark: bytearray) -> None:
        """Claim a reason or result clause after the order (，因为客户那边不要了; 。已验收合格): opened by
        a reason opener or a third party, holding no key and no write word, every other character
        claimed or a reason word; a negation in it counts only after a third party (客户不要了 is
        the customer's, 因为不要了 may be the user's)."""
        heads = [m for m in self.reason_head.finditer(text)]
        if not heads:
            return
        keys = [(c0, c1) for c0, c1, _t, _x in self.keys(draft)]
        if not keys:
            return
        negs = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "negation"]
        order_end = min(k1 for _k0, k1 in keys)
        for m in heads:
            c0 = m.start()
            if c0 < order_end:
                continue
            brk = _CLAUSE_BREAK.search(text, m.end())
            c1 = brk.start() if brk else len(text)
            if any(c0 < k1 and k0 < c1 for k0, k1 in keys):
                continue
            reasons = self.reason_words.longest_each(text[c0:c1])
            # a write word the clause says as a reason word (已验收合格, 客户已经撤单了) is a state
            if any(not any(r0 <= w0 and w1 <= r1 for r0, r1 in reasons)
                   for w0, w1 in self.write_words.longest_each(text[c0:c1])):
                continue
            if m.group("third") is None and any(c0 <= n0 < c1 for n0, _n1 in negs):
                continue
            covered = bytearray(mark[c0:c1])
            for r0, r1 in reasons:
                covered[r0:r1] = b"\x01" * (r1 - r0)
            if all(covered):
                mark[c0:c1] = b"\x01" * (c1 - c0)

    def unexplained(self, draft: "Draft") -> list[Unexplained]:
        """The runs of the current text nothing explains, in order."""
        mark = self.claimed(draft)
        text = draft.text
        out: list[Unexplained] = []
        i, n = 0, len(text)
        while i < n:
            if mark[i]:
                i += 1
                continue
            j = i
            while j < n and not mark[j]:
                j += 1
            out.append(Unexplained(i, j, text[i:j]))
            i = j
        return out

    def unread_verbs(self, draft: "Draft") -> list[Unexplained]:
        """Dictionary verbs (jieba's dictionary tag v, vd, vi, vg: looked up, never guessed) outside
        every key, value, term and explicit domain word (大修), that no read word and no state verb
        explains: in a turn that asks nothing they may be an order the pack does not know (回 in
        AGV-03 回库, 扣 in …扣车). Words as jieba's dictionary cuts them (no HMM)."""
        self.pos.load()  # blocking once: a cold call answers as a warm one
        text = draft.text
        out_of_reach = bytearray(len(text))
        folded = text.translate(self.fold)
        # keys, values, entities, terms (大修履历, 牵引电机: the pack's names of things and activities),
        # read verbs and explicit domain words (大修) are out of reach; an action word is not
        spans = [draft.to_current(x.o0, x.o1) for x in (*(p for p in draft.protected if p.kind != "action"),
                                                       *draft.entities, *draft.terms)]
        spans += [*self.read_verbs.longest_each(folded), *self.explicit_words.longest_each(folded)]
        for c0, c1 in spans:
            c0, c1 = max(c0, 0), min(c1, len(text))
            out_of_reach[c0:c1] = b"\x01" * max(0, c1 - c0)
        found: list[Unexplained] = []
        i = 0
        for word in self.pos.words.tokenizer.cut(text, HMM=False):  # the dictionary's cut, no guessing
            j = i + len(word)
            if not any(out_of_reach[i:j]) and word not in self.state_verbs \
                    and self.pos.dictionary_tag(word) in _VERB_TAGS:
                found.append(Unexplained(i, j, word))
            i = j
        return found

    # -- objects ---------------------------------------------------------------------------
    def keys(self, draft: "Draft") -> list[tuple[int, int, str, str]]:
        """(start, end, type, text) of every valid identifier in the current text, in order."""
        types = {(e.o0, e.o1): e.type for e in draft.entities}
        out = []
        for p in draft.protected:
            if p.kind != "identifier" or p.suspicious:
                continue
            c0, c1 = draft.to_current(p.o0, p.o1)
            out.append((c0, c1, types.get((p.o0, p.o1)) or _prefix(p.cleaned), draft.text[c0:c1]))
        return sorted(out)

    def says_a_write_word(self, draft: "Draft") -> bool:
        """A word of any of the pack's write vocabularies (actions, change verbs, Latin verbs) in the
        text — outside the user's pasted material (``data_spans``: a quote, a log line, a table row,
        a form field): a write word there is the material's, not an order of the user's."""
        text = draft.text
        data = [draft.to_current(a, b) for a, b in draft.scratch.get("data_spans") or ()]

        def mine(c0: int, c1: int) -> bool:
            return not any(a <= c0 and c1 <= b for a, b in data)
        return any(mine(c0, c1) for c0, c1 in self.write_words.longest_each(text)) \
            or any(mine(*m.span()) for m in self.short_verbs.finditer(text)) \
            or any(mine(c0, m.end()) for c0, c1, _t, _x in self.keys(draft)
                   if (m := self.topic_disposal.match(text, c1)) is not None)

    def write_words_said(self, draft: "Draft") -> list[str]:
        """The write words of the text, in order (取消, cancel, 派 before an object, 撤了 after one)."""
        text = draft.text
        spans = list(self.write_words.longest_each(text))
        spans += [m.span() for m in self.short_verbs.finditer(text)]
        for _c0, c1, _t, _x in self.keys(draft):
            m = self.topic_disposal.match(text, c1)
            if m:
                spans.append(m.span())
        return [text[a:b].strip() for a, b in sorted(spans) if text[a:b].strip()]

    def orders_write_alone(self, draft: "Draft") -> bool:
        """A short turn that orders a write and names nothing (再派一台过去, cancel it pls): no key, no
        negation, no question — what it is to be done to is missing, not a turn without business."""
        text = draft.text
        if len(text) > 40 or self.keys(draft) or _ASKED.search(text):
            return False
        if any(p.kind == "negation" for p in draft.protected) or any(f.negated for f in draft.frames):
            return False
        folded = fold_ascii(text)
        return (bool(draft.scratch.get("write_actions")) or self.short_verbs.search(text) is not None
                or any(re.search(r"\b" + re.escape(v) + r"\b", folded) for v in self.latin_verbs))

    def disposes_of_a_key(self, draft: "Draft") -> bool:
        """把 / 将 + a named object, and no read verb after it (帮我把 T-… 撤了 说错了 T-…): the
        construction orders something done to the object, whether or not a frame was built."""
        text = draft.text
        for c0, _c1, _t, _x in self.keys(draft):
            head = text[max(0, c0 - 6):c0]
            at = max((head.rfind(d) for d in self.disposal), default=-1)
            if at < 0:
                continue
            rest = text[c0:]
            if not self.read_verbs.longest_each(rest):
                return True
        return False

    def not_conjoined(self, draft: "Draft") -> tuple[str, str] | None:
        """Two keys of one type side by side with nothing but space, a pause or a slash between."""
        keys = self.keys(draft)
        text = draft.text
        for (a0, a1, ta, xa), (b0, b1, tb, xb) in zip(keys, keys[1:]):
            if ta != tb or xa == xb:
                continue
            gap = text[a1:b0]
            core = gap.strip()
            if core in self.joiners or core.strip(" ，,、") in self.joiners:
                continue
            # a comma lists (取消 T-…01，T-…02); space, a slash, a dash, an ellipsis or a bracket
            # only sets two keys side by side
            if all(ch.isspace() or ch in "/／|｜;；…—-–~(（)）" for ch in gap):
                return xa, xb
        return None

    def count_mismatch(self, draft: "Draft") -> tuple[str, str] | None:
        """A count that does not match the objects named, in either direction: fewer counted than
        named (WO-…01 WO-…02 关掉其中一个, 取消一个就行), or a determined count (这三个, 下面5台, 一共三张)
        that no kind of object named has (取消这三个任务：T-1、T-2; 关闭这两张工单 WO-1、WO-2、WO-3).
        Returns (what was counted, the objects named)."""
        keys = self.keys(draft)
        by_type: dict[str, list[str]] = {}
        for _, _, t, x in keys:
            if x not in by_type.setdefault(t, []):
                by_type[t].append(x)
        if not by_type:
            return None
        text = draft.text
        many = next((xs for xs in by_type.values() if len(xs) >= 2), None)
        named = many or max(by_type.values(), key=len)
        sizes = {len(xs) for xs in by_type.values()}
        for m in _DETERMINED_COUNT.finditer(text):
            n = _count_value(m.group("n"))
            if n is not None and n not in sizes and not _each_before(text, m.start()):
                return m.group().strip(), "、".join(named)
        if many is None:
            return None
        for m in _COUNT.finditer(text):
            if _each_before(text, m.start()):
                continue  # 各下发一单: one each
            n = _count_value(m.group("n"))
            if m.group("pick") or (n is not None and n < len(many)):
                return m.group().strip(), "、".join(many)
        return None

    def values_not_conjoined(self, draft: "Draft") -> tuple[str, str] | None:
        """Two values of one role side by side in a write with no conjunction — only space, an
        interjection or a copula between (排到 周四 啊 周五, 改成三万 哦是三万五, 设为 1.2 嗯 1.5 米每秒):
        a correction no word says, or two values? Like `not_conjoined` for keys. Values of one role:
        times of one granularity (two days, two clocks) or quantities of one unit (or one unsaid),
        with different values. Returns their texts."""
        vals = []
        for e in draft.entities:
            role = _VALUE_ROLES.get(e.type)
            if role is None or e.canonical_value is None:
                continue
            c0, c1 = draft.to_current(e.o0, e.o1)
            vals.append((c0, c1, role, str(e.canonical_value), draft.text[c0:c1]))
        vals.sort()
        text = draft.text
        for (a0, a1, ra, va, xa), (b0, b1, rb, vb, xb) in zip(vals, vals[1:]):
            if ra != rb or va == vb or a1 > b0 or not _same_measure(ra, va, vb):
                continue
            gap = text[a1:b0]
            core = "".join(ch for ch in gap if not ch.isspace())
            if core and all(unicodedata.category(ch).startswith("P") for ch in core):
                continue  # 周四、周五 / 周四，周五: a list, or a range (周四~周五)
            rest = core.strip("，,。…~～—-")
            while rest:
                h = next((h for h in (*self.hesitations, *_COPULAS) if rest.startswith(h)), None)
                if h is None:
                    break
                rest = rest[len(h):].lstrip("，,。…~～—-")
            if not rest:
                return xa, xb
        return None

    def repeated_write(self, draft: "Draft") -> tuple[str, str] | None:
        """The same write verb over two objects of one kind with nothing but pauses between (暂停
        AGV-41 暂停 AGV-14): an ASR repeat with a digit swapped, or two orders? Never guessed."""
        keys = self.keys(draft)
        text = draft.text
        last: dict[str, tuple[int, int, str, str]] = {}
        for k in keys:
            prev = last.get(k[2])
            last[k[2]] = k
            if prev is None or prev[3] == k[3]:
                continue
            core = _OBJECT_NOUNS.sub("", text[prev[1]:k[0]])
            if not core:
                continue
            spans = sorted(self.write_words.longest_each(core))
            pos, seq = 0, []
            while pos < len(core):  # the core must be write verbs only, one after another
                hit = next(((c0, c1) for c0, c1 in spans if c0 == pos), None)
                if hit is None:
                    m = _ONE_CHAR_VERB.match(core, pos)
                    hit = m.span() if m else None
                if hit is None:
                    break
                seq.append(core[hit[0]:hit[1]])
                pos = hit[1]
            if pos < len(core) or len(set(seq)) != 1:
                continue
            # 暂停 A 暂停 B, 把 A 暂停 暂停 B — not 取消 A 暂停 B (two orders)
            lead = _OBJECT_NOUNS.sub("", text[:prev[0]])
            if lead.endswith(seq[0]) and lead[:-len(seq[0])].endswith(self.negations):
                continue  # 别删 WO-1，删 WO-2: a contrast, not a repeat
            if len(seq) >= 2 or lead.endswith(seq[0]) or lead.endswith(tuple(self.disposal)):
                return prev[3], k[3]
        return None

    def negation_then_opposite(self, draft: "Draft") -> str | None:
        """A negated write verb and, in a later clause, the same verb unnegated (WO-… 不关了，关了吧;
        先别暂停 AGV-11，暂停吧): which one is meant is the user's to say. Returns the verb."""
        text = draft.text
        negs = sorted(draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "negation")
        for n0, n1 in negs:
            verb = self._verb_at(text, n1)
            if verb is None:
                continue
            brk = _CLAUSE.search(text, n1)
            if brk is None:
                continue
            before = {x for c0, _c1, _t, x in self.keys(draft) if c0 < brk.end()}
            at = text.find(verb, brk.end())
            while at >= 0:
                after = {x for c0, _c1, _t, x in self.keys(draft) if c0 > at}
                # 别取消 T-1，取消 T-2 orders T-2: another object, not the same order turned round
                if not any(a0 < at and at - a1 <= 1 for a0, a1 in negs) and after <= before:
                    return verb
                at = text.find(verb, at + 1)
        return None

    def _verb_at(self, text: str, i: int) -> str | None:
        """The write verb a negation at `i` negates (不关了 -> 关, 别取消 -> 取消), if any."""
        head = text[i:i + 6]
        for c0, c1 in self.write_words.longest_each(head):
            if c0 == 0:
                return head[c0:c1]
        m = _ONE_CHAR_VERB.match(head)
        return m.group() if m else None

    # -- a repair the grammar did not apply --------------------------------------------------
    def objects(self, draft: "Draft") -> list[tuple[int, int, str, str]]:
        """(start, end, kind, text) of every valid key and every time of the current text, in order."""
        out = self.keys(draft)
        for p in draft.protected:
            if p.kind == "time":
                c0, c1 = draft.to_current(p.o0, p.o1)
                out.append((c0, c1, "time", draft.text[c0:c1]))
        return sorted(out)

    @staticmethod
    def could_repair(draft: Draft) -> bool:
        """A turn short enough for `repair` to look at (the cheap test, before a Turn is built)."""
        return len(draft.text) <= _REPAIR_TURN

    def repair(self, draft: "Draft", mark: bytearray | None = None) -> "Repair | None":
        """A later object of the same kind (or a later time) after a repair-like segment: the
        repaired reading, the later object in the earlier one's place, and the original order.

        Repair-like: the segment between the two holds something nothing explains (口误, sorry I
        mean, →, 手滑了 — listed or not), a typed marker before the later object (……改成 ST-23;
        改成 right after a destination), or a bare short core before it (嗯，不是，是 …). A
        segment wholly explained is a list or a second order (暂停 AGV-41 和 AGV-14; 派到 ST-02，
        AGV-03 去 ST-04); side by side is `not_conjoined`'s. Called on a write only."""
        text = draft.text
        # one short order, nothing asked: a turn of several requests (…有哪些，尽快；查询 AGV-96 …)
        # sets objects of one kind in different requests, not a repair
        if len(text) > _REPAIR_TURN or _ASKED.search(text) or self.read_verbs.longest_each(text):
            return None
        mark = self.claimed(draft) if mark is None else mark
        objs = self.objects(draft)
        last: dict[str, tuple[int, int, str, str]] = {}
        for ob in objs:
            prev = last.get(ob[2])
            last[ob[2]] = ob
            if prev is None or prev[3] == ob[3] or prev[1] > ob[0]:
                continue
            found = self._repair_between(draft, text, mark, prev, ob)
            if found is not None:
                # ST-03 / 改ST-30 / 还是ST-03吧: more of the kind after it — a chain of repairs, whose
                # one-step rewrite is no reading the user said (the question offers none)
                if any(o[2] == ob[2] and o[0] >= ob[1] for o in objs):
                    found = replace(found, chained=True)
                return found
        return None

    def _repair_between(self, draft: "Draft", text: str, mark: bytearray, a: tuple, b: tuple) -> "Repair | None":
        a0, a1, kind, old = a
        b0, b1, _, new = b
        struck = next((m for m in _STRUCK.finditer(text, 0, b0) if m.start() <= a0 and a1 <= m.end()), None)
        if struck is not None:
            return self._struck_repair(text, struck.span(), a, b)
        seg = text[a1:b0]
        core = seg.strip()
        if not core or core in self.joiners or core.strip(" ，,、") in self.joiners:
            return None
        if seg.lstrip(" ，,").startswith(self.conditionals):
            return None
        if _quoted_before(text, a0, a1, b0):
            return None  # an object inside a closed quote is the quote's: a later object repairs no word of it
        starts = [i for i in range(a1, b0) if not mark[i]]
        lead = seg.rstrip()
        typed = next((m for m in self.typed_markers if lead.endswith(m)), None)
        if typed is not None:
            before = lead[:-len(typed)]
            head = text[max(0, a0 - 4):a0].rstrip()
            # 把 ST-02 改成 ST-03 / 从 A 改成 B: a change ordered, not a repair; after a destination
            # (去 ST-22 改成 ST-23) or after more of the order (……改成) it repairs
            if before.strip() or head.endswith(self.destination_coverbs):
                starts.append(a1 + len(before))
        # ST-03 / 改ST-30 / 还是ST-03吧: a change word opening a segment after a pause or a slash
        paused = next((m for m in self.paused_changes if lead.endswith(m)
                       and lead[:-len(m)].rstrip().endswith(_PAUSES)), None) if typed is None else None
        if paused is not None:
            starts.append(a1 + len(lead) - len(paused))
        # 嗯，不是，是 B / 不是九，是 B: a bare short core right before the later object
        short = re.search(r"(?:^|[\s，,。；;…—])(" + "|".join(map(re.escape, self.short_cores)) +
                          r")(?:[\s，,、。]*(?:是)?|[^\s，,。]{1,3}[，,、。]\s*是)\s*$", seg)
        if short is not None:
            starts.append(a1 + short.start(1))
        if not starts:
            return None
        # the repair is the part next to the later object: after the last full stop before it
        # (…改期到下周一。sorry 车号是 B), otherwise from the first repair-like character
        strong = max((i + 1 for i in range(a1, max(starts)) if text[i] in _FULL_STOPS), default=a1)
        p = min((i for i in starts if i >= strong), default=min(starts))
        # …and it begins at a word boundary: a word cut by it (不好|意思) goes with it, back to the
        # last pause, unless that is the order's verb (关了口误 B keeps 关了) or more of the order
        # (的当前任务啊搞错了 keeps 的当前任务)
        inside = [(k0, k1) for k0, k1, _t, _x in self.objects(draft)]  # ST-05搞混了: the key's own 「-」 is no pause
        brk = max((i + 1 for i in range(a1, p) if (text[i].isspace() or unicodedata.category(text[i]).startswith("P"))
                   and not any(k0 <= i < k1 for k0, k1 in inside)), default=a1)
        piece = text[brk:p]
        if brk < p and len(piece) <= 2 and not (self.write_words.longest_each(piece) or _ONE_CHAR_VERB.search(piece)):
            p = brk
        # a repair is a short aside next to the later object, on one line; a turn that goes on to
        # a read (…我现在只想知道 AGV-26 今天跑了几单) names a new object, it repairs nothing
        after_b = text[b1:]
        if "\n" in seg or b0 - p > _REPAIR_REACH or self.read_verbs.longest_each(text[p:]) or _ASKED.search(after_b):
            return None
        rest = text[a1:p]
        while True:  # the order's own words before the repair: trailing pauses and hesitations go
            trimmed = rest.rstrip(" \t，,。；;、…—-–~（([【→>")
            for h in self.hesitations:
                if trimmed.endswith(h):
                    trimmed = trimmed[:-len(h)]
                    break
            if trimmed == rest:
                break
            rest = trimmed
        tail0 = b1
        after = text[b1:]
        stripped = after.lstrip()
        closer = next((c for c in self.repair_closers if stripped.startswith(c)), None)
        if closer is not None:
            tail0 = b1 + (len(after) - len(stripped)) + len(closer)
        if text[tail0:tail0 + 1] in ("）", ")", "]", "】") and any(ch in seg for ch in "（([【"):
            tail0 += 1
        tail = text[tail0:]
        if any(ch in seg for ch in "（([【") and not any(ch in seg for ch in "）)]】") \
                and text[tail0 - 1:tail0] not in ("）", ")", "]", "】"):
            return None  # （备注：T-…10 保留）: the aside goes on past the later object — no one-step repair
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.text.rewriter import Edit

        if rest:
            edits = (Edit(a0, a1, new, "self_repair", "rule", 1.0, reason="self_repair"),
                     Edit(a1 + len(rest), tail0, "", "self_repair", "rule", 1.0, reason="self_repair"))
        else:
            edits = (Edit(a0, b0, "", "self_repair", "rule", 1.0, reason="self_repair"),)
            if tail0 > b1:
                edits += (Edit(b1, tail0, "", "self_repair", "rule", 1.0, reason="self_repair"),)
        repaired = (text[:a0] + new + rest + tail).strip()
        original = (text[:a1] + rest + tail).strip()
        shown = text[p:b0].strip(" ，,。；;、…—-–~（([【→>:：")
        # listed: what nothing explains in the segment is all a repair word of the pack
        listed_at = bytearray(len(text))
        for c0, c1 in self.listed_repair.longest_each(text[a1:b0]):
            listed_at[a1 + c0:a1 + c1] = b"\x01" * (c1 - c0)
        listed = all(listed_at[i] for i in range(a1, b0) if not mark[i])
        return Repair(kind, old, new, listed, shown or text[p:b0], edits, repaired, original)

    @staticmethod
    def _struck_repair(text: str, span: tuple[int, int], a: tuple, b: tuple) -> "Repair | None":
        """关闭工单 ~~WO-…10~~ WO-…11: the earlier object struck out in markup, a later one of its kind
        after only a pause — the struck text goes, the later object stays where the user wrote it."""
        s0, s1 = span
        _a0, _a1, kind, old = a
        b0, b1, _, new = b
        if text[s1:b0].strip(" \t，,、:：→>-"):
            return None  # more of the order between them: the struck text is not replaced by the later object
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.text.rewriter import Edit

        edits = (Edit(s0, b0, "", "self_repair", "rule", 1.0, reason="self_repair"),)
        repaired = (text[:s0] + text[b0:]).strip()
        original = (text[:s0] + old + text[b1:]).strip()
        return Repair(kind, old, new, False, text[s0:s1], edits, repaired, original)


@dataclass(frozen=True, slots=True)
class Repair:
    """A write's repair found by the accounting (`WriteAccounting.repair`)."""

    kind: str  # the objects' kind: a key type (T, AGV, …) or "time"
    old: str  # the abandoned object
    new: str  # the object that replaces it
    listed: bool  # the segment's unexplained text is all repair words of the pack
    marker: str  # the repair segment as shown
    edits: tuple  # current-text Edits that make the repaired reading
    repaired: str  # the repaired order, a complete sentence
    original: str  # the order as first said, without the repair
    chained: bool = False  # more objects of the kind follow: a chain of repairs, no complete rewrite


#: the value entity types a write sets, by the role they fill: two of one role side by side is a question
_VALUE_ROLES = {"time": "time", "time_range": "time", "quantity": "quantity", "amount": "amount"}
_COPULAS = ("就是", "还是", "是", "吧", "呢")  # what a restated value may lean on (哦是三万五, 啊 周五吧)
_MEASURE = re.compile(r"^[-+]?\d+(?:\.\d+)?\s*(?P<unit>.*)$")


def _same_measure(role: str, a: str, b: str) -> bool:
    """Two canonical values that measure the same thing: times of one span (two days, two clock
    points; not 周五 and 下午3点, a day and its hour), quantities of one unit or one left unsaid."""
    if role == "time":
        sa, sb = a.split("/"), b.split("/")
        if len(sa) != len(sb):
            return False
        if len(sa) == 1:
            return True
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from datetime import datetime

        try:
            da = datetime.fromisoformat(sa[1]) - datetime.fromisoformat(sa[0])
            db = datetime.fromisoformat(sb[1]) - datetime.fromisoformat(sb[0])
        except ValueError:
            return False
        # neither inside the other: 明天 上午 is one time said in two words
        inside = sa[0] <= sb[0] and sb[1] <= sa[1] or sb[0] <= sa[0] and sa[1] <= sb[1]
        return da == db and not inside
    ma, mb = _MEASURE.match(a), _MEASURE.match(b)
    if ma is None or mb is None:
        return False
    ua, ub = ma.group("unit").strip(), mb.group("unit").strip()
    return ua == ub or not ua or not ub


def _each_before(text: str, at: int) -> bool:
    return any(w in text[max(0, at - 4):at] for w in _EACH)


#: a count said of objects already named: a determiner, a numeral and a classifier (这三个, 下面5台, 一共三张)
_DETERMINED_COUNT = re.compile(r"(?:这|那|下面|以下|上面|以上|一共|总共|共|合计)\s*(?P<n>[一两二三四五六七八九十1-9])\s*"
                               r"(?:个|台|张|条|辆|项|份|单)")
#: one-character write verbs a negation or a repeat can stand before (不关了, 撤了)
_ONE_CHAR_VERB = re.compile(r"[关停撤删派调排]")
_REPAIR_TURN = 80  # code points: the longest turn the accounting repairs (one order and its aside)
_REPAIR_REACH = 20  # code points: the longest repair aside between the two objects (。sorry 上一条写错，派给)
_FULL_STOPS = frozenset("。；;！!\n")
_PAUSES = tuple("/／|｜，,。；;…—-–")  # what a paused change word (/ 改ST-30) opens its segment after
_OBJECT_NOUNS = re.compile(r"[\s，,、。；;]+|任务|工单|订单|小车|车辆")
_BRACKETED = re.compile(r"[（(【\[][^（(【\[）)】\]\n]{1,40}[）)】\]]")  # one aside in brackets, on one line
_STRUCK = re.compile(r"~~(?=[^\s~])[^~\n]*?(?<=[^\s~])~~")  # Markdown strikethrough (as the cleaning keeps it)
_CLAUSE_BREAK = re.compile(r"[，,。；;！!？?\n]")
_ASKED = re.compile(r"[？?]|吗|呢|怎么|什么|为什么|能不能|可不可以|是否")
_CLAUSE = re.compile(r"[，,。；;！!？?\n]|\s+(?=\S)")
_COUNT = re.compile(r"(?P<pick>其中|之一|one of)|(?<![上下第每前后])(?P<n>[一两二三四五六七八九十1-9])\s*(?:个|台|张|条|辆|项|份|单)"
                    r"(?!(?:工单|任务|新|搬运|检修|小时|月|天|周))")


_CN_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CLOCK = re.compile(r"(?P<h>\d{1,3}|[零〇一二两三四五六七八九十]{1,4})\s*(?:点|时)(?:\s*(?P<m>\d{1,3}|[零〇一二三四五六七八九十]{1,4})\s*分)?"
                    r"|(?<![\d:])(?P<hh>\d{1,2}):(?P<mm>\d{2})(?![\d:])")


def _cn_small(s: str) -> int | None:
    """0..99 said in Chinese numerals (二十六, 十五, 三十), or digits."""
    if s.isdigit():
        return int(s)
    if "十" in s:
        tens, _, ones = s.partition("十")
        t = _CN_DIGIT.get(tens, None) if tens else 1
        o = _CN_DIGIT.get(ones, None) if ones else 0
        return None if t is None or o is None else t * 10 + o
    return _CN_DIGIT.get(s) if len(s) == 1 else None


def invalid_clocks(text: str) -> list[tuple[int, int]]:
    """Spans of clock times that do not exist: an hour past 24, a minute past 59 (二十六点, 18:75)."""
    out = []
    for m in _CLOCK.finditer(text):
        if m.group("hh") is not None:
            h, mi = int(m.group("hh")), int(m.group("mm"))
        else:
            h = _cn_small(m.group("h"))
            mi = _cn_small(m.group("m")) if m.group("m") else 0
        if h is None or mi is None:
            continue
        if h > 24 or mi > 59 or (h == 24 and mi > 0):
            out.append((m.start(), m.end()))
    return out


def _count_value(s: str | None) -> int | None:
    if not s:
        return None
    return int(s) if s.isdigit() else _NUMERAL.get(s)


def _prefix(cleaned: str) -> str:
    m = re.match(r"[A-Za-z]+", cleaned)
    return m.group().upper() if m else ""


def facts_of(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The key-shaped tokens and the digit runs of a text, sorted: what alternatives must agree on."""
    keys = tuple(sorted(k.upper() for k in _KEY_SHAPE.findall(text)))
    rest = _KEY_SHAPE.sub(" ", text)
    return keys, tuple(sorted(_DIGITS.findall(rest)))


def alternatives_disagree(draft: "Draft") -> str | None:
    """The first source alternative that names other keys or numbers than the text, if any."""
    alts = draft.source.alternatives or ()
    if not alts:
        return None
    mine = facts_of(draft.original)
    for alt in alts:
        if alt != draft.original and facts_of(alt) != mine:
            return alt
    return None


_QUOTE_PAIRS = {"“": "”", "「": "」", "『": "』", "‘": "’", '"': '"'}


def _quoted_before(text: str, a0: int, a1: int, b0: int) -> bool:
    """Does [a0, a1) lie inside a quote (“取消AGV-09的全部任务”) that closes before b0? What a quote
    holds is cited, pasted or displayed material, never the user's own words: a protected fact
    in it is never replaced by one said after it."""
    for i in range(a0 - 1, max(-1, a0 - 200), -1):
        close = _QUOTE_PAIRS.get(text[i])
        if close is None:
            continue
        j = text.find(close, a1, b0)
        return j >= 0 and text.find("\n", i, j) < 0
    return False
