"""Stage `coreference`: pronouns and demonstratives to antecedents (design 5.6, 7.6).

Within the sentence first: the antecedent precedes the mention and has a type the pronoun
may refer to (查 AGV-01，它现在在哪 → 它 = AGV-01). Only when nothing in the sentence fits,
the caller's short-term referents (`draft.source.referents`, already bounded to 3 turns and
a 15-minute TTL upstream) are candidates, minus those of a domain the sentence explicitly
switched away from. One candidate confirms; several ask (`ambiguous_coreference`, never
the first by default); none asks too (`unresolved_coreference`). A demonstrative that
determines an explicit identifier or a non-entity noun (这个 AGV-01, 这个报表) is not one.
"""
from __future__ import annotations

import re

from nlu import draft_keys as K
from nlu.draft import Candidate, Coreference, Draft
from nlu.lexicon import Pack, default_pack
from nlu.lexicon.word_classes import function_words, referring_words
from nlu.pipeline.flags import DOMAINS as BUSINESS_DOMAINS
from nlu.pipeline.stage import Stage
from nlu.stages.relation import RelationStage
from nlu.semantics import cues
from nlu.semantics.coordination import group_of
from nlu.semantics.domains import IDENTIFIER_DOMAIN, explicit_domains
from nlu.semantics.fillers import Fillers
from nlu.semantics.referring import APPOSITION_GAP, Referring, demonstrative_phrases, recency_start, referring_patterns
from nlu.semantics.view import Mention, SentenceView, sentence_view
from nlu.source import Referent
from nlu.text.vocabulary import vocabulary
from nlu.text.pos import pos_tagger
from nlu.text.word_matcher import boundary_filter
from nlu.text.words import pack_words
from nlu.text.wordscan import WordScanner

# Salience tiers for a pronoun that may refer to anything (它, 这个): the movable, queryable
# objects first, then places and groups, then people (never for 它/它们).
_TIERS = (
    frozenset({"vehicle", "locomotive", "task", "work_order"}),
    frozenset({"station", "location", "organization", "maintenance_level"}),
    frozenset({"person"}),
)
_REFERABLE = frozenset().union(*_TIERS)
_MOVERS = frozenset({"vehicle", "locomotive"})
_JOBS = frozenset({"task", "work_order"})
# Entity types that locate a referent: ST-18那台车 is the vehicle at ST-18, described, not pointed at.
_PLACES = frozenset({"station", "location"})
# Mentions a bare demonstrative does not determine (他这周, 这个今天…): values, not objects.
_NOT_DETERMINED = frozenset({"time", "time_range", "quantity", "amount"})


# A pause that ends a hesitation (那个…AGV-01) as a clause break would.
_ELLIPSES = ("…", "...", "⋯")
# how far before and after a demonstrative a hesitation is looked for (code points)
_HESITATION_WINDOW = 32
# what `_hesitation` tells of a bare demonstrative: a filler (not a reference), in a filler's
# place with nothing named after it (asked about, noted for the decision), or neither (None)
_FILLER = "filler"
_FILLER_SHAPED = "filler_shaped"
# fillers a speaker may put between a demonstrative and the identifier it determines (那个 呃 T-…)
_FILLER_GAP = 6
# a key's number: the digits after its last hyphen (DF4B-1243 → 1243, AGV-150 → 150)
_KEY_NUMBER = re.compile(r"-(\d+)$")
# a number standing on its own (not the end of a key or a longer number) that ends at the end of the text
_TAIL_NUMBER = re.compile(r"(?<![A-Za-z0-9\-])(\d+)$")


