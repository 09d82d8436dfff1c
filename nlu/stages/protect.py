"""Stage `protect`: mark what no later stage may change (design 3.2, 5.3, 7.2).

Runs on the cleaned view, records every span in original coordinates. Identifiers come
from the pack's patterns; look-alikes (AGV-O1, HXDl-0001) are protected *as typed* and
flagged suspicious. Numbers, amounts and times come from `nlu.values`; negation,
comparison, action and explicit domain words from the pack. The rewriter then refuses
any later edit that overlaps one of these spans.
"""
from __future__ import annotations

import re
from operator import attrgetter, itemgetter
from typing import NamedTuple

from nlu.draft import Draft, ProtectedFact
from nlu.injection import Isolator
from nlu import draft_keys as K
from nlu.injection.marks import removed_marks
from nlu.lexicon import Pack, default_pack
from nlu.lexicon.word_classes import alternation, char_class, function_words, number_context, referring_words
from nlu.pipeline.stage import Stage
from nlu.semantics.write_intent import negated_order
from nlu.text.vocabulary import vocabulary
from nlu.text.person_names import PersonNames
from nlu.text.word_matcher import boundary_filter
from nlu.text.words import pack_words, words_for
from nlu.text.first_chars import CharIndex, first_chars
from nlu.text.rewriter import Edit
from nlu.text.wordscan import WordScanner, fold_ascii
from nlu.values.numerals import NUMERAL_RE, parse_number
from nlu.values.quantities import find_amounts_and_quantities, mask_blocked
from nlu.values.times import find_times

# A surname + title ("王工", "李师傅") counts as a name only after one of these or a boundary:
# a bare surname character in the middle of a word is far more often not a surname.
_WORDS = function_words()  # lexicons/function_words.json, read once at import
_TIME_TERM_CATEGORIES = frozenset({"time_word"})  # a pack time word is the time reader's own
_TIME_KINDS = frozenset({"time", "time_range"})
_NAME_LEFT_CONTEXT = set(_WORDS.name_left_context)


class Found(NamedTuple):  # immutable; cheaper to build than a frozen dataclass
    """A value found on the cleaned text, kept in original space for the NER stage."""

    o0: int
    o1: int
    kind: str  # identifier / time / time_range / amount / quantity / number / person / organization / location
    entity_type: str | None
    canonical_value: str | None
    suspicious: bool = False


_BOUNDED = "(?<![A-Za-z0-9])"  # how the pack's identifier patterns open
# a key's prefix and number with spaces round the hyphen (one at least): AGV - 35, ST -05
_SPACED_ID = re.compile(r"(?<![A-Za-z0-9])(?P<prefix>[A-Za-z]{1,4}\d?[A-Za-z]?)(?: +- *| *- +)(?P<number>\d{2,10})(?![A-Za-z0-9])")
# A maximal run that could hold an identifier: ASCII letters/digits and hyphens with one digit
# at least, or letters-hyphen-letters. Plainly `[A-Za-z0-9-]*[0-9][A-Za-z0-9-]*|[A-Za-z]+-[A-Za-z-]+`;
# spelled to open with a class, so the regex engine skips to candidates by itself (the
# lookbehinds sort out, after the first character, which branch it may begin).
_ID_WINDOW = re.compile(r"[A-Za-z0-9-](?:(?<=[0-9])[A-Za-z0-9-]*|[A-Za-z0-9-]*[0-9][A-Za-z0-9-]*"
                        r"|(?<=[A-Za-z])[A-Za-z]*-[A-Za-z-]+)")


# A vehicle said by its number (一号车, 3号小车), or a number restating an identifier of the
# same turn (AGV-99 … 九十九号). Not after 月 (3月5号 is a date) nor glued to a code.
_NUMBER_WORDS = number_context()  # lexicons/number_context.json
_NUMBER_SUFFIX = _NUMBER_WORDS.one("number_suffix")  # 一号车: only a turn holding it is scanned
_SPOKEN_NUMBER = re.compile(
    rf"(?<![{char_class(_NUMBER_WORDS.not_before_number_suffix)}0-9A-Za-z\-])(?P<n>{NUMERAL_RE.pattern})"
    rf"{re.escape(_NUMBER_SUFFIX)}(?P<car>(?:{alternation(_NUMBER_WORDS.vehicle_noun_prefixes)})?"
    rf"(?:{alternation(_NUMBER_WORDS.vehicle_nouns)})(?![{char_class(_NUMBER_WORDS.not_vehicle_compounds)}]))?")
