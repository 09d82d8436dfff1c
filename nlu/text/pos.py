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
        """(word, tag) pairs of `text` (jieba's HMM on for unknown stretches: names are guessed there)."""
        return [(p.word, p.flag) for p in self._dt.cut(text)]

    def first(self, text: str) -> tuple[str, str] | None:
        """The first (word, tag) pair of `cut(text)`, or None for no words. jieba's tagger yields
        lazily: only the stretch before the first word is run through its HMM (the costly part,
        a Viterbi over every tag), where `cut(text)[0]` would run it over all of `text`."""
        for p in self._dt.cut(text):
            return p.word, p.flag
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


__all__ = ["PosTagger", "pos_tagger"]