class _Words:
    """The word classes the stage reads from one pack (lexicons/referring.json,
    function_words.json), read at stage construction, never at import or per call."""

    __slots__ = ("non_human", "plural", "numerals", "determiners", "metalinguistic", "quotes", "openers",
                 "not_pronoun", "attributive", "tail_markers", "keyless", "classifiers")

    def __init__(self, pack: Pack) -> None:
        referring = referring_words(pack.root)
        classes = referring.classes
        self.non_human = frozenset(classes.non_human_pronouns)
        self.plural = frozenset(classes.plural_pronouns)
        self.numerals = referring.numerals
        # Demonstratives that may determine a following noun instead of standing for one.
        self.determiners = frozenset(classes.determiners)
        # Nouns naming a word itself (这个词的英文怎么说): the demonstrative determines one, no referent.
        self.metalinguistic = tuple(classes.metalinguistic_nouns)
        # Quotation marks, as (opening, closing): what is quoted is words, not references of the turn.
        self.quotes = tuple((w[0], w[1]) for w in classes.quotation_pairs if len(w) == 2)
        self.openers = frozenset(a for a, _b in self.quotes)
        # Compounds in which a pronoun character is not a pronoun.
        self.not_pronoun = WordScanner((w, w) for w in classes.not_pronouns)
        # the attributive particle of a described noun phrase (那个 3月12号的检修计划)
        self.attributive = function_words(pack.root).one("attributive_particle")
        # what may stand between a number and the phrase it picks a key for (150号那台)
        self.tail_markers = tuple(classes.key_tail_markers)
        # term categories of things with no key (受电弓: a part): a phrase determining one is described
        self.keyless = frozenset(classes.keyless_noun_categories)
        self.classifiers = frozenset(classes.classifiers)