# pronouns that refer to things, never to people (它): kept for an identifier of any kind
_NON_HUMAN = tuple(referring_words().classes.non_human_pronouns)
_ID_TAIL = re.compile(r"(\d+)$")


def _pattern_index(patterns) -> CharIndex:  # noqa: ANN001
    """Identifier patterns indexed by the characters a match can begin with. A pattern that
    opens with the pack's usual non-alphanumeric lookbehind can only begin at a window's
    start or after a hyphen, so only those characters are looked up; any other pattern
    runs on every window."""
    return CharIndex([first_chars(p.pattern) if p.pattern.pattern.startswith(_BOUNDED) else None for p in patterns])


def _overlaps(a0: int, a1: int, spans: list[tuple[int, int]]) -> bool:
    return any(a0 < b1 and b0 < a1 for b0, b1 in spans)


class _Taken:
    """Spans already claimed on the current text, as a character mask: each overlap test is
    one `bytearray.find` instead of a pass over every span found so far (a 500-character
    turn holds dozens of values and hundreds of word matches)."""

    def __init__(self, n: int) -> None:
        self.mask = bytearray(n)
        self.spans: list[tuple[int, int]] = []

    def add(self, a: int, b: int) -> None:
        self.spans.append((a, b))
        self.mask[a:b] = b"\x01" * (b - a)

    def overlaps(self, a: int, b: int) -> bool:
        if a < b:
            return self.mask.find(1, a, b) >= 0
        return _overlaps(a, b, self.spans)  # an empty range: the plain definition


