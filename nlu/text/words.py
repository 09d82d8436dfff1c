"""Word boundaries of Chinese text: jieba's dictionary plus a domain pack's own words.

Chinese is written without spaces, so "is this span a word here?" needs a segmenter. One
`Words` object per word list (one per pack, from `words_for(pack)`) answers it::

    w = words_for(pack)            # cheap: nothing is loaded yet
    w.ready()                      # False until jieba's dictionary is loaded
    w.load()                       # blocking, ~0.5 s once per process (services: at start-up)
    w.load_in_background()         # or: start loading in a thread, ask again later
    toks = w.segment("高位制动灯")  # Token("高位", 0, 2, True), Token("制动", 2, 4, True), …
    w.boundaries("高位制动灯")      # frozenset({0, 2, 4, 5})
    w.is_word("高位制动灯", 1, 3)   # False: 位制 is no token of that segmentation
    w.crossing("高位制动灯", 1, 3)  # the multi-character words the span cuts into: 高位, 制动
    w.in_dictionary("总重")         # True: jieba knows it (however rare)

Segmentation is jieba's dictionary-only mode (``HMM=False``): a character run the
dictionary does not know stays one character per token, so an unknown stretch (typically a
misrecognised term) is visible as single characters, and no new word is guessed. The pack's
words are added to the dictionary with a high frequency, so a domain term is one token and
wins over a general-language split.

Everything here is a pure function of the text and the word list. `segment` remembers the
last few texts it cut (a stage usually asks several questions about one text); the answers
do not depend on that memory (`segment_uncached` is the plain form, and a test compares).
The span questions (`is_word`, `crossing`, `words_in`, `at_boundaries`) cut only the jieba
blocks around the span (`segment_near`), which give the same tokens as the whole text.
"""
from __future__ import annotations

import logging
import re
import threading
from bisect import bisect_right
from math import log as _ln  # (`log` is this module's logger)
from collections import OrderedDict
from typing import Iterable, NamedTuple

from nlu import warm_cache

log = logging.getLogger(__name__)

PACK_WORD_FREQ = 2000  # a pack word beats a general-language split of the same characters
_ASCII_WORD = re.compile("[a-zA-Z0-9]").fullmatch  # what jieba joins into one token (its re_eng)
_MEMO_SIZE = 64


class Token(NamedTuple):
    text: str
    start: int  # code points, end exclusive
    end: int
    known: bool  # a word of the dictionary (frequency > 0) or of the pack; a Latin or digit
    #              run jieba passes through (HXD1, 0001) and an unknown character are not


class WordsNotLoaded(RuntimeError):
    """`segment` was asked before `load()` finished (callers check `ready()` first)."""