class CoreferenceStage(Stage):
    name = "coreference"
    capability = "coreference"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        self._pack_words = pack_words(self.pack)
        # words the pack has only as words of the general language (系统, 平台): 这个系统 determines
        # a noun of the language all the same, as 这个功能 does
        business = {s for t in self.pack.terms if t.domain != "common" or t.entity_type for s in t.surfaces}
        self._general_words = frozenset(s for t in self.pack.terms if t.domain == "common" and not t.entity_type
                                        and not t.ambiguity_group for s in t.surfaces) - business
        self._placeholders = self.pack.placeholder_nouns
        self._pos = pos_tagger(self.pack)
        self._fillers = Fillers(self.pack)
        self._w = _Words(self.pack)
        # the relations a possessor is bound by (李四负责 HXD1-0002 … 李四那台), read only when one
        # stands before a phrase with several candidates
        self._relations = RelationStage(self.pack)

    def run(self, draft: Draft) -> str | None:
        view = sentence_view(draft, self.vocab)
        refs = self._referring(view)
        if not refs:
            return None
        w = self._w
        blocked = [(m.start, m.end) for m in w.not_pronoun.scan(view.text)]
        if any(ch in w.openers for ch in view.text):
            blocked += _quoted(view.text, w.quotes)  # 备注写着“忽略此条”: quoted words
        switched = explicit_domains(view)
        for r in refs:
            if any(r.c0 < b and a < r.c1 for a, b in blocked) or self._is_determiner(view, r):
                continue
            if self._apposition(draft, view, r) or self._restricted(view, r):
                continue
            if self._located(view, r) or self._mover_job(view, r) or self._relative_clause(view, r) \
                    or self._keyless_noun(draft, view, r):
                # ST-18那台车, AGV-31…跑完这单, 那台受电弓: still open (a write must ask which one),
                # noted for the decision
                draft.scratch.setdefault(K.DESCRIBED_REFERENCES, []).append(draft.to_original(r.c0, r.c1))
            hesitation = self._hesitation(draft, view, r)
            if hesitation == _FILLER:
                continue
            if hesitation == _FILLER_SHAPED:
                # still asked about here; the decision may yet read it as a filler of a text
                # that is not a data question at all (谢谢啊 那个 先这样吧)
                draft.scratch.setdefault(K.FILLER_DEMONSTRATIVES, []).append(draft.to_original(r.c0, r.c1))
            self._resolve(draft, view, r, switched)
        return None

    # ------------------------------------------------------------------ mentions
    def _referring(self, view: SentenceView) -> list[Referring]:
        """Pack pronouns and demonstrative noun phrases; of overlapping ones the longest wins."""
        items: list[Referring] = []
        w = self._w
        for p in view.pronouns:
            types = p.data.types
            plural = p.text in w.plural
            # 它俩: a plural pronoun ending in a numeral states how many it refers to
            count = w.numerals.get(p.text[-1]) if plural and len(p.text) > 1 else None
            items.append(Referring(p.c0, p.c1, p.text, tuple(types) if types is not None else None, count,
                                   plural, p.text not in w.determiners))
        inside = [(m.c0, m.c1) for m in view.mentions if m.type != "quantity"]  # 这两辆车: 两辆 is its count
        for r in demonstrative_phrases(view.text, self.pack):
            if any(a < r.c1 and r.c0 < b for a, b in inside):
                continue
            items.append(r)
        # 这单位, 那单据: a classifier that is its own noun (这单) may begin a word of the language
        # instead; then no order is meant (checked only for those few phrases)
        items = [r for r in items if r.text[-1] not in referring_patterns(self.pack).noun_classifiers
                 or boundary_filter(self.pack).at_boundaries(view.text, r.c0, r.c1)]
        items.sort(key=lambda r: (r.c0, -(r.c1 - r.c0)))
        out: list[Referring] = []
        for r in items:
            if out and r.c0 < out[-1].c1:
                if r.c1 > out[-1].c1 and r.has_head:
                    # 刚才那个 + 那个工单: two readings sharing the demonstrative are one phrase,
                    # typed by its head noun
                    out[-1] = _joined(view.text, out[-1], r)
                continue
            out.append(r)
        for k, r in enumerate(out):
            start = recency_start(view.text, r.c0, self.pack)
            if start < r.c0 and (k == 0 or out[k - 1].c1 <= start):
                # 刚才说的那台机车: the recency prefix is part of the mention
                out[k] = _joined(view.text, Referring(start, r.c0, view.text[start:r.c0], None, None, False, False), r)
        return out

    # ------------------------------------------------------------------ mention filter
    def _is_determiner(self, view: SentenceView, p: Referring) -> bool:
        """A bare demonstrative determining what follows: 这个 AGV-01, 这个报表 (not 它今天, 该车今天)."""
        if p.has_head:
            return False
        m = view.mention_at(p.c1) or self._mention_after_fillers(view, p.c1)
        if m is not None and m.type not in _NOT_DETERMINED:  # 这个 AGV-01, 这个任务 T-2026010241, 那个呃 T-…
            return True
        if m is not None and m.type in ("time", "time_range") and self._described_by_time(view, m.c1):
            return True
        nxt = p.c1
        while nxt < len(view.text) and view.text[nxt].isspace():
            nxt += 1
        # 这个报表, 这个列表, 这个统计: a view or a report, not an entity — a mover's classifier
        # (这台, 那辆) counts no report, so a routing word after it (这台现在电量多少) is said of it
        counts_movers = p.types is not None and set(p.types) <= _MOVERS
        # a trigger that is a question word (那个怎么样了, 这个咋样) is asked of what the
        # demonstrative stands for: it determines no report
        asked = any(w.c0 == nxt and w.kind == cues.QUESTION for w in view.cues)
        if not counts_movers and (any(w.c0 == nxt for w in view.presentation)
                                  or (not asked and any(w.c0 == nxt for w in view.triggers))):
            return True
        if view.text.startswith(self._w.metalinguistic, nxt):
            return True  # 机车这个词的英文: a word is talked about, nothing is referred to
        if counts_movers and any(w.c0 == nxt and w.kind == cues.ATTRIBUTE for w in view.cues):
            return False  # 这辆状态正常吗, 那台位置在哪: an attribute of the vehicle pointed at
        return self._determines_general_noun(view.text, nxt)

    def _mention_after_fillers(self, view: SentenceView, pos: int):  # noqa: ANN202
        """取消那个呃T-2026031846: the mention after a few fillers (嗯, 呃) — the speaker hesitates
        between the determiner and what it determines; a word that is no filler in between
        (那个任务的 T-…) leaves it to the other readings."""
        text = view.text
        for m in view.mentions:
            if m.c0 < pos:
                continue
            if m.c0 - pos > _FILLER_GAP or not text[pos:m.c0].strip() or not self._fillers.only(text[pos:m.c0]):
                return None
            return m
        return None

    def _described_by_time(self, view: SentenceView, pos: int) -> bool:
        """那个 3月12号的检修计划: after the time, 的 and a word of a domain (a record or object
        noun) — the demonstrative determines a noun phrase complete of its own, described by its
        time; not 这个今天怎么样 or 这个今天的状态 (said of what 这个 stands for)."""
        text = view.text
        while pos < len(text) and text[pos].isspace():
            pos += 1
        attributive = self._w.attributive
        if not text.startswith(attributive, pos):
            return False
        pos += len(attributive)
        while pos < len(text) and text[pos].isspace():
            pos += 1
        return any(w.c0 == pos for w in view.domain_words)

    def _determines_general_noun(self, text: str, pos: int) -> bool:
        """这个功能, 那个地方: the demonstrative determines a noun of the general language that
        follows it (jieba's part of speech), not an object of the business — nothing to resolve.
        Until the tagger is loaded this cannot be told, and the demonstrative is asked about."""
        if not self._pos.ready() or pos >= len(text):
            return False
        first = self._pos.first(text[pos:pos + 8])
        if first is None:
            return False
        word, tag = first
        return tag.startswith("n") and not tag.startswith("nr") and len(word) >= 2 and word not in self._placeholders \
            and (word not in self._pack_words or word in self._general_words)  # 那个东西怎么样了 still refers

    def _hesitation(self, draft: Draft, view: SentenceView, p: Referring) -> str | None:
        """那个，查询 AGV-01 当前状态 / 嗯那个就是帮我看一下 AGV-03 / 就是那个 呃 今天小车跑了多少单:
        a bare demonstrative in a filler's place — with at most fillers or politeness before it in
        its clause (谢谢啊 那个), and a pause, an ellipsis or another filler right after it (or a
        filler right before it) — is the speaker hesitating, not referring, provided a later part
        of the sentence names what the sentence is about: an object, or a word of a domain
        (小车, 检修计划). Without one (那个，怎么样了) it stays a pronoun: `_FILLER_SHAPED`."""
        if p.ordinal is not None:
            return None
        text = view.text
        lo, hi = view.clause_span(p.c0)
        if p.c0 - lo > _HESITATION_WINDOW:
            return None  # a hesitation opens its clause: not after a long run of anything
        before = text[lo:p.c0]
        paused = self._paused_at(draft, p)
        if paused is not None and self._fillers.only(before, social=True) and self._object_named_after(view, paused):
            # 呃 那个 小车 小车现在有多少辆 / 那个 帮我查一下 AGV-16: opening the clause and
            # followed by a pause the speaker left (a space the cleaner took out), the
            # demonstrative hesitates before the object the sentence names next
            return _FILLER
        if p.has_head:
            return None
        # 那个啥 嗯 上个月…: the demonstrative begins a longer filler phrase of the pack
        end = p.c1 + self._filler_tail(text, p)
        # what follows, within a bounded window (each demonstrative of a long clause would
        # otherwise copy and search the rest of it: quadratic in the clause)
        after = text[end:min(hi, end + _HESITATION_WINDOW)]
        if not self._fillers.only(before, social=True):
            # 帮我看一下那个 呃 检修计划: right after a verb, with a filler right after it, the
            # demonstrative hesitates before the verb's object all the same
            after_verb = any(a.c1 == len(before.rstrip()) + lo for a in view.actions)
            if not (after_verb and self._fillers.starts_with(after)):
                return None
        pause = min((i for i in (after.find(e) for e in _ELLIPSES) if i >= 0), default=-1)
        if pause < 0 and hi - p.c1 > _HESITATION_WINDOW:
            alone = False  # no pause in reach: not a demonstrative standing alone
        else:
            alone = self._fillers.only(after[:pause] if pause >= 0 else after)
        if alone and pause < 0 and hi >= len(text):
            return None  # the demonstrative (and fillers) is the whole sentence: nothing else to be about
        if not (alone or end > p.c1 or self._fillers.ends_with(before) or self._fillers.starts_with(after)):
            return None
        if self._named_after(draft, view, end):
            return _FILLER
        # 嗯 那个东西 怎么样了: a noun right after makes it a determiner of that noun, a reference
        return None if self._noun_follows(text, end) else _FILLER_SHAPED

    def _named_after(self, draft: Draft, view: SentenceView, pos: int) -> bool:
        """An object, a word of a domain or a business term at or after current position `pos`."""
        return any(m.c0 >= pos and m.type in _REFERABLE for m in view.mentions) or \
            any(w.c0 >= pos for w in view.domain_words) or self._business_term_after(draft, pos)

    def _hesitating(self, word: str) -> bool:
        return any(w.startswith(word) for w in self._fillers.discourse)

    @staticmethod
    def _object_named_after(view: SentenceView, pos: int) -> bool:
        """An object or an explicit domain word (AGV-16, 小车, 机车, 工单) at or after `pos` — not a
        state or an activity said of the demonstrative (那个 还在充电吗 still refers)."""
        return any(m.c0 >= pos and m.type in _REFERABLE for m in view.mentions) or \
            any(w.c0 >= pos and any(explicit for _d, explicit in w.data) for w in view.domain_words)

    def _filler_tail(self, text: str, p: Referring) -> int:
        """How far a filler phrase of the pack that begins with the demonstrative reaches past
        it (那个啥: 1), else 0."""
        tail = 0
        for w in self._fillers.discourse:
            if len(w) > p.c1 - p.c0 and w.startswith(p.text) and text.startswith(w, p.c0):
                tail = max(tail, len(w) - (p.c1 - p.c0))
        return tail

    def _paused_at(self, draft: Draft, p: Referring) -> int | None:
        """Where (current position) the demonstrative word of `p` ends, when the original text
        has a space right after it: after a bare one (那个 帮我), or — in recognised speech —
        between it and the head of its phrase (那个 小车). A space between two Chinese words is
        a pause the cleaner removes; a demonstrative before a pause stands alone. Only a
        demonstrative the pack's fillers begin with (那个, 这个嘛) hesitates; 它, 那台 do not."""
        o0, o1 = draft.to_original(p.c0, p.c1)
        orig = draft.original
        if not p.has_head:
            if o1 < len(orig) and orig[o1].isspace() and self._hesitating(p.text):
                return p.c1
            return None
        if draft.source.kind != "asr":
            return None  # typed 那个 小车: a spaced noun phrase is still one phrase
        k = orig.find(" ", o0, o1)
        if k < 0 or not self._hesitating(orig[o0:k]):
            return None
        return draft.to_current(k, k)[0]

    def _business_term_after(self, draft: Draft, pos: int) -> bool:
        """A term of a business domain after current position `pos` — also one still ambiguous
        between business readings (任务: an AGV task or a rail one)."""
        o = draft.to_original(pos, pos)[0]
        for t in draft.terms:
            if t.o0 < o:
                continue
            if t.domain in BUSINESS_DOMAINS or (not t.confirmed and any(
                    c.id in self.pack.term_by_code and self.pack.term(c.id).domain in BUSINESS_DOMAINS
                    for c in t.candidates)):
                return True
        return False

    def _noun_follows(self, text: str, pos: int) -> bool:
        """The next word is a noun (jieba); until the tagger is loaded, assumed so (asked about)."""
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not self._pos.ready():
            return True
        first = self._pos.first(text[pos:pos + 8])
        return first is not None and first[1].startswith("n")

    @staticmethod
    def _apposition(draft: Draft, view: SentenceView, p: Referring) -> bool:
        """这台车：HXN5-0238: the phrase is described by the identifier after it (linked); with only a
        space between (这个单子 WO-…) the phrase determines the identifier (no link, nothing to ask)."""
        if not p.has_head:
            return False
        text = view.text
        pos = p.c1
        while pos < len(text) and pos - p.c1 < 3 and text[pos] in APPOSITION_GAP:
            pos += 1
        m = view.mention_at(pos)
        if m is None or m.c0 != pos or (p.types is not None and m.type not in p.types) or m.type not in _REFERABLE:
            return False
        if not view.text[p.c1:pos].strip():  # 这个任务 T-…: a determiner of the identifier, no link
            return True
        o0, o1 = draft.to_original(p.c0, p.c1)
        draft.coreferences.append(Coreference(o0, o1, m.id, [Candidate(m.id, text[m.c0:m.c1], 0.9, ("context",))],
                                              0.9, True))
        return True

    def _located(self, view: SentenceView, p: Referring) -> bool:
        """ST-18那台车, ST-03 的那辆车: a place right before a phrase naming a mover describes the
        referent (the one that is there) — a read about it can be answered; which one a write
        would touch is still asked."""
        if not (p.has_head and p.types and set(p.types) & _MOVERS) or p.ordinal is not None:
            return False
        at = p.c0
        while at > 0 and view.text[at - 1].isspace():
            at -= 1
        if at > 0 and view.text[at - 1] == self._w.attributive:
            at -= 1
            while at > 0 and view.text[at - 1].isspace():
                at -= 1
        return any(m.c1 == at and m.type in _PLACES for m in view.mentions)

    def _relative_clause(self, view: SentenceView, p: Referring) -> bool:
        """派给AGV-12的那些任务, 绕开ST-20的那几单任务: a demonstrative phrase with a head noun
        right after a clause that ends in 的 and names an object or a place is that clause's
        noun phrase — the demonstrative determines a described noun, it points at nothing said
        before. A read about it can be answered; which one a write would touch is still asked."""
        if not p.has_head or p.ordinal is not None:
            return False
        return any(m.type not in _NOT_DETERMINED for m in _described_by(view, p, self._w.attributive))

    def _keyless_noun(self, draft: Draft, view: SentenceView, p: Referring) -> bool:
        """采购那台受电弓花了多少, 新换的那个驱动轮: a phrase with no head noun of its own right
        before a term of a thing the ontology gives no key (a part) determines that noun — the
        referent is described by its noun and the clause, and there is no number to ask for. A
        read about it can be answered; a write still asks."""
        if p.ordinal is not None or (p.has_head and p.text[-1] not in self._w.classifiers):
            return False
        pos = p.c1
        while pos < len(view.text) and view.text[pos].isspace():
            pos += 1
        o = draft.to_original(pos, pos)[0]
        for t in draft.terms:
            if t.o0 != o:
                continue
            codes = [t.term_code] if t.term_code else [c.id for c in t.candidates]
            return bool(codes) and all(c in self.pack.term_by_code and self.pack.term(c).category in self._w.keyless
                                       for c in codes)
        return False

    @staticmethod
    def _mover_job(view: SentenceView, p: Referring) -> bool:
        """查一下 AGV-31，它电量够不够跑完这单: a phrase naming a job (task, work order) in a
        sentence that names one mover before it and no job is that mover's job at hand — a
        read about it can be answered; which one a write would touch is still asked."""
        if not p.types or not set(p.types) <= _JOBS:
            return False
        before = [m for m in view.mentions if m.c1 <= p.c0 and m.type in _REFERABLE]
        movers = {view.text[m.c0:m.c1] for m in before if m.type in _MOVERS}
        return len(movers) == 1 and not any(m.type in _JOBS for m in before)

    def _restricted(self, view: SentenceView, p: Referring) -> bool:
        """…从 ST-02 到 ST-11 的那个任务: a relative clause with entities describes the referent itself."""
        if p.ordinal is not None:
            return False
        return sum(m.type not in ("time", "time_range") for m in _described_by(view, p, self._w.attributive)) >= 2

    # ------------------------------------------------------------------ resolution
    def _resolve(self, draft: Draft, view: SentenceView, p: Referring, switched: set[str]) -> None:
        allowed = _REFERABLE if p.types is None else frozenset(p.types)
        if p.text in self._w.non_human:
            allowed = allowed - {"person"}
        o0, o1 = draft.to_original(p.c0, p.c1)
        plural = p.plural

        before = [m for m in view.mentions if m.c1 <= p.c0 and m.type in allowed]
        if p.ordinal is not None:
            group = _last_group(view, before)
            if len(group) >= 2:
                ante = group[0] if p.ordinal == "first" else group[-1]
                cands = [Candidate(m.id, view.text[m.c0:m.c1], 0.9, ("context",)) for m in group]
                draft.coreferences.append(Coreference(o0, o1, ante.id, cands, 0.9, True))
            else:
                draft.coreferences.append(Coreference(o0, o1, None, [], 0.0, False))
                draft.raise_flag("unresolved_coreference")
            return
        local = _pick(allowed, before, lambda m: m.type)
        if local:
            keys: dict[str, Mention] = {}
            for m in local:  # the same identifier twice is one antecedent
                keys.setdefault(m.entity.canonical_value or view.text[m.c0:m.c1], m)
            chosen = list(keys.values())
            if plural:
                group = _last_group(view, chosen) if p.count is None else chosen[-p.count:]
                if p.count is None or len(chosen) >= p.count:
                    cands = [Candidate(m.id, view.text[m.c0:m.c1], 0.9, ("context",)) for m in group]
                    for m in group:  # one link per member of the plural antecedent
                        draft.coreferences.append(Coreference(o0, o1, m.id, cands, 0.9, True))
                    return
            elif len(chosen) == 1:
                ante = chosen[-1]
                cands = [Candidate(ante.id, view.text[ante.c0:ante.c1], 0.9, ("context",))]
                draft.coreferences.append(Coreference(o0, o1, ante.id, cands, 0.9, True))
                return
            elif (ante := self._narrowed(draft, view, p, chosen)) is not None:
                # 1243 那台 (DF4B-1243 of two), 李四那台 (the one 李四 is responsible for): the turn
                # itself says which of its candidates is meant
                cands = [Candidate(ante.id, view.text[ante.c0:ante.c1], 0.9, ("context",))]
                draft.coreferences.append(Coreference(o0, o1, ante.id, cands, 0.9, True))
                return
            else:
                score = round(1.0 / len(chosen), 4)
                cands = [Candidate(m.id, view.text[m.c0:m.c1], score, ("context",)) for m in chosen]
                draft.coreferences.append(Coreference(o0, o1, None, cands, score, False))
                draft.raise_flag("ambiguous_coreference")
                return

        refs = [r for r in draft.source.referents if r.entity_type in allowed and _domain_ok(r, switched)]
        refs = _pick(allowed, refs, lambda r: r.entity_type)
        unique: dict[str, Referent] = {}
        for r in refs:
            unique.setdefault(r.canonical_id, r)
        refs = list(unique.values())
        if not refs or (plural and p.count is not None and len(refs) < p.count):
            draft.coreferences.append(Coreference(o0, o1, None, [], 0.0, False))
            draft.raise_flag("unresolved_coreference")
        elif plural and (p.count is None or len(refs) == p.count):
            cands = [Candidate(x.canonical_id, x.canonical_id, 0.85, ("context",)) for x in refs]
            for r in refs:
                draft.coreferences.append(Coreference(o0, o1, f"ref:{r.canonical_id}", cands, 0.85, True, r.turn_id))
        elif len(refs) == 1:
            r = refs[0]
            cands = [Candidate(r.canonical_id, r.canonical_id, 0.85, ("context",))]
            draft.coreferences.append(Coreference(o0, o1, f"ref:{r.canonical_id}", cands, 0.85, True, r.turn_id))
        else:
            score = round(1.0 / len(refs), 4)
            cands = [Candidate(x.canonical_id, x.canonical_id, score, ("context",)) for x in refs]
            draft.coreferences.append(Coreference(o0, o1, None, cands, score, False, None))
            draft.raise_flag("ambiguous_coreference")

    def _narrowed(self, draft: Draft, view: SentenceView, p: Referring, chosen: list[Mention]) -> Mention | None:
        """The one of several candidate keys the words right before the phrase pick, else None:
        one of them said again (… 我问的是 DF4B-1243 那台), a number that is the digits after the
        hyphen of exactly one of them (DF4B-1234 和 DF4B-1243 … 1243 那台; 150号那台), or a person a responsible_for relation of the turn
        binds to exactly one of them (张三负责 HXD1-0001，李四负责 HXD1-0002 … 李四那台). A number
        or a person matching none or several picks nothing: the phrase is asked about."""
        text = view.text
        end = p.c0
        while end > 0 and text[end - 1].isspace():
            end -= 1
        keyed = {_key(view, m): m for m in chosen}
        for marker in self._w.tail_markers + (self._w.attributive,):
            if text.endswith(marker, 0, end):
                end -= len(marker)
                break
        while end > 0 and text[end - 1].isspace():
            end -= 1
        said = next((m for m in view.mentions if m.c1 == end), None)
        if said is not None and _key(view, said) in keyed and keyed[_key(view, said)].c0 < said.c0:
            return keyed[_key(view, said)]  # AGV-12 和 AGV-21 别弄混，我问的是 AGV-21 那台: the key said again
        number = _TAIL_NUMBER.search(text, 0, end)
        if number is not None:
            hits = [m for k, m in keyed.items() if (n := _KEY_NUMBER.search(k)) and n.group(1) == number.group(1)]
            return hits[0] if len(hits) == 1 else None
        owner = next((m for m in view.mentions if m.type == "person" and m.c1 == end), None)
        if owner is None:
            return None
        name = _key(view, owner)
        persons = {e.id for e in draft.entities if e.type == "person" and (e.canonical_value or
                                                                          draft.original[e.o0:e.o1]) == name}
        by_id = {m.id: k for k, m in keyed.items()}
        bound = {by_id[r.object_id] for r in self._relations.extract(draft)
                 if r.predicate == "responsible_for" and not r.negated and r.subject_id in persons
                 and r.object_id in by_id}
        return keyed[next(iter(bound))] if len(bound) == 1 else None


