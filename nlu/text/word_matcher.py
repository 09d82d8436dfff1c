"""Vocabulary matches at word boundaries (issue 18): the one filter every stage puts its
pack-word matches through.

The pack's word scanners find a word wherever its characters occur; Chinese has no spaces,
so 工单 occurs inside 施工单位 and 别 inside 区别. A match is kept only when it does not cut
into a general-language word of the segmentation (jieba's dictionary plus the pack's words,
`nlu.text.words`); a pack word that holds the whole match (一车间 holds 车间) does not
count against it, one that only overlaps it (张工 | 工单 in 那张工单) does. The few morphemes
the pack marks `bound` (`lexicons/word_boundaries.json`: 修 in C6修) may match inside a word.
Until the segmenter is loaded every match is kept — the behaviour before this filter — so a
cold process never waits on jieba.

Speed: cutting a turn into words costs about as much as the rest of the pipeline, so a match
is cut around only when a word of the dictionary that could hold it actually stands there.
`prepare()` (run by `warm_up()`) indexes, for every surface of the pack, the dictionary words
that hold it with more than light morphemes (工单 → 施工单位, 施工单 …); a match with none of
them around it is kept at once (`at_boundaries_fast`), one with such a word around it is cut
and judged by the segmentation (`at_boundaries_by_cutting`, the plain form; a test compares
the two). The index also holds the dictionary words that cross an edge of a surface (网站 ends
with the 站 of 站点, 单价 begins with the 单 of 工单): one standing there sends the match to the
cut as well, so 网站点击量 has no 站点 and 加工单价 no 工单. With both, the fast path decides
every match exactly as the cut does: where no word of two or more characters holds or crosses
a match, every segmentation has a boundary at both its ends.
"""
from __future__ import annotations

import threading

from nlu import warm_cache
from nlu.text.wordscan import Match, WordScanner
from nlu.text.words import pack_words, words_for

