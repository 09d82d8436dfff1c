"""jieba's part-of-speech tagger over a pack's own segmenter (one dictionary per process).

The tagger cuts with the `Words` tokenizer of the pack (`nlu.text.words`: jieba's dictionary
plus the pack's term surfaces), so a pack word is one token (tag ``x``: jieba's dictionary
gives it none) and never glued into a guessed name, and no second copy of jieba's
dictionary is loaded: jieba's own module-level tokenizer stays uninitialised. The tag table
is the one `import jieba.posseg` reads anyway, shared read-only.

Loading (~0.5 s once: the segmenter, if not loaded yet, and jieba.posseg's import) is done by
`warm_up()`; a caller on the request path checks `ready()` and stays conservative until it is
(`load_in_background()` starts it).
"""
from __future__ import annotations

import logging
import threading
from typing import Iterator

from nlu.text.words import Words, words_for

log = logging.getLogger(__name__)


def _import_posseg(tags: dict[str, str] | None) -> None:
    """``import jieba.posseg``, whose import reads jieba's tag table (350,000 lines of
    dict.txt, the costly part) into ``jieba.posseg.dt.word_tag_tab``. With `tags` — the same
    table, loaded with the dictionary from the start-up cache (`nlu.text.words`) — the
    import reads an empty file instead (jieba's module tokenizer names that file only while
    the import runs) and `tags` is put where the import would have put it."""
    # lazy: only this path needs it
    import os
    # lazy: only this path needs it
    import sys

    # lazy: heavy, loaded on first need
    import jieba

    if "jieba.posseg" in sys.modules:
        return
    if not tags:
        import jieba.posseg  # noqa: F401
        return
    dt = jieba.dt
    saved = dt.dictionary
    dt.dictionary = os.devnull  # POSTokenizer(jieba.dt) at import: load_word_tag(open(devnull))
    try:
        # lazy: heavy, loaded on first need
        import jieba.posseg
    finally:
        dt.dictionary = saved
    jieba.posseg.dt.word_tag_tab = tags


class PosTagger:
    """Part-of-speech tags of text, cut by `words`' tokenizer."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self._dt = None
        self._lock = threading.Lock()
        self._loading = False

    def ready(self) -> bool:
        return self._dt is not None

    def load(self) -> None:
        """Load the segmenter and the tag table (blocking, once)."""
        if self._dt is not None:
            return
        tokenizer = self.words.tokenizer  # loads the pack's segmenter if needed
        with self._lock:
            if self._dt is not None:
                return
            # lazy: heavy, loaded on first need
            import jieba

            jieba.setLogLevel(logging.ERROR)
            _import_posseg(self.words.tags)
            # POSTokenizer(tokenizer) would read the tag table a second time: share the one
            # the import read (nothing here adds tagged words, so it is never written)
            dt = jieba.posseg.POSTokenizer.__new__(jieba.posseg.POSTokenizer)
            dt.tokenizer = tokenizer
            # the one table in memory: the cached one the import was given, or — when jieba.posseg
            # was imported before (by a host, or cold) — the one its import read
            dt.word_tag_tab = jieba.posseg.dt.word_tag_tab
            _predecessors(_hmm()[8])  # `iter_cut`'s transition index (~5,000 entries), off the first call
            self._dt = dt

    def load_in_background(self) -> None:
        """Start `load()` in a daemon thread (once); `ready()` says when it is done."""
        with self._lock:
            if self._dt is not None or self._loading:
                return
            self._loading = True

        def run() -> None:
            try:
                self.load()
            except Exception:  # noqa: BLE001 - logged; callers stay conservative
                log.exception("E-W02 loading jieba's part-of-speech tagger failed")

        threading.Thread(target=run, name="nlu-pos-load", daemon=True).start()

    def cut(self, text: str) -> list[tuple[str, str]]:
        """(word, tag) pairs of `text` (jieba's HMM on for unknown stretches: names are guessed
        there). The reference form: jieba's own tagger, over all of `text`."""
        return [(p.word, p.flag) for p in self._dt.cut(text)]

    def iter_cut(self, text: str) -> Iterator[tuple[str, str]]:
        """The pairs of `cut(text)`, one at a time: a caller that stops at the word it looks for
        (the off-topic check) leaves the rest of `text` untagged. The same cut as jieba's (its
        code, with `viterbi` below for its Viterbi); `tests/text/test_pos_fast.py` holds it
        equal to `cut` on the corpora and the real text."""
        self._dt.makesure_userdict_loaded()
        return _cut_internal(self._dt, text)

    def first(self, text: str) -> tuple[str, str] | None:
        """The first (word, tag) pair of `cut(text)`, or None for no words: only the stretch
        before the first word is run through the HMM (the costly part)."""
        for pair in self.iter_cut(text):
            return pair
        return None

    def dictionary_tag(self, word: str) -> str | None:
        """The tag jieba's dictionary gives `word` (None: not a dictionary word)."""
        return self._dt.word_tag_tab.get(word)

    def frequency(self, word: str) -> int:
        """The segmenter's frequency of `word` (0: no word; pack words count high)."""
        return self._dt.tokenizer.FREQ.get(word, 0)