class Words:
    """Word boundaries by jieba with `extra_words` added; jieba is imported on first load."""

    def __init__(self, extra_words: Iterable[str] = ()) -> None:
        self._extra = frozenset(w for w in extra_words if w and not w.isspace())
        self._tk = None
        self.tags: dict[str, str] | None = None  # jieba's part-of-speech table (set on load)
        self._block_char = None  # one character of a jieba block (set on load)
        self._block_memo: OrderedDict[str, tuple[list[int], list[int]]] = OrderedDict()
        self._longest = 0  # longest dictionary entry (set on load)
        self._longest_from: dict[str, int] = {}  # first character -> longest word beginning with it (set on load)
        self._block_run = None  # a maximal run of block characters (set on load)
        self._lock = threading.Lock()
        self._loading = False
        self._memo: OrderedDict[str, tuple[Token, ...]] = OrderedDict()
        self._memo_lock = threading.Lock()
        self._weights: dict[str, float] = {}  # word -> log(freq) - log(total), as jieba's calc computes it
        self._weights_total = 0
        self._han = self._skip = None  # jieba's block and whitespace patterns (set on load)

    # -- loading ------------------------------------------------------------------------
    def ready(self) -> bool:
        return self._tk is not None

    def load(self) -> None:
        """Import jieba and build its dictionary with the extra words (blocking, once)."""
        if self._tk is not None:
            return
        with self._lock:
            if self._tk is not None:
                return
            import jieba  # ~0.1 s import + ~0.4 s dictionary load: only here, never at import

            jieba.setLogLevel(logging.ERROR)
            tk = jieba.Tokenizer()
            # the dictionary with the extra words added, from the start-up cache when a process
            # built it before (`nlu.warm_cache`): jieba's own cache holds only its dictionary
            built = warm_cache.cached("jieba", self.cache_key(), lambda: self._build(tk))
            tk.FREQ, tk.total = built["freq"], built["total"]
            self.tags = built["tags"]
            tk.initialized = True
            self._han, self._skip = jieba.re_han_default, jieba.re_skip_default  # as jieba's cut splits
            block = jieba.re_han_default.pattern.strip("()")  # one or more block characters
            self._block_char = re.compile(block.rstrip("+")).fullmatch
            self._block_run = re.compile(block)
            self._longest = built["longest"]
            self._longest_from = built["longest_from"]
            self._tk = tk

    def cache_key(self) -> str | None:
        """The start-up cache key of this word list's dictionary (jieba's dictionary file, the
        extra words and their frequency; the code and jieba's version are in every key)."""
        return warm_cache.key_of("jieba", jieba_dictionary_stamp(), PACK_WORD_FREQ, *sorted(self._extra))

    def _build(self, tk) -> dict:  # noqa: ANN001 - a fresh jieba.Tokenizer
        """jieba's dictionary with the extra words added, and its part-of-speech table (what
        `load` keeps; the table is the one ``import jieba.posseg`` reads, for `nlu.text.pos`)."""
        # lazy: only this path needs it
        import sys

        import jieba.posseg  # reads jieba's tag table (the tagger needs it: `nlu.text.pos`)

        tk.initialize()
        for w in sorted(self._extra):
            tk.add_word(w, freq=max(tk.FREQ.get(w, 0), PACK_WORD_FREQ))
        longest_from: dict[str, int] = {}  # first character -> its longest word
        for w, f in tk.FREQ.items():
            if f > 0 and len(w) > longest_from.get(w[0], 0):
                longest_from[w[0]] = len(w)
        # the table keyed by the dictionary's own string objects, its few dozen tags interned:
        # kept together, the cached form holds every word once (half the size, faster to load)
        own = {w: w for w in tk.FREQ}
        tags = {own.get(w, w): sys.intern(t) for w, t in jieba.posseg.dt.word_tag_tab.items()}
        jieba.posseg.dt.word_tag_tab = tags  # the equal table in its place: one copy in the process
        return {"freq": tk.FREQ, "total": tk.total, "longest": max(map(len, tk.FREQ)), "longest_from": longest_from,
                "tags": tags}

    def load_in_background(self) -> None:
        """Start `load()` in a daemon thread (once); `ready()` says when it is done."""
        with self._lock:
            if self._tk is not None or self._loading:
                return
            self._loading = True

        def _load() -> None:
            try:
                self.load()
            except Exception:  # noqa: BLE001 - logged; ready() stays False and callers stay conservative
                log.exception("E-W01 loading the word segmenter failed")

        threading.Thread(target=_load, name="nlu-words-load", daemon=True).start()

    @property
    def tokenizer(self):  # noqa: ANN201 - jieba.Tokenizer, for callers that need jieba itself
        self.load()
        return self._tk

    # -- questions ------------------------------------------------------------------------
    def in_dictionary(self, word: str) -> bool:
        """`word` is a word of jieba's dictionary (frequency > 0) or one of the extra words."""
        if word in self._extra:
            return True
        tk = self._require()
        return tk.FREQ.get(word, 0) > 0

    def segment(self, text: str) -> tuple[Token, ...]:
        """The tokens of `text`, in order, tiling it (remembered for the last few texts)."""
        with self._memo_lock:
            hit = self._memo.get(text)
            if hit is not None:
                self._memo.move_to_end(text)
                return hit
        toks = self._segment_direct(text)
        with self._memo_lock:
            self._memo[text] = toks
            if len(self._memo) > _MEMO_SIZE:
                self._memo.popitem(last=False)
        return toks

    def segment_uncached(self, text: str) -> tuple[Token, ...]:
        """The reference form of `segment`: jieba's dictionary-only cut, with offsets."""
        tk = self._require()
        out = []
        pos = 0
        freq = tk.FREQ
        for piece in tk.cut(text, HMM=False):
            end = pos + len(piece)
            known = freq.get(piece, 0) > 0 or piece in self._extra
            out.append(Token(piece, pos, end, known))
            pos = end
        return tuple(out)

    def _segment_direct(self, text: str) -> tuple[Token, ...]:
        """`segment_uncached` without going through `jieba.Tokenizer.cut`: the same
        dictionary-only algorithm (`dictionary_cut`), about three times faster on a clause."""
        freq = self._require().FREQ
        extra = self._extra
        out = []
        pos = 0
        for piece in self.dictionary_cut(text):
            end = pos + len(piece)
            out.append(Token(piece, pos, end, freq.get(piece, 0) > 0 or piece in extra))
            pos = end
        return tuple(out)

    def dictionary_cut(self, text: str) -> list[str]:
        """The pieces `jieba.Tokenizer.cut(text, HMM=False)` yields, computed here.

        jieba's own cut spends most of its time in generators and per-piece regex tests; this
        is its algorithm step for step (the same blocks, the same DAG of dictionary words, the
        same route scores, added in the same order, so ties fall the same way and the floats
        are equal), with each word's weight log(freq) − log(total) remembered once computed.
        `segment_uncached` is the reference (jieba itself); a test compares the two on real text."""
        tk = self._require()
        if tk.total != self._weights_total:  # a word was added since: the weights change
            self._weights.clear()
            self._weights_total = tk.total
        out: list[str] = []
        han, skip = self._han, self._skip
        for block in han.split(text):
            if not block:
                continue
            if han.match(block):
                self._cut_block(block, out)
            else:
                for x in skip.split(block):
                    if skip.match(x):
                        out.append(x)
                    else:
                        out.extend(x)  # jieba yields every other character on its own
        return out

    def _cut_block(self, block: str, out: list[str]) -> None:
        """jieba's `__cut_DAG_NO_HMM` over one block: its DAG (`get_DAG`), its route (`calc`)
        and its output loop (single ASCII letters and digits run together)."""
        freq_get = self._tk.FREQ.get
        weights = self._weights
        logtotal = _ln(self._weights_total)
        n = len(block)
        score = [0.0] * (n + 1)
        nxt = [0] * (n + 1)
        for idx in range(n - 1, -1, -1):
            best = None
            i = idx
            frag = block[idx]
            f = freq_get(frag)
            found = False
            while f is not None:  # the DAG: every dictionary word starting at idx
                if f:
                    found = True
                    w = weights.get(frag)
                    if w is None:
                        w = weights[frag] = _ln(f) - logtotal
                    cand = (w + score[i + 1], i)
                    if best is None or cand > best:
                        best = cand
                i += 1
                if i >= n:
                    break
                frag = block[idx:i + 1]
                f = freq_get(frag)
            if not found:  # no word: the character alone (jieba's `or 1`: log 1 = 0)
                w = weights.get(block[idx])
                if w is None:
                    w = weights[block[idx]] = _ln(freq_get(block[idx]) or 1) - logtotal
                best = (w + score[idx + 1], idx)
            score[idx], nxt[idx] = best
        x = 0
        buf = ""
        while x < n:
            y = nxt[x] + 1
            word = block[x:y]
            if y - x == 1 and _ASCII_WORD(word) is not None:
                buf += word
            else:
                if buf:
                    out.append(buf)
                    buf = ""
                out.append(word)
            x = y
        if buf:
            out.append(buf)

    def segment_near(self, text: str, start: int, end: int) -> tuple[Token, ...]:
        """The tokens of `segment(text)` around text[start:end], cut from the jieba blocks
        there only.

        jieba cuts a text block by block (a block is a maximal run of Han, Latin and digit
        characters, ``jieba.re_han_default``) and each block on its own, so the blocks
        holding the span give exactly the tokens the whole text has there (a test compares
        the two). A block's cut is remembered by its text (`segment`): the spans a turn asks
        about in one block cost one cut, linear in the block. (Until 2026-12-01 only the
        stretch between the nearest offsets no dictionary word crosses was cut; finding those
        offsets walked the dictionary from a dozen starts per step and cost more than the
        whole block's cut — most on the long unpunctuated blocks of ASR text.)"""
        self._require()
        n = len(text)
        lo, hi = max(0, min(start, n)), max(0, min(end, n))
        lo, hi = self._block_extent(text, lo, hi)
        if lo == 0 and hi == n:
            return self.segment(text)
        return tuple(Token(t.text, t.start + lo, t.end + lo, t.known) for t in self.segment(text[lo:hi]))

    def _block_extent(self, text: str, lo: int, hi: int) -> tuple[int, int]:
        """[lo, hi) widened to the jieba blocks around it. The block runs of a text are found
        once (one regex pass, remembered with the text) and looked up by bisect: walking out
        character by character from every span asked about is quadratic in a long block."""
        with self._memo_lock:
            runs = self._block_memo.get(text)
        if runs is None:
            spans = [m.span() for m in self._block_run.finditer(text)]
            runs = ([a for a, _ in spans], [b for _, b in spans])
            with self._memo_lock:
                self._block_memo[text] = runs
                if len(self._block_memo) > _MEMO_SIZE:
                    self._block_memo.popitem(last=False)
        starts, ends = runs
        # a run holding the character before lo (lo - 1 < its end) starts the widened span
        k = bisect_right(ends, lo - 1) if lo > 0 else len(ends)
        if k < len(ends) and starts[k] <= lo - 1:
            lo = starts[k]
        k = bisect_right(ends, hi)
        if k < len(ends) and starts[k] <= hi:
            hi = ends[k]
        return lo, hi

    def boundaries(self, text: str) -> frozenset[int]:
        """Offsets where a token starts or ends (0 and len(text) included)."""
        out = {0, len(text)}
        for t in self.segment(text):
            out.add(t.start)
            out.add(t.end)
        return frozenset(out)

    def is_word(self, text: str, start: int, end: int) -> bool:
        """text[start:end] is exactly one known token of the segmentation of `text`."""
        return any(t.start == start and t.end == end and t.known for t in self.segment_near(text, start, end))

    def at_boundaries(self, text: str, start: int, end: int) -> bool:
        """Both ends of text[start:end] fall on token boundaries."""
        ends = {0, len(text)}
        for t in self.segment_near(text, start, end):
            ends.add(t.start)
            ends.add(t.end)
        is_block = self._block_char
        n = len(text)
        for p in (start, end):  # beside a character outside every jieba block there is always a cut
            if 0 < p < n and not (is_block(text[p - 1]) and is_block(text[p])):
                ends.add(p)
        return start in ends and end in ends

    def _no_word_can_overlap(self, text: str, start: int, end: int) -> bool:
        """True when no dictionary or pack word of two or more characters could overlap
        text[start:end] in any segmentation: then no token there is one, without cutting.

        The walk is jieba's own DAG step (a fragment is extended while it is a prefix of some
        entry; an entry with frequency > 0 is a word), from every start a word reaching the
        span could have; a word never crosses a jieba block."""
        freq = self._require().FREQ
        longest_from = self._longest_from
        reach = self._longest - 1
        lo, hi = max(0, start - reach), min(len(text), end + reach)
        for run in self._block_run.finditer(text, lo, hi):
            a0, a1 = run.span()
            if a1 <= start or a0 >= end:
                continue
            for i in range(max(a0, start - reach), min(a1, end)):
                longest = longest_from.get(text[i], 1)
                if longest < 2 or i + longest <= start:
                    continue  # no word from here can reach the span
                for j in range(i + 2, min(a1, i + longest) + 1):
                    f = freq.get(text[i:j])
                    if f is None:
                        break
                    if f > 0 and j > start:
                        return False
        return True

    def crossing(self, text: str, start: int, end: int) -> tuple[Token, ...]:
        """The known multi-character words that overlap text[start:end] without lying inside
        it: words the span would cut into."""
        if self._no_word_can_overlap(text, start, end):
            return ()
        return self.crossing_by_cutting(text, start, end)

    def crossing_by_cutting(self, text: str, start: int, end: int) -> tuple[Token, ...]:
        """`crossing` without its precheck, for a caller that already knows a dictionary word
        stands over an edge of the span (the precheck would only confirm it)."""
        return tuple(t for t in self.segment_near(text, start, end)
                     if t.known and t.end - t.start > 1 and t.start < end and start < t.end
                     and not (start <= t.start and t.end <= end))

    def words_in(self, text: str, start: int, end: int) -> tuple[Token, ...]:
        """The known multi-character words overlapping text[start:end] (inside or across it)."""
        if self._no_word_can_overlap(text, start, end):
            return ()
        return tuple(t for t in self.segment_near(text, start, end)
                     if t.known and t.end - t.start > 1 and t.start < end and start < t.end)

    def _require(self):  # noqa: ANN202
        if self._tk is None:
            raise WordsNotLoaded("call load() (or check ready()) before asking for words")
        return self._tk