class BoundaryFilter:
    def __init__(self, pack) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        self.pack = pack
        self.words = words_for(pack)
        self.pack_words = pack_words(pack)
        data = load_data_file("word_boundaries.json", pack.root)
        self.bound = frozenset(data["bound"])
        self.light = frozenset(data["lightAffixes"])

        self._surfaces = frozenset(_pack_surfaces(pack))
        self._holders: dict[str, dict[str, frozenset[str]]] | None = None
        self._crossed: frozenset[str] = frozenset()  # surfaces a dictionary word can cross an edge of
        self._watched: frozenset[str] = frozenset()  # surfaces with holders or crossers
        self._watched_by_scanner: dict[int, tuple[WordScanner, frozenset[int]]] = {}
        # surface -> (characters such a word can have just before it, … just after it)
        self._edges: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        # the view, term and protect stages ask alike: answers of this turn and the last few,
        # in two generations — when the newer is full it becomes the older and the oldest
        # goes, so a turn never loses its own answers to a clear half-way through it
        self._memo: dict[tuple[str, int, int], bool] = {}
        self._memo_old: dict[tuple[str, int, int], bool] = {}
        self._span = (0, 0)  # the longest prefix and suffix a holder adds
        self._lock = threading.Lock()  # held while the index is built (about a second)
        # guards `_preparing` alone: a turn that finds no index starts one and goes on at once,
        # never waiting on `_lock` for the build (a service answers while it warms up)
        self._start_lock = threading.Lock()
        self._preparing = False  # a background prepare() has been started

    # -- the index --------------------------------------------------------------------------
    def ready(self) -> bool:
        return self._holders is not None

    def prepare(self) -> None:
        """Load the segmenter and index the dictionary words that hold or cross a pack surface (~1 s once)."""
        if self._holders is not None:
            return
        self.words.load()
        with self._lock:
            if self._holders is not None:
                return
            # from the start-up cache (`nlu.warm_cache`) when a process built it before: a pure
            # function of the dictionary (its key holds the pack's words), the surfaces and the
            # light morphemes
            key = warm_cache.key_of("boundary-index", getattr(self.pack, "checksum", None), self.words.cache_key(),
                                    "\0".join(sorted(self._surfaces)), "\0".join(sorted(self.light)),
                                    "\0".join(sorted(self.pack_words)))
            index = warm_cache.cached("boundary-index", key, self._build_index)
            self._crossed, self._span, self._watched, self._edges, self._holders = (
                index["crossed"], index["span"], index["watched"], index["edges"], index["holders"])

    def _build_index(self) -> dict:
        """The holders, crossers and edge characters `prepare` indexes (see the module doc)."""
        holders: dict[str, set[str]] = {}
        pre = suf = 0
        surfaces, own, light = self._surfaces, self.pack_words, self.light
        for word, freq in self.words.tokenizer.FREQ.items():
            n = len(word)
            if freq <= 0 or n < 2 or n > _LONGEST_HOLDER or word in own:
                continue
            for i in range(n):
                for j in range(i + 1, n + 1):
                    if j - i == n:
                        continue
                    inner = word[i:j]
                    if inner in surfaces and not all(ch in light for ch in word[:i] + word[j:]):
                        holders.setdefault(inner, {}).setdefault(word[:i], set()).add(word[j:])
                        pre, suf = max(pre, i), max(suf, n - j)
        crossed, cross_edges = self._index_crossers()
        return {
            "crossed": frozenset(crossed),
            "span": (pre, suf),
            "watched": frozenset(holders) | frozenset(crossed),
            "edges": self._index_edges(holders, cross_edges),
            # surface -> what a holder adds before it -> what it adds after it
            "holders": {k: {left: frozenset(rights) for left, rights in v.items()} for k, v in holders.items()},
        }

    @staticmethod
    def _index_edges(holders: dict[str, dict[str, set[str]]],
                     cross_edges: dict[str, tuple[set[str], set[str]]]) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
        """Per watched surface, the characters a holding or crossing word can have right before
        it and right after it: a word that adds something on the left ends that addition with
        the character before the match, one that adds on the right begins with the one after.
        Neither standing there settles most matches with two set lookups."""
        chars: dict[str, str] = {}  # one object per character: the sets of all surfaces share them
        out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        for surface in set(holders) | set(cross_edges):
            before, after = cross_edges.get(surface, ((), ()))
            by_left = holders.get(surface, {})
            lefts = set(before) | {x[-1] for x in by_left if x}
            rights = set(after) | {r[0] for rs in by_left.values() for r in rs if r}
            out[surface] = (frozenset(chars.setdefault(c, c) for c in lefts),
                            frozenset(chars.setdefault(c, c) for c in rights))
        return out

    def _index_crossers(self) -> tuple[set[str], dict[str, tuple[set[str], set[str]]]]:
        """The surfaces a dictionary word (pack words included: the cut knows them too) can cross
        an edge of — a word ending with a proper prefix of the surface crosses its left edge
        (网站 | 站点), one beginning with a proper suffix crosses its right edge (工单 | 单价) — and
        per surface the characters such a word has just outside the edge (网; 价). Which word
        stands at a match is asked of the dictionary itself (`_crossing_word_at`): a set of
        every crossing word's outer part per surface held half a million strings (about 100 MB)."""
        by_prefix: dict[str, list[str]] = {}  # 站 -> [站点, 站台 …]
        by_suffix: dict[str, list[str]] = {}  # 单 -> [工单, 订单 …]
        for surface in self._surfaces:
            for k in range(1, len(surface)):
                by_prefix.setdefault(surface[:k], []).append(surface)
                by_suffix.setdefault(surface[k:], []).append(surface)
        longest = max(map(len, by_prefix | by_suffix), default=0)
        # the outer characters per affix first: many surfaces share an affix (工 of 工单, 工序 …)
        before_affix: dict[str, set[str]] = {}
        after_affix: dict[str, set[str]] = {}
        for word, freq in self.words.tokenizer.FREQ.items():
            n = len(word)
            if freq <= 0 or n < 2 or n > _LONGEST_HOLDER:
                continue
            for k in range(1, min(n, longest + 1)):
                tail, head = word[n - k:], word[:k]
                if tail in by_prefix:
                    before_affix.setdefault(tail, set()).add(word[n - k - 1])
                if head in by_suffix:
                    after_affix.setdefault(head, set()).add(word[k])
        edges: dict[str, tuple[set[str], set[str]]] = {}
        for affix, chars in before_affix.items():
            for surface in by_prefix[affix]:
                edges.setdefault(surface, (set(), set()))[0].update(chars)
        for affix, chars in after_affix.items():
            for surface in by_suffix[affix]:
                edges.setdefault(surface, (set(), set()))[1].update(chars)
        return set(edges), edges

    def _crossing_word_at(self, text: str, start: int, end: int) -> bool:
        """A dictionary word of two to `_LONGEST_HOLDER` characters stands over an edge of
        text[start:end] (begins before it and ends inside it, or begins inside it and ends
        after it). jieba's dictionary holds every prefix of its words (frequency 0 for a
        prefix only), so a walk from a start stops as soon as its fragment is no prefix."""
        freq = self.words.tokenizer.FREQ
        n = len(text)
        for a in range(max(0, start - _LONGEST_HOLDER + 1), start):  # the left edge
            if text[a:start] not in freq:
                continue
            for j in range(start + 1, min(end, a + _LONGEST_HOLDER + 1)):
                f = freq.get(text[a:j])
                if f is None:
                    break
                if f > 0:
                    return True
        for a in range(start + 1, end):  # the right edge
            if text[a:end] not in freq:
                continue
            for j in range(end + 1, min(n, a + _LONGEST_HOLDER) + 1):
                f = freq.get(text[a:j])
                if f is None:
                    break
                if f > 0:
                    return True
        return False

    def _prepare_in_background(self) -> None:
        # lazy: only this path needs it
        import logging

        def run() -> None:
            try:
                self.prepare()
            except Exception:  # noqa: BLE001 - logged; matches are kept meanwhile
                logging.getLogger(__name__).exception("E-W03 indexing the word-boundary holders failed")

        with self._start_lock:
            if self._preparing:
                return
            self._preparing = True
        threading.Thread(target=run, name="nlu-boundary-index", daemon=True).start()

    def _watched_values(self, scanner: WordScanner) -> frozenset[int]:
        """`scanner.values_of(self._watched)`, once per scanner (the index is built by then)."""
        got = self._watched_by_scanner.get(id(scanner))
        if got is None or got[0] is not scanner:
            got = self._watched_by_scanner[id(scanner)] = (scanner, scanner.values_of(self._watched))
        return got[1]

    # -- the judgement ------------------------------------------------------------------------
    def at_boundaries(self, text: str, start: int, end: int) -> bool:
        """text[start:end] cuts into no general-language word (or the filter cannot tell yet)."""
        key = (text, start, end)
        got = self._memo.get(key)  # asked already this turn (only answers past the checks below are kept)
        if got is not None:
            return got
        if text[start:end] in self.bound or not self.words.ready():
            return True
        if self._holders is None:
            self._prepare_in_background()
            return True
        got = self._memo_old.get(key)
        if got is None:
            got = self.at_boundaries_fast(text, start, end)
        if len(self._memo) >= _MEMO_SIZE:
            self._memo_old, self._memo = self._memo, {}
        self._memo[key] = got
        return got

    def at_boundaries_fast(self, text: str, start: int, end: int) -> bool:
        """Cut only when a dictionary word that holds the match stands around it (for the pack's
        surfaces, which the index covers; any other span — a grammar cue, a phrase — is cut)."""
        surface = text[start:end]
        if surface not in self._surfaces:
            if not any("\u4e00" <= ch <= "\u9fff" for ch in surface):
                return True  # AGV, HXD: the scanners already hold Latin words to ASCII word boundaries
            return self.at_boundaries_by_cutting(text, start, end)
        edges = self._edges.get(surface)
        if edges is None:
            return True  # no dictionary word holds or crosses this surface
        lefts, rights = edges
        if not ((start > 0 and text[start - 1] in lefts) or (end < len(text) and text[end] in rights)):
            return True  # none of them can stand here (the hot path)
        by_left = self._holders.get(surface) if self._holders else None
        pre, suf = self._span
        if by_left:
            for a in range(max(0, start - pre), start + 1):
                rights = by_left.get(text[a:start])
                if rights and any(text[end:b] in rights for b in range(end, min(len(text), end + suf) + 1)):
                    return self._judged_by_cutting(text, start, end)
        if surface in self._crossed and self._crossing_word_at(text, start, end):
            return self._judged_by_cutting(text, start, end)
        return True

    def _judged_by_cutting(self, text: str, start: int, end: int) -> bool:
        """`at_boundaries_by_cutting` once a holding or crossing word is known to stand there
        (its precheck, that no word could overlap the match, is then false: skipped)."""
        return all(self._holds(t, text, start, end) for t in self.words.crossing_by_cutting(text, start, end))

    def at_boundaries_by_cutting(self, text: str, start: int, end: int) -> bool:
        """The plain form: the segmentation around the match decides."""
        return all(self._holds(t, text, start, end) for t in self.words.crossing(text, start, end))

    def _holds(self, token, text: str, start: int, end: int) -> bool:  # noqa: ANN001
        """A longer word holding the whole match lets it count: a pack word (一车间 ⊃ 车间), or a
        word that adds only light morphemes (多少台 ⊃ 多少, 台车 in 这台车 ⊃ 车). A word that only
        overlaps the match (工单 under 张工 in 那张工单) never does."""
        if not (token.start <= start and end <= token.end):
            return False
        if token.text in self.pack_words:
            return True
        added = text[token.start:start] + text[end:token.end]
        return all(ch in self.light for ch in added)

    def scan(self, scanner: WordScanner, text: str, folded: str | None = None) -> list[Match]:
        """`scanner.scan` at word boundaries: a longest match that cuts into a word gives way to
        the shorter pack words inside it that do not (还有多少: 有多少 cuts into 还有, 多少 is kept)."""
        matches = scanner.scan(text, folded)
        holders = self._holders
        if holders is None or not self.words.ready():
            if holders is None and self.words.ready():
                self._prepare_in_background()
            return matches  # cannot tell yet: every match is kept, as before this filter
        out: list[Match] = []
        watched_values = self._watched_values(scanner)
        for m in matches:
            # a surface no dictionary word holds or crosses: kept without a call (the hot path;
            # the surface is known by its values tuple, no slice of the text)
            if id(m.values) not in watched_values or self.at_boundaries(text, m.start, m.end):
                out.append(m)
                continue
            inner = sorted((Match(m.start + x.start, m.start + x.end, x.values)
                            for x in scanner.scan_overlapping(text[m.start:m.end])
                            if x.end - x.start < m.end - m.start),
                           key=lambda x: (x.start, -(x.end - x.start)))
            last = m.start
            for x in inner:
                if x.start >= last and self.at_boundaries(text, x.start, x.end):
                    out.append(x)
                    last = x.end
        return out