_BY_WORDS: dict[int, tuple[Words, PosTagger]] = {}
_LOCK = threading.Lock()


def pos_tagger(pack) -> PosTagger:  # noqa: ANN001
    """The one tagger over `pack`'s segmenter (made on first call, nothing loaded until asked)."""
    words = words_for(pack)
    got = _BY_WORDS.get(id(words))
    if got is not None and got[0] is words:
        return got[1]
    with _LOCK:
        got = _BY_WORDS.get(id(words))
        if got is None or got[0] is not words:
            got = _BY_WORDS[id(words)] = (words, PosTagger(words))
        return got[1]


# -- jieba's tagger, lazily and with a sparse Viterbi ------------------------------------------
# The functions below are jieba.posseg's `POSTokenizer.__cut_internal`, `__cut_DAG`,
# `__cut_detail`, `__cut` and `viterbi.viterbi` (jieba 0.42), yielding (word, tag) tuples.
# Only the Viterbi's inner loop differs: jieba takes, for each state y, the max of
# (V[y0] + trans[y0].get(y, -inf) + emit, y0) over every previous state y0; here only the
# y0 with a transition to y are summed (the others give -inf, which never wins against a
# finite sum; when no sum is finite, every candidate is -inf and jieba's tuple max picks the
# largest y0 — so does this). The sums are the same floats added in the same order.

_HMM: tuple | None = None  # (re's, char_state_tab_P, start_P, trans_P, emit_P) of jieba.posseg
_NEG_INF = float("-inf")
_MIN_FLOAT = -3.14e100


def _hmm() -> tuple:
    global _HMM
    if _HMM is None:
        import jieba.posseg as ps  # lazy: loaded with the tagger (`PosTagger.load`), not at import

        _HMM = (ps.re_han_internal, ps.re_skip_internal, ps.re_han_detail, ps.re_skip_detail, ps.re_num,
                ps.re_eng, ps.char_state_tab_P, ps.start_P, ps.trans_P, ps.emit_P)
    return _HMM


def _predecessors(trans_p: dict) -> dict:
    """state -> ((previous state, log-probability of the transition), ...), once per table."""
    global _PREDS
    if _PREDS is None or _PREDS[0] is not trans_p:
        preds: dict = {}
        for y0, tr in trans_p.items():
            for y, p in tr.items():
                preds.setdefault(y, []).append((y0, p))
        _PREDS = (trans_p, {y: tuple(v) for y, v in preds.items()})
    return _PREDS[1]


_PREDS: tuple | None = None


def viterbi(obs: str, states: dict, start_p: dict, trans_p: dict, emit_p: dict) -> list:
    """The route of jieba.posseg.viterbi.viterbi (the same states), with the sparse inner loop:
    for each state y the char allows, only y's predecessors that the previous step reached."""
    preds = _predecessors(trans_p)
    all_states = trans_p.keys()
    o = obs[0]
    vt: dict = {}
    for y in states.get(o, all_states):
        vt[y] = start_p[y] + emit_p[y].get(o, _MIN_FLOAT)
    mem_path: list[dict] = [dict.fromkeys(vt, "")]
    for t in range(1, len(obs)):
        o = obs[t]
        vprev = vt
        vt = {}
        mt: dict = {}
        allowed = states.get(o)
        prev = [(x, v, trans_p[x]) for x, v in vprev.items() if trans_p[x]]
        n_prev = len(prev)
        top = None
        for rnd in (0, 1):
            if rnd == 0:
                if allowed is None:
                    continue
                wanted = allowed
            else:
                # jieba: no allowed state is reached (or the char allows any): every state
                # some previous one leads to
                if not prev:
                    max(())  # jieba's max over no previous state: the same ValueError
                wanted = {y for _, _, tr in prev for y in tr}
            for y in wanted:
                best = None
                state = None
                e = emit_p[y].get(o, _MIN_FLOAT)
                into = preds.get(y, ())
                if len(into) <= n_prev:  # y's predecessors, those the previous step reached
                    for y0, p in into:
                        v0 = vprev.get(y0)
                        if v0 is None:
                            continue
                        s = v0 + p + e
                        if best is None or s > best or (s == best and y0 > state):
                            best, state = s, y0
                else:  # the previous step's states, those that lead to y
                    for y0, v0, tr in prev:
                        p = tr.get(y)
                        if p is None:
                            continue
                        s = v0 + p + e
                        if best is None or s > best or (s == best and y0 > state):
                            best, state = s, y0
                if state is None:
                    continue  # not reached from the previous step
                if best == _NEG_INF:  # every candidate -inf: jieba's max takes the largest previous state
                    if top is None:
                        top = max(x for x, _, _ in prev)
                    state = top
                vt[y] = best
                mt[y] = state
            if vt:
                break
        mem_path.append(mt)
    _, state = max((vt[y], y) for y in mem_path[-1])
    route = [None] * len(obs)
    i = len(obs) - 1
    while i >= 0:
        route[i] = state
        state = mem_path[i][state]
        i -= 1
    return route