def jieba_dictionary_stamp() -> str:
    """jieba's own dictionary file, by path, size and modification time (for cache keys)."""
    # lazy: only this path needs it
    import os

    # lazy: heavy, loaded on first need
    import jieba

    path = os.path.join(os.path.dirname(jieba.__file__), jieba.DEFAULT_DICT_NAME)
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:missing"
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


_BY_PACK: dict[int, tuple[object, Words]] = {}
_BY_PACK_LOCK = threading.Lock()


def _all_han(s: str) -> bool:
    return all("\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf" or "\uf900" <= c <= "\ufaff" for c in s)


def pack_words(pack) -> frozenset[str]:  # noqa: ANN001
    """The words a pack adds to the general dictionary: its Han term surfaces of two or more
    characters (the vocabulary whose boundaries matter; Latin words and identifiers jieba
    cuts on its own, and error forms such as confusion `wrong` sides are never words)."""
    return frozenset(s for t in pack.terms for s in t.surfaces if len(s) >= 2 and _all_han(s))


def words_for(pack) -> Words:  # noqa: ANN001
    """The one `Words` of `pack` (made on first call, nothing loaded until asked)."""
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    with _BY_PACK_LOCK:
        got = _BY_PACK.get(id(pack))
        if got is None or got[0] is not pack:
            got = _BY_PACK[id(pack)] = (pack, Words(pack_words(pack)))
        return got[1]


__all__ = ["Words", "Token", "WordsNotLoaded", "words_for", "pack_words", "PACK_WORD_FREQ"]