_MEMO_SIZE = 4096
_LONGEST_HOLDER = 6  # dictionary words longer than this are phrases, not words a match cuts into


def _pack_surfaces(pack) -> set[str]:  # noqa: ANN001
    """Every Han surface the filtered scanners can match: terms, triggers, domain, presentation."""
    out = {s for t in pack.terms for s in t.surfaces}
    out |= {w for tpl in pack.templates.values() for w in tpl.triggers}
    out |= {w for d in pack.domains.values() for w in (*d.explicit, *d.implied, *d.weak)}
    out |= set(pack.presentation_words) | set(pack.titles)
    return {w for w in out if w and all("\u4e00" <= ch <= "\u9fff" for ch in w)}


_BY_PACK: dict[object, tuple[object, BoundaryFilter]] = {}
_LOCK = threading.Lock()


def boundary_filter(pack) -> BoundaryFilter:  # noqa: ANN001
    """The one filter of a pack's content (built on first call): equal packs loaded twice — a
    cache hit and a fresh load — share it, so one warm-up serves them all."""
    key = getattr(pack, "checksum", None) or id(pack)
    got = _BY_PACK.get(key)
    if got is not None:
        return got[1]
    with _LOCK:
        got = _BY_PACK.get(key)
        if got is None:
            got = _BY_PACK[key] = (pack, BoundaryFilter(pack))
        return got[1]