class ProtectStage(Stage):
    name = "protect"
    capability = "protect"
    kernel = True
    deterministic = True

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        self._own_words = pack_words(self.pack) | frozenset(self.pack.person_names)
        # folded compound business word -> offsets of its explicit-domain parts; keys are
        # pack words (up to ASCII case), so the memo stays small
        self._parts: dict[str, tuple[tuple[int, int], ...]] = {}
        self._isolator = Isolator(self.pack)  # injection isolation: its own component (nlu.injection)
        self._id_index = _pattern_index(self.pack.identifier_patterns)
        # pack terms that open with a numeral (一级修, 三车间, 二系弹簧): a time reading must not
        # take that numeral as its own (本周一级修 is 本周 + 一级修, never 本周一 + 级修)
        numeral_terms = {sf for t in self.pack.terms if t.category not in _TIME_TERM_CATEGORIES
                         and t.entity_type not in _TIME_KINDS for sf in t.surfaces
                         if len(sf) > 1 and NUMERAL_RE.match(sf)}
        self._numeral_terms = WordScanner((sf, sf) for sf in numeral_terms)
        self._numeral_firsts = frozenset(sf[0] for sf in numeral_terms)
        self._lookalike_index = _pattern_index(self.pack.lookalike_patterns)
        # a window's first characters -> (identifier, look-alike) pattern indexes; bounded
        self._window_patterns: dict[str, tuple[list[int], list[int]]] = {}
        self._persons = PersonNames(self.pack)  # names the pack does not list (jieba's tags + name shape)
        self._pos = self._persons.tagger

    def warm_up(self) -> None:
        """Load jieba's tagger over the pack's segmenter (~0.5 s once; services at start-up)."""
        self._pos.load()

    def _domain_parts(self, folded_word: str) -> tuple[tuple[int, int], ...]:
        """(start, end) of every explicit-domain word inside a compound one (检修工单 → 检修, 工单)."""
        parts = self._parts.get(folded_word)
        if parts is None:
            parts = self._parts[folded_word] = tuple(
                (sub.start, sub.end) for sub in self.vocab.protected_words.scan_overlapping(folded_word)
                if sub.values[0].kind == "explicit_domain" and (sub.start, sub.end) != (0, len(folded_word)))
        return parts

    def run(self, draft: Draft) -> str | None:
        reason = self._isolate_injection(draft)
        text = draft.text
        folded = fold_ascii(text)  # shared by the three word scans below
        found: list[tuple[int, int, Found]] = []  # current-space spans
        taken = _Taken(len(text))
        new = tuple.__new__  # Found tuples built directly (every field given): dozens per turn

        windows = self._id_windows(text)
        for pat, m in self._scan_windows(text, windows, self.pack.identifier_patterns, 2):
            found.append((m.start(), m.end(), new(Found, (0, 0, "identifier", pat.entity_type, m.group().upper(), False))))
            taken.add(*m.span())
        if " -" in text or "- " in text:  # AGV - 35: the rare key typed with spaces round its hyphen
            for o0, o1, kind, value in self._spaced_identifiers(text):
                if not taken.overlaps(o0, o1):
                    found.append((o0, o1, new(Found, (0, 0, "identifier", kind, value, False))))
                    taken.add(o0, o1)
        # a look-alike overlapping an identifier is dropped below, so a window the identifiers
        # cover whole (the usual AGV-01) is not searched for one
        open_windows = [w for w in windows if w[3] and taken.mask.find(0, w[0], w[1]) >= 0]
        for pat, m in self._scan_windows(text, open_windows, self.pack.lookalike_patterns, 3):
            if not taken.overlaps(m.start(), m.end()):
                # kept exactly as typed: no canonical value may be guessed for a look-alike
                found.append((m.start(), m.end(), new(Found, (0, 0, "identifier", pat.entity_type, None, True))))
                taken.add(*m.span())

        # Pack names first: a workshop or group name that contains a numeral (检修二组, 一车间)
        # is a name, never a quantity.
        for m in self.vocab.names.scan(text, folded):
            if not taken.overlaps(m.start, m.end):
                found.append((m.start, m.end, new(Found, (0, 0, m.values[0], m.values[0], text[m.start:m.end], False))))
                taken.add(m.start, m.end)
        # The value scanners read a copy with what is already claimed masked out (one mask,
        # extended by the times for the quantity scan); masked characters never join a match,
        # so every match slices the same characters from `text`.
        masked = mask_blocked(text, taken.spans)
        time_spans = []
        for t in self._times(masked, draft.source.reference_time):
            found.append((t.start, t.end, new(Found, (0, 0, t.kind, t.kind, t.canonical_value, False))))
            time_spans.append((t.start, t.end))
        for v in find_amounts_and_quantities(mask_blocked(masked, time_spans), units=self.pack.quantity_units,
                                              currency_words=self.pack.currency_words, times=time_spans):
            found.append((v.start, v.end, new(Found, (0, 0, v.kind, None if v.kind in ("number", "index") else v.kind,
                                                      v.canonical_value, False))))
        for s, e, f in found:
            if f.kind not in ("identifier", "person", "organization", "location"):
                taken.add(s, e)
        if _NUMBER_SUFFIX in text:
            self._spoken_numbers(text, found, taken)

        bf = boundary_filter(self.pack)
        at_boundaries = bf.at_boundaries
        # whether the tagger is ready is read once: a load finishing half-way through the turn
        # cannot give it half the old and half the new answer
        tagged = self._pos.ready()
        for m in self.vocab.titles.scan(text, folded):
            s = self._surname_before(text, m.start)
            # 王工 is a name; 施工 (施工单位) is a word of the language, not 施 + the title 工
            # a name is judged by the cut itself: a word it only overlaps (张工 | 工单 in 那张工单)
            # is what rules it out, and the fast path does not look for those
            if s is not None and not taken.overlaps(s, m.end) and self._name_at_boundaries(bf, text, s, m.end) \
                    and not self._general_word(text[s:m.end], tagged):
                found.append((s, m.end, new(Found, (0, 0, "person", "person", text[s:m.end], False))))
                taken.add(s, m.end)
        if tagged:
            for s, e in self._persons.find(text, taken.mask):  # 李卫东负责的: a name no list holds
                found.append((s, e, new(Found, (0, 0, "person", "person", text[s:e], False))))
                taken.add(s, e)
        else:
            # until then: the listed names and surname + title only, and what could be a name
            # is not edited; the load starts when a turn could hold one (a plain call loads nothing)
            unverified = self._persons.shapes(text, taken.mask)
            if unverified:
                self._pos.load_in_background()

        facts: list[ProtectedFact] = []
        values: list[Found] = []
        # The alignment is fixed for the rest of the stage; nothing cleaned means every span
        # is its own original span. (Dozens of facts per turn: tuples are built directly.)
        alignment = draft.alignment
        to_original = _same_span if alignment.is_unchanged_text else alignment.to_original
        for c0, c1, f in found:
            o0, o1 = to_original(c0, c1)
            facts.append(new(ProtectedFact, (o0, o1, _PROTECTED_KIND[f.kind], text[c0:c1], f.suspicious)))
            values.append(new(Found, (o0, o1, f.kind, f.entity_type, f.canonical_value, f.suspicious)))
        writes = []
        mask = taken.mask
        for s, e, kws in self.vocab.protected_words.scan(text, folded):
            if mask.find(1, s, e) >= 0:  # taken (every word is non-empty)
                continue
            kw = kws[0]
            if kw.kind == "explicit_domain" and not at_boundaries(text, s, e):
                continue  # 工单 in 施工单位: a routing word inside another word names no business
            o0, o1 = to_original(s, e)
            facts.append(new(ProtectedFact, (o0, o1, kw.kind, text[s:e], False)))
            if kw.kind == "explicit_domain" and e - s > 2:
                # a compound business word (检修工单) also names its parts (检修, 工单): each is
                # what the user explicitly said, and a consumer may look for either
                for a, b in self._domain_parts(folded[s:e]):
                    p0, p1 = to_original(s + a, s + b)
                    facts.append(new(ProtectedFact, (p0, p1, "explicit_domain", text[s + a:s + b], False)))
            elif kw.kind == "action" and getattr(kw.data, "write", False):
                writes.append((o0, o1))

        facts.sort(key=attrgetter("o0", "o1"))
        values.sort(key=itemgetter(0, 1))  # Found: (o0, o1, …)
        draft.protected.extend(facts)
        draft.scratch["values"] = values
        draft.scratch["write_actions"] = writes
        if not tagged:
            draft.scratch["unverified_names"] = [to_original(s, e) for s, e in unverified]
        # a write called off (不要取消 T-…) orders nothing: in a long text the semantic stages run
        data = draft.scratch.get(K.DATA_SPANS) or ()
        draft.scratch["imperative_writes"] = [w for w in writes if _imperative(draft.original, w[0])
                                              and not negated_order(draft.original, w[0])
                                              and not any(a <= w[0] and w[1] <= b for a, b in data)]
        if any(p.suspicious for p in facts):
            draft.raise_flag("lookalike_identifier")
        return reason

    def _times(self, masked: str, reference):  # noqa: ANN001, ANN202
        """The time readings of `masked`, none of them ending inside a pack term that opens with
        a numeral: 本周一级修 reads 本周 (the 一 begins the maintenance level 一级修), 本周一的
        计划 and 本周一一级修 stay Monday. Only a numeral inside a reading is looked up (a few
        characters a turn), and the text is read again only when a term crosses a reading."""
        times = find_times(masked, reference)
        firsts, crossed = self._numeral_firsts, []
        for t in times:
            for p in range(t.start, t.end):
                if masked[p] in firsts:
                    got = self._numeral_terms.longest_each(masked, p, p + 1)
                    if got and got[0][0] == p and got[0][1] > t.end:
                        crossed.append(got[0])
                        break
        return find_times(mask_blocked(masked, crossed), reference) if crossed else times

    def _spaced_identifiers(self, text: str):  # noqa: ANN202
        """(o0, o1, entity type, value) of each key written with spaces around its hyphen
        (AGV - 35, ST -05) that a pack pattern takes once the spaces go: the text stays as
        typed (protected whole), the value is the key itself — spaces are no part of a key."""
        for m in _SPACED_ID.finditer(text):
            joined = f"{m.group('prefix')}-{m.group('number')}"
            for pat in self.pack.identifier_patterns:
                if pat.pattern.fullmatch(joined):
                    yield m.start(), m.end(), pat.entity_type, joined.upper()
                    break

    def _id_windows(self, text: str) -> list[tuple[int, int, list[int], list[int]]]:
        """Identifier patterns only ever match inside a run of Latin letters, digits and
        hyphens, so they run over those few short windows instead of the whole text
        (lookbehind still sees the character before a window; its end is a real boundary).
        Each window carries the identifier and look-alike patterns (indexes) that could
        begin in it — a pattern that opens with the usual non-alphanumeric lookbehind begins
        at the window's start or right after one of its hyphens — and a window none could
        begin in (a bare number) is dropped."""
        memo = self._window_patterns
        out = []
        for w in _ID_WINDOW.finditer(text):
            g = w.group()
            starts = "".join([part[:1] for part in g.split("-")]) if "-" in g else g[0]
            both = memo.get(starts)
            if both is None:  # a handful of first-character strings recur (A0, W2, H1 …)
                if len(memo) >= 4096:
                    memo.clear()
                both = memo[starts] = (self._id_index.among(starts), self._lookalike_index.among(starts))
            if both[0] or both[1]:
                out.append((w.start(), w.end(), *both))
        return out

    @staticmethod
    def _scan_windows(text: str, windows, entries, which: int):  # noqa: ANN001, ANN205
        """(pattern, match) for each pattern of `entries` in order, over the windows it could
        begin in (their `which` field lists those patterns)."""
        todo = [(i, w[0], w[1]) for w in windows for i in w[which]]
        todo.sort()  # (pattern, window): pattern-major, as a plain double loop would visit them
        for i, a, b in todo:
            pat = entries[i]
            for m in pat.pattern.finditer(text, a, b):
                yield pat, m

    def _isolate_injection(self, draft: Draft) -> str | None:
        """Drop injected instructions before anything is protected (they are not the question)."""
        text = draft.text
        marks = removed_marks(draft.alignment)
        data = self._isolator.data_spans(text, marks.breaks)
        # the user's pasted material (nlu.injection.isolate.Isolator.data_spans), in original
        # coordinates: no write of the user's comes from a write word there
        draft.scratch[K.DATA_SPANS] = [draft.alignment.to_original(a, b) for a, b in data]
        if data and self._isolator.pasted_egress(text, data, marks.breaks):
            draft.raise_flag(K.PASTED_EGRESS)
        found = self._isolator.isolate(text, marks.cuts, marks.breaks, marks.wraps, marks.gaps)
        if found is None:
            return None
        if data:  # a unit an attack was cut out of is no inert material: its remnant stays the rules'
            draft.scratch[K.DATA_SPANS] = [draft.alignment.to_original(a, b) for a, b in data
                                           if not any(s < b and a < e for s, e, _ in found.drops)]
        spans = self._keep_referenced_identifiers(text, [(s, e) for s, e, _ in found.drops])
        fill = {(s, e): r for s, e, r in found.drops}
        draft.propose([Edit(s, e, fill.get((s, e), ""), "grammar", "rule", reason="injection") for s, e in spans])
        draft.raise_flag("injection_flag")
        if found.mixed:
            draft.raise_flag("injection_mixed")
        if found.split:
            draft.raise_flag("injection_split")
        if found.only or not any("\u4e00" <= ch <= "\u9fff" or ch.isalnum() for ch in draft.text):
            draft.raise_flag("injection_only")
        return "injection_flag"

    @staticmethod
    def _spoken_numbers(text: str, found: list, taken: "_Taken") -> None:
        """Vehicles named by number: kept as typed, with no canonical value (never guessed:
        一号车 may be AGV-01 or not), so the entity stays unconfirmed."""
        tails: dict[int, str] = {}
        for _, _, f in found:
            if f.kind == "identifier" and f.canonical_value and (t := _ID_TAIL.search(f.canonical_value)):
                tails.setdefault(int(t.group(1)), f.entity_type or "vehicle")
        for m in _SPOKEN_NUMBER.finditer(text):
            value = parse_number(m.group("n"))
            if value is None or taken.overlaps(m.start(), m.end()):
                continue
            etype = "vehicle" if m.group("car") else tails.get(int(value)) if value == int(value) else None
            if etype is not None:
                found.append((m.start(), m.end(), Found(0, 0, "spoken_identifier", etype, None)))
                taken.add(m.start(), m.end())

    def _keep_referenced_identifiers(self, text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Carve identifiers out of dropped injected material when the kept question points
        back at one ("…批准 WO-20260502 并关闭”。这张工单现在什么状态"): the instruction is not
        the user's question, but the identifier is the only thing the question's 这张工单
        can mean. Only a pronoun typed for that identifier's kind, or 它, keeps it."""
        kept = "".join(text[a:b] for a, b in zip([0] + [e for _, e in spans], [s for s, _ in spans] + [len(text)]))
        wanted = {t for p in self.pack.pronouns if p.word in kept
                  for t in (p.types or (("*",) if p.word.startswith(_NON_HUMAN) else ()))}
        if not wanted:
            return spans
        out: list[tuple[int, int]] = []
        for s, e in spans:
            for a, b in (w.span() for w in _ID_WINDOW.finditer(text, s, e)):
                for pat in self.pack.identifier_patterns:
                    m = pat.pattern.search(text, a, b)
                    if m and ("*" in wanted or pat.entity_type in wanted):
                        if s < m.start():
                            out.append((s, m.start()))
                        s = m.end()
                        break
            if s < e:
                out.append((s, e))
        return out

    @staticmethod
    def _name_at_boundaries(bf, text: str, start: int, end: int) -> bool:  # noqa: ANN001
        return not bf.words.ready() or bf.at_boundaries_by_cutting(text, start, end)

    def _general_word(self, word: str, tagged: bool) -> bool:
        """A word of jieba's dictionary that is no pack word (施工, 总工 is the pack's title)."""
        if word in self._own_words or not tagged:
            return False
        tag = self._pos.dictionary_tag(word)
        return tag is not None and not tag.startswith("nr")  # 李师傅 is nr in the dictionary, 施工 vn

    def _word_starts_at(self, text: str, pos: int) -> bool:
        words = words_for(self.pack)
        return words.ready() and any(t.end == pos for t in words.segment_near(text, pos - 1, pos))

    def _surname_before(self, text: str, title_start: int) -> int | None:
        for width in (2, 1):
            s = title_start - width
            if s < 0 or text[s:title_start] not in self.vocab.surnames:
                continue
            if s == 0 or text[s - 1] in _NAME_LEFT_CONTEXT or not ("\u4e00" <= text[s - 1] <= "\u9fff"):
                return s
            if self._word_starts_at(text, s):  # 问一下王工: a word ends right before the surname
                return s
        return None


def _same_span(start: int, end: int) -> tuple[int, int]:
    return (start, end)


_IMPERATIVE = _WORDS.imperative_openers
_DISPOSAL = _WORDS.one("disposal_marker")  # 把…删除: the object moved before the verb


def _imperative(original: str, o0: int) -> bool:
    """请取消…, 把…删除, a clause opening with the verb — not a narrated one (…后恢复运行)."""
    before = original[max(0, o0 - 4):o0]
    if o0 == 0 or before[-1:] in "，,。；;：:\n " or before.endswith(_IMPERATIVE):
        return True
    return _DISPOSAL in original[max(0, o0 - 20):o0]


_PROTECTED_KIND = {
    "identifier": "identifier",
    "spoken_identifier": "identifier",
    "time": "time",
    "time_range": "time",
    "amount": "amount",
    "quantity": "number",
    "number": "number",
    "index": "number",
    "person": "proper_name",
    "organization": "proper_name",
    "location": "proper_name",
}