def _key(view: SentenceView, m: Mention) -> str:
    """What a mention names: its canonical value, else its text."""
    return m.entity.canonical_value or view.text[m.c0:m.c1]


def _joined(text: str, first: Referring, second: Referring) -> Referring:
    """One referring phrase from `first` to the end of `second`, which ends later: what the
    phrase may refer to, its count and its head are the later (head-bearing) part's."""
    return Referring(first.c0, second.c1, text[first.c0:second.c1], second.types if second.types is not None
                     else first.types, second.count, second.plural or first.plural,
                     second.has_head or first.has_head, second.ordinal)


def _quoted(text: str, quotes: tuple[tuple[str, str], ...]) -> list[tuple[int, int]]:
    """Spans inside a pair of quotation marks (an unclosed one quotes nothing)."""
    out = []
    for a, b in quotes:
        i = text.find(a)
        while i >= 0:
            j = text.find(b, i + 1)
            if j < 0:
                break
            out.append((i + 1, j))
            i = text.find(a, j + 1)
    return out


def _last_group(view: SentenceView, mentions: list[Mention]) -> list[Mention]:
    """The last mention and those coordinated with it (AGV-03 和 AGV-05 → both)."""
    if not mentions:
        return []
    group = group_of(view, mentions[-1], frozenset({m.type for m in mentions}))
    ids = {id(m) for m in mentions}
    return [m for m in group if id(m) in ids] or [mentions[-1]]


def _pick(allowed: frozenset[str], items: list, type_of) -> list:
    """Items of the most salient non-empty tier (all of them when the pronoun is typed)."""
    for tier in _TIERS:
        hit = [x for x in items if type_of(x) in tier and type_of(x) in allowed]
        if hit:
            return hit
    return [x for x in items if type_of(x) in allowed]


def _domain_ok(r: Referent, switched: set[str]) -> bool:
    """A sentence that names a domain explicitly invalidates referents of any other."""
    if not switched:
        return True
    domain = r.domain or IDENTIFIER_DOMAIN.get(r.entity_type)
    return domain is None or domain in switched


def _described_by(view: SentenceView, p: Referring, attributive: str) -> list[Mention]:
    """The mentions of the clause that ends in 的 right before the phrase `p` (…从 ST-02 到 ST-11
    的那个任务: ST-02, ST-11), or none when no 的 stands right before it (spaces aside)."""
    pos = p.c0
    while pos > 0 and view.text[pos - 1].isspace():
        pos -= 1
    if pos == 0 or view.text[pos - 1] != attributive:
        return []
    lo, _ = view.clause_span(p.c0)
    return [m for m in view.mentions if lo <= m.c0 and m.c1 < pos]