def _cut_hmm(sentence: str) -> Iterator[tuple[str, str]]:  # POSTokenizer.__cut
    _, _, _, _, _, _, states, start_p, trans_p, emit_p = _hmm()
    pos_list = viterbi(sentence, states, start_p, trans_p, emit_p)
    begin, nexti = 0, 0
    for i, char in enumerate(sentence):
        pos = pos_list[i][0]
        if pos == "B":
            begin = i
        elif pos == "E":
            yield sentence[begin:i + 1], pos_list[i][1]
            nexti = i + 1
        elif pos == "S":
            yield char, pos_list[i][1]
            nexti = i + 1
    if nexti < len(sentence):
        yield sentence[nexti:], pos_list[nexti][1]


def _cut_detail(sentence: str) -> Iterator[tuple[str, str]]:  # POSTokenizer.__cut_detail
    _, _, re_han_detail, re_skip_detail, re_num, re_eng, *_ = _hmm()
    for blk in re_han_detail.split(sentence):
        if re_han_detail.match(blk):
            yield from _cut_hmm(blk)
        else:
            for x in re_skip_detail.split(blk):
                if x:
                    if re_num.match(x):
                        yield x, "m"
                    elif re_eng.match(x):
                        yield x, "eng"
                    else:
                        yield x, "x"


def _cut_dag(dt, sentence: str) -> Iterator[tuple[str, str]]:  # noqa: ANN001 - POSTokenizer.__cut_DAG
    tokenizer = dt.tokenizer
    tags = dt.word_tag_tab
    DAG = tokenizer.get_DAG(sentence)
    route: dict = {}
    tokenizer.calc(sentence, DAG, route)
    x = 0
    buf = ""
    N = len(sentence)
    while x < N:
        y = route[x][1] + 1
        l_word = sentence[x:y]
        if y - x == 1:
            buf += l_word
        else:
            if buf:
                yield from _flush(tokenizer, tags, buf)
                buf = ""
            yield l_word, tags.get(l_word, "x")
        x = y
    if buf:
        yield from _flush(tokenizer, tags, buf)


def _flush(tokenizer, tags: dict, buf: str) -> Iterator[tuple[str, str]]:  # noqa: ANN001
    if len(buf) == 1:
        yield buf, tags.get(buf, "x")
    elif not tokenizer.FREQ.get(buf):
        yield from _cut_detail(buf)
    else:
        for elem in buf:
            yield elem, tags.get(elem, "x")


def _cut_internal(dt, sentence: str) -> Iterator[tuple[str, str]]:  # noqa: ANN001 - POSTokenizer.__cut_internal
    re_han_internal, re_skip_internal, _, _, re_num, re_eng, *_ = _hmm()
    for blk in re_han_internal.split(sentence):
        if re_han_internal.match(blk):
            yield from _cut_dag(dt, blk)
        else:
            for x in re_skip_internal.split(blk):
                if re_skip_internal.match(x):
                    yield x, "x"
                else:
                    for xx in x:
                        if re_num.match(xx):
                            yield xx, "m"
                        elif re_eng.match(x):
                            yield xx, "eng"
                        else:
                            yield xx, "x"


__all__ = ["PosTagger", "pos_tagger", "viterbi"]
